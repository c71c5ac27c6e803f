"""Settings merged by one SQL statement (update_guild_settings, update_user_settings), on both
backends: keys set, replaced and removed, the others kept, concurrent updates all kept, bad
changes and corrupt rows refused with nothing changed."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import pytest

from storage import PostgresStore, SettingValue, StorageError, Store

from .conftest import mark, raw_rows, raw_sql, second_store

Changes = Mapping[str, SettingValue | None]
OWNERS = pytest.mark.parametrize("owner", ["guild", "user"])


class Row:
    """One owner's settings through the store: read, replace (the old way), update."""

    def __init__(self, store: Store, owner: str) -> None:
        self.store, self.owner = store, owner
        self.table = f"{owner}_settings"
        if owner == "guild":
            self._get, self._put = store.get_guild_settings, store.set_guild_settings
            self._update: Callable[[str, Changes], Awaitable[None]] = store.update_guild_settings
        else:
            self._get, self._put = store.get_user_settings, store.set_user_settings
            self._update = store.update_user_settings

    async def get(self, key: str = "111") -> dict[str, Any]:
        return await self._get(key)

    async def put(self, settings: dict[str, Any], key: str = "111") -> None:
        await self._put(key, settings)

    async def update(self, changes: Changes, key: str = "111") -> None:
        await self._update(key, changes)

    async def raw(self, key: str = "111") -> tuple[object, ...] | None:
        """(settings text, updated_at) as stored, or None without a row."""
        sql = f"SELECT settings, updated_at FROM {self.table} WHERE {self.owner}_id = "
        rows = await raw_rows(self.store, sql + mark(self.store, 1), key)
        return rows[0] if rows else None

    async def plant(self, text: str, key: str = "111") -> None:
        """Write the settings text behind the store's back (a corrupt row)."""
        store, where = self.store, f"{self.owner}_id = {mark(self.store, 2)}"
        sql = f"UPDATE {self.table} SET settings = {mark(store, 1)} WHERE {where}"
        await raw_sql(store, sql, text, key)


@OWNERS
async def test_the_first_update_makes_the_row(store: Store, owner: str) -> None:
    row = Row(store, owner)
    await row.update({"threads": True, "max_matches": 3, "language": "es", "gone": None})
    assert await row.get() == {"threads": True, "max_matches": 3, "language": "es"}
    assert await row.get("222") == {}, "other rows are not made"


@OWNERS
async def test_an_update_sets_replaces_and_removes_only_the_keys_it_names(
    store: Store, owner: str
) -> None:
    row = Row(store, owner)
    await row.update({"a": 1, "b": "two", "c": True, "d": False})
    await row.update({"a": 10, "c": None, "e": "new"})
    assert await row.get() == {"a": 10, "b": "two", "d": False, "e": "new"}
    await row.update({"b": None, "not-there": None})
    assert await row.get() == {"a": 10, "d": False, "e": "new"}
    await row.update({})
    assert await row.get() == {"a": 10, "d": False, "e": "new"}, "no changes change nothing"


@OWNERS
async def test_an_update_keeps_what_it_does_not_name_even_nested_values_and_nulls(
    store: Store, owner: str
) -> None:
    """A row written whole (set_*) may hold nested values and nulls: an update leaves them be
    (PostgreSQL removes the named keys, it does not strip every null)."""
    row = Row(store, owner)
    kept = {"quiet": {"from": 22, "to": None}, "old": None, "list": [1, "x"]}
    await row.put(kept)
    await row.update({"notify": True})
    assert await row.get() == {**kept, "notify": True}


@OWNERS
async def test_values_keep_their_type_and_odd_keys_are_just_keys(store: Store, owner: str) -> None:
    row = Row(store, owner)
    biggest, smallest = (1 << 63) - 1, -(1 << 63)
    changes = {
        "flag": True,
        "off": False,
        "one": 1,
        "zero": 0,
        "big": biggest,
        "small": smallest,
        "text": 'é ñ 🎲 "quoted" \\ back',
        "empty": "",
        "a.b": "dot",
        'x"y': "quote",
        "$.z": "path",
        "{}": "braces",
        " ": "space",
    }
    await row.update(changes)
    got = await row.get()
    assert got == changes
    assert got["flag"] is True and got["off"] is False and type(got["one"]) is int
    await row.update(dict.fromkeys(("a.b", 'x"y', "$.z", "{}", " ")))
    assert set(await row.get()) == {"flag", "off", "one", "zero", "big", "small", "text", "empty"}


@OWNERS
async def test_an_update_moves_updated_at(store: Store, owner: str) -> None:
    row = Row(store, owner)
    await row.update({"a": 1})
    await raw_sql(store, f"UPDATE {row.table} SET updated_at = 0")
    await row.update({"b": 2})
    after = await row.raw()
    assert after is not None and int(str(after[1])) > 0


@OWNERS
async def test_concurrent_updates_of_different_keys_all_survive(store: Store, owner: str) -> None:
    """Many updates of one row at once, from two stores (two processes) on one database: no
    update reads and writes back the whole object, so none loses another's key."""
    other = await second_store(store)
    try:
        rows = (Row(store, owner), Row(other, owner))
        await rows[0].update({f"drop{i}": i for i in range(10)})
        sets = [rows[i % 2].update({f"key{i}": i}) for i in range(40)]
        drops = [rows[i % 2].update({f"drop{i}": None}) for i in range(10)]
        mixed = [rows[i % 2].update({f"both{i}": f"v{i}", "shared": i}) for i in range(10)]
        await asyncio.gather(*sets, *drops, *mixed)
        got = await rows[1].get()
    finally:
        await other.close()
    expected_keys = {f"key{i}" for i in range(40)} | {f"both{i}" for i in range(10)} | {"shared"}
    assert set(got) == expected_keys
    assert all(got[f"key{i}"] == i for i in range(40))
    assert got["shared"] in range(10), "one of the writers won the key they all set"


BAD_CHANGES = [
    pytest.param({"": True}, id="empty name"),
    pytest.param({1: True}, id="name not a str"),
    pytest.param({"a": 1.5}, id="float"),
    pytest.param({"a": [1]}, id="list"),
    pytest.param({"a": {"b": 1}}, id="nested object"),
    pytest.param({"a": b"x"}, id="bytes"),
    pytest.param({"a": 1 << 63}, id="int over 64 bits"),
    pytest.param({"a": -(1 << 63) - 1}, id="int under 64 bits"),
    pytest.param({"a": "nul\x00"}, id="NUL in a value"),
    pytest.param({"nul\x00": 1}, id="NUL in a name"),
    pytest.param({"a": "\ud800"}, id="lone surrogate"),
    pytest.param({"ok": True, "bad": 1.5}, id="one bad among good"),
]


@OWNERS
@pytest.mark.parametrize("changes", BAD_CHANGES)
async def test_bad_changes_are_refused_and_nothing_is_changed(
    store: Store, owner: str, changes: Any
) -> None:
    row = Row(store, owner)
    await row.update({"kept": 1})
    before = await row.raw()
    with pytest.raises(ValueError, match=f"{owner} 111: settings"):
        await row.update(changes)
    assert await row.raw() == before
    with pytest.raises(ValueError, match=f"{owner} 222: settings"):
        await row.update(changes, key="222")
    assert await row.raw("222") is None, "no row is made"


@OWNERS
async def test_changes_that_are_no_mapping_are_refused(store: Store, owner: str) -> None:
    row = Row(store, owner)
    with pytest.raises(ValueError, match="must be a mapping"):
        await row.update([("a", 1)])  # type: ignore[arg-type]


CORRUPT = [
    pytest.param("{not json", "is not valid JSON", id="no JSON"),
    pytest.param("[1, 2]", "is not a JSON object", id="array"),
    pytest.param('"on"', "is not a JSON object", id="string"),
    pytest.param("null", "is not a JSON object", id="null"),
    pytest.param("7", "is not a JSON object", id="number"),
]


@OWNERS
@pytest.mark.parametrize(("text", "said"), CORRUPT)
async def test_an_update_of_a_corrupt_row_is_refused_and_leaves_it_alone(
    store: Store, owner: str, text: str, said: str
) -> None:
    """As get_* does: a StorageError naming the row; the row keeps its text (nothing it held
    is overwritten) and its time, and replacing it whole (set_*) still repairs it."""
    row = Row(store, owner)
    await row.update({"a": 1})
    await row.plant(text)
    before = await row.raw()
    with pytest.raises(StorageError, match=f"^{owner} 111: settings {said}"):
        await row.update({"b": 2})
    assert await row.raw() == before
    with pytest.raises(StorageError, match=f"^{owner} 111: settings {said}"):
        await row.get()
    await row.update({"b": 2}, key="222")
    assert await row.get("222") == {"b": 2}, "other rows are still updated"
    await row.put({"ok": True})
    await row.update({"b": 2})
    assert await row.get() == {"ok": True, "b": 2}


@OWNERS
async def test_a_row_postgresql_cannot_read_as_jsonb_is_refused_there(
    store: Store, owner: str
) -> None:
    """A NUL in a stored string (written whole, before updates refused one) is valid JSON but
    not jsonb: PostgreSQL refuses the update with a StorageError naming the row; SQLite merges."""
    row = Row(store, owner)
    await row.put({"old": "nul\x00"})
    if isinstance(store, PostgresStore):
        before = await row.raw()
        with pytest.raises(StorageError, match=f"^{owner} 111: settings could not be updated"):
            await row.update({"b": 2})
        assert await row.raw() == before
    else:
        await row.update({"b": 2})
        assert await row.get() == {"old": "nul\x00", "b": 2}


async def test_guild_lookups_see_updated_settings(store: Store) -> None:
    await store.update_guild_settings("g1", {"global_board": True, "language": "es"})
    await store.update_guild_settings("g2", {"global_board": True})
    await store.update_guild_settings("g2", {"global_board": None, "language": "nl"})
    assert await store.guilds_with("global_board") == ["g1"]
    assert await store.guild_values("language") == {"g1": "es", "g2": "nl"}

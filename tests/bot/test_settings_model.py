"""Typed settings (bot.core.settings): one reader per record with the defaults declared once,
damaged stored values read as defaults, and changes checked, then written by one atomic
update (on SQLite and, when a test database is given, PostgreSQL)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import fields
from pathlib import Path
from typing import Any, cast

import pytest

from bot.cogs.settings import SHOW, show_lines
from bot.core.settings import (
    GUILD_FIELDS,
    ClockMode,
    GuildSettings,
    MemberSettings,
    Settings,
)
from storage import PostgresStore, SqliteStore, StorageError, Store
from tests.storage.conftest import postgres_url, raw_sql, reset_postgres, second_store
from words import words_for


@pytest.fixture(params=["sqlite", "postgres"])
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Store]:
    """A fresh, migrated store of each backend (as tests/storage's fixture)."""
    opened: Store
    if request.param == "sqlite":
        opened = await SqliteStore.open(tmp_path / "tablero.db")
    else:
        url = postgres_url()
        await reset_postgres(url)
        opened = await PostgresStore.open(url)
    yield opened
    await opened.close()


# Reading


def test_the_defaults_are_todays() -> None:
    assert (
        GuildSettings.from_stored({})
        == GuildSettings()
        == GuildSettings(
            threads=False,
            max_matches=5,
            clock=ClockMode.LIVE,
            live_minutes=5,
            async_hours=24,
            abandon_days=7,
            global_board=False,
            language=None,
            away_days=7,
        )
    )
    assert MemberSettings.from_stored({}) == MemberSettings() == MemberSettings(True, False, False)


def test_the_stored_keys_are_the_keys_rows_already_hold() -> None:
    """The field names are the stored keys: renaming one would lose every server's choice."""
    assert GUILD_FIELDS == (
        "threads",
        "max_matches",
        "clock",
        "live_minutes",
        "async_hours",
        "abandon_days",
        "global_board",
        "language",
        "away_days",
    )
    assert tuple(f.name for f in fields(MemberSettings)) == ("images", "notify", "autopick")


def test_a_stored_row_reads_into_its_fields() -> None:
    stored = {
        "threads": True,
        "max_matches": 12,
        "clock": "async",
        "live_minutes": 3,
        "async_hours": 48,
        "abandon_days": 30,
        "global_board": True,
        "language": "nl",
        "away_days": 0,
        "someone_elses_key": [1, 2],
    }
    guild = GuildSettings.from_stored(stored)
    assert guild == GuildSettings(True, 12, ClockMode.ASYNC, 3, 48, 30, True, "nl", 0)
    assert guild.clock is ClockMode.ASYNC
    assert MemberSettings.from_stored({"images": False, "notify": True}) == MemberSettings(
        False, True
    )


DAMAGED: list[tuple[str, Any]] = [
    ("threads", 1),
    ("threads", "true"),
    ("threads", None),
    ("max_matches", 0),
    ("max_matches", -3),
    ("max_matches", True),
    ("max_matches", "5"),
    ("max_matches", 5.0),
    ("max_matches", None),
    ("clock", "turbo"),
    ("clock", "LIVE"),
    ("clock", 1),
    ("clock", ["async"]),
    ("live_minutes", 0),
    ("async_hours", "24"),
    ("abandon_days", -1),
    ("global_board", "on"),
    ("language", "fr"),
    ("language", "EN"),
    ("language", ""),
    ("language", 3),
    ("language", {"code": "es"}),
    ("away_days", 31),
    ("away_days", True),
]


@pytest.mark.parametrize(("key", "value"), DAMAGED)
def test_a_damaged_guild_value_reads_as_its_default_and_spoils_nothing_else(
    key: str, value: Any
) -> None:
    stored = {"threads": True, "abandon_days": 9, key: value}
    expected = GuildSettings(
        threads=key != "threads", abandon_days=9 if key != "abandon_days" else 7
    )
    assert GuildSettings.from_stored(stored) == expected


@pytest.mark.parametrize("value", [0, 1, "no", None, "false", []])
@pytest.mark.parametrize("key", ["images", "notify"])
def test_a_damaged_member_value_reads_as_its_default(key: str, value: Any) -> None:
    assert MemberSettings.from_stored({key: value}) == MemberSettings()


HOUR, DAY = 3_600_000, 86_400_000
STORED_ROWS: list[tuple[dict[str, Any], ClockMode, int, int, int, str | None]] = [
    ({}, ClockMode.LIVE, 5 * 60_000, 24 * HOUR, 7 * DAY, None),
    (
        {"clock": "async", "async_hours": 72, "abandon_days": 2},
        ClockMode.ASYNC,
        5 * 60_000,
        72 * HOUR,
        2 * DAY,
        None,
    ),
    ({"clock": "live", "live_minutes": 11}, ClockMode.LIVE, 11 * 60_000, 24 * HOUR, 7 * DAY, None),
    (
        {"clock": "turbo", "live_minutes": 0, "async_hours": "x", "abandon_days": None},
        ClockMode.LIVE,
        5 * 60_000,
        24 * HOUR,
        7 * DAY,
        None,
    ),
    ({"language": "es"}, ClockMode.LIVE, 5 * 60_000, 24 * HOUR, 7 * DAY, "es"),
    ({"language": "fr"}, ClockMode.LIVE, 5 * 60_000, 24 * HOUR, 7 * DAY, None),
]
"""Stored rows, and the clock, turn lengths, abandon time and language the bot read from them
before the typed settings (the helpers they replaced), value by value."""


@pytest.mark.parametrize(("stored", "clock", "live", "async_", "abandon", "language"), STORED_ROWS)
def test_clock_and_language_read_as_they_always_did(  # noqa: PLR0917 - one row's columns
    stored: dict[str, Any],
    clock: ClockMode,
    live: int,
    async_: int,
    abandon: int,
    language: str | None,
) -> None:
    guild = GuildSettings.from_stored(stored)
    assert guild.clock == clock
    assert guild.turn_ms(ClockMode.LIVE) == live and guild.turn_ms(ClockMode.ASYNC) == async_
    assert guild.turn_ms("async") == async_, "a plain str too (a stored clock's mode)"  # type: ignore[arg-type]
    assert guild.abandon_ms == abandon
    assert guild.language == language


def test_turn_lengths() -> None:
    guild = GuildSettings(live_minutes=3, async_hours=2, abandon_days=1)
    assert guild.turn_ms(ClockMode.LIVE) == 180_000
    assert guild.turn_ms(ClockMode.ASYNC) == 7_200_000
    assert guild.abandon_ms == 86_400_000


# Through a store


async def test_no_server_means_the_defaults_without_a_query() -> None:
    class Unreachable:
        def __getattr__(self, name: str) -> Any:
            raise AssertionError(f"store.{name} was used")

    settings = Settings(cast(Store, Unreachable()))
    assert await settings.guild(None) == GuildSettings()


async def test_guild_settings_round_trip_as_stored_values(store: Store) -> None:
    settings = Settings(store)
    assert await settings.guild("g") == GuildSettings()
    got = await settings.set_guild("g", threads=True, clock=ClockMode.ASYNC, language="es")
    assert got == GuildSettings(threads=True, clock=ClockMode.ASYNC, language="es")
    assert await settings.guild("g") == got
    stored = await store.get_guild_settings("g")
    assert stored == {"threads": True, "clock": "async", "language": "es"}
    assert type(stored["clock"]) is str, "the enum is stored as its value"
    got = await settings.set_guild("g", language=None, async_hours=48)
    assert got == GuildSettings(threads=True, clock=ClockMode.ASYNC, async_hours=48)
    assert await store.get_guild_settings("g") == {
        "threads": True,
        "clock": "async",
        "async_hours": 48,
    }, "language=None removes the key"
    assert await settings.set_guild("g") == got, "no change changes nothing"


async def test_rows_written_the_old_way_keep_working(store: Store) -> None:
    await store.set_guild_settings("g", {"threads": True, "max_matches": 2, "clock": "async"})
    await store.set_user_settings("u", {"images": False, "dm_reminders": True})
    settings = Settings(store)
    got = await settings.set_guild("g", live_minutes=9)
    assert got == GuildSettings(threads=True, max_matches=2, clock=ClockMode.ASYNC, live_minutes=9)
    assert await settings.set_member("u", notify=True) == MemberSettings(images=False, notify=True)
    assert (await store.get_user_settings("u"))["dm_reminders"] is True, "unknown keys are kept"


async def test_member_settings_round_trip(store: Store) -> None:
    settings = Settings(store)
    assert await settings.member("u") == MemberSettings()
    assert await settings.set_member("u", notify=True) == MemberSettings(images=True, notify=True)
    assert await settings.set_member("u", images=False) == MemberSettings(images=False, notify=True)
    assert await store.get_user_settings("u") == {"notify": True, "images": False}
    assert await settings.member("other") == MemberSettings()


BAD_GUILD_CHANGES: list[dict[str, Any]] = [
    {"bogus": True},
    {"limit": 3},
    {"threads": 1},
    {"threads": None},
    {"max_matches": "5"},
    {"max_matches": True},
    {"max_matches": 0},
    {"max_matches": 2.5},
    {"clock": "async"},
    {"clock": None},
    {"live_minutes": -1},
    {"language": "fr"},
    {"language": 3},
    {"language": ClockMode.LIVE},
    {"threads": True, "bogus": 1},
    {"threads": True, "max_matches": 0},
]


@pytest.mark.parametrize("changes", BAD_GUILD_CHANGES)
async def test_a_bad_guild_change_is_refused_and_changes_nothing(
    store: Store, changes: dict[str, Any]
) -> None:
    settings = Settings(store)
    await settings.set_guild("g", max_matches=3)
    with pytest.raises(ValueError, match="GuildSettings"):
        await settings.set_guild("g", **changes)
    assert await store.get_guild_settings("g") == {"max_matches": 3}
    with pytest.raises(ValueError, match="GuildSettings"):
        await settings.set_guild("new", **changes)
    assert await store.get_guild_settings("new") == {}


@pytest.mark.parametrize(
    "changes", [{"image": False}, {"images": 0}, {"notify": "on"}, {"notify": None}]
)
async def test_a_bad_member_change_is_refused_and_changes_nothing(
    store: Store, changes: dict[str, Any]
) -> None:
    settings = Settings(store)
    await settings.set_member("u", notify=True)
    with pytest.raises(ValueError, match="MemberSettings"):
        await settings.set_member("u", **changes)
    assert await store.get_user_settings("u") == {"notify": True}


async def test_concurrent_changes_of_different_settings_all_survive(store: Store) -> None:
    """Two admins (and two bot processes) changing different settings at once: each is one
    atomic update, so neither undoes the other (a read-modify-write of the whole object
    would)."""
    other = await second_store(store)
    try:
        one, two = Settings(store), Settings(other)
        for round_ in range(5):
            guild = f"g{round_}"
            await asyncio.gather(
                one.set_guild(guild, threads=True),
                two.set_guild(guild, max_matches=9),
                one.set_guild(guild, clock=ClockMode.ASYNC),
                two.set_guild(guild, language="nl"),
                one.set_guild(guild, abandon_days=3, global_board=True),
                two.set_member(guild, notify=True),
                one.set_member(guild, images=False),
            )
            assert await one.guild(guild) == GuildSettings(
                threads=True,
                max_matches=9,
                clock=ClockMode.ASYNC,
                abandon_days=3,
                global_board=True,
                language="nl",
            )
            assert await two.member(guild) == MemberSettings(images=False, notify=True)
    finally:
        await other.close()


async def test_lookups_across_servers(store: Store) -> None:
    settings = Settings(store)
    await settings.set_guild("g1", global_board=True, language="es")
    await settings.set_guild("g2", global_board=False, language="nl")
    await settings.set_guild("g3", global_board=True)
    await store.set_guild_settings("g4", {"global_board": "yes", "language": "fr"})
    await store.set_guild_settings("g5", {"language": 7})
    assert await settings.guilds_sharing_board() == ["g1", "g3"]
    assert await settings.chosen_languages() == {"g1": "es", "g2": "nl"}


async def test_a_corrupt_row_is_a_storage_error_not_defaults(store: Store) -> None:
    """As the store: a row that is no JSON object is refused (not silently reset)."""
    settings = Settings(store)
    await settings.set_guild("g", threads=True)
    mark = "?" if isinstance(store, SqliteStore) else "$1"
    await raw_sql(store, f"UPDATE guild_settings SET settings = {mark}", "[1]")
    with pytest.raises(StorageError, match="guild g: settings is not a JSON object"):
        await settings.guild("g")
    with pytest.raises(StorageError, match="guild g: settings is not a JSON object"):
        await settings.set_guild("g", threads=False)


def test_settings_show_says_every_setting_in_its_order() -> None:
    assert set(SHOW) == set(GUILD_FIELDS), "a new setting needs its line in /settings show"
    english = words_for("en")
    lines = show_lines(
        GuildSettings(threads=True, max_matches=3, clock=ClockMode.ASYNC, language="es"),
        english,
        "Spanish",
    )
    shown = "\n".join(lines)
    assert lines[0] == english("settings-show-head")
    assert english("settings-show-threads-on") in shown
    assert english("settings-show-limit", count=3) in shown
    assert english("settings-show-clock", mode="async", minutes=5, hours=24) in shown
    assert english("settings-show-language-set", language="Spanish") in shown
    assert len(lines) == 1 + len(
        [f for f in GUILD_FIELDS if f not in ("live_minutes", "async_hours")]
    )

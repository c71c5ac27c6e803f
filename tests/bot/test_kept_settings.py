"""A member's settings kept in memory (bot.core.settings.KeptMembers), so a click reads them
without a store call: changed with `/settings me` in this process at once, dropped on
`/privacy delete`, bounded, and in a sharded cluster trusted only `SHARED_TRUST_S` (another
process may change them)."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from bot.app import TableroBot
from bot.core.settings import ALONE, SHARED_TRUST_S, MemberSettings, Settings, trust_for
from storage import Shards, SqliteStore, Store
from tests.bot.conftest import Server, said
from tests.bot.helpers import count_store_calls


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    opened = await SqliteStore.open(tmp_path / "tablero.db")
    yield opened
    await opened.close()


class Clock:
    """Monotonic seconds the test moves."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


async def test_a_members_settings_are_read_once_then_kept(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = Settings(store, trust_s=ALONE)
    calls: Counter[str] = Counter()
    count_store_calls(store, calls, monkeypatch)
    assert await settings.member("u") == MemberSettings()
    assert await settings.member("u") == MemberSettings()
    assert calls == Counter(get_user_settings=1)
    assert await settings.set_member("u", images=False) == MemberSettings(images=False)
    assert await settings.member("u") == MemberSettings(images=False)
    assert calls == Counter(get_user_settings=2, update_user_settings=1), "the change read once"


async def test_none_are_kept_unless_asked(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two `Settings` on one database (two processes) see each other's changes at once."""
    settings = Settings(store)
    calls: Counter[str] = Counter()
    count_store_calls(store, calls, monkeypatch)
    await settings.member("u")
    await settings.member("u")
    assert calls == Counter(get_user_settings=2) and len(settings.kept) == 0


async def test_a_read_begun_before_a_change_is_not_kept(store: Store) -> None:
    """A click's read that found the old row comes back after the change: what it read is
    given to the click, but never kept."""
    settings = Settings(store, trust_s=ALONE)
    read = store.get_user_settings
    found, go = asyncio.Event(), asyncio.Event()

    async def slow(user_id: str) -> dict[str, Any]:
        got = await read(user_id)
        if not found.is_set():
            found.set()
            await go.wait()
        return got

    store.get_user_settings = slow  # type: ignore[method-assign]
    click = asyncio.create_task(settings.member("u"))
    await found.wait()
    assert await settings.set_member("u", images=False) == MemberSettings(images=False)
    go.set()
    assert await click == MemberSettings(), "the click had read before the change"
    assert await settings.member("u") == MemberSettings(images=False)


async def test_at_most_the_most_recently_read_members_are_kept(store: Store) -> None:
    settings = Settings(store, trust_s=ALONE, most=2)
    for user in ("a", "b", "a", "c"):
        await settings.member(user)
    assert len(settings.kept) == 2
    assert settings.kept.get("a") is not None and settings.kept.get("c") is not None
    assert settings.kept.get("b") is None, "the least recently read went first"


async def test_in_a_cluster_a_change_made_elsewhere_is_seen_within_the_trust(
    store: Store,
) -> None:
    clock = Clock()
    here = Settings(store, trust_s=SHARED_TRUST_S, now=clock)
    elsewhere = Settings(store)  # another process of the cluster
    assert (await here.member("u")).images
    await elsewhere.set_member("u", images=False)
    clock.now += SHARED_TRUST_S - 1
    assert (await here.member("u")).images, "still trusted"
    clock.now += 1
    assert not (await here.member("u")).images, "read again once the trust ran out"


def test_a_process_trusts_what_it_read_until_it_changes_it_only_when_it_runs_every_shard() -> None:
    assert trust_for(Shards()) == ALONE
    assert trust_for(Shards((0, 1), 2)) == ALONE
    assert trust_for(Shards((1,), 3)) == SHARED_TRUST_S
    assert trust_for(Shards((0, 2), 3)) == SHARED_TRUST_S


async def test_the_bot_keeps_what_it_read_and_drops_it_with_the_members_data(
    server: Server, bot: TableroBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings, bo = bot.runtime.settings, str(server.bo.id)
    assert settings.kept.trust_s == ALONE, "one process on its own database"
    off = await server.fake.slash(bot, server.bo, server.channel, "settings me", images="off")
    assert off.ephemeral and "as text" in said(off)
    calls: Counter[str] = Counter()
    count_store_calls(bot.runtime.store, calls, monkeypatch)
    assert not await bot.runtime.router.wants_images(bo)
    assert calls["get_user_settings"] == 0, "kept since the change"

    asked = await server.fake.slash(bot, server.bo, server.channel, "privacy delete")
    done = await server.fake.click(bot, server.bo, asked.messages[0], "tbp:forget")
    await server.fake.settle()
    assert "Your Tablero data is deleted" in str((done.response or {}).get("data", {}))
    assert settings.kept.get(bo) is None
    assert await bot.runtime.router.wants_images(bo), "read again: nothing is stored of him"
    assert await bot.runtime.store.get_user_settings(bo) == {}

"""One writer per match: on PostgreSQL every write of a match checks, in its own statement, that
the lease generation of the match's shard is still the writer's (storage/lease.py). A process
whose shard was taken since it claimed it stores no event and owes no message — every write is
refused with LeaseLost and leaves the database as it was — and a process taking a shard waits
out the previous holder's TTL unless that holder let the lease go."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest

from games.records import Entry, Player
from storage import (
    LeaseLost,
    NewMatch,
    Owed,
    PostgresStore,
    Rating,
    Shards,
    ShardTaken,
    SqliteStore,
    StaleVersion,
    UnknownMatch,
)
from tests.storage.conftest import postgres_url, raw_rows, reset_postgres
from tests.storage.leases import cut_the_claim, generation, guild_on

PLAYERS = (Player("1", "Ana"), Player("2", "Bo"))
SHARD = Shards((0,), 2)
TTL_S = 1.0
"""The tests' lease TTL (the bot's is 10 s)."""


class Listened:
    """Counts how often the store said its lease may be lost."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self) -> None:
        self.calls += 1


@pytest.fixture
async def url() -> AsyncIterator[str]:
    """The test PostgreSQL, emptied."""
    made = postgres_url()
    await reset_postgres(made)
    yield made


async def holder(url: str, shards: Shards = SHARD) -> tuple[PostgresStore, Listened]:
    """A store that claimed `shards`, and what its lease's listener heard."""
    store = await PostgresStore.open(url)
    heard = Listened()
    store.on_lease_lost(heard)
    await store.claim_shards(shards, TTL_S)
    await store.ready_to_serve()
    return store, heard


def match_in(guild: str | None) -> NewMatch:
    return NewMatch("keer-kids", PLAYERS, "seed", {}, guild, "100")


async def snapshot(store: PostgresStore, match_id: int) -> tuple[object, ...]:
    """Everything the database holds of a match: its row, events and owed message."""
    row = await raw_rows(
        store,
        "SELECT version, status, message_id, updated_at FROM matches WHERE id = $1",
        match_id,
    )
    events = await raw_rows(
        store, "SELECT seq, action FROM match_events WHERE match_id = $1", match_id
    )
    owed = await raw_rows(store, "SELECT kind, version FROM outbox WHERE match_id = $1", match_id)
    seats = await raw_rows(store, "SELECT seat, departed FROM seats WHERE match_id = $1", match_id)
    return tuple(row), tuple(events), tuple(owed), tuple(seats)


async def test_a_holder_whose_shard_was_taken_writes_nothing(url: str) -> None:
    stale, heard = await holder(url)
    guild = guild_on(0, 2)
    match_id = await stale.create_match(match_in(guild))
    assert await stale.append(match_id, 0, [Entry(0, "roll")]) == 1  # the holder writes
    await cut_the_claim(url)  # its lease session ends; the process lives on
    began = time.monotonic()
    successor, _ = await holder(url)  # a replacement takes the shard at once
    waited = time.monotonic() - began
    assert TTL_S - 0.3 <= waited <= TTL_S + 1.0, waited  # the stale one's TTL, waited out
    before = await snapshot(stale, match_id)
    heard.calls = 0
    owed = Owed(match_id, "post", 2, None, 5)
    rated = [Rating(guild, "keer-kids", "1", 30, 5, 1)]
    writes: list[Callable[[], Awaitable[object]]] = [
        lambda: stale.append(match_id, 1, [Entry(1, "keep:1", interaction="i1")], owed),
        lambda: stale.append(match_id, 0, [Entry(1, "keep:1")]),  # stale and fenced: fenced
        lambda: stale.owe(owed),
        lambda: stale.settle(match_id, 5),
        lambda: stale.set_message(match_id, "999", settled=5),
        lambda: stale.set_status(match_id, "cancelled"),
        lambda: stale.set_departed(match_id, 1, "resigned"),
        lambda: stale.finish_match(match_id, "finished", rated),
        lambda: stale.create_match(match_in(guild)),
    ]
    try:
        for write in writes:
            with pytest.raises(LeaseLost):
                await write()
        assert heard.calls == len(writes)  # each told the bot's lease at once
        assert await snapshot(stale, match_id) == before
        assert await stale.open_match_ids() == [match_id]  # no match was created
        assert await raw_rows(stale, "SELECT 1 FROM ratings") == []
        with pytest.raises(ShardTaken, match="already run by another Tablero process"):
            await stale.keep_shards()  # its lock, taken again, is another's
        assert await successor.append(match_id, 1, [Entry(1, "keep:1")], owed) == 2
        await successor.settle(match_id, 2)
        await successor.set_message(match_id, "42", settled=2)
    finally:
        await stale.close()
        await successor.close()


async def test_a_stale_version_is_told_apart_from_a_lost_lease(url: str) -> None:
    store, heard = await holder(url)
    try:
        match_id = await store.create_match(match_in(guild_on(0, 2)))
        await store.append(match_id, 0, [Entry(0, "roll")])
        with pytest.raises(StaleVersion, match="at version 1, not 0"):
            await store.append(match_id, 0, [Entry(0, "roll")])
        with pytest.raises(UnknownMatch):
            await store.append(match_id + 1, 0, [Entry(0, "roll")])
        with pytest.raises(UnknownMatch):
            await store.owe(Owed(match_id + 1, "post", 1, None, 5))
        with pytest.raises(UnknownMatch):
            await store.set_message(match_id + 1, "1")
        await store.settle(match_id + 1, 3)  # nothing owed there: nothing to do
        assert heard.calls == 0
    finally:
        await store.close()


async def test_the_fence_puts_a_match_on_the_shard_discord_puts_its_server_on(url: str) -> None:
    """A process holding shard 1 of 3 writes the matches of its servers only (Shards.owns)."""
    loose = await PostgresStore.open(url)  # claims nothing: writes anything (`tablero db`)
    guilds: list[str | None] = [
        guild_on(0, 3),
        guild_on(1, 3),
        guild_on(2, 3),
        guild_on(1, 3, start=1),
        "81384788765712384",
        str(2**64 - 1),
        None,
        "not a number",
    ]
    ids = {guild: await loose.create_match(match_in(guild)) for guild in guilds}
    shards = Shards((1,), 3)
    store, heard = await holder(url, shards)
    try:
        for guild, match_id in ids.items():
            if shards.owns(guild):
                assert await store.append(match_id, 0, [Entry(0, "roll")]) == 1, guild
            else:
                with pytest.raises(LeaseLost):
                    await store.append(match_id, 0, [Entry(0, "roll")])
        assert heard.calls == sum(not shards.owns(g) for g in guilds) > 0
        assert await loose.append(ids[None], 0, [Entry(0, "roll")]) == 1  # unfenced
    finally:
        await store.close()
        await loose.close()


async def test_a_lease_lost_with_its_session_is_taken_again_when_nobody_took_it(url: str) -> None:
    store, heard = await holder(url)
    try:
        match_id = await store.create_match(match_in(guild_on(0, 2)))
        before = await generation(url, 0)
        await cut_the_claim(url)
        for _ in range(200):  # the connection's end is heard at once, not at a poll
            if heard.calls:
                break
            await asyncio.sleep(0.01)
        assert heard.calls == 1
        assert await store.keep_shards()  # the same generation: nobody wrote meanwhile
        assert await generation(url, 0) == before
        assert await store.append(match_id, 0, [Entry(0, "roll")]) == 1
        other = await PostgresStore.open(url)
        try:
            with pytest.raises(ShardTaken, match="already run"):
                await other.claim_shards(SHARD, TTL_S)
        finally:
            await other.close()
    finally:
        await store.close()


async def test_a_lease_let_go_at_a_clean_stop_is_taken_without_waiting(url: str) -> None:
    first, _ = await holder(url)
    await first.close()  # a clean stop lets the lease go
    began = time.monotonic()
    second, _ = await holder(url)
    try:
        assert time.monotonic() - began < TTL_S / 2
        assert await generation(url, 0) == 2
    finally:
        await second.close()


async def test_sqlite_claims_its_file_and_fences_nothing(tmp_path: Path) -> None:
    store = await SqliteStore.open(tmp_path / "tablero.db")
    heard = Listened()
    store.on_lease_lost(heard)
    began = time.monotonic()
    await store.claim_shards(Shards(), TTL_S)
    await store.ready_to_serve()  # no TTL to wait out: a lock file
    assert time.monotonic() - began < TTL_S / 2
    match_id = await store.create_match(match_in(guild_on(1, 2)))
    assert await store.append(match_id, 0, [Entry(0, "roll")]) == 1
    assert await store.keep_shards() and heard.calls == 0
    await store.close()

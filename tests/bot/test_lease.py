"""A process holds its shard for as long as it runs: a claim lost with its database connection
(the server restarted) is taken again; when another process took the shard meanwhile, this one
stops rather than answer the same servers twice."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import asyncpg
import pytest

from bot.app import TableroBot
from bot.config import Config, Secret, database_secret
from fakediscord import FakeDiscord
from storage import PostgresStore, Shards, ShardTaken
from storage.postgres import SHARD_KEY
from tests.storage.conftest import postgres_url, reset_postgres

HOLDERS = (
    "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted"
    " AND classid::int8 = $1 AND objid::int8 = $2 AND objsubid = 2"
    " AND database = (SELECT oid FROM pg_database WHERE datname = current_database())"
)
"""The sessions holding a shard's claim in this test's database (advisory locks are per
database: a bot of another test on another database may hold the same key)."""


@pytest.fixture
async def shard_0(tmp_path: Path) -> AsyncIterator[tuple[TableroBot, str]]:
    """A bot running shard 0 of 2 on the test PostgreSQL (in process, on the fake Discord)."""
    url = postgres_url()
    await reset_postgres(url)
    fake = FakeDiscord()
    fake.add_guild("Server", shard=(0, 2))
    config = Config(
        Secret("fake-token"),
        None,
        database_secret(url),
        tmp_path / "x.db",
        "INFO",
        shards=Shards((0,), 2),
    )
    bot = TableroBot(config)
    await fake.connect(bot)
    yield bot, url
    await fake.close()


async def holders(url: str, shard: int) -> list[int]:
    admin = await asyncpg.connect(url)
    try:
        return [int(r["pid"]) for r in await admin.fetch(HOLDERS, SHARD_KEY, shard)]
    finally:
        await admin.close()


async def cut_the_claim(url: str) -> None:
    """End the session holding shard 0 (as a database restart would), waiting until it has
    ended (a terminated backend holds its locks until it exits)."""
    admin = await asyncpg.connect(url)
    try:
        for pid in await holders(url, 0):
            await admin.execute("SELECT pg_terminate_backend($1, 5000)", pid)
    finally:
        await admin.close()


async def test_a_claim_lost_with_its_connection_is_taken_again(
    shard_0: tuple[TableroBot, str],
) -> None:
    bot, url = shard_0
    (before,) = await holders(url, 0)
    await cut_the_claim(url)
    assert await holders(url, 0) == []
    assert await bot.runtime.lease.check()
    (after,) = await holders(url, 0)
    assert after != before and not bot.is_closed()
    other = await PostgresStore.open(url)
    try:
        with pytest.raises(ShardTaken):
            await other.claim_shards(Shards((0,), 2))
    finally:
        await other.close()


async def test_a_process_whose_shard_another_took_stops(
    shard_0: tuple[TableroBot, str],
) -> None:
    bot, url = shard_0
    await cut_the_claim(url)
    other = await PostgresStore.open(url)
    try:
        await other.claim_shards(Shards((0,), 2))  # the replacement came up meanwhile
        assert not await bot.runtime.lease.check()
        assert bot.runtime.lease.closing is not None
        await bot.runtime.lease.closing
        assert bot.is_closed()
    finally:
        await other.close()

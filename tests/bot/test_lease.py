"""A process holds its shard for as long as it runs, and stops at once when it lost it: a claim
lost with its database session is taken again at once (not at a poll) when nobody took it; when
another process took the shard, or a write finds the fence moved on, this one stops at once
rather than answer the same servers twice — the write stored nothing and the click got no
answer from it (the new holder answers it)."""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import time
from collections.abc import AsyncIterator, Callable

import asyncpg
import pytest

from bot.app import TableroBot
from bot.config import Config, Secret, database_secret
from bot.core.live import LiveMatch
from games.keer_kids import Phase
from storage import PostgresStore, Shards, ShardTaken
from storage.lease import SHARD_KEY
from tests.bot.conftest import Server
from tests.bot.helpers import controls
from tests.bot.keer_driver import button_id, keer, members, start_match
from tests.storage.conftest import postgres_url, reset_postgres
from tests.storage.helpers import kept_running
from tests.storage.leases import cut_the_claim, holders

log = logging.getLogger(__name__)

TTL_S = 2.0
AT_ONCE_S = 1.0
"""How soon "at once" is: the claim's connection ended, or a write was refused."""


@dataclasses.dataclass
class OnPostgres(Server):
    """The fake Discord server, its bots on the test PostgreSQL with a short lease."""

    database_url: str = ""

    def config(self) -> Config:
        """The bot on PostgreSQL, as `DATABASE_URL` and `LEASE_TTL_S` would make it."""
        url = database_secret(self.database_url)
        return Config(Secret("fake-token"), None, url, self.db_path, "INFO", lease_ttl_s=TTL_S)


@pytest.fixture
async def pg_server(server: Server) -> AsyncIterator[OnPostgres]:
    url = postgres_url()
    await reset_postgres(url)
    fields = {f.name: getattr(server, f.name) for f in dataclasses.fields(server)}
    yield OnPostgres(**fields, database_url=url)


async def until(done: Callable[[], bool], what: str, within_s: float = AT_ONCE_S) -> float:
    """Poll until `done`; the seconds it took."""
    began = time.monotonic()
    while not done():
        if time.monotonic() - began > within_s:
            raise AssertionError(f"{what}: not within {within_s} s")
        await asyncio.sleep(0.01)
    return time.monotonic() - began


async def test_a_claim_lost_with_its_connection_is_taken_again_at_once(
    pg_server: OnPostgres,
) -> None:
    bot = await pg_server.start_bot()
    live = await start_match(pg_server, bot, [pg_server.bo], ais=0)
    url = pg_server.database_url
    (before,) = await cut_the_claim(url)
    held: list[int] = []

    async def poll() -> None:
        while not (found := await holders(url, 0)) or found == [before]:
            await asyncio.sleep(0.01)
        held.extend(found)

    await asyncio.wait_for(poll(), AT_ONCE_S)  # not at the next renewal
    assert len(held) == 1 and not bot.is_closed() and not bot.runtime.lease.lost
    other = await PostgresStore.open(url)
    try:
        with pytest.raises(ShardTaken, match="already run"):
            await other.claim_shards(Shards(), TTL_S)
    finally:
        await other.close()
    await roll(pg_server, bot, live)  # its writes pass the fence: nobody else took the shard
    await pg_server.fake.disconnect(bot)


async def test_a_claim_lost_to_a_database_restart_is_taken_again_once_it_answers(
    pg_server: OnPostgres, caplog: pytest.LogCaptureFixture
) -> None:
    async with kept_running() as pg:
        bot = await pg_server.start_bot()
        live = await start_match(pg_server, bot, [pg_server.bo], ais=0)
        with caplog.at_level(logging.INFO, logger="bot.lease"):
            await pg.stop()
            await asyncio.sleep(2 * TTL_S)  # down for longer than the lease's TTL
            await pg.start()
            back = await until(lambda: "holds again" in caplog.text, "the claim taken again", 5)
        said = [r.getMessage() for r in caplog.records if r.name == "bot.lease"]
        assert len(said) == 2, said  # one line when it could not be renewed, one when it holds
        assert not bot.runtime.lease.lost and not bot.is_closed()
        log.info("the claim was taken again %.2f s after the database was started", back)
        await roll(pg_server, bot, live)  # its writes pass the fence: the generation is its own
        await pg_server.fake.disconnect(bot)


async def test_a_process_whose_shard_another_took_stops_at_once(pg_server: OnPostgres) -> None:
    bot = await pg_server.start_bot()
    url = pg_server.database_url
    rival = await asyncpg.connect(url)
    try:  # a replacement waits for the lock: it gets it the moment the session ends
        waiting = asyncio.create_task(
            rival.execute("SELECT pg_advisory_lock($1, 0)", SHARD_KEY), name="tablero-rival"
        )
        await asyncio.sleep(0.1)
        began = time.monotonic()
        await cut_the_claim(url)
        await waiting
        await until(lambda: bot.runtime.lease.lost, "the bot noticed")
        assert bot.runtime.lease.closing is not None
        await asyncio.wait_for(bot.runtime.lease.closing, 10)
        assert bot.is_closed()
        stopped = time.monotonic() - began
        assert stopped < 5, stopped
    finally:
        await rival.close()


async def test_a_write_refused_by_the_fence_stores_nothing_and_stops_the_process(
    pg_server: OnPostgres,
) -> None:
    bot = await pg_server.start_bot()
    live = await start_match(pg_server, bot, [pg_server.bo], ais=0)
    assert keer(live).phase is Phase.ROLL
    version, url = live.state.version, pg_server.database_url
    message = pg_server.fake.message(int(live.message_id or 0))
    shown = [c.custom_id for c in controls(message)]
    admin = await asyncpg.connect(url)  # the shard was taken behind the bot's back
    try:
        await admin.execute("UPDATE shard_leases SET generation = generation + 1")
    finally:
        await admin.close()
    pg_server.fake.response_timeout = 1.0
    roller = members(pg_server)[live.players[keer(live).roller].id]
    with pytest.raises(AssertionError, match="got no response"):  # the new holder answers it
        await pg_server.fake.click(bot, roller, message, button_id(message, ":roll"))
    await until(bot.is_closed, "the bot stopped", 10)
    assert bot.runtime.lease.lost
    reader = await PostgresStore.open(url)
    try:
        assert (await reader.load(live.id)).version == version  # nothing was stored
    finally:
        await reader.close()
    assert [c.custom_id for c in controls(message)] == shown  # nor shown


async def roll(server: Server, bot: TableroBot, live: LiveMatch) -> None:
    """The roller rolls on the match's message, and it is stored."""
    message = server.fake.message(int(live.message_id or 0))
    roller = members(server)[live.players[keer(live).roller].id]
    version = live.state.version
    res = await server.fake.click(bot, roller, message, button_id(message, ":roll"))
    assert res.acknowledged and not res.ephemeral
    assert live.state.version > version
    await server.fake.settle()

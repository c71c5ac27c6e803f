"""One process running several Discord shards (discord.py's AutoShardedBot): a gateway
connection per shard, each server's interactions through its shard's connection; the gateway
counts as up only while every one of them is (bot/core/gateway_watch.py)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import aiohttp

from bot.app import ShardedTableroBot, TableroBot, new_bot
from bot.config import Config, Secret
from bot.core.gateway_watch import GatewayWatch
from fakediscord import FakeDiscord
from storage import Shards


def test_the_watch_of_several_shards_is_up_while_all_of_them_are() -> None:
    now = [0]
    watch = GatewayWatch(lambda: now[0], shards=(0, 2))
    assert not watch.saw("ready") and not watch.connected  # the plain events are not its
    assert not watch.saw("shard_ready", 0) and not watch.connected  # shard 2 still connecting
    now[0] = 50
    assert watch.saw("shard_ready", 2) and watch.settled_at(100) == 150
    watch.saw("shard_disconnect", 2)
    assert not watch.connected and watch.settled_at(100) is None
    assert not watch.saw("shard_resumed", 0)  # shard 0 never went down: changes nothing
    assert not watch.connected
    now[0] = 80
    assert watch.saw("shard_resumed", 2) and watch.settled_at(100) == 180
    assert not watch.saw("shard_connect", 2)


def test_the_watch_of_one_connection_follows_the_plain_events() -> None:
    watch = GatewayWatch(lambda: 7)
    assert not watch.saw("shard_ready", 0) and not watch.connected
    assert watch.saw("ready") and watch.connected
    watch.saw("disconnect")
    assert not watch.connected
    assert watch.saw("resumed") and watch.settled_at(3) == 10


def test_a_process_with_several_shards_gets_a_connection_for_each(tmp_path: Path) -> None:
    def config(shards: Shards) -> Config:
        return Config(Secret("fake-token"), None, None, tmp_path / "t.db", "INFO", shards=shards)

    assert type(new_bot(config(Shards((0, 2), 3)))) is ShardedTableroBot
    assert type(new_bot(config(Shards((1,), 3)))) is TableroBot
    assert type(new_bot(config(Shards()))) is TableroBot


class QuickShards(ShardedTableroBot):
    """Shards identified back to back (discord.py's 5 s pause between them is for Discord)."""

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        return None


async def until(check: Callable[[], bool], what: str) -> None:
    for _ in range(500):
        if check():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"timed out waiting for {what}")


async def health(port: int) -> tuple[int, object]:
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"http://127.0.0.1:{port}/healthz") as response,
    ):
        return response.status, await response.json()


async def test_one_process_plays_in_the_servers_of_both_its_shards(tmp_path: Path) -> None:
    fake = FakeDiscord()
    fake.response_timeout = fake.settle_timeout = 30.0
    tables = []
    for shard in (0, 1):
        guild = fake.add_guild(f"Server {shard}", shard=(shard, 2))
        tables.append((fake.add_channel(guild, "games"), fake.add_member(guild, f"Ana {shard}")))
    config = Config(
        Secret("fake-token"),
        None,
        None,
        tmp_path / "t.db",
        "INFO",
        0,
        "127.0.0.1",
        Shards((0, 1), 2),
    )
    bot = QuickShards(config, guild_ready_timeout=0.05)
    async with fake.loopback() as loop:
        task = await loop.run_client(bot)
        try:
            assert sorted(s.shard for s in loop.sessions) == [(0, 2), (1, 2)]
            for channel, member in tables:
                res = await fake.slash(bot, member, channel, "keer start")
                assert res.acknowledged and not res.ephemeral, res.response
            assert bot.runtime.health.port is not None
            assert await health(bot.runtime.health.port) == (200, {"ready": True})
            await loop.drop()
            await until(lambda: not bot.runtime.gateway.connected, "the gateway to be down")
            down = {"ready": False, "reason": "gateway down"}
            assert await health(bot.runtime.health.port) == (503, down)
            await loop.reopen()
            await until(lambda: bot.runtime.gateway.connected, "both shards to resume")
            assert await health(bot.runtime.health.port) == (200, {"ready": True})
        finally:
            await bot.close()
            await task
    assert fake.violations == []

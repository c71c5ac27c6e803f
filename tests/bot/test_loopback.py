"""The unmodified `TableroBot.start()` against the fake Discord over real HTTP and a websocket
gateway: login, command sync, multipart uploads and interactions arriving as gateway frames."""

from __future__ import annotations

from bot.app import TableroBot
from bot.config import Config
from tests.bot.conftest import Server
from tests.bot.keer_driver import decodes, live_here, play_roll, start_match


def _bot(server: Server) -> TableroBot:
    config = Config("fake-token", None, None, server.db_path, "INFO")
    return TableroBot(config, guild_ready_timeout=0.05)


async def test_a_match_plays_over_the_gateway_and_survives_a_restart(server: Server) -> None:
    fake = server.fake
    async with fake.loopback() as loop:
        first = _bot(server)
        task = await loop.run_client(first)
        assert {c["name"] for c in fake.synced_commands[None]} >= {"keer", "match"}
        live = await start_match(server, first, [], ais=1)
        assert decodes(fake.message(int(live.message_id or 0))) == 1
        for _ in range(2):
            await play_roll(server, first, live)
        await fake.settle()
        await first.close()
        await task

        second = _bot(server)
        task = await loop.run_client(second)
        resumed = live_here(second, server)
        assert resumed is not None and resumed.state.summary() == live.state.summary()
        for _ in range(100):
            if second.service.matches.get(resumed.id) is not resumed:
                break
            for res in await play_roll(server, second, resumed):
                assert res.acknowledged and not res.errors
        assert resumed.state.is_terminal()
        assert "🏆" in fake.channel_messages(server.channel)[-1].content
        await fake.settle()
        assert second.publisher.errors == []
        await second.close()
        await task

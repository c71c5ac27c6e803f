"""Kero end to end through the real discord.py and the fake Discord, on virtual time."""

from __future__ import annotations

import pytest

from bot.app import TableroBot
from tests.bot.conftest import Server
from tests.bot.keer_driver import decodes, live_here
from tests.bot.kero_driver import KeroDriver


async def start_vs_computer(server: Server, **options: str) -> tuple[TableroBot, KeroDriver]:
    bot = await server.start_bot(kero_think_ms=1_500)
    fake = server.fake
    res = await fake.slash(
        bot, server.ana, server.channel, "kero challenge", member=fake.bot, **options
    )
    assert res.acknowledged
    await fake.settle()
    live = live_here(bot, server)
    assert live is not None
    return bot, KeroDriver(server, bot, live)


@pytest.mark.parametrize("variant", ["base", "boss"])
async def test_a_member_plays_a_whole_match_against_the_computer(
    timed_server: Server, variant: str
) -> None:
    server = timed_server
    bot, driver = await start_vs_computer(server, variant=variant)
    assert decodes(driver.message) == 1
    for _ in range(3000):
        if not await driver.step() and driver.live.id not in bot.service.matches:
            break
    assert driver.live.state.is_terminal()
    final = server.fake.channel_messages(server.channel)[-1]
    assert "🏆" in final.content and decodes(final) == 1
    assert bot.publisher.errors == []
    await server.fake.disconnect(bot)

"""Nothing leaks while a match is open: what a non-player and the opponent receive during play
never holds the match's seed (every future roll and throw follows from it) nor Kero's deal (the
pile orders, the opponent's secret Tuareks); `/match record` of an open match is refused, and
the full record comes once the match is over."""

from __future__ import annotations

from typing import Any

from bot.games.kero.rules import kero_state
from games.kero import actions as a
from tests.bot.conftest import Server, said
from tests.bot.helpers import received
from tests.bot.keer_driver import play_roll, start_match
from tests.bot.kero_driver import challenge


async def refused_record(server: Server, bot: Any, match_id: int) -> None:
    res = await server.fake.slash(bot, server.eve, server.channel, "match record", match=match_id)
    assert res.ephemeral and "still being played" in said(res)
    assert not res.messages or not res.messages[0].attachments


async def test_a_keer_match_never_shows_its_seed_to_anyone_while_open(server: Server) -> None:
    bot = await server.start_bot()
    live = await start_match(server, bot, [server.bo], ais=1)
    await play_roll(server, bot, live)
    await refused_record(server, bot, live.id)
    await server.fake.slash(bot, server.eve, server.channel, "match status")
    for _ in range(200):
        if live.id not in bot.runtime.service.matches:
            break
        await play_roll(server, bot, live)
    for user in (server.bo, server.eve):
        assert live.seed not in received(server, user)
    after = await server.fake.slash(bot, server.eve, server.channel, "match record", match=live.id)
    assert live.seed in after.messages[0].attachments[0][1].decode()  # over: the full record
    await server.fake.disconnect(bot)


async def test_a_kero_match_never_shows_its_seed_or_deal_to_the_opponent(
    timed_server: Server,
) -> None:
    bot, driver = await challenge(timed_server)
    for _ in range(30):
        await driver.step()
    state = kero_state(driver.live.state)
    deal = next(act for _, act in state.history if isinstance(act, a.Setup))
    opened = await timed_server.fake.click(bot, timed_server.bo, driver.message, "My Tuareks")
    assert opened.ephemeral
    await refused_record(timed_server, bot, driver.live.id)
    for user in (timed_server.bo, timed_server.eve):
        seen = received(timed_server, user)
        assert driver.live.seed not in seen and "setup:" not in seen
        assert ".".join(deal.tuareks) not in seen and ".".join(deal.deck[6:]) not in seen
    ana_hand = state.camps[0].tuareks
    eve_view = received(timed_server, timed_server.eve)
    assert not any(f"Your Tuareks: {t}" in eve_view for t in ana_hand)
    await timed_server.fake.disconnect(bot)

"""Two hundred matches in one process: every click still answered within Discord's 3 seconds."""

from __future__ import annotations

import asyncio

from bot.app import TableroBot
from fakediscord import FakeChannel, InteractionResult
from games.keer_kids import Phase
from tests.bot.conftest import Server
from tests.bot.keer_driver import button_id, keer, live_here, members

MATCHES = 200


async def _start(server: Server, bot: TableroBot, channel: FakeChannel) -> InteractionResult:
    fake = server.fake
    lobby = await fake.slash(bot, server.ana, channel, "keer start")
    await fake.click(bot, server.bo, lobby.message, "Join")
    await fake.click(bot, server.ana, lobby.message, "Add AI")
    return await fake.click(bot, server.ana, lobby.message, "Start")


async def _move(server: Server, bot: TableroBot, channel: FakeChannel) -> list[InteractionResult]:
    """The next member move of the channel's match: Roll, keep, or every pending pick."""
    fake, users = server.fake, members(server)
    live = live_here(bot, server, channel.id)
    if live is None:
        return []
    state = keer(live)
    message = fake.message(int(live.message_id or 0))
    if state.phase is Phase.ROLL:
        roller = users[live.players[state.roller].id]
        return [await fake.click(bot, roller, message, "Roll")]
    if state.phase is Phase.KEEP:
        roller = users[live.players[state.roller].id]
        die = state.legal_actions(state.roller)[0].die  # type: ignore[union-attr]
        return [await fake.click(bot, roller, message, button_id(message, f":keep:{die}"))]
    results = []
    for seat in state.seats_to_act():
        action = state.legal_actions(seat)[0]
        user = users[live.players[seat].id]
        opened = await fake.click(bot, user, message, button_id(message, f":die:{action.die}"))  # type: ignore[union-attr]
        choice = opened.messages[0]
        text = action.to_text()
        select = next(c for c in choice.interactive() if c.type == 3 and text in c.options)
        results += [opened, await fake.select(bot, user, choice, str(select.custom_id), [text])]
    return results


async def test_two_hundred_matches_answer_every_click_within_three_seconds(
    server: Server, bot: TableroBot
) -> None:
    fake = server.fake
    fake.response_timeout = 30.0
    channels = [fake.add_channel(server.guild, f"table-{i}") for i in range(MATCHES)]
    results = list(await asyncio.gather(*(_start(server, bot, c) for c in channels)))
    await fake.settle(timeout=120)
    assert len(bot.runtime.service.matches) == MATCHES
    for _ in range(4):
        rounds = await asyncio.gather(*(_move(server, bot, c) for c in channels))
        results += [res for batch in rounds for res in batch]
        await fake.settle(timeout=120)
    slowest = max(res.ack_ms or 0 for res in results)
    assert all(res.acknowledged for res in results)
    print(f"{len(results)} interactions, slowest first response {slowest} ms")
    assert slowest < 3000, f"slowest first response {slowest} ms"
    assert len(results) > 5 * MATCHES
    assert min(keer(live).version for live in bot.runtime.service.matches.values()) > 2

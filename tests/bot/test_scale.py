"""Two hundred matches in one process, clicked at once: every interaction is acknowledged
(answered or deferred) and every match moves on.

Nothing here is timed: how soon the answers come is a benchmark's to measure
(benchmarks/bot_latency.py), not a test's to assert on whatever machine runs it.
"""

from __future__ import annotations

import asyncio
from collections import Counter

import pytest

from bot.app import TableroBot
from fakediscord import FakeChannel, InteractionResult, callbacks
from games.keer_kids import Phase
from tests.bot.conftest import Server
from tests.bot.keer_driver import button_id, choose_on, keer, live_here, members

MATCHES = 200
ACKNOWLEDGED = {
    callbacks.MESSAGE: "answered",
    callbacks.DEFERRED: "deferred",
    callbacks.DEFERRED_UPDATE: "deferred update",
    callbacks.UPDATE: "message updated",
}
"""The first responses that acknowledge an interaction, by Discord's callback type."""


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
        results += [opened, await choose_on(fake, bot, user, opened.messages[0], action)]
    return results


async def test_two_hundred_matches_acknowledge_every_interaction_and_all_move_on(
    server: Server, bot: TableroBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = server.fake
    fake.response_timeout = 30.0
    # A burst of 200 interactions queues on one event loop: on a busy machine the last of them
    # may wait past Discord's 3 real seconds, which the fake Discord enforces. That measures
    # the machine, not the bot: here any first response counts, however late.
    monkeypatch.setattr(callbacks, "FIRST_RESPONSE_MS", 10**9)
    channels = [fake.add_channel(server.guild, f"table-{i}") for i in range(MATCHES)]
    results = list(await asyncio.gather(*(_start(server, bot, c) for c in channels)))
    await fake.settle(timeout=120)
    assert len(bot.runtime.service.matches) == MATCHES
    for _ in range(4):
        rounds = await asyncio.gather(*(_move(server, bot, c) for c in channels))
        results += [res for batch in rounds for res in batch]
        await fake.settle(timeout=120)
    assert all(res.acknowledged for res in results)
    kinds = Counter(ACKNOWLEDGED.get(int((res.response or {}).get("type", 0))) for res in results)
    assert None not in kinds, kinds
    slowest = max(res.ack_ms or 0 for res in results)  # a figure to read (-s), never a bound
    print(f"{len(results)} interactions {dict(kinds)}, slowest first response {slowest} ms")
    assert len(results) > 5 * MATCHES
    assert min(keer(live).version for live in bot.runtime.service.matches.values()) > 2

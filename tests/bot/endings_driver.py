"""Each way a match ends, driven through the fake Discord with the real bot on virtual time (the
table of tests/bot/test_match_endings_notices.py): Ana, Bo and Cas sit at seats 0, 1 and 2 in
join order (Ana hosts a Keer lobby, challenges in Kero); a computer seat from the start is seat
1. Every ending returns the bot and the match, now over."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from bot.app import TableroBot
from bot.core.live import LiveMatch
from fakediscord import FakeMessage, FakeUser
from tests.bot.conftest import Server
from tests.bot.keer_driver import button_id, live_here, play_until, start_match
from tests.bot.kero_driver import KeroDriver, fire_due, first_turn_of

DAY_S = 86_400


@dataclass(frozen=True)
class Table:
    """The bot and the match an ending was driven in."""

    bot: TableroBot
    live: LiveMatch


Ending = Callable[[Server], Awaitable[Table]]
"""Drives one way of ending a match, from its start to its end."""


def over(table: Table) -> bool:
    """Whether the bot no longer holds the match open."""
    return table.live.id not in table.bot.runtime.service.matches


async def slash(
    server: Server, bot: TableroBot, who: FakeUser, command: str, **options: Any
) -> None:
    """A slash command in the games channel; it must be answered."""
    res = await server.fake.slash(bot, who, server.channel, command, **options)
    assert res.acknowledged, res.response
    await server.fake.settle()


async def click(server: Server, bot: TableroBot, who: FakeUser, suffix: str) -> None:
    """Click the newest message in the channel that has a button ending with `suffix`."""
    message = offering(server, suffix)
    res = await server.fake.click(bot, who, message, button_id(message, suffix))
    assert res.acknowledged and not res.ephemeral, res.response
    await server.fake.settle()


def offering(server: Server, suffix: str) -> FakeMessage:
    """The newest channel message with a button ending with `suffix`."""
    for message in reversed(server.fake.channel_messages(server.channel)):
        if any((c.custom_id or "").endswith(suffix) for c in message.interactive()):
            return message
    raise AssertionError(f"no message offers a button ending {suffix!r}")


async def run_out(server: Server, table: Table) -> None:
    """Move the virtual clock past the match's turn clock and let it fire."""
    assert server.clock is not None
    clock = table.bot.runtime.turn_clocks.clocks[table.live.id]
    server.clock.now = clock.due_ms / 1000 + 1
    await fire_due(server, table.bot, table.live)


async def abandon(server: Server, table: Table) -> None:
    """Nobody acts for the server's abandon time (one day): the clocks fire until it closes."""
    assert server.clock is not None
    server.clock.now += DAY_S + 1
    for _ in range(10):
        await fire_due(server, table.bot, table.live)
        if over(table):
            return
    raise AssertionError("the match was never closed as abandoned")


async def one_day_to_abandon(server: Server, bot: TableroBot) -> None:
    """The moderator sets the server's clock: async turns, a match abandoned after a day."""
    await slash(server, bot, server.mod, "settings clock", default="async", abandon_days=1)


# -- Keer op Keer Kids ----------------------------------------------------------------------------


async def keer(server: Server, joiners: list[FakeUser], ais: int = 0, **options: Any) -> Table:
    """A new bot and Ana's Keer match with `joiners` and `ais` computer seats."""
    bot = await server.start_bot()
    return Table(bot, await start_match(server, bot, joiners, ais, **options))


async def keer_to_the_end(server: Server, table: Table) -> Table:
    """The members play every move left; the computer plays its seats."""
    await play_until(server, table.bot, table.live, lambda state: state.is_terminal())
    await server.fake.settle()
    assert over(table)
    return table


async def keer_expelled(server: Server) -> Table:
    """Bo misses his pick on an async clock and Ana expels him."""
    table = await keer(server, [server.bo], clock="async")
    await play_until(
        server, table.bot, table.live, lambda s: s.seats_to_act() == (1,) and s.rolls > 0
    )
    await run_out(server, table)
    await click(server, table.bot, server.ana, ":expel:1")
    assert table.live.is_ai(1)
    return table


async def keer_finished(server: Server) -> Table:
    return await keer_to_the_end(server, await keer(server, [server.bo, server.cas]))


async def keer_duel_resigned(server: Server) -> Table:
    table = await keer(server, [server.bo])
    await slash(server, table.bot, server.bo, "match resign")
    return table


async def keer_resigned_computer_plays_on(server: Server) -> Table:
    table = await keer(server, [server.bo, server.cas])
    await slash(server, table.bot, server.cas, "match resign")
    assert table.live.is_ai(2) and not over(table)
    return await keer_to_the_end(server, table)


async def keer_expelled_computer_plays_on(server: Server) -> Table:
    return await keer_to_the_end(server, await keer_expelled(server))


async def keer_expelled_then_resigned(server: Server) -> Table:
    table = await keer_expelled(server)
    await slash(server, table.bot, server.ana, "match resign")
    return table


async def keer_abandoned(server: Server) -> Table:
    bot = await server.start_bot()
    await one_day_to_abandon(server, bot)
    table = Table(bot, await start_match(server, bot, [server.bo], 0))
    await abandon(server, table)
    return table


async def keer_cancelled_by_vote(server: Server) -> Table:
    table = await keer(server, [server.bo])
    await slash(server, table.bot, server.ana, "match cancel")
    await click(server, table.bot, server.bo, ":agree")
    return table


async def keer_cancelled_by_a_moderator(server: Server) -> Table:
    table = await keer(server, [server.bo])
    await slash(server, table.bot, server.mod, "match cancel")
    return table


async def keer_casual(server: Server) -> Table:
    return await keer_to_the_end(server, await keer(server, [server.bo], rated=False))


async def keer_against_the_computer(server: Server) -> Table:
    return await keer_to_the_end(server, await keer(server, [], ais=1))


async def keer_resigned_against_the_computer(server: Server) -> Table:
    table = await keer(server, [], ais=1)
    await slash(server, table.bot, server.ana, "match resign")
    return table


async def keer_away(server: Server, policy: str) -> Table:
    """Ana goes away for two days from an async table with this away policy."""
    table = await keer(server, [server.bo], clock="async", away=policy)
    await slash(server, table.bot, server.ana, "away on", days=2)
    assert (table.live.stand_in if policy == "standin" else table.live.paused) == {0}
    return table


async def keer_stand_in_to_the_end(server: Server) -> Table:
    return await keer_to_the_end(server, await keer_away(server, "standin"))


async def keer_paused_to_the_end(server: Server) -> Table:
    return await keer_to_the_end(server, await keer_away(server, "pause"))


async def keer_resigned_against_a_stand_in(server: Server) -> Table:
    """Bo resigns while the computer stands in for Ana: Ana is still in the match."""
    table = await keer_away(server, "standin")
    await slash(server, table.bot, server.bo, "match resign")
    return table


async def keer_cancelled_with_a_stand_in(server: Server) -> Table:
    """Bo asks to cancel while the computer stands in for Ana: she is asked too, and agrees."""
    table = await keer_away(server, "standin")
    await slash(server, table.bot, server.bo, "match cancel")
    assert not over(table), "not without the away member"
    await click(server, table.bot, server.ana, ":agree")
    return table


async def keer_deleted_their_data(server: Server) -> Table:
    """Bo deletes his data (`/privacy delete`): his seat resigns under a pseudonym."""
    table = await keer(server, [server.bo])
    asked = await server.fake.slash(table.bot, server.bo, server.channel, "privacy delete")
    await server.fake.click(table.bot, server.bo, asked.messages[0], "tbp:forget")
    await server.fake.settle()
    return table


# -- Kero ------------------------------------------------------------------------------------------


async def kero_challenge(server: Server, bot: TableroBot | None = None, **options: Any) -> Table:
    """Ana challenges Bo (on `bot`, else a new one), who accepts."""
    bot = bot or await server.start_bot(ai_think_ms=1_500)
    res = await server.fake.slash(
        bot, server.ana, server.channel, "kero challenge", member=server.bo, **options
    )
    await server.fake.click(bot, server.bo, res.message, "Accept")
    await server.fake.settle()
    live = live_here(bot, server)
    assert live is not None and live.names[:2] == ["Ana", "Bo"]
    return Table(bot, live)


async def kero_against_the_computer(server: Server, bot: TableroBot | None = None) -> Table:
    """Ana challenges the computer (on `bot`, else a new one)."""
    bot = bot or await server.start_bot(ai_think_ms=1_500)
    res = await server.fake.slash(
        bot, server.ana, server.channel, "kero challenge", member=server.fake.bot
    )
    assert res.acknowledged
    await server.fake.settle()
    live = live_here(bot, server)
    assert live is not None and live.is_ai(1)
    return Table(bot, live)


async def kero_to_the_end(server: Server, table: Table) -> Table:
    """The members play every decision left (the computer's moves between them)."""
    driver = KeroDriver(server, table.bot, table.live)
    for _ in range(2_000):
        if over(table):
            await server.fake.settle()
            return table
        await driver.step()
    raise AssertionError("the match never ended")


async def kero_expelled(server: Server) -> Table:
    """Ana's live clock runs out on her turn and Bo expels her."""
    table = await kero_challenge(server, clock="live")
    await first_turn_of(KeroDriver(server, table.bot, table.live), 0)
    await run_out(server, table)
    await click(server, table.bot, server.bo, ":expel:0")
    assert table.live.is_ai(0)
    return table


async def kero_finished(server: Server) -> Table:
    return await kero_to_the_end(server, await kero_challenge(server))


async def kero_resigned(server: Server) -> Table:
    table = await kero_challenge(server)
    await slash(server, table.bot, server.bo, "match resign")
    return table


async def kero_expelled_computer_plays_on(server: Server) -> Table:
    return await kero_to_the_end(server, await kero_expelled(server))


async def kero_expelled_then_resigned(server: Server) -> Table:
    table = await kero_expelled(server)
    await slash(server, table.bot, server.bo, "match resign")
    return table


async def kero_abandoned(server: Server) -> Table:
    bot = await server.start_bot(ai_think_ms=1_500)
    await one_day_to_abandon(server, bot)
    table = await kero_challenge(server, bot)
    await abandon(server, table)
    return table


async def kero_cancelled_by_vote(server: Server) -> Table:
    table = await kero_challenge(server)
    await slash(server, table.bot, server.bo, "match cancel")
    await click(server, table.bot, server.ana, ":agree")
    return table


async def kero_cancelled_by_a_moderator(server: Server) -> Table:
    table = await kero_challenge(server)
    await slash(server, table.bot, server.mod, "match cancel")
    return table


async def kero_casual(server: Server) -> Table:
    return await kero_to_the_end(server, await kero_challenge(server, rated=False))


async def kero_cancelled_against_the_computer(server: Server) -> Table:
    """Nobody else to ask: the only member's `/match cancel` cancels at once."""
    table = await kero_against_the_computer(server)
    await slash(server, table.bot, server.ana, "match cancel")
    return table


async def kero_computer_to_the_end(server: Server) -> Table:
    return await kero_to_the_end(server, await kero_against_the_computer(server))


async def kero_resigned_against_the_computer(server: Server) -> Table:
    table = await kero_against_the_computer(server)
    await slash(server, table.bot, server.ana, "match resign")
    return table


async def kero_stand_in_to_the_end(server: Server) -> Table:
    """Ana goes away from an async stand-in table; the computer plays her turns to the end."""
    table = await kero_challenge(server, clock="async", away="standin")
    await slash(server, table.bot, server.ana, "away on", days=7)
    assert table.live.stand_in == {0}
    return await kero_to_the_end(server, table)

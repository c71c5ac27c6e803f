"""`/away` on virtual time through the fake Discord: a table that pauses for an away member
(Kero's clock stands still, Keer's rolls go on without them), a stand-in table (the computer
plays), the one notice each way, the server's budget, a restart, and the refusals in English,
Spanish and Dutch."""

from __future__ import annotations

from typing import Any

import pytest

from bot.app import TableroBot
from bot.games.kero.rules import kero_state
from fakediscord import FakeMessage
from games.keer_kids import Miss
from storage import AwaySpan
from tests.bot.conftest import Server, said
from tests.bot.keer_driver import keer, live_here, member_move, start_match
from tests.bot.kero_driver import challenge, fire_due, first_turn_of

DAY_S = 86_400


def notices(server: Server, start: str) -> list[FakeMessage]:
    return [m for m in server.fake.channel_messages(server.channel) if m.text.startswith(start)]


async def away(server: Server, bot: TableroBot, **options: Any) -> str:
    res = await server.fake.slash(bot, server.ana, server.channel, "away on", **options)
    await server.fake.settle()
    assert res.ephemeral
    return said(res)


async def test_a_kero_table_that_pauses_stops_the_away_players_clock(
    timed_server: Server,
) -> None:
    server = timed_server
    assert server.clock is not None
    bot, driver = await challenge(server, clock="async")
    await first_turn_of(driver, 0)
    live, clock = driver.live, bot.runtime.turn_clocks.clocks[driver.live.id]
    due = clock.due_ms

    reply = await away(server, bot, days=2)
    assert "You're away until <t:" in reply and "in 1 async match" in reply
    assert live.paused == {0} and not live.is_ai(0)
    assert clock.due_ms == due + 2 * DAY_S * 1000  # the clock stands still for two days
    card = server.fake.message(int(live.message_id or 0))
    assert "Brown clan · 0 points · 🏝️ away" in card.text, card.text
    [notice] = notices(server, "🏝️")
    assert "Ana" in notice.text and "their clock is paused" in notice.text

    server.clock.now = due / 1000 + 60  # the first end passes: nothing runs out
    await fire_due(server, bot, live)
    assert not clock.expired and not notices(server, "⏰")
    [span] = await bot.runtime.store.away_spans(0, str(server.ana.id))
    server.clock.now = span.until_ms / 1000 + 1  # back by the clock
    await fire_due(server, bot, live)
    assert live.paused == set()
    [back] = notices(server, "👋")
    assert "Ana" in back.text and "is back" in back.text
    assert len(notices(server, "🏝️")) == 1, "told once, never again per step"
    server.clock.now = clock.due_ms / 1000 + 1
    await fire_due(server, bot, live)
    assert bot.runtime.turn_clocks.clocks[live.id].expired and notices(server, "⏰")
    await server.fake.disconnect(bot)


async def test_keer_rolls_go_on_without_an_away_player(timed_server: Server) -> None:
    server = timed_server
    bot = await server.start_bot()
    live = await start_match(server, bot, [server.bo], 0, clock="async")
    reply = await away(server, bot, days=1)
    assert "in 1 async match" in reply
    assert live.paused == {0}
    [notice] = notices(server, "🏝️")
    assert "the rolls go on without them" in notice.text
    clocks = bot.runtime.turn_clocks.clocks[live.id]
    for _ in range(6):  # Bo plays alone: Ana's rolls are thrown and kept for her
        assert 0 not in clocks.waiting
        await member_move(server, bot, live)
    history = keer(live).history
    assert (0, Miss()) in history and keer(live).rolls >= 2
    assert any(seat == 1 and not isinstance(a, Miss) for seat, a in history)
    assert len(notices(server, "🏝️")) == 1
    res = await server.fake.slash(bot, server.ana, server.channel, "away off")
    await server.fake.settle()
    assert said(res).startswith("👋") and live.paused == set()
    assert len(notices(server, "👋")) == 1
    await server.fake.disconnect(bot)


async def test_a_stand_in_plays_for_the_away_player_until_they_are_back(
    timed_server: Server,
) -> None:
    server = timed_server
    bot, driver = await challenge(server, clock="async", away="standin")
    await first_turn_of(driver, 0)
    live = driver.live
    turn = kero_state(live.state).turns
    await away(server, bot, hours=5)
    assert live.stand_in == {0} and live.is_ai(0)
    [notice] = notices(server, "🏝️")
    assert "the computer plays for them" in notice.text
    await driver.wait_for_bot()
    state = kero_state(live.state)
    assert state.turns > turn or state.active == 1, "the computer played Ana's turn"
    res = await server.fake.slash(bot, server.ana, server.channel, "away off")
    await server.fake.settle()
    assert said(res).startswith("👋") and live.stand_in == set() and not live.is_ai(0)
    await server.fake.disconnect(bot)


async def test_the_servers_budget_cuts_an_away_short_and_a_restart_keeps_it(
    timed_server: Server,
) -> None:
    server = timed_server
    bot, driver = await challenge(server, clock="async")
    await first_turn_of(driver, 0)
    set_by = await server.fake.slash(
        bot, server.mod, server.channel, "settings clock", default="async", away_days=1
    )
    assert "a member may be away 1 day of every 30" in said(set_by)
    reply = await away(server, bot, days=3)
    assert "your away budget ends it <t:" in reply
    spans = await bot.runtime.store.away_spans(0, str(server.ana.id))
    assert len(spans) == 1 and spans[0].until_ms - spans[0].since_ms == DAY_S * 1000
    await server.fake.disconnect(bot)

    again = await server.start_bot()
    resumed = live_here(again, server)
    assert resumed is not None and resumed.paused == {0}
    assert server.clock is not None
    server.clock.now = spans[0].until_ms / 1000 + 1
    await fire_due(server, again, resumed)
    assert resumed.paused == set() and len(notices(server, "👋")) == 1
    spent = await away(server, again, days=1)
    assert "away budget for the last 30 days is spent" in spent
    await server.fake.disconnect(again)


async def test_away_says_what_it_cannot_do(server: Server, bot: TableroBot) -> None:
    none = await away(server, bot, days=1)
    assert "nothing to be away from" in none
    assert "Say how long" in await away(server, bot)
    not_away = await server.fake.slash(bot, server.ana, server.channel, "away off")
    assert not_away.ephemeral and "You weren't away" in said(not_away)
    await start_match(server, bot, [server.bo], 0, clock="live")
    live_only = await away(server, bot, days=1)
    assert "Live matches are not affected" in live_only
    live = live_here(bot, server)
    assert live is not None and live.paused == set() and not notices(server, "🏝️")


@pytest.mark.parametrize(
    ("locale", "nothing", "how_long"),
    [
        ("es-ES", "no hay nada de lo que ausentarse", "Indica cuánto tiempo"),
        ("nl", "niets om van weg te zijn", "Zeg hoe lang"),
    ],
)
async def test_away_answers_in_the_members_language(
    server: Server, bot: TableroBot, locale: str, nothing: str, how_long: str
) -> None:
    server.ana.locale = locale
    assert nothing in await away(server, bot, days=2)
    assert how_long in await away(server, bot, hours=0)


async def test_an_away_another_process_stored_is_picked_up_within_a_minute(
    timed_server: Server,
) -> None:
    """In a cluster the process that answers `/away` may not run the member's other servers:
    it stores their spans, and the process that runs a match reads them back (AwayWatch)."""
    server = timed_server
    assert server.clock is not None
    bot, driver = await challenge(server, clock="async")
    await first_turn_of(driver, 0)
    live, now = driver.live, int(server.clock.now * 1000)
    assert live.guild_id is not None
    span = AwaySpan(str(server.ana.id), live.guild_id, now, now + DAY_S * 1000)
    await bot.runtime.store.add_away([span], forget_before_ms=0)  # as another process does
    assert live.paused == set()
    await bot.runtime.away_watch.check()
    await server.fake.settle()
    assert live.paused == {0} and len(notices(server, "🏝️")) == 1
    await bot.runtime.away_watch.check()  # nothing new: nothing said again
    await server.fake.settle()
    assert len(notices(server, "🏝️")) == 1
    found = await bot.runtime.store.member_deadlines(str(server.ana.id), "turn")
    assert [(g, d.payload["mode"]) for g, d in found] == [(live.guild_id, "async")]
    await server.fake.disconnect(bot)

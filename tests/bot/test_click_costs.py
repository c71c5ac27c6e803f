"""What one click costs the bot: a Kero re-roll (its tanker credit included) and a Keer pick
are each one store append and one timer re-arm, whatever the game adds to the click, and opening
a Keer die costs no store call; the store's other calls and the edits of the shown message are
counted too, and what a pick does not write comes back after a restart all the same."""

from __future__ import annotations

import asyncio
import sys
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

import pytest

from bot.app import TableroBot
from bot.core.clock_book import TurnClock
from bot.core.live import LiveMatch
from bot.games.kero.rules import kero_state
from fakediscord import FakeDiscord
from games.keer_kids import Phase as KeerPhase
from games.kero import actions as a
from tests.bot.conftest import Server
from tests.bot.helpers import count_store_calls
from tests.bot.keer_driver import button_id, keer, members, pick, play_roll, start_match
from tests.bot.kero_driver import click_at, rolling


def count_costs(bot: TableroBot, monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Count the bot's store calls (each a query or a transaction, by method) and timer
    re-arms from now on."""
    costs: Counter[str] = Counter()
    rearm = bot.runtime.timers.rearm
    count_store_calls(bot.runtime.store, costs, monkeypatch)

    def counted_rearm(*args: Any, **kwargs: Any) -> None:
        costs["rearm"] += 1
        rearm(*args, **kwargs)

    monkeypatch.setattr(bot.runtime.timers, "rearm", counted_rearm)
    return costs


def edits(fake: FakeDiscord, since: int) -> int:
    """The bot's REST edits of channel messages since request number `since` (a click's own
    answer is an interaction callback, and a private message's edit a webhook's: neither)."""
    made = fake.requests[since:]
    return sum(1 for m, p, _ in made if m == "PATCH" and p.startswith("/channels/"))


def slowed(act: Callable[..., Awaitable[Any]], advance: Callable[[], None]) -> Any:
    """The service's `act`, taking some of the bot's time first (so a credit is due)."""

    async def slow(*args: Any, **kwargs: Any) -> Any:
        advance()
        return await act(*args, **kwargs)

    return slow


async def test_a_kero_reroll_is_one_append_and_one_rearm_with_its_credit(
    timed_server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    driver = await rolling(timed_server)
    bot = driver.bot
    monkeypatch.setattr(
        bot.runtime.service,
        "act",
        slowed(bot.runtime.service.act, lambda: driver.clock.advance(0.3)),
    )
    toggle = driver.first_toggle()
    await timed_server.fake.click(bot, driver.user(0), driver.message, toggle)
    costs = count_costs(bot, monkeypatch)
    since = len(timed_server.fake.requests)
    await click_at(driver, "@", round(driver.clock.now * 1000))
    await timed_server.fake.settle()
    assert edits(timed_server.fake, since) == 0  # the answer shows the new dice
    history = [act for _, act in kero_state(driver.live.state).history]
    assert isinstance(history[-3], a.Reroll) and isinstance(history[-2], a.Faces)
    assert history[-1] == a.Credit(300)
    assert costs == Counter(append=1, rearm=1)
    await timed_server.fake.disconnect(bot)


async def to_the_picks(server: Server, bot: TableroBot) -> LiveMatch:
    """A Keer match of three members, rolled and kept: it waits for the three picks."""
    live = await start_match(server, bot, [server.bo, server.cas], ais=0)
    fake, users = server.fake, members(server)
    message = fake.message(int(live.message_id or 0))
    roller = users[live.players[keer(live).roller].id]
    await fake.click(bot, roller, message, "Roll")
    await fake.settle()
    keep = keer(live).legal_actions(keer(live).roller)[0]
    await fake.click(bot, roller, message, button_id(message, ":" + keep.to_text()))
    await fake.settle()
    state = keer(live)
    assert state.phase is KeerPhase.CHOOSE and len(state.seats_to_act()) == 3
    return live


async def test_a_keer_pick_is_one_append_and_one_rearm(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = await server.start_bot()
    live = await to_the_picks(server, bot)
    fake = server.fake
    costs = count_costs(bot, monkeypatch)
    since = len(fake.requests)
    await pick(server, bot, live, keer(live).seats_to_act()[0])
    await fake.settle()
    # whether the member takes images is kept (bot/core/settings.py), and a wait that only
    # waits for one member fewer is not written again: the events tell a restart (below)
    assert costs == Counter(append=1, rearm=1)
    assert edits(fake, since) == 1  # the shown message's waiting list (at most one per window)
    await fake.disconnect(bot)


async def test_a_keer_picks_clock_comes_back_after_a_restart(
    timed_server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The seats the wait is still for and the pick's time, never written with the clock, are
    read back from the match's events: the clock is the one the process had."""
    server, clock = timed_server, timed_server.clock
    assert clock is not None
    bot = await server.start_bot()
    live = await to_the_picks(server, bot)
    clock.advance(60)  # the pick comes a minute after the keep's write of the clock
    picked_ms = int(clock.now * 1000)
    costs = count_costs(bot, monkeypatch)
    await pick(server, bot, live, keer(live).seats_to_act()[0])
    await server.fake.settle()
    assert costs["set_deadline"] == 0
    had = bot.runtime.turn_clocks.clocks[live.id]
    assert had.waiting == list(keer(live).seats_to_act()) and len(had.waiting) == 2
    had = TurnClock.from_payload(had.payload())
    await server.fake.disconnect(bot)

    again = await server.start_bot()
    back = again.runtime.turn_clocks.clocks[live.id]
    assert replace(back, last_member_ms=0) == replace(had, last_member_ms=0)
    assert picked_ms <= back.last_member_ms <= had.last_member_ms < picked_ms + 1000
    await server.fake.disconnect(again)


async def test_opening_a_keer_die_costs_no_store_call(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The die's choice reads whether the member takes images: kept since the keep's."""
    bot = await server.start_bot()
    live = await to_the_picks(server, bot)
    seat = keer(live).seats_to_act()[0]
    user = members(server)[live.players[seat].id]
    message = server.fake.message(int(live.message_id or 0))
    action = keer(live).legal_actions(seat)[0]
    costs = count_costs(bot, monkeypatch)
    opened = await server.fake.click(bot, user, message, button_id(message, f":die:{action.die}"))  # type: ignore[union-attr]
    await server.fake.settle()
    assert opened.ephemeral and costs == Counter()
    await server.fake.disconnect(bot)


async def test_the_bot_holds_no_view_of_what_it_sent(server: Server, bot: TableroBot) -> None:
    """Every component is a DynamicItem, dispatched by its custom_id: discord.py holds no view
    of a message sent or edited, nor a 15-minute timeout task per ephemeral pick (they piled
    up by the ten thousand and made every click slower)."""
    live = await start_match(server, bot, [server.bo], 1)
    for _ in range(3):
        await play_roll(server, bot, live)
    assert keer(live).rolls >= 3
    store = bot._connection._view_store
    assert store._views == {} and store._synced_message_views == {}
    assert bot.persistent_views == []
    tasks = [getattr(t.get_coro(), "__qualname__", "") for t in asyncio.all_tasks()]
    assert not [name for name in tasks if "timeout" in name]


def no_task_walks(monkeypatch: pytest.MonkeyPatch) -> None:
    """`asyncio.all_tasks()` fails when Tablero's code calls it: it walks every live task, so
    a click calling it would cost more the more matches are open (the double's `settle` may)."""
    walk = asyncio.all_tasks

    def guarded(loop: asyncio.AbstractEventLoop | None = None) -> set[asyncio.Task[Any]]:
        caller = sys._getframe(1).f_globals.get("__name__", "")
        if caller.split(".")[0] in ("bot", "storage", "games", "render", "words", "ratings"):
            raise AssertionError(f"{caller} walked every task")
        return walk(loop)

    monkeypatch.setattr(asyncio, "all_tasks", guarded)


async def test_no_kero_click_walks_every_task(
    timed_server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Kero turn's clicks (toggles, a re-roll, stop, end) with `asyncio.all_tasks` refused to
    Tablero's code."""
    driver = await rolling(timed_server)
    no_task_walks(monkeypatch)
    await driver.do(0, a.Reroll((0, 1), None))
    await timed_server.fake.settle()
    for text in ("stop@", "end"):
        await driver.press(0, text)
        await timed_server.fake.settle()
    assert kero_state(driver.live.state).active == 1
    assert driver.bot.runtime.publisher.errors == []


async def test_no_keer_click_walks_every_task(
    server: Server, bot: TableroBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Keer roll's clicks (roll, keep, every die and pick) likewise."""
    live = await start_match(server, bot, [server.bo, server.cas], ais=0)
    no_task_walks(monkeypatch)
    rolls = keer(live).rolls
    await play_roll(server, bot, live)
    assert keer(live).rolls == rolls + 1 and keer(live).phase is KeerPhase.ROLL

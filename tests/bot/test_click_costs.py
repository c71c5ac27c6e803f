"""What one click costs the bot: a Kero re-roll (its tanker credit included) and a Keer pick
are each one store append and one timer re-arm, whatever the game adds to the click."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from bot.app import TableroBot
from bot.games.kero.rules import kero_state
from games.keer_kids import Phase as KeerPhase
from games.kero import actions as a
from tests.bot.conftest import Server
from tests.bot.keer_driver import button_id, keer, members, pick, play_roll, start_match
from tests.bot.kero_driver import click_at, rolling


def count_costs(bot: TableroBot, monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Count the bot's store appends and timer re-arms from now on."""
    costs: Counter[str] = Counter()
    append, rearm = bot.runtime.store.append, bot.runtime.timers.rearm

    async def counted_append(*args: Any, **kwargs: Any) -> Any:
        costs["append"] += 1
        return await append(*args, **kwargs)

    def counted_rearm(*args: Any, **kwargs: Any) -> None:
        costs["rearm"] += 1
        rearm(*args, **kwargs)

    monkeypatch.setattr(bot.runtime.store, "append", counted_append)
    monkeypatch.setattr(bot.runtime.timers, "rearm", counted_rearm)
    return costs


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
    await click_at(driver, "@", round(driver.clock.now * 1000))
    await timed_server.fake.settle()
    history = [act for _, act in kero_state(driver.live.state).history]
    assert isinstance(history[-3], a.Reroll) and isinstance(history[-2], a.Faces)
    assert history[-1] == a.Credit(300)
    assert costs == Counter(append=1, rearm=1)
    await timed_server.fake.disconnect(bot)


async def test_a_keer_pick_is_one_append_and_one_rearm(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    bot = await server.start_bot()
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
    costs = count_costs(bot, monkeypatch)
    await pick(server, bot, live, state.seats_to_act()[0])
    await fake.settle()
    assert costs == Counter(append=1, rearm=1)
    await fake.disconnect(bot)


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

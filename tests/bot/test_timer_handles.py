"""An armed timer is a handle in the event loop's heap, not a task: open matches waiting for
their deadlines add no live task (nothing that walks the tasks grows with them), and each
deadline still fires and does its work once due."""

from __future__ import annotations

import asyncio

from bot.app import TableroBot
from bot.games.kero.rules import GRACE_MS, kero_state
from fakediscord import FakeChannel
from games.kero import actions as a
from games.kero.board import Phase
from tests.bot.conftest import Server
from tests.bot.keer_driver import live_here
from tests.bot.kero_driver import KeroDriver, empty_at

FEW, MANY = 10, 50
"""Open matches before and after: the live tasks must not follow."""


async def rolling_in(server: Server, bot: TableroBot, channel: FakeChannel) -> KeroDriver:
    """A new member (a server caps each member's open matches) challenges the computer in
    `channel` and rolls: their tank's deadline is armed."""
    fake = server.fake
    player = fake.add_member(server.guild, f"player-{channel.id}")
    res = await fake.slash(bot, player, channel, "kero challenge", member=fake.bot)
    await fake.settle()
    live = live_here(bot, server, channel.id)
    assert live is not None, res.response
    driver = KeroDriver(server, bot, live)
    await driver.wait_for_bot()
    await fake.click(bot, player, driver.message, driver.button_id(":act:roll@"))
    await fake.settle()
    assert kero_state(live.state).phase is Phase.ROLLING
    return driver


def timer_tasks() -> list[asyncio.Task[object]]:
    """The live tasks of match timers."""
    return [t for t in asyncio.all_tasks() if t.get_name().startswith("tablero-timer")]


async def test_armed_timers_are_not_tasks_and_still_fire(timed_server: Server) -> None:
    fake = timed_server.fake
    bot = await timed_server.start_bot(ai_think_ms=1_500)
    channels = [fake.add_channel(timed_server.guild, f"tanker-{i}") for i in range(MANY)]
    drivers = [await rolling_in(timed_server, bot, c) for c in channels[:FEW]]
    with_few = len(asyncio.all_tasks())
    drivers += [await rolling_in(timed_server, bot, c) for c in channels[FEW:]]
    with_many = len(asyncio.all_tasks())
    timers = bot.runtime.timers
    assert with_many <= with_few + 2, f"{with_few} tasks at {FEW} matches, {with_many} at {MANY}"
    assert timer_tasks() == [], "a sleeping timer is no task"
    assert all(timers.pending(d.live.id) is not None for d in drivers), "every deadline armed"
    armed = timers.pending(drivers[0].live.id)
    timers.rearm(drivers[0].live)
    assert armed is not None and armed.cancelled(), "a re-arm cancels what was armed"
    assert timers.pending(drivers[0].live.id) not in (None, armed), "and arms anew"

    empties = [empty_at(d) for d in drivers]
    drivers[0].clock.now = (max(empties) + GRACE_MS + 1) / 1000
    timers.rearm_all()
    fired = [f for d in drivers if (f := timers.pending(d.live.id)) is not None]
    assert len(fired) == MANY
    await asyncio.wait_for(asyncio.gather(*fired), 30)
    await fake.settle()
    for driver, empty in zip(drivers, empties, strict=True):
        history = [act for _, act in kero_state(driver.live.state).history]
        assert history.count(a.TankEmpty(empty)) == 1, "each tank ran dry once, on its timer"
    assert timer_tasks() == [], "the work done, its task is gone"
    await fake.disconnect(bot)


async def test_a_re_arm_never_cuts_short_a_timer_storing_its_work(timed_server: Server) -> None:
    """The computer's move is being stored when something re-arms the match's timer (a step's
    clock update, an answer): the store write is one transaction that lands whatever its caller
    does, so the work goes on to its end and the match in memory follows the store."""
    fake = timed_server.fake
    bot = await timed_server.start_bot(ai_think_ms=1_500)
    driver = await rolling_in(timed_server, bot, fake.add_channel(timed_server.guild, "slow"))
    await driver.run_dry()  # the computer's turn: its moves wait for the clock
    live, timers, store = driver.live, bot.runtime.timers, bot.runtime.store
    assert live.wake_at is not None
    append, storing = store.append, asyncio.Event()

    async def slow_append(*args: object, **kwargs: object) -> int:
        storing.set()
        await asyncio.sleep(0.2)
        return await append(*args, **kwargs)  # type: ignore[arg-type]

    store.append = slow_append  # type: ignore[method-assign]
    driver.clock.now = live.wake_at / 1000 + 0.01
    timers.rearm(live)
    await storing.wait()
    version = live.state.version
    timers.rearm(live)  # while the computer's move is being stored
    await fake.settle()
    for _ in range(50):
        if timer_tasks() == []:
            break
        await asyncio.sleep(0.05)
    store.append = append  # type: ignore[method-assign]
    stored = await store.load(live.id)
    assert live.state.version > version, "the computer's move was applied"
    assert stored.version == live.state.version, "the store and the match in memory agree"

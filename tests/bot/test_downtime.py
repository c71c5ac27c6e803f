"""While the bot process is down Discord fails every click, so a Stop made in time never reaches
it: the next process gives the downtime back to a tank whose window was open (it reads when the
last process was last alive), and a process that stood still lets the clicks waiting in its
socket be judged before an overdue deadline fires (docs/tanker-clock.md)."""

from __future__ import annotations

import asyncio
import time

from bot.core.downtime import ALIVE_NAME
from bot.games.kero.rules import GRACE_MS, kero_state
from games.kero import actions as a
from games.kero.board import Phase
from tests.bot.conftest import Server
from tests.bot.keer_driver import live_here
from tests.bot.kero_driver import KeroDriver, empty_at, rolling

DOWN_MS = 23_000
"""How long the bot is down in the restart test (from 3 s before E to 20 s after it)."""


def tank_empties(driver: KeroDriver) -> int:
    """How often the tank's deadline applied `empty@E`."""
    return sum(isinstance(act, a.TankEmpty) for _, act in kero_state(driver.live.state).history)


async def test_the_bots_downtime_is_given_back_to_an_open_tank(timed_server: Server) -> None:
    driver = await rolling(timed_server)
    empty = empty_at(driver)
    driver.clock.now = (empty - 3_000) / 1000
    await timed_server.fake.disconnect(driver.bot)  # down with 3 s of KERO left
    alive = timed_server.db_path.parent / ALIVE_NAME
    assert int(alive.read_text()) == empty - 3_000

    driver.clock.now = (empty - 3_000 + DOWN_MS) / 1000
    again = await timed_server.start_bot(ai_think_ms=1_500)
    giving = again.runtime.downtime.giving
    assert giving is not None
    await giving
    await timed_server.fake.settle()
    live = live_here(again, timed_server)
    assert live is not None
    moved = KeroDriver(timed_server, again, live)
    assert empty_at(moved) == empty + DOWN_MS  # the 3 s left are left from now
    stop_at = empty - 3_000 + DOWN_MS + 1_000
    driver.clock.now = stop_at / 1000
    await timed_server.fake.click(
        again, moved.user(0), moved.message, moved.button_id(":act:stop@"), at_ms=stop_at
    )
    await timed_server.fake.settle()
    state = kero_state(live.state)
    assert state.phase is Phase.CAMP and state.camps[0].tank.level_ms == 2_000
    assert tank_empties(moved) == 0
    await timed_server.fake.disconnect(again)


async def test_a_tank_already_dry_when_the_bot_stopped_gets_nothing_back(
    timed_server: Server,
) -> None:
    driver = await rolling(timed_server)
    empty = empty_at(driver)
    driver.clock.now = (empty + 500) / 1000  # dry, its deadline not yet fired
    await timed_server.fake.disconnect(driver.bot)
    driver.clock.now = (empty + 10_000) / 1000
    again = await timed_server.start_bot(ai_think_ms=1_500)
    giving = again.runtime.downtime.giving
    assert giving is not None
    await giving
    live = live_here(again, timed_server)
    assert live is not None
    moved = KeroDriver(timed_server, again, live)
    assert empty_at(moved) == empty
    driver.clock.now = (empty + 30_000) / 1000  # past E, the grace and the unsynced wait
    await moved.fire_timer()
    assert tank_empties(moved) == 1
    await timed_server.fake.disconnect(again)


async def test_a_stop_waiting_in_the_socket_after_a_stall_is_judged_before_the_deadline(
    timed_server: Server,
) -> None:
    """The process stands still (a starved container) across E and its grace while Ana's Stop,
    clicked in time, waits to be read: it counts, and the deadline finds the window closed."""
    driver = await rolling(timed_server)
    bot, live, fake = driver.bot, driver.live, timed_server.fake
    empty = empty_at(driver)
    due_local = bot.runtime.clock_sync.local_ms_at(empty + GRACE_MS)
    driver.clock.now = (due_local - 200) / 1000  # the deadline is 0.2 s away
    bot.runtime.timers.rearm(live)
    loop = asyncio.get_running_loop()
    stop_id = driver.button_id(":act:stop@")

    def stall() -> None:
        """Nothing runs for 1.3 s; Discord's clock moves on meanwhile."""
        time.sleep(1.3)
        driver.clock.advance(1.3)

    clicks: list[asyncio.Task[object]] = []

    def click() -> None:
        """Ana's Stop, stamped 0.3 s before E, is the first thing waiting after the stall."""
        made = fake.click(bot, driver.user(0), driver.message, stop_id, at_ms=empty - 300)
        clicks.append(asyncio.create_task(made, name="fakediscord-bg-stall-click"))

    loop.call_later(0.05, stall)
    loop.call_later(0.1, click)  # ready together with the overdue timer once the stall ends
    timer = bot.runtime.timers.pending(live.id)
    assert timer is not None
    while not clicks:
        await asyncio.sleep(0.01)
    await asyncio.wait_for(clicks[0], 10)
    await asyncio.wait({timer}, timeout=5)  # fired, or cancelled by the Stop's re-arm
    await fake.settle()
    state = kero_state(live.state)
    assert tank_empties(driver) == 0
    assert state.phase is Phase.CAMP and state.camps[0].tank.level_ms == 300
    await fake.disconnect(bot)

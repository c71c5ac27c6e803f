"""Gateway outages while a Kero window is open: a click Discord held while the bot's gateway was
down counts by its snowflake time, the deadlines that judge clicks wait until the gateway has
been back for the grace, they fire once, and a resume with no window open changes nothing."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from typing import Any

from bot.games.kero.rules import GRACE_MS, KeroRules, kero_state
from fakediscord import InteractionResult
from games.kero import actions as a
from games.kero.board import Phase
from tests.bot.conftest import Server
from tests.bot.keer_driver import live_here
from tests.bot.kero_driver import (
    KeroDriver,
    challenge,
    drained_turn_of,
    empty_at,
    rolling,
)

OUTAGE_MS = 5_000
"""How long the gateway stays down (the reconnect in the issue took 5 s)."""


def in_flight(click: Coroutine[Any, Any, InteractionResult]) -> asyncio.Task[InteractionResult]:
    """A click made while the gateway is down: answered only after the resume (a background
    task, so `settle` does not wait for it meanwhile)."""
    return asyncio.create_task(click, name="fakediscord-bg-in-flight")


async def stop_at(driver: KeroDriver, at_ms: int) -> asyncio.Task[InteractionResult]:
    """Ana clicks Stop at Discord time `at_ms`; the click is on its way (held if the gateway is
    down)."""
    driver.clock.now = at_ms / 1000
    stop = driver.button_id(":act:stop@")
    fake, bot = driver.server.fake, driver.bot
    task = in_flight(fake.click(bot, driver.user(0), driver.message, stop, at_ms=at_ms))
    await asyncio.sleep(0)  # the interaction is created and handed to the gateway
    return task


def nothing_due(driver: KeroDriver) -> None:
    """Re-arm the match's timer after a clock jump during an outage: nothing may be due (no
    `settle` here: it would wait for the held click's answer)."""
    driver.bot.runtime.timers.rearm(driver.live)
    assert not driver.bot.runtime.timers.is_due(driver.live)


def tank_empties(driver: KeroDriver) -> int:
    """How often the tank's deadline applied `empty@E`."""
    return sum(isinstance(act, a.TankEmpty) for _, act in kero_state(driver.live.state).history)


async def test_a_stop_held_by_a_five_second_outage_counts(timed_server: Server) -> None:
    driver = await rolling(timed_server)
    fake, bot = timed_server.fake, driver.bot
    empty = empty_at(driver)
    driver.clock.now = (empty - 3_000) / 1000
    await fake.drop_gateway(bot)
    assert not bot.runtime.gateway.connected
    stop = await stop_at(driver, empty - 500)
    driver.clock.now = (empty - 3_000 + OUTAGE_MS) / 1000  # E + 2 s: past E and its grace
    nothing_due(driver)
    assert kero_state(driver.live.state).phase is Phase.ROLLING and tank_empties(driver) == 0
    await fake.resume_gateway(bot)
    res = await stop
    state = kero_state(driver.live.state)
    assert res.acknowledged and not res.ephemeral and state.phase is Phase.CAMP
    assert state.camps[0].tank.level_ms == 500  # the KERO left when Ana clicked
    driver.clock.now = (empty + OUTAGE_MS + 2 * GRACE_MS) / 1000
    await driver.fire_timer()
    assert tank_empties(driver) == 0


async def held_past_three_seconds(server: Server) -> KeroDriver:
    """Ana's Stop, stamped 0.5 s before E, held by a 5 s outage until 3.5 s after its click:
    Discord no longer takes its answer (10062), which is Discord's doing, not the bot's."""
    driver = await rolling(server)
    fake, bot = server.fake, driver.bot
    empty = empty_at(driver)
    driver.clock.now = (empty - 4_500) / 1000
    await fake.drop_gateway(bot)
    stop = await stop_at(driver, empty - 500)
    driver.clock.now = (empty + 3_000) / 1000
    nothing_due(driver)
    await fake.resume_gateway(bot)
    token = (await stop).interaction.token
    await fake.settle()
    refused = [v for v in fake.violations if token in v]
    assert len(refused) == 1 and "10062" in refused[0]
    fake.violations.remove(refused[0])
    return driver


async def test_a_stop_held_past_its_three_seconds_still_counts(timed_server: Server) -> None:
    driver = await held_past_three_seconds(timed_server)
    state = kero_state(driver.live.state)
    assert state.phase is Phase.CAMP and state.camps[0].tank.level_ms == 500
    assert tank_empties(driver) == 0


async def test_a_stop_held_past_its_three_seconds_moves_the_message_on(
    timed_server: Server,
) -> None:
    driver = await held_past_three_seconds(timed_server)
    assert not any((c.custom_id or "").endswith(":act:stop@") for c in driver.message.interactive())


async def test_the_deadline_fires_once_the_gateway_is_back_for_the_grace(
    timed_server: Server,
) -> None:
    driver = await rolling(timed_server)
    fake, bot, timers = timed_server.fake, driver.bot, driver.bot.runtime.timers
    empty = empty_at(driver)
    driver.clock.now = (empty - 1_000) / 1000
    await fake.drop_gateway(bot)
    back = empty - 1_000 + OUTAGE_MS
    driver.clock.now = back / 1000
    await driver.fire_timer()  # long past E + grace, but the gateway is down
    assert not timers.is_due(driver.live) and tank_empties(driver) == 0
    armed = timers.pending(driver.live.id)
    await fake.resume_gateway(bot)
    assert timers.pending(driver.live.id) not in (None, armed)  # re-armed by the resume
    driver.clock.now = (back + GRACE_MS - 100) / 1000
    await driver.fire_timer()
    assert kero_state(driver.live.state).phase is Phase.ROLLING
    driver.clock.now = (back + GRACE_MS + 1) / 1000
    await driver.fire_timer()
    assert tank_empties(driver) == 1
    assert a.TankEmpty(empty) in [act for _, act in kero_state(driver.live.state).history]
    for extra_s in (1, 10, 60):
        driver.clock.now = (back + GRACE_MS) / 1000 + extra_s
        await driver.wait_for_bot()
        await driver.fire_timer()
    assert tank_empties(driver) == 1


async def test_a_short_blip_still_waits_the_grace_after_the_resume(timed_server: Server) -> None:
    """Back 200 ms before E + grace: the deadline waits the grace from the resume."""
    driver = await rolling(timed_server)
    fake, bot = timed_server.fake, driver.bot
    empty = empty_at(driver)
    driver.clock.now = (empty + GRACE_MS - 1_000) / 1000
    await fake.drop_gateway(bot)
    back = empty + GRACE_MS - 200
    driver.clock.now = back / 1000
    await fake.resume_gateway(bot)
    driver.clock.now = (back + GRACE_MS - 1) / 1000
    await driver.fire_timer()
    assert tank_empties(driver) == 0
    driver.clock.now = (back + GRACE_MS) / 1000
    await driver.fire_timer()
    assert tank_empties(driver) == 1


async def test_a_resume_with_no_window_open_changes_nothing(timed_server: Server) -> None:
    driver = await rolling(timed_server)
    fake, bot = timed_server.fake, driver.bot
    await driver.press(0, "stop@")
    await fake.settle()
    assert kero_state(driver.live.state).phase is Phase.CAMP
    version, seen = driver.live.state.version, len(fake.requests)
    content = driver.message.text
    await fake.drop_gateway(bot)
    driver.clock.advance(OUTAGE_MS / 1000)
    await fake.resume_gateway(bot)
    await fake.settle()
    driver.clock.advance(2 * GRACE_MS / 1000)
    await driver.fire_timer()
    assert bot.runtime.gateway.connected and driver.live.state.version == version
    assert len(fake.requests) == seen and driver.message.text == content


async def test_a_live_throw_held_by_an_outage_counts(timed_server: Server) -> None:
    """Bo's throw, stamped before the bot would throw for him, arrives after the resume."""
    bot, driver = await challenge(timed_server, refuel="live")
    fake = timed_server.fake
    await drained_turn_of(driver, 0)
    state = kero_state(driver.live.state)
    state.camps[0].jerrycans = max(state.camps[0].jerrycans, 1)
    await driver.press(0, "fuel@")
    await fake.settle()
    assert kero_state(driver.live.state).phase is Phase.FUELING
    due = KeroRules().deadline(driver.live, synced=True)
    assert due is not None and due.action == a.AutoFuel(due.at_ms)
    await fake.drop_gateway(bot)
    driver.clock.now = (due.at_ms - 200) / 1000
    throw = driver.button_id(":act:throw@")
    click = fake.click(bot, driver.user(1), driver.message, throw, at_ms=due.at_ms - 200)
    held = in_flight(click)
    await asyncio.sleep(0)
    driver.clock.now = (due.at_ms + 2_000) / 1000
    nothing_due(driver)
    await fake.resume_gateway(bot)
    assert (await held).acknowledged
    history = [act for _, act in kero_state(driver.live.state).history]
    assert a.Throw(due.at_ms - 200) in history and due.action not in history
    await fake.disconnect(bot)


async def test_a_stop_held_by_an_outage_counts_over_the_loopback_gateway(
    timed_server: Server,
) -> None:
    """The unmodified `bot.start()`: the websocket is closed, discord.py reconnects and RESUMEs,
    and the Stop Discord held is replayed before RESUMED."""
    fake, clock = timed_server.fake, timed_server.clock
    assert clock is not None
    async with fake.loopback() as loop:
        bot = timed_server.new_bot(guild_ready_timeout=0.05, ai_think_ms=1_500)
        task = await loop.run_client(bot)
        await fake.slash(
            bot, timed_server.ana, timed_server.channel, "kero challenge", member=fake.bot
        )
        await fake.settle()
        live = live_here(bot, timed_server)
        assert live is not None
        driver = KeroDriver(timed_server, bot, live)
        await driver.wait_for_bot()
        await driver.press(0, "roll@")
        await fake.settle()
        empty = empty_at(driver)
        clock.now = (empty - 3_000) / 1000
        await fake.drop_gateway(bot)
        assert not bot.runtime.gateway.connected
        stop = await stop_at(driver, empty - 500)
        clock.now = (empty - 3_000 + OUTAGE_MS) / 1000
        nothing_due(driver)
        assert kero_state(live.state).phase is Phase.ROLLING
        await fake.resume_gateway(bot)
        res = await stop
        state = kero_state(live.state)
        assert res.acknowledged and state.phase is Phase.CAMP
        assert state.camps[0].tank.level_ms == 500 and tank_empties(driver) == 0
        assert bot.runtime.gateway.connected and bot.runtime.publisher.errors == []
        await fake.settle()
        await bot.close()
        await task

"""The tanker window in Discord: clicks are timed by their snowflakes, the deadline waits a
grace for clicks in flight, the bot's own latency is credited, and clock skew changes nothing."""

from __future__ import annotations

from typing import Any

import pytest

from bot.games.kero.rules import GRACE_MS, kero_state
from games.kero import actions as a
from games.kero.board import Phase
from tests.bot.conftest import Server, said
from tests.bot.kero_driver import KeroDriver, click_at, empty_at, rolling


async def reroll_at(driver: KeroDriver, at_ms: int):
    """Mark the first unburnt die and click Re-roll, stamped `at_ms`."""
    toggle = driver.first_toggle()
    await driver.server.fake.click(driver.bot, driver.user(0), driver.message, toggle)
    return await click_at(driver, "@", at_ms)


async def test_a_reroll_one_ms_before_the_tank_runs_dry_counts(timed_server: Server) -> None:
    driver = await rolling(timed_server)
    empty = empty_at(driver)
    res = await reroll_at(driver, empty - 1)
    assert not res.ephemeral
    history = kero_state(driver.live.state).history
    assert any(isinstance(act, a.Reroll) and act.at == empty - 1 for _, act in history)


async def test_a_reroll_one_ms_after_the_tank_runs_dry_does_not(timed_server: Server) -> None:
    driver = await rolling(timed_server)
    empty = empty_at(driver)
    version = driver.live.state.version
    res = await reroll_at(driver, empty + 1)
    assert res.ephemeral and "run dry" in said(res)
    assert driver.live.state.version == version


async def test_a_stop_stamped_before_empty_but_arriving_after_is_honoured(
    timed_server: Server,
) -> None:
    driver = await rolling(timed_server)
    empty = empty_at(driver)
    res = await click_at(driver, ":act:stop@", empty - 10, arrive_ms=empty + GRACE_MS - 200)
    state = kero_state(driver.live.state)
    assert not res.ephemeral and state.phase is Phase.CAMP
    assert state.camps[0].tank.level_ms == 10


async def test_the_deadline_waits_the_grace_then_empties_the_tank(timed_server: Server) -> None:
    driver = await rolling(timed_server)
    empty = empty_at(driver)
    driver.clock.now = (empty + GRACE_MS - 100) / 1000
    await driver.fire_timer()
    assert kero_state(driver.live.state).phase is Phase.ROLLING
    driver.clock.now = (empty + GRACE_MS + 1) / 1000
    await driver.fire_timer()
    state = kero_state(driver.live.state)
    after = [act for _, act in state.history][
        [act for _, act in state.history].index(a.TankEmpty(empty)) :
    ]
    assert any(isinstance(act, a.Flames) for act in after)  # the free refuel, white dice only
    assert state.active == 1 and state.camps[0].tank.level_ms > 0  # refuelled; the computer plays


async def test_the_bots_own_latency_is_credited_back(
    timed_server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    driver = await rolling(timed_server)
    service = driver.bot.runtime.service
    act = service.act

    async def slow(*args: Any, **kwargs: Any):
        driver.clock.advance(0.4)  # the bot takes 400 ms to store and answer
        return await act(*args, **kwargs)

    monkeypatch.setattr(service, "act", slow)
    before = empty_at(driver)
    await reroll_at(driver, round(driver.clock.now * 1000))
    await timed_server.fake.settle()
    window = kero_state(driver.live.state).turn.window
    assert window is not None and window.credit_ms == 400
    assert empty_at(driver) == before + 400


@pytest.mark.parametrize("skew_s", [-2.0, 0.0, 2.0])
async def test_a_bot_clock_two_seconds_off_changes_no_outcome(
    timed_server: Server, skew_s: float
) -> None:
    clock = timed_server.clock
    assert clock is not None
    driver = await rolling(timed_server, local_clock=lambda: clock.now + skew_s)
    empty = empty_at(driver)
    assert abs(driver.bot.runtime.clock_sync.offset_ms - skew_s * 1000) <= 1
    res = await reroll_at(driver, empty - 1)
    assert not res.ephemeral
    empty = empty_at(driver)
    driver.clock.now = (empty + GRACE_MS - 50) / 1000
    await driver.fire_timer()
    assert kero_state(driver.live.state).phase is Phase.ROLLING
    driver.clock.now = (empty + GRACE_MS + 50) / 1000
    await driver.fire_timer()
    assert a.TankEmpty(empty) in [act for _, act in kero_state(driver.live.state).history]

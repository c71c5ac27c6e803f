"""Live fuel-ups: the opponent's timed throws drive the refinery, with a fall-back to auto."""

from __future__ import annotations

import pytest

from games.common import CHANCE, Node, Reason
from games.kero import actions as a
from games.kero.board import Phase
from games.kero.state import KeroState

from .helpers import CAPACITY, NO_FLAMES, THROW_MS, T, forced_setup, kero, refused, roll

LOW = 10_000


def live_match() -> KeroState:
    state = KeroState({"fuel_up": "live"})
    state.apply(CHANCE, forced_setup(first=0))
    return state


def drain_to(state: KeroState, level: int) -> None:
    """Seat 0 rolls and stops so that `level` ms of KERO are left; seat 1 passes its turn."""
    roll(state, T, NO_FLAMES)
    state.apply(0, a.Stop(T + CAPACITY - level))
    state.apply(0, a.EndTurn())
    roll(state, T + CAPACITY, NO_FLAMES)
    state.apply(1, a.Stop(T + CAPACITY + 1_000))
    state.apply(1, a.EndTurn())
    assert state.active == 0 and kero(state, 0) == level


def test_a_live_fuel_up_needs_a_timestamp_and_auto_refuses_one() -> None:
    state = live_match()
    refused(state, 0, a.FuelUp(), Reason.WRONG_PHASE)
    auto = KeroState()
    auto.apply(CHANCE, forced_setup(first=0))
    refused(auto, 0, a.FuelUp(T), Reason.WRONG_PHASE)


def test_the_opponent_throws_and_the_kero_is_the_time_it_took() -> None:
    """KERO gained = the last throw's timestamp - the fuel-up's timestamp."""
    state = live_match()
    drain_to(state, LOW)
    start = T + 70_000
    state.apply(0, a.FuelUp(start))
    assert state.phase is Phase.FUELING and state.node() is Node.DECISION
    assert state.seats_to_act() == (1,)
    refused(state, 0, a.Throw(start + 1_000), Reason.NOT_YOUR_TURN)
    for i, flames in enumerate((3, 4, 1)):
        state.apply(1, a.Throw(start + 2_000 * (i + 1)))
        assert state.chance_due() == "flames"
        state.apply(CHANCE, a.Flames(flames))
    assert state.phase is Phase.START
    assert kero(state, 0) == LOW + 6_000


def test_a_throw_before_the_previous_one_is_refused() -> None:
    state = live_match()
    drain_to(state, LOW)
    start = T + 70_000
    state.apply(0, a.FuelUp(start))
    state.apply(1, a.Throw(start + 2_000))
    state.apply(CHANCE, a.Flames(0))
    refused(state, 1, a.Throw(start + 1_999), Reason.STALE)


def test_auto_takes_over_when_the_opponent_does_not_throw() -> None:
    """The time already spent counts (the quick first throw at its floor of 1,800 ms, then the
    5 s wait); the remaining throws are simulated at 1,800 ms each."""
    state = live_match()
    drain_to(state, LOW)
    start = T + 70_000
    state.apply(0, a.FuelUp(start))
    state.apply(1, a.Throw(start + 1_500))
    state.apply(CHANCE, a.Flames(5))
    state.apply(1, a.AutoFuel(start + 6_500))
    assert state.node() is Node.CHANCE
    refused(state, CHANCE, a.Throw(start + 7_000))
    state.apply(CHANCE, a.Flames(2))
    state.apply(CHANCE, a.Flames(1))
    assert state.phase is Phase.START
    assert kero(state, 0) == LOW + THROW_MS + 5_000 + 2 * THROW_MS


def test_a_live_fuel_up_is_capped_at_capacity() -> None:
    state = live_match()
    drain_to(state, 50_000)
    start = T + 70_000
    state.apply(0, a.FuelUp(start))
    state.apply(1, a.Throw(start + 30_000))
    state.apply(CHANCE, a.Flames(8))
    assert kero(state, 0) == CAPACITY


@pytest.mark.parametrize("action", [a.Throw(T), a.AutoFuel(T)])
def test_throws_belong_to_a_live_fuel_up(action: a.Action) -> None:
    state = live_match()
    refused(state, 1, action, Reason.NOT_YOUR_TURN)
    refused(state, 0, action, Reason.WRONG_PHASE)


def test_the_outage_refuel_is_thrown_live_from_the_empty_moment() -> None:
    state = live_match()
    roll(state, T, NO_FLAMES)
    empty = T + CAPACITY
    state.apply(0, a.TankEmpty(empty))
    assert state.seats_to_act() == (1,)
    assert state.turn.fuel is not None and state.turn.fuel.dice == 5
    state.apply(1, a.Throw(empty + 4_000))
    state.apply(CHANCE, a.Flames(5))
    assert state.active == 1 and kero(state, 0) == 4_000


def test_a_fast_thrower_cannot_shrink_the_refuel_below_one_cadence_per_throw() -> None:
    """Each live throw pours at least 1,800 ms (the auto cadence): throws stamped at the fuel-up's
    own millisecond, or 300 ms apart, gain as much as auto would; slower throws gain their time."""
    state = live_match()
    drain_to(state, LOW)
    start = T + 70_000
    state.apply(0, a.FuelUp(start))
    for at, flames in ((start, 3), (start + 300, 2), (start + 4_300, 3)):
        state.apply(1, a.Throw(at))
        state.apply(CHANCE, a.Flames(flames))
    assert state.phase is Phase.START
    assert kero(state, 0) == LOW + THROW_MS + THROW_MS + 4_000


def test_a_free_refuel_thrown_at_the_empty_moment_still_pours_kero() -> None:
    """After an outage, a throw stamped at E itself still fills one cadence: a clan with no
    jerrycan is never left with an empty tank and nothing to do."""
    state = live_match()
    roll(state, T, NO_FLAMES)
    empty = T + CAPACITY
    state.apply(0, a.TankEmpty(empty))
    state.apply(1, a.Throw(empty))
    state.apply(CHANCE, a.Flames(5))
    assert state.active == 1 and kero(state, 0) == THROW_MS

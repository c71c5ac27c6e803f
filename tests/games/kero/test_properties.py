"""Property tests: random legal play (with random timing and outages) keeps every invariant,
and replaying the history rebuilds the identical state."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.common import CHANCE, ChanceRng, Node
from games.kero import actions as a
from games.kero.state import KeroState
from tests.games.kero.helpers import check_invariants

MAX_STEPS = 6_000
PROPERTY = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def play_randomly(data: st.DataObject) -> KeroState:
    """Hypothesis picks every decision and every delay; dice come from a seeded stream."""
    state = KeroState(
        {
            "variant": data.draw(st.sampled_from(["base", "boss"]), label="variant"),
            "fuel_up": data.draw(st.sampled_from(["auto", "live"]), label="fuel_up"),
        }
    )
    rng = ChanceRng(data.draw(st.integers(0, 2**32), label="seed"))
    for _ in range(MAX_STEPS):
        if state.is_terminal():
            return state
        if state.node() is Node.CHANCE:
            state.apply(CHANCE, state.sample_chance(rng))
        else:
            _decide(state, data)
        check_invariants(state)
    raise AssertionError("the match did not end")


def _decide(state: KeroState, data: st.DataObject) -> None:
    seat = state.seats_to_act()[0]
    legal = state.legal_actions(seat)
    assert legal, f"seat {seat} must have an action in {state.phase}"
    action = data.draw(st.sampled_from(legal))
    if getattr(action, "at", None) is not None:
        delay = data.draw(st.integers(0, 25_000), label="delay")
        action = replace(action, at=action.at + delay)
        window = state.turn.window
        if window is not None and not isinstance(action, a.Roll) and action.at >= window.empty_at:
            action = a.TankEmpty(window.empty_at)
    assert a.parse_action(action.to_text()) == action
    before = state.version
    state.apply(seat, action)
    assert state.version == before + 1


@PROPERTY
@given(data=st.data())
def test_random_play_keeps_every_invariant_and_ends(data: st.DataObject) -> None:
    state = play_randomly(data)
    outcome = state.outcome()
    assert outcome is not None and state.claims == 3
    assert outcome.winners and all(s in (0, 1) for s in outcome.winners)


@PROPERTY
@given(data=st.data())
def test_replaying_the_history_rebuilds_the_identical_state(data: st.DataObject) -> None:
    state = play_randomly(data)
    again = KeroState({"variant": state.variant, "fuel_up": state.fuel_mode})
    for seat, action in state.history:
        again.apply(seat, a.parse_action(action.to_text()))
    assert again.summary() == state.summary()
    assert again.history == state.history

"""Property tests: random legal play (with random timing and outages) keeps every invariant,
and replaying the history rebuilds the identical state."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.common import CHANCE, ChanceRng, Node
from games.kero import actions as a
from games.kero.state import KeroState

MAX_STEPS = 6_000
PROPERTY = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def check_invariants(state: KeroState) -> None:
    """Nothing is created or lost, nothing goes negative, the tanks stay in range."""
    box = state.box
    supply = box.supply
    assert state.version == len(state.history)
    assert state.jerrycans + sum(c.jerrycans for c in state.camps) == supply.jerrycans
    assert state.jerrycans >= 0 and all(c.jerrycans >= 0 for c in state.camps)
    for seat, camp in enumerate(state.camps):
        out = sum(counts[seat] for counts in state.explorers)
        assert camp.explorers + out == supply.explorers_per_clan
        assert 0 <= camp.tank.level_ms <= supply.tank_capacity_ms
        assert len(camp.tiles) <= supply.max_ability_tiles
    if state.chance_due() == "setup":
        return
    cards = [*state.deck, *(c for c in state.row if c), *state.discard]
    cards += [c for camp in state.camps for c in camp.cards]
    assert sorted(cards) == sorted(box.cards_by_id), "every card is somewhere, once"
    territories = [*state.territory_pile, *(t for t in state.territories if t), *state.boxed]
    territories += [t for camp in state.camps for t in camp.territories]
    assert sorted(territories) == sorted(box.territories_by_id)
    tuareks = [*state.tuarek_pile, *state.tuarek_used, *(t for c in state.camps for t in c.tuareks)]
    armed = sum(c.armed for c in state.camps)
    assert len(tuareks) + armed == sum(t.count for t in box.tuareks)
    pool = state.turn.pool
    assert min(pool.as_tuple()) >= 0
    for seat, camp in enumerate(state.camps):
        if camp.boss_slot is not None:
            assert camp.boss_side and state.explorers[camp.boss_slot][seat] >= 1
        if state.variant == "base":
            assert not camp.boss_side


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

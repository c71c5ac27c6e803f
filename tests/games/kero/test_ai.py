"""The Kero computer player: always legal, finishes games, and uses what the rules offer."""

from __future__ import annotations

from collections import Counter

import pytest

from games.common import ChanceRng
from games.common.play import play_out, step
from games.kero import actions as a
from games.kero.ai import KeroAI
from games.kero.state import KeroState


@pytest.mark.parametrize("variant", ["base", "boss"])
def test_every_ai_choice_is_accepted_by_the_rules(variant: str) -> None:
    for seed in range(6):
        state = KeroState({"variant": variant})
        ai = KeroAI()
        rng = ChanceRng(f"ai-legal/{seed}")
        while not state.is_terminal():
            for seat in state.seats_to_act():
                trial = state.clone()
                trial.apply(seat, ai.choose(state, seat))
            step(state, [ai, ai], rng)
        assert state.claims == 3


def kinds_played(variant: str, matches: int) -> Counter[str]:
    seen: Counter[str] = Counter()
    for seed in range(matches):
        state = KeroState({"variant": variant})
        play_out(state, [KeroAI(), KeroAI()], ChanceRng(f"ai-kinds/{seed}"))
        for _, action in state.history:
            name = type(action).__name__
            seen[f"{name}:{action.tuarek}" if isinstance(action, a.Play) else name] += 1
    return seen


def test_the_ai_refuels_rerolls_buys_places_and_uses_tuareks() -> None:
    seen = kinds_played("boss", 12)
    for kind in ("FuelUp", "Reroll", "Stop", "Take", "Place", "Play:dust_storm", "Play:trader"):
        assert seen[kind] > 0, (kind, seen)


def test_the_ai_activates_its_boss_on_a_tie() -> None:
    seen = kinds_played("boss", 40)
    assert seen["BossChoice"] > 0, seen


def test_the_same_seed_plays_the_same_match() -> None:
    first, second = KeroState(), KeroState()
    play_out(first, [KeroAI(), KeroAI()], ChanceRng(7))
    play_out(second, [KeroAI(), KeroAI()], ChanceRng(7))
    assert first.history == second.history

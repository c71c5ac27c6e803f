"""The computer player: always legal, deterministic, and stronger than a greedy one."""

from __future__ import annotations

import pytest

from games.common import ChanceRng
from games.common.play import play_out, step
from games.keer_kids import GreedyAI, HeuristicAI, new_match


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_ai_choice_is_legal(players: int) -> None:
    for seed in range(15):
        state = new_match(players)
        ai = HeuristicAI()
        rng = ChanceRng(f"legal/{seed}")
        while not state.is_terminal():
            for seat in state.seats_to_act():
                assert ai.choose(state, seat) in state.legal_actions(seat)
            step(state, [ai] * players, rng)


def test_the_same_seed_plays_the_same_match() -> None:
    first, second = new_match(3), new_match(3)
    play_out(first, [HeuristicAI()] * 3, ChanceRng(3))
    play_out(second, [HeuristicAI()] * 3, ChanceRng(3))
    assert first.history == second.history


def head_to_head(players: int, matches: int) -> tuple[int, int]:
    """Wins of (heuristic, greedy), seats alternating so neither always rolls first."""
    wins = [0, 0]
    for i in range(matches):
        policies = [HeuristicAI() if (seat + i) % 2 == 0 else GreedyAI() for seat in range(players)]
        state = new_match(players)
        play_out(state, policies, ChanceRng(f"h2h/{i}"))
        outcome = state.outcome()
        assert outcome is not None
        for seat in outcome.winners:
            wins[isinstance(policies[seat], GreedyAI)] += 1
    return wins[0], wins[1]


@pytest.mark.parametrize("players", [2, 4])
def test_heuristic_beats_greedy(players: int) -> None:
    heuristic, greedy = head_to_head(players, 120)
    assert heuristic > 3 * greedy, (heuristic, greedy)

"""The computer's levels: legal to the end, deterministic, within budget, and sensible."""

from __future__ import annotations

import pytest

from games.common import CHANCE, ChanceRng
from games.common.levels import Budget, Level
from games.common.play import step
from games.common.protocol import Policy
from games.keer_kids import (
    Cross,
    EasyAI,
    HardAI,
    HeuristicAI,
    KeerState,
    Roll,
    Skip,
    computer,
    new_match,
)
from games.keer_kids.ai import Weights
from games.keer_kids.dice import PURPLE
from games.keer_kids.search import FACE_INDEX, Sim

from .helpers import (
    CROCODILE_PATH,
    colour,
    cross_path,
    cross_paths,
    force_crossed,
    snapshot,
    to_choose,
)

SMALL = Budget(playouts=24)


def play_checked(state: KeerState, policies: list[Policy], seed: str) -> None:
    """Play to the end, asserting every action a policy picks is legal."""
    rng = ChanceRng(seed)
    while not state.is_terminal():
        for seat in state.seats_to_act():
            action = policies[seat].choose(state, seat)
            assert action in state.legal_actions(seat), (seat, action)
        step(state, policies, rng)


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("level", list(Level))
def test_every_level_plays_whole_matches_with_legal_actions(players: int, level: Level) -> None:
    for match in range(2):
        state = new_match(players)
        policies = [computer(level, SMALL, f"legal/{match}/{seat}") for seat in range(players)]
        play_checked(state, policies, f"levels/{level}/{players}/{match}")
        assert state.outcome() is not None


def test_normal_is_the_heuristic_player() -> None:
    assert isinstance(computer(Level.NORMAL), HeuristicAI)
    assert isinstance(computer(), HeuristicAI)
    assert isinstance(computer(Level.EASY), EasyAI)
    assert isinstance(computer(Level.HARD), HardAI)


def test_levels_mix_in_one_match() -> None:
    state = new_match(3)
    policies = [computer(level, SMALL, "mix") for level in Level]
    play_checked(state, policies, "mix")


def test_hard_is_deterministic_without_a_clock() -> None:
    histories = []
    for _ in range(2):
        state = new_match(2)
        play_checked(state, [HardAI(SMALL, "same"), HeuristicAI()], "det")
        histories.append(state.history)
    assert histories[0] == histories[1]


def test_a_different_seed_may_search_differently_but_stays_legal() -> None:
    state = new_match(2)
    play_checked(state, [HardAI(SMALL, "one"), HardAI(SMALL, "two")], "seeds")


def test_hard_answers_at_once_with_a_single_legal_action() -> None:
    state = new_match(2)
    state.players[1].marks = state.sheet.total_marks  # purple no longer fits seat 1
    to_choose(state, ("red", "green", PURPLE), 0)
    assert state.legal_actions(1) == [Cross(1, "C4")]  # the only green star enclosure
    hard = HardAI(Budget(playouts=10_000))
    assert hard.choose(state, 1) == Cross(1, "C4")
    assert hard.playouts_done == 0


def test_hard_answers_skip_at_once_when_nothing_fits() -> None:
    state = new_match(2)
    state.players[1].marks = state.sheet.total_marks
    to_choose(state, ("blue", PURPLE, PURPLE), 0)
    hard = HardAI(Budget(playouts=10_000))
    assert hard.choose(state, 1) == Skip()
    assert hard.playouts_done == 0


class FakeClock:
    """CPU seconds that advance by a fixed step every time they are read."""

    def __init__(self, step: float) -> None:
        self.now, self.step, self.reads = 0.0, step, 0

    def __call__(self) -> float:
        self.now += self.step
        self.reads += 1
        return self.now


def a_choice_with_options() -> KeerState:
    """Mid-match, seat 0 rolled and kept: the others have several crossings to weigh."""
    state = new_match(4)
    rng = ChanceRng("options")
    ai = HeuristicAI()
    while state.rolls < 6 or len(state.legal_actions(1)) < 3:
        step(state, [ai] * 4, rng)
        if state.is_terminal():
            raise AssertionError("the match ended before a position with options")
    return state


def test_the_deadline_stops_a_search() -> None:
    state = a_choice_with_options()
    # 100 ms allowance, 30 ms per read: the deadline passes after a few checks.
    clock = FakeClock(0.030)
    hard = HardAI(Budget(playouts=100_000, cpu_ms=100.0, clock=clock))
    action = hard.choose(state, 1)
    assert action in state.legal_actions(1)
    assert 0 < hard.playouts_done < 100
    assert clock.reads < 10


def test_without_a_clock_the_playouts_bound_the_search() -> None:
    state = a_choice_with_options()
    hard = HardAI(Budget(playouts=40))
    hard.choose(state, 1)
    assert 40 <= hard.playouts_done < 40 + len(state.legal_actions(1))


def test_hard_does_not_change_the_state_it_is_given() -> None:
    state = a_choice_with_options()
    before = snapshot(state)
    for seat in state.seats_to_act():
        HardAI(SMALL).choose(state, seat)
    assert snapshot(state) == before


def test_hard_keeps_without_changing_the_state() -> None:
    state = new_match(3)
    state.apply(CHANCE, Roll(("blue", "red", "green")))
    before = snapshot(state)
    action = HardAI(SMALL).choose(state, 0)
    assert action in state.legal_actions(0)
    assert snapshot(state) == before


def test_easy_never_stalls_and_is_deterministic() -> None:
    for players in (2, 3, 4):
        first, second = new_match(players), new_match(players)
        play_checked(first, [EasyAI("kid") for _ in range(players)], f"easy/{players}")
        play_checked(second, [EasyAI("kid") for _ in range(players)], f"easy/{players}")
        assert first.history == second.history


def test_easy_takes_the_circles_it_sees() -> None:
    state = new_match(2)
    cross_path(state, 1, CROCODILE_PATH[:-1])
    last = CROCODILE_PATH[-1]
    to_choose(state, ("blue", colour(state, last), PURPLE), 0)
    action = EasyAI("kid").choose(state, 1)
    assert action == Cross(1, last)


def test_hard_takes_an_obviously_winning_crossing() -> None:
    """Both seats lack one lion of their second animal; seat 1 can end the match now, ahead."""
    state = new_match(2)
    cross_paths(state, {0: CROCODILE_PATH, 1: CROCODILE_PATH})  # a crocodile each, level
    for seat in (0, 1):
        force_crossed(state, seat, ("E3", "L2", "E4", "L6"))  # all of the lion but L4
    state.roller = 0  # seat 0 keeps blue (no prize); seat 1 picks from yellow and red
    to_choose(state, ("blue", colour(state, "L4"), "red"), 0)
    assert state.circles(0) == state.circles(1)
    legal = state.legal_actions(1)
    assert Cross(1, "L4") in legal and len(legal) > 1
    assert HardAI(Budget(playouts=60), "win").choose(state, 1) == Cross(1, "L4")


@pytest.mark.parametrize("players", [3, 4])
def test_the_lean_playout_copy_plays_as_the_heuristic_and_scores_as_the_engine(
    players: int,
) -> None:
    """With 3-4 players the heuristic has no denial term, so on the same rolls a Sim's playout
    crosses what HeuristicAI crosses and ends on the engine's scores."""
    for match in range(3):
        state = new_match(players)
        play_checked(state, [HeuristicAI()] * players, f"lean/{players}/{match}")
        rolls = [a.dice for seat, a in state.history if seat == CHANCE and isinstance(a, Roll)]
        sim = Sim(new_match(players), Weights())
        sim.play_out([FACE_INDEX[face] for dice in rolls for face in dice])
        outcome = state.outcome()
        assert outcome is not None
        assert sim.score == list(outcome.scores)
        assert sim.crossed == [p.crossed for p in state.players]
        assert sim.marks == [p.marks for p in state.players]

"""The hard computer player: flat Monte-Carlo over the heuristic's best few actions.

Each candidate is played out to the end of the match many times on a lean copy (`search.Sim`):
dice are sampled from a ChanceRng seeded by (seed, version, seat), every seat then plays
the heuristic's valuation, and the candidate with the best mean result is taken. Every candidate
sees the same sampled dice in a given round (common random numbers), so their difference is
measured with far less noise than their means. The others' choices of the roll in play are
predicted, never read: choices are simultaneous, and the state holds those already made.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from games.common.levels import Budget
from games.common.protocol import Seat
from games.common.rng import ChanceRng
from games.keer_kids.actions import Action, Cross, Keep, Mark
from games.keer_kids.ai import Weights
from games.keer_kids.dice import LEFT_WHEN_KEPT
from games.keer_kids.rules import Phase
from games.keer_kids.search import FACE_INDEX, NO_TARGET, PURPLE_FACE, Sim
from games.keer_kids.state import KeerState

STREAM_ROLLS: Final = 40
"""Rolls sampled ahead per round: more than any match lasts (about 23, at most about 31)."""
FACES_PER_DIE: Final = 6


@dataclass(frozen=True, slots=True)
class Settings:
    """Tunable knobs of the search."""

    candidates: int = 4
    """Only this many of the heuristic's best actions are searched."""
    margin: float = 0.02
    """Worth of one point of score lead (ahead of the best other seat) beside a win's 1."""


@dataclass(frozen=True, slots=True)
class _Candidate:
    """A root action and how the root roll resolves for the searching seat."""

    action: Action
    prior: float
    face: int
    target: int


class HardAI:
    """Plays out sampled futures of the match for each of its best few actions."""

    def __init__(
        self,
        budget: Budget | None = None,
        seed: str = "",
        settings: Settings | None = None,
        weights: Weights | None = None,
    ) -> None:
        self.budget = budget or Budget()
        self.seed = seed
        self.settings = settings or Settings()
        self.weights = weights or Weights()
        self.playouts_done = 0
        """Playouts the last decision ran (the deadline may stop it before the budget)."""

    def choose(self, state: KeerState, seat: Seat) -> Action:
        """The action this seat takes now (the state must be waiting for it)."""
        legal = state.legal_actions(seat)
        self.playouts_done = 0
        if len(legal) == 1:
            return legal[0]
        root = Sim(state, self.weights)
        candidates = _candidates(state, root, seat, legal)[: self.settings.candidates]
        if len(candidates) == 1:
            return candidates[0].action
        means = self._search(state, root, seat, candidates)
        best = max(range(len(candidates)), key=lambda i: (means[i], -i))
        return candidates[best].action

    def _search(
        self, state: KeerState, root: Sim, seat: Seat, candidates: list[_Candidate]
    ) -> list[float]:
        """Mean result per candidate over round-robin playouts within the budget."""
        starts = [self._after(state, root, seat, c) for c in candidates]
        rng = ChanceRng(f"{self.seed}:{state.version}:{seat}")
        sizes = (FACES_PER_DIE,) * (3 * STREAM_ROLLS)
        totals = [0.0] * len(candidates)
        done = [0] * len(candidates)
        expired: Callable[[], bool] = self.budget.deadline()
        limit = max(self.budget.playouts, len(candidates))
        spent = 0
        while spent < limit and not expired():
            stream = rng.draw(spent, sizes)
            for i, start in enumerate(starts):
                sim = start.copy()
                sim.play_out(stream)
                totals[i] += self._result(sim, seat)
                done[i] += 1
            spent += len(candidates)
        self.playouts_done = spent
        return [totals[i] / done[i] if done[i] else 0.0 for i in range(len(candidates))]

    def _after(self, state: KeerState, root: Sim, seat: Seat, candidate: _Candidate) -> Sim:
        """The lean match once the root roll resolves with this candidate."""
        sim = root.copy()
        assert state.dice is not None
        dice = tuple(FACE_INDEX[face] for face in state.dice)
        if state.phase is Phase.KEEP:
            assert isinstance(candidate.action, Keep)
            kept = candidate.action.die
        else:
            assert state.kept is not None
            kept = state.kept
        left = tuple(dice[d] for d in LEFT_WHEN_KEPT[kept])
        choices = []
        for other in range(sim.n):
            if other == seat and state.phase is Phase.CHOOSE:
                choices.append((candidate.face, candidate.target))
            else:
                choices.append(sim.choose(other, (dice[kept],) if other == sim.roller else left))
        sim.resolve(choices)
        return sim

    def _result(self, sim: Sim, seat: Seat) -> float:
        """1 for a win (shared or not), plus a little per point of lead or behind."""
        mine = sim.score[seat]
        best_other = max(s for i, s in enumerate(sim.score) if i != seat)
        return (mine >= best_other) + self.settings.margin * (mine - best_other)


def _candidates(state: KeerState, root: Sim, seat: Seat, legal: list[Action]) -> list[_Candidate]:
    """The distinct legal actions, best first by the heuristic's valuation."""
    assert state.dice is not None
    seen: set[tuple[int, int]] = set()
    out: list[_Candidate] = []
    for action in legal:
        face, target, prior = _describe(state, root, seat, action)
        if (face, target) in seen:
            continue
        seen.add((face, target))
        out.append(_Candidate(action, prior, face, target))
    out.sort(key=lambda c: -c.prior)
    return out


def _describe(state: KeerState, root: Sim, seat: Seat, action: Action) -> tuple[int, int, float]:
    """(face, enclosure, worth) of a legal action; a Keep is worth its face's best use."""
    assert state.dice is not None
    if isinstance(action, Keep):
        face = FACE_INDEX[state.dice[action.die]]
        return face, NO_TARGET, root.best(seat, face)[0]
    if isinstance(action, Cross):
        target = state.sheet.by_id[action.enclosure]
        return FACE_INDEX[state.dice[action.die]], target, root.value(seat, target)
    if isinstance(action, Mark):
        if action.chameleon is None:
            return PURPLE_FACE, NO_TARGET, root.best(seat, PURPLE_FACE)[0]
        target = state.sheet.by_id[action.chameleon]
        return PURPLE_FACE, target, root.value(seat, target)
    return -1, NO_TARGET, 0.0

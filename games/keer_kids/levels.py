"""The computer players of Keer op Keer Kids by level: easy, normal (the heuristic) and hard."""

from __future__ import annotations

from collections.abc import Sequence

from games.common.levels import Budget, Level
from games.common.protocol import Policy, Seat
from games.common.rng import ChanceRng
from games.keer_kids.actions import Action, Cross, Keep, Mark
from games.keer_kids.ai import HeuristicAI
from games.keer_kids.dice import COLOURS, PURPLE
from games.keer_kids.hard import HardAI
from games.keer_kids.state import KeerState


def computer(level: Level = Level.NORMAL, budget: Budget | None = None, seed: str = "") -> Policy:
    """The computer player of a level; `budget` bounds only the hard one's search."""
    if level is Level.EASY:
        return EasyAI(seed)
    if level is Level.HARD:
        return HardAI(budget, seed)
    return HeuristicAI()


class EasyAI:
    """Beatable by a child: takes circles it sees now, else its favourite colour, else anything.

    No look-ahead and no thought for the others. Its random picks come from a ChanceRng seeded
    by (seed, version, seat), so the same state always gets the same answer.
    """

    def __init__(self, seed: str = "") -> None:
        self.seed = seed

    def favourite(self, seat: Seat) -> str:
        """The colour this seat likes best (fixed for the seed and seat)."""
        return COLOURS[ChanceRng(f"{self.seed}:favourite:{seat}").draw(0, (len(COLOURS),))[0]]

    def choose(self, state: KeerState, seat: Seat) -> Action:
        """A legal action for the seat: an obvious one if it sees one."""
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        scored = [(_circles_now(state, seat, action), action) for action in legal]
        most = max(points for points, _ in scored)
        if most > 0:
            picks = [action for points, action in scored if points == most]
        else:
            liked = [a for a in legal if _face(state, a) == self.favourite(seat)]
            picks = liked or _prefer_crossing(state, legal)
        rng = ChanceRng(f"{self.seed}:{state.version}:{seat}")
        return picks[rng.draw(0, (len(picks),))[0]]


def _face(state: KeerState, action: Action) -> str | None:
    """The face of the die an action uses."""
    assert state.dice is not None
    if isinstance(action, Keep | Cross | Mark):
        return state.dice[action.die]
    return None


def _prefer_crossing(state: KeerState, legal: Sequence[Action]) -> list[Action]:
    """A child likes crossing an enclosure more than a mark: colours before purple."""
    colours = [a for a in legal if _face(state, a) != PURPLE]
    return colours or list(legal)


def _circles_now(state: KeerState, seat: Seat, action: Action) -> int:
    """Circles the action earns on this roll (a kept die: the best its colour earns)."""
    player, sheet = state.players[seat], state.sheet
    if isinstance(action, Keep):
        assert state.dice is not None
        face = state.dice[action.die]
        if face == PURPLE:
            return 0
        mask = player.reachable() & sheet.colour_masks[face]
        return max((_points(state, seat, i) for i in _bits(mask)), default=0)
    if isinstance(action, Cross):
        return _points(state, seat, sheet.by_id[action.enclosure])
    if isinstance(action, Mark) and action.chameleon is not None:
        return _points(state, seat, sheet.by_id[action.chameleon])
    return 0


def _points(state: KeerState, seat: Seat, index: int) -> int:
    """Circles crossing enclosure `index` earns (a visitor counted while nobody has it)."""
    sheet = state.sheet
    after = state.players[seat].crossed | 1 << index
    enclosure = sheet.enclosures[index]
    points = 0
    for column in enclosure.columns:
        if sheet.column_masks[column] & ~after == 0:
            points += sheet.buckets[column] + (not state.visitors_gone >> column & 1)
    if sheet.animal_masks[enclosure.animal] & ~after == 0:
        points += sheet.food_per_animal
    return points


def _bits(mask: int) -> list[int]:
    """The indices of the set bits of a mask."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out

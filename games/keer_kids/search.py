"""A lean copy of a match for playouts: sheets as bare bitmasks, the heuristic's valuation inlined.

Rollouts dominate a searching player's time, so they skip the engine's validation, events and
history: a `Sim` holds per seat only what scoring and reachability need, faces are numbers
(0-4 colours in FACES order, 5 purple), and `best` values a face the way HeuristicAI does
(prize progress discounted per enclosure still open, room opened, a finish bonus or penalty).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Final

from games.keer_kids.ai import Weights, column_prizes, gain_table
from games.keer_kids.dice import FACES, LEFT_WHEN_KEPT, PURPLE
from games.keer_kids.rules import ANIMALS_TO_END
from games.keer_kids.sheet import Sheet
from games.keer_kids.state import KeerState

NOTHING: Final = -1e9
PURPLE_FACE: Final = FACES.index(PURPLE)
FACE_INDEX: Final = {face: i for i, face in enumerate(FACES)}
NO_TARGET: Final = -1


@dataclass(frozen=True, slots=True)
class Tables:
    """Per-sheet lookups the playouts index instead of walking dataclasses."""

    face_masks: tuple[int, ...]
    """Per face: the enclosures of its colour (0 for purple)."""
    columns: tuple[tuple[tuple[int, int], ...], ...]
    """Per enclosure: (column mask, column) for every column it touches."""
    animal_mask: tuple[int, ...]
    neighbours: tuple[int, ...]
    buckets: tuple[int, ...]
    food: int
    total_marks: int
    marks_per_chameleon: int
    all_mask: int


@cache
def tables(sheet: Sheet) -> Tables:
    """The lookups for one sheet (sheets are immutable and compared by identity)."""
    face_masks = tuple(sheet.colour_masks.get(face, 0) for face in FACES)
    return Tables(
        face_masks=face_masks,
        columns=tuple(
            tuple((sheet.column_masks[c], c) for c in e.columns) for e in sheet.enclosures
        ),
        animal_mask=tuple(sheet.animal_masks[e.animal] for e in sheet.enclosures),
        neighbours=sheet.neighbours,
        buckets=sheet.buckets,
        food=sheet.food_per_animal,
        total_marks=sheet.total_marks,
        marks_per_chameleon=sheet.marks_per_chameleon,
        all_mask=(1 << len(sheet.enclosures)) - 1,
    )


class Sim:
    """A match reduced to bitmasks and counts; `play_roll` plays one roll with the policy."""

    __slots__ = (
        "animals",
        "columns",
        "crossed",
        "frontier",
        "gone",
        "marks",
        "n",
        "over",
        "prizes",
        "roller",
        "score",
        "sheet",
        "t",
        "w",
    )

    def __init__(self, state: KeerState, weights: Weights) -> None:
        self.sheet = state.sheet
        self.t = tables(state.sheet)
        self.w = weights
        self.n = state.num_players
        players = state.players
        self.crossed = [p.crossed for p in players]
        self.frontier = [p.frontier for p in players]
        self.marks = [p.marks for p in players]
        self.columns = [p.columns for p in players]
        self.animals = [len(p.animals) for p in players]
        self.score = [state.circles(s).total for s in range(self.n)]
        self.gone = state.visitors_gone
        self.prizes = column_prizes(self.sheet, self.gone)
        self.roller = state.roller
        self.over = state.is_terminal()

    def copy(self) -> Sim:
        """An independent copy (tables and weights are shared: they are immutable)."""
        other = Sim.__new__(Sim)
        other.sheet, other.t, other.w, other.n = self.sheet, self.t, self.w, self.n
        other.crossed, other.frontier = self.crossed[:], self.frontier[:]
        other.marks, other.columns = self.marks[:], self.columns[:]
        other.animals, other.score = self.animals[:], self.score[:]
        other.gone, other.prizes = self.gone, self.prizes
        other.roller, other.over = self.roller, self.over
        return other

    def best(self, seat: int, face: int) -> tuple[float, int]:
        """The seat's best use of a face now: (worth, enclosure or NO_TARGET); NOTHING if none."""
        t = self.t
        if face == PURPLE_FACE:
            marks = self.marks[seat]
            if marks >= t.total_marks:
                return NOTHING, NO_TARGET
            if (marks + 1) % t.marks_per_chameleon:
                return self.w.mark, NO_TARGET
            mask = self.frontier[seat] & ~self.crossed[seat]
            if not mask:
                return 0.0, NO_TARGET
            value, target = self.best_in(seat, mask)
            return max(value, 0.0), target
        mask = self.frontier[seat] & ~self.crossed[seat] & t.face_masks[face]
        if not mask:
            return NOTHING, NO_TARGET
        return self.best_in(seat, mask)

    def best_in(self, seat: int, mask: int) -> tuple[float, int]:
        """The enclosure of `mask` most worth crossing for the seat, and its worth.

        `value` inlined: this loop is where playouts spend their time.
        """
        t, w = self.t, self.w
        gain, prizes = gain_table(w.discount), self.prizes
        columns, animal_mask, neighbours = t.columns, t.animal_mask, t.neighbours
        open_, closed, room = ~self.crossed[seat], ~self.frontier[seat], w.room
        food = t.food
        finishing = self.animals[seat] + 1 >= ANIMALS_TO_END
        best_value, best_target = NOTHING, NO_TARGET
        while mask:
            low = mask & -mask
            index = low.bit_length() - 1
            mask ^= low
            value = room * (neighbours[index] & closed).bit_count()
            for column_mask, column in columns[index]:
                value += prizes[column] * gain[(column_mask & open_).bit_count()]
            remaining = (animal_mask[index] & open_).bit_count()
            value += food * gain[remaining]
            if remaining == 1 and finishing:
                value += self.finish_bonus(seat, index)
            if value > best_value:
                best_value, best_target = value, index
        return best_value, best_target

    def value(self, seat: int, index: int) -> float:
        """What crossing one enclosure is worth to the seat: prize progress, room, the finish."""
        return self.best_in(seat, 1 << index)[0]

    def finish_bonus(self, seat: int, index: int) -> float:
        """Ending the match is worth it only when this crossing leaves the seat in the lead."""
        mine = self.score[seat] + self.points(seat, index)
        best_other = max(s for i, s in enumerate(self.score) if i != seat)
        return self.w.finish if mine > best_other else -self.w.finish

    def points(self, seat: int, index: int) -> int:
        """Circles crossing this enclosure would earn the seat (visitors as if it were first)."""
        t = self.t
        after = self.crossed[seat] | 1 << index
        points = 0
        for column_mask, column in t.columns[index]:
            if column_mask & ~after == 0:
                points += t.buckets[column] + (not self.gone >> column & 1)
        if t.animal_mask[index] & ~after == 0:
            points += t.food
        return points

    def play_roll(self, dice: tuple[int, int, int]) -> None:
        """One whole roll with every seat playing the policy (each face valued once a seat)."""
        roller, n = self.roller, self.n
        own = [self.best(roller, face) for face in dice]
        kept, top = 0, own[0][0]
        for die in (1, 2):
            if own[die][0] > top:
                kept, top = die, own[die][0]
        choices: list[tuple[int, int]] = []
        a, b = LEFT_WHEN_KEPT[kept]
        face_a, face_b = dice[a], dice[b]
        for seat in range(n):
            if seat == roller:
                choices.append((dice[kept], own[kept][1]) if top > NOTHING else (-1, NO_TARGET))
                continue
            value_a, target_a = self.best(seat, face_a)
            value_b, target_b = (value_a, target_a) if face_b == face_a else self.best(seat, face_b)
            if value_b > value_a:
                choices.append((face_b, target_b))
            elif value_a > NOTHING:
                choices.append((face_a, target_a))
            else:
                choices.append((-1, NO_TARGET))
        self.resolve(choices)

    def choose(self, seat: int, faces: tuple[int, ...]) -> tuple[int, int]:
        """The seat's choice among faces: (face or -1 to skip, enclosure or NO_TARGET)."""
        best_face, best_value, best_target = -1, NOTHING, NO_TARGET
        for face in faces:
            value, target = self.best(seat, face)
            if value > best_value:
                best_face, best_value, best_target = face, value, target
        return best_face, best_target

    def resolve(self, choices: list[tuple[int, int]]) -> None:
        """Apply every seat's (face, enclosure) together, then visitors and the end."""
        fillers = 0
        first: list[int] = []
        for seat, (face, target) in enumerate(choices):
            if face == PURPLE_FACE:
                self.marks[seat] += 1
            if target != NO_TARGET:
                fillers |= self.cross(seat, target)
                first.append(seat)
        new = fillers & ~self.gone
        if new:
            for seat in first:
                won = self.columns[seat] & new
                if won:
                    self.score[seat] += won.bit_count()
            self.gone |= new
            self.prizes = column_prizes(self.sheet, self.gone)
        if max(self.animals) >= ANIMALS_TO_END:
            self.over = True
        else:
            self.roller = (self.roller + 1) % self.n

    def cross(self, seat: int, index: int) -> int:
        """Cross one enclosure; return the mask of columns it fills."""
        t = self.t
        crossed = self.crossed[seat] | 1 << index
        self.crossed[seat] = crossed
        self.frontier[seat] |= t.neighbours[index]
        filled = 0
        for column_mask, column in t.columns[index]:
            if column_mask & ~crossed == 0:
                filled |= 1 << column
                self.score[seat] += t.buckets[column]
        self.columns[seat] |= filled
        if t.animal_mask[index] & ~crossed == 0:
            self.animals[seat] += 1
            self.score[seat] += t.food
        return filled

    def play_out(self, dice: Sequence[int]) -> None:
        """Roll on to the end with faces from `dice`, three a roll (from the start again if a
        match outlasts them: streams are longer than any match, so this is only a safeguard)."""
        at, size = 0, len(dice) - len(dice) % 3
        while not self.over:
            if at == size:
                at = 0
            self.play_roll((dice[at], dice[at + 1], dice[at + 2]))
            at += 3

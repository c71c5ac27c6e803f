"""Computer players: a look-ahead heuristic that plans columns and animals, and a greedy baseline.

The heuristic values a crossing by the circles it earns now plus how much closer it brings the
player's columns and animals to completion (each remaining enclosure discounts the prize), plus
the room it opens on the sheet; it ends the match only when that wins. The roller keeps the die
worth most to them, minus a little for what the two dice left give the others.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Final

from games.common.protocol import Seat
from games.keer_kids.actions import Action, Cross, Keep, Mark, Skip
from games.keer_kids.dice import COLOURS, DICE_PER_ROLL, LEFT_WHEN_KEPT, PURPLE
from games.keer_kids.rules import ANIMALS_TO_END, Phase, colour_targets
from games.keer_kids.sheet import Sheet
from games.keer_kids.state import KeerState, PlayerSheet

_NOTHING: Final = -1e9
_KEEP: Final = Phase.KEEP
_CHOOSE: Final = Phase.CHOOSE
_KEEPS: Final = tuple(Keep(d) for d in range(DICE_PER_ROLL))
_SKIP: Final = Skip()
_MAX_WORTHS: Final = 8192
"""Column worth tables kept per sheet and gain table: one per set of visitors gone met."""


@dataclass(frozen=True, slots=True)
class Weights:
    """Tunable weights of the heuristic."""

    discount: float = 0.55
    """How much one more enclosure to cross lowers the worth of a column or animal prize."""
    room: float = 0.12
    """Worth of each enclosure a crossing newly makes reachable."""
    mark: float = 0.45
    """Worth of a mark that does not yet complete a chameleon."""
    denial: float = 0.25
    """Share of the opponent's best value the roller subtracts when keeping a die (2 players;
    with more, self-play showed no gain, and it costs time)."""
    finish: float = 6.0
    """Bonus for ending the match in the lead, and penalty for ending it behind."""


class HeuristicAI:
    """A fair opponent: plans columns, visitors and animals instead of grabbing points."""

    def __init__(self, weights: Weights | None = None) -> None:
        self.weights = weights or Weights()
        self._gain = gain_table(self.weights.discount)
        """_gain[k]: how much a prize's worth rises when k enclosures to cross become k - 1."""
        self._roll: tuple[KeerState | None, int] = (None, 0)
        self._options: dict[Seat, dict[str, tuple[float, int | None]]] = {}
        self._plan: _Plan | None = None
        """The plan of the sheet last played on (a match keeps its sheet)."""
        self._tables_of: Weights | None = None
        """The weights the tables below were made for."""
        self._room_n: tuple[float, ...] = ()
        """_room_n[n] = weights.room * n: the worth of n enclosures newly reachable."""
        self._food_gain: tuple[float, ...] = ()
        """_food_gain[k] = food * _gain[k] on the plan's sheet."""
        self._column_worths: dict[int, tuple[tuple[float, ...], ...]] = {}
        """By visitors gone, per column: prize * _gain[k], the worth of k crossings to go
        becoming k - 1 (products made once, not in the inner loop)."""

    def choose(self, state: KeerState, seat: Seat) -> Action:
        """The action this seat takes now (the state must be waiting for it)."""
        dice = state.dice
        assert dice is not None
        if state.phase is _KEEP:
            return _KEEPS[self._best_keep(state, seat, dice)]
        kept = state.kept
        if state.phase is _CHOOSE and kept is not None and seat != state.roller:
            a, b = LEFT_WHEN_KEPT[kept]
            face_a, face_b = dice[a], dice[b]
            # _face_options, inline: the others choose four times a roll in a 4-player match
            roll = self._roll
            if roll[0] is not state or roll[1] != state.rolls:
                self._roll, self._options = (state, state.rolls), {}
            known = self._options.get(seat)
            if known is None:
                known = self._options[seat] = {}
            first, second = known.get(face_a), known.get(face_b)
            if first is None or second is None:
                missing = [face_a] if first is None else []
                if second is None:
                    missing.append(face_b)
                known.update(self._compute_options(state, seat, missing))
                first, second = known[face_a], known[face_b]
            # The first die wins ties, as in the general loop below.
            die, (value, target) = (b, second) if second[0] > first[0] else (a, first)
        else:
            allowed: tuple[int, ...] = state.allowed_dice(seat)
            options = self._face_options(state, seat, [dice[d] for d in allowed])
            die, value, target = 0, _NOTHING, None
            for d in allowed:
                option = options[dice[d]]
                if option[0] > value:
                    die, (value, target) = d, option
        if value == _NOTHING:
            return _SKIP
        plan = self._plan
        if plan is None or plan.sheet is not state.sheet:
            plan = self._plan_of(state.sheet)
        if dice[die] == PURPLE:
            return plan.no_mark[die] if target is None else plan.marks[die][target]
        assert target is not None
        return plan.crosses[die][target]

    def _plan_of(self, sheet: Sheet) -> _Plan:
        plan = self._plan
        if plan is None or plan.sheet is not sheet or self._tables_of is not self.weights:
            plan = self._plan = _plan(sheet)
            self._tables_of = self.weights
            self._room_n = _room_table(self.weights.room, len(plan.rows))
            self._food_gain = _food_table(plan.food, self._gain)
            self._column_worths = plan.column_worths.setdefault(self._gain, {})
        return plan

    def _worths_for(self, sheet: Sheet, visitors_gone: int) -> tuple[tuple[float, ...], ...]:
        if len(self._column_worths) >= _MAX_WORTHS:
            self._column_worths.clear()
        by_prize: dict[int, tuple[float, ...]] = {}
        for prize in set(column_prizes(sheet, visitors_gone)):
            by_prize[prize] = tuple(prize * g for g in self._gain)
        worths = tuple(by_prize[prize] for prize in column_prizes(sheet, visitors_gone))
        self._column_worths[visitors_gone] = worths
        return worths

    def _best_keep(self, state: KeerState, seat: Seat, dice: tuple[str, ...]) -> int:
        own = self._face_options(state, seat, dice)
        given = [0.0] * len(dice)
        if state.num_players == 2:
            other = self._face_options(state, 1 - seat, dice)
            values = [max(other[face][0], 0.0) for face in dice]
            given = [max(values[a], values[b]) for a, b in LEFT_WHEN_KEPT]
        best_die, best_value = 0, _NOTHING
        denial = self.weights.denial
        for die, face in enumerate(dice):
            value = own[face][0]
            if value != _NOTHING and value - denial * given[die] > best_value:
                best_die, best_value = die, value - denial * given[die]
        return best_die

    def _face_options(
        self, state: KeerState, seat: Seat, faces: Sequence[str]
    ) -> dict[str, tuple[float, int | None]]:
        """For each face: its best value for the seat this roll, and the enclosure it crosses.

        Sheets don't change within a roll, so answers are kept until the next roll (the state
        itself is held, not its id, so a new match can never hit an old entry).
        """
        roll = self._roll
        if roll[0] is not state or roll[1] != state.rolls:
            self._roll, self._options = (state, state.rolls), {}
        known = self._options.get(seat)
        if known is None:
            known = self._options[seat] = {}
        for face in faces:
            if face not in known:
                missing = []
                for other in faces:
                    if other not in known:
                        missing.append(other)
                known.update(self._compute_options(state, seat, missing))
                break
        return known

    def _compute_options(
        self, state: KeerState, seat: Seat, faces: list[str]
    ) -> dict[str, tuple[float, int | None]]:
        """For each face: the enclosure of its colour most worth crossing, and its worth.

        Worth = progress toward column and animal prizes (each enclosure still to cross
        discounts a prize, so circles earned now weigh most) + room: enclosures the crossing
        newly makes reachable. Colours are searched one at a time (an enclosure has one colour,
        so each within its own mask), lowest enclosure first, so the first of equal worth wins.
        """
        if PURPLE in faces:
            return self._purple_options(state, seat, faces)
        plan = self._plan
        if plan is None or plan.sheet is not state.sheet or self._tables_of is not self.weights:
            plan = self._plan_of(state.sheet)
        player = state.players[seat]
        crossed, frontier = player.crossed, player.frontier
        mask = frontier & ~crossed
        face_masks, subsets = plan.face_masks, plan.subsets
        room_n, food_gain = self._room_n, self._food_gain
        worths = self._column_worths.get(state.visitors_gone)
        if worths is None:
            worths = self._worths_for(state.sheet, state.visitors_gone)
        open_, closed = ~crossed, ~frontier
        finishing = len(player.animals) + 1 >= ANIMALS_TO_END
        options: dict[str, tuple[float, int | None]] = {}
        for colour in faces:
            if colour in options:
                continue
            best_value, best_index = _NOTHING, None
            left = mask & face_masks[colour]
            if left:
                rows = subsets.get(left) or plan.rows_of(left)  # never empty: `left` is not 0
                for index, neighbours, animal_mask, m0, c0, m1, c1, m2, c2, more in rows:
                    value = (
                        room_n[(neighbours & closed).bit_count()]
                        + worths[c0][(m0 & open_).bit_count()]
                    )
                    if m1:  # a column's mask is never 0: 0 stands for no second column
                        value += worths[c1][(m1 & open_).bit_count()]
                        if m2:
                            value += worths[c2][(m2 & open_).bit_count()]
                            for other_mask, other in more:
                                value += worths[other][(other_mask & open_).bit_count()]
                    remaining = (animal_mask & open_).bit_count()
                    value += food_gain[remaining]
                    if finishing and remaining == 1:
                        value += self._finish_bonus(state, seat, index)
                    if value > best_value:
                        best_value, best_index = value, index
            options[colour] = (best_value, best_index)
        return options

    def _purple_options(
        self, state: KeerState, seat: Seat, faces: list[str]
    ) -> dict[str, tuple[float, int | None]]:
        """The colours' options, and purple's: its mark, or the best colour if it earns one."""
        plan = self._plan_of(state.sheet)
        player = state.players[seat]
        # marks_left and earns_chameleon, from the plan
        purple = player.marks < plan.total_marks
        chameleon = purple and (player.marks + 1) % plan.marks_per_chameleon == 0
        if chameleon:
            colours = list(plan.colour_masks)
        else:
            colours = [face for face in faces if face != PURPLE]
        options = self._compute_options(state, seat, colours)
        if not purple:
            options[PURPLE] = (_NOTHING, None)
        elif chameleon:
            value, target = max(options.values(), key=lambda o: o[0])
            options[PURPLE] = (max(value, 0.0), target)
        else:
            options[PURPLE] = (self.weights.mark, None)
        return options

    def _finish_bonus(self, state: KeerState, seat: Seat, index: int) -> float:
        """Ending the match is worth it only when this crossing leaves the seat in the lead."""
        mine = _score(state, seat) + _points(state, state.players[seat], index)
        best_other = max(_score(state, s) for s in range(state.num_players) if s != seat)
        return self.weights.finish if mine > best_other else -self.weights.finish


_Row = tuple[int, int, int, int, int, int, int, int, int, tuple[tuple[int, int], ...]]
_UNROLLED: Final = 3
"""Columns of an enclosure the inner loop reads without a loop (a sheet's enclosures span 1-3)."""


@dataclass(frozen=True, slots=True, eq=False)
class _Plan:
    """What the heuristic reads of a sheet, laid out for its inner loop, and its actions."""

    sheet: Sheet
    rows: tuple[_Row, ...]
    """Per enclosure: its index, neighbours, animal mask, then (mask, number) of its first three
    columns, (0, 0) where it has fewer, then any further columns."""
    colour_masks: Mapping[str, int]
    face_masks: dict[str, int]
    """colour_masks, plus 0 for each die colour the sheet lacks: a face's mask is one lookup."""
    total_marks: int
    marks_per_chameleon: int
    food: int
    crosses: tuple[tuple[Cross, ...], ...]
    """crosses[die][enclosure index]."""
    marks: tuple[tuple[Mark, ...], ...]
    """marks[die][enclosure index]: a mark whose chameleon crosses that enclosure."""
    no_mark: tuple[Mark, ...]
    """no_mark[die]: a mark that crosses no enclosure."""
    column_worths: dict[tuple[float, ...], dict[int, tuple[tuple[float, ...], ...]]]
    """By gain table, the players' column worth tables (shared: they are values)."""
    subsets: dict[int, tuple[_Row, ...]]
    """The rows of the enclosures in a mask of one colour, lowest first, filled as met (a
    colour has few enclosures, so few masks)."""

    def rows_of(self, mask: int) -> tuple[_Row, ...]:
        """The rows of the enclosures in `mask`, lowest index first (kept in `subsets`)."""
        rows = self.subsets[mask] = tuple(row for row in self.rows if mask >> row[0] & 1)
        return rows


@cache
def _plan(sheet: Sheet) -> _Plan:
    """The heuristic's plan of a sheet, built once: its actions are values, shared by all."""
    dice = range(DICE_PER_ROLL)
    return _Plan(
        sheet,
        tuple(_row(sheet, e.index) for e in sheet.enclosures),
        sheet.colour_masks,
        dict.fromkeys(COLOURS, 0) | dict(sheet.colour_masks),
        sheet.total_marks,
        sheet.marks_per_chameleon,
        sheet.food_per_animal,
        tuple(tuple(Cross(d, e.id) for e in sheet.enclosures) for d in dice),
        tuple(tuple(Mark(d, e.id) for e in sheet.enclosures) for d in dice),
        tuple(Mark(d) for d in dice),
        {},
        {},
    )


def _row(sheet: Sheet, index: int) -> _Row:
    """The plan's row of one enclosure."""
    enclosure = sheet.enclosures[index]
    columns = [(sheet.column_masks[c], c) for c in enclosure.columns]
    padded = columns[:_UNROLLED] + [(0, 0)] * (_UNROLLED - len(columns))
    (m0, c0), (m1, c1), (m2, c2) = padded
    more = tuple(columns[_UNROLLED:])
    return (
        index,
        sheet.neighbours[index],
        sheet.animal_masks[enclosure.animal],
        m0,
        c0,
        m1,
        c1,
        m2,
        c2,
        more,
    )


@cache
def gain_table(discount: float) -> tuple[float, ...]:
    """_gain for a discount: [0] = 0, [k] = discount^(k-1) - discount^k."""
    powers = [discount**k for k in range(16)]
    return (0.0, *(powers[k - 1] - powers[k] for k in range(1, 16)))


@cache
def _room_table(room: float, enclosures: int) -> tuple[float, ...]:
    """room * n for every count of enclosures n a crossing may open."""
    return tuple(room * n for n in range(enclosures + 1))


@cache
def _food_table(food: int, gain: tuple[float, ...]) -> tuple[float, ...]:
    """food * gain[k]: the worth of an animal's k enclosures to go becoming k - 1."""
    return tuple(food * g for g in gain)


@cache
def column_prizes(sheet: Sheet, visitors_gone: int) -> tuple[int, ...]:
    """Per column: its buckets, plus its visitor while nobody has taken it (2^13 keys at most)."""
    return tuple(b + (not visitors_gone >> c & 1) for c, b in enumerate(sheet.buckets))


class GreedyAI:
    """Baseline: takes whatever earns the most circles right now, first found on ties."""

    def choose(self, state: KeerState, seat: Seat) -> Action:
        """The first legal action with the most immediate circles."""
        best: tuple[int, Action] | None = None
        for action in state.legal_actions(seat):
            gain = _immediate_points(state, seat, action)
            if best is None or gain > best[0]:
                best = (gain, action)
        assert best is not None, "choose() called for a seat that is not to act"
        return best[1]


def _immediate_points(state: KeerState, seat: Seat, action: Action) -> int:
    if isinstance(action, Keep):
        assert state.dice is not None
        player = state.players[seat]
        options = [
            _points(state, player, i)
            for i in range(len(state.sheet.enclosures))
            if colour_targets(state, player, state.dice[action.die]) >> i & 1
        ]
        return max(options, default=0)
    target = action.chameleon if isinstance(action, Mark) else None
    if isinstance(action, Cross):
        target = action.enclosure
    if target is None:
        return 0
    return _points(state, state.players[seat], state.sheet.by_id[target])


def _score(state: KeerState, seat: Seat) -> int:
    """`state.circles(seat).total` without building the Circles (the finish bonus asks often)."""
    player, sheet = state.players[seat], state.sheet
    buckets, columns = 0, player.columns
    while columns:
        low = columns & -columns
        buckets += sheet.buckets[low.bit_length() - 1]
        columns ^= low
    return buckets + player.visitors.bit_count() + sheet.food_per_animal * len(player.animals)


def _points(state: KeerState, player: PlayerSheet, index: int) -> int:
    sheet = state.sheet
    after = player.crossed | 1 << index
    enclosure = sheet.enclosures[index]
    points = 0
    for column in enclosure.columns:
        if sheet.column_masks[column] & ~after == 0:
            points += sheet.buckets[column] + (0 if state.visitors_gone >> column & 1 else 1)
    if sheet.animal_masks[enclosure.animal] & ~after == 0:
        points += sheet.food_per_animal
    return points

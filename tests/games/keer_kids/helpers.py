"""Shared helpers for the Keer op Keer Kids tests: forced rolls, planned crossings, snapshots,
and the invariants every state keeps.

Positions are built through real play wherever possible: `cross_each` plays one forced roll in
which every planned seat crosses the enclosure it names, `cross_paths` plays several such rolls,
and `mark_each` plays an all-purple roll. Seats without a plan take their first legal action.
`force_crossed` is the one shortcut: it writes crossings straight into a sheet, keeping the
frontier consistent, for positions real play cannot reach before the game ends.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import zip_longest
from typing import Any

import pytest

from games.common import CHANCE, IllegalAction, Node, Reason
from games.keer_kids import Cross, Keep, KeerState, Mark, Roll
from games.keer_kids.actions import Action
from games.keer_kids.dice import PURPLE
from games.keer_kids.events import Event

# Enclosures of the shipped sheet used by the scenarios (0-based column numbers in comments).
STAR_ENCLOSURES = frozenset({"C4", "E3", "E4", "L3", "M5", "P4"})
COLUMN_0_PATH = ("P4", "C2", "P1", "M2", "C1", "E1", "M1")
"""From the star to the left edge: the last five fill column 0 (2 buckets)."""
COLUMN_7_PATH = ("C4", "M5", "E4", "P4")
"""Star enclosures that together fill column 7 (1 bucket)."""
CROCODILE_PATH = ("C4", "L3", "C3", "L1", "C1", "C2", "M5", "L5", "C5")
"""Completes the crocodile with its last step (and crosses three lions on the way)."""
LION_AFTER_CROCODILE = ("E3", "L2", "E4", "L6", "L4")
"""After CROCODILE_PATH, completes the lion with its last step (the second animal)."""


def colour(state: KeerState, enclosure_id: str) -> str:
    """The die colour that crosses this enclosure."""
    enclosure = state.sheet.enclosure(enclosure_id)
    assert enclosure is not None, enclosure_id
    return enclosure.colour


def ids(state: KeerState, mask: int) -> set[str]:
    """The enclosure ids in a bitmask."""
    return {e.id for e in state.sheet.enclosures if mask >> e.index & 1}


def crossed(state: KeerState, seat: int) -> set[str]:
    """The enclosure ids a seat has crossed."""
    return ids(state, state.players[seat].crossed)


def of_type(events: Iterable[Event], kind: type) -> list[Any]:
    """The events of one kind, in order."""
    return [e for e in events if isinstance(e, kind)]


def to_choose(state: KeerState, dice: Sequence[str], keep: int) -> list[Event]:
    """Roll forced dice and let the roller keep one: the state waits for the choices."""
    events = list(state.apply(CHANCE, Roll(tuple(dice))))
    events.extend(state.apply(state.roller, Keep(keep)))
    return events


def play_roll(
    state: KeerState,
    dice: Sequence[str],
    keep: int,
    choices: Mapping[int, Action] | None = None,
) -> list[Event]:
    """A whole roll with forced dice; seats missing from `choices` take their first legal action."""
    events = to_choose(state, dice, keep)
    planned = dict(choices or {})
    for seat in range(state.num_players):
        action = planned.get(seat)
        if action is None:
            action = state.legal_actions(seat)[0]
        events.extend(state.apply(seat, action))
    return events


def _idle_face(state: KeerState, seat: int) -> str:
    """A face the seat may keep as an unplanned roller: purple while marks last, else a fit."""
    player = state.players[seat]
    if player.marks < state.sheet.total_marks:
        return PURPLE
    reachable = player.reachable()
    for enclosure in state.sheet.enclosures:
        if reachable >> enclosure.index & 1:
            return enclosure.colour
    return PURPLE


def cross_each(state: KeerState, plan: Mapping[int, str]) -> list[Event]:
    """One forced roll in which every seat in `plan` crosses the enclosure it names.

    The roller's colour is die 0 (kept); the others' colours are dice 1 and 2 (purple fills a
    die nobody needs). Seats not in the plan take their first legal action.
    """
    roller = state.roller
    wanted = list(dict.fromkeys(colour(state, e) for s, e in plan.items() if s != roller))
    if len(wanted) > 2:
        raise ValueError(f"the non-rollers need {wanted}, but only two dice are left")
    rest = [*wanted, PURPLE, PURPLE][:2]
    first = colour(state, plan[roller]) if roller in plan else _idle_face(state, roller)
    choices: dict[int, Action] = {}
    for seat, enclosure_id in plan.items():
        die = 0 if seat == roller else 1 + rest.index(colour(state, enclosure_id))
        choices[seat] = Cross(die, enclosure_id)
    return play_roll(state, (first, *rest), 0, choices)


def cross_path(state: KeerState, seat: int, path: Iterable[str]) -> list[Event]:
    """One roll per enclosure, in which `seat` crosses it (the others take their first action)."""
    events: list[Event] = []
    for enclosure_id in path:
        events.extend(cross_each(state, {seat: enclosure_id}))
    return events


def cross_paths(state: KeerState, paths: Mapping[int, Sequence[str]]) -> list[Event]:
    """Rolls in which every seat crosses the next enclosure of its own path."""
    events: list[Event] = []
    seats = list(paths)
    for step in zip_longest(*(paths[s] for s in seats)):
        plan = {seat: e for seat, e in zip(seats, step, strict=True) if e is not None}
        events.extend(cross_each(state, plan))
    return events


def mark_each(state: KeerState, plan: Mapping[int, str | None]) -> list[Event]:
    """An all-purple roll: every seat in `plan` marks (naming the chameleon enclosure, if any)."""
    choices: dict[int, Action] = {
        seat: Mark(0 if seat == state.roller else 1, chameleon) for seat, chameleon in plan.items()
    }
    return play_roll(state, (PURPLE, PURPLE, PURPLE), 0, choices)


def force_crossed(state: KeerState, seat: int, enclosure_ids: Iterable[str]) -> None:
    """Write crossings into a sheet, keeping the frontier as real play would leave it.

    The crossings must be reachable from the star one after another (in some order), as in play.
    Only `crossed` and `frontier` change: no circles are awarded for what this fills.
    """
    sheet, player = state.sheet, state.players[seat]
    todo = {sheet.by_id[e] for e in enclosure_ids}
    frontier, done = player.frontier, player.crossed
    while todo:
        ready = {i for i in todo if frontier >> i & 1}
        if not ready:
            raise ValueError(f"not reachable from the star: {ids(state, _mask(todo))}")
        for i in ready:
            done |= 1 << i
            frontier |= sheet.neighbours[i]
        todo -= ready
    player.crossed, player.frontier = done, frontier


def _mask(indices: Iterable[int]) -> int:
    mask = 0
    for i in indices:
        mask |= 1 << i
    return mask


def snapshot(state: KeerState) -> tuple[Any, ...]:
    """Everything an action could change, to compare before and after a refusal."""
    players = tuple(
        (p.crossed, p.frontier, p.marks, tuple(p.chameleons), p.columns, p.visitors, *p.animals)
        for p in state.players
    )
    return (
        state.summary(),
        state.version,
        len(state.history),
        state.phase,
        state.roller,
        state.dice,
        state.kept,
        tuple(state.choices),
        state.visitors_gone,
        players,
    )


def assert_refused(state: KeerState, seat: int, action: Any, reason: Reason) -> IllegalAction:
    """The action raises an IllegalAction with this reason and changes nothing at all."""
    before = snapshot(state)
    version = state.version
    with pytest.raises(IllegalAction) as info:
        state.apply(seat, action)
    assert info.value.reason is reason, f"{info.value} (reason {info.value.reason})"
    assert state.version == version
    assert snapshot(state) == before
    return info.value


def check_invariants(state: KeerState) -> None:
    """Everything derived from the crossings agrees with them, whatever was played."""
    sheet = state.sheet
    assert state.version == len(state.history)
    for seat, player in enumerate(state.players):
        crossed = player.crossed
        frontier = sheet.star_mask
        for e in sheet.enclosures:
            if crossed >> e.index & 1:
                frontier |= sheet.neighbours[e.index]
        assert player.frontier == frontier
        full = {c for c in range(sheet.columns) if sheet.column_masks[c] & ~crossed == 0}
        assert {c for c in range(sheet.columns) if player.columns >> c & 1} == full
        complete = {a.letter for a in sheet.animals if sheet.animal_masks[a.letter] & ~crossed == 0}
        assert set(player.animals) == complete
        assert player.visitors & ~player.columns == 0, "a visitor circled for an unfilled column"
        assert player.visitors & ~state.visitors_gone == 0
        assert 0 <= player.marks <= sheet.total_marks
        assert len(player.chameleons) <= player.marks // sheet.marks_per_chameleon
        assert all(crossed >> i & 1 for i in player.chameleons)
        circles = state.circles(seat)
        assert circles.total == circles.buckets + circles.visitors + circles.food
    claimed = 0
    for player in state.players:
        claimed |= player.visitors
    assert claimed == state.visitors_gone, "every gone visitor was circled by someone"
    node = state.node()
    if node is Node.TERMINAL:
        assert state.seats_to_act() == () and state.outcome() is not None
        assert any(len(p.animals) >= 2 for p in state.players)
    else:
        assert state.outcome() is None
        assert all(len(p.animals) < 2 for p in state.players)
        if node is not Node.CHANCE:
            assert state.seats_to_act()

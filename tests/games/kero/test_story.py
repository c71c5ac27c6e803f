"""A turn's story is read from the match's history. The bot copies the state at every step and
asks for stories on every click, so a telling is carried on from copy to copy, replaying only
the actions since the last one; an earlier state (a summary's) is told as it stood then."""

from __future__ import annotations

import random
from collections import OrderedDict

import pytest

from games.common import ChanceRng
from games.common.play import step
from games.kero import actions as a
from games.kero import story as told
from games.kero.ai import KeroAI
from games.kero.state import KeroState
from tests.games.kero.helpers import BRICK, RECRUIT, WHEAT, T, match, roll, stop


def _played(turns: int, seed: str) -> tuple[KeroState, dict[int, tuple[told.Story, ...]]]:
    """A Boss Variant match of computers played for `turns` turns the way the bot plays it (a
    copy per step), and each version's stories of the turn before and the turn under way."""
    state, ai, rng = KeroState({"variant": "boss"}), KeroAI(), ChanceRng(seed)
    seen: dict[int, tuple[told.Story, ...]] = {}
    while state.turns < turns and not state.is_terminal():
        state = state.clone()
        step(state, [ai, ai], rng)
        seen[state.version] = _stories(state)
    return state, seen


def _stories(state: KeroState) -> tuple[told.Story, ...]:
    turns = range(max(0, state.turns - 1), state.turns + 1)
    return tuple(told.story(state, turn) for turn in turns)


def _at(state: KeroState, version: int) -> KeroState:
    """The match as it stood at `version`, replayed on a fresh state (as `LiveMatch.at` does)."""
    past = KeroState({"variant": "boss"})
    for seat, action in state.history[:version]:
        past.apply(seat, action)
    return past


def test_every_step_s_stories_are_told_alike_later_and_from_scratch(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state, seen = _played(6, "story-alike")
    assert any(told.fuel_ups(s) or s.events for stories in seen.values() for s in stories)
    versions = list(seen)
    for version in versions[::7]:  # earlier states, once the telling went past them
        assert _stories(_at(state, version)) == seen[version]
    monkeypatch.setattr(told, "_TELLINGS", OrderedDict())
    random.Random(3).shuffle(versions)
    for version in versions[:40]:  # told from scratch, in any order
        assert _stories(_at(state, version)) == seen[version]


def test_a_copy_one_step_on_replays_only_that_step(monkeypatch: pytest.MonkeyPatch) -> None:
    state = match("base")
    roll(state, T, (WHEAT, WHEAT, RECRUIT, BRICK, BRICK))
    before = told.story(state, 0)
    applied: list[a.Action] = []
    real = KeroState.apply

    def counted(self: KeroState, seat: int, action: a.Action) -> None:
        applied.append(action)
        real(self, seat, action)

    later = state.clone()
    stop(later, T + 1_000)
    monkeypatch.setattr(KeroState, "apply", counted)
    after = told.story(later, 0)
    assert applied == [later.history[-1][1]]  # the Stop, and nothing before it again
    assert any(isinstance(e, told.Stopped) for e in after.events)
    assert after.events[: len(before.events)] == before.events
    assert told.story(state, 0) == before  # the state before the Stop is told as it was


def test_each_state_keeps_its_own_stories() -> None:
    one, other = match("base"), match("base")
    roll(one, T, (WHEAT, WHEAT, RECRUIT, BRICK, BRICK))
    stop(one, T + 1_000)
    assert told.story(one, 0) != told.story(other, 0)
    assert told.story(other, 0).events == ()
    one.apply(0, a.Take(1))
    assert any(isinstance(e, told.Took) for e in told.story(one, 0).events)


def test_an_earlier_state_of_the_turn_under_way_replays_only_that_turn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A summary tells the state before the step that moved play on, once the telling went past
    it: from the start of its turn, not from the match's first action."""
    state, seen = _played(8, "story-earlier")
    past = _at(state, state.version - 1)
    began = next(v for v in range(past.version, -1, -1) if _at(state, v).turns < past.turns)
    applied: list[a.Action] = []
    real = KeroState.apply

    def counted(self: KeroState, seat: int, action: a.Action) -> None:
        applied.append(action)
        real(self, seat, action)

    monkeypatch.setattr(KeroState, "apply", counted)
    assert told.story(past, past.turns) == seen[past.version][-1]
    assert 0 < len(applied) <= past.version - began < state.version / 2

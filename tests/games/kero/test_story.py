"""A turn's story is told once per state and version (a card asks for it several times, and
telling it replays the match), and told again, up to date, once the state moves on."""

from __future__ import annotations

from games.kero import actions as a
from games.kero import story as told
from tests.games.kero.helpers import BRICK, RECRUIT, WHEAT, T, match, roll, stop


def test_a_story_is_told_once_per_version_and_again_after_a_step() -> None:
    state = match("base")
    roll(state, T, (WHEAT, WHEAT, RECRUIT, BRICK, BRICK))
    first = told.story(state, 0)
    assert told.story(state, 0) is first  # the same version: not replayed again
    stop(state, T + 1_000)
    after = told.story(state, 0)
    assert after is not first and len(after.events) > len(first.events)
    assert any(isinstance(e, told.Stopped) for e in after.events)
    state.apply(0, a.Take(1))
    took = told.story(state, 0)
    assert any(isinstance(e, told.Took) for e in took.events)
    assert took == told.story(state.clone(), 0)  # what a fresh telling of a copy says


def test_each_state_keeps_its_own_stories() -> None:
    one, other = match("base"), match("base")
    roll(one, T, (WHEAT, WHEAT, RECRUIT, BRICK, BRICK))
    stop(one, T + 1_000)
    assert told.story(one, 0) != told.story(other, 0)
    assert told.story(other, 0).events == ()

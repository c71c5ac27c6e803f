"""Copies of a match for searches: independent, and without the history when asked."""

from __future__ import annotations

from games.keer_kids import Cross, new_match
from tests.games.keer_kids.helpers import crossed, to_choose

RED, BLUE, YELLOW = "red", "blue", "yellow"


def test_a_clone_without_history_plays_on_like_the_original() -> None:
    state = new_match(2)
    to_choose(state, (RED, BLUE, YELLOW), keep=0)
    copy = state.clone(history=False)
    assert copy.history == [] and len(state.history) == 2
    assert copy.summary() == state.summary()
    for match in (state, copy):
        match.apply(0, Cross(0, "E3"))
        match.apply(1, Cross(1, "P4"))
    assert copy.summary() == state.summary()
    assert [a for _, a in copy.history] == [Cross(0, "E3"), Cross(1, "P4")]
    assert crossed(copy, 0) == {"E3"}


def test_a_plain_clone_keeps_the_history() -> None:
    state = new_match(3)
    to_choose(state, (RED, BLUE, YELLOW), keep=1)
    copy = state.clone()
    assert copy.history == state.history and copy.history is not state.history

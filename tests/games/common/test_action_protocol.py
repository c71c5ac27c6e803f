"""Every action of every game has the shape the bot and records rely on (games.common.Action):
a text form that parses back, and `at`, its Discord time (None when untimed)."""

from __future__ import annotations

import dataclasses
from typing import get_args

import pytest

from games.common import ChanceRng, Untimed
from games.common.play import play_out
from games.keer_kids import actions as keer
from games.kero import actions as kero
from games.registry import GAMES


@pytest.mark.parametrize("union", [keer.Action, kero.Action], ids=["keer-kids", "kero"])
def test_every_action_class_answers_at(union: object) -> None:
    """Either untimed by kind (an `Untimed`), or timed with an `at` field of its own."""
    for cls in get_args(union):
        timed = "at" in {f.name for f in dataclasses.fields(cls)}
        assert timed != issubclass(cls, Untimed), cls


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_played_action_round_trips_and_says_its_time(name: str) -> None:
    spec = GAMES[name]
    state = spec.new_match(2, {})
    play_out(state, [spec.new_ai(), spec.new_ai()], ChanceRng(f"protocol/{name}"))
    timed = 0
    for _, action in state.history:
        assert spec.parse_action(action.to_text()) == action
        assert action.at is None or action.to_text().endswith(f"@{action.at}")
        timed += action.at is not None
    assert (timed > 0) is (name == "kero")

"""Every refusal a player can meet reads as a sentence about the game: no action syntax, ids,
quotes or underscores (docs/rules/kero.md, *In Tablero*). The bot shows these texts as they are
(tests/bot/test_service.py)."""

from __future__ import annotations

import re

import pytest

from games.common import CHANCE, IllegalAction, Reason
from games.kero import actions as a
from games.kero.resources import Resources
from games.kero.rules.economy import tank_op
from games.kero.tanker import Tank
from tests.games.kero.helpers import (
    NO_FLAMES,
    T,
    new_match,
    play_turn,
    refusals,
    refused,
)

INTERNAL = re.compile(r"[_@\"{}]|'[^' ]+'|\b[a-z]+:\d|\bA\d+\b(?! [A-Z][a-z])|\bNone\b")
"""Action syntax (`metal:1`, `roll@`), quoted ids, snake_case names, bare tile ids (a tile is
named with its title, `A9 Firebreak`), or a Python value."""
BOT_ONLY = (Reason.STALE, Reason.NOT_YOUR_TURN, Reason.TANK_EMPTY, Reason.GAME_OVER)
"""The bot words these reasons itself (bot/core/service.py), whatever the engine says."""


def test_every_refusal_a_player_meets_is_worded_for_players() -> None:
    seen: dict[Reason, str] = {}
    for error in refusals():
        text = str(error)
        seen.setdefault(error.reason, text)
        if error.reason not in BOT_ONLY:
            assert text and not INTERNAL.search(text), (error.reason, text)
    assert {Reason.NOT_ENOUGH, Reason.EMPTY_SLOT, Reason.NO_TUAREK, Reason.WRONG_PHASE} <= set(seen)


def test_not_enough_names_the_cost_and_what_you_have_in_words() -> None:
    s = new_match(first=0, row=("S1", "S7", "S3", "S8", "S12", "S4"))
    play_turn(s, T, NO_FLAMES)  # five bricks: seat 0 passes
    s.apply(1, a.Roll(T + 100_000))
    s.apply(CHANCE, a.Faces((0, 1, 1, 4, 4)))  # a brick, 2 wheat, 2 jerrycans
    s.apply(1, a.Stop(T + 101_000))
    error = refused(s, 1, a.Take(2), Reason.NOT_ENOUGH)  # S7 costs 2 bricks and 1 metal
    assert (
        str(error)
        == "that costs 2 bricks and 1 metal and you have 1 brick, 2 wheat and 4 jerrycans"
    )
    # The bot words it in the player's language from the values (bot/games/kero/__init__.py).
    assert error.details == {
        "cost": Resources(brick=2, metal=1),
        "have": Resources(brick=1, wheat=2, jerrycan=4),
    }


def test_every_not_enough_carries_the_cost_and_what_you_have() -> None:
    errors = [e for e in refusals(matches=1) if e.reason is Reason.NOT_ENOUGH]
    assert errors
    for error in errors:
        cost, have = error.details["cost"], error.details["have"]
        assert isinstance(cost, Resources) and isinstance(have, Resources)
        assert not have.covers(cost), (cost, have)


def test_an_empty_tank_says_fuel_up_first_not_too_late() -> None:
    with pytest.raises(IllegalAction) as info:
        tank_op(lambda: Tank(0, 60_000).tip(T))
    assert info.value.reason is Reason.NO_KERO
    assert str(info.value) == "your tank is empty: fuel up first"

"""The Tuarek pile: when it is empty, the used Tuareks are shuffled into a new one (chance)."""

from __future__ import annotations

from games.common import CHANCE, ChanceRng, Reason
from games.kero import actions as a
from games.kero.state import KeroState

from .helpers import (
    GREEN_TUAREK,
    JERRYCAN,
    T,
    camp,
    end_turn,
    new_match,
    pass_turn,
    refused,
    roll,
    stop,
)

TOP = ("trader", "trader", "scout", "scout")
"""Seat 0 starts with two Traders, seat 1 with two Scouts."""
DRAW_TURN = (JERRYCAN,) * 5 + (GREEN_TUAREK,)
"""Five jerrycans and the green die's Tuarek face: +5 tokens and one Tuarek drawn."""


def draw_turn(state: KeroState, at: int, hires: int) -> None:
    """Seat 0 draws a Tuarek with the green die, hires `hires` more, ends; seat 1 passes."""
    roll(state, at, DRAW_TURN, dice=("green",))
    stop(state, at + 1_000)
    camp(state, *[a.Hire()] * hires)
    end_turn(state)
    pass_turn(state, at + 2_000)


def emptied() -> KeroState:
    """Seat 0 has drawn the whole pile (13 Tuareks after setup) and used one Trader."""
    state = new_match(first=0, tuareks=TOP)
    at = T
    for hires in (2, 2, 2, 2):
        draw_turn(state, at, hires)
        at += 10_000
    assert len(state.tuarek_pile) == 1
    roll(state, at, DRAW_TURN, dice=("green",))
    stop(state, at + 1_000)
    assert state.tuarek_pile == [] and state.tuarek_used == []
    camp(state, a.Play("trader", "wheat"))
    assert state.tuarek_used == ["trader"]
    return state


def test_a_draw_from_an_empty_pile_waits_for_the_reshuffle() -> None:
    state = emptied()
    hand = len(state.camps[0].tuareks)
    state.apply(0, a.Hire())
    assert state.chance_due() == "reshuffle"
    refused(state, 0, a.EndTurn(), Reason.NOT_YOUR_TURN)
    state.apply(CHANCE, a.Reshuffle(("trader",)))
    assert state.tuarek_used == [] and state.tuarek_pile == []
    assert len(state.camps[0].tuareks) == hand + 1


def test_a_reshuffle_must_put_back_exactly_the_used_tuareks() -> None:
    state = emptied()
    state.apply(0, a.Hire())
    refused(state, CHANCE, a.Reshuffle(("guide",)), Reason.BAD_ROLL)
    refused(state, CHANCE, a.Reshuffle(("trader", "trader")), Reason.BAD_ROLL)


def test_with_no_tuarek_anywhere_hiring_is_refused() -> None:
    state = new_match(first=0, tuareks=TOP)
    at = T
    for hires in (2, 2, 2, 2):
        draw_turn(state, at, hires)
        at += 10_000
    roll(state, at, DRAW_TURN, dice=("green",))
    stop(state, at + 1_000)
    assert state.tuarek_pile == [] and state.tuarek_used == []
    refused(state, 0, a.Hire(), Reason.NO_TUAREK)


def test_the_seeded_stream_reshuffles_the_used_pile() -> None:
    state = emptied()
    state.apply(0, a.Hire())
    reshuffle = state.sample_chance(ChanceRng("pile"))
    assert isinstance(reshuffle, a.Reshuffle) and reshuffle.tuareks == ("trader",)

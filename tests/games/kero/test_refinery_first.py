"""The fuel-up comes first: "al comienzo de tu turno, antes de realizar cualquier otra acción"
(seed 000). Once a clan does anything else in its turn, it can no longer fuel up, and two
fuel-ups must be made in a row (docs/rules/kero.md, *Fuel up at the refinery*)."""

from __future__ import annotations

import pytest

from games.common import CHANCE, ChanceRng, Node, Reason
from games.kero import actions as a
from games.kero.ai import KeroAI, Pace
from games.kero.board import Phase
from games.kero.state import KeroState
from tests.games.kero.helpers import (
    NO_FLAMES,
    T,
    fuel_up,
    new_match,
    pass_turn,
    play_turn,
    refused,
)

HANDS = ("water_carrier", "dust_storm", "guide", "trader")
"""Seat 0 holds a Water-carrier and a Dust Storm; the pile then gives a Guide and a Trader."""
LATER = 100_000


def first_turn() -> KeroState:
    return new_match(first=0, tuareks=HANDS)


def refinery_closed(s: KeroState, seat: int = 0) -> None:
    """Neither a paid fuel-up nor a Water-carrier is accepted or offered any more this turn."""
    refused(s, seat, a.FuelUp(), Reason.WRONG_PHASE)
    refused(s, seat, a.Play("water_carrier"), Reason.WRONG_PHASE)
    legal = s.legal_actions(seat)
    assert a.FuelUp() not in legal and a.Play("water_carrier") not in legal


@pytest.mark.parametrize(
    "other",
    [a.AddDie("green"), a.Play("dust_storm"), a.Hire()],
    ids=["special die", "arm a Dust Storm", "hire"],
)
def test_any_other_action_closes_the_refinery_for_the_turn(other: a.Action) -> None:
    s = first_turn()
    assert a.FuelUp() in s.legal_actions(0) and a.Play("water_carrier") in s.legal_actions(0)
    s.apply(0, other)
    assert s.turn.fuel_ups == 0
    refinery_closed(s)
    error = refused(s, 0, a.FuelUp())
    assert str(error) == "fuel-ups come first in a turn, before anything else you do"


def test_a_guide_played_first_closes_the_refinery_too() -> None:
    s = new_match(first=0, tuareks=("guide", "water_carrier"))
    s.apply(0, a.Play("guide", "blue"))
    refinery_closed(s)


def test_a_freshly_hired_water_carrier_cannot_pay_this_turns_fuel_up() -> None:
    """The Tuarek hired before fuelling comes too late for this turn's refinery; it is kept
    and pays the next turn's fuel-up."""
    s = new_match(first=0, tuareks=("guide", "scout", "trader", "smith", "water_carrier"))
    s.apply(0, a.Hire())
    assert s.camps[0].tuareks == ["guide", "scout", "water_carrier"]
    refinery_closed(s)
    play_turn(s, T, NO_FLAMES)
    pass_turn(s, T + LATER)
    s.apply(0, a.Play("water_carrier"))
    assert s.phase is Phase.FUELING and s.camps[0].jerrycans == 0


def test_two_fuel_ups_in_a_row_then_the_turn_goes_on() -> None:
    s = first_turn()
    fuel_up(s, [8])
    assert a.FuelUp() in s.legal_actions(0)
    s.apply(0, a.Play("water_carrier"))
    s.apply(CHANCE, a.Flames(8))
    assert s.turn.fuel_ups == 2
    s.apply(0, a.Play("dust_storm"))
    s.apply(0, a.AddDie("green"))
    assert s.camps[0].armed == 1 and s.turn.dice == ["green"]


def test_a_second_fuel_up_must_follow_the_first_at_once() -> None:
    s = first_turn()
    fuel_up(s, [8])
    s.apply(0, a.Play("dust_storm"))
    refinery_closed(s)


def test_the_refinery_opens_again_at_the_next_turn() -> None:
    s = first_turn()
    s.apply(0, a.Hire())
    play_turn(s, T, NO_FLAMES)
    assert s.active == 1 and a.FuelUp() in s.legal_actions(1)
    pass_turn(s, T + LATER)
    assert s.active == 0 and a.Play("water_carrier") in s.legal_actions(0)


def test_a_skipped_turn_does_not_close_the_next_clans_refinery() -> None:
    """`pass` before rolling ends the turn; the opponent's turn starts with its refinery open."""
    s = first_turn()
    s.apply(0, a.Pass())
    assert s.active == 1 and not s.turn.refinery_closed
    assert a.FuelUp() in s.legal_actions(1)


def test_the_computer_fuels_up_before_arming_its_dust_storm() -> None:
    """A low tank and a Dust Storm in hand: the computer fuels up first, then arms the storm."""
    s = first_turn()
    ai = KeroAI(Pace(low_tank_ms=61_000))  # always "low": it fuels up as often as it may
    chosen: list[a.Action] = []
    while len(chosen) < 3:
        if s.node() is Node.CHANCE:
            s.apply(CHANCE, a.Flames(8))
            continue
        chosen.append(ai.choose(s, 0))
        s.apply(0, chosen[-1])
    assert [is_fuel_up(x) for x in chosen] == [True, True, False]
    assert chosen[2] == a.Play("dust_storm") and s.camps[0].armed == 1


def is_fuel_up(action: a.Action) -> bool:
    """A paid fuel-up or a Water-carrier's."""
    return isinstance(action, a.FuelUp) or (
        isinstance(action, a.Play) and action.tuarek == "water_carrier"
    )


@pytest.mark.parametrize("fuel_mode", ["auto", "live"])
def test_the_computer_never_fuels_up_after_another_action(fuel_mode: str) -> None:
    """In whole computer matches, every turn's fuel-ups come before the clan's other actions
    (the engine would refuse them otherwise; this checks the order the computer chose)."""
    refuelled = 0
    for seed in range(10):
        s = KeroState({"fuel_up": fuel_mode})
        ai, rng = KeroAI(Pace(low_tank_ms=40_000)), ChanceRng(f"first/{fuel_mode}/{seed}")
        while not s.is_terminal():
            if s.node() is Node.CHANCE:
                s.apply(CHANCE, s.sample_chance(rng))
                continue
            seat = s.seats_to_act()[0]
            action = ai.choose(s, seat)
            assert not (is_fuel_up(action) and s.turn.refinery_closed), action
            refuelled += isinstance(action, a.FuelUp)
            s.apply(seat, action)
    assert refuelled > 10

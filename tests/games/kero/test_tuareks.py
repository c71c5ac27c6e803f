"""Scenario tests for the Tuarek tiles and the permanent-ability tiles (docs/rules/kero.md).

Every position is reached through real play (helpers.py): a forced deal puts the Tuareks wanted
on top of the pile (seat 0 holds the first two, seat 1 the next two), forced dice pay for the
ability cards, and every timed action carries an explicit timestamp.
"""

from __future__ import annotations

import pytest

from games.common import CHANCE, Reason
from games.kero import actions as a
from games.kero.board import Phase
from games.kero.components import default_components
from games.kero.resources import Resources
from games.kero.state import KeroState
from tests.games.kero.helpers import (
    BLUE_METAL2,
    BRICK,
    CAPACITY,
    FLAME,
    GREEN_WHEAT2,
    JERRYCAN,
    METAL,
    NO_FLAMES,
    RECRUIT,
    THROW_MS,
    TWO_FLAMES,
    WHEAT,
    YELLOW_BRICK2,
    T,
    camp,
    empty_at,
    end_turn,
    fuel_up,
    kero,
    new_match,
    outage,
    pass_turn,
    play_turn,
    refused,
    reroll,
    roll,
    slot_of,
    stop,
)

BOX = default_components()
TUAREKS = sum(t.count for t in BOX.tuareks)
ROW = ("S3", "S7", "S8", "S12", "S4", "S9")
"""Cheap Start cards; S9 is the rightmost, the one a Fire step burns."""
START_SUPPLY = BOX.supply.jerrycans - 2 * BOX.supply.start_jerrycans
SPECIAL_FACE_0 = {"green": GREEN_WHEAT2, "yellow": YELLOW_BRICK2, "blue": BLUE_METAL2}
"""Face 0 of each special die: 2 wheat, 2 brick, 2 metal."""
LATER = 100_000
"""The gap between the starts of two turns (ms)."""


def match(hand0: tuple[str, str], hand1: tuple[str, str] = ("trader", "scout"), **kw) -> KeroState:
    """Seat 0 plays first holding `hand0`; seat 1 holds `hand1`."""
    return new_match(first=0, row=kw.pop("row", ROW), tuareks=(*hand0, *hand1), **kw)


def tuarek_total(s: KeroState) -> int:
    """Hands + pile + used pile + armed Dust Storms: always the 17 tiles of the box."""
    held = sum(len(c.tuareks) + c.armed for c in s.camps)
    return held + len(s.tuarek_pile) + len(s.tuarek_used)


def in_camp(s: KeroState, at: int, faces: tuple[int, ...], dice: tuple[str, ...] = ()) -> None:
    """Roll at `at` with these faces and stop 1 ms later: the active clan is in camp."""
    roll(s, at, faces, dice)
    stop(s, at + 1)


def with_tile(card: str, faces: tuple[int, ...]) -> KeroState:
    """Seat 0 takes `card` (slot 1) with these dice in turn 1, then seat 1 passes: seat 0 is to
    play its turn 2 (rolling at T + 2 * LATER) holding the card's tile."""
    s = match(("smith", "guide"), row=(card, *ROW[:5]))
    play_turn(s, T, faces, a.Take(1))
    assert s.camps[0].cards == [card]
    pass_turn(s, T + LATER)
    assert (s.active, s.phase) == (0, Phase.START)
    return s


# --- any Tuarek ---------------------------------------------------------------------------------


def test_the_box_holds_17_tuareks_two_in_each_hand() -> None:
    s = match(("guide", "trader"), ("scout", "smith"))
    assert TUAREKS == 17
    assert (s.camps[0].tuareks, s.camps[1].tuareks) == (["guide", "trader"], ["scout", "smith"])
    assert len(s.tuarek_pile) == 13 and s.tuarek_used == []
    assert tuarek_total(s) == 17


def test_a_tuarek_not_in_hand_is_refused() -> None:
    s = match(("guide", "trader"), ("scout", "smith"))
    refused(s, 0, a.Play("scout"), Reason.NO_TUAREK)  # the opponent's
    refused(s, 0, a.Play("water_carrier"), Reason.NO_TUAREK)  # still in the pile
    refused(s, 0, a.Play("wizard"), Reason.NO_TUAREK)  # no such type
    refused(s, 1, a.Play("scout"), Reason.NOT_YOUR_TURN)


def test_a_played_tuarek_is_discarded_and_a_second_one_needs_a_second_tile() -> None:
    s = match(("trader", "trader"))
    in_camp(s, T, NO_FLAMES)
    camp(s, a.Play("trader", "wheat"))
    assert s.camps[0].tuareks == ["trader"] and s.tuarek_used == ["trader"]
    camp(s, a.Play("trader", "wheat"))
    assert s.camps[0].tuareks == [] and s.tuarek_used == ["trader", "trader"]
    refused(s, 0, a.Play("trader", "wheat"), Reason.NO_TUAREK)
    assert s.turn.pool == Resources(brick=5, wheat=2)
    assert tuarek_total(s) == 17


def test_a_hired_tuarek_can_be_played_at_once() -> None:
    s = new_match(first=0, tuareks=("smith", "smith", "scout", "scout", "guide"))
    s.apply(0, a.Hire())
    assert s.camps[0].tuareks == ["smith", "smith", "guide"]
    s.apply(0, a.Play("guide", "blue"))
    assert s.turn.dice == ["blue"] and s.camps[0].jerrycans == 0
    assert s.tuarek_used == ["guide"] and tuarek_total(s) == 17


def test_legal_actions_offer_the_held_tuareks_that_fit_the_moment() -> None:
    s = match(("guide", "dust_storm"), ("trader", "scout"))
    legal = s.legal_actions(0)
    assert {a.Play("guide", c) for c in ("green", "yellow", "blue")} <= set(legal)
    assert a.Play("dust_storm") in legal
    assert not [x for x in legal if isinstance(x, a.Play) and x.tuarek in ("trader", "scout")]
    s.apply(0, a.AddDie("green"))
    assert a.Play("guide", "green") not in s.legal_actions(0)
    assert a.Play("guide", "yellow") in s.legal_actions(0)


# --- Dust Storm ---------------------------------------------------------------------------------


@pytest.mark.parametrize("moment", ["start", "rolling", "camp"])
def test_a_dust_storm_is_armed_face_down_in_your_own_turn(moment: str) -> None:
    s = match(("dust_storm", "guide"))
    if moment != "start":
        roll(s, T, NO_FLAMES)
    if moment == "camp":
        stop(s, T + 1)
    phase = s.phase
    s.apply(0, a.Play("dust_storm"))
    assert s.phase is phase
    assert s.camps[0].tuareks == ["guide"] and s.camps[0].armed == 1
    assert s.tuarek_used == []  # armed, not used: it waits for the opponent's fuel-up
    assert tuarek_total(s) == 17


def test_a_dust_storm_takes_no_argument() -> None:
    s = match(("dust_storm", "guide"))
    refused(s, 0, a.Play("dust_storm", "green"))
    refused(s, 0, a.Play("dust_storm", None, T))
    assert s.camps[0].armed == 0


def test_an_armed_dust_storm_turns_the_opponents_next_fuel_up_to_the_white_dice() -> None:
    s = match(("dust_storm", "guide"))
    s.apply(0, a.Play("dust_storm"))
    pass_turn(s, T)
    s.apply(1, a.FuelUp())
    assert s.turn.fuel is not None and s.turn.fuel.dice == 5
    assert s.camps[0].armed == 0 and s.tuarek_used == ["dust_storm"]
    assert tuarek_total(s) == 17
    refused(s, CHANCE, a.Flames(6), Reason.BAD_ROLL)  # only 5 dice are thrown
    s.apply(CHANCE, a.Flames(5))
    assert s.phase is Phase.START and s.camps[1].jerrycans == 1


def test_one_dust_storm_affects_one_fuel_up_only() -> None:
    s = match(("dust_storm", "guide"))
    s.apply(0, a.Play("dust_storm"))
    pass_turn(s, T)
    fuel_up(s, [5])  # the storm: white dice only
    s.apply(1, a.FuelUp())
    assert s.turn.fuel is not None and s.turn.fuel.dice == 8
    s.apply(CHANCE, a.Flames(8))
    assert s.tuarek_used == ["dust_storm"] and s.camps[0].jerrycans == 2


def test_two_armed_dust_storms_affect_a_double_fuel_up_twice() -> None:
    s = match(("dust_storm", "dust_storm"), ("trader", "scout"))
    camp(s, a.Play("dust_storm"), a.Play("dust_storm"))
    assert s.camps[0].armed == 2 and s.camps[0].tuareks == []
    pass_turn(s, T)
    for armed in (1, 0):
        s.apply(1, a.FuelUp())
        assert s.turn.fuel is not None and s.turn.fuel.dice == 5
        assert s.camps[0].armed == armed
        s.apply(CHANCE, a.Flames(5))
    assert s.tuarek_used == ["dust_storm", "dust_storm"] and tuarek_total(s) == 17


def test_a_dust_storm_gives_the_opponent_the_kero_of_its_white_dice_throws() -> None:
    """It stays armed through a turn without fuel-up; a 5-dice fuel-up of 3 throws adds 5.4 s."""
    s = match(("dust_storm", "guide"))
    s.apply(0, a.Play("dust_storm"))
    pass_turn(s, T)
    play_turn(s, T + LATER, NO_FLAMES, stop_after=50_000)  # seat 1 keeps 10 s, no fuel-up
    assert kero(s, 1) == 10_000 and s.camps[0].armed == 1
    pass_turn(s, T + 2 * LATER)
    fuel_up(s, [2, 2, 1])
    assert kero(s, 1) == 10_000 + 3 * THROW_MS
    assert s.camps[0].armed == 0 and s.tuarek_used == ["dust_storm"]


def test_a_dust_storm_triggers_on_a_water_carrier_fuel_up() -> None:
    s = match(("dust_storm", "guide"), ("water_carrier", "scout"))
    s.apply(0, a.Play("dust_storm"))
    pass_turn(s, T)
    s.apply(1, a.Play("water_carrier"))
    assert s.turn.fuel is not None and s.turn.fuel.dice == 5
    assert s.camps[0].armed == 0
    assert s.tuarek_used == ["dust_storm", "water_carrier"] and tuarek_total(s) == 17
    assert s.camps[1].jerrycans == 2


def test_a_dust_storm_does_not_trigger_on_the_outage_refuel() -> None:
    s = match(("dust_storm", "guide"))
    s.apply(0, a.Play("dust_storm"))
    pass_turn(s, T)
    outage(s, T + LATER, NO_FLAMES, [5])
    assert kero(s, 1) == THROW_MS and s.active == 0
    assert s.camps[0].armed == 1 and s.tuarek_used == []
    pass_turn(s, T + 3 * LATER)
    s.apply(1, a.FuelUp())
    assert s.turn.fuel is not None and s.turn.fuel.dice == 5
    assert s.camps[0].armed == 0 and s.tuarek_used == ["dust_storm"]


def test_an_armed_dust_storm_never_affects_its_own_clans_fuel_up() -> None:
    s = match(("dust_storm", "guide"))
    play_turn(s, T, NO_FLAMES, a.Play("dust_storm"))  # armed in camp
    pass_turn(s, T + LATER)
    s.apply(0, a.FuelUp())
    assert s.turn.fuel is not None and s.turn.fuel.dice == 8
    s.apply(CHANCE, a.Flames(8))
    assert s.camps[0].armed == 1 and s.tuarek_used == []


def test_a_refused_fuel_up_leaves_the_dust_storm_armed() -> None:
    s = match(("dust_storm", "guide"))
    s.apply(0, a.Play("dust_storm"))
    pass_turn(s, T)
    play_turn(s, T + LATER, NO_FLAMES, a.Hire())  # seat 1 spends both jerrycans
    pass_turn(s, T + 2 * LATER)
    refused(s, 1, a.FuelUp(), Reason.NOT_ENOUGH)
    assert s.camps[0].armed == 1


# --- Guide --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("colour", "pool"),
    [
        ("green", Resources(brick=5, wheat=2)),
        ("yellow", Resources(brick=7)),
        ("blue", Resources(brick=5, metal=2)),
    ],
)
def test_a_guide_adds_the_special_die_of_your_choice_free(colour: str, pool: Resources) -> None:
    s = match(("guide", "smith"))
    s.apply(0, a.Play("guide", colour))
    assert s.turn.dice == [colour] and s.camps[0].jerrycans == 2
    assert s.camps[0].tuareks == ["smith"] and s.tuarek_used == ["guide"]
    in_camp(s, T, (*NO_FLAMES, SPECIAL_FACE_0[colour]))
    assert s.turn.pool == pool
    assert tuarek_total(s) == 17


def test_a_guides_die_takes_its_place_after_the_dice_already_chosen() -> None:
    s = match(("guide", "guide"))
    s.apply(0, a.AddDie("yellow"))
    s.apply(0, a.Play("guide", "green"))
    s.apply(0, a.Play("guide", "blue"))
    assert s.camps[0].jerrycans == 1  # only the yellow die was paid
    in_camp(s, T, (*NO_FLAMES, YELLOW_BRICK2, GREEN_WHEAT2, BLUE_METAL2))
    assert s.turn.dice == ["white"] * 5 + ["yellow", "green", "blue"]
    assert s.turn.pool == Resources(brick=7, wheat=2, metal=2)


def test_a_guide_names_a_special_die_not_taken_yet() -> None:
    s = match(("guide", "smith"))
    s.apply(0, a.AddDie("green"))
    refused(s, 0, a.Play("guide", "green"), Reason.DIE_NOT_AVAILABLE)
    for colour in (None, "red", "white", "GREEN"):
        refused(s, 0, a.Play("guide", colour), Reason.DIE_NOT_AVAILABLE)
    assert s.camps[0].tuareks == ["guide", "smith"]


def test_a_guide_is_played_while_choosing_dice_not_later() -> None:
    s = match(("guide", "smith"))
    roll(s, T, NO_FLAMES)
    refused(s, 0, a.Play("guide", "green"), Reason.WRONG_PHASE)
    stop(s, T + 1)
    refused(s, 0, a.Play("guide", "green"), Reason.WRONG_PHASE)


def test_after_a_guide_the_fuel_up_step_is_over() -> None:
    """Fuel-up comes first, before choosing dice: a Guide's die is a chosen die."""
    s = match(("guide", "smith"))
    s.apply(0, a.Play("guide", "green"))
    refused(s, 0, a.FuelUp(), Reason.WRONG_PHASE)


def test_a_guide_takes_no_timestamp() -> None:
    s = match(("guide", "smith"))
    refused(s, 0, a.Play("guide", "green", T + 50_000))


# --- Trader -------------------------------------------------------------------------------------


@pytest.mark.parametrize("resource", ["brick", "wheat", "metal", "recruit"])
def test_a_trader_adds_one_resource_of_your_choice_to_the_turns_pool(resource: str) -> None:
    s = match(("trader", "smith"))
    in_camp(s, T, (WHEAT, BRICK, BRICK, BRICK, BRICK))
    s.apply(0, a.Play("trader", resource))
    assert s.turn.pool == Resources(brick=4, wheat=1) + Resources.of({resource: 1})
    assert s.camps[0].jerrycans == 2
    assert s.camps[0].tuareks == ["smith"] and s.tuarek_used == ["trader"]
    assert tuarek_total(s) == 17


def test_a_traders_wheat_pays_for_a_card() -> None:
    s = match(("trader", "smith"))
    in_camp(s, T, (WHEAT, BRICK, BRICK, BRICK, BRICK))
    refused(s, 0, a.Take(slot_of(s, "S3")), Reason.NOT_ENOUGH)  # S3: 2 wheat
    camp(s, a.Play("trader", "wheat"), a.Take(slot_of(s, "S3")))
    assert s.camps[0].cards == ["S3"] and s.turn.pool == Resources(brick=4)


def test_a_traders_jerrycan_becomes_a_token() -> None:
    s = match(("trader", "smith"))
    in_camp(s, T, NO_FLAMES)
    s.apply(0, a.Play("trader", "jerrycan"))
    assert s.camps[0].jerrycans == 3 and s.jerrycans == START_SUPPLY - 1
    assert s.turn.pool == Resources(brick=5)
    end_turn(s)
    assert s.camps[0].jerrycans == 3  # a token outlasts the turn


def test_a_trader_trades_in_the_camp_phase_only() -> None:
    s = match(("trader", "smith"))
    refused(s, 0, a.Play("trader", "wheat"), Reason.WRONG_PHASE)
    roll(s, T, NO_FLAMES)
    refused(s, 0, a.Play("trader", "wheat"), Reason.WRONG_PHASE)
    refused(s, 0, a.Play("trader", "wheat", T + 1), Reason.WRONG_PHASE)


def test_a_trader_names_one_resource() -> None:
    s = match(("trader", "smith"))
    in_camp(s, T, NO_FLAMES)
    for arg in (None, "gold", "flame", "Wheat", "tuarek"):
        refused(s, 0, a.Play("trader", arg))
    refused(s, 0, a.Play("trader", "wheat", T + 2))  # untimed
    assert s.camps[0].tuareks == ["trader", "smith"]


# --- Scout --------------------------------------------------------------------------------------


def test_a_scout_places_one_explorer_free() -> None:
    s = match(("scout", "smith"))
    in_camp(s, T, NO_FLAMES)
    s.apply(0, a.Play("scout"))
    assert s.turn.owed_places == 1
    assert s.camps[0].tuareks == ["smith"] and s.tuarek_used == ["scout"]
    s.apply(0, a.Place(2))
    assert s.explorers[1] == [1, 0] and s.camps[0].explorers == 6
    assert s.turn.pool == Resources(brick=5)
    refused(s, 0, a.Place(2), Reason.NOT_ENOUGH)  # one free placement only
    assert tuarek_total(s) == 17


def test_a_scouts_free_placement_is_lost_at_the_end_of_the_turn() -> None:
    s = match(("scout", "smith"))
    in_camp(s, T, NO_FLAMES)
    camp(s, a.Play("scout"))
    end_turn(s)
    pass_turn(s, T + LATER)
    in_camp(s, T + 2 * LATER, NO_FLAMES)
    refused(s, 0, a.Place(1), Reason.NOT_ENOUGH)


def test_a_scout_is_played_in_the_camp_phase_only_and_takes_no_argument() -> None:
    s = match(("scout", "smith"))
    refused(s, 0, a.Play("scout"), Reason.WRONG_PHASE)
    roll(s, T, NO_FLAMES)
    refused(s, 0, a.Play("scout"), Reason.WRONG_PHASE)
    stop(s, T + 1)
    refused(s, 0, a.Play("scout", "1"))
    refused(s, 0, a.Play("scout", None, T + 2))


# --- Water-carrier ------------------------------------------------------------------------------


def test_a_water_carrier_fuels_up_without_paying() -> None:
    s = match(("water_carrier", "smith"))
    play_turn(s, T, NO_FLAMES, stop_after=50_000)
    pass_turn(s, T + LATER)
    assert kero(s, 0) == 10_000
    s.apply(0, a.Play("water_carrier"))
    assert s.phase is Phase.FUELING and s.turn.fuel is not None and s.turn.fuel.dice == 8
    assert s.camps[0].jerrycans == 2
    assert s.camps[0].tuareks == ["smith"] and s.tuarek_used == ["water_carrier"]
    for flames in (3, 3, 2):
        s.apply(CHANCE, a.Flames(flames))
    assert kero(s, 0) == 10_000 + 3 * THROW_MS and s.phase is Phase.START
    assert tuarek_total(s) == 17


def test_a_water_carrier_needs_no_jerrycan() -> None:
    s = match(("water_carrier", "smith"))
    play_turn(s, T, NO_FLAMES, a.Hire())  # spends both jerrycans in camp
    pass_turn(s, T + LATER)
    assert s.camps[0].jerrycans == 0
    refused(s, 0, a.FuelUp(), Reason.NOT_ENOUGH)
    s.apply(0, a.Play("water_carrier"))
    assert s.phase is Phase.FUELING


def test_a_water_carrier_counts_toward_the_two_fuel_ups() -> None:
    s = match(("water_carrier", "water_carrier"))
    fuel_up(s, [8])
    s.apply(0, a.Play("water_carrier"))
    s.apply(CHANCE, a.Flames(8))
    assert s.turn.fuel_ups == 2 and s.camps[0].jerrycans == 1
    refused(s, 0, a.Play("water_carrier"), Reason.WRONG_PHASE)
    refused(s, 0, a.FuelUp(), Reason.WRONG_PHASE)
    assert s.camps[0].tuareks == ["water_carrier"]


def test_a_water_carrier_comes_before_choosing_dice() -> None:
    s = match(("water_carrier", "smith"))
    refused(s, 0, a.Play("water_carrier", "green"))
    s.apply(0, a.AddDie("green"))
    refused(s, 0, a.Play("water_carrier"), Reason.WRONG_PHASE)
    roll(s, T, (*NO_FLAMES, GREEN_WHEAT2))
    refused(s, 0, a.Play("water_carrier"), Reason.WRONG_PHASE)
    stop(s, T + 1)
    refused(s, 0, a.Play("water_carrier"), Reason.WRONG_PHASE)


# --- Fire-eater ---------------------------------------------------------------------------------


@pytest.mark.parametrize("faces", [TWO_FLAMES, (FLAME,) * 5])
def test_a_fire_eater_ignores_every_flame_no_card_burns(faces: tuple[int, ...]) -> None:
    s = match(("fire_eater", "smith"), after=("R1",))
    in_camp(s, T, faces)
    s.apply(0, a.Play("fire_eater"))
    assert s.camps[0].tuareks == ["smith"] and s.tuarek_used == ["fire_eater"]
    end_turn(s)
    assert s.discard == [] and s.row == list(ROW)
    assert s.active == 1 and tuarek_total(s) == 17


def test_a_fire_eater_still_lets_the_row_slide_and_refill() -> None:
    s = match(("fire_eater", "smith"), after=("R1",))
    in_camp(s, T, (WHEAT, WHEAT, FLAME, FLAME, FLAME))
    camp(s, a.Take(1), a.Play("fire_eater"))  # S3: 2 wheat
    end_turn(s)
    assert s.discard == [] and s.row == ["R1", *ROW[1:]]


def test_a_fire_eater_is_played_in_the_camp_phase_only_and_takes_no_argument() -> None:
    s = match(("fire_eater", "smith"))
    refused(s, 0, a.Play("fire_eater"), Reason.WRONG_PHASE)
    roll(s, T, TWO_FLAMES)
    refused(s, 0, a.Play("fire_eater"), Reason.WRONG_PHASE)
    stop(s, T + 1)
    refused(s, 0, a.Play("fire_eater", "all"))
    end_turn(s)
    assert s.discard == ["S9"]  # not played: the rightmost card burns


# --- Smith --------------------------------------------------------------------------------------


def test_a_smith_throws_a_burnt_die_again_and_a_rescued_die_counts_again() -> None:
    s = match(("smith", "guide"))
    roll(s, T, TWO_FLAMES)
    s.apply(0, a.Play("smith", "0", T + 100))
    assert s.chance_due() == "faces" and s.turn.to_throw == (0,)
    assert s.camps[0].tuareks == ["guide"] and s.tuarek_used == ["smith"]
    refused(s, CHANCE, a.Faces((WHEAT, WHEAT)), Reason.BAD_ROLL)  # one die is thrown
    s.apply(CHANCE, a.Faces((WHEAT,)))
    assert s.turn.faces == [WHEAT, FLAME, BRICK, BRICK, BRICK]
    reroll(s, (0,), T + 200, (METAL,))  # an ordinary die again
    stop(s, T + 300)
    assert s.turn.pool == Resources(brick=3, metal=1)
    end_turn(s)
    assert s.discard == []  # its old flame no longer counts: 1 flame burns nothing
    assert tuarek_total(s) == 17


def test_a_smith_rethrow_showing_a_flame_burns_the_die_again() -> None:
    s = match(("smith", "guide"))
    roll(s, T, TWO_FLAMES)
    s.apply(0, a.Play("smith", "1", T + 100))
    s.apply(CHANCE, a.Faces((FLAME,)))
    refused(s, 0, a.Reroll((1,), T + 200), Reason.DIE_BURNT)
    refused(s, 0, a.Play("smith", "1", T + 200), Reason.NO_TUAREK)  # it was used
    stop(s, T + 300)
    end_turn(s)
    assert s.discard == ["S9"]


def test_a_smith_can_rescue_a_special_die() -> None:
    s = match(("smith", "guide"))
    roll(s, T, (*NO_FLAMES, FLAME), dice=("yellow",))
    s.apply(0, a.Play("smith", "5", T + 100))
    s.apply(CHANCE, a.Faces((YELLOW_BRICK2,)))
    stop(s, T + 200)
    assert s.turn.pool == Resources(brick=7)


def test_a_smith_names_a_burnt_die() -> None:
    s = match(("smith", "guide"))
    roll(s, T, TWO_FLAMES)
    for die in ("2", "5", "9", "x", "-1", "", None):
        refused(s, 0, a.Play("smith", die, T + 10), Reason.DIE_NOT_AVAILABLE)
    assert s.camps[0].tuareks == ["smith", "guide"]


def test_a_smith_works_only_while_rolling_with_a_timestamp_before_the_tank_is_empty() -> None:
    s = match(("smith", "guide"))
    refused(s, 0, a.Play("smith", "0", T), Reason.WRONG_PHASE)
    roll(s, T, TWO_FLAMES)
    refused(s, 0, a.Play("smith", "0"), Reason.WRONG_PHASE)  # untimed
    refused(s, 0, a.Play("smith", "0", T - 1), Reason.STALE)
    refused(s, 0, a.Play("smith", "0", empty_at(s)), Reason.TANK_EMPTY)
    s.apply(0, a.Play("smith", "0", empty_at(s) - 1))  # 1 ms before E is in time
    assert s.turn.window is not None and s.turn.window.last_at == T + CAPACITY - 1


def test_a_smith_is_refused_in_camp() -> None:
    s = match(("smith", "guide"))
    in_camp(s, T, TWO_FLAMES)
    refused(s, 0, a.Play("smith", "0", T + 2), Reason.WRONG_PHASE)


def test_a_smith_with_a_non_ascii_digit_is_refused_with_a_reason() -> None:
    s = match(("smith", "guide"))
    roll(s, T, TWO_FLAMES)
    refused(s, 0, a.Play("smith", "²", T + 10), Reason.DIE_NOT_AVAILABLE)


# --- free dice: A1, A6, A8 ----------------------------------------------------------------------


FREE_DICE = [
    ("S2", "A1", "green", (WHEAT, WHEAT, WHEAT, BRICK, BRICK)),  # 3 wh + 1 jc
    ("R8", "A6", "yellow", (WHEAT, WHEAT, METAL, BRICK, BRICK)),  # 2 wh + 1 me + 1 jc
    ("R15", "A8", "blue", (METAL, METAL, RECRUIT, BRICK, BRICK)),  # 2 me + 1 re + 1 jc
]


@pytest.mark.parametrize(("card", "tile", "colour", "faces"), FREE_DICE)
def test_a_free_die_tile_adds_its_die_free_every_turn(
    card: str, tile: str, colour: str, faces: tuple[int, ...]
) -> None:
    s = with_tile(card, faces)
    assert s.camps[0].tiles == [tile] and s.camps[0].jerrycans == 1
    s.apply(0, a.AddDie(colour))
    assert s.camps[0].jerrycans == 1 and s.turn.tiles_used == [tile]
    refused(s, 0, a.Use(tile), Reason.WRONG_PHASE)  # automatic: never played
    play_turn(s, T + 2 * LATER, (*NO_FLAMES, SPECIAL_FACE_0[colour]))
    pass_turn(s, T + 3 * LATER)
    s.apply(0, a.AddDie(colour))  # free again in the next turn
    assert s.camps[0].jerrycans == 1


@pytest.mark.parametrize(("card", "tile", "colour", "faces"), FREE_DICE)
def test_a_free_die_tile_makes_only_its_own_colour_free(
    card: str, tile: str, colour: str, faces: tuple[int, ...]
) -> None:
    s = with_tile(card, faces)
    other = next(c for c in ("green", "yellow", "blue") if c != colour)
    s.apply(0, a.AddDie(other))
    assert s.camps[0].jerrycans == 0 and s.turn.tiles_used == []
    s.apply(0, a.AddDie(colour))
    assert s.camps[0].jerrycans == 0 and s.turn.tiles_used == [tile]


# --- collecting bonuses: A2, A3, A7 -------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "tile", "faces", "bonus"),
    [
        ("S5", "A2", (BRICK, BRICK, WHEAT, WHEAT, WHEAT), Resources(brick=1)),
        ("S10", "A3", (METAL, METAL, RECRUIT, WHEAT, WHEAT), Resources(metal=1)),
        ("R12", "A7", (WHEAT, WHEAT, WHEAT, METAL, METAL), Resources(wheat=1)),
    ],
)
def test_a_bonus_tile_adds_one_when_collecting(
    card: str, tile: str, faces: tuple[int, ...], bonus: Resources
) -> None:
    s = with_tile(card, faces)
    assert s.camps[0].tiles == [tile]
    refused(s, 0, a.Use(tile), Reason.WRONG_PHASE)
    in_camp(s, T + 2 * LATER, NO_FLAMES)
    assert s.turn.pool == Resources(brick=5) + bonus
    refused(s, 0, a.Use(tile), Reason.WRONG_PHASE)


def test_a_bonus_tile_taken_in_camp_waits_for_the_next_collection() -> None:
    s = match(("smith", "guide"), row=("S5", *ROW[:5]))
    in_camp(s, T, (BRICK, BRICK, WHEAT, WHEAT, WHEAT))
    camp(s, a.Take(1))
    assert s.camps[0].tiles == ["A2"] and s.turn.pool == Resources(wheat=3)


# --- A4: Tuarek friends -------------------------------------------------------------------------


def test_a4_makes_one_hire_a_turn_cost_one_jerrycan() -> None:
    s = match(("smith", "guide"), row=("R4", *ROW[:5]))
    in_camp(s, T, (RECRUIT, RECRUIT, JERRYCAN, JERRYCAN, JERRYCAN))
    camp(s, a.Take(1))  # R4: 2 recruits + 1 jerrycan -> A4, usable this turn
    assert s.camps[0].tiles == ["A4"] and s.camps[0].jerrycans == 4
    refused(s, 0, a.Use("A4"), Reason.WRONG_PHASE)
    camp(s, a.Hire())
    assert s.camps[0].jerrycans == 3 and s.turn.tiles_used == ["A4"]
    camp(s, a.Hire())
    assert s.camps[0].jerrycans == 1  # the second hire pays full price
    refused(s, 0, a.Hire(), Reason.NOT_ENOUGH)
    assert len(s.camps[0].tuareks) == 4 and tuarek_total(s) == 17
    end_turn(s)
    pass_turn(s, T + LATER)
    s.apply(0, a.Hire())  # cheap again in the next turn
    assert s.camps[0].jerrycans == 0 and len(s.camps[0].tuareks) == 5


# --- A9: Firebreak ------------------------------------------------------------------------------


def test_a9_ignores_one_flame_from_the_turn_its_card_is_taken() -> None:
    s = match(("smith", "guide"), row=("R16", *ROW[:5]), after=("R1",))
    in_camp(s, T, (BRICK, BRICK, WHEAT, FLAME, FLAME))
    camp(s, a.Take(1), a.Use("A9"))  # R16: 2 brick + 1 wheat
    refused(s, 0, a.Use("A9"), Reason.ALREADY_USED)  # once per turn
    end_turn(s)
    assert s.discard == []


def test_a9_ignores_only_one_flame() -> None:
    s = match(("smith", "guide"), row=("R16", *ROW[:5]), after=("R1",))
    in_camp(s, T, (BRICK, BRICK, WHEAT, FLAME, FLAME, FLAME), dice=("green",))
    camp(s, a.Take(1), a.Use("A9"))
    end_turn(s)
    assert s.discard == ["S4"]  # 3 flames - 1 = 2: the rightmost card still burns


def test_a9_is_optional_decided_in_camp_and_works_again_next_turn() -> None:
    s = with_tile("R16", (BRICK, BRICK, WHEAT, BRICK, BRICK))
    refused(s, 0, a.Use("A9"), Reason.WRONG_PHASE)
    roll(s, T + 2 * LATER, TWO_FLAMES)
    refused(s, 0, a.Use("A9"), Reason.WRONG_PHASE)
    stop(s, T + 2 * LATER + 1)
    refused(s, 0, a.Use("A9", "1"), Reason.WRONG_PHASE)
    rightmost = s.row[-1]
    end_turn(s)  # not used: the rightmost card burns
    assert s.discard == [rightmost]
    pass_turn(s, T + 3 * LATER)
    in_camp(s, T + 4 * LATER, TWO_FLAMES)
    camp(s, a.Use("A9"))
    end_turn(s)
    assert s.discard == [rightmost]


def test_a_tile_not_held_cannot_be_used() -> None:
    s = match(("smith", "guide"))
    in_camp(s, T, TWO_FLAMES)
    for tile in ("A9", "A1", "A12"):
        refused(s, 0, a.Use(tile), Reason.NOT_HELD)


# --- A10: Second chance -------------------------------------------------------------------------


def a10_match() -> KeroState:
    """Seat 0 holds A10 (R21: 2 metal + 2 jerrycans) and a Smith, its turn 2 about to roll."""
    return with_tile("R21", (METAL, METAL, BRICK, BRICK, BRICK))


def test_a10_rerolls_one_burnt_die_once_a_turn() -> None:
    s = a10_match()
    at = T + 2 * LATER
    assert s.camps[0].tiles == ["A10"] and s.camps[0].jerrycans == 0
    roll(s, at, TWO_FLAMES)
    s.apply(0, a.Use("A10", "0", at + 10))
    assert s.chance_due() == "faces" and s.turn.to_throw == (0,)
    s.apply(CHANCE, a.Faces((RECRUIT,)))
    refused(s, 0, a.Use("A10", "1", at + 20), Reason.ALREADY_USED)  # once per turn
    stop(s, at + 30)
    assert s.turn.pool == Resources(brick=3, recruit=1)
    end_turn(s)
    assert s.discard == []
    pass_turn(s, T + 3 * LATER)
    roll(s, T + 4 * LATER, TWO_FLAMES)
    s.apply(0, a.Use("A10", "1", T + 4 * LATER + 10))  # usable again next turn
    s.apply(CHANCE, a.Faces((FLAME,)))  # burnt again
    refused(s, 0, a.Reroll((1,), T + 4 * LATER + 20), Reason.DIE_BURNT)


def test_a10_and_a_smith_each_rescue_a_die_in_the_same_turn() -> None:
    s = a10_match()
    at = T + 2 * LATER
    roll(s, at, TWO_FLAMES)
    s.apply(0, a.Use("A10", "0", at + 10))
    s.apply(CHANCE, a.Faces((WHEAT,)))
    s.apply(0, a.Play("smith", "1", at + 20))
    s.apply(CHANCE, a.Faces((WHEAT,)))
    stop(s, at + 30)
    assert s.turn.pool == Resources(brick=3, wheat=2)
    assert s.tuarek_used == ["smith"] and tuarek_total(s) == 17


def test_a10_works_only_while_rolling_on_a_burnt_die_with_a_timestamp() -> None:
    s = a10_match()
    at = T + 2 * LATER
    refused(s, 0, a.Use("A10", "0", at), Reason.WRONG_PHASE)
    roll(s, at, TWO_FLAMES)
    refused(s, 0, a.Use("A10", "0"), Reason.WRONG_PHASE)
    refused(s, 0, a.Use("A10", "2", at + 10), Reason.DIE_NOT_AVAILABLE)
    refused(s, 0, a.Use("A10", "0", empty_at(s)), Reason.TANK_EMPTY)
    stop(s, at + 10)
    refused(s, 0, a.Use("A10", "0", at + 20), Reason.WRONG_PHASE)
    assert s.turn.tiles_used == []

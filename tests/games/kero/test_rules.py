"""Scenario tests for the implemented part of Kero's rules (docs/rules/kero.md).

Dice, fuel-up throws and the deal are always forced (chance actions applied by the test), and
every timed action carries an explicit timestamp. One test per rule sentence, as far as possible.
"""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.common import CHANCE, ActionParseError, ChanceRng, IllegalAction, Reason
from games.kero import actions as a
from games.kero.board import Phase
from games.kero.chance import setup as deal
from games.kero.components import default_components
from games.kero.resources import NOTHING, Resources
from games.kero.scoring import points
from games.kero.state import KeroState
from tests.games.kero.helpers import (
    BLUE_EXPLORER,
    BLUE_METAL2,
    BLUE_METAL_RECRUIT,
    BRICK,
    CAPACITY,
    CLAIMS,
    FLAME,
    GREEN_RECRUIT2,
    GREEN_TUAREK,
    GREEN_WHEAT2,
    GREEN_WHEAT_RECRUIT,
    JERRYCAN,
    METAL,
    NO_FLAMES,
    RECRUIT,
    THROW_MS,
    TWO_FLAMES,
    WHEAT,
    YELLOW_BRICK2,
    YELLOW_JERRYCAN2,
    T,
    camp,
    empty_at,
    end_turn,
    forced_setup,
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
    snapshot,
    stacked,
    stop,
)

BOX = default_components()
ROW = ("S3", "S7", "S8", "S12", "S4", "S9")
"""Cheap Start cards: S3 2wh · S7 2br+1me · S8 1br+1re · S12 1me+1wh · S4 2wh+1br · S9 2me."""
TUAREKS = ("smith", "guide", "trader", "scout", "fire_eater", "water_carrier", "dust_storm")
"""The Tuarek pile's top: seat 0 holds smith+guide, seat 1 trader+scout; then fire_eater…"""
START_SUPPLY = BOX.supply.jerrycans - 2 * BOX.supply.start_jerrycans


def drained(left: int = 20_000) -> KeroState:
    """Seat 0 to play its second turn with `left` ms of KERO and 4 jerrycans; seat 1 is full."""
    s = new_match(first=0, row=ROW, tuareks=TUAREKS)
    roll(s, T, (JERRYCAN, JERRYCAN, BRICK, BRICK, BRICK))
    stop(s, T + CAPACITY - left)
    end_turn(s)
    pass_turn(s, T + 100_000)
    assert (s.active, kero(s, 0), s.camps[0].jerrycans) == (0, left, 4)
    return s


# --- setup ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(1, 13))
def test_the_deal_stacks_three_piles_with_a_claim_card_each_under_the_start_cards(
    seed: int,
) -> None:
    """Setup 3-4: 3 piles of 8 Regular cards, 1 Claim card shuffled in each; Start cards on top."""
    setup = deal(BOX, ChanceRng(seed))
    start = {c.id for c in BOX.start}
    regular = {c.id for c in BOX.regular}
    assert set(setup.deck[:12]) == start
    piles = [setup.deck[12:21], setup.deck[21:30], setup.deck[30:]]
    for pile in piles:
        assert len(pile) == 9
        assert sum(c in CLAIMS for c in pile) == 1
        assert sum(c in regular for c in pile) == 8
    assert sorted(setup.territories) == sorted(t.id for t in BOX.territories)
    assert Counter(setup.tuareks) == {t.id: t.count for t in BOX.tuareks}


def test_the_deal_chooses_either_clan_to_play_first() -> None:
    """House rule: the first player is chosen at random by the match (a chance action)."""
    assert {deal(BOX, ChanceRng(seed)).first for seed in range(40)} == {0, 1}


@pytest.mark.parametrize("first", [0, 1])
def test_setup_shows_six_cards_four_territories_and_equips_both_clans(first: int) -> None:
    """Setup 6-9: 6 cards face up, 4 territories, full tanks, 7 Explorers, 2 jerrycans and
    2 Tuareks per clan, the chosen first player to act."""
    setup = forced_setup(
        first=first,
        row=ROW,
        after=("R1",),
        territories=("T3", "T4", "T12", "T1", "T5"),
        tuareks=TUAREKS,
    )
    s = stacked()
    assert s.chance_due() == "setup"
    s.apply(CHANCE, setup)
    assert s.row == list(ROW)
    assert s.deck[0] == "R1" and len(s.deck) == 39 - 6
    assert s.territories == ["T3", "T4", "T12", "T1"]
    assert s.territory_pile[0] == "T5" and len(s.territory_pile) == 12 - 4
    assert s.explorers == [[0, 0]] * 4
    assert s.camps[0].tuareks == ["smith", "guide"]
    assert s.camps[1].tuareks == ["trader", "scout"]
    assert s.tuarek_pile[0] == "fire_eater" and len(s.tuarek_pile) == 17 - 4
    for seat in (0, 1):
        camp_ = s.camps[seat]
        assert camp_.jerrycans == 2
        assert (camp_.tank.level_ms, camp_.tank.capacity_ms) == (CAPACITY, CAPACITY)
        assert camp_.explorers == 7
        assert camp_.cards == camp_.tiles == camp_.territories == []
    assert s.jerrycans == 27 - 4
    assert (s.active, s.phase, s.chance_due(), s.claims, s.turns) == (
        first,
        Phase.START,
        None,
        0,
        0,
    )
    assert s.seats_to_act() == (first,)
    assert a.Roll(0) in s.legal_actions(first)
    assert s.legal_actions(1 - first) == []


def test_a_setup_must_deal_everything_exactly_once_and_only_once() -> None:
    s = KeroState()
    good = forced_setup()
    refused(s, 0, a.Roll(T), Reason.NOT_YOUR_TURN)  # the match waits for the deal
    refused(s, CHANCE, a.Setup(0, good.deck[1:], good.territories, good.tuareks), Reason.BAD_ROLL)
    refused(
        s,
        CHANCE,
        a.Setup(0, (*good.deck[1:], "S1"), good.territories, good.tuareks),
        Reason.BAD_ROLL,
    )
    refused(s, CHANCE, a.Setup(0, good.deck, good.territories[1:], good.tuareks), Reason.BAD_ROLL)
    refused(s, CHANCE, a.Setup(0, good.deck, good.territories, good.tuareks[1:]), Reason.BAD_ROLL)
    refused(s, CHANCE, a.Setup(2, good.deck, good.territories, good.tuareks), Reason.BAD_ROLL)
    refused(s, CHANCE, a.Faces(NO_FLAMES), Reason.WRONG_PHASE)
    s.apply(CHANCE, good)
    refused(s, CHANCE, good)  # no second deal


def test_the_seeded_setup_is_the_deal() -> None:
    s = KeroState()
    assert s.sample_chance(ChanceRng(7)) == deal(BOX, ChanceRng(7))


# --- the rolling window --------------------------------------------------------------------------


def test_the_roll_tips_the_truck_and_throws_the_white_dice() -> None:
    s = new_match(first=0)
    s.apply(0, a.Roll(T))
    assert s.phase is Phase.ROLLING and s.chance_due() == "faces"
    assert empty_at(s) == T + CAPACITY
    refused(s, CHANCE, a.Faces((BRICK,) * 4), Reason.BAD_ROLL)
    refused(s, CHANCE, a.Faces((BRICK,) * 6), Reason.BAD_ROLL)
    refused(s, CHANCE, a.Faces((BRICK, BRICK, BRICK, BRICK, 6)), Reason.BAD_ROLL)
    s.apply(CHANCE, a.Faces((BRICK, WHEAT, METAL, RECRUIT, FLAME)))
    assert s.turn.faces == [BRICK, WHEAT, METAL, RECRUIT, FLAME]
    assert s.chance_due() is None


def test_a_reroll_1_ms_before_empty_is_accepted_at_or_after_empty_refused() -> None:
    """An action stamped at or after E is refused (tank empty)."""
    s = new_match(first=0)
    roll(s, T, NO_FLAMES)
    e = empty_at(s)
    assert e == T + CAPACITY
    refused(s, 0, a.Reroll((0,), e + 1), Reason.TANK_EMPTY)
    refused(s, 0, a.Reroll((0,), e), Reason.TANK_EMPTY)
    refused(s, 0, a.Stop(e), Reason.TANK_EMPTY)
    reroll(s, (0,), e - 1, (WHEAT,))
    assert s.turn.faces[0] == WHEAT
    stop(s, e - 1)  # the same stamp as the previous action is not stale
    assert kero(s, 0) == 1
    assert s.turn.pool == Resources(brick=4, wheat=1)


def test_a_stamp_earlier_than_the_previous_one_is_stale() -> None:
    s = new_match(first=0)
    roll(s, T, NO_FLAMES)
    refused(s, 0, a.Reroll((0,), T - 1), Reason.STALE)  # before the tip
    reroll(s, (0,), T + 500, (WHEAT,))
    refused(s, 0, a.Reroll((1,), T + 499), Reason.STALE)
    refused(s, 0, a.Stop(T + 499), Reason.STALE)
    stop(s, T + 500)
    assert kero(s, 0) == CAPACITY - 500


@pytest.mark.parametrize("elapsed", [0, 1, 12_345, 59_999])
def test_stop_keeps_what_is_left_in_the_tank(elapsed: int) -> None:
    """Stop lays the truck flat at s: the tank keeps E - s."""
    s = new_match(first=0)
    roll(s, T, NO_FLAMES)
    stop(s, T + elapsed)
    assert kero(s, 0) == CAPACITY - elapsed
    assert s.phase is Phase.CAMP
    assert kero(s, 1) == CAPACITY


def test_the_next_roll_opens_a_window_as_long_as_the_kero_left() -> None:
    s = drained(left=20_000)
    roll(s, T + 200_000, NO_FLAMES)
    assert empty_at(s) == T + 220_000
    refused(s, 0, a.Stop(T + 220_000), Reason.TANK_EMPTY)
    stop(s, T + 219_000)
    assert kero(s, 0) == 1_000


def test_credits_move_the_empty_time_later() -> None:
    """Each accepted credit moves E later by its amount."""
    s = new_match(first=0)
    roll(s, T, NO_FLAMES)
    refused(s, 0, a.Reroll((0,), T + CAPACITY), Reason.TANK_EMPTY)
    s.apply(0, a.Credit(1_500))
    s.apply(0, a.Credit(500))
    assert empty_at(s) == T + CAPACITY + 2_000
    refused(s, 0, a.Reroll((0,), T + CAPACITY + 2_000), Reason.TANK_EMPTY)
    reroll(s, (0,), T + CAPACITY + 1_999, (WHEAT,))
    stop(s, T + CAPACITY + 1_999)
    assert kero(s, 0) == 1


def test_a_credit_is_0_to_2000_ms_and_only_while_rolling() -> None:
    s = new_match(first=0)
    refused(s, 0, a.Credit(100), Reason.WRONG_PHASE)
    roll(s, T, NO_FLAMES)
    refused(s, 0, a.Credit(2_001))
    refused(s, 0, a.Credit(-1))
    s.apply(0, a.Credit(0))
    s.apply(0, a.Credit(2_000))
    assert empty_at(s) == T + CAPACITY + 2_000
    stop(s, T + 10)
    refused(s, 0, a.Credit(100), Reason.WRONG_PHASE)


def test_a_credited_tank_never_holds_more_than_capacity() -> None:
    s = new_match(first=0)
    roll(s, T, NO_FLAMES)
    s.apply(0, a.Credit(2_000))
    stop(s, T + 500)
    assert kero(s, 0) == CAPACITY  # not 61 500


def test_burnt_dice_cannot_be_rerolled_and_yield_nothing() -> None:
    """A die showing a flame is burnt: it cannot be re-rolled and yields nothing."""
    s = new_match(first=0)
    roll(s, T, (FLAME, BRICK, FLAME, WHEAT, METAL))
    refused(s, 0, a.Reroll((0,), T + 10), Reason.DIE_BURNT)
    refused(s, 0, a.Reroll((1, 2), T + 10), Reason.DIE_BURNT)
    legal = s.legal_actions(0)
    assert a.Reroll((0,), T) not in legal
    assert a.Reroll((2,), T) not in legal
    assert a.Reroll((1,), T) in legal
    assert a.Reroll((1, 3, 4), T) in legal
    reroll(s, (1, 3), T + 100, (FLAME, RECRUIT))
    assert s.turn.faces == [FLAME, FLAME, FLAME, RECRUIT, METAL]
    refused(s, 0, a.Reroll((1,), T + 200), Reason.DIE_BURNT)
    stop(s, T + 200)
    assert s.turn.pool == Resources(metal=1, recruit=1)


def test_rerolled_dice_take_the_faces_in_ascending_die_order() -> None:
    s = new_match(first=0)
    roll(s, T, NO_FLAMES)
    s.apply(0, a.Reroll((3, 1), T + 10))
    assert s.chance_due() == "faces"
    refused(s, 0, a.Stop(T + 20), Reason.NOT_YOUR_TURN)  # the throw comes first
    refused(s, CHANCE, a.Faces((WHEAT,)), Reason.BAD_ROLL)
    s.apply(CHANCE, a.Faces((WHEAT, METAL)))
    assert s.turn.faces == [BRICK, WHEAT, BRICK, METAL, BRICK]


@pytest.mark.parametrize("dice", [(), (0, 0), (5,), (-1,)])
def test_a_reroll_names_existing_dice_once_each(dice: tuple[int, ...]) -> None:
    s = new_match(first=0)
    roll(s, T, NO_FLAMES)
    refused(s, 0, a.Reroll(dice, T + 10), Reason.DIE_NOT_AVAILABLE)


def test_once_flat_the_truck_cannot_be_tipped_again_even_after_a_single_throw() -> None:
    s = new_match(first=0)
    roll(s, T, NO_FLAMES)
    stop(s, T + 100)
    assert s.turn.flat
    for action in (a.Roll(T + 200), a.Reroll((0,), T + 200), a.Stop(T + 200)):
        error = refused(s, 0, action)
        assert error.reason in (Reason.WRONG_PHASE, Reason.TRUCK_FLAT)
    assert all(not isinstance(x, a.Roll | a.Reroll | a.Stop) for x in s.legal_actions(0))
    assert kero(s, 0) == CAPACITY - 100


# --- the KERO outage -----------------------------------------------------------------------------


def test_a_kero_outage_skips_everything_and_refuels_free_with_five_white_dice() -> None:
    s = new_match(first=0, row=ROW, tuareks=TUAREKS)
    roll(s, T, (JERRYCAN, FLAME, FLAME, WHEAT, METAL, GREEN_TUAREK), dice=("green",))
    e = empty_at(s)
    refused(s, 0, a.TankEmpty(e - 1))
    row, deck = list(s.row), list(s.deck)
    s.apply(0, a.TankEmpty(e))
    # No collecting, no special face, no Fire.
    assert s.camps[0].jerrycans == 1  # the green die was paid; the jerrycan face is not taken
    assert s.camps[0].tuareks == ["smith", "guide"]
    assert s.turn.pool == NOTHING
    assert s.row == row and s.deck == deck
    assert kero(s, 0) == 0
    # The free refuel: 5 dice thrown by chance, then the opponent plays.
    assert (s.phase, s.chance_due(), s.active) == (Phase.FUELING, "flames", 0)
    refused(s, 1, a.Roll(e + 1), Reason.NOT_YOUR_TURN)
    refused(s, 0, a.FuelUp(), Reason.NOT_YOUR_TURN)
    refused(s, CHANCE, a.Flames(6), Reason.BAD_ROLL)  # only the 5 white dice
    for count in (1, 2, 0, 1):
        s.apply(CHANCE, a.Flames(count))
        assert s.active == 0
    s.apply(CHANCE, a.Flames(1))
    assert kero(s, 0) == 5 * THROW_MS
    assert s.camps[0].jerrycans == 1  # the free refuel costs nothing
    assert (s.active, s.phase, s.turns, s.chance_due()) == (1, Phase.START, 1, None)
    assert kero(s, 1) == CAPACITY


def test_the_outage_is_applied_at_or_after_the_empty_time_only() -> None:
    s = new_match(first=0)
    roll(s, T, NO_FLAMES)
    refused(s, 0, a.TankEmpty(T + 10))
    s.apply(0, a.Credit(1_000))
    refused(s, 0, a.TankEmpty(T + CAPACITY))  # the credit moved E
    s.apply(0, a.TankEmpty(T + CAPACITY + 5_000))  # a late deadline still counts
    assert s.phase is Phase.FUELING and kero(s, 0) == 0


def test_the_free_refuel_caps_its_last_die_too() -> None:
    """House rule: after 4 flames of 5 dice, the last die gets at most 5 more throws."""
    s = new_match(first=0)
    outage(s, T, NO_FLAMES, (4, 0, 0, 0, 0))
    assert s.chance_due() == "flames" and s.active == 0
    refused(s, CHANCE, a.Flames(2), Reason.BAD_ROLL)
    s.apply(CHANCE, a.Flames(0))
    assert kero(s, 0) == 6 * THROW_MS
    assert (s.active, s.phase) == (1, Phase.START)


# --- fuel up ------------------------------------------------------------------------------------


def test_a_fuel_up_costs_a_jerrycan_and_adds_throws_times_1800_ms() -> None:
    s = drained(left=20_000)
    supply = s.jerrycans
    s.apply(0, a.FuelUp())
    assert s.camps[0].jerrycans == 3 and s.jerrycans == supply + 1
    assert (s.phase, s.chance_due(), s.active) == (Phase.FUELING, "flames", 0)
    refused(s, CHANCE, a.Flames(9), Reason.BAD_ROLL)  # 8 dice are thrown
    refused(s, 0, a.Roll(T + 200_000), Reason.NOT_YOUR_TURN)
    for count in (3, 2, 1, 1):
        s.apply(CHANCE, a.Flames(count))
        assert s.phase is Phase.FUELING
    refused(s, CHANCE, a.Flames(2), Reason.BAD_ROLL)  # one die is left
    s.apply(CHANCE, a.Flames(1))
    assert kero(s, 0) == 20_000 + 5 * THROW_MS
    assert (s.phase, s.active, s.chance_due()) == (Phase.START, 0, None)
    roll(s, T + 200_000, NO_FLAMES)
    assert empty_at(s) == T + 200_000 + 29_000


def test_a_fuel_up_never_fills_beyond_capacity() -> None:
    s = drained(left=20_000)
    fuel_up(s, (0,) * 29 + (8,))  # 30 throws = 54 000 ms
    assert kero(s, 0) == CAPACITY


def test_the_seven_flames_rule_throws_the_last_die_at_most_five_more_times() -> None:
    s = drained(left=20_000)
    fuel_up(s, (7, 0, 0, 0, 0))
    assert s.phase is Phase.FUELING
    s.apply(CHANCE, a.Flames(0))  # the 5th extra throw: the last die counts as a flame
    assert s.phase is Phase.START and s.chance_due() is None
    assert kero(s, 0) == 20_000 + 6 * THROW_MS
    refused(s, CHANCE, a.Flames(0), Reason.NOT_YOUR_TURN)


def test_the_last_die_may_flame_before_its_five_extra_throws() -> None:
    s = drained(left=20_000)
    fuel_up(s, (6, 1, 0, 1))
    assert s.phase is Phase.START
    assert kero(s, 0) == 20_000 + 4 * THROW_MS


def test_two_fuel_ups_in_a_row_but_not_a_third() -> None:
    s = drained(left=10_000)
    fuel_up(s, (2, 2, 2, 2))
    assert kero(s, 0) == 10_000 + 4 * THROW_MS
    assert a.FuelUp() in s.legal_actions(0)
    fuel_up(s, (8,))
    assert kero(s, 0) == 10_000 + 5 * THROW_MS
    assert s.camps[0].jerrycans == 2  # enough for a third, but the limit is 2
    refused(s, 0, a.FuelUp())
    assert a.FuelUp() not in s.legal_actions(0)
    s.apply(0, a.AddDie("green"))  # choosing dice still works
    assert s.camps[0].jerrycans == 1


def test_each_fuel_up_of_a_double_fuel_up_is_capped_on_its_own() -> None:
    s = drained(left=10_000)
    fuel_up(s, (0,) * 39 + (8,))
    assert kero(s, 0) == CAPACITY
    fuel_up(s, (8,))
    assert kero(s, 0) == CAPACITY


def test_a_fuel_up_comes_before_choosing_dice() -> None:
    s = drained()
    s.apply(0, a.AddDie("blue"))
    refused(s, 0, a.FuelUp(), Reason.WRONG_PHASE)
    assert a.FuelUp() not in s.legal_actions(0)
    roll(s, T + 200_000, (*NO_FLAMES, BLUE_METAL2))
    refused(s, 0, a.FuelUp(), Reason.WRONG_PHASE)
    stop(s, T + 200_100)
    refused(s, 0, a.FuelUp(), Reason.WRONG_PHASE)


def test_a_fuel_up_needs_a_jerrycan() -> None:
    s = new_match(first=0, tuareks=TUAREKS)
    play_turn(s, T, NO_FLAMES, a.Hire())  # spends both jerrycans in camp
    pass_turn(s, T + 10_000)
    assert s.active == 0 and s.camps[0].jerrycans == 0
    error = refused(s, 0, a.FuelUp(), Reason.NOT_ENOUGH)
    assert str(error) == "that costs 1 jerrycan and you have 0"
    assert a.FuelUp() not in s.legal_actions(0)


# --- special dice --------------------------------------------------------------------------------


def test_special_dice_cost_a_jerrycan_each_and_each_colour_is_taken_once() -> None:
    s = new_match(first=0)
    legal = s.legal_actions(0)
    assert all(a.AddDie(c) in legal for c in ("green", "yellow", "blue"))
    s.apply(0, a.AddDie("green"))
    assert s.camps[0].jerrycans == 1 and s.jerrycans == START_SUPPLY + 1
    refused(s, 0, a.AddDie("green"), Reason.DIE_NOT_AVAILABLE)
    assert a.AddDie("green") not in s.legal_actions(0)
    s.apply(0, a.AddDie("blue"))
    assert s.camps[0].jerrycans == 0
    refused(s, 0, a.AddDie("yellow"), Reason.NOT_ENOUGH)
    assert a.AddDie("yellow") not in s.legal_actions(0)
    s.apply(0, a.Roll(T))
    refused(s, CHANCE, a.Faces(NO_FLAMES), Reason.BAD_ROLL)  # 7 dice are thrown
    s.apply(CHANCE, a.Faces((*NO_FLAMES, GREEN_WHEAT2, BLUE_METAL2)))
    refused(s, 0, a.Reroll((7,), T + 1), Reason.DIE_NOT_AVAILABLE)
    stop(s, T + 1)
    assert s.turn.pool == Resources(brick=5, wheat=2, metal=2)


def test_special_dice_follow_the_white_ones_in_the_order_added() -> None:
    s = new_match(first=0)
    roll(s, T, (*NO_FLAMES, BLUE_METAL2, GREEN_RECRUIT2), dice=("blue", "green"))
    stop(s, T + 1)
    assert s.turn.pool == Resources(brick=5, metal=2, recruit=2)


def test_all_three_special_dice_make_eight() -> None:
    s = drained()  # 4 jerrycans
    faces = (*NO_FLAMES, GREEN_WHEAT2, YELLOW_BRICK2, BLUE_METAL2)
    roll(s, T + 200_000, faces, dice=("green", "yellow", "blue"))
    assert s.turn.dice == ["white"] * 5 + ["green", "yellow", "blue"]
    assert s.camps[0].jerrycans == 1
    reroll(s, (7,), T + 200_001, (FLAME,))
    stop(s, T + 200_002)
    assert s.turn.pool == Resources(brick=7, wheat=2)


# --- collecting ---------------------------------------------------------------------------------


def test_collecting_each_result_once_jerrycans_become_tokens() -> None:
    s = new_match(first=0, row=ROW)
    faces = (BRICK, WHEAT, METAL, RECRUIT, JERRYCAN, YELLOW_JERRYCAN2, GREEN_WHEAT_RECRUIT)
    roll(s, T, faces, dice=("yellow", "green"))
    assert s.camps[0].jerrycans == 0
    stop(s, T + 1_000)
    assert s.turn.pool == Resources(brick=1, wheat=2, metal=1, recruit=2)
    assert s.camps[0].jerrycans == 3
    assert s.jerrycans == START_SUPPLY + 2 - 3
    camp(s, a.Take(slot_of(s, "S3")))  # 2 wheat: both wheat results are used up
    assert s.turn.pool == Resources(brick=1, metal=1, recruit=2)
    refused(s, 0, a.Take(slot_of(s, "S12")), Reason.NOT_ENOUGH)  # 1 metal + 1 wheat
    end_turn(s)
    assert s.turn.pool == NOTHING
    pass_turn(s, T + 100_000)
    assert s.active == 0 and s.turn.pool == NOTHING  # the brick, metal and recruits are lost
    assert s.camps[0].jerrycans == 3  # the tokens are kept


def test_a_tuarek_face_draws_a_tuarek_and_an_explorer_face_places_one_free() -> None:
    s = new_match(first=0, tuareks=TUAREKS)
    roll(s, T, (*NO_FLAMES, BLUE_EXPLORER, GREEN_TUAREK), dice=("blue", "green"))
    stop(s, T + 1)
    assert s.camps[0].tuareks == ["smith", "guide", "fire_eater"]
    assert s.tuarek_pile[0] == "water_carrier"
    assert s.turn.pool == Resources(brick=5)
    camp(s, a.Place(3))
    assert s.explorers[2] == [1, 0] and s.camps[0].explorers == 6
    assert s.turn.pool == Resources(brick=5)
    refused(s, 0, a.Place(3), Reason.NOT_ENOUGH)  # one free placement only


def test_special_faces_count_only_as_finally_shown() -> None:
    s = new_match(first=0, tuareks=TUAREKS)
    roll(s, T, (*NO_FLAMES, GREEN_TUAREK), dice=("green",))
    reroll(s, (5,), T + 10, (GREEN_WHEAT2,))
    stop(s, T + 20)
    assert s.camps[0].tuareks == ["smith", "guide"]
    assert s.turn.pool == Resources(brick=5, wheat=2)


# --- taking cards -------------------------------------------------------------------------------


def test_taking_a_card_pays_its_cost_and_leaves_its_slot_empty() -> None:
    s = new_match(first=0, row=ROW)
    play = (WHEAT, WHEAT, BRICK, BRICK, METAL)
    roll(s, T, play)
    stop(s, T + 1)
    camp(s, a.Take(2))  # S7: 2 brick + 1 metal
    assert s.turn.pool == Resources(wheat=2)
    assert s.row[1] is None and s.camps[0].cards == ["S7"]
    refused(s, 0, a.Take(2), Reason.EMPTY_SLOT)
    assert a.Take(2) not in s.legal_actions(0)
    camp(s, a.Take(1))  # S3: 2 wheat
    assert s.turn.pool == NOTHING
    assert s.camps[0].cards == ["S7", "S3"]
    assert points(s, 0) == 3


def test_a_card_you_cannot_pay_is_refused_and_nothing_changes() -> None:
    s = new_match(first=0, row=ROW)
    roll(s, T, (WHEAT, BRICK, METAL, JERRYCAN, FLAME))
    stop(s, T + 1)
    legal = s.legal_actions(0)
    assert a.Take(1) not in legal  # S3: 2 wheat
    assert a.Take(4) in legal  # S12: 1 metal + 1 wheat
    for slot in (1, 2, 5, 6):  # S3, S7, S4 and S9 are out of reach
        refused(s, 0, a.Take(slot), Reason.NOT_ENOUGH)
    assert s.camps[0].cards == []


def test_jerrycan_tokens_pay_the_jerrycan_part_of_a_cost() -> None:
    s = new_match(first=0, row=("S2", "S11", *ROW[:4]))
    roll(s, T, (WHEAT, WHEAT, WHEAT, METAL, BRICK))
    stop(s, T + 1)
    camp(s, a.Take(1))  # S2: 3 wheat + 1 jerrycan
    assert s.camps[0].jerrycans == 1 and s.jerrycans == START_SUPPLY + 1
    assert s.camps[0].tiles == ["A1"]
    camp(s, a.Take(2))  # S11: 1 metal + 1 jerrycan, draws a Tuarek
    assert s.camps[0].jerrycans == 0
    refused(s, 0, a.Hire(), Reason.NOT_ENOUGH)


@pytest.mark.parametrize(("card", "jerrycans"), [("S9", 2), ("S12", 1), ("R19", 3)])
def test_a_jerrycan_card_gives_tokens_at_once(card: str, jerrycans: int) -> None:
    s = new_match(first=0, row=("S9", "S12", "R19", "S3", "S7", "S8"))
    roll(s, T, (METAL, METAL, WHEAT, BRICK, BRICK))
    stop(s, T + 1)
    camp(s, a.Take(slot_of(s, card)))
    assert s.camps[0].jerrycans == 2 + jerrycans
    assert s.jerrycans == START_SUPPLY - jerrycans


def test_a_tuarek_card_draws_from_the_pile_at_once() -> None:
    s = new_match(first=0, row=("S6", "R10", *ROW[:4]), tuareks=TUAREKS)
    roll(s, T, (WHEAT, METAL, BRICK, BRICK, WHEAT, GREEN_WHEAT2), dice=("green",))
    stop(s, T + 1)
    camp(s, a.Take(1))  # S6: 1 wheat + 1 metal, draw 1 Tuarek
    assert s.camps[0].tuareks == ["smith", "guide", "fire_eater"]
    camp(s, a.Take(2))  # R10: 2 brick + 2 wheat, draw 2 Tuareks
    assert s.camps[0].tuareks == ["smith", "guide", "fire_eater", "water_carrier", "dust_storm"]
    assert len(s.tuarek_pile) == 17 - 4 - 3


def test_an_explorer_card_owes_a_free_placement() -> None:
    s = new_match(first=0, row=("S1", "R2", *ROW[:4]))
    roll(s, T, (RECRUIT, RECRUIT, RECRUIT, RECRUIT, WHEAT))
    stop(s, T + 1)
    camp(s, a.Take(1))  # S1: 2 recruits, place 1 Explorer free
    assert s.turn.pool == Resources(recruit=2, wheat=1)
    camp(s, a.Take(2))  # R2: 2 recruits + 1 wheat, place 2 Explorers free
    assert s.turn.pool == NOTHING
    camp(s, a.Place(1), a.Place(1), a.Place(4))
    assert s.explorers[0] == [2, 0] and s.explorers[3] == [1, 0]
    assert s.camps[0].explorers == 4
    refused(s, 0, a.Place(2), Reason.NOT_ENOUGH)


def test_free_placements_are_lost_at_the_end_of_the_turn() -> None:
    s = new_match(first=0, row=("S1", *ROW[:5]))
    roll(s, T, (RECRUIT, RECRUIT, BRICK, BRICK, BRICK))
    stop(s, T + 1)
    camp(s, a.Take(1))
    end_turn(s)
    pass_turn(s, T + 100_000)
    roll(s, T + 200_000, NO_FLAMES)
    stop(s, T + 200_001)
    refused(s, 0, a.Place(1), Reason.NOT_ENOUGH)


def test_an_ability_card_grants_its_tile_but_at_most_five_tiles() -> None:
    """The 6th ability card is taken for its colour and points, but grants no tile."""
    s = new_match(first=0, row=("S5", "R12", "R6", "R16", "S10", "R4"))
    play_turn(
        s,
        T,
        (BRICK, BRICK, WHEAT, WHEAT, WHEAT),
        a.Take(1),  # S5: 2 brick -> A2
        a.Take(2),  # R12: 3 wheat -> A7
    )
    assert s.camps[0].tiles == ["A2", "A7"]
    pass_turn(s, T + 100_000)
    roll(s, T + 200_000, (RECRUIT, RECRUIT, RECRUIT, BRICK, BRICK, GREEN_WHEAT2), dice=("green",))
    stop(s, T + 200_001)
    camp(s, a.Take(slot_of(s, "R6")), a.Take(slot_of(s, "R16")))  # 3 re; 2 br + 1 wh
    assert s.camps[0].tiles == ["A2", "A7", "A5", "A9"]
    end_turn(s)
    pass_turn(s, T + 300_000)
    roll(s, T + 400_000, (METAL, METAL, RECRUIT, RECRUIT, RECRUIT))
    stop(s, T + 400_001)
    camp(s, a.Take(slot_of(s, "S10")))  # 2 metal + 1 recruit -> A3, the 5th tile
    assert len(s.camps[0].tiles) == 5
    camp(s, a.Take(slot_of(s, "R4")))  # 2 recruits + 1 jerrycan -> no 6th tile
    assert s.camps[0].cards == ["S5", "R12", "R6", "R16", "S10", "R4"]
    assert s.camps[0].tiles == ["A2", "A7", "A5", "A9", "A3"]
    assert s.camps[0].jerrycans == 0


# --- hiring Tuareks -----------------------------------------------------------------------------


def test_hiring_a_tuarek_costs_two_jerrycans() -> None:
    s = new_match(first=0, tuareks=TUAREKS)
    s.apply(0, a.Hire())
    assert s.camps[0].jerrycans == 0 and s.jerrycans == START_SUPPLY + 2
    assert s.camps[0].tuareks == ["smith", "guide", "fire_eater"]
    refused(s, 0, a.Hire(), Reason.NOT_ENOUGH)
    assert a.Hire() not in s.legal_actions(0)


def test_hiring_is_allowed_while_rolling_and_in_camp() -> None:
    s = new_match(first=0, tuareks=TUAREKS)
    roll(s, T, (JERRYCAN, JERRYCAN, BRICK, BRICK, BRICK))
    window = s.turn.window
    s.apply(0, a.Hire())  # the clock keeps running
    assert s.phase is Phase.ROLLING and s.turn.window == window
    assert s.camps[0].tuareks == ["smith", "guide", "fire_eater"]
    stop(s, T + 1_000)
    assert s.camps[0].jerrycans == 2
    camp(s, a.Hire())
    assert s.camps[0].tuareks == ["smith", "guide", "fire_eater", "water_carrier"]
    assert s.camps[0].jerrycans == 0


# --- placing Explorers --------------------------------------------------------------------------


def test_placing_explorers_costs_a_recruit_and_a_metal_and_they_stack() -> None:
    s = new_match(first=0)
    roll(s, T, (RECRUIT, METAL, RECRUIT, METAL, BRICK))
    stop(s, T + 1)
    assert a.Place(1) in s.legal_actions(0)
    camp(s, a.Place(1), a.Place(1))
    assert s.explorers[0] == [2, 0] and s.camps[0].explorers == 5
    assert s.turn.pool == Resources(brick=1)
    refused(s, 0, a.Place(2), Reason.NOT_ENOUGH)
    assert a.Place(2) not in s.legal_actions(0)
    end_turn(s)
    play_turn(s, T + 100_000, (RECRUIT, METAL, WHEAT, WHEAT, WHEAT), a.Place(1))
    assert s.explorers[0] == [2, 1]
    assert s.camps[1].explorers == 6


def test_no_explorer_left_at_home_refuses_a_placement() -> None:
    s = new_match(first=0)
    three = (RECRUIT, RECRUIT, METAL, METAL, RECRUIT, BLUE_METAL_RECRUIT)
    play_turn(s, T, three, a.Place(1), a.Place(2), a.Place(3), dice=("blue",))
    pass_turn(s, T + 100_000)
    play_turn(s, T + 200_000, three, a.Place(4), a.Place(4), a.Place(4), dice=("blue",))
    pass_turn(s, T + 300_000)
    roll(s, T + 400_000, (RECRUIT, METAL, RECRUIT, METAL, BRICK))
    stop(s, T + 400_001)
    camp(s, a.Place(1))
    assert s.camps[0].explorers == 0
    assert [c[0] for c in s.explorers] == [2, 1, 1, 3]
    refused(s, 0, a.Place(2), Reason.NO_EXPLORER)
    assert a.Place(2) not in s.legal_actions(0)


# --- Fire, slide and refill ---------------------------------------------------------------------


def eight_dice() -> KeroState:
    """Seat 0 to roll all 8 dice: a Guide gives the blue die, its 2 jerrycans pay the other two.
    The row is ROW, then R1, R2, R3."""
    s = new_match(first=0, row=ROW, after=("R1", "R2", "R3"), tuareks=("guide", "smith"))
    s.apply(0, a.Play("guide", "blue"))
    for colour in ("green", "yellow"):
        s.apply(0, a.AddDie(colour))
    assert s.turn.dice == ["blue", "green", "yellow"]
    return s


@pytest.mark.parametrize("flames", range(9))
def test_fire_burns_the_rightmost_card_with_two_or_more_flames(flames: int) -> None:
    """0-1 flames: nothing burns. 2 or more: only the rightmost card burns, one card however
    many flames, up to all 8 dice (the rulebook burns "la carta más a la derecha")."""
    s = eight_dice()
    play_turn(s, T, (FLAME,) * flames + (BRICK,) * (8 - flames))
    if flames < 2:
        assert s.discard == []
        assert s.row == list(ROW)
        assert s.deck[:3] == ["R1", "R2", "R3"]
    else:
        assert s.discard == ["S9"]
        assert s.row == ["R1", *ROW[:5]]
        assert s.deck[:2] == ["R2", "R3"]
    assert s.active == 1


@st.composite
def eight_faces(draw: st.DrawFn) -> list[int]:
    """Final faces of the 8 dice: any number of flames (0-8, evenly), on any of the dice."""
    faces = draw(st.lists(st.integers(0, FLAME - 1), min_size=8, max_size=8))
    flaming = draw(st.permutations(range(8)))[: draw(st.integers(0, 8))]
    return [FLAME if die in flaming else face for die, face in enumerate(faces)]


@settings(max_examples=80, deadline=None)
@given(faces=eight_faces(), take=st.booleans())
def test_one_card_burns_whichever_dice_show_the_flames(faces: list[int], take: bool) -> None:
    """Any final faces of the 8 dice: 2 or more flames burn exactly one card, the rightmost one
    left in the row; fewer burn none. Taking the rightmost card first moves the burn left."""
    s = eight_dice()
    roll(s, T, faces)
    stop(s, T + 1_000)
    taken = take and s.turn.pool.metal >= 2
    if taken:
        camp(s, a.Take(6))  # S9: 2 metal
    end_turn(s)
    burnt = ["S4" if taken else "S9"] if faces.count(FLAME) >= 2 else []
    assert s.discard == burnt


def test_special_dice_flames_count_in_the_fire_step() -> None:
    s = new_match(first=0, row=ROW, after=("R1",))
    play_turn(s, T, (FLAME, BRICK, BRICK, BRICK, BRICK, FLAME), dice=("green",))
    assert s.row == ["R1", *ROW[:5]]


def test_a_rerolled_flame_no_longer_counts() -> None:
    s = new_match(first=0, row=ROW, after=("R1",))
    roll(s, T, (FLAME, BRICK, BRICK, BRICK, BRICK))
    reroll(s, (1, 2), T + 10, (FLAME, WHEAT))
    reroll(s, (2,), T + 20, (BRICK,))  # the final faces show 2 flames
    stop(s, T + 30)
    end_turn(s)
    assert s.row == ["R1", *ROW[:5]]


def test_with_the_rightmost_slot_taken_the_next_card_to_its_left_burns() -> None:
    s = new_match(first=0, row=ROW, after=("R1", "R2"))
    play_turn(s, T, (METAL, METAL, FLAME, FLAME, BRICK), a.Take(6))  # S9: 2 metal
    assert s.camps[0].cards == ["S9"]
    assert s.row == ["R2", "R1", "S3", "S7", "S8", "S12"]  # S4 burnt


def test_cards_slide_right_and_the_row_refills_right_to_left() -> None:
    """House rule: slide and refill after every turn, also with 0-1 flames."""
    s = new_match(first=0, row=ROW, after=("R1", "R2", "R3"))
    play_turn(s, T, (BRICK, BRICK, METAL, METAL, WHEAT), a.Take(2), a.Take(4))  # S7, S12
    assert s.row == ["R2", "R1", "S3", "S8", "S4", "S9"]
    assert s.deck[0] == "R3"


def test_a_claim_card_stops_the_refill_and_triggers_the_claim() -> None:
    s = new_match(first=0, row=ROW, after=("R1", "R5"), claim_draws=(2,))
    assert s.deck[:3] == ["R1", "C1", "R5"]
    shown = list(s.territories)
    play_turn(s, T, (BRICK, BRICK, METAL, METAL, WHEAT), a.Take(2), a.Take(4))
    assert s.claims == 1
    assert s.territories != shown and not set(s.territories) & set(shown)
    assert s.row == ["R5", "R1", "S3", "S8", "S4", "S9"]  # the claim, then the refill finished
    assert "C1" not in s.row and "C1" not in s.deck
    assert (s.active, s.phase) == (1, Phase.START)


def test_nothing_is_claimed_without_a_claim_card() -> None:
    s = new_match(first=0, row=ROW, after=("R1",), claim_draws=(2,))
    roll(s, T, (RECRUIT, METAL, FLAME, FLAME, BRICK))
    stop(s, T + 1)
    camp(s, a.Place(1))
    end_turn(s)
    assert s.claims == 0 and s.explorers[0] == [1, 0] and s.camps[0].territories == []


# --- claims -------------------------------------------------------------------------------------


def test_a_claim_awards_strict_majorities_and_discards_ties_and_empty_territories() -> None:
    s = new_match(
        first=0,
        row=ROW,
        after=("R1",),
        claim_draws=(1,),
        territories=("T3", "T4", "T12", "T1", "T5", "T6", "T7", "T8"),
        tuareks=TUAREKS,
    )
    play_turn(
        s,
        T,
        (RECRUIT, METAL, RECRUIT, METAL, WHEAT, BLUE_METAL_RECRUIT),
        a.Place(1),
        a.Place(1),
        a.Place(2),
        dice=("blue",),
    )
    assert s.claims == 0 and s.active == 1
    roll(s, T + 100_000, (RECRUIT, METAL, RECRUIT, METAL, FLAME, FLAME), dice=("blue",))
    stop(s, T + 100_001)
    camp(s, a.Place(2), a.Place(4))
    assert s.explorers == [[2, 0], [1, 1], [0, 0], [0, 1]]
    supply = s.jerrycans
    end_turn(s)  # 2 flames: S9 burns, the refill reveals C1
    assert s.claims == 1
    # Strict majorities win, with their on-claim bonus.
    assert s.camps[0].territories == ["T3"]
    assert s.camps[0].jerrycans == 1 + 2  # Oil field: +2 jerrycans
    assert s.jerrycans == supply - 2
    assert s.camps[1].territories == ["T1"]
    assert s.camps[1].tuareks == ["trader", "scout", "fire_eater"]  # Oasis: draw 1 Tuarek
    # The tie (T4) and the empty territory (T12) are discarded.
    for gone in ("T4", "T12"):
        assert gone not in s.territories and gone not in s.territory_pile
    # All Explorers go home; 4 new territories; the refill finishes.
    assert s.camps[0].explorers == s.camps[1].explorers == 7
    assert s.explorers == [[0, 0]] * 4
    assert s.territories == ["T5", "T6", "T7", "T8"]
    assert s.row == ["R1", *ROW[:5]]
    # The clan that did not trigger the claim plays next.
    assert (s.active, s.phase, s.turns) == (0, Phase.START, 2)
    assert points(s, 0) == 2 and points(s, 1) == 3


def test_the_third_claim_ends_the_game_without_new_territories_or_refill() -> None:
    s = new_match(
        first=0,
        row=ROW,
        after=("R1", "R2", "R3"),
        claim_draws=(1, 3, 5),
        territories=tuple(f"T{i}" for i in range(1, 13)),
        tuareks=TUAREKS,
    )
    assert s.deck[:6] == ["C1", "R1", "C2", "R2", "C3", "R3"]
    play_turn(s, T, TWO_FLAMES)
    assert (s.claims, s.active, s.territories) == (1, 1, ["T5", "T6", "T7", "T8"])
    assert s.row[0] == "R1"
    play_turn(s, T + 100_000, TWO_FLAMES)
    assert (s.claims, s.active, s.territories) == (2, 0, ["T9", "T10", "T11", "T12"])
    assert s.row[0] == "R2"
    assert s.outcome() is None and not s.is_terminal()
    play_turn(s, T + 200_000, (FLAME, FLAME, RECRUIT, METAL, BRICK), a.Place(1))
    assert s.claims == 3
    assert s.phase is Phase.OVER and s.is_terminal()
    assert s.camps[0].territories == ["T9"]  # the last claim is resolved
    assert s.camps[0].tuareks == ["smith", "guide", "fire_eater"]  # Plateau: 1 Tuarek...
    assert s.camps[0].jerrycans == 3  # ...and 1 jerrycan
    assert s.territories == [None] * 4
    assert s.row[0] is None and s.deck[0] == "R3"  # not refilled
    assert s.camps[0].explorers == 7
    outcome = s.outcome()
    assert outcome is not None
    assert outcome.scores == (2, 0)
    assert outcome.winners == frozenset({0}) and outcome.places == (1, 2)
    assert s.summary()["over"] and s.summary()["winners"] == [0]


def test_nothing_can_be_applied_once_the_game_is_over() -> None:
    s = new_match(first=0, row=ROW, claim_draws=(1, 2, 3))
    play_turn(s, T, TWO_FLAMES)  # C1, C2 and C3 are revealed one after another
    assert s.claims == 3 and s.phase is Phase.OVER
    for seat, action in (
        (0, a.Roll(T + 1)),
        (1, a.Roll(T + 1)),
        (0, a.EndTurn()),
        (1, a.Hire()),
        (CHANCE, a.Faces(NO_FLAMES)),
        (CHANCE, a.Flames(1)),
    ):
        refused(s, seat, action, Reason.GAME_OVER)
    assert s.legal_actions(0) == [] and s.legal_actions(1) == []
    assert s.seats_to_act() == ()


# --- scoring ------------------------------------------------------------------------------------


def test_card_points_count_printed_points_and_per_colour_points_with_the_card_itself() -> None:
    s = new_match(first=0, row=("S3", "R3", "R1", "S8", "R22", "R18"))
    play_turn(s, T, (WHEAT, WHEAT, RECRUIT, RECRUIT, BRICK), a.Take(1), a.Take(2))
    assert points(s, 0) == 1 + 2  # S3: 1; R3: 1 per green card (S3 and itself)
    assert s.summary()["camps"][0]["points"] == 3
    pass_turn(s, T + 100_000)
    play_turn(s, T + 200_000, (WHEAT, WHEAT, WHEAT, RECRUIT, BRICK), a.Take(slot_of(s, "R1")))
    assert points(s, 0) == 1 + 3 + 3  # R1: 3; R3 now counts 3 greens
    pass_turn(s, T + 300_000)
    play_turn(s, T + 400_000, (BRICK, RECRUIT, BRICK, BRICK, BRICK), a.Take(slot_of(s, "S8")))
    assert points(s, 0) == 7 + 1  # a red card does not count for R3
    assert points(s, 1) == 0


def test_territory_points_and_their_end_conditions() -> None:
    """T2 +3 with 4 cards of one colour; T5 +1 per blue card; T8 +1 per other territory;
    T10 +2 with cards of all 4 colours."""
    s = new_match(
        first=0,
        row=("S6", "S5", "S4", "S8", "S3", "R7"),
        after=("S12", "R12"),
        claim_draws=(1,),
        territories=("T2", "T5", "T8", "T10"),
    )
    four = (RECRUIT, RECRUIT, METAL, METAL, METAL, BLUE_METAL_RECRUIT, GREEN_RECRUIT2)
    roll(s, T, four, dice=("blue", "green"))
    stop(s, T + 1)
    camp(s, a.Place(1), a.Place(2), a.Place(3), a.Place(4))
    end_turn(s)
    play_turn(s, T + 100_000, TWO_FLAMES)  # R7 burns: C1 is revealed
    assert s.camps[0].territories == ["T2", "T5", "T8", "T10"]
    assert points(s, 0) == 1 + 1 + (1 + 3) + 3
    assert s.row == ["S12", "S6", "S5", "S4", "S8", "S3"]
    play_turn(
        s,
        T + 200_000,
        (METAL, WHEAT, WHEAT, WHEAT, BRICK),
        a.Take(slot_of(s, "S12")),  # blue, 1 point
        a.Take(slot_of(s, "S3")),  # green, 1 point
    )
    assert points(s, 0) == 2 + 1 + (1 + 1) + 4 + 3
    pass_turn(s, T + 300_000)
    play_turn(s, T + 400_000, (BRICK, RECRUIT, WHEAT, WHEAT, JERRYCAN), a.Take(slot_of(s, "S8")))
    assert points(s, 0) == 3 + 1 + 2 + 4 + 3  # red, 1 point: three colours
    pass_turn(s, T + 500_000)
    play_turn(s, T + 600_000, (BRICK, WHEAT, WHEAT, JERRYCAN, JERRYCAN), a.Take(slot_of(s, "S4")))
    assert points(s, 0) == 4 + 1 + 2 + 4 + (3 + 2)  # yellow, 1 point: all 4 colours
    pass_turn(s, T + 700_000)
    play_turn(
        s,
        T + 800_000,
        (BRICK, BRICK, WHEAT, METAL, JERRYCAN),
        a.Take(slot_of(s, "S5")),  # yellow, 0 points
        a.Take(slot_of(s, "S6")),  # yellow, 0 points: 3 yellow cards
    )
    assert points(s, 0) == 16
    pass_turn(s, T + 900_000)
    play_turn(s, T + 1_000_000, (WHEAT, WHEAT, WHEAT, BRICK, BRICK), a.Take(slot_of(s, "R12")))
    assert points(s, 0) == 16 + 3  # a 4th yellow card: Canyon +3
    assert s.summary()["camps"][0]["points"] == 19


def _ended_at_once(seat0_faces: tuple[int, ...], seat0_stop: int) -> KeroState:
    """Seat 0 plays one turn that burns a card: C1, C2 and C3 are revealed, the game ends."""
    s = new_match(first=0, row=ROW, claim_draws=(1, 2, 3))
    roll(s, T, seat0_faces)
    stop(s, T + seat0_stop)
    end_turn(s)
    assert s.phase is Phase.OVER
    return s


def test_all_equal_the_clans_share_the_win() -> None:
    s = _ended_at_once(TWO_FLAMES, 0)
    assert kero(s, 0) == kero(s, 1) == CAPACITY
    outcome = s.outcome()
    assert outcome is not None
    assert outcome.scores == (0, 0)
    assert outcome.winners == frozenset({0, 1}) and outcome.places == (1, 1)


def test_equal_points_territories_and_jerrycans_more_kero_wins() -> None:
    s = _ended_at_once(TWO_FLAMES, 5_000)
    outcome = s.outcome()
    assert outcome is not None
    assert outcome.winners == frozenset({1}) and outcome.places == (2, 1)


def test_jerrycans_break_a_tie_before_kero() -> None:
    s = _ended_at_once((FLAME, FLAME, JERRYCAN, BRICK, BRICK), 5_000)
    assert s.camps[0].jerrycans == 3 and kero(s, 0) < kero(s, 1)
    outcome = s.outcome()
    assert outcome is not None
    assert outcome.winners == frozenset({0}) and outcome.places == (1, 2)


@pytest.mark.parametrize(
    ("card", "faces", "card_points", "winner"),
    [
        ("S3", (WHEAT, WHEAT, JERRYCAN, JERRYCAN, BRICK), 1, 0),  # equal points: territories
        ("S7", (BRICK, BRICK, METAL, JERRYCAN, JERRYCAN), 2, 1),  # more points win
    ],
)
def test_points_first_then_territories_before_jerrycans(
    card: str, faces: tuple[int, ...], card_points: int, winner: int
) -> None:
    """Seat 0 owns Crossroads (1 point); seat 1 owns one card and more jerrycans and KERO."""
    s = new_match(
        first=0,
        row=(card, "S8", "S12", "S4", "S9", "S6"),
        claim_draws=(1, 2, 3),
        territories=("T8",),
    )
    play_turn(s, T, (RECRUIT, METAL, BRICK, BRICK, BRICK), a.Place(1), stop_after=5_000)
    play_turn(s, T + 100_000, faces, a.Take(1))  # the refill reveals C1, C2 and C3
    assert s.phase is Phase.OVER
    assert s.camps[0].territories == ["T8"] and s.camps[1].cards == [card]
    assert s.camps[1].jerrycans == 4 > s.camps[0].jerrycans
    assert kero(s, 1) > kero(s, 0)
    outcome = s.outcome()
    assert outcome is not None
    assert outcome.scores == (1, card_points)
    assert outcome.winners == frozenset({winner})


# --- seats and chance ---------------------------------------------------------------------------


def test_only_the_active_clan_acts() -> None:
    s = new_match(first=1)
    refused(s, 0, a.Roll(T), Reason.NOT_YOUR_TURN)
    refused(s, 0, a.FuelUp(), Reason.NOT_YOUR_TURN)
    refused(s, 0, a.Hire(), Reason.NOT_YOUR_TURN)
    refused(s, CHANCE, a.Faces(NO_FLAMES), Reason.NOT_YOUR_TURN)  # no chance is due
    refused(s, 2, a.Roll(T), Reason.UNKNOWN_PLAYER)
    assert s.legal_actions(0) == []
    play_turn(s, T, NO_FLAMES)
    assert s.active == 0
    refused(s, 1, a.Roll(T + 100_000), Reason.NOT_YOUR_TURN)


def test_players_wait_while_chance_is_due() -> None:
    s = new_match(first=0)
    s.apply(0, a.Roll(T))
    assert s.chance_due() == "faces"
    for seat in (0, 1):
        refused(s, seat, a.Stop(T + 1), Reason.NOT_YOUR_TURN)
        assert s.legal_actions(seat) == []
    refused(s, CHANCE, a.Flames(2), Reason.WRONG_PHASE)  # faces are due, not flames
    assert s.seats_to_act() == ()


def test_the_phase_decides_what_is_possible() -> None:
    s = new_match(first=0)
    for action in (a.Stop(T), a.Reroll((0,), T), a.TankEmpty(T), a.Take(1), a.Place(1)):
        refused(s, 0, action, Reason.WRONG_PHASE)
    refused(s, 0, a.EndTurn(), Reason.WRONG_PHASE)
    roll(s, T, NO_FLAMES)
    for action in (a.FuelUp(), a.AddDie("green"), a.Take(1), a.Place(1), a.EndTurn()):
        refused(s, 0, action, Reason.WRONG_PHASE)
    stop(s, T + 1)
    refused(s, 0, a.AddDie("green"), Reason.WRONG_PHASE)
    refused(s, 0, a.TankEmpty(T + CAPACITY), Reason.WRONG_PHASE)


def test_legal_actions_name_what_can_be_done_now() -> None:
    s = new_match(first=0, row=ROW)
    legal = s.legal_actions(0)
    assert {a.FuelUp(), a.AddDie("green"), a.Roll(0)} <= set(legal)
    assert a.EndTurn() not in legal and a.Stop(0) not in legal
    roll(s, T, (WHEAT, WHEAT, BRICK, FLAME, METAL))
    reroll(s, (0,), T + 700, (WHEAT,))
    legal = s.legal_actions(0)
    assert a.Stop(T + 700) in legal  # stamped at the latest time seen
    assert a.Reroll((4,), T + 700) in legal and a.Reroll((3,), T + 700) not in legal
    assert a.FuelUp() not in legal and a.EndTurn() not in legal
    stop(s, T + 800)
    legal = s.legal_actions(0)
    assert a.EndTurn() in legal and a.Take(1) in legal  # S3: 2 wheat
    assert a.Take(4) in legal  # S12: 1 metal + 1 wheat
    assert a.Take(2) not in legal and a.Place(1) not in legal
    assert a.Hire() in legal  # 2 jerrycans


def test_every_refusal_in_a_played_match_changes_nothing() -> None:
    """A battery of actions tried on every position of a scripted match: refused ones leave the
    state exactly as it was; accepted ones are applied to a copy only."""
    s = new_match(first=0, row=ROW, after=("R1", "R2"), claim_draws=(3,))
    battery = [
        a.FuelUp(),
        *(a.AddDie(c) for c in ("green", "yellow", "blue")),
        a.Roll(T + 50),
        a.Roll(T - 50),
        a.Reroll((0,), T + 50),
        a.Reroll((0, 4), T + 50),
        a.Stop(T + 50),
        a.Stop(T + 10**9),
        a.Credit(2_500),
        a.TankEmpty(T + 50),
        *(a.Take(slot) for slot in range(1, 7)),
        *(a.Place(slot) for slot in range(1, 5)),
        a.Hire(),
        a.EndTurn(),
        a.Faces(NO_FLAMES),
        a.Flames(1),
    ]

    def probe() -> None:
        before = snapshot(s)
        for seat in (0, 1, CHANCE):
            for action in battery:
                trial = s.clone()
                try:
                    trial.apply(seat, action)
                except IllegalAction:
                    assert snapshot(trial) == before, (seat, action)
        assert snapshot(s) == before

    steps = [
        (0, a.AddDie("green")),
        (0, a.Roll(T)),
        (CHANCE, a.Faces((FLAME, METAL, METAL, RECRUIT, JERRYCAN, GREEN_WHEAT2))),
        (0, a.Reroll((1,), T + 10)),
        (CHANCE, a.Faces((WHEAT,))),
        (0, a.Stop(T + 20)),
        (0, a.Take(4)),
        (0, a.EndTurn()),
        (1, a.FuelUp()),
        (CHANCE, a.Flames(8)),
        (1, a.Roll(T + 100_000)),
        (CHANCE, a.Faces(TWO_FLAMES)),
        (1, a.TankEmpty(T + 160_000)),
        (CHANCE, a.Flames(5)),
    ]
    for seat, action in steps:
        probe()
        s.apply(seat, action)
    probe()
    assert s.active == 0


# --- text forms ---------------------------------------------------------------------------------


ONE_OF_EACH = [
    a.Setup(1, ("S1", "C1"), ("T1", "T2"), ("guide", "smith")),
    a.Flames(3),
    a.Faces((0, 5, 3, 1)),
    a.Reshuffle(("guide", "smith")),
    a.FuelUp(),
    a.AddDie("green"),
    a.AddDie("yellow"),
    a.AddDie("blue"),
    a.Roll(T),
    a.Reroll((0, 3), T + 123),
    a.Reroll((7,), 0),
    a.Stop(T + 5),
    a.Credit(250),
    a.TankEmpty(T + CAPACITY),
    a.Take(6),
    a.Hire(),
    a.Place(2),
    a.EndTurn(),
]


@pytest.mark.parametrize("action", ONE_OF_EACH, ids=lambda x: x.to_text()[:20])
def test_text_forms_round_trip(action: a.Action) -> None:
    assert a.parse_action(action.to_text()) == action


def test_text_forms_read_as_documented() -> None:
    assert a.parse_action("reroll:0.3@1764420000123") == a.Reroll((0, 3), 1_764_420_000_123)
    texts = [x.to_text() for x in ONE_OF_EACH[4:]]
    assert texts[:4] == ["fuel", "die:green", "die:yellow", "die:blue"]
    assert a.Roll(5).to_text() == "roll@5" and a.Stop(5).to_text() == "stop@5"
    assert a.TankEmpty(5).to_text() == "empty@5" and a.Credit(250).to_text() == "credit:250"
    assert a.Faces((0, 5, 3, 1)).to_text() == "faces:0531"
    assert a.Take(6).to_text() == "take:6" and a.Place(2).to_text() == "place:2"
    assert a.Hire().to_text() == "hire" and a.EndTurn().to_text() == "end"


def test_a_dealt_setup_and_a_played_history_round_trip() -> None:
    setup = deal(BOX, ChanceRng(3))
    assert a.parse_action(setup.to_text()) == setup
    s = new_match(first=0, row=ROW, after=("R1",), claim_draws=(1,))
    faces = (METAL, METAL, FLAME, FLAME, RECRUIT, BLUE_METAL2)
    play_turn(s, T, faces, a.Take(6), dice=("blue",))
    for _, action in s.history:
        assert a.parse_action(action.to_text()) == action


@pytest.mark.parametrize(
    "text",
    [
        "",
        "roll",
        "roll@",
        "roll@-5",
        "roll@12x",
        "ROLL@1",
        "stop@abc",
        "reroll@5",
        "reroll:8@5",
        "reroll:0,3@5",
        "reroll:0.@5",
        "take:0",
        "take:7",
        "take:",
        "place:5",
        "place:0",
        "die:red",
        "die:",
        "faces:6",
        "faces:",
        "faces:012345012",
        "flames:9",
        "flames:-1",
        "credit:-1",
        "credit:",
        "empty",
        "fuel ",
        " end",
        "hire:2",
        "setup:2:S1:T1:guide",
        "setup:0:S1",
        "reshuffle:",
        "nonsense",
    ],
)
def test_malformed_texts_raise_a_parse_error(text: str) -> None:
    with pytest.raises(ActionParseError):
        a.parse_action(text)


# --- suspected engine bugs ----------------------------------------------------------------------


def test_an_unknown_special_die_is_refused() -> None:
    s = new_match(first=0)
    refused(s, 0, a.AddDie("purple"), Reason.DIE_NOT_AVAILABLE)


@pytest.mark.parametrize("action", [a.Take(0), a.Take(7), a.Place(0), a.Place(5)])
def test_slots_outside_the_row_or_the_territories_are_refused(action: a.Action) -> None:
    s = new_match(first=0, row=ROW)
    roll(s, T, (METAL, METAL, RECRUIT, WHEAT, WHEAT))
    stop(s, T + 1)
    refused(s, 0, action, Reason.EMPTY_SLOT)


def test_a_roll_stamped_before_the_previous_action_is_stale() -> None:
    s = new_match(first=0)
    play_turn(s, T, NO_FLAMES, stop_after=10_000)
    refused(s, 1, a.Roll(T + 5_000), Reason.STALE)

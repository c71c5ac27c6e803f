"""`pass`: the bot skips the turn of a clan whose turn clock ran out (docs/rules/kero.md, "A turn",
house rule for async play).

Before rolling the turn ends with nothing gained and no Fire step, then the row slides and refills
as after every turn; in camp it is `end`. Only the active clan's turn can be skipped, never while a
fuel-up is thrown, the truck is tipped or a claim waits, and players are never offered it.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Sequence
from typing import Any

import pytest

from games.common import CHANCE, ActionParseError, ChanceRng, Node, Reason
from games.kero import actions as a
from games.kero.ai import KeroAI
from games.kero.board import Phase, Turn
from games.kero.state import KeroState
from games.records import Entry, MatchRecord, Player, record_of, replay
from tests.games.kero.helpers import (
    BRICK,
    CAPACITY,
    FLAME,
    GREEN_WHEAT2,
    JERRYCAN,
    METAL,
    NO_FLAMES,
    RECRUIT,
    STACKED,
    THROW_MS,
    TWO_FLAMES,
    WHEAT,
    T,
    camp,
    check_invariants,
    empty_at,
    end_turn,
    forced_setup,
    kero,
    new_match,
    play_turn,
    refused,
    roll,
    snapshot,
    stacked,
    stop,
)

ROW = ("S3", "S7", "S8", "S12", "S4", "S9")
"""Cheap Start cards: S3 2wh · S7 2br+1me · S8 1br+1re · S12 1me+1wh · S4 2wh+1br · S9 2me."""
AFTER = ("R1", "R2", "R3", "R5")
TUAREKS = ("smith", "guide", "trader", "scout", "fire_eater", "water_carrier", "dust_storm")
"""The Tuarek pile's top: seat 0 holds smith+guide, seat 1 trader+scout; then fire_eater…"""
TERRITORIES = ("T3", "T4", "T12", "T1", "T5", "T6", "T7", "T8", "T9", "T10", "T11", "T2")
PLAYERS = (Player("111", "Ana"), Player("ai:1", "Tablero AI"))
LEFT = 20_000


def skip(state: KeroState) -> None:
    """The bot skips the active clan's turn."""
    state.apply(state.active, a.Pass())


def second_turn(**setup: Any) -> KeroState:
    """Seat 0 to play its second turn with 20 s of KERO and 4 jerrycans (its first turn rolled two
    jerrycans and stopped late); seat 1's first turn was skipped before it rolled."""
    setup.setdefault("tuareks", TUAREKS)
    s = new_match(first=0, row=ROW, after=AFTER, **setup)
    roll(s, T, (JERRYCAN, JERRYCAN, BRICK, BRICK, BRICK))
    stop(s, T + CAPACITY - LEFT)
    end_turn(s)
    skip(s)
    assert (s.active, s.phase, kero(s, 0), s.camps[0].jerrycans) == (0, Phase.START, LEFT, 4)
    return s


def state_fields(state: KeroState) -> dict[str, Any]:
    """Everything in the state but the history (which names the action that was applied)."""
    return copy.deepcopy({k: v for k, v in vars(state).items() if k not in ("box", "history")})


def same_as_end(state: KeroState) -> KeroState:
    """Skip the turn in camp, and check it did exactly what `end` does on a copy."""
    ended = state.clone()
    end_turn(ended)
    skip(state)
    assert state.summary() == ended.summary()
    assert state_fields(state) == state_fields(ended)
    assert state.history[:-1] == ended.history[:-1]
    assert state.history[-1] == (ended.history[-1][0], a.Pass())
    return state


# --- before rolling ------------------------------------------------------------------------------


def test_a_fresh_turn_skipped_gains_nothing_burns_nothing_and_the_opponent_plays() -> None:
    s = new_match(first=0, row=ROW, after=AFTER, tuareks=TUAREKS)
    before = snapshot(s)
    camps, deck, supply = [c.copy() for c in s.camps], list(s.deck), s.jerrycans
    skip(s)
    assert (s.active, s.phase, s.turns, s.node()) == (1, Phase.START, 1, Node.DECISION)
    assert s.row == list(ROW) and s.deck == deck and s.discard == []  # full row, nothing burnt
    assert s.camps == camps and s.jerrycans == supply
    assert s.turn == Turn()
    assert s.history[-1] == (0, a.Pass())
    assert s.version == before[0]["version"] + 1
    summary = s.summary()
    for key in ("row", "territories", "deck_left", "jerrycan_supply", "camps", "claims"):
        assert summary[key] == before[0][key], key


PAID_BEFORE_THE_SKIP: list[tuple[str, tuple[a.Action, ...], Sequence[int], int]] = [
    ("nothing", (), (), 0),
    ("fuel-up", (a.FuelUp(),), (8,), 1),
    ("special die", (a.AddDie("green"),), (), 1),
    ("two fuel-ups", (a.FuelUp(), a.FuelUp()), (8, 8), 2),
    ("fuel-up and two dice", (a.FuelUp(), a.AddDie("green"), a.AddDie("blue")), (8,), 3),
    ("guide", (a.Play("guide", "yellow"),), (), 0),
]


@pytest.mark.parametrize(
    ("paid", "flames", "jerrycans"),
    [case[1:] for case in PAID_BEFORE_THE_SKIP],
    ids=[case[0] for case in PAID_BEFORE_THE_SKIP],
)
def test_what_was_paid_before_the_skip_is_lost_and_the_kero_fuelled_stays(
    paid: tuple[a.Action, ...], flames: Sequence[int], jerrycans: int
) -> None:
    s = second_turn()
    throws = iter(flames)
    for action in paid:
        s.apply(0, action)
        if isinstance(action, a.FuelUp):
            s.apply(CHANCE, a.Flames(next(throws)))  # all 8 dice flame at the first throw
    fuelled = LEFT + THROW_MS * len(flames)
    assert kero(s, 0) == fuelled and s.phase is Phase.START
    row, deck, supply = list(s.row), list(s.deck), s.jerrycans
    cards, tuareks = list(s.camps[0].cards), list(s.camps[0].tuareks)
    skip(s)
    assert (s.active, s.phase, s.turns) == (1, Phase.START, 3)
    assert s.camps[0].jerrycans == 4 - jerrycans and s.jerrycans == supply
    assert kero(s, 0) == fuelled  # the tank is untouched
    assert s.camps[0].cards == cards and s.camps[0].tuareks == tuareks
    assert s.row == row and s.deck == deck and s.discard == []  # no Fire, nothing drawn
    assert s.turn == Turn()  # the special dice are back in the shack
    legal = s.legal_actions(1)
    assert {a.AddDie(colour) for colour in ("green", "yellow", "blue")} <= set(legal)


def test_a_guide_played_before_the_skip_is_used_up() -> None:
    s = second_turn()
    s.apply(0, a.Play("guide", "green"))
    skip(s)
    assert "guide" not in s.camps[0].tuareks and "guide" in s.tuarek_used


def test_a_hired_tuarek_and_an_armed_dust_storm_survive_the_skip() -> None:
    s = second_turn(tuareks=("dust_storm", "guide", "trader", "scout", "smith"))
    s.apply(0, a.Hire())
    s.apply(0, a.Play("dust_storm"))
    skip(s)
    assert s.camps[0].tuareks == ["guide", "smith"] and s.camps[0].armed == 1
    assert s.camps[0].jerrycans == 2
    s.apply(1, a.FuelUp())  # the armed Dust Storm turns it to the 5 white dice
    fuel = s.turn.fuel
    assert fuel is not None and fuel.dice == 5


def test_each_clan_may_be_skipped_in_turn() -> None:
    s = new_match(first=1, row=ROW, after=AFTER)
    for turn in range(1, 5):
        skip(s)
        assert (s.active, s.turns) == ((turn + 1) % 2, turn)
    assert s.row == list(ROW) and s.discard == [] and kero(s, 0) == kero(s, 1) == CAPACITY


# --- in camp -------------------------------------------------------------------------------------


CAMPS: list[tuple[str, tuple[int, ...], tuple[str, ...], tuple[a.Action, ...], int]] = [
    ("no flame", NO_FLAMES, (), (), 0),
    ("two flames", TWO_FLAMES, (), (), 1),
    ("a card taken, then fire", (METAL, METAL, FLAME, FLAME, BRICK), (), (a.Take(6),), 1),
    ("a special die's flame", (FLAME, BRICK, BRICK, BRICK, BRICK, FLAME), ("green",), (), 1),
    ("an explorer placed", (FLAME, FLAME, RECRUIT, METAL, BRICK), (), (a.Place(1),), 1),
    ("a fire-eater played", TWO_FLAMES, (), (a.Play("fire_eater"),), 0),
    ("two cards taken", (WHEAT, WHEAT, METAL, BRICK, BRICK, GREEN_WHEAT2), ("green",), (), 0),
]


@pytest.mark.parametrize(
    ("faces", "dice", "actions", "burnt"),
    [case[1:] for case in CAMPS],
    ids=[case[0] for case in CAMPS],
)
def test_a_skip_in_camp_is_the_end_of_the_turn_fire_included(
    faces: tuple[int, ...], dice: tuple[str, ...], actions: tuple[a.Action, ...], burnt: int
) -> None:
    s = new_match(first=0, row=ROW, after=AFTER, tuareks=("fire_eater", "smith"))
    roll(s, T, faces, dice)
    stop(s, T + 1_000)
    camp(s, *actions)
    same_as_end(s)
    assert (s.active, s.phase) == (1, Phase.START)
    assert len(s.discard) == burnt  # the Fire step burnt the rightmost card, or nothing
    assert None not in s.row


def test_a_skip_in_camp_whose_refill_reveals_a_claim_card_starts_the_claim() -> None:
    s = new_match(first=0, row=ROW, after=("R1", "R5"), claim_draws=(2,))
    assert s.deck[:3] == ["R1", "C1", "R5"]
    shown = list(s.territories)
    roll(s, T, (BRICK, BRICK, METAL, METAL, WHEAT))
    stop(s, T + 1)
    camp(s, a.Take(2), a.Take(4))  # S7 and S12: two slots to refill
    same_as_end(s)
    assert s.claims == 1 and "C1" in s.discard
    assert s.territories != shown and not set(s.territories) & set(shown)
    assert s.row == ["R5", "R1", "S3", "S8", "S4", "S9"]  # the claim, then the refill finished
    assert (s.active, s.phase) == (1, Phase.START)


def test_a_skip_in_camp_that_burns_and_reveals_a_claim_waits_for_the_boss_decision() -> None:
    s = stacked(variant="boss")
    s.apply(
        CHANCE,
        forced_setup(first=0, row=ROW, after=AFTER, territories=TERRITORIES, claim_draws=(1,)),
    )
    play_turn(s, T, (RECRUIT, METAL, RECRUIT, METAL, BRICK), a.Place(1, boss=True), a.Place(2))
    roll(s, T + 100_000, (FLAME, FLAME, RECRUIT, METAL, BRICK))
    stop(s, T + 100_001)
    camp(s, a.Place(1))  # seat 1 ties seat 0's Boss on T3
    skip(s)  # Fire burns S9, the refill reveals C1
    assert s.discard == ["S9", "C1"] and s.claims == 1
    assert (s.phase, s.seats_to_act()) == (Phase.CLAIM, (0,))
    refused(s, 0, a.Pass(), Reason.WRONG_PHASE)
    refused(s, 1, a.Pass(), Reason.NOT_YOUR_TURN)
    s.apply(0, a.BossChoice(1, True))
    assert s.camps[0].territories == ["T3", "T4"] and not s.camps[0].boss_side
    assert (s.phase, s.active) == (Phase.START, 0)  # the clan that did not trigger it plays


def test_a_skip_in_camp_may_end_the_game() -> None:
    s = new_match(first=0, row=ROW, claim_draws=(1, 2, 3))
    roll(s, T, TWO_FLAMES)
    stop(s, T + 1)
    same_as_end(s)
    assert s.claims == 3 and s.phase is Phase.OVER and s.outcome() is not None


# --- refused -------------------------------------------------------------------------------------


def test_only_the_active_clans_turn_is_skipped() -> None:
    s = new_match(first=1, row=ROW)
    refused(s, 0, a.Pass(), Reason.NOT_YOUR_TURN)
    refused(s, CHANCE, a.Pass(), Reason.NOT_YOUR_TURN)  # no chance is due
    refused(s, 2, a.Pass(), Reason.UNKNOWN_PLAYER)
    roll(s, T, NO_FLAMES)
    stop(s, T + 1)
    refused(s, 0, a.Pass(), Reason.NOT_YOUR_TURN)


def test_a_tipped_truck_is_not_skipped_its_tank_ends_the_turn() -> None:
    s = new_match(first=0, row=ROW)
    s.apply(0, a.Roll(T))
    for seat in (0, 1):
        refused(s, seat, a.Pass(), Reason.NOT_YOUR_TURN)  # the dice are due first
    refused(s, CHANCE, a.Pass(), Reason.WRONG_PHASE)
    s.apply(CHANCE, a.Faces(NO_FLAMES))
    error = refused(s, 0, a.Pass(), Reason.WRONG_PHASE)
    assert "deadline" in str(error)
    refused(s, 1, a.Pass(), Reason.NOT_YOUR_TURN)
    s.apply(0, a.TankEmpty(empty_at(s)))  # the outage: the free refuel is thrown
    assert s.phase is Phase.FUELING
    for seat in (0, 1):
        refused(s, seat, a.Pass(), Reason.NOT_YOUR_TURN)


def test_a_fuel_up_being_thrown_is_not_skipped() -> None:
    s = new_match(first=0)
    s.apply(0, a.FuelUp())
    assert s.phase is Phase.FUELING and s.chance_due() == "flames"
    for seat in (0, 1):
        refused(s, seat, a.Pass(), Reason.NOT_YOUR_TURN)


def test_a_live_fuel_up_being_thrown_is_not_skipped() -> None:
    s = KeroState({"fuel_up": "live"})
    s.apply(CHANCE, forced_setup(first=0))
    s.apply(0, a.FuelUp(T))
    assert (s.phase, s.seats_to_act()) == (Phase.FUELING, (1,))
    refused(s, 1, a.Pass(), Reason.NOT_YOUR_TURN)  # the thrower only throws
    refused(s, 0, a.Pass(), Reason.NOT_YOUR_TURN)


def test_nothing_is_skipped_once_the_game_is_over() -> None:
    s = new_match(first=0, row=ROW, claim_draws=(1, 2, 3))
    play_turn(s, T, TWO_FLAMES)
    assert s.phase is Phase.OVER
    for seat in (0, 1):
        refused(s, seat, a.Pass(), Reason.GAME_OVER)


# --- never offered; text form and records --------------------------------------------------------


def test_players_are_never_offered_a_skip() -> None:
    s = second_turn()
    for seat in (0, 1):
        assert a.Pass() not in s.legal_actions(seat)
    roll(s, T + 100_000, NO_FLAMES)
    stop(s, T + 100_001)
    assert a.EndTurn() in s.legal_actions(0) and a.Pass() not in s.legal_actions(0)


def test_the_text_form_is_pass_and_round_trips() -> None:
    assert a.Pass().to_text() == "pass"
    assert a.parse_action("pass") == a.Pass()
    for text in ("pass:1", "pass@5", " pass", "PASS", "passes"):
        with pytest.raises(ActionParseError):
            a.parse_action(text)


def test_a_record_with_a_skip_replays() -> None:
    setup = forced_setup(first=0, row=ROW, after=AFTER)
    entries = (
        Entry(CHANCE, setup.to_text()),
        Entry(0, "pass"),
        Entry(1, f"roll@{T}"),
        Entry(CHANCE, "faces:" + "".join(str(f) for f in TWO_FLAMES)),
        Entry(1, f"stop@{T + 1}"),
        Entry(1, "pass"),
    )
    stacked_record = MatchRecord("kero", PLAYERS, entries, options=STACKED)
    record = MatchRecord.from_json(json.loads(stacked_record.dumps()))
    state = replay(record)
    assert isinstance(state, KeroState)
    assert [act for _, act in state.history].count(a.Pass()) == 2
    assert (state.active, state.turns, state.discard) == (0, 2, ["S9"])


def play_with_skips(seed: int, variant: str) -> KeroState:
    """The computer players, with the bot skipping about one turn in four (before rolling or in
    camp); every invariant holds after every action and no seat is ever offered a skip."""
    state = KeroState({"variant": variant})
    ai, rng, clock = KeroAI(), ChanceRng(f"pass/{seed}"), random.Random(seed)
    skipped: set[Phase] = set()
    for _ in range(20_000):
        if state.is_terminal():
            assert skipped == {Phase.START, Phase.CAMP}
            return state
        if state.node() is Node.CHANCE:
            state.apply(CHANCE, state.sample_chance(rng))
        else:
            seat = state.seats_to_act()[0]
            if state.phase in (Phase.START, Phase.CAMP) and clock.random() < 0.25:
                assert not any(isinstance(x, a.Pass) for x in state.legal_actions(seat))
                skipped.add(state.phase)
                state.apply(seat, a.Pass())
            else:
                state.apply(seat, ai.choose(state, seat))
        check_invariants(state)
    raise AssertionError("the match did not end")


@pytest.mark.parametrize(("seed", "variant"), [(1, "base"), (2, "boss"), (3, "base")])
def test_matches_with_skips_end_and_replay_from_their_records(seed: int, variant: str) -> None:
    state = play_with_skips(seed, variant)
    assert state.claims == 3 and any(isinstance(act, a.Pass) for _, act in state.history)
    record = record_of("kero", state, PLAYERS, options={"variant": variant})
    again = replay(MatchRecord.from_json(json.loads(record.dumps())))
    assert again.summary() == state.summary()
    assert again.history == state.history

"""Scenario tests for the claim decisions (docs/rules/kero.md, "Claim new territories" and
"Boss Variant"): the Boss, and the A5 tie-breaker tile.

Every position is reached through real play: a forced deal, forced dice and the players' own
actions. A claim is triggered by two flames: the rightmost card burns and the refill draws the
next card, which the forced deal makes a Claim card.
"""

from __future__ import annotations

from typing import Any

import pytest

from games.common import CHANCE, Node, Reason
from games.kero import actions as a
from games.kero.board import Claimed, ClaimReport, Phase
from games.kero.state import KeroState
from tests.games.kero.helpers import (
    BLUE_METAL_RECRUIT,
    BRICK,
    METAL,
    NO_FLAMES,
    RECRUIT,
    ROW,
    TWO_FLAMES,
    T,
    boss_tie,
    match,
    place_turn,
    play_turn,
    refused,
    roll,
    snapshot,
    stacked,
    stop,
)

A5_ROW = ("R6", "S3", "S7", "S8", "S12", "S4")
"""R6 (3 recruits, grants A5) in slot 1."""
TAKE_R6_AND_PLACE = (RECRUIT, RECRUIT, RECRUIT, RECRUIT, METAL)
EXPLORERS = 7


def seven_each(s: KeroState) -> None:
    """Property: every clan has 7 Explorers, at home or on the territories."""
    for seat, camp in enumerate(s.camps):
        assert camp.explorers + sum(c[seat] for c in s.explorers) == EXPLORERS


def asked(s: KeroState, *seats: int) -> None:
    """The claim waits for decisions from exactly these seats (all at once)."""
    assert s.phase is Phase.CLAIM
    assert s.node() is Node.SIMULTANEOUS
    assert s.seats_to_act() == seats
    assert s.summary()["phase"] == "claim"
    seven_each(s)
    for seat in (0, 1):
        if seat not in seats:
            assert s.legal_actions(seat) == []


def claimed(s: KeroState, next_seat: int) -> None:
    """The claim is over: Explorers home, Bosses home, `next_seat` starts its turn."""
    assert s.vote is None
    assert (s.phase, s.active, s.node()) == (Phase.START, next_seat, Node.DECISION)
    assert s.explorers == [[0, 0]] * 4
    assert [c.explorers for c in s.camps] == [EXPLORERS, EXPLORERS]
    assert [c.boss_slot for c in s.camps] == [None, None]
    assert None not in s.row and None not in s.territories


# --- the Boss: setup and placement ---------------------------------------------------------------


def test_each_boss_starts_boss_side_up_at_home_as_one_of_seven_explorers() -> None:
    s = match()
    assert [(c.boss_side, c.boss_slot, c.explorers) for c in s.camps] == [(True, None, 7)] * 2
    base = match("base")
    assert [c.boss_side for c in base.camps] == [False, False]


def test_the_boss_is_placed_as_the_boss_once_and_a_second_boss_is_refused() -> None:
    s = match()
    roll(s, T, (RECRUIT, METAL, RECRUIT, METAL, RECRUIT, BLUE_METAL_RECRUIT), dice=("blue",))
    stop(s, T + 1)
    assert a.Place(2, boss=True) in s.legal_actions(0)
    s.apply(0, a.Place(2, boss=True))
    assert (s.camps[0].boss_slot, s.camps[0].explorers, s.explorers[1]) == (1, 6, [1, 0])
    refused(s, 0, a.Place(1, boss=True), Reason.NO_EXPLORER)
    legal = s.legal_actions(0)
    assert a.Place(1) in legal and not any(getattr(x, "boss", False) for x in legal)
    s.apply(0, a.Place(2))  # an ordinary Explorer may join its own Boss
    assert s.explorers[1] == [2, 0]
    seven_each(s)


def test_the_other_boss_may_join_a_boss() -> None:
    s = match()
    place_turn(s, T, a.Place(3, boss=True))
    place_turn(s, T + 100_000, a.Place(3, boss=True))
    assert s.explorers[2] == [1, 1]
    assert [c.boss_slot for c in s.camps] == [2, 2]


def test_with_only_the_boss_at_home_an_ordinary_placement_is_refused() -> None:
    s = match()
    three = (a.Place(1), a.Place(2), a.Place(3))
    place_turn(s, T, *three)
    place_turn(s, T + 100_000)
    place_turn(s, T + 200_000, *three)
    place_turn(s, T + 300_000)
    assert s.camps[0].explorers == 1 and s.camps[0].boss_slot is None
    roll(s, T + 400_000, (RECRUIT, METAL, RECRUIT, METAL, BRICK))
    stop(s, T + 400_001)
    refused(s, 0, a.Place(4), Reason.NO_EXPLORER)
    legal = s.legal_actions(0)
    assert a.Place(4, boss=True) in legal and a.Place(4) not in legal
    s.apply(0, a.Place(4, boss=True))
    assert s.camps[0].explorers == 0 and s.camps[0].boss_slot == 3
    refused(s, 0, a.Place(4, boss=True), Reason.NO_EXPLORER)
    seven_each(s)


def test_the_base_game_has_no_boss() -> None:
    s = match("base")
    roll(s, T, (RECRUIT, METAL, RECRUIT, METAL, BRICK))
    stop(s, T + 1)
    refused(s, 0, a.Place(1, boss=True), Reason.NO_EXPLORER)
    assert a.Place(1) in s.legal_actions(0)
    assert not any(getattr(x, "boss", False) for x in s.legal_actions(0))


# --- the Boss at a claim -------------------------------------------------------------------------


def test_a_tie_holding_a_boss_side_boss_asks_its_owner() -> None:
    s = boss_tie()
    assert s.claims == 1 and s.active == 1  # seat 1 triggered the claim
    asked(s, 0)
    assert s.legal_actions(0) == [a.BossChoice(1, True), a.BossChoice(1, False)]
    # Nothing is resolved yet: the Explorers stand, the refill waits.
    assert s.explorers[:2] == [[1, 1], [1, 0]] and s.territories == ["T3", "T4", "T12", "T1"]
    assert s.row[0] is None and s.camps[0].territories == []


def test_activating_the_boss_wins_the_tie_with_its_bonus_and_flips_the_boss() -> None:
    s = boss_tie()
    supply = s.jerrycans
    s.apply(0, a.BossChoice(1, True))
    assert s.camps[0].territories == ["T3", "T4"]  # T3 by the Boss, T4 by majority
    assert s.camps[1].territories == []
    assert s.camps[0].jerrycans == 2 + 2 and s.jerrycans == supply - 2  # Oil field
    assert s.camps[0].boss_side is False and s.camps[1].boss_side is True
    assert s.boxed == ["T12", "T1"]
    claimed(s, next_seat=0)
    assert s.territories == ["T5", "T6", "T7", "T8"]
    assert s.row == ["R1", *ROW[:5]]  # S9 burnt, C1 discarded, the refill finished
    assert "C1" in s.discard and s.turns == 2
    # The flipped Boss is an ordinary Explorer for the rest of the game.
    roll(s, T + 200_000, (RECRUIT, METAL, RECRUIT, METAL, BRICK))
    stop(s, T + 200_001)
    refused(s, 0, a.Place(1, boss=True), Reason.NO_EXPLORER)
    assert not any(getattr(x, "boss", False) for x in s.legal_actions(0))


def test_not_activating_discards_the_tie_and_keeps_the_boss_for_a_later_claim() -> None:
    s = match(claim_draws=(1, 3))
    place_turn(s, T, a.Place(1, boss=True), a.Place(2))
    place_turn(s, T + 100_000, a.Place(1), claim=True)
    s.apply(0, a.BossChoice(1, False))
    assert s.camps[0].territories == ["T4"] and s.camps[1].territories == []
    assert "T3" in s.boxed and s.camps[0].jerrycans == 2
    assert s.camps[0].boss_side is True
    claimed(s, next_seat=0)
    # The second claim: the Boss, placed again, still breaks a tie.
    place_turn(s, T + 200_000, a.Place(1, boss=True))
    place_turn(s, T + 300_000, a.Place(1), claim=True)
    assert s.claims == 2
    asked(s, 0)
    s.apply(0, a.BossChoice(1, True))
    assert s.camps[0].territories == ["T4", "T5"] and s.camps[0].boss_side is False
    claimed(s, next_seat=0)


@pytest.mark.parametrize(
    ("seat", "action", "reason"),
    [
        (0, a.BossChoice(2, True), Reason.WRONG_PHASE),  # T4 is not tied
        (0, a.BossChoice(3, False), Reason.WRONG_PHASE),  # T12 is empty
        (0, a.TieBreak(1), Reason.WRONG_PHASE),  # no tie-breaker tile
        (1, a.BossChoice(1, True), Reason.NOT_YOUR_TURN),  # not seat 1's Boss
        (1, a.BossChoice(1, False), Reason.NOT_YOUR_TURN),
        (0, a.EndTurn(), Reason.WRONG_PHASE),
        (0, a.Roll(T + 200_000), Reason.WRONG_PHASE),
        (0, a.Place(3), Reason.WRONG_PHASE),
        (0, a.Hire(), Reason.WRONG_PHASE),
        (0, a.FuelUp(), Reason.WRONG_PHASE),
        (1, a.EndTurn(), Reason.NOT_YOUR_TURN),
        (1, a.Hire(), Reason.NOT_YOUR_TURN),
        (CHANCE, a.Faces(NO_FLAMES), Reason.NOT_YOUR_TURN),
    ],
)
def test_a_decision_not_asked_and_any_other_action_are_refused_during_a_claim(
    seat: int, action: a.Action, reason: Reason
) -> None:
    s = boss_tie()
    refused(s, seat, action, reason)
    asked(s, 0)


def test_a_boss_decision_is_taken_once() -> None:
    """Each clan's lone Boss stands on its own tie: both are asked at once, each answers once."""
    s = match(claim_draws=(1,))
    place_turn(s, T, a.Place(1, boss=True), a.Place(2))
    place_turn(s, T + 100_000, a.Place(1), a.Place(2, boss=True), claim=True)
    asked(s, 0, 1)
    assert s.legal_actions(1) == [a.BossChoice(2, True), a.BossChoice(2, False)]
    s.apply(0, a.BossChoice(1, False))
    asked(s, 1)
    refused(s, 0, a.BossChoice(1, True), Reason.NOT_YOUR_TURN)
    refused(s, 0, a.BossChoice(1, False), Reason.NOT_YOUR_TURN)
    assert s.legal_actions(0) == []


def test_two_bosses_on_one_tie_follow_the_faq_without_a_question() -> None:
    """Boss FAQ: both Bosses on a territory that stays tied: neither clan wins it, it is
    discarded, both Bosses are turned over and every Explorer goes home. Nobody is asked."""
    s = match(claim_draws=(1,))
    place_turn(s, T, a.Place(1, boss=True), a.Place(2))
    place_turn(s, T + 100_000, a.Place(1, boss=True), claim=True)
    claimed(s, next_seat=0)  # no decision was asked of anyone
    assert "T3" in s.boxed and s.camps[1].territories == []
    assert s.camps[0].territories == ["T4"]  # seat 0's lone Explorer still wins its majority
    assert [c.boss_side for c in s.camps] == [False, False]
    assert [act for _, act in s.history if isinstance(act, a.BossChoice)] == []
    assert s.last_claim == ClaimReport(
        1,
        (
            Claimed("T3", None, "bosses"),
            Claimed("T4", 0, "majority"),
            Claimed("T12", None, "empty"),
            Claimed("T1", None, "empty"),
        ),
    )


def test_two_bosses_on_a_tie_beside_an_ordinary_tie_settle_both_without_a_question() -> None:
    """Both Bosses tie on T3 and plain Explorers tie on T4: both are discarded, nobody is asked
    (no A5 in play), and the two Bosses are turned over."""
    s = match(claim_draws=(1,))
    place_turn(s, T, a.Place(1, boss=True), a.Place(2))
    place_turn(s, T + 100_000, a.Place(1, boss=True), a.Place(2), claim=True)
    claimed(s, next_seat=0)
    assert {"T3", "T4"} <= set(s.boxed)
    assert [c.boss_side for c in s.camps] == [False, False]


def test_a_boss_on_a_territory_that_is_not_tied_asks_nothing() -> None:
    s = match(claim_draws=(1,))
    place_turn(s, T, a.Place(1, boss=True), a.Place(2))
    place_turn(s, T + 100_000, a.Place(1, boss=True), a.Place(1), claim=True)
    claimed(s, next_seat=0)  # majorities decide: no question
    assert s.camps[0].territories == ["T4"] and s.camps[1].territories == ["T3"]
    assert s.camps[0].boss_side and s.camps[1].boss_side  # unused: still Boss side up


def test_a_flipped_boss_is_an_ordinary_explorer_at_a_later_tie() -> None:
    s = match(claim_draws=(1, 3))
    place_turn(s, T, a.Place(1, boss=True), a.Place(2))
    place_turn(s, T + 100_000, a.Place(1), claim=True)
    s.apply(0, a.BossChoice(1, True))
    claimed(s, next_seat=0)
    place_turn(s, T + 200_000, a.Place(1))  # the flipped Boss among them
    place_turn(s, T + 300_000, a.Place(1), claim=True)
    assert s.claims == 2
    claimed(s, next_seat=0)  # no question: the tie is discarded
    assert "T5" in s.boxed and s.camps[0].territories == ["T3", "T4"]


def test_the_third_claim_ends_the_game_after_its_boss_decision() -> None:
    s = match(claim_draws=(1, 3, 5))
    play_turn(s, T, TWO_FLAMES)
    play_turn(s, T + 100_000, TWO_FLAMES)
    assert s.claims == 2 and s.territories == ["T9", "T10", "T11", "T2"]
    place_turn(s, T + 200_000, a.Place(1, boss=True))
    place_turn(s, T + 300_000, a.Place(1), claim=True)
    assert s.claims == 3
    asked(s, 0)
    assert not s.is_terminal() and s.outcome() is None
    s.apply(0, a.BossChoice(1, True))
    assert s.phase is Phase.OVER and s.is_terminal() and s.node() is Node.TERMINAL
    assert s.camps[0].territories == ["T9"] and s.territories == [None] * 4
    assert [c.explorers for c in s.camps] == [EXPLORERS, EXPLORERS]
    outcome = s.outcome()
    assert outcome is not None and outcome.winners == frozenset({0})


# --- A5, the tie breaker -------------------------------------------------------------------------


def a5_match(variant: str = "base", **setup: Any) -> KeroState:
    """Seat 0 takes R6 (A5) and places one Explorer on the slot given (its first turn)."""
    return match(variant, row=A5_ROW, **setup)


def test_a5_wins_the_only_tie_automatically() -> None:
    s = a5_match(claim_draws=(2,))
    play_turn(s, T, TAKE_R6_AND_PLACE, a.Take(1), a.Place(1))
    assert s.camps[0].tiles == ["A5"]
    place_turn(s, T + 100_000, a.Place(1), a.Place(2), claim=True)
    assert s.claims == 1
    claimed(s, next_seat=0)  # no question asked
    assert s.camps[0].territories == ["T3"] and s.camps[0].jerrycans == 2 + 2
    assert s.camps[1].territories == ["T4"]
    assert s.boxed == ["T12", "T1"]  # empty territories are not ties
    assert s.last_claim is not None
    assert [(c.territory, c.winner, c.how) for c in s.last_claim.territories] == [
        ("T3", 0, "tiebreak"),
        ("T4", 1, "majority"),
        ("T12", None, "empty"),
        ("T1", None, "empty"),
    ]


def test_an_empty_territory_is_not_a_tie_a5_cannot_win_it() -> None:
    s = a5_match(claim_draws=(2,))
    play_turn(s, T, TAKE_R6_AND_PLACE, a.Take(1), a.Place(1))
    play_turn(s, T + 100_000, TWO_FLAMES)
    claimed(s, next_seat=0)
    assert s.camps[0].territories == ["T3"] and s.camps[1].territories == []
    assert s.boxed == ["T4", "T12", "T1"]


@pytest.mark.parametrize(("choice", "won", "lost"), [(1, "T3", "T4"), (2, "T4", "T3")])
def test_with_several_ties_the_a5_holder_chooses_one(choice: int, won: str, lost: str) -> None:
    s = a5_match(claim_draws=(2,))
    play_turn(s, T, TAKE_R6_AND_PLACE, a.Take(1), a.Place(1))
    place_turn(s, T + 100_000, a.Place(1), a.Place(2))
    place_turn(s, T + 200_000, a.Place(2), claim=True)
    assert s.claims == 1
    asked(s, 0)
    assert s.legal_actions(0) == [a.TieBreak(1), a.TieBreak(2)]
    refused(s, 0, a.TieBreak(3), Reason.WRONG_PHASE)  # empty
    refused(s, 0, a.BossChoice(1, True), Reason.WRONG_PHASE)
    refused(s, 1, a.TieBreak(1), Reason.NOT_YOUR_TURN)
    s.apply(0, a.TieBreak(choice))
    assert s.camps[0].territories == [won] and s.camps[1].territories == []
    assert lost in s.boxed
    claimed(s, next_seat=1)  # seat 0 triggered the claim


def test_a5_skips_a_boss_territory_and_wins_the_other_tie_automatically() -> None:
    s = a5_match("boss", claim_draws=(2,))
    play_turn(s, T, TAKE_R6_AND_PLACE, a.Take(1), a.Place(2))
    place_turn(s, T + 100_000, a.Place(1, boss=True), a.Place(2))
    place_turn(s, T + 200_000, a.Place(1), claim=True)
    asked(s, 1)  # only the Boss question: A5 has a single tie left
    assert s.legal_actions(1) == [a.BossChoice(1, True), a.BossChoice(1, False)]
    refused(s, 0, a.TieBreak(1), Reason.NOT_YOUR_TURN)
    s.apply(1, a.BossChoice(1, False))
    assert s.camps[0].territories == ["T4"] and s.camps[1].territories == []
    assert "T3" in s.boxed and s.camps[1].boss_side
    assert s.last_claim is not None and s.last_claim.territories[0] == Claimed("T3", None, "tie")


def test_a5_never_wins_a_tie_where_its_holders_own_boss_stands() -> None:
    s = a5_match("boss", claim_draws=(2,))
    play_turn(s, T, TAKE_R6_AND_PLACE, a.Take(1), a.Place(1, boss=True))
    place_turn(s, T + 100_000, a.Place(1), claim=True)
    asked(s, 0)
    assert s.legal_actions(0) == [a.BossChoice(1, True), a.BossChoice(1, False)]
    s.apply(0, a.BossChoice(1, False))
    assert s.camps[0].territories == [] and "T3" in s.boxed


def test_a5_wins_a_tie_once_the_boss_standing_there_has_flipped() -> None:
    s = a5_match("boss", claim_draws=(2, 4))
    play_turn(s, T, TAKE_R6_AND_PLACE, a.Take(1), a.Place(1))
    place_turn(s, T + 100_000, a.Place(1, boss=True), claim=True)
    asked(s, 1)  # A5 may not break this tie: seat 1's Boss stands there
    s.apply(1, a.BossChoice(1, True))
    assert s.camps[1].territories == ["T3"] and not s.camps[1].boss_side
    assert s.last_claim is not None and s.last_claim.territories[0] == Claimed("T3", 1, "boss")
    claimed(s, next_seat=0)
    place_turn(s, T + 200_000, a.Place(1))
    place_turn(s, T + 300_000, a.Place(1), claim=True)  # the flipped Boss among them
    assert s.claims == 2
    claimed(s, next_seat=0)  # A5 wins it at once
    assert s.camps[0].territories == ["T5"]


def test_a5_choice_and_a_boss_question_wait_for_each_other() -> None:
    s = a5_match("boss", claim_draws=(2,))
    play_turn(s, T, TAKE_R6_AND_PLACE, a.Take(1), a.Place(1))
    place_turn(s, T + 100_000, a.Place(1), a.Place(2), a.Place(3, boss=True))
    place_turn(s, T + 200_000, a.Place(2), a.Place(3), claim=True)
    asked(s, 0, 1)
    assert s.legal_actions(0) == [a.TieBreak(1), a.TieBreak(2)]
    s.apply(0, a.TieBreak(2))
    asked(s, 1)
    refused(s, 0, a.TieBreak(1), Reason.NOT_YOUR_TURN)  # chosen once
    s.apply(1, a.BossChoice(3, True))
    assert s.camps[0].territories == ["T4"] and s.camps[1].territories == ["T12"]
    assert s.boxed == ["T3", "T1"]
    claimed(s, next_seat=1)


def test_a_match_with_claim_decisions_replays_from_its_text_forms() -> None:
    s = a5_match("boss", claim_draws=(2, 4))
    play_turn(s, T, TAKE_R6_AND_PLACE, a.Take(1), a.Place(1))
    place_turn(s, T + 100_000, a.Place(1), a.Place(2), a.Place(3, boss=True))
    place_turn(s, T + 200_000, a.Place(2), a.Place(3, boss=True), claim=True)
    asked(s, 0)  # both Bosses on T12: no question (FAQ); A5 picks among the other ties
    assert s.legal_actions(0) == [a.TieBreak(1), a.TieBreak(2)]
    s.apply(0, a.TieBreak(1))
    claimed(s, next_seat=1)
    assert s.camps[0].territories == ["T3"] and s.boxed == ["T4", "T12", "T1"]
    assert [c.boss_side for c in s.camps] == [False, False]
    replay = stacked(variant="boss")
    for seat, action in s.history:
        replay.apply(seat, a.parse_action(action.to_text()))
    assert snapshot(replay) == snapshot(s)


# --- suspected engine bugs -----------------------------------------------------------------------


def test_a_refusal_during_a_claim_names_the_seats_asked_not_the_active_clan() -> None:
    s = boss_tie()  # seat 1 triggered the claim; only seat 0 is asked
    error = refused(s, 1, a.BossChoice(1, True), Reason.NOT_YOUR_TURN)
    assert "seat 1's turn" not in str(error)

"""Scenario tests for every rule of the Keer op Keer Kids rulebook, its FAQ and the house rules.

Dice are always forced (chance actions applied by the test). Column numbers in the engine are
0-based (column 6 is the star column); `summary()` numbers them 1-13 as printed.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

from games.common import CHANCE, ChanceRng, IllegalAction, Node, Reason
from games.keer_kids import (
    Cross,
    Keep,
    KeerState,
    Mark,
    Miss,
    Phase,
    Roll,
    Skip,
    new_match,
)
from games.keer_kids import events as ev
from games.keer_kids.dice import FACES, PURPLE
from games.keer_kids.rules import choice_options
from games.records import MatchRecord, Player, record_of, replay
from tests.games.keer_kids.helpers import (
    COLUMN_0_PATH,
    COLUMN_7_PATH,
    CROCODILE_PATH,
    LION_AFTER_CROCODILE,
    STAR_ENCLOSURES,
    assert_refused,
    colour,
    cross_each,
    cross_path,
    cross_paths,
    crossed,
    force_crossed,
    ids,
    mark_each,
    of_type,
    to_choose,
)

BLUE, RED, GREEN, YELLOW, ORANGE = "blue", "red", "green", "yellow", "orange"


def touches(a: tuple[int, int], b: tuple[int, int]) -> str | None:
    """'side', 'corner' or None: how two squares of the grid meet."""
    dr, dc = abs(a[0] - b[0]), abs(a[1] - b[1])
    if dr + dc == 1:
        return "side"
    if dr == dc == 1:
        return "corner"
    return None


def contacts(state: KeerState, one: str, other: str) -> set[str]:
    """The kinds of contact between the squares of two enclosures."""
    first, second = state.sheet.enclosure(one), state.sheet.enclosure(other)
    assert first is not None and second is not None
    return {
        kind for a in first.squares for b in second.squares if (kind := touches(a, b)) is not None
    }


def cross_targets(state: KeerState, seat: int) -> set[str]:
    """The enclosures the seat's legal Cross actions name."""
    return {a.enclosure for a in state.legal_actions(seat) if isinstance(a, Cross)}


# --- Set up -------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_to_four_players_each_get_the_same_empty_sheet(players: int) -> None:
    """'2 to 4 players'; 'All sheets in the pad are the same.'"""
    state = new_match(players)
    assert state.num_players == players
    assert len({p.reachable() for p in state.players}) == 1
    summary = state.summary()
    assert [p["crossed"] for p in summary["players"]] == [[]] * players
    assert [p["score"] for p in summary["players"]] == [0] * players
    assert [p["marks"] for p in summary["players"]] == [0] * players


@pytest.mark.parametrize("players", [0, 1, 5])
def test_fewer_than_two_or_more_than_four_players_are_refused(players: int) -> None:
    with pytest.raises(ValueError, match="2-4 players"):
        new_match(players)


def test_new_match_refuses_options() -> None:
    with pytest.raises(ValueError, match="no options but 'first'"):
        new_match(2, {"fast": True})
    with pytest.raises(ValueError, match=r"\['fast'\]"):
        new_match(2, {"first": 1, "fast": True})


def test_three_dice_with_five_colours_and_a_purple_cross() -> None:
    """'Each die has five animal colours and one purple cross': 6^3 equally likely rolls."""
    state = new_match(2)
    assert state.node() is Node.CHANCE
    assert state.summary()["to_act"] == "chance"
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 216
    assert {p for _, p in outcomes} == {Fraction(1, 216)}
    assert {face for roll, _ in outcomes for face in roll.dice} == {*FACES}
    assert set(FACES) == {BLUE, RED, GREEN, YELLOW, ORANGE, PURPLE}
    assert state.legal_actions(CHANCE) == [roll for roll, _ in outcomes]


def test_seat_zero_rolls_first_and_the_dice_pass_to_the_left() -> None:
    """'Then pass the dice to the player on your left' (seat + 1, wrapping round)."""
    state = new_match(3)
    rollers = []
    for _ in range(4):
        rollers.append(state.roller)
        events = cross_each(state, {})
        assert of_type(events, ev.RollDue) == [ev.RollDue(state.roller)]
    assert rollers == [0, 1, 2, 0]
    assert state.roller == 1


@pytest.mark.parametrize(("players", "first"), [(2, 1), (3, 2), (4, 1), (4, 3)])
def test_the_seat_chosen_to_roll_first_rolls_first_and_the_dice_still_pass_to_the_left(
    players: int, first: int
) -> None:
    """House rule: the table chooses who rolls first (the `first` option); left is unchanged."""
    state = new_match(players, {"first": first})
    assert state.summary()["roller"] == first
    rollers = []
    for _ in range(players + 1):
        rollers.append(state.roller)
        cross_each(state, {})
    assert rollers == [(first + i) % players for i in range(players + 1)]


def test_a_match_chosen_to_start_elsewhere_replays_to_the_same_state() -> None:
    """The choice is the match's option: its record rebuilds the same first roller and play."""
    state = new_match(3, {"first": 2})
    for _ in range(4):
        cross_each(state, {})
    players = [Player(str(i), f"P{i}") for i in range(3)]
    record = record_of("keer-kids", state, players, options={"first": 2})
    again = replay(MatchRecord.from_json(json.loads(json.dumps(record.to_json()))))
    assert again.summary() == state.summary() and again.history == state.history
    assert next(s for s, a in again.history if isinstance(a, Keep)) == 2


def test_a_record_without_the_option_rolls_from_seat_zero_as_before() -> None:
    """Records written before the choice existed have no `first`: seat 0 rolled first."""
    data = {
        "game": "keer-kids",
        "players": [{"id": "1"}, {"id": "2"}],
        "actions": [{"seat": "chance", "action": "roll:BBB"}, {"seat": 0, "action": "keep:0"}],
    }
    state = replay(MatchRecord.from_json(data))
    assert state.phase is Phase.CHOOSE and state.roller == 0
    assert new_match(2).roller == new_match(2, {}).roller == new_match(2, {"first": 0}).roller == 0


@pytest.mark.parametrize("first", [2, -1, True, "1", 0.0, None])
def test_a_first_roller_that_is_not_a_seat_is_refused(first: object) -> None:
    with pytest.raises(ValueError, match="seat"):
        new_match(2, {"first": first})


def test_four_players_all_choose_on_every_roll_and_the_dice_go_round() -> None:
    """'On every roll everyone crosses something off.'"""
    state = new_match(4)
    targets = ["E3", "L3", "C4", "M5"]
    for roll, target in enumerate(targets):
        assert state.roller == roll
        face = colour(state, target)
        to_choose(state, (face, face, face), keep=0)
        assert state.seats_to_act() == (0, 1, 2, 3)
        for seat in range(4):
            state.apply(seat, Cross(0 if seat == roll else 1 + seat % 2, target))
    assert state.roller == 0
    assert all(crossed(state, s) == set(targets) for s in range(4))


def test_sampled_rolls_follow_the_seeded_stream() -> None:
    state, other = new_match(2), new_match(2)
    first = state.sample_chance(ChanceRng(42))
    assert first == other.sample_chance(ChanceRng(42))
    assert len(first.dice) == 3 and set(first.dice) <= set(FACES)
    state.apply(CHANCE, first)
    assert state.dice == first.dice and state.rolls == 1


def test_the_summary_is_json_ready() -> None:
    state = new_match(3)
    cross_each(state, {0: "E3", 1: "P4", 2: "P4"})
    to_choose(state, (RED, BLUE, YELLOW), keep=0)
    summary = state.summary()
    assert json.loads(json.dumps(summary)) == summary
    assert summary["dice"] == [RED, BLUE, YELLOW] and summary["kept"] == 0
    assert summary["phase"] == "choose" and summary["to_act"] == [0, 1, 2]
    assert summary["roller"] == 1 and summary["rolls"] == 2


# --- A roll: roll, keep, choose -----------------------------------------------------------------


def test_the_roller_rolls_then_keeps_one_die() -> None:
    """'Roll all three dice at once. Choose one die and put it aside.'"""
    state = new_match(3)
    events = state.apply(CHANCE, Roll((RED, BLUE, PURPLE)))
    assert events == (ev.Rolled(0, (RED, BLUE, PURPLE)),)
    assert state.phase is Phase.KEEP and state.node() is Node.DECISION
    assert state.seats_to_act() == (0,)
    assert state.legal_actions(1) == []
    assert state.legal_actions(0) == [Keep(0), Keep(1), Keep(2)]
    assert state.apply(0, Keep(1)) == (ev.Kept(0, 1, BLUE),)
    assert state.phase is Phase.CHOOSE and state.node() is Node.SIMULTANEOUS
    assert state.seats_to_act() == (0, 1, 2)
    assert state.allowed_dice(0) == (1,)
    assert state.allowed_dice(1) == state.allowed_dice(2) == (0, 2)


def test_others_choose_from_the_two_dice_left_and_may_pick_the_same_one() -> None:
    """'The other players choose from the two dice that are left. Both may pick the same one.'"""
    state = new_match(3)
    to_choose(state, (RED, BLUE, YELLOW), keep=0)
    assert {a.die for a in state.legal_actions(1) if isinstance(a, Cross)} == {1, 2}
    state.apply(0, Cross(0, "E3"))
    state.apply(1, Cross(1, "P4"))
    state.apply(2, Cross(1, "P4"))
    assert crossed(state, 0) == {"E3"}
    assert crossed(state, 1) == crossed(state, 2) == {"P4"}


def test_the_roller_must_use_the_kept_die() -> None:
    state = new_match(2)
    to_choose(state, (RED, BLUE, YELLOW), keep=0)
    assert {a.die for a in state.legal_actions(0) if isinstance(a, Cross)} == {0}
    assert_refused(state, 0, Cross(1, "P4"), Reason.DIE_NOT_AVAILABLE)
    assert_refused(state, 0, Cross(2, "L3"), Reason.DIE_NOT_AVAILABLE)


def test_the_others_cannot_take_the_kept_die() -> None:
    state = new_match(2)
    to_choose(state, (RED, BLUE, YELLOW), keep=0)
    assert_refused(state, 1, Cross(0, "E3"), Reason.DIE_NOT_AVAILABLE)


@pytest.mark.parametrize("die", [-1, 3])
def test_a_die_outside_the_three_is_not_available(die: int) -> None:
    state = new_match(2)
    state.apply(CHANCE, Roll((RED, PURPLE, PURPLE)))
    assert_refused(state, 0, Keep(die), Reason.DIE_NOT_AVAILABLE)
    state.apply(0, Keep(0))
    assert_refused(state, 0, Cross(die, "E3"), Reason.DIE_NOT_AVAILABLE)
    assert_refused(state, 1, Mark(die), Reason.DIE_NOT_AVAILABLE)


def test_all_choices_resolve_together_after_the_last_player_chose() -> None:
    """House rule: the others' choices resolve together, when every player has chosen."""
    state = new_match(3)
    to_choose(state, (RED, BLUE, YELLOW), keep=0)
    assert state.apply(1, Cross(1, "P4")) == (), "nothing happens before everyone chose"
    assert crossed(state, 1) == set()
    assert state.seats_to_act() == (0, 2)
    assert state.apply(0, Cross(0, "E3")) == ()
    events = state.apply(2, Cross(2, "L3"))
    assert of_type(events, ev.Crossed) == [
        ev.Crossed(0, "E3"),
        ev.Crossed(1, "P4"),
        ev.Crossed(2, "L3"),
    ]
    assert events[-1] == ev.RollDue(1)
    assert state.phase is Phase.ROLL and state.dice is None and state.kept is None


def test_a_pick_may_be_changed_until_the_roll_resolves() -> None:
    """House rule: a cross or mark may be changed, for any die the seat may use, until the roll
    resolves; only the last one counts, and the change is in the log."""
    state = new_match(3)
    to_choose(state, (RED, BLUE, PURPLE), keep=0)
    assert state.apply(1, Cross(1, "P4")) == ()
    assert state.legal_actions(1) == [], "a seat that chose is no longer waited for"
    assert state.seats_to_act() == (0, 2)
    assert state.apply(1, Mark(2)) == (), "another die: still nothing resolves"
    assert state.apply(1, Cross(1, "P4")) == ()
    assert state.seats_to_act() == (0, 2)
    state.apply(0, Cross(0, "E3"))
    events = state.apply(2, Mark(2))
    assert [e for e in of_type(events, ev.Crossed) if e.seat == 1] == [ev.Crossed(1, "P4")]
    assert ev.MarkCrossed(1, 1) not in events and state.players[1].marks == 0
    assert state.summary()["changed_picks"] == [
        {"roll": 1, "seat": 1, "from": "cross:1:P4", "to": "mark:2", "entry": 3},
        {"roll": 1, "seat": 1, "from": "mark:2", "to": "cross:1:P4", "entry": 4},
    ]


def test_a_change_must_be_a_legal_pick_and_a_different_one() -> None:
    state = new_match(3)
    to_choose(state, (RED, BLUE, YELLOW), keep=0)
    state.apply(1, Cross(1, "P4"))
    assert_refused(state, 1, Cross(1, "P4"), Reason.SAME_CHOICE)
    assert_refused(state, 1, Cross(0, "E3"), Reason.DIE_NOT_AVAILABLE)
    assert_refused(state, 1, Cross(2, "E3"), Reason.WRONG_COLOUR)
    assert_refused(state, 1, Skip(), Reason.ALREADY_CHOSEN)
    assert_refused(state, 1, Miss(), Reason.ALREADY_CHOSEN)


def test_a_skip_or_a_miss_is_final_and_a_resolved_pick_is_over() -> None:
    """Only a cross or a mark is changed: a skip (nothing fitted) and a miss (the clock) stay;
    once the last player chose, the roll is resolved and the next pick is the next roll's."""
    state = new_match(3)
    to_choose(state, (RED, BLUE, YELLOW), keep=0)
    state.apply(2, Miss())
    assert_refused(state, 2, Cross(2, "L3"), Reason.ALREADY_CHOSEN)
    state.apply(1, Cross(1, "P4"))
    state.apply(0, Cross(0, "E3"))
    assert state.phase is Phase.ROLL
    assert_refused(state, 1, Cross(2, "L3"), Reason.NOT_YOUR_TURN)
    assert state.summary()["changed_picks"] == []


def test_choice_options_list_a_die_s_picks_for_a_seat_that_chose_too() -> None:
    state = new_match(3)
    to_choose(state, (RED, BLUE, PURPLE), keep=0)
    before = choice_options(state, 1, 1)
    assert before == [a for a in state.legal_actions(1) if a.die == 1]  # type: ignore[union-attr]
    state.apply(1, Cross(1, "P4"))
    assert choice_options(state, 1, 1) == before
    assert choice_options(state, 1, 2) == [Mark(2)]
    assert choice_options(state, 1, 0) == [], "the kept die is the roller's"
    state.apply(2, Miss())
    assert choice_options(state, 2, 1) == [], "a miss is final"


# --- Crossing an enclosure: the whole of it, at the star or next to your crosses --------------


def test_star_enclosures_are_reachable_at_the_start_and_no_others() -> None:
    """'in the middle column every square has a star. That is where everyone starts.'"""
    state = new_match(2)
    star_column = {e.id for e in state.sheet.enclosures if state.sheet.star_column in e.columns}
    assert star_column == STAR_ENCLOSURES
    assert ids(state, state.players[0].reachable()) == STAR_ENCLOSURES
    for face in (BLUE, RED, GREEN, YELLOW, ORANGE):
        trial = state.clone()
        to_choose(trial, (face, face, face), keep=0)
        expected = {e for e in STAR_ENCLOSURES if colour(state, e) == face}
        assert cross_targets(trial, 0) == cross_targets(trial, 1) == expected


@pytest.mark.parametrize(
    ("face", "enclosure"), [(BLUE, "P3"), (YELLOW, "L2"), (RED, "E1"), (GREEN, "C3")]
)
def test_an_enclosure_without_a_star_or_a_border_is_not_reachable(
    face: str, enclosure: str
) -> None:
    """'The enclosure must contain a star, or share a side with an enclosure already crossed.'"""
    state = new_match(2)
    to_choose(state, (face, face, face), keep=0)
    assert_refused(state, 0, Cross(0, enclosure), Reason.NOT_REACHABLE)
    assert_refused(state, 1, Cross(1, enclosure), Reason.NOT_REACHABLE)


def test_sharing_a_side_with_a_crossed_enclosure_makes_it_reachable() -> None:
    state = new_match(2)
    assert "side" in contacts(state, "L3", "C3")
    assert "side" in contacts(state, "L3", "C2")
    cross_each(state, {0: "L3"})
    to_choose(state, (GREEN, GREEN, GREEN), keep=0)
    assert state.roller == 1
    assert cross_targets(state, 1) == {"C4"}
    assert cross_targets(state, 0) == {"C4", "C3", "C2"}


def test_touching_only_at_a_corner_does_not_count() -> None:
    """'Just touching at a corner does not count.'"""
    state = new_match(2)
    # M4 and L2 touch L3 diagonally and share no side with it (nor with any other star).
    assert contacts(state, "L3", "M4") == {"corner"}
    assert contacts(state, "L3", "L2") == {"corner"}
    cross_each(state, {0: "L3"})
    assert "M4" not in ids(state, state.players[0].reachable())
    to_choose(state, (YELLOW, ORANGE, YELLOW), keep=0)
    assert state.roller == 1
    assert_refused(state, 0, Cross(2, "L2"), Reason.NOT_REACHABLE)
    assert_refused(state, 0, Cross(1, "M4"), Reason.NOT_REACHABLE)
    assert "L2" not in cross_targets(state, 0)


def test_one_bordering_square_is_enough_for_the_whole_enclosure_incl_far_squares() -> None:
    """FAQ: 'One square sharing a side with your crosses is enough. You then cross off the whole
    enclosure, including the squares that are further away.'"""
    state = new_match(2)
    sheet = state.sheet
    p4, c2 = sheet.enclosure("P4"), sheet.enclosure("C2")
    assert p4 is not None and c2 is not None
    bordering = {a for a in c2.squares for b in p4.squares if touches(a, b) == "side"}
    assert bordering == {(5, 5)}, "exactly one square of C2 borders P4"
    # P3 shares a side with C2 only at its far square (5, 3), three squares away from P4.
    p3 = sheet.enclosure("P3")
    assert p3 is not None
    assert {a for a in c2.squares for b in p3.squares if touches(a, b) == "side"} == {(5, 3)}
    assert not contacts(state, "P3", "P4")
    cross_each(state, {0: "P4"})
    assert "C2" in ids(state, state.players[0].reachable())
    assert "P3" not in ids(state, state.players[0].reachable())
    events = cross_each(state, {0: "C2"})
    assert ev.Crossed(0, "C2") in events
    assert crossed(state, 0) == {"P4", "C2"}
    assert "P3" in ids(state, state.players[0].reachable())
    cross_each(state, {0: "P3"})
    assert crossed(state, 0) == {"P4", "C2", "P3"}


def test_the_whole_enclosure_is_crossed_never_half() -> None:
    """'You always cross off the whole enclosure, never half of it': every square counts."""
    state = new_match(2)
    events = cross_path(state, 0, COLUMN_7_PATH)
    # Four crossings fill the six squares of column 7 because C4 and M5 cover two squares each.
    assert ev.ColumnFilled(0, 7, 1) in events
    assert state.summary()["players"][0]["crossed"] == ["P4", "E4", "C4", "M5"]
    assert 8 in state.summary()["players"][0]["columns_filled"]


def test_a_wrong_colour_is_refused() -> None:
    state = new_match(2)
    to_choose(state, (RED, BLUE, YELLOW), keep=0)
    assert_refused(state, 0, Cross(0, "P4"), Reason.WRONG_COLOUR)
    assert_refused(state, 1, Cross(1, "E4"), Reason.WRONG_COLOUR)


@pytest.mark.parametrize("name", ["Z1", "E9", "e3", "E", ""])
def test_an_unknown_enclosure_is_refused(name: str) -> None:
    state = new_match(2)
    to_choose(state, (RED, BLUE, YELLOW), keep=0)
    assert_refused(state, 0, Cross(0, name), Reason.UNKNOWN_ENCLOSURE)


def test_an_enclosure_already_crossed_is_refused() -> None:
    state = new_match(2)
    cross_each(state, {0: "E3", 1: "E3"})
    to_choose(state, (RED, RED, RED), keep=0)
    assert_refused(state, 0, Cross(1, "E3"), Reason.ALREADY_CROSSED)
    assert_refused(state, 1, Cross(0, "E3"), Reason.ALREADY_CROSSED)
    assert "E3" not in cross_targets(state, 0)


# --- Purple: exclamation marks and chameleons ---------------------------------------------------


def test_purple_crosses_one_exclamation_mark_and_no_enclosure() -> None:
    """'Did you choose purple? Then you cross off one exclamation mark.'"""
    state = new_match(2)
    to_choose(state, (PURPLE, RED, YELLOW), keep=0)
    assert state.legal_actions(0) == [Mark(0)]
    events = state.apply(0, Mark(0))
    events += state.apply(1, Cross(1, "E3"))
    assert ev.MarkCrossed(0, 1) in events
    assert [e for e in of_type(events, ev.Crossed) if e.seat == 0] == []
    assert state.players[0].marks == 1
    assert crossed(state, 0) == set()
    assert state.summary()["players"][0]["marks"] == 1


def test_two_purples_in_one_roll_still_cross_only_one_mark() -> None:
    """FAQ: 'only one per turn. So a chameleon always costs two turns with purple.'"""
    state = new_match(2)
    to_choose(state, (RED, PURPLE, PURPLE), keep=0)
    assert state.legal_actions(1) == [Mark(1), Mark(2)]
    assert_refused(state, 1, Mark(1, "P4"), Reason.NO_CHAMELEON)
    state.apply(0, Cross(0, "E3"))
    events = state.apply(1, Mark(2))
    assert state.players[1].marks == 1
    assert crossed(state, 1) == set()
    assert of_type(events, ev.ChameleonLost) == []


def test_a_normal_colour_never_crosses_an_exclamation_mark() -> None:
    """FAQ: 'Can I cross off an exclamation mark if I choose a normal colour? No.'"""
    state = new_match(2)
    to_choose(state, (RED, BLUE, PURPLE), keep=0)
    assert_refused(state, 0, Mark(0), Reason.WRONG_COLOUR)
    assert_refused(state, 1, Mark(1), Reason.WRONG_COLOUR)
    state.apply(0, Cross(0, "E3"))
    state.apply(1, Cross(1, "P4"))
    assert state.players[0].marks == state.players[1].marks == 0


def test_a_purple_die_cannot_cross_an_enclosure() -> None:
    state = new_match(2)
    to_choose(state, (PURPLE, RED, PURPLE), keep=0)
    assert_refused(state, 0, Cross(0, "E3"), Reason.WRONG_COLOUR)
    assert_refused(state, 1, Cross(2, "P4"), Reason.WRONG_COLOUR)


def test_every_second_mark_earns_a_chameleon_of_any_colour() -> None:
    """'For every second exclamation mark you get a chameleon: immediately cross off an
    enclosure of your choice, whatever the colour.'"""
    state = new_match(2)
    events = mark_each(state, {0: None, 1: None})
    assert of_type(events, ev.Crossed) == []
    to_choose(state, (PURPLE, PURPLE, PURPLE), keep=0)
    assert state.roller == 1
    # Any colour: the chameleon may take every reachable enclosure, i.e. every star one.
    assert {a.chameleon for a in state.legal_actions(1)} == STAR_ENCLOSURES
    assert all(isinstance(a, Mark) and a.die == 0 for a in state.legal_actions(1))
    assert {a.die for a in state.legal_actions(0)} == {1, 2}
    events = state.apply(1, Mark(0, "L3"))
    events += state.apply(0, Mark(2, "P4"))
    assert ev.MarkCrossed(1, 2) in events and ev.MarkCrossed(0, 2) in events
    assert ev.Crossed(1, "L3", chameleon=True) in events
    assert ev.Crossed(0, "P4", chameleon=True) in events
    assert crossed(state, 1) == {"L3"} and crossed(state, 0) == {"P4"}
    assert state.summary()["players"][1]["chameleons"] == ["L3"]
    assert state.players[1].marks == 2


def test_the_third_mark_earns_nothing_and_the_fourth_a_second_chameleon() -> None:
    state = new_match(2)
    mark_each(state, {0: None, 1: None})
    mark_each(state, {0: "E3", 1: "E4"})
    to_choose(state, (PURPLE, PURPLE, PURPLE), keep=0)
    assert state.legal_actions(0) == [Mark(0)]
    assert_refused(state, 0, Mark(0, "L3"), Reason.NO_CHAMELEON)
    state.apply(0, Mark(0))
    state.apply(1, Mark(1))
    mark_each(state, {0: "C4", 1: "C4"})
    assert state.summary()["players"][0]["chameleons"] == ["E3", "C4"]
    assert state.summary()["players"][1]["chameleons"] == ["E4", "C4"]
    assert state.players[0].marks == 4


def test_a_chameleon_obeys_the_star_or_border_rule() -> None:
    """'The star-or-border rule applies here too.'"""
    state = new_match(2)
    mark_each(state, {0: None, 1: None})
    to_choose(state, (PURPLE, PURPLE, PURPLE), keep=0)  # seat 1 rolls: seat 0 has dice 1, 2
    assert_refused(state, 0, Mark(1, "M4"), Reason.NOT_REACHABLE)
    assert_refused(state, 1, Mark(0, "C3"), Reason.NOT_REACHABLE)
    state.apply(0, Mark(1, "L3"))
    state.apply(1, Mark(0, "E3"))
    mark_each(state, {0: None, 1: None})
    # L3 now borders C3, so the next chameleon may take it; M4 still only touches at a corner.
    to_choose(state, (PURPLE, PURPLE, PURPLE), keep=0)
    assert "C3" in {a.chameleon for a in state.legal_actions(0)}
    assert "M4" not in {a.chameleon for a in state.legal_actions(0)}
    assert_refused(state, 0, Mark(1, "M4"), Reason.NOT_REACHABLE)
    state.apply(0, Mark(1, "C3"))
    state.apply(1, Mark(0, "L2"))
    assert crossed(state, 0) == {"L3", "C3"}
    assert crossed(state, 1) == {"E3", "L2"}


def test_a_chameleon_must_name_an_existing_uncrossed_enclosure() -> None:
    state = new_match(2)
    cross_each(state, {0: "E3", 1: "E3"})
    mark_each(state, {0: None, 1: None})
    to_choose(state, (PURPLE, PURPLE, PURPLE), keep=0)
    assert_refused(state, 0, Mark(0, "E3"), Reason.ALREADY_CROSSED)
    assert_refused(state, 0, Mark(0, "X1"), Reason.UNKNOWN_ENCLOSURE)


def test_a_mark_that_earns_no_chameleon_cannot_name_one() -> None:
    state = new_match(2)
    to_choose(state, (PURPLE, PURPLE, PURPLE), keep=0)
    assert_refused(state, 0, Mark(0, "E3"), Reason.NO_CHAMELEON)
    assert_refused(state, 1, Mark(2, "E3"), Reason.NO_CHAMELEON)


def test_an_earned_chameleon_must_be_placed_when_it_can_be() -> None:
    state = new_match(2)
    mark_each(state, {0: None, 1: None})
    to_choose(state, (PURPLE, PURPLE, PURPLE), keep=0)
    assert Mark(0) not in state.legal_actions(1)
    assert Mark(1) not in state.legal_actions(0) and Mark(2) not in state.legal_actions(0)
    assert_refused(state, 1, Mark(0), Reason.CHAMELEON_REQUIRED)
    assert_refused(state, 0, Mark(2), Reason.CHAMELEON_REQUIRED)


def test_a_chameleon_can_complete_a_column() -> None:
    """Tip: 'Two purples give you an enclosure of your choice, ... that completes a column.'"""
    state = new_match(2)
    cross_path(state, 0, COLUMN_7_PATH[:3])
    mark_each(state, {0: None})
    events = mark_each(state, {0: "P4"})
    assert ev.ColumnFilled(0, 7, 1) in events
    assert ev.VisitorCircled(0, 7) in events
    assert state.circles(0).buckets == 1


def test_a_chameleon_with_nowhere_to_go_is_lost() -> None:
    """House rule: if no enclosure is reachable, the mark is still crossed, the chameleon lost."""
    state = new_match(2)
    mark_each(state, {0: None, 1: None})
    force_crossed(state, 0, [e.id for e in state.sheet.enclosures])
    assert state.players[0].reachable() == 0
    to_choose(state, (PURPLE, PURPLE, PURPLE), keep=0)
    assert state.legal_actions(0) == [Mark(1), Mark(2)]
    assert_refused(state, 0, Mark(1, "E3"), Reason.ALREADY_CROSSED)
    events = state.apply(0, Mark(1))
    events += state.apply(1, Mark(0, "E3"))
    assert ev.ChameleonLost(0) in events
    assert ev.ChameleonLost(1) not in events
    assert state.players[0].marks == 2
    assert state.players[0].chameleons == []


def test_purple_fits_only_while_exclamation_marks_are_left() -> None:
    """House rule: once all 4 x 2 = 8 marks are crossed, purple no longer fits."""
    state = new_match(2)
    assert state.sheet.total_marks == 8
    chameleons = ["E3", "L3", "C4", "E4"]  # none of them borders a blue enclosure but P4
    for n in range(8):
        mark_each(state, {0: chameleons[n // 2] if n % 2 else None})
    assert state.players[0].marks == 8
    assert crossed(state, 0) == set(chameleons)
    assert state.roller == 0
    # The roller may not keep purple while another die fits ...
    state.apply(CHANCE, Roll((PURPLE, BLUE, PURPLE)))
    assert state.legal_actions(0) == [Keep(1)]
    assert_refused(state, 0, Keep(0), Reason.MUST_CROSS)
    state.apply(0, Keep(1))
    # ... and purple is no use to a player whose marks are all crossed.
    assert_refused(state, 0, Mark(0), Reason.DIE_NOT_AVAILABLE)
    assert state.legal_actions(0) == [Cross(1, "P4")]
    state.apply(0, Cross(1, "P4"))
    assert state.players[1].marks == 8
    assert state.legal_actions(1) == [Skip()]  # seat 1 has only purple dice left, and no marks
    state.apply(1, Skip())
    to_choose(state, (PURPLE, PURPLE, PURPLE), keep=0)
    assert state.legal_actions(0) == [Skip()]
    assert_refused(state, 0, Mark(1), Reason.NO_MARKS_LEFT)
    assert_refused(state, 0, Mark(2, "M4"), Reason.NO_MARKS_LEFT)
    state.apply(0, Skip())
    assert state.players[0].marks == 8


# --- Cross if you can ----------------------------------------------------------------------------


def test_you_must_cross_if_you_can() -> None:
    """FAQ: 'Do I always have to cross something off? If you can, yes.'"""
    state = new_match(2)
    to_choose(state, (RED, BLUE, YELLOW), keep=0)
    assert Skip() not in state.legal_actions(0)
    assert Skip() not in state.legal_actions(1)
    assert_refused(state, 0, Skip(), Reason.MUST_CROSS)
    assert_refused(state, 1, Skip(), Reason.MUST_CROSS)


def test_if_your_colour_fits_nowhere_choose_the_other_die() -> None:
    """FAQ: 'If your colour does not fit anywhere, choose a different die.'"""
    state = new_match(2)
    cross_each(state, {0: "P4"})  # P4 is the only blue enclosure a start sheet can reach
    assert state.roller == 1
    to_choose(state, (RED, BLUE, YELLOW), keep=0)
    legal = state.legal_actions(0)
    assert legal and all(isinstance(a, Cross) and a.die == 2 for a in legal)
    assert_refused(state, 0, Cross(1, "P3"), Reason.NOT_REACHABLE)
    assert_refused(state, 0, Skip(), Reason.MUST_CROSS)


def test_skip_when_none_of_your_dice_fits_without_minus_points() -> None:
    """FAQ: 'If none of the dice you may choose fits, you skip this turn. There are no minus
    points.'"""
    state = new_match(3)
    cross_paths(state, {0: ["P4", "L3"]})  # no blue or yellow enclosure borders P4 or L3
    assert state.roller == 2
    to_choose(state, (RED, BLUE, YELLOW), keep=0)
    assert state.legal_actions(0) == [Skip()]
    assert_refused(state, 0, Cross(1, "P3"), Reason.NOT_REACHABLE)
    assert_refused(state, 0, Cross(2, "L2"), Reason.NOT_REACHABLE)
    before = state.circles(0)
    events = state.apply(0, Skip())
    events += state.apply(1, state.legal_actions(1)[0])
    events += state.apply(2, Cross(0, "E3"))
    assert ev.Skipped(0) in events
    assert crossed(state, 0) == {"P4", "L3"}
    assert state.circles(0) == before


def test_the_roller_must_keep_a_die_that_fits() -> None:
    """House rule: the roller must keep a die that fits their sheet if any die does."""
    state = new_match(2)
    cross_each(state, {0: "P4"})
    cross_each(state, {1: "E3"})
    state.apply(CHANCE, Roll((BLUE, RED, BLUE)))
    assert state.legal_actions(0) == [Keep(1)]
    assert_refused(state, 0, Keep(0), Reason.MUST_CROSS)
    assert_refused(state, 0, Keep(2), Reason.MUST_CROSS)
    state.apply(0, Keep(1))


def test_a_roller_with_no_fitting_die_keeps_any_and_skips() -> None:
    """House rule: if none fits, the roller may keep any die and then skips."""
    state = new_match(2)
    cross_paths(state, {0: ["P4", "L3"], 1: ["E3", "E4"]})
    state.apply(CHANCE, Roll((BLUE, YELLOW, BLUE)))
    assert state.legal_actions(0) == [Keep(0), Keep(1), Keep(2)]
    state.apply(0, Keep(1))
    assert state.legal_actions(0) == [Skip()]
    assert_refused(state, 0, Cross(1, "L2"), Reason.NOT_REACHABLE)
    events = state.apply(0, Skip())
    assert state.legal_actions(1) == [Cross(0, "P4"), Cross(2, "P4")]
    events += state.apply(1, Cross(2, "P4"))
    assert ev.Skipped(0) in events
    assert crossed(state, 0) == {"P4", "L3"}
    assert crossed(state, 1) == {"E3", "E4", "P4"}


# --- Scoring -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "column", "buckets"),
    [
        (("C4", "M5", "E4", "P4", "E3", "L3"), 6, 0),
        (COLUMN_7_PATH, 7, 1),
        (COLUMN_0_PATH, 0, 2),
    ],
)
def test_a_full_column_circles_its_buckets(path, column: int, buckets: int) -> None:
    """'A full column: the buckets under that column (0, 1 or 2).'"""
    state = new_match(2)
    assert state.sheet.buckets[column] == buckets
    events = cross_path(state, 0, path[:-1])
    assert column not in {e.column for e in of_type(events, ev.ColumnFilled) if e.seat == 0}
    before = state.circles(0).buckets
    events = cross_path(state, 0, path[-1:])
    assert [e for e in of_type(events, ev.ColumnFilled) if e.seat == 0] == [
        ev.ColumnFilled(0, column, buckets)
    ]
    assert state.circles(0).buckets - before == buckets
    assert column + 1 in state.summary()["players"][0]["columns_filled"]


def test_the_star_column_circles_no_buckets_but_its_visitor() -> None:
    """Tip: 'the star column in the middle none at all' - its visitor is still there."""
    state = new_match(2)
    cross_path(state, 0, ["C4", "M5", "E4", "P4"])  # fills column 7 (1 bucket) on the way
    before = state.circles(0)
    events = cross_path(state, 0, ["E3", "L3"])
    assert ev.ColumnFilled(0, 6, 0) in events and ev.VisitorCircled(0, 6) in events
    after = state.circles(0)
    assert (after.buckets - before.buckets, after.visitors - before.visitors) == (0, 1)
    assert 7 in state.summary()["players"][0]["visitors_circled"]


def test_first_to_fill_a_column_circles_the_visitor_the_others_cross_it_out() -> None:
    """'First to fill a column: the visitor above the column as well. Only the first player;
    everyone else crosses that visitor out.'"""
    state = new_match(3)
    events = cross_paths(state, {0: COLUMN_7_PATH, 1: ["C4", "M5", "E4", "E3"]})
    assert ev.VisitorCircled(0, 7) in events
    assert ev.VisitorGone(7, (1, 2)) in events
    summary = state.summary()["players"]
    assert summary[0]["visitors_circled"] == [8]
    assert summary[0]["circles"] == {"buckets": 1, "visitors": 1, "food": 0}
    assert summary[0]["score"] == 2
    assert summary[1]["visitors_crossed_out"] == summary[2]["visitors_crossed_out"] == [8]
    assert summary[0]["visitors_crossed_out"] == []


def two_fill_column_7_together() -> tuple[KeerState, list[ev.Event]]:
    """Three players: seats 0 and 1 fill column 7 on the same roll; seat 2 is one short."""
    state = new_match(3)
    path_2 = ["C4", "M5", "E4", "E3"]
    events = cross_paths(state, {0: COLUMN_7_PATH, 1: COLUMN_7_PATH, 2: path_2})
    return state, events


def test_two_players_filling_a_column_first_on_the_same_roll_both_circle_the_visitor() -> None:
    """'If two players fill the same column first on the same roll, they both circle the
    visitor.'"""
    state, events = two_fill_column_7_together()
    assert ev.VisitorCircled(0, 7) in events and ev.VisitorCircled(1, 7) in events
    assert ev.VisitorGone(7, (2,)) in events
    players = state.summary()["players"]
    assert players[0]["visitors_circled"] == players[1]["visitors_circled"] == [8]
    assert players[2]["visitors_crossed_out"] == [8]
    assert state.circles(0) == state.circles(1)
    assert state.circles(0).total == 2


def test_a_later_filler_circles_the_buckets_only() -> None:
    """FAQ: 'Someone else already filled that column, do I still get anything? Yes, the
    buckets.'"""
    state, _ = two_fill_column_7_together()
    events = cross_each(state, {2: "P4"})
    assert ev.ColumnFilled(2, 7, 1) in events
    assert of_type(events, ev.VisitorCircled) == []
    assert of_type(events, ev.VisitorGone) == []
    circles = state.circles(2)
    assert (circles.buckets, circles.visitors) == (1, 0)
    players = state.summary()["players"]
    assert players[2]["columns_filled"] == [8]
    assert players[2]["visitors_crossed_out"] == [8]
    assert players[0]["visitors_circled"] == players[1]["visitors_circled"] == [8]


def test_all_squares_of_one_animal_circle_its_two_food_squares() -> None:
    """'All squares of one animal: the two food squares next to that animal.'"""
    state = new_match(2)
    events = cross_path(state, 0, CROCODILE_PATH[:-1])
    assert of_type(events, ev.AnimalCompleted) == []
    events = cross_path(state, 0, CROCODILE_PATH[-1:])
    assert ev.AnimalCompleted(0, "C", 2) in events
    assert state.circles(0).food == 2
    assert state.summary()["players"][0]["animals_completed"] == ["crocodile"]
    assert not state.is_terminal(), "one animal does not end the game"


def test_everyone_who_completes_an_animal_circles_its_food() -> None:
    state = new_match(2)
    events = cross_paths(state, {0: CROCODILE_PATH, 1: CROCODILE_PATH})
    assert ev.AnimalCompleted(0, "C", 2) in events and ev.AnimalCompleted(1, "C", 2) in events
    assert state.circles(0).food == state.circles(1).food == 2


# --- The end ------------------------------------------------------------------------------------

SEAT_1_PATH = (
    *("C4", "M5", "E4", "E3", "L3", "C2", "C3", "E2", "L2", "M4", "P3", "L4", "L5"),
    "P4",
)
"""Fourteen crossings for seat 1 whose last one (P4) fills columns 6 and 7."""


def test_the_game_ends_after_the_roll_on_which_a_player_completes_two_animals() -> None:
    """'The game stops as soon as one player has completely filled two animal types ... That
    player will then have circled four food squares.' The last roll counts for everyone."""
    state = new_match(2)
    path_0 = (*CROCODILE_PATH, *LION_AFTER_CROCODILE)
    cross_paths(state, {0: path_0[:-1], 1: SEAT_1_PATH[:-1]})
    assert not state.is_terminal() and state.outcome() is None
    assert state.players[0].animals == ["C"]
    before = state.circles(1)
    assert state.roller == 1
    to_choose(state, (BLUE, YELLOW, PURPLE), keep=0)
    assert state.apply(0, Cross(1, "L4")) == ()
    assert not state.is_terminal(), "the roll has not resolved yet"
    events = state.apply(1, Cross(0, "P4"))
    assert state.is_terminal() and state.phase is Phase.OVER and state.node() is Node.TERMINAL
    assert ev.AnimalCompleted(0, "L", 2) in events
    assert ev.ColumnFilled(1, 7, 1) in events and ev.ColumnFilled(1, 6, 0) in events
    assert state.circles(0).food == 4
    after = state.circles(1)
    assert (after.buckets - before.buckets, after.visitors - before.visitors) == (1, 2)
    outcome = state.outcome()
    assert outcome is not None
    assert events[-1] == ev.GameEnded(outcome)
    assert outcome.scores == (state.circles(0).total, state.circles(1).total)
    assert of_type(events, ev.RollDue) == []
    assert state.seats_to_act() == () and state.legal_actions(0) == []


def test_the_score_is_the_number_of_circles_and_the_most_wins() -> None:
    """'Each circle is 1 point. The most circles wins.'"""
    state = new_match(3)
    path_0 = (*CROCODILE_PATH, *LION_AFTER_CROCODILE)
    cross_paths(state, {0: path_0, 1: SEAT_1_PATH})
    outcome = state.outcome()
    assert outcome is not None
    for seat in range(3):
        circles = state.circles(seat)
        assert outcome.scores[seat] == circles.buckets + circles.visitors + circles.food
        assert state.summary()["players"][seat]["score"] == outcome.scores[seat]
    best = max(outcome.scores)
    assert outcome.winners == {s for s in range(3) if outcome.scores[s] == best}
    assert len(outcome.winners) == 1
    assert state.summary()["winners"] == sorted(outcome.winners)
    for seat in range(3):
        assert outcome.places[seat] == 1 + sum(o > outcome.scores[seat] for o in outcome.scores)


def test_a_tie_shares_the_win() -> None:
    """'In a tie there are simply two winners.'"""
    state = new_match(3)
    path = (*CROCODILE_PATH, *LION_AFTER_CROCODILE)
    cross_paths(state, {0: path, 1: path, 2: COLUMN_7_PATH})
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.scores[0] == outcome.scores[1] > outcome.scores[2]
    assert outcome.winners == {0, 1}
    assert outcome.places == (1, 1, 3)
    assert state.summary()["winners"] == [0, 1]


def test_nothing_can_be_applied_once_the_game_is_over() -> None:
    state = new_match(2)
    path = (*CROCODILE_PATH, *LION_AFTER_CROCODILE)
    cross_paths(state, {0: path})
    assert state.is_terminal()
    assert_refused(state, CHANCE, Roll((RED, RED, RED)), Reason.GAME_OVER)
    assert_refused(state, 0, Skip(), Reason.GAME_OVER)
    assert_refused(state, 7, Keep(0), Reason.GAME_OVER)
    assert state.legal_actions(CHANCE) == [] and state.chance_outcomes() == []


# --- Typed rejections leave the state unchanged -------------------------------------------------


def test_not_your_turn() -> None:
    state = new_match(3)
    assert_refused(state, 0, Roll((RED, RED, RED)), Reason.NOT_YOUR_TURN)
    state.apply(CHANCE, Roll((RED, BLUE, YELLOW)))
    assert_refused(state, 1, Keep(0), Reason.NOT_YOUR_TURN)
    assert_refused(state, CHANCE, Roll((RED, RED, RED)), Reason.NOT_YOUR_TURN)
    state.apply(0, Keep(0))
    assert_refused(state, CHANCE, Roll((RED, RED, RED)), Reason.NOT_YOUR_TURN)


def test_a_roll_while_players_choose_names_who_still_has_to_choose() -> None:
    """The refusal says whose choices the next roll waits for, and shrinks as they choose."""
    state = new_match(4)
    to_choose(state, (RED, BLUE, YELLOW), keep=0)
    roll = Roll((RED, RED, RED))
    error = assert_refused(state, CHANCE, roll, Reason.NOT_YOUR_TURN)
    assert str(error) == "no roll is due: seats 0, 1, 2 and 3 still have to choose"
    state.apply(0, Cross(0, "E3"))
    state.apply(3, Cross(1, "P4"))
    error = assert_refused(state, CHANCE, roll, Reason.NOT_YOUR_TURN)
    assert str(error) == "no roll is due: seats 1 and 2 still have to choose"
    state.apply(1, Cross(1, "P4"))
    error = assert_refused(state, CHANCE, roll, Reason.NOT_YOUR_TURN)
    assert str(error) == "no roll is due: seat 2 still has to choose"


@pytest.mark.parametrize("seat", [2, 3, -2, 99])
def test_an_unknown_seat_is_refused(seat: int) -> None:
    state = new_match(2)
    assert_refused(state, seat, Roll((RED, RED, RED)), Reason.UNKNOWN_PLAYER)
    to_choose(state, (RED, BLUE, YELLOW), keep=0)
    assert_refused(state, seat, Cross(1, "P4"), Reason.UNKNOWN_PLAYER)
    assert state.legal_actions(seat) == []


def test_an_action_of_the_wrong_kind_for_the_phase_is_refused() -> None:
    state = new_match(2)
    assert_refused(state, CHANCE, Keep(0), Reason.WRONG_PHASE)
    state.apply(CHANCE, Roll((RED, BLUE, YELLOW)))
    assert_refused(state, 0, Cross(0, "E3"), Reason.WRONG_PHASE)
    assert_refused(state, 0, Roll((RED, RED, RED)), Reason.WRONG_PHASE)
    assert_refused(state, 0, Skip(), Reason.WRONG_PHASE)
    state.apply(0, Keep(0))
    assert_refused(state, 0, Keep(0), Reason.WRONG_PHASE)
    assert_refused(state, 1, Roll((RED, RED, RED)), Reason.WRONG_PHASE)


@pytest.mark.parametrize(
    "dice",
    [
        (RED, BLUE),
        (RED, BLUE, YELLOW, GREEN),
        (),
        (RED, "black", BLUE),
        (RED, "Red", BLUE),
        (1, 2, 3),
    ],
)
def test_a_bad_roll_is_refused(dice) -> None:
    """A roll is three dice, each showing one of the six faces."""
    state = new_match(2)
    assert_refused(state, CHANCE, Roll(dice), Reason.BAD_ROLL)


def test_every_rejection_carries_a_message() -> None:
    state = new_match(2)
    to_choose(state, (RED, BLUE, YELLOW), keep=0)
    error = assert_refused(state, 0, Cross(0, "M4"), Reason.WRONG_COLOUR)
    assert "M4" in str(error)
    error = assert_refused(state, 0, Cross(0, "E1"), Reason.NOT_REACHABLE)
    assert "E1" in str(error)


def test_the_version_rises_by_one_per_accepted_action() -> None:
    state = new_match(3)
    versions = [state.version]
    state.apply(CHANCE, Roll((RED, BLUE, YELLOW)))
    versions.append(state.version)
    state.apply(0, Keep(0))
    versions.append(state.version)
    for seat, action in [(2, Cross(2, "L3")), (0, Cross(0, "E4")), (1, Cross(1, "P4"))]:
        state.apply(seat, action)
        versions.append(state.version)
    assert versions == [0, 1, 2, 3, 4, 5]
    assert state.summary()["version"] == 5
    assert [a for _, a in state.history][:2] == [Roll((RED, BLUE, YELLOW)), Keep(0)]
    assert len(state.history) == 5


def test_a_clone_is_independent() -> None:
    state = new_match(2)
    to_choose(state, (RED, BLUE, YELLOW), keep=0)
    copy = state.clone()
    copy.apply(0, Cross(0, "E3"))
    copy.apply(1, Cross(1, "P4"))
    assert crossed(copy, 0) == {"E3"}
    assert crossed(state, 0) == set() and state.version == copy.version - 2
    assert state.seats_to_act() == (0, 1)


def all_candidates(state: KeerState) -> list:
    """Every action of a kind the phase takes, legal or not (Miss aside: the bot's action
    applies without being listed, see test_miss.py)."""
    if state.phase is Phase.KEEP:
        return [Keep(d) for d in range(-1, 4)]
    names = [e.id for e in state.sheet.enclosures]
    return [
        Skip(),
        *(Cross(d, e) for d in range(3) for e in names),
        *(Mark(d) for d in range(3)),
        *(Mark(d, e) for d in range(3) for e in names),
    ]


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_legal_actions_agree_with_apply(players: int, seed: int) -> None:
    """Every listed action applies (on a clone); every other candidate is refused."""
    rng = random.Random(seed)
    state = new_match(players)
    while not state.is_terminal():
        assert state.rolls < 300
        if state.node() is Node.CHANCE:
            faces = tuple(rng.choice(FACES) for _ in range(3))
            state.apply(CHANCE, Roll(faces))
            continue
        for seat in range(players):
            if seat not in state.seats_to_act():
                assert state.legal_actions(seat) == []
        for seat in state.seats_to_act():
            legal = state.legal_actions(seat)
            assert legal and len(set(legal)) == len(legal)
            for action in all_candidates(state):
                trial = state.clone()
                try:
                    trial.apply(seat, action)
                except IllegalAction:
                    assert action not in legal, f"{action} is listed but refused"
                else:
                    assert action in legal, f"{action} applies but is not listed"
                    assert trial.version == state.version + 1
            state.apply(seat, rng.choice(legal))
    assert state.outcome() is not None

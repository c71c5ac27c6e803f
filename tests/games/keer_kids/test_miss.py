"""Miss: the bot's action for a player whose turn clock ran out (house rule for async play).

A miss is accepted for any seat still to choose, whatever its dice allow, but never listed by
`legal_actions`, so neither the computer nor the buttons ever pick it.
"""

from __future__ import annotations

import json
import random

import pytest

from games.common import CHANCE, ChanceRng, Node, Reason
from games.keer_kids import (
    Cross,
    GreedyAI,
    HeuristicAI,
    KeerState,
    Miss,
    Phase,
    Roll,
    Skip,
    new_match,
    parse_action,
)
from games.keer_kids import events as ev
from games.keer_kids.dice import PURPLE
from games.records import MatchRecord, Player, RecordError, record_of, replay
from tests.games.keer_kids.helpers import (
    COLUMN_7_PATH,
    assert_refused,
    check_invariants,
    colour,
    cross_paths,
    crossed,
    mark_each,
    of_type,
    to_choose,
)

BLUE, RED, YELLOW = "blue", "red", "yellow"


def players_of(n: int) -> list[Player]:
    return [Player(f"u{i}", f"Player {i}") for i in range(n)]


def seat_summary(state: KeerState, seat: int) -> dict:
    return dict(state.summary()["players"][seat])


def test_miss_has_a_text_form_that_parses_back() -> None:
    assert Miss().to_text() == "miss"
    assert parse_action("miss") == Miss()
    assert Miss() == Miss() and Miss() != Skip()


def test_a_waiting_seat_may_miss_even_when_a_cross_fits() -> None:
    """Unlike skip, a miss does not depend on the dice: the clock ran out, whatever they show."""
    state = new_match(2)
    to_choose(state, (RED, BLUE, YELLOW), keep=0)
    assert Cross(1, "P4") in state.legal_actions(1)
    assert_refused(state, 1, Skip(), Reason.MUST_CROSS)
    assert state.apply(1, Miss()) == (), "nothing resolves before everyone chose"
    assert state.choices[1] == Miss()
    assert state.seats_to_act() == (0,)
    assert state.legal_actions(1) == []
    assert state.history[-1] == (1, Miss())


def test_the_roller_may_miss_the_choice_of_its_kept_die() -> None:
    state = new_match(2)
    to_choose(state, (RED, BLUE, YELLOW), keep=0)
    assert state.legal_actions(0) == [Cross(0, "E3"), Cross(0, "E4")]
    state.apply(0, Miss())
    assert state.seats_to_act() == (1,)


def test_miss_is_never_a_legal_action() -> None:
    state = new_match(3)
    to_choose(state, (RED, BLUE, YELLOW), keep=0)
    for seat in range(3):
        assert Miss() not in state.legal_actions(seat)
    state = new_match(3)
    cross_paths(state, {0: ["P4", "L3"]})  # no blue or yellow enclosure borders P4 or L3
    to_choose(state, (RED, BLUE, YELLOW), keep=0)
    assert state.legal_actions(0) == [Skip()], "skip alone, even when nothing fits"


def test_the_roll_resolves_when_the_last_waiting_seat_misses() -> None:
    state = new_match(3)
    to_choose(state, (RED, BLUE, YELLOW), keep=0)
    assert state.apply(0, Cross(0, "E3")) == ()
    assert state.apply(2, Cross(2, "L3")) == ()
    events = state.apply(1, Miss())
    assert events == (
        ev.Crossed(0, "E3"),
        ev.Missed(1),
        ev.Crossed(2, "L3"),
        ev.RollDue(1),
    )
    assert state.phase is Phase.ROLL and state.roller == 1
    assert state.dice is None and state.kept is None
    assert state.choices == [None, None, None]
    assert crossed(state, 0) == {"E3"} and crossed(state, 1) == set()
    assert crossed(state, 2) == {"L3"}


def test_everyone_may_miss_a_roll_and_the_dice_pass_on() -> None:
    state = new_match(2)
    to_choose(state, (RED, BLUE, YELLOW), keep=0)
    state.apply(0, Miss())
    events = state.apply(1, Miss())
    assert events == (ev.Missed(0), ev.Missed(1), ev.RollDue(1))
    assert state.rolls == 1 and crossed(state, 0) == crossed(state, 1) == set()


def test_a_miss_resolves_exactly_like_a_skip() -> None:
    """Where a skip is legal, missing instead changes only the event: Missed for Skipped."""
    state = new_match(3)
    cross_paths(state, {0: ["P4", "L3"]})
    to_choose(state, (RED, BLUE, YELLOW), keep=0)
    assert state.legal_actions(0) == [Skip()]
    skipped, missed = state.clone(), state.clone()
    skip_events = skipped.apply(0, Skip())
    miss_events = missed.apply(0, Miss())
    for seat, action in [(1, state.legal_actions(1)[0]), (2, Cross(0, "E3"))]:
        skip_events += skipped.apply(seat, action)
        miss_events += missed.apply(seat, action)
    assert missed.summary() == skipped.summary()
    assert [ev.Missed(0) if e == ev.Skipped(0) else e for e in skip_events] == list(miss_events)
    assert of_type(miss_events, ev.Skipped) == []


def test_a_missed_roll_leaves_the_sheet_and_score_unchanged() -> None:
    state = new_match(2)
    cross_paths(state, {0: ["E3", "E4"], 1: ["P4", "L3"]})
    before = seat_summary(state, 1)
    score = state.circles(1)
    state.apply(CHANCE, Roll((RED, BLUE, YELLOW)))
    state.apply(0, state.legal_actions(0)[0])
    assert state.legal_actions(1) != [Skip()], "seat 1 has something to cross"
    state.apply(1, Miss())
    state.apply(0, state.legal_actions(0)[0])
    assert seat_summary(state, 1) == before
    assert state.circles(1) == score


def test_a_miss_forfeits_the_column_a_cross_would_have_filled() -> None:
    """Both could fill column 7 first on this roll; the one who misses gets nothing of it."""
    state = new_match(2)
    cross_paths(state, {0: COLUMN_7_PATH[:-1], 1: COLUMN_7_PATH[:-1]})
    last = COLUMN_7_PATH[-1]
    assert state.roller == 1
    to_choose(state, (colour(state, last), colour(state, last), PURPLE), keep=0)
    assert Cross(0, last) in state.legal_actions(1)
    before = seat_summary(state, 1)
    state.apply(1, Miss())
    events = state.apply(0, Cross(1, last))
    assert ev.ColumnFilled(0, 7, 1) in events and ev.VisitorCircled(0, 7) in events
    assert ev.VisitorGone(7, (1,)) in events and ev.Missed(1) in events
    assert of_type(events, ev.ColumnFilled) == [ev.ColumnFilled(0, 7, 1)]
    after = seat_summary(state, 1)
    assert after == {**before, "visitors_crossed_out": [8]}
    assert after["score"] == before["score"]


def test_a_miss_when_a_chameleon_is_due_crosses_no_mark() -> None:
    state = new_match(2)
    mark_each(state, {0: None, 1: None})
    assert state.players[1].marks == 1
    to_choose(state, (PURPLE, PURPLE, PURPLE), keep=0)
    state.apply(1, Miss())
    events = state.apply(0, state.legal_actions(0)[0])
    assert state.players[1].marks == 1
    assert ev.Missed(1) in events and ev.ChameleonLost(1) not in events


# --- Refusals leave the state unchanged ----------------------------------------------------------


def test_miss_is_refused_outside_the_choice() -> None:
    """The roll and the keep are not missed: the bot rolls and keeps for a late roller."""
    state = new_match(3)
    for seat in (0, 1, 2, CHANCE):
        assert_refused(state, seat, Miss(), Reason.WRONG_PHASE)
    assert_refused(state, 3, Miss(), Reason.UNKNOWN_PLAYER)
    state.apply(CHANCE, Roll((RED, BLUE, YELLOW)))
    for seat in (0, 1, 2, CHANCE):
        assert_refused(state, seat, Miss(), Reason.WRONG_PHASE)
    assert_refused(state, 3, Miss(), Reason.UNKNOWN_PLAYER)


def test_a_seat_that_chose_or_missed_cannot_miss() -> None:
    state = new_match(3)
    to_choose(state, (RED, BLUE, YELLOW), keep=0)
    state.apply(1, Cross(1, "P4"))
    state.apply(2, Miss())
    assert_refused(state, 1, Miss(), Reason.ALREADY_CHOSEN)
    assert_refused(state, 2, Miss(), Reason.ALREADY_CHOSEN)
    assert_refused(state, 2, Cross(2, "L3"), Reason.ALREADY_CHOSEN)
    assert_refused(state, CHANCE, Miss(), Reason.NOT_YOUR_TURN)
    assert_refused(state, 7, Miss(), Reason.UNKNOWN_PLAYER)


def test_miss_is_refused_once_the_game_is_over() -> None:
    state = new_match(2)
    ai = HeuristicAI()
    rng = ChanceRng("miss/over")
    while not state.is_terminal():
        if state.node() is Node.CHANCE:
            state.apply(CHANCE, state.sample_chance(rng))
        for seat in state.seats_to_act():
            state.apply(seat, ai.choose(state, seat))
    for seat in (0, 1, CHANCE):
        assert_refused(state, seat, Miss(), Reason.GAME_OVER)


# --- Whole matches -------------------------------------------------------------------------------


def play_with_misses(players: int, seed: int, share: float = 0.25) -> KeerState:
    """A computer-only match in which each choice is missed instead with the given chance.

    At every choice, every seat still to choose is checked to accept a miss (on a clone) and
    every seat that chose to refuse one; outside the choice, nobody may miss.
    """
    state, ai, rng = new_match(players), HeuristicAI(), ChanceRng(f"miss/{seed}")
    clock = random.Random(seed)
    while not state.is_terminal():
        assert state.rolls < 400
        if state.node() is Node.CHANCE:
            state.apply(CHANCE, state.sample_chance(rng))
            continue
        if state.phase is Phase.KEEP:
            for seat in range(players):
                assert_refused(state, seat, Miss(), Reason.WRONG_PHASE)
            state.apply(state.roller, ai.choose(state, state.roller))
            continue
        waiting = state.seats_to_act()
        for seat in range(players):
            assert Miss() not in state.legal_actions(seat)
            if seat not in waiting:
                assert_refused(state, seat, Miss(), Reason.ALREADY_CHOSEN)
                continue
            trial = state.clone()
            events = trial.apply(seat, Miss())
            assert trial.version == state.version + 1
            if len(waiting) > 1:
                assert events == () and trial.choices[seat] == Miss()
            else:
                assert ev.Missed(seat) in events and trial.phase is not Phase.CHOOSE
        seat = clock.choice(waiting)
        action = Miss() if clock.random() < share else ai.choose(state, seat)
        state.apply(seat, action)
        check_invariants(state)
    return state


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_matches_with_misses_keep_every_invariant_and_replay_identically(
    players: int, seed: int
) -> None:
    state = play_with_misses(players, seed)
    assert state.outcome() is not None
    record = record_of("keer-kids", state, players_of(players))
    assert "miss" in {entry.action for entry in record.entries}
    again = replay(MatchRecord.from_json(json.loads(json.dumps(record.to_json()))))
    assert again.summary() == state.summary()
    assert again.history == state.history


def test_a_written_record_with_a_miss_replays() -> None:
    data = {
        "game": "keer-kids",
        "players": [{"id": "1"}, {"id": "2"}],
        "actions": [
            {"seat": "chance", "action": "roll:RBY"},
            {"seat": 0, "action": "keep:0"},
            {"seat": 1, "action": "miss", "at": 1764420000123},
            {"seat": 0, "action": "cross:0:E3"},
        ],
    }
    state = replay(MatchRecord.from_json(data))
    assert isinstance(state, KeerState)
    assert state.history[2] == (1, Miss())
    assert crossed(state, 0) == {"E3"} and crossed(state, 1) == set()
    assert state.phase is Phase.ROLL and state.roller == 1


def test_a_record_with_a_miss_at_the_wrong_moment_names_the_entry() -> None:
    data = {
        "game": "keer-kids",
        "players": [{"id": "1"}, {"id": "2"}],
        "actions": [
            {"seat": "chance", "action": "roll:RBY"},
            {"seat": 1, "action": "miss"},
        ],
    }
    with pytest.raises(RecordError, match=r"action #2 \(seat 1 'miss'\)"):
        replay(MatchRecord.from_json(data))


@pytest.mark.parametrize("ai", [HeuristicAI(), GreedyAI()])
def test_computer_players_never_miss(ai) -> None:
    state = new_match(3)
    rng = ChanceRng("miss/ai")
    while not state.is_terminal():
        if state.node() is Node.CHANCE:
            state.apply(CHANCE, state.sample_chance(rng))
        for seat in state.seats_to_act():
            action = ai.choose(state, seat)
            assert action != Miss()
            state.apply(seat, action)

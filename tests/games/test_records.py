"""Match records: JSON round trip, exact replay, seeds for missing rolls, clear errors."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from games.common import CHANCE, ChanceRng, Node
from games.common.play import play_out
from games.keer_kids import HeuristicAI, new_match
from games.kero import KeroAI, KeroState
from games.records import FORMAT, Entry, MatchRecord, Player, RecordError, record_of, replay

PLAYERS = (Player("111", "Ana"), Player("ai:1", "Tablero AI"))
EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


def finished_match(seed: str = "rec") -> Any:
    state = new_match(2)
    play_out(state, [HeuristicAI()] * 2, ChanceRng(seed))
    return state


def test_json_round_trip_keeps_every_field() -> None:
    record = MatchRecord(
        "keer-kids",
        PLAYERS,
        (Entry(CHANCE, "roll:BYP"), Entry(0, "keep:1", at=1764420000123, interaction="99")),
        seed="8",
    )
    data = json.loads(json.dumps(record.to_json()))
    assert data["format"] == FORMAT
    assert data["actions"][0] == {"seat": "chance", "action": "roll:BYP"}
    assert data["actions"][1] == {
        "seat": 0,
        "action": "keep:1",
        "at": 1764420000123,
        "interaction": "99",
    }
    assert MatchRecord.from_json(data) == record


def test_replay_of_a_finished_match_is_identical() -> None:
    state = finished_match()
    again = replay(record_of("keer-kids", state, PLAYERS))
    assert again.is_terminal()
    assert again.summary() == state.summary()
    assert again.outcome() == state.outcome()


def test_recorded_rolls_win_over_the_seed() -> None:
    state = finished_match("truth")
    record = record_of("keer-kids", state, PLAYERS, seed="some other seed")
    assert replay(record).history == state.history


def test_seed_only_record_draws_the_same_rolls() -> None:
    state = finished_match("seeded")
    full = record_of("keer-kids", state, PLAYERS, seed="seeded")
    no_rolls = MatchRecord(
        "keer-kids", PLAYERS, tuple(e for e in full.entries if e.seat != CHANCE), seed="seeded"
    )
    assert replay(no_rolls).summary() == state.summary()


def test_replay_does_not_draw_a_roll_nobody_asked_for() -> None:
    state = replay(MatchRecord("keer-kids", PLAYERS, (), seed="x"))
    assert state.rolls == 0 and state.version == 0


def bad(data: dict[str, Any], message: str) -> None:
    with pytest.raises(RecordError, match=message):
        replay(MatchRecord.from_json(data))


def base(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "game": "keer-kids",
        "players": [{"id": "1"}, {"id": "2"}],
        "actions": [{"seat": "chance", "action": "roll:BBB"}],
    }
    data.update(changes)
    return data


def test_unknown_game_is_named() -> None:
    bad(base(game="chess"), "unknown game 'chess'")


def test_wrong_format_is_refused() -> None:
    bad(base(format="tablero.match/99"), "unsupported record format")


def test_too_many_players_is_refused() -> None:
    bad(base(players=[{"id": str(i)} for i in range(5)]), "2-4 players")


def test_unknown_options_are_refused() -> None:
    bad(base(options={"turbo": True}), "no options")


def test_malformed_action_names_its_entry() -> None:
    bad(
        base(actions=[{"seat": "chance", "action": "roll:BBB"}, {"seat": 0, "action": "keep:9"}]),
        r"action #2",
    )


def test_illegal_action_names_its_entry_and_reason() -> None:
    actions = [{"seat": "chance", "action": "roll:BBB"}, {"seat": 1, "action": "keep:0"}]
    bad(base(actions=actions), r"action #2 \(seat 1 'keep:0'\).*keeps a die first")


def test_missing_roll_without_seed_is_refused() -> None:
    bad(
        base(actions=[{"seat": 0, "action": "keep:0"}]),
        "needs a roll first, and the record has no seed",
    )


def refusal(record: MatchRecord) -> str:
    """The message replay refuses the record with (the test fails if it replays)."""
    with pytest.raises(RecordError) as info:
        replay(record)
    return str(info.value)


def test_missing_roll_without_seed_names_the_entry() -> None:
    record = MatchRecord.from_json(base(actions=[{"seat": 0, "action": "keep:0"}]))
    assert refusal(record) == (
        "action #1 (seat 0 'keep:0'): the match needs a roll first, and the record has no seed"
    )


ROLL_ON_A_SEAT = 'a dice roll or shuffle is chance\'s to make — its seat must be "chance"'


@pytest.mark.parametrize("seed", [None, "8"])
def test_a_first_roll_on_a_seat_is_refused_seed_or_not(seed: str | None) -> None:
    """The roll is the entry's mistake: no roll is drawn in front of it, no 'needs a roll'."""
    record = MatchRecord.from_json(base(actions=[{"seat": 0, "action": "roll:RRB"}], seed=seed))
    assert refusal(record) == f"action #1 (seat 0 'roll:RRB'): {ROLL_ON_A_SEAT}"


def example(name: str) -> MatchRecord:
    return MatchRecord.from_json(json.loads((EXAMPLES / name).read_text()))


def test_a_roll_on_the_rollers_seat_mid_match_is_refused_without_a_seed() -> None:
    full = example("keer-kids-3p.json")
    second_roll = [i for i, e in enumerate(full.entries) if e.seat == CHANCE][1]
    text = full.entries[second_roll].action
    entries = (*full.entries[:second_roll], Entry(1, text))
    assert refusal(replace(full, entries=entries)) == (
        f"action #{second_roll + 1} (seat 1 {text!r}): {ROLL_ON_A_SEAT}"
    )


def test_a_roll_on_a_seat_in_a_seeded_record_is_not_preceded_by_a_drawn_roll() -> None:
    seeded = example("keer-kids-3p-seeded.json")
    entries = (*seeded.entries[:4], Entry(1, "roll:RRB"))  # the first roll is resolved
    assert replay(replace(seeded, entries=entries[:4])).node() is Node.CHANCE
    assert refusal(replace(seeded, entries=entries)) == (
        f"action #5 (seat 1 'roll:RRB'): {ROLL_ON_A_SEAT}"
    )


@pytest.mark.parametrize("seed", [None, "kero"])
def test_a_kero_throw_on_a_seat_is_refused(seed: str | None) -> None:
    state = KeroState()
    play_out(state, [KeroAI(), KeroAI()], ChanceRng("kero-record"))
    full = record_of("kero", state, PLAYERS, seed=seed)
    throw = next(i for i, e in enumerate(full.entries) if e.action.startswith("faces:"))
    seat = full.entries[throw - 1].seat
    assert seat != CHANCE, "the throw follows the seat's roll"
    entries = (*full.entries[:throw], Entry(seat, "faces:00000"))
    assert refusal(replace(full, entries=entries)) == (
        f"action #{throw + 1} (seat {seat} 'faces:00000'): {ROLL_ON_A_SEAT}"
    )


@pytest.mark.parametrize(
    ("seat", "shown"), [(-1, "-1"), (True, "True"), (1.5, "1.5"), ("x", "'x'"), (None, "None")]
)
def test_a_seat_that_is_no_seat_number_is_refused_at_read_time(seat: Any, shown: str) -> None:
    """-1 is CHANCE inside Tablero, but a record says "chance": a -1 there is a mistake."""
    data = base(
        actions=[{"seat": "chance", "action": "roll:BBB"}, {"seat": seat, "action": "keep:0"}]
    )
    with pytest.raises(RecordError) as info:
        MatchRecord.from_json(data)
    assert str(info.value) == f"action #2: 'seat' must be a seat number or \"chance\", not {shown}"


@pytest.mark.parametrize("roll", [[{"seat": "chance", "action": "roll:BBB"}], []])
def test_a_seat_beyond_the_players_names_the_entry(roll: list[dict[str, Any]]) -> None:
    """Refused before any roll is drawn or asked for, whatever the engine would say."""
    record = MatchRecord.from_json(base(actions=[*roll, {"seat": 7, "action": "keep:0"}]))
    number = len(roll) + 1
    assert refusal(record) == (
        f"action #{number} (seat 7 'keep:0'): seat 7 is not in this match of 2 players"
    )


def test_a_negative_seat_built_in_code_is_refused_too() -> None:
    record = MatchRecord("keer-kids", PLAYERS, (Entry(-2, "roll:BBB"),), seed="1")
    assert refusal(record) == (
        "action #1 (seat -2 'roll:BBB'): seat -2 is not in this match of 2 players"
    )


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "JSON object"),
        ({"players": [{"id": "1"}]}, "'game'"),
        ({"game": "keer-kids", "players": []}, "'players'"),
        ({"game": "keer-kids", "players": [{"name": "x"}]}, "player 0"),
        (base(actions={}), "'actions' must be a list"),
        (base(actions=[["chance", "roll:BBB"]]), "action #1 must be an object"),
        (base(actions=[{"seat": "dealer", "action": "roll:BBB"}]), "'seat'"),
        (base(actions=[{"seat": 0, "action": 3}]), "'action'"),
        (base(actions=[{"seat": 0, "action": "skip", "at": "noon"}]), "'at'"),
        (base(options=[]), "'options'"),
        (base(seed=1.5), "'seed'"),
    ],
)
def test_malformed_records_say_what_is_wrong(data: Any, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        MatchRecord.from_json(data)


def test_dumps_is_readable_json_that_reads_back() -> None:
    state = finished_match("dumps")
    record = record_of("keer-kids", state, PLAYERS, seed="dumps")
    text = record.dumps()
    assert text.count("\n") == len(record.entries) + len(PLAYERS) + 10  # one line each
    assert MatchRecord.from_json(json.loads(text)) == record
    assert json.loads(MatchRecord("keer-kids", PLAYERS).dumps())["actions"] == []


def test_the_documented_example_records_replay_to_one_finished_match() -> None:
    full = replay(MatchRecord.from_json(json.loads((EXAMPLES / "keer-kids-3p.json").read_text())))
    seeded_record = MatchRecord.from_json(
        json.loads((EXAMPLES / "keer-kids-3p-seeded.json").read_text())
    )
    assert all(entry.seat != CHANCE for entry in seeded_record.entries)
    seeded = replay(seeded_record)
    assert full.is_terminal()
    assert seeded.summary() == full.summary()


DOC = Path(__file__).resolve().parents[2] / "docs" / "match-records.md"


def test_the_documented_replay_error_is_what_replay_says() -> None:
    """The doc's example error is entry N of the seeded example with its quoted action instead."""
    doc = " ".join(DOC.read_text().split())
    quoted = re.search(r"the error names the entry \(`([^`]+)`", doc)
    assert quoted, "docs/match-records.md quotes an example error"
    entry = re.match(r"action #(\d+) \(seat (\d+) '([^']+)'\): ", quoted[1])
    assert entry, quoted[1]
    seeded = example("keer-kids-3p-seeded.json")
    index, seat, text = int(entry[1]) - 1, int(entry[2]), entry[3]
    assert seeded.entries[index].seat == seat and seeded.entries[index].action != text
    entries = list(seeded.entries)
    entries[index] = Entry(seat, text)
    assert refusal(replace(seeded, entries=tuple(entries))) == quoted[1]

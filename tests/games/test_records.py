"""Match records: JSON round trip, exact replay, seeds for missing rolls, clear errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from games.common import CHANCE, ChanceRng
from games.common.play import play_out
from games.keer_kids import HeuristicAI, new_match
from games.records import FORMAT, Entry, MatchRecord, Player, RecordError, record_of, replay

PLAYERS = (Player("111", "Ana"), Player("ai:1", "Tablero AI"))


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


EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


def test_the_documented_example_records_replay_to_one_finished_match() -> None:
    full = replay(MatchRecord.from_json(json.loads((EXAMPLES / "keer-kids-3p.json").read_text())))
    seeded_record = MatchRecord.from_json(
        json.loads((EXAMPLES / "keer-kids-3p-seeded.json").read_text())
    )
    assert all(entry.seat != CHANCE for entry in seeded_record.entries)
    seeded = replay(seeded_record)
    assert full.is_terminal()
    assert seeded.summary() == full.summary()

"""Property tests: any JSON-ish data, and real records mutated in a few places, either replay or
fail with the project's own error naming what is wrong — in `games.records` and through
`tablero replay`, which prints one line, never a traceback."""

from __future__ import annotations

import copy
import json
import os
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.cli import main
from games.common import ChanceRng
from games.common.play import play_out
from games.keer_kids import HeuristicAI
from games.keer_kids import new_match as new_keer
from games.kero import KeroAI, KeroState
from games.records import MatchRecord, Player, RecordError, record_of, replay
from games.registry import UnknownGame

FUZZ = settings(
    max_examples=int(os.environ.get("TABLERO_FUZZ_EXAMPLES", "150")),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
OURS = (RecordError, UnknownGame)
"""What `tablero replay` reports as a bad record (one line)."""
KEYS = ["format", "game", "options", "players", "seed", "actions"]


@cache
def real_records() -> tuple[dict[str, Any], ...]:
    """Valid records as JSON data: the documented examples, a finished 4-player Keer match and a
    Kero match with the Boss Variant (cut short: a whole one takes long to replay)."""
    docs = [json.loads(path.read_text()) for path in sorted(EXAMPLES.glob("*.json"))]
    keer = new_keer(4)
    play_out(keer, [HeuristicAI()] * 4, ChanceRng("fuzz-keer"))
    players = [Player(str(i), f"P{i}") for i in range(4)]
    kero = KeroState({"variant": "boss", "fuel_up": "live"})
    play_out(kero, [KeroAI(), KeroAI()], ChanceRng("fuzz-kero"))
    made = [
        record_of("keer-kids", keer, players, seed="fuzz-keer").to_json(),
        record_of(
            "kero", kero, players[:2], options={"variant": "boss", "fuel_up": "live"}
        ).to_json(),
    ]
    made[1]["actions"] = made[1]["actions"][:300]
    return (*docs, *made)


def json_values() -> st.SearchStrategy[Any]:
    """Anything JSON text can hold (NaN and 4,000-digit numbers included: Python's json reads
    them), nested a little."""
    scalars = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.sampled_from([-1, 2**63, 10**4000, -(10**300)]),
        st.floats(),
        st.text(max_size=20),
        st.sampled_from(["chance", "keer-kids", "kero", "roll:BYP", "keep:1", "tablero.match/1"]),
    )
    return st.recursive(
        scalars,
        lambda inner: st.one_of(
            st.lists(inner, max_size=4),
            st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=8), inner, max_size=4),
        ),
        max_leaves=12,
    )


def record_shaped() -> st.SearchStrategy[dict[str, Any]]:
    """Objects with a record's keys holding anything."""
    return st.dictionaries(st.sampled_from(KEYS), json_values(), max_size=6)


def action_text(text: str) -> st.SearchStrategy[str]:
    """An action's text changed by a character: dropped, doubled, replaced, or cut."""
    return st.integers(0, max(len(text) - 1, 0)).flatmap(
        lambda at: st.sampled_from(
            [
                text[:at] + text[at + 1 :],
                text[:at] + text[at : at + 1] * 2 + text[at + 1 :],
                text[:at] + "9" + text[at + 1 :],
                text[:at] + ":" + text[at:],
                text[:at],
                text.upper(),
                text + "@" + "9" * 20,
            ]
        )
    )


@st.composite
def mutated(draw: st.DrawFn) -> dict[str, Any]:
    """A real record with one to three things changed: a field replaced or dropped, an action
    edited, replaced, dropped, duplicated or moved, a seat changed, the actions cut short."""
    record: dict[str, Any] = copy.deepcopy(draw(st.sampled_from(real_records())))
    actions = record["actions"]
    for _ in range(draw(st.integers(1, 3))):
        how = draw(st.sampled_from(["field", "drop", "text", "seat", "entry", "swap", "cut"]))
        at = draw(st.integers(0, max(len(actions) - 1, 0)))
        if how == "field":
            record[draw(st.sampled_from(KEYS))] = draw(json_values())
        elif how == "drop":
            record.pop(draw(st.sampled_from(KEYS)), None)
        elif not actions or not isinstance(actions[at], dict):
            continue
        elif how == "text":
            text = actions[at].get("action")
            actions[at]["action"] = draw(action_text(text)) if isinstance(text, str) else text
        elif how == "seat":
            actions[at]["seat"] = draw(st.sampled_from([0, 1, 2, 3, 4, "chance", -1, 2**40]))
        elif how == "entry":
            actions[at] = draw(st.one_of(json_values(), st.just(actions[-1])))
        elif how == "swap":
            other = draw(st.integers(0, len(actions) - 1))
            actions[at], actions[other] = actions[other], actions[at]
        elif how == "cut":
            del actions[at:]
    return record


def replayed_or_refused(data: Any) -> None:
    """Replay succeeds (and its summary is JSON) or fails with the project's own error."""
    try:
        state = replay(MatchRecord.from_json(data))
    except OURS as error:
        assert str(error)
        return
    json.dumps(state.summary())


@FUZZ
@given(data=st.one_of(json_values(), record_shaped()))
def test_any_json_data_replays_or_is_refused_in_words(data: Any) -> None:
    replayed_or_refused(data)


@FUZZ
@given(data=mutated())
def test_a_mutated_real_record_replays_or_is_refused_in_words(data: dict[str, Any]) -> None:
    replayed_or_refused(data)


def test_every_real_record_replays() -> None:
    for data in real_records():
        replay(MatchRecord.from_json(data))


@FUZZ
@given(data=mutated(), cut=st.integers(0, 200), garbage=st.binary(max_size=8))
def test_tablero_replay_answers_a_damaged_file_in_one_line(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    data: dict[str, Any],
    cut: int,
    garbage: bytes,
) -> None:
    """The record as a file, sometimes cut short or with stray bytes: exit 0 with the state, or
    exit 2 with one line on stderr."""
    text = json.dumps(data).encode()
    if cut % 3 == 0:
        text = text[: len(text) - cut] + garbage
    path = tmp_path / "record.json"
    path.write_bytes(text)
    code = main(["replay", str(path)])
    out, err = capsys.readouterr()
    assert code in (0, 2), err
    if code == 0:
        assert json.loads(out)["game"] in ("keer-kids", "kero") and err == ""
    else:
        assert (
            err.startswith("tablero: error: ") and err.count("\n") == 1 and "Traceback" not in err
        )

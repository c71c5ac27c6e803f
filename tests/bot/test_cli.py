"""The `tablero` command line: simulate and replay, as a user runs them."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from bot.cli import main
from games.common import ChanceRng
from games.common.play import play_out
from games.fairness import Fairness, Origin, Secret, stream_seed
from games.keer_kids import HeuristicAI, new_match
from games.kero import KeroAI, KeroState
from games.kero.chance import setup as deal
from games.kero.components import default_components
from games.records import Player, record_of

REQUIRED_KEYS = {
    "game",
    "matches",
    "players",
    "mean_rolls",
    "max_rolls",
    "mean_score",
    "shared_win_rate",
    "matches_per_s",
}


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> Any:
    assert main(list(argv)) == 0
    return json.loads(capsys.readouterr().out)


def test_simulate_json_has_the_documented_keys(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(
        capsys,
        "simulate",
        "--game",
        "keer-kids",
        "--players",
        "3",
        "--matches",
        "12",
        "--seed",
        "5",
        "--json",
    )
    assert set(out) >= REQUIRED_KEYS
    assert out["game"] == "keer-kids" and out["matches"] == 12 and out["players"] == 3
    assert 10 < out["mean_rolls"] <= out["max_rolls"] < 100
    assert out["mean_score"] > 0 and 0 <= out["shared_win_rate"] <= 1 and out["matches_per_s"] > 0


def test_simulate_is_reproducible_from_its_seed(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("simulate", "--game", "keer-kids", "--matches", "6", "--seed", "9", "--json")
    first, second = run_json(capsys, *args), run_json(capsys, *args)
    timing = {"elapsed_s", "matches_per_s"}
    assert {k: v for k, v in first.items() if k not in timing} == {
        k: v for k, v in second.items() if k not in timing
    }
    other = run_json(
        capsys, "simulate", "--game", "keer-kids", "--matches", "6", "--seed", "10", "--json"
    )
    assert (other["mean_rolls"], other["mean_score"]) != (first["mean_rolls"], first["mean_score"])


def test_simulate_defaults_to_the_most_players_and_prints_text(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["simulate", "--game", "keer-kids", "--matches", "3"]) == 0
    text = capsys.readouterr().out
    assert "Keer op Keer Kids: 3 AI matches, 4 players" in text
    assert "matches/s" in text


def test_simulate_refuses_a_wrong_player_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--game", "keer-kids", "--players", "5"]) == 2
    assert "2-4 players" in capsys.readouterr().err


def test_simulate_refuses_an_unknown_game(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["simulate", "--game", "monopoly"])
    assert "invalid choice" in capsys.readouterr().err


def write_record(tmp_path: Path) -> tuple[Path, Any]:
    state = new_match(2)
    play_out(state, [HeuristicAI()] * 2, ChanceRng("cli"))
    path = tmp_path / "match.json"
    record = record_of("keer-kids", state, [Player("1", "Ana"), Player("2", "Bo")])
    path.write_text(json.dumps(record.to_json()))
    return path, state


def test_replay_prints_the_final_state(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, state = write_record(tmp_path)
    out = run_json(capsys, "replay", str(path))
    assert out["game"] == "keer-kids" and out["over"] is True
    assert out["winners"] == sorted(state.outcome().winners)
    ana = out["players"][0]
    assert ana["name"] == "Ana" and ana["id"] == "1"
    assert ana["score"] == state.circles(0).total
    assert ana["circles"] == {
        "buckets": state.circles(0).buckets,
        "visitors": state.circles(0).visitors,
        "food": state.circles(0).food,
    }
    assert {"crossed", "marks", "chameleons"} <= set(ana)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "cannot read"),
        ("{not json", "is not JSON"),
        ('{"game": "chess", "players": [{"id": 1}, {"id": 2}]}', "unknown game"),
        (
            '{"game": "keer-kids", "players": [{"id": 1}, {"id": 2}],'
            ' "actions": [{"seat": 0, "action": "keep:0"}]}',
            "no seed",
        ),
    ],
)
def test_replay_reports_bad_records(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str | None, message: str
) -> None:
    path = tmp_path / "bad.json"
    if content is not None:
        path.write_text(content)
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tablero: error:") and message in err


@pytest.mark.parametrize(
    ("actions", "message"),
    [
        (
            [{"seat": "chance", "action": "roll:BBB"}, {"seat": -1, "action": "keep:0"}],
            "action #2: 'seat' must be a seat number or \"chance\", not -1",
        ),
        (
            [{"seat": "chance", "action": "roll:BBB"}, {"seat": 7, "action": "keep:0"}],
            "action #2 (seat 7 'keep:0'): seat 7 is not in this match of 2 players",
        ),
        (
            [{"seat": 0, "action": "roll:RRB"}],
            "action #1 (seat 0 'roll:RRB'): a dice roll or shuffle is chance's to make"
            ' — its seat must be "chance"',
        ),
    ],
)
def test_replay_names_the_entry_of_a_bad_seat_or_a_roll_on_a_seat(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], actions: list[Any], message: str
) -> None:
    """Even with a seed to draw from, the user learns which entry is wrong and why (exit 2)."""
    path = tmp_path / "bad.json"
    players = [{"id": "1"}, {"id": "2"}]
    path.write_text(
        json.dumps({"game": "keer-kids", "players": players, "seed": "s", "actions": actions})
    )
    assert main(["replay", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == f"tablero: error: {path}: {message}\n"


def test_replay_refuses_a_kero_record_where_the_thrower_hires(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """While Ana fuels up live, Bo (throwing) hires a Tuarek: the record is refused at that
    entry, which the message names, and nothing is printed as a state."""
    setup = deal(default_components(), ChanceRng("thrower"))
    actions = [
        {"seat": "chance", "action": setup.to_text()},
        {"seat": setup.first, "action": "fuel@1764420000000"},
        {"seat": 1 - setup.first, "action": "hire"},
    ]
    path = tmp_path / "thrower.json"
    record = {"game": "kero", "options": {"fuel_up": "live"}, "actions": actions}
    path.write_text(json.dumps({**record, "players": [{"id": "1"}, {"id": "2"}]}))
    assert main(["replay", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        f"tablero: error: {path}: action #3 (seat {1 - setup.first} 'hire'): "
        "while the other clan fuels up, you only throw the dice\n"
    )


def test_no_subcommand_prints_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert "simulate" in capsys.readouterr().out


def test_the_console_script_and_module_run(tmp_path: Path) -> None:
    """`python -m bot` is the same program as the installed `tablero` script."""
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "bot",
            "simulate",
            "--game",
            "keer-kids",
            "--matches",
            "2",
            "--json",
        ],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    assert json.loads(done.stdout)["matches"] == 2


def test_simulate_kero_prints_its_own_figures(capsys: pytest.CaptureFixture[str]) -> None:
    out = run_json(
        capsys, "simulate", "--game", "kero", "--variant", "base", "--matches", "4", "--json"
    )
    required = {"game", "variant", "matches", "mean_turns", "mean_score", "first_player_win_rate"}
    assert set(out) >= required | {"tie_rate", "dry_tank_rate", "matches_per_s"}
    assert out["game"] == "kero" and out["variant"] == "base" and out["players"] == 2
    assert out["mean_turns"] > 5 and 0 <= out["first_player_win_rate"] <= 1


def test_simulate_refuses_an_unavailable_variant(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--game", "kero", "--variant", "chaos"]) == 2
    assert "variant 'chaos'" in capsys.readouterr().err


def test_replay_rebuilds_a_kero_match_from_its_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = KeroState({"variant": "boss"})
    play_out(state, [KeroAI(), KeroAI()], ChanceRng("kero-cli"))
    record = record_of(
        "kero", state, [Player("1", "Ana"), Player("2", "Bo")], options={"variant": "boss"}
    )
    path = tmp_path / "kero.json"
    path.write_text(record.dumps())
    out = run_json(capsys, "replay", str(path))
    assert out["game"] == "kero" and out["over"] is True and out["claims"] == 3
    assert out["winners"] == sorted(state.outcome().winners)
    assert [c["points"] for c in out["camps"]] == list(state.outcome().scores)
    assert out["variant"] == "boss" and out["fuel_up"] == "auto"
    assert {camp["boss"] for camp in out["camps"]} <= {"home", "flipped"}


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("[" * 2_000 + "]" * 2_000, "nested too deeply"),
        ('{"game": "keer-kids", "seed": ' + "9" * 5_000 + "}", "is not JSON: Exceeds the limit"),
    ],
    ids=["nested brackets", "5000-digit number"],
)
def test_replay_refuses_hostile_json_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, message: str
) -> None:
    path = tmp_path / "hostile.json"
    path.write_text(content)
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err and "Traceback" not in err


def test_replay_refuses_a_huge_record_before_reading_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as out:
        out.truncate(100 * 1024 * 1024)  # sparse: 100 MB on paper, nothing read
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert "104,857,600 bytes; a match record is at most 4 MiB" in err


EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


def test_verify_says_no_commitment_for_an_older_record(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", str(EXAMPLES / "keer-kids-3p.json")]) == 3
    assert capsys.readouterr().out.startswith("no commitment: this match began before Tablero")


def test_verify_says_a_sealed_record_cannot_be_checked_yet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    secret = Secret("lobby-3", "ab" * 16, "cd" * 16)
    fair = Fairness.of(secret, "1312001122334455667", Origin.CLICK)
    state = new_match(2)
    play_out(state, [HeuristicAI()] * 2, ChanceRng(stream_seed("ab" * 16, fair.mixed)))
    players = [Player("1", "Ana"), Player("2", "Bo")]
    record = replace(
        record_of("keer-kids", state, players, seed=stream_seed("ab" * 16, fair.mixed)), fair=fair
    )
    path = tmp_path / "sealed.json"
    path.write_text(record.sealed().dumps())
    assert main(["verify", str(path)]) == 3
    out = capsys.readouterr().out
    assert f"shown as {fair.short}…, on lobby-3" in out and "sealed:" in out
    path.write_text(record.dumps().replace('"seed": "', '"seed": "x', 1))
    assert main(["verify", str(path)]) == 1
    assert "DIFFERS: the record's seed is not the one" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "is a folder, not a match record file"),
        ("{", "is not JSON"),
        ('{"game": "keer-kids", "players": [{"id": 1}], "fair": {"subject": "x"}}', "fair.subject"),
    ],
)
def test_verify_refuses_bad_input_as_replay_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str | None, message: str
) -> None:
    path = tmp_path / "bad.json"
    if content is None:
        path.mkdir()
    else:
        path.write_text(content)
    assert main(["verify", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tablero: error:") and message in err

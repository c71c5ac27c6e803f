"""`tablero db check` and `tablero db export` on a real SQLite file."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from bot.cli import main
from games.common import CHANCE, ChanceRng
from games.common.play import play_out
from games.keer_kids import HeuristicAI, new_match
from games.records import Entry, MatchRecord, Player
from storage import NewMatch, SqliteStore

PLAYERS = (Player("1", "Ana"), Player("2", "Bo"))


def make_db(path: Path, *, corrupt: bool) -> tuple[int, int | None]:
    """One finished-ish good match, and (if asked) one whose log does not replay."""

    async def build() -> tuple[int, int | None]:
        store = await SqliteStore.open(path)
        good = await store.create_match(NewMatch("keer-kids", PLAYERS, "s", {}))
        state = new_match(2)
        play_out(state, [HeuristicAI()] * 2, ChanceRng("db-cli"))
        await store.append(good, 0, [Entry(s, a.to_text()) for s, a in state.history])
        bad = None
        if corrupt:
            bad = await store.create_match(NewMatch("keer-kids", PLAYERS, "s", {}))
            await store.append(bad, 0, [Entry(CHANCE, "roll:BBB"), Entry(1, "keep:0")])
        await store.close()
        return good, bad

    return asyncio.run(build())


def test_check_passes_on_a_healthy_database(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "t.db"
    make_db(path, corrupt=False)
    assert main(["db", "check", "--db", str(path)]) == 0
    assert "1 open matches replay to a valid state; 0 do not" in capsys.readouterr().out


def test_check_lists_problems_with_match_ids(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "t.db"
    _, bad = make_db(path, corrupt=True)
    assert main(["db", "check", "--db", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"match {bad}: action #2 (seat 1 'keep:0')" in out
    assert "1 do not" in out


def test_export_prints_a_record_that_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "t.db"
    good, _ = make_db(path, corrupt=False)
    assert main(["db", "export", str(good), "--db", str(path)]) == 0
    record = MatchRecord.from_json(json.loads(capsys.readouterr().out))
    assert record.game == "keer-kids" and record.players == PLAYERS
    record_file = tmp_path / "m.json"
    record_file.write_text(record.dumps())
    assert main(["replay", str(record_file)]) == 0
    assert json.loads(capsys.readouterr().out)["over"] is True


def test_export_of_an_unknown_match_and_a_missing_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "t.db"
    make_db(path, corrupt=False)
    assert main(["db", "export", "99", "--db", str(path)]) == 2
    assert "no match 99" in capsys.readouterr().err
    assert main(["db", "check", "--db", str(tmp_path / "none.db")]) == 2
    assert "no database at" in capsys.readouterr().err


def test_the_database_path_comes_from_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "env.db"
    make_db(path, corrupt=False)
    monkeypatch.setenv("TABLERO_DB_PATH", str(path))
    assert main(["db", "check"]) == 0

"""`tablero replay` reads a bounded record: a device, a pipe or an oversize file is refused in one
line without hanging, and an error quotes a huge action once, cut short (issue 33)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bot.cli import MAX_RECORD_BYTES, main
from games.records import SHOWN_CHARS

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = [{"id": "1", "name": "Ana"}, {"id": "2", "name": "Bo"}]
WAIT_S = 30
"""Ample for a refusal; a read that blocks or never ends is killed and fails the test."""


def replay_in_a_process(path: Path) -> subprocess.CompletedProcess[str]:
    """`tablero replay PATH` in a process of its own, so a hang fails the test, not the run."""
    return subprocess.run(
        [sys.executable, "-m", "bot", "replay", str(path)],
        check=False,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=WAIT_S,
    )


def one_line_refusal(err: str, *words: str) -> None:
    assert err.startswith("tablero: error: ") and err.count("\n") == 1, err
    assert all(word in err for word in words), err
    assert "Traceback" not in err


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_dev_zero_is_refused_at_once_not_read_forever() -> None:
    started = time.monotonic()
    done = replay_in_a_process(Path("/dev/zero"))
    assert done.returncode == 2 and done.stdout == ""
    one_line_refusal(done.stderr, "/dev/zero is a device, not a match record file")
    assert time.monotonic() - started < WAIT_S


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    fifo = tmp_path / "record.json"
    os.mkfifo(fifo)
    done = replay_in_a_process(fifo)
    assert done.returncode == 2 and done.stdout == ""
    one_line_refusal(done.stderr, f"{fifo} is a pipe, not a match record file")


def test_a_folder_is_refused_as_not_a_record_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["replay", str(tmp_path)]) == 2
    one_line_refusal(capsys.readouterr().err, f"{tmp_path} is a folder, not a match record file")


def test_a_file_one_byte_over_the_cap_is_refused_as_too_large(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "big.json"
    path.write_bytes(b" " * (MAX_RECORD_BYTES + 1))
    assert main(["replay", str(path)]) == 2
    one_line_refusal(capsys.readouterr().err, f"{path} is too large", "at most 4 MiB")


def test_a_file_at_the_cap_is_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Exactly MAX_RECORD_BYTES is allowed: padding after a valid record replays it."""
    record = json.dumps({"game": "keer-kids", "players": PLAYERS}).encode()
    path = tmp_path / "padded.json"
    path.write_bytes(record + b" " * (MAX_RECORD_BYTES - len(record)))
    assert main(["replay", str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["game"] == "keer-kids"


def test_a_file_larger_than_its_size_said_is_cut_at_the_cap(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The size the file system gives is not trusted: at most the cap and one byte are read."""
    path = tmp_path / "grows.json"
    path.write_bytes(b" " * (MAX_RECORD_BYTES + 1))
    real_fstat = os.fstat

    def small(fd: int) -> os.stat_result:
        info = real_fstat(fd)
        return os.stat_result((*info[:6], 10, *info[7:]))  # st_size says 10 bytes

    monkeypatch.setattr(os, "fstat", small)
    assert main(["replay", str(path)]) == 2
    one_line_refusal(capsys.readouterr().err, "too large: over 4,194,304 bytes")


def test_a_3_mb_bad_action_is_quoted_once_and_cut_short(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    action = "x" * 3_000_000
    path = tmp_path / "bad.json"
    actions = [{"seat": 0, "action": action}]
    path.write_text(json.dumps({"game": "kero", "players": PLAYERS, "actions": actions}))
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    one_line_refusal(err, "action #1 (seat 0 'xxx", "…'): it is not a Kero action")
    assert len(err.encode()) < 1024
    assert err.count("x" * (SHOWN_CHARS // 2)) == 1
    assert "x" * SHOWN_CHARS not in err


@pytest.mark.parametrize(
    ("record", "words"),
    [
        ({"game": "g" * 3_000_000, "players": PLAYERS}, ["unknown game 'ggg", "…'; known games"]),
        ({"format": "f" * 3_000_000, "game": "kero"}, ["unsupported record format 'fff", "…'"]),
        (
            {"game": "kero", "players": PLAYERS, "actions": [{"seat": "s" * 3_000_000}]},
            ["action #1: 'seat' must be a seat number", "'sss", "…'"],
        ),
    ],
    ids=["game", "format", "seat"],
)
def test_other_huge_values_are_quoted_cut_short(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], record: object, words: list[str]
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    one_line_refusal(err, *words)
    assert len(err.encode()) < 1024

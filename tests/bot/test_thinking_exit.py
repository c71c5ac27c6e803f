"""A thinking worker whose bot is gone (killed, crashed: the kernel closes the bot's ends of the
worker's pipes) ends by itself, with status 0 and one log line at most: never a traceback,
which the log alerting would take for a crash of its own."""

from __future__ import annotations

import ctypes
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

import pytest

from bot.core.computer import ai_player
from bot.core.thinking import WORKER_COMMAND, Question
from games.common import ChanceRng
from games.common.levels import Level
from games.keer_kids import KeerState
from games.records import Player, record_of

ROOT = Path(__file__).resolve().parents[2]
WITHIN_S = 5.0
"""How soon a worker must end once its bot is gone (its decisions take a tenth of a second)."""
PR_SET_CHILD_SUBREAPER = 36

_BOT = """
import asyncio, json, sys
from bot.core.thinking import Question, Thinker

async def main() -> None:
    question = Question.from_json(json.loads(sys.argv[1]))
    thinker = Thinker(1)
    await thinker.think(question)
    print(*thinker.worker_pids(), flush=True)
    while True:  # a hard computer thinking all the time
        await thinker.think(question)

asyncio.run(main())
"""
"""A bot asking its worker question after question, as busy hard computers do."""


def _question() -> bytes:
    """A hard roller's keep (about a tenth of a second of thinking), as a question line."""
    state = KeerState(2)
    state.apply(-1, state.sample_chance(ChanceRng("exit")))
    players = [ai_player(0, Level.HARD), Player("101", "Ana")]
    record = record_of("keer-kids", state, players, seed="exit")
    question = Question(record, 0, Level.HARD, 100.0, None)
    return json.dumps(question.to_json()).encode() + b"\n"


def _piped(stream: IO[bytes] | None) -> IO[bytes]:
    assert stream is not None
    return stream


@contextmanager
def _worker() -> Iterator[subprocess.Popen[bytes]]:
    """A ready worker started as the bot starts one (the same command, its stdin and stdout
    piped to this process), its stderr kept for the test."""
    worker = subprocess.Popen(
        WORKER_COMMAND,
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        assert json.loads(_piped(worker.stdout).readline()) == {"ready": True}
        yield worker
    finally:
        if worker.poll() is None:
            worker.kill()
        worker.wait()
        for stream in (worker.stdin, worker.stdout, worker.stderr):
            if stream is not None:
                stream.close()


def _assert_quiet(code: int, stderr: bytes) -> None:
    said = stderr.decode(errors="replace")
    assert "Traceback" not in said, said
    assert len(said.splitlines()) <= 1, f"more than one line:\n{said}"
    assert code == 0, f"exit {code}: {said}"


def test_an_idle_worker_ends_quietly_once_its_questions_end() -> None:
    with _worker() as worker:
        _piped(worker.stdin).close()  # EOF: the bot is gone
        code = worker.wait(WITHIN_S)
        assert _piped(worker.stdout).read() == b""
        _assert_quiet(code, _piped(worker.stderr).read())


def test_a_worker_whose_answer_finds_no_bot_ends_quietly() -> None:
    """The bot stopped reading (its end of the worker's stdout is closed) while the worker
    thinks: writing the answer fails, and the worker ends though its stdin is still open."""
    with _worker() as worker:
        _piped(worker.stdout).close()
        stdin = _piped(worker.stdin)
        stdin.write(_question())
        stdin.flush()
        code = worker.wait(WITHIN_S)
        _assert_quiet(code, _piped(worker.stderr).read())


@contextmanager
def _adopting_orphans() -> Iterator[None]:
    """Orphaned descendants of this process become its children (Linux's child subreaper), so
    a worker whose bot was killed can be waited for here."""
    prctl = ctypes.CDLL(None, use_errno=True).prctl
    if prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
        pytest.skip(f"no child subreaper: {os.strerror(ctypes.get_errno())}")
    try:
        yield
    finally:
        prctl(PR_SET_CHILD_SUBREAPER, 0, 0, 0, 0)


def _exit_status(pid: int, within_s: float) -> int:
    """The exit status of an adopted process, once it ends within `within_s`."""
    deadline = time.monotonic() + within_s
    while time.monotonic() < deadline:
        try:
            done, status = os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:  # not adopted yet: its parent is still dying
            done = 0
        if done:
            return os.waitstatus_to_exitcode(status)
        time.sleep(0.02)
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    raise AssertionError(f"the worker still ran {within_s} s after its bot was killed")


@pytest.mark.skipif(sys.platform != "linux", reason="adopting orphans is Linux's")
def test_a_worker_thinking_when_its_bot_is_killed_ends_quietly() -> None:
    """The issue's case: the bot is killed (SIGKILL) while its hard computer thinks."""
    with _adopting_orphans():
        bot = subprocess.Popen(
            [sys.executable, "-c", _BOT, _question().decode()],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,  # the worker's too: it inherits the bot's
        )
        try:
            [worker] = map(int, _piped(bot.stdout).readline().split())
            time.sleep(0.3)  # a few questions in: the worker is busy thinking
            bot.kill()
            assert bot.wait() == -signal.SIGKILL
            code = _exit_status(worker, WITHIN_S)
            _assert_quiet(code, _piped(bot.stderr).read())
        finally:
            if bot.poll() is None:
                bot.kill()
                bot.wait()
            for stream in (bot.stdout, bot.stderr):
                if stream is not None:
                    stream.close()

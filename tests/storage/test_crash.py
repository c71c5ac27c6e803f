"""Crash safety: SIGKILL a process while it appends; every acknowledged event survives."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
from pathlib import Path

from games.common import ChanceRng
from games.common.play import step
from games.keer_kids import HeuristicAI, new_match, parse_action
from storage import SqliteStore, rebuild_open

from .crash_child import match_seed

ROOT = Path(__file__).resolve().parents[2]
ACKS_BEFORE_KILL = 150


def expected_actions(number: int, count: int) -> list[tuple[int, str]]:
    """The first `count` actions of the child's n-th match (the play is deterministic)."""
    seed = match_seed(number)
    state, ai, rng = new_match(2), HeuristicAI(), ChanceRng(seed)
    while len(state.history) < count and not state.is_terminal():
        step(state, [ai, ai], rng)
    return [(seat, action.to_text()) for seat, action in state.history[:count]]


def test_every_acknowledged_event_survives_a_sigkill(tmp_path: Path) -> None:
    path = tmp_path / "crash.db"
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.storage.crash_child", str(path)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    acked: dict[int, int] = {}
    assert child.stdout is not None
    try:
        for line in child.stdout:
            _, match_id, version = line.split()
            acked[int(match_id)] = int(version)
            if sum(acked.values()) >= ACKS_BEFORE_KILL:
                break
    finally:
        os.kill(child.pid, signal.SIGKILL)
        child.wait(timeout=30)
    assert child.returncode == -signal.SIGKILL

    async def check() -> None:
        store = await SqliteStore.open(path)
        for number, match_id in enumerate(sorted(acked)):
            stored = await store.load(match_id)
            assert stored.version >= acked[match_id], "an acknowledged event was lost"
            actions = [(e.seat, e.action) for e in stored.record.entries]
            assert actions == expected_actions(number, stored.version)
        rebuilt = await rebuild_open(store)
        assert rebuilt.problems == {}
        last = max(acked)
        expected = new_match(2)
        for seat, text in expected_actions(len(acked) - 1, (await store.load(last)).version):
            expected.apply(seat, parse_action(text))
        assert rebuilt.states[last].summary() == expected.summary()
        await store.close()

    asyncio.run(check())

"""Bot processes the chaos, cluster and failover tests start (`tests.bot.chaos_child`) and stop."""

from __future__ import annotations

import asyncio
import signal
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
STOP_WAIT_S = 15.0
"""How long a clean shutdown may take before the process is killed."""


async def spawn(env: Mapping[str, str], log: Path) -> asyncio.subprocess.Process:
    """A bot process (`tests.bot.chaos_child`) with `env`, its output appended to `log`."""
    with log.open("ab") as out:
        return await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tests.bot.chaos_child",
            env=dict(env),
            cwd=ROOT,
            stdout=out,
            stderr=out,
        )


async def stopped(processes: Iterable[asyncio.subprocess.Process]) -> None:
    """Let every running process go on (a frozen one too) and stop it cleanly (SIGTERM), killing
    one that takes longer than STOP_WAIT_S."""
    running = [p for p in processes if p.returncode is None]
    for process in running:
        process.send_signal(signal.SIGCONT)
        process.send_signal(signal.SIGTERM)
    for process in running:
        try:
            await asyncio.wait_for(process.wait(), STOP_WAIT_S)
        except TimeoutError:
            process.kill()
            await process.wait()

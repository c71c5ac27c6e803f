"""Bot processes pointed at a loopback Discord double that runs in the benchmark's own process
(`fakediscord.pointed`): started, waited for, measured from /proc and stopped in order — what
the benchmarks that run the unmodified `tablero run` out of process share."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import socket
import sys
import time
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

import aiohttp

ROOT: Final = Path(__file__).resolve().parents[1]
START_S: Final = 120.0
"""How long a process may take to be ready."""
STOP_S: Final = 20.0
"""How long a process may take to stop on SIGTERM before it is killed."""
_TICK: Final = os.sysconf("SC_CLK_TCK")

Key = int | str
"""A process's name: a shard's index, or a word."""
SET_HERE: Final = ("TABLERO_DB_PATH", "DATABASE_URL", "DEV_GUILD_ID", "SHARD_COUNT", "SHARD_IDS")
"""Settings a benchmark gives `tablero run` itself, never inherited from its own environment."""


@dataclass
class Bots:
    """The bot processes, each with its HTTP port (health) and its log file."""

    processes: dict[Key, asyncio.subprocess.Process] = field(default_factory=dict)
    ports: dict[Key, int] = field(default_factory=dict)
    logs: dict[Key, Path] = field(default_factory=dict)

    def cpu_s(self, key: Key) -> float:
        """The process's CPU seconds so far, user and system (Linux /proc)."""
        fields = Path(f"/proc/{self.processes[key].pid}/stat").read_text().rsplit(")", 1)[1]
        utime, stime = fields.split()[11:13]
        return (int(utime) + int(stime)) / _TICK

    def waited_s(self, key: Key) -> float:
        """Seconds the process's main thread (its event loop) spent ready to run but waiting
        for a CPU (Linux /proc schedstat): what the machine's other work cost it."""
        return int(Path(f"/proc/{self.processes[key].pid}/schedstat").read_text().split()[1]) / 1e9

    def cpu(self) -> dict[str, float]:
        """CPU seconds so far: each bot process's and this driver's (with the double)."""
        used = {label(key): self.cpu_s(key) for key in self.processes}
        return {**used, "driver": driver_cpu_s()}

    def rss_mb(self, key: Key) -> dict[str, float]:
        """The process's resident memory now and at its peak (Linux /proc)."""
        status = Path(f"/proc/{self.processes[key].pid}/status").read_text()
        kb = dict(re.findall(r"^(VmRSS|VmHWM):\s+(\d+) kB", status, re.M))
        return {
            "rss_mb": round(int(kb["VmRSS"]) / 1024, 1),
            "peak_mb": round(int(kb["VmHWM"]) / 1024, 1),
        }

    async def start(
        self, key: Key, port: int, command: Sequence[str], env: Mapping[str, str], folder: Path
    ) -> None:
        """`python -m fakediscord.pointed PORT COMMAND…`: the program pointed at the double on
        `port`, its output in a log file of its own."""
        self.logs[key] = folder / f"{key}.log"
        pointed = ["-m", "fakediscord.pointed", str(port), *command]
        with self.logs[key].open("wb") as log:
            self.processes[key] = await asyncio.create_subprocess_exec(
                sys.executable, *pointed, env=dict(env), cwd=ROOT, stdout=log, stderr=log
            )

    async def run_tablero(self, key: Key, port: int, folder: Path, **settings: str) -> None:
        """`tablero run` as a server owner starts it, with the double's fake token, /healthz on
        a port of its own, warnings only in its log, and `settings` (its store, its shards)."""
        self.ports[key] = free_port()
        env = {k: v for k, v in os.environ.items() if k not in SET_HERE}
        env |= {
            "DISCORD_TOKEN": "fake-token",
            "TABLERO_HTTP_PORT": str(self.ports[key]),
            "TABLERO_HTTP_HOST": "127.0.0.1",
            "LOG_LEVEL": "WARNING",
            **settings,
        }
        await self.start(key, port, ["bot", "run", "--env-file", "/dev/null"], env, folder)

    def alive(self, key: Key) -> None:
        """Raise, with its log, if the process exited."""
        if self.processes[key].returncode is not None:
            raise RuntimeError(f"{label(key)}'s process exited:\n{self.logs[key].read_text()}")

    async def until(
        self, key: Key, done: Callable[[], Awaitable[bool]], what: str, limit_s: float = START_S
    ) -> None:
        """Until `done()` (polled), while the process lives, for `limit_s` at most."""
        limit = time.monotonic() + limit_s
        while not await done():
            self.alive(key)
            if time.monotonic() > limit:
                raise RuntimeError(f"{label(key)}: no {what} in {limit_s:g} s")
            await asyncio.sleep(0.05)

    async def ready(self, key: Key, limit_s: float = START_S) -> None:
        """Until the process's /healthz says ready (gateway connected, store answering)."""
        url = f"http://127.0.0.1:{self.ports[key]}/healthz"
        async with aiohttp.ClientSession() as http:

            async def healthy() -> bool:
                try:
                    async with http.get(url) as answer:
                        return answer.status == 200
                except aiohttp.ClientError:
                    return False

            await self.until(key, healthy, "ready /healthz", limit_s)

    async def render_cpu_s(self, key: Key) -> float:
        """The CPU seconds the process says it spent drawing images so far (its /metrics:
        `tablero_render_cpu_seconds_total`, summed over images)."""
        url = f"http://127.0.0.1:{self.ports[key]}/metrics"
        async with aiohttp.ClientSession() as http, http.get(url) as answer:
            text = await answer.text()
        found = re.findall(r"^tablero_render_cpu_seconds_total\{[^}]*\} (\S+)$", text, re.M)
        return sum(float(value) for value in found)

    async def stop(self) -> None:
        """SIGTERM every process (its orderly shutdown); killed after `STOP_S`."""
        for process in self.processes.values():
            if process.returncode is None:
                process.send_signal(signal.SIGTERM)
        for process in self.processes.values():
            try:
                await asyncio.wait_for(process.wait(), STOP_S)
            except TimeoutError:
                process.kill()
                await process.wait()


def label(key: Key) -> str:
    """How a report names a process: `shard 0`, or its word."""
    return key if isinstance(key, str) else f"shard {key}"


def driver_cpu_s() -> float:
    """This process's CPU seconds so far, user and system (the double and the players)."""
    return sum(os.times()[:2])


def free_port() -> int:
    """A TCP port nothing listens on now, on 127.0.0.1."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])

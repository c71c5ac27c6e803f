"""Running `tablero play` for the tests: the command in a subprocess, its page's API over HTTP
(tests/bot/test_play.py drives the API; tests/web/ the page in Chromium)."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import socket
import sys
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp

START_S = 30.0


@dataclass
class Play:
    """A running `tablero play` and an HTTP session to its page."""

    process: asyncio.subprocess.Process
    base: str
    http: aiohttp.ClientSession
    started_s: float
    """Seconds from the command to its page answering."""
    output: list[str]
    """What the command and its bot printed (drained, so a full pipe never blocks them)."""

    async def get(self, path: str, **query: str) -> Any:
        async with self.http.get(self.base + path, params=query) as answer:
            assert answer.status == 200, await answer.text()
            return await answer.json()

    async def post(self, path: str, body: dict[str, Any]) -> tuple[int, Any]:
        async with self.http.post(self.base + path, json=body) as answer:
            return answer.status, await answer.json()

    async def messages(self, channel: str, member: str) -> list[dict[str, Any]]:
        found: list[dict[str, Any]] = (
            await self.get("/play/api/messages", channel=channel, **{"as": member})
        )["messages"]
        return found

    async def online(self) -> bool:
        """Whether the page says the bot is connected."""
        return bool((await self.get("/play/api/world"))["bot"]["online"])

    async def until(self, what: str, check: Any, timeout: float = 20.0) -> Any:
        limit = time.monotonic() + timeout
        while time.monotonic() < limit:
            found = await check()
            if found:
                return found
            await asyncio.sleep(0.1)
        raise AssertionError(f"gave up waiting for {what}")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@asynccontextmanager
async def running_play(tmp_path: Path, *options: str) -> AsyncIterator[Play]:
    """`tablero play --no-browser` on a free port (and `options`, e.g. `--host 0.0.0.0`),
    until its page answers; SIGTERM after."""
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "TABLERO_"))}
    began = time.monotonic()
    process = await asyncio.create_subprocess_exec(
        *(sys.executable, "-m", "bot", "play", "--no-browser", "--port", str(port)),
        *("--db", str(tmp_path / "play.db")),
        *options,
        cwd=tmp_path,
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    assert process.stdout is not None
    line = (await asyncio.wait_for(process.stdout.readline(), START_S)).decode()
    found = re.search(r"open (http://\S+)/play/", line)
    assert found, line
    output = [line]
    draining = asyncio.create_task(_drain(process.stdout, output))
    async with aiohttp.ClientSession() as http:
        made = Play(process, found.group(1), http, 0.0, output)
        async with http.get(made.base + "/play/") as page:
            assert page.status == 200 and "text/html" in page.content_type
        made.started_s = time.monotonic() - began
        try:
            yield made
        finally:
            if process.returncode is None:
                process.send_signal(signal.SIGTERM)
                await asyncio.wait_for(process.wait(), 20)
            await draining


async def _drain(stream: asyncio.StreamReader, into: list[str]) -> None:
    while line := await stream.readline():
        into.append(line.decode(errors="replace"))

"""Helpers the PostgreSQL outage tests share (tests/storage/test_pg_outage.py and
tests/bot/test_pg_outage.py): the test server, stopped and started through the script
`.ci/postgres.sh` exports as TABLERO_TEST_PG_CTL."""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass

import pytest

from tests.conftest import OWN_SERVER
from tests.storage.conftest import postgres_url, reset_postgres

PG_CTL = os.environ.get("TABLERO_TEST_PG_CTL")
"""The script that stops and starts the test server (`.ci/postgres.sh` exports it)."""
CTL_TIMEOUT_S = 60.0
"""How long stopping or starting the server may take before the test gives up."""


@dataclass(frozen=True, slots=True)
class PgServer:
    """The test PostgreSQL, stopped and started through `.ci/postgres.sh`'s script."""

    url: str
    script: str

    async def stop(self) -> None:
        """Stop it (fast: open sessions are cut)."""
        await self._run("stop")

    async def start(self) -> None:
        """Start it with its own options, unless it is running (a frozen one is thawed)."""
        await self._run("start")

    async def freeze(self) -> None:
        """Stop every process of it with SIGSTOP: connections stay open and nothing answers
        (a hung server)."""
        await self._run("freeze")

    async def thaw(self) -> None:
        """Let a frozen server go on."""
        await self._run("thaw")

    async def _run(self, command: str) -> None:
        process = await asyncio.create_subprocess_exec(
            self.script,
            command,
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
        )
        output, _ = await asyncio.wait_for(process.communicate(), CTL_TIMEOUT_S)
        if process.returncode != 0:
            raise AssertionError(f"{self.script} {command} failed: {output.decode()}")


def pg_server() -> PgServer:
    """The server to stop and start; skip (fail under CI) when there is none to control, or
    when parallel workers share it."""
    url = postgres_url()
    parallel = os.environ.get("PYTEST_XDIST_WORKER") and not os.environ.get(OWN_SERVER)
    if PG_CTL and not parallel:
        return PgServer(url, PG_CTL)
    why = (
        "stopping PostgreSQL would fail the tests of parallel workers that share it: give each "
        "worker its own (TABLERO_PG_SERVERS, tests/conftest.py) or run serially"
        if PG_CTL
        else "no script to stop and start PostgreSQL (TABLERO_TEST_PG_CTL, .ci/postgres.sh)"
    )
    if os.environ.get("CI"):
        pytest.fail(f"CI must run the PostgreSQL outage tests: {why}")
    pytest.skip(why)


@asynccontextmanager
async def kept_running() -> AsyncIterator[PgServer]:
    """The test server with an empty database, running again when the block ends, whatever
    happened in it (the rest of the suite needs it)."""
    server = pg_server()
    await server.start()  # a run killed mid-outage may have left it stopped
    await reset_postgres(server.url)
    try:
        yield server
    finally:
        await server.start()

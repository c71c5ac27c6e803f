"""Parallel workers (`pytest -n 2`, pytest-xdist) never share a PostgreSQL database: the storage
tests empty theirs before each test, and the outage tests stop and freeze their server. The tests
whose real-time bounds assume the machine to themselves (bot processes killed, restarted and
timed; leases; PostgreSQL stopped) are marked `solo`, and run after the others, one at a time:
`python -m pytest -n 2 -m "not solo" && python -m pytest -m solo` (README, `.ci/run`).

`.ci/postgres.sh` with `TABLERO_PG_SERVERS=N` starts N servers and exports each one's URL and
control script as `TABLERO_TEST_DATABASE_URL_<k>` / `TABLERO_TEST_PG_CTL_<k>`: worker `gw<k>`
takes server k as its `TABLERO_TEST_DATABASE_URL` and `TABLERO_TEST_PG_CTL`, so even an outage
test has a server of its own. A worker without a server of its own (one server, several
workers) gets a database of its own on the shared server, and its outage tests are skipped
(`tests/storage/helpers.py::pg_server`)."""

from __future__ import annotations

import asyncio
import os
from typing import Final

import asyncpg
import pytest

OWN_SERVER = "TABLERO_TEST_PG_OWN"
"""Set for a worker whose PostgreSQL server is its own: its outage tests may stop it."""
SOLO: Final = frozenset(
    {
        "tests/bot/test_chaos.py",
        "tests/bot/test_cluster.py",
        "tests/bot/test_failover.py",
        "tests/bot/test_lease.py",
        "tests/bot/test_pg_outage.py",
        "tests/bot/test_play.py",
        "tests/bot/test_run.py",
        "tests/bot/test_thinking_exit.py",
        "tests/storage/test_crash.py",
        "tests/storage/test_fencing.py",
        "tests/storage/test_pg_outage.py",
    }
)
"""Test modules that start, kill and time processes of their own, or stop the database: under
another worker's load their bounds (a click within 5 s of a restart, a lease taken over within
its TTL + 2 s) would fail for the machine's sake, not the bot's."""


def pytest_configure(config: pytest.Config) -> None:
    """The `solo` mark; this worker's own PostgreSQL server, or its own database on the
    shared one."""
    config.addinivalue_line("markers", "solo: runs alone, after the parallel tests (SOLO)")
    worker = os.environ.get("PYTEST_XDIST_WORKER")  # "gw0", "gw1", … in a worker only
    url = os.environ.get("TABLERO_TEST_DATABASE_URL")
    if worker is None or url is None:
        return
    index = worker.removeprefix("gw")
    own_url = os.environ.get(f"TABLERO_TEST_DATABASE_URL_{index}")
    own_ctl = os.environ.get(f"TABLERO_TEST_PG_CTL_{index}")
    if own_url and own_ctl:
        os.environ["TABLERO_TEST_DATABASE_URL"] = own_url
        os.environ["TABLERO_TEST_PG_CTL"] = own_ctl
        os.environ[OWN_SERVER] = "1"
        return
    os.environ["TABLERO_TEST_DATABASE_URL"] = asyncio.run(_own_database(url, worker))


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark the tests of the SOLO modules."""
    root = config.rootpath
    for item in items:
        if item.path.relative_to(root).as_posix() in SOLO:
            item.add_marker(pytest.mark.solo)


async def _own_database(url: str, worker: str) -> str:
    """A database for this worker alone on the server at `url` (made if missing): its URL."""
    base, _, _ = url.rpartition("/")
    name = f"tablero_test_{worker}"
    db = await asyncpg.connect(url)
    try:
        if not await db.fetchval("SELECT 1 FROM pg_database WHERE datname = $1", name):
            await db.execute(f'CREATE DATABASE "{name}"')
    finally:
        await db.close()
    return f"{base}/{name}"

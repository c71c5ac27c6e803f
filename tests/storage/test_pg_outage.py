"""PostgreSQL stopped under an open PostgresStore: every call fails at once with an error the bot
reads as an outage (a click refused in words, a timer or a delivery retried), never hangs and
never half-applies a step; once the server is back the same store works, without reopening.

The server is stopped and started with the script `.ci/postgres.sh` exports as
TABLERO_TEST_PG_CTL; without it these tests are skipped, except under CI, where they fail. Each
test leaves the server running, and they run only in a serial run (they take the shared server
down: a parallel worker's tests would fail).
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import suppress
from typing import Any

import asyncpg
import pytest

import storage.postgres
from bot.core.outages import store_outage
from games.records import Entry, Player
from storage import Deadline, NewMatch, Owed, PostgresStore, StorageError

from .conftest import postgres_url, reset_postgres
from .helpers import PgServer, kept_running

log = logging.getLogger(__name__)

PROMPT_S = 2.0
"""How soon a call on a stopped server must fail (it takes milliseconds: the port is closed)."""
HUNG_S = 20.0
"""A call still running after this long hangs (the test fails rather than waiting on)."""
PLAYERS = (Player("111", "Ana"), Player("222", "Bo"))


@pytest.fixture
async def pg() -> AsyncIterator[PgServer]:
    """The test server, running before and after the test."""
    async with kept_running() as server:
        yield server


@pytest.fixture
async def pg_store(pg: PgServer) -> AsyncIterator[PostgresStore]:
    """An open store on the test server (closed after the server is back)."""
    opened = await PostgresStore.open(pg.url)
    try:
        yield opened
    finally:
        await pg.start()
        await opened.close()


async def played_match(store: PostgresStore) -> int:
    """A match whose first message was posted and which took one step: at version 1."""
    match_id = await store.create_match(NewMatch("keer-kids", PLAYERS, "s", {}, channel_id="2"))
    await store.set_message(match_id, "10", settled=0)
    await store.append(match_id, 0, [Entry(-1, "roll:1,2,3,4")])
    return match_id


async def refused_at_once(call: Callable[[], Awaitable[Any]]) -> tuple[BaseException, float]:
    """The error the call fails with and how long it took; the test fails if it hangs."""
    began, limit = time.monotonic(), asyncio.timeout(HUNG_S)
    try:
        async with limit:
            await call()
    except Exception as error:
        if limit.expired():
            raise AssertionError(f"the call still ran after {HUNG_S} s") from error
        return error, time.monotonic() - began
    raise AssertionError("the call succeeded on a stopped server")


def outage_calls(store: PostgresStore, match_id: int) -> dict[str, Callable[[], Awaitable[Any]]]:
    """Reads and writes the bot makes during a match, each as a call to try."""
    owed = Owed(match_id, "post", 2, 1, 1_000)
    return {
        "load": lambda: store.load(match_id),
        "open_match_ids": store.open_match_ids,
        "owed_messages": store.owed_messages,
        "append": lambda: store.append(match_id, 1, [Entry(0, "keep:1")], owed),
        "set_message": lambda: store.set_message(match_id, "11", settled=1),
        "set_deadline": lambda: store.set_deadline(Deadline(match_id, "turn", 5, {})),
        "owe": lambda: store.owe(owed),
    }


async def test_a_stopped_server_fails_each_call_at_once_as_an_outage(
    pg: PgServer, pg_store: PostgresStore
) -> None:
    store = pg_store
    match_id = await played_match(store)
    await pg.stop()
    slowest = 0.0
    for name, call in outage_calls(store, match_id).items():
        error, took = await refused_at_once(call)
        assert store_outage(error), f"{name}: {error!r} is not read as an outage"
        assert not isinstance(error, StorageError), f"{name}: {error!r} reads as damage"
        assert took < PROMPT_S, f"{name} took {took:.3f} s to fail"
        slowest = max(slowest, took)
    log.info("on a stopped server every call failed within %.3f s", slowest)


async def test_the_same_store_works_once_the_server_is_back_with_nothing_half_applied(
    pg: PgServer, pg_store: PostgresStore
) -> None:
    store = pg_store
    match_id = await played_match(store)
    await pg.stop()
    for call in outage_calls(store, match_id).values():
        await refused_at_once(call)
    began = time.monotonic()
    await pg.start()
    stored = await store.load(match_id)  # the same pool: its connections are made again
    log.info("the store answered %.3f s after the server was started", time.monotonic() - began)
    assert (stored.version, stored.message_id) == (1, "10")
    assert await store.owed_messages() == []
    assert await store.deadlines_of(match_id) == []
    owed = Owed(match_id, "post", 2, 1, 1_000)
    assert await store.append(match_id, 1, [Entry(0, "keep:1")], owed) == 2
    assert [o.version for o in await store.owed_messages()] == [2]


async def test_a_step_cut_off_by_the_shutdown_is_not_half_applied(
    pg: PgServer, pg_store: PostgresStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server stops as a step is sent (its one statement: version, events and owed message
    together): the step fails as an outage and nothing of it is stored."""
    store = pg_store
    match_id = await played_match(store)
    inside, resume = asyncio.Event(), asyncio.Event()
    send = asyncpg.connection.Connection.fetchval

    async def held(self: asyncpg.Connection, *args: Any, **kwargs: Any) -> Any:
        inside.set()
        await resume.wait()
        return await send(self, *args, **kwargs)

    monkeypatch.setattr(asyncpg.connection.Connection, "fetchval", held)
    owed = Owed(match_id, "post", 2, 1, 1_000)
    step = asyncio.create_task(store.append(match_id, 1, [Entry(0, "keep:1")], owed))
    await asyncio.wait_for(inside.wait(), HUNG_S)
    await pg.stop()
    resume.set()
    error, _ = await refused_at_once(lambda: step)
    monkeypatch.undo()
    assert store_outage(error), repr(error)
    await pg.start()
    stored = await store.load(match_id)
    assert stored.version == 1 and len(stored.record.entries) == 1
    assert await store.owed_messages() == []


async def test_a_step_cut_off_inside_its_statement_is_not_half_applied(
    pg_store: PostgresStore,
) -> None:
    """The step's session is ended while its statement runs — its version stepped and its events
    written, its owed message waiting on another session's row: the step fails as an outage and
    nothing of it is stored. (The other session holds on, so the step cannot finish first.)"""
    store = pg_store
    match_id = await played_match(store)
    rival, probe = await asyncpg.connect(store.url), await asyncpg.connect(store.url)
    try:
        await rival.execute(
            "BEGIN; INSERT INTO outbox (match_id, kind, version, since_ms)"
            f" VALUES ({match_id}, 'post', 9, 0)"
        )
        owed = Owed(match_id, "post", 2, 1, 1_000)
        step = asyncio.create_task(store.append(match_id, 1, [Entry(0, "keep:1")], owed))
        waiting = await asyncio.wait_for(waiting_on_a_lock(probe), HUNG_S)
        assert await probe.fetchval("SELECT pg_terminate_backend($1)", waiting)
        error, _ = await refused_at_once(lambda: step)
        assert store_outage(error), repr(error)
    finally:
        await rival.close()  # its transaction rolled back with it
        await probe.close()
    stored = await store.load(match_id)
    assert stored.version == 1 and len(stored.record.entries) == 1
    assert await store.owed_messages() == []


async def waiting_on_a_lock(probe: asyncpg.Connection) -> int:
    """The server process of the session that waits on a lock another holds, once there is one."""
    while True:
        pid = await probe.fetchval("SELECT pid FROM pg_locks WHERE NOT granted LIMIT 1")
        if pid is not None:
            return int(pid)
        await asyncio.sleep(0.01)


async def test_a_server_that_stops_answering_times_out_and_the_store_recovers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    url = postgres_url()
    await reset_postgres(url)
    monkeypatch.setattr(storage.postgres, "COMMAND_TIMEOUT_S", 0.5)
    store = await PostgresStore.open(url)
    try:
        match_id = await played_match(store)
        frozen = await backends_of(store, url)
        for pid in frozen:
            freeze(pid, signal.SIGSTOP)
        try:
            error, took = await refused_at_once(lambda: store.load(match_id))
        finally:
            for pid in frozen:
                freeze(pid, signal.SIGCONT)
        assert isinstance(error, TimeoutError) and store_outage(error), repr(error)
        assert took < PROMPT_S * 2, f"a frozen server held the call {took:.3f} s"
        log.info("a frozen server's call timed out after %.3f s", took)
        assert (await store.load(match_id)).version == 1
    finally:
        await store.close()


async def backends_of(store: PostgresStore, url: str) -> list[int]:
    """The server processes serving the store's connections (every other session of the test
    database: the store's pool is the only other client)."""
    await store.open_match_ids()  # the pool's connection is up
    probe = await asyncpg.connect(url)
    try:
        rows = await probe.fetch(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database()"
            " AND pid <> pg_backend_pid() AND backend_type = 'client backend'"
        )
    finally:
        await probe.close()
    assert rows, "the store has no connection to freeze"
    return [int(r["pid"]) for r in rows]


def freeze(pid: int, how: signal.Signals) -> None:
    """Stop or continue one server process (the test must run as root or the server's user)."""
    try:
        os.kill(pid, how)
    except PermissionError:
        if how is signal.SIGSTOP:
            pytest.skip("may not signal the PostgreSQL server's processes")


async def test_a_server_that_never_answers_the_connection_gives_up_in_seconds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(storage.postgres, "CONNECT_TIMEOUT_S", 0.5)
    accepted: list[asyncio.StreamWriter] = []

    async def silent(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        accepted.append(writer)  # accepts, reads nothing, answers nothing

    server = await asyncio.start_server(silent, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    try:
        began = time.monotonic()
        with pytest.raises(StorageError, match="cannot connect"):
            await asyncio.wait_for(PostgresStore.open(f"postgresql://t@127.0.0.1:{port}/t"), 30)
        assert time.monotonic() - began < PROMPT_S
    finally:
        for writer in accepted:
            writer.close()
        server.close()
        with suppress(Exception):
            await server.wait_closed()

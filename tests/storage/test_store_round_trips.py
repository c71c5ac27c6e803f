"""A click's writes cost the fewest round trips: on SQLite each transaction is one hop to
aiosqlite's thread (BEGIN IMMEDIATE … COMMIT run there whole), on PostgreSQL an append is one
statement; a refused or failed one still raises its error and leaves nothing written."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import closing
from pathlib import Path
from typing import Any

import aiosqlite
import asyncpg
import pytest

import storage.postgres
from games.common import CHANCE
from games.records import Entry, Player
from storage import (
    Deadline,
    DuplicateInteraction,
    NewMatch,
    Owed,
    PostgresStore,
    SqliteStore,
    StaleVersion,
    StorageError,
    Store,
    UnknownMatch,
    fence,
    sqlite_transactions,
)

from .conftest import postgres_url, reset_postgres

PLAYERS = (Player("111", "Ana"), Player("222", "Bo"))


@pytest.fixture
async def sqlite_store(tmp_path: Path) -> AsyncIterator[SqliteStore]:
    opened = await SqliteStore.open(tmp_path / "tablero.db")
    yield opened
    await opened.close()


@pytest.fixture
async def pg_store() -> AsyncIterator[PostgresStore]:
    """A fresh, migrated PostgreSQL store (skipped without a test database)."""
    url = postgres_url()
    await reset_postgres(url)
    opened = await PostgresStore.open(url)
    yield opened
    await opened.close()


@pytest.fixture
def hops(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the callables queued on aiosqlite's thread, in order (fails at once if
    aiosqlite has no `Connection._execute` any more: the one hop rests on it)."""
    queued: list[str] = []
    execute = aiosqlite.Connection._execute

    async def counted(self: aiosqlite.Connection, fn: Any, *args: Any, **kwargs: Any) -> Any:
        queued.append(getattr(fn, "__name__", repr(fn)))
        return await execute(self, fn, *args, **kwargs)  # type: ignore[no-untyped-call]

    monkeypatch.setattr(aiosqlite.Connection, "_execute", counted)
    return queued


async def played(store: Store, interaction: str = "1") -> int:
    """A match whose first message was posted and which took one step (by `interaction`)."""
    match_id = await store.create_match(NewMatch("keer-kids", PLAYERS, "s", {}, guild_id="1"))
    await store.set_message(match_id, "10", settled=0)
    await store.append(match_id, 0, [Entry(0, "keep:0", interaction=interaction)])
    return match_id


async def test_aiosqlite_runs_one_callable_on_its_thread_with_its_connection(
    sqlite_store: SqliteStore,
) -> None:
    """The private aiosqlite API the one hop uses (storage/sqlite_transactions.py) is there."""
    seen: list[tuple[int, object]] = []

    def where(conn: sqlite3.Connection, tag: str) -> str:
        seen.append((threading.get_ident(), conn.execute("SELECT 1").fetchone()))
        return tag

    db = sqlite_store._db
    assert await sqlite_transactions._on_db_thread(db, where, "a") == "a"
    assert await sqlite_transactions._on_db_thread(db, where, "b") == "b"
    assert seen[0] == seen[1] == (seen[0][0], (1,))
    assert seen[0][0] != threading.get_ident()


def click_writes(store: Store, match_id: int) -> dict[str, Callable[[], Awaitable[Any]]]:
    """Each write on a click's path, as a call to count (in this order they all succeed)."""
    owed = Owed(match_id, "post", 3, 1, 1_000)
    return {
        "append": lambda: store.append(match_id, 1, [Entry(CHANCE, "roll:BBB")]),
        "append owing": lambda: store.append(match_id, 2, [Entry(0, "keep:1")], owed),
        "settle": lambda: store.settle(match_id, 3),
        "owe": lambda: store.owe(owed),
        "set_message": lambda: store.set_message(match_id, "11", settled=3),
        "set_deadline": lambda: store.set_deadline(Deadline(match_id, "turn", 5, {})),
        "clear_deadline": lambda: store.clear_deadline(match_id, "turn"),
        "set_departed": lambda: store.set_departed(match_id, 1, "left"),
        "finish_match": lambda: store.finish_match(match_id, "cancelled", [], [], owed),
    }


async def test_each_write_of_a_click_is_one_hop(sqlite_store: SqliteStore, hops: list[str]) -> None:
    match_id = await played(sqlite_store)
    for name, write in click_writes(sqlite_store, match_id).items():
        hops.clear()
        await write()
        assert hops == ["_in_transaction"], f"{name}: {hops}"
    loaded = await sqlite_store.load(match_id)
    assert (loaded.version, loaded.status, loaded.message_id) == (3, "cancelled", "11")


def refusals(store: Store, match_id: int) -> dict[str, tuple[type[Exception], Callable[[], Any]]]:
    """Appends the store refuses (the match is at version 1), each with a message owed."""
    owed = Owed(match_id, "post", 2, 1, 1_000)
    return {
        "stale": (StaleVersion, lambda: store.append(match_id, 0, [Entry(0, "x")], owed)),
        "unknown": (UnknownMatch, lambda: store.append(404, 1, [Entry(0, "x")], owed)),
        "duplicate": (
            DuplicateInteraction,
            lambda: store.append(match_id, 1, [Entry(0, "x", interaction="1")], owed),
        ),
        "duplicate in a batch": (
            DuplicateInteraction,
            lambda: store.append(
                match_id, 1, [Entry(0, "y", interaction="2"), Entry(0, "z", interaction="2")], owed
            ),
        ),
    }


@pytest.mark.parametrize("refusal", ["stale", "unknown", "duplicate", "duplicate in a batch"])
async def test_a_refused_append_is_one_hop_and_leaves_nothing(
    sqlite_store: SqliteStore, hops: list[str], refusal: str
) -> None:
    match_id = await played(sqlite_store)
    error, append = refusals(sqlite_store, match_id)[refusal]
    hops.clear()
    with pytest.raises(error):
        await append()
    assert hops == ["_in_transaction"]
    await nothing_written(sqlite_store, match_id)


async def nothing_written(store: Store, match_id: int) -> None:
    """The match is still at version 1 with no message owed, and takes the next step."""
    loaded = await store.load(match_id)
    assert loaded.version == 1 and [e.action for e in loaded.record.entries] == ["keep:0"]
    assert await store.owed_messages() == []
    assert await store.append(match_id, 1, [Entry(CHANCE, "roll:BBB")]) == 2


async def test_transactions_started_together_never_interleave(sqlite_store: SqliteStore) -> None:
    """No lock: the thread runs one transaction at a time, whole."""
    matches = [await played(sqlite_store, str(i)) for i in range(4)]
    steps = [
        sqlite_store.append(m, 1 + i, [Entry(CHANCE, f"roll:{i}")])
        for i in range(20)
        for m in matches
    ]
    # Each match's steps in order: run them one match after another, all matches at once.
    await asyncio.gather(*(in_order(steps[k::4]) for k in range(4)))
    assert [(await sqlite_store.load(m)).version for m in matches] == [21] * 4


async def in_order(steps: list[Awaitable[Any]]) -> None:
    for step in steps:
        await step


async def test_a_write_waits_for_another_writer_on_the_file(sqlite_store: SqliteStore) -> None:
    """SQLite's busy timeout is waited out on the database thread, as before."""
    match_id = await played(sqlite_store)
    with closing(sqlite3.connect(sqlite_store.path, isolation_level=None)) as other:
        other.execute("BEGIN IMMEDIATE")
        asyncio.get_running_loop().call_later(0.3, other.execute, "COMMIT")
        assert await sqlite_store.append(match_id, 1, [Entry(CHANCE, "roll:BBB")]) == 2


async def test_a_write_the_file_stays_locked_for_fails_as_an_outage_and_leaves_nothing(
    sqlite_store: SqliteStore,
) -> None:
    match_id = await played(sqlite_store)
    await sqlite_store._db.execute("PRAGMA busy_timeout = 100")  # not the default 5 s
    owed = Owed(match_id, "post", 2, 1, 1_000)
    with closing(sqlite3.connect(sqlite_store.path, isolation_level=None)) as other:
        other.execute("BEGIN IMMEDIATE")
        with pytest.raises(sqlite3.OperationalError, match="locked"):
            await sqlite_store.append(match_id, 1, [Entry(CHANCE, "roll:BBB")], owed)
        other.execute("ROLLBACK")
    await nothing_written(sqlite_store, match_id)


async def test_a_failing_statement_rolls_the_transaction_back(
    sqlite_store: SqliteStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An error that is no refusal (here the owed message's row) undoes the version step and
    the events, and the next transaction starts clean."""
    match_id = await played(sqlite_store)
    monkeypatch.setattr(sqlite_transactions, "_OWE", "INSERT INTO no_such_table VALUES (?)")
    with pytest.raises(sqlite3.OperationalError):
        await sqlite_store.append(match_id, 1, [Entry(0, "x")], Owed(match_id, "post", 2, 1, 0))
    monkeypatch.undo()
    await nothing_written(sqlite_store, match_id)


async def test_a_closed_store_refuses_writes(tmp_path: Path) -> None:
    store = await SqliteStore.open(tmp_path / "tablero.db")
    match_id = await played(store)
    await store.close()
    with pytest.raises(ValueError, match=r"[Cc]onnection closed|no active connection"):
        await store.settle(match_id, 1)


@pytest.fixture
def statements(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The SQL each connection sends, and "BEGIN" for each transaction block opened: the pool's
    reset of a released connection too, where asyncpg lets the store skip it."""
    sent: list[str] = []
    connection = asyncpg.connection.Connection
    for name in ("execute", "executemany", "fetch", "fetchrow", "fetchval"):
        monkeypatch.setattr(connection, name, _counting(getattr(connection, name), sent))
    begin = asyncpg.transaction.Transaction.start

    async def started(self: asyncpg.transaction.Transaction) -> None:
        sent.append("BEGIN")
        await begin(self)

    monkeypatch.setattr(asyncpg.transaction.Transaction, "start", started)
    return sent


def _counting(method: Any, sent: list[str]) -> Any:
    async def counted(self: asyncpg.Connection, query: str, *args: Any, **kwargs: Any) -> Any:
        if storage.postgres._POOL_RESET or "RESET ALL" not in query:  # asyncpg < 0.30 resets
            sent.append(query)
        return await method(self, query, *args, **kwargs)

    return counted


async def test_a_postgres_append_is_one_statement(
    pg_store: PostgresStore, statements: list[str]
) -> None:
    store = pg_store
    match_id = await played(store)
    statements.clear()
    await store.append(match_id, 1, [Entry(CHANCE, "roll:BBB")], Owed(match_id, "post", 2, 1, 0))
    assert statements == [fence.APPEND]
    loaded = await store.load(match_id)
    assert loaded.version == 2 and [o.version for o in await store.owed_messages()] == [2]


@pytest.mark.parametrize("refusal", ["stale", "unknown", "duplicate", "duplicate in a batch"])
async def test_a_refused_postgres_append_leaves_nothing(
    pg_store: PostgresStore, refusal: str
) -> None:
    store = pg_store
    match_id = await played(store)
    error, append = refusals(store, match_id)[refusal]
    with pytest.raises(error):
        await append()
    await nothing_written(store, match_id)


async def test_an_append_keeps_its_events_order_and_fields(store: Store) -> None:
    match_id = await store.create_match(NewMatch("keer-kids", PLAYERS, "s", {}, guild_id="1"))
    batch = [
        Entry(CHANCE, "roll:BBB"),
        Entry(0, "keep:0", at=1_700_000_000_123, interaction="5"),
        Entry(1, "skip", interaction=None),
    ]
    assert await store.append(match_id, 0, batch) == 3
    assert await store.append(match_id, 3, []) == 3
    assert (await store.load(match_id)).record.entries == tuple(batch)


async def test_a_refusal_raised_inside_the_hop_is_a_storage_error(
    sqlite_store: SqliteStore,
) -> None:
    """The store's own errors cross the thread unchanged (bot code catches StorageError)."""
    with pytest.raises(StorageError):
        await sqlite_store.set_status(404, "finished")

"""The SQLite store's transactions, each run whole on the connection's thread: BEGIN IMMEDIATE,
its statements and COMMIT (or ROLLBACK) in one hop from the event loop and back, not one hop per
statement. A hop costs far more than SQLite's own commit of a click's few rows."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Sequence
from typing import Any, Concatenate, Final, ParamSpec, TypeVar, cast

import aiosqlite

from games.records import Entry
from ratings.history import RatingChange
from storage.errors import DuplicateInteraction, StaleVersion, StorageError, UnknownMatch
from storage.records import Lobby, NewMatch, Owed, Rating
from storage.rows import (
    fair_json,
    history_rows,
    owed_row,
    rating_rows,
    storage_integrity_error,
)
from storage.sql import (
    ADD_AWAY,
    DROP_AWAY_FROM,
    END_AWAY,
    FINISHED_EVENTS,
    FINISHED_MATCHES,
    FINISHED_SEATS,
    HISTORY_INSERT,
    LOADED_EVENTS,
    LOADED_MATCHES,
    LOADED_SEATS,
    OWE,
    PRUNE_AWAY,
    RATING_UPSERT,
    RESULT_INSERT,
    SETTLE,
    Query,
    qmark,
)

IDS_PER_SELECT: Final = 500
"""Ids in one `IN (…)`: under SQLite's oldest limit of 999 bound parameters."""

P = ParamSpec("P")
T = TypeVar("T")

_BUMP: Final = (
    "UPDATE matches SET version = version + ?, updated_at = ? WHERE id = ? AND version = ?"
)
_EVENT: Final = (
    "INSERT INTO match_events (match_id, seq, seat, action, at, interaction_id, created_at)"
    " VALUES (?, ?, ?, ?, ?, ?, ?)"
)
_OWE: Final = qmark(OWE)
_SETTLE: Final = qmark(SETTLE)
_RATING_UPSERT: Final = qmark(RATING_UPSERT)
_HISTORY_INSERT: Final = qmark(HISTORY_INSERT)
_RESULT_INSERT: Final = qmark(RESULT_INSERT)
_MATCH_INSERT: Final = (
    "INSERT INTO matches (game, options, seed, guild_id, channel_id, thread_id, rated,"
    " created_at, updated_at, fair) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
_LOBBY_INSERT: Final = (
    "INSERT INTO lobbies (kind, game, options, guild_id, channel_id, message_id, host_id,"
    " members, status, expires_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?,"
    " ?, ?)"
)
_LOBBY_UPDATE: Final = (
    "UPDATE lobbies SET kind = ?, game = ?, options = ?, guild_id = ?, channel_id = ?,"
    " message_id = ?, host_id = ?, members = ?, status = ?, expires_at = ?, updated_at = ?"
    " WHERE id = ?"
)


async def transaction(
    db: aiosqlite.Connection,
    work: Callable[Concatenate[sqlite3.Connection, P], T],
    *args: P.args,
    **kwargs: P.kwargs,
) -> T:
    """`work(connection, *args)` inside BEGIN IMMEDIATE … COMMIT, ROLLBACK on any error, in one
    hop: the thread runs one call at a time, so no other statement of this connection comes
    between (no lock needed), and SQLite's busy timeout is waited out on that thread."""
    return cast(T, await _on_db_thread(db, _in_transaction, work, *args, **kwargs))


async def _on_db_thread(
    db: aiosqlite.Connection, fn: Callable[..., Any], *args: Any, **kwargs: Any
) -> Any:
    """`fn(sqlite3 connection, *args)` run on aiosqlite's thread as one queued call.

    aiosqlite's private API, used here only: `Connection._execute` queues a callable on the
    connection's thread, `_conn` is its sqlite3 connection (both alike in aiosqlite 0.20-0.22;
    pyproject.toml pins that range and tests/storage/test_store_round_trips.py fails if they go)."""
    return await db._execute(fn, db._conn, *args, **kwargs)  # type: ignore[no-untyped-call]


def _in_transaction(
    conn: sqlite3.Connection,
    work: Callable[Concatenate[sqlite3.Connection, P], T],
    *args: P.args,
    **kwargs: P.kwargs,
) -> T:
    """BEGIN IMMEDIATE, `work`, COMMIT; a failed `work` or COMMIT leaves no transaction open."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        done = work(conn, *args, **kwargs)
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return done


def nothing(conn: sqlite3.Connection) -> None:
    """No statement: the transaction only shows the write lock can be taken."""


def execute(conn: sqlite3.Connection, sql: str, args: Sequence[Any]) -> int:
    """One statement; the rows it changed."""
    return conn.execute(sql, args).rowcount


def run(conn: sqlite3.Connection, queries: Sequence[Query]) -> list[int]:
    """Shared queries (`$1` placeholders) in order; the rows each changed."""
    return [max(conn.execute(qmark(q.sql), q.args).rowcount, 0) for q in queries]


def create_match(conn: sqlite3.Connection, match: NewMatch, now: int) -> int:
    """A new match, its seats and its first message owed; its id."""
    options = json.dumps(match.options)
    values = (match.game, options, match.seed, match.guild_id, match.channel_id)
    cursor = conn.execute(
        _MATCH_INSERT, (*values, match.thread_id, int(match.rated), now, now, fair_json(match))
    )
    match_id = cursor.lastrowid
    assert match_id is not None
    conn.executemany(
        "INSERT INTO seats (match_id, seat, player_id, name) VALUES (?, ?, ?, ?)",
        [(match_id, seat, p.id, p.name) for seat, p in enumerate(match.players)],
    )
    conn.execute(_OWE, owed_row(Owed(match_id, "post", 0, None, now)))
    return match_id


def append(
    conn: sqlite3.Connection,
    match_id: int,
    expected: int,
    entries: Sequence[Entry],
    *,
    owing: tuple[Any, ...] | None,
    now: int,
) -> None:
    """The match's version stepped from `expected`, the events and the message they make due."""
    if conn.execute(_BUMP, (len(entries), now, match_id, expected)).rowcount == 0:
        raise _refusal(conn, match_id, expected)
    rows = [
        (match_id, expected + i + 1, e.seat, e.action, e.at, e.interaction, now)
        for i, e in enumerate(entries)
    ]
    try:
        conn.executemany(_EVENT, rows)
    except sqlite3.IntegrityError as exc:
        raise DuplicateInteraction(f"match {match_id}: interaction already stored") from exc
    if owing is not None:
        conn.execute(_OWE, owing)


def _refusal(conn: sqlite3.Connection, match_id: int, expected: int) -> StorageError:
    """Why the version step changed nothing: no such match, or another version."""
    row = conn.execute("SELECT version FROM matches WHERE id = ?", (match_id,)).fetchone()
    if row is None:
        return UnknownMatch(f"no match {match_id}")
    return StaleVersion(f"match {match_id} is at version {row[0]}, not {expected}")


def owe(conn: sqlite3.Connection, row: tuple[Any, ...], match_id: int) -> None:
    """A message owed outside a step (refused by the schema for an unknown match)."""
    try:
        conn.execute(_OWE, row)
    except sqlite3.IntegrityError as exc:
        raise UnknownMatch(f"no match {match_id}") from exc


def settle(conn: sqlite3.Connection, match_id: int, version: int) -> None:
    """What the match owed up to `version` is done."""
    conn.execute(_SETTLE, (match_id, version))


def update_match(
    conn: sqlite3.Connection, match_id: int, sql: str, value: Any, *, now: int, settled: int | None
) -> None:
    """One match row updated (`sql`: value, time, id), settling what it owed up to `settled`."""
    if conn.execute(sql, (value, now, match_id)).rowcount == 0:
        raise UnknownMatch(f"no match {match_id}")
    if settled is not None:
        conn.execute(_SETTLE, (match_id, settled))


def set_departed(conn: sqlite3.Connection, match_id: int, seat: int, how: str, now: int) -> None:
    """How the player of `seat` left, the match row stamped."""
    sql = "UPDATE matches SET updated_at = ? WHERE id = ?"
    if conn.execute(sql, (now, match_id)).rowcount == 0:
        raise UnknownMatch(f"no match {match_id}")
    sql = "UPDATE seats SET departed = ? WHERE match_id = ? AND seat = ?"
    if conn.execute(sql, (how, match_id, seat)).rowcount == 0:
        raise StorageError(f"match {match_id} has no seat {seat}")


def finish_match(
    conn: sqlite3.Connection,
    match_id: int,
    status: str,
    ratings: Sequence[Rating],
    *,
    changes: list[tuple[Any, ...]],
    results: list[tuple[Any, ...]],
    owing: tuple[Any, ...] | None,
    now: int,
) -> None:
    """Final status, deadlines dropped, ratings, history, results and the message owed."""
    sql = "UPDATE matches SET status = ?, updated_at = ? WHERE id = ?"
    if conn.execute(sql, (status, now, match_id)).rowcount == 0:
        raise UnknownMatch(f"no match {match_id}")
    conn.execute("DELETE FROM deadlines WHERE match_id = ?", (match_id,))
    try:
        conn.executemany(_RATING_UPSERT, rating_rows(ratings, now))
        conn.executemany(_HISTORY_INSERT, changes)
        conn.executemany(_RESULT_INSERT, results)
    except sqlite3.IntegrityError as exc:
        raise storage_integrity_error(exc, f"match {match_id}: the result") from exc
    if owing is not None:
        conn.execute(_OWE, owing)


def finished(conn: sqlite3.Connection) -> tuple[list[Any], list[Any], list[Any]]:
    """Every finished match, its seats and its events, read in one transaction."""
    return (
        conn.execute(FINISHED_MATCHES).fetchall(),
        conn.execute(FINISHED_SEATS).fetchall(),
        conn.execute(FINISHED_EVENTS).fetchall(),
    )


def loaded(
    conn: sqlite3.Connection, match_ids: Sequence[int]
) -> tuple[list[Any], list[Any], list[Any]]:
    """These matches, their seats and their events (`IDS_PER_SELECT` ids to a select)."""
    rows: list[Any] = []
    seats: list[Any] = []
    events: list[Any] = []
    for start in range(0, len(match_ids), IDS_PER_SELECT):
        part = tuple(match_ids[start : start + IDS_PER_SELECT])
        ids = "IN (" + ", ".join("?" * len(part)) + ")"
        rows += conn.execute(LOADED_MATCHES.format(ids=ids), part).fetchall()
        seats += conn.execute(LOADED_SEATS.format(ids=ids), part).fetchall()
        events += conn.execute(LOADED_EVENTS.format(ids=ids), part).fetchall()
    return rows, seats, events


def replace_ratings(
    conn: sqlite3.Connection, ratings: Sequence[Rating], history: Sequence[RatingChange], now: int
) -> None:
    """Every rating and history row replaced by these."""
    conn.execute("DELETE FROM rating_history")
    conn.execute("DELETE FROM ratings")
    try:
        conn.executemany(_RATING_UPSERT, rating_rows(ratings, now))
        conn.executemany(_HISTORY_INSERT, history_rows(history))
    except sqlite3.IntegrityError as exc:
        raise storage_integrity_error(exc, "the new ratings") from exc


def merge_settings(
    conn: sqlite3.Connection, merge: str, select: str, key: str, *, patch: str, now: int
) -> tuple[bool, str | None]:
    """Whether the merge wrote its row; if not, the stored text it could not merge into."""
    if conn.execute(merge, (key, patch, now)).fetchall():
        return True, None
    rows = conn.execute(select, (key,)).fetchall()
    return False, rows[0][0] if rows else None


def save_lobby(conn: sqlite3.Connection, lobby: Lobby, values: tuple[Any, ...], now: int) -> int:
    """A new lobby inserted (id None) or one updated; its id."""
    if lobby.id is None:
        lobby_id = conn.execute(_LOBBY_INSERT, (*values, now, now)).lastrowid
        assert lobby_id is not None
        return lobby_id
    if conn.execute(_LOBBY_UPDATE, (*values, now, lobby.id)).rowcount == 0:
        raise StorageError(f"no lobby {lobby.id}")
    return lobby.id


def add_away(conn: sqlite3.Connection, spans: list[tuple[Any, ...]], forget_before_ms: int) -> None:
    """Away spans stored, those that ended before `forget_before_ms` forgotten."""
    conn.execute(qmark(PRUNE_AWAY), (forget_before_ms,))
    conn.executemany(qmark(ADD_AWAY), spans)


def end_away(conn: sqlite3.Connection, user_id: str, at_ms: int) -> None:
    """A member's spans end at `at_ms`; those not begun by then go."""
    conn.execute(qmark(END_AWAY), (user_id, at_ms))
    conn.execute(qmark(DROP_AWAY_FROM), (user_id, at_ms))

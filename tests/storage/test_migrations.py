"""Upgrading a database: one written at an older schema migrates and keeps its rows (both
backends)."""

from __future__ import annotations

import sqlite3
from collections.abc import Awaitable, Callable, Sequence
from contextlib import closing
from pathlib import Path

import asyncpg
import pytest

from games.common import CHANCE
from games.records import Entry, Player
from ratings.history import RatingChange
from storage import Deadline, PostgresStore, Rating, Result, SqliteStore, Store, rebuild_open
from storage.schema import latest, migrations

from .conftest import postgres_url, reset_postgres

SCHEMA_2_ROWS = (
    "INSERT INTO matches (game, options, seed, guild_id, channel_id, status, version, created_at,"
    " updated_at) VALUES ('keer-kids', '{}', 'old', '1', '2', 'open', 1, 0, 0)",
    "INSERT INTO seats (match_id, seat, player_id, name) VALUES (1, 0, '111', 'Ana'),"
    " (1, 1, '222', 'Bo')",
    "INSERT INTO match_events (match_id, seq, seat, action, at, interaction_id, created_at)"
    " VALUES (1, 1, -1, 'roll:BBB', NULL, '42', 0)",
    "INSERT INTO guild_settings (guild_id, settings, updated_at) VALUES ('1', '{\"a\": 1}', 0)",
)
"""A schema-2 database's rows, in SQL both dialects read alike."""

Opener = Callable[[], Awaitable[Store]]
RawSql = Callable[[str], Awaitable[None]]


SCHEMA_3_ROWS = (
    *SCHEMA_2_ROWS,
    "UPDATE seats SET departed = 'resigned' WHERE match_id = 1 AND seat = 1",
    "INSERT INTO deadlines (match_id, kind, due_at, payload) VALUES (1, 'turn', 9000,"
    " '{\"seat\": 0}'), (1, 'idle', 5000, '{}')",
)
"""A schema-3 database's rows: schema 2's, a departed seat, and the match's deadlines."""


async def sqlite_at_schema(path: Path, version: int, rows: Sequence[str]) -> tuple[Opener, RawSql]:
    """A SQLite file migrated only up to `version`, holding `rows`."""
    with closing(sqlite3.connect(path)) as db:
        for _, _, sql in migrations("sqlite")[:version]:
            db.executescript(sql)
        for sql in rows:
            db.execute(sql)
        db.commit()
        db.execute(f"PRAGMA user_version = {version}")

    async def open_store() -> Store:
        return await SqliteStore.open(path)

    async def raw(sql: str) -> None:
        with closing(sqlite3.connect(path)) as db:
            db.execute(sql)
            db.commit()

    return open_store, raw


async def postgres_at_schema(url: str, version: int, rows: Sequence[str]) -> tuple[Opener, RawSql]:
    """The test database migrated only up to `version`, holding `rows`."""
    await reset_postgres(url)
    db = await asyncpg.connect(url)
    try:
        async with db.transaction():
            await db.execute("CREATE TABLE tablero_schema (version INTEGER NOT NULL)")
            for number, _, sql in migrations("postgres")[:version]:
                await db.execute(sql)
                await db.execute("INSERT INTO tablero_schema (version) VALUES ($1)", number)
            for sql in rows:
                await db.execute(sql)
    finally:
        await db.close()

    async def open_store() -> Store:
        return await PostgresStore.open(url)

    async def raw(sql: str) -> None:
        conn = await asyncpg.connect(url)
        try:
            await conn.execute(sql)
        finally:
            await conn.close()

    return open_store, raw


async def at_schema(
    backend: str, tmp_path: Path, version: int, rows: Sequence[str]
) -> tuple[str, Opener, RawSql]:
    """Where a database of `backend` at schema `version` is, how to open it, and raw SQL on it."""
    if backend == "sqlite":
        where = str(tmp_path / "old.db")
        return (where, *await sqlite_at_schema(Path(where), version, rows))
    where = postgres_url()
    return (where, *await postgres_at_schema(where, version, rows))


async def schema_version(backend: str, where: str) -> int:
    if backend == "sqlite":
        with closing(sqlite3.connect(where)) as db:
            return int(db.execute("PRAGMA user_version").fetchone()[0])
    server = await asyncpg.connect(where)
    try:
        return int(await server.fetchval("SELECT max(version) FROM tablero_schema"))
    finally:
        await server.close()


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
async def test_a_schema_2_database_migrates_and_keeps_its_rows(
    backend: str, tmp_path: Path
) -> None:
    where, open_store, raw = await at_schema(backend, tmp_path, 2, SCHEMA_2_ROWS)
    assert await schema_version(backend, where) == 2

    store = await open_store()
    try:
        loaded = await store.load(1)
        assert loaded.record.players == (Player("111", "Ana"), Player("222", "Bo"))
        assert loaded.record.entries == (Entry(CHANCE, "roll:BBB", None, "42"),)
        assert (loaded.status, loaded.version, loaded.channel_id) == ("open", 1, "2")
        assert loaded.departed == {}
        assert await store.get_guild_settings("1") == {"a": 1}
        assert await store.open_match_in("2") == 1
        assert (await rebuild_open(store)).problems == {}
        await store.set_departed(1, 0, "resigned")
        assert (await store.load(1)).departed == {0: "resigned"}
    finally:
        await store.close()
    assert await schema_version(backend, where) == latest(backend)

    refused = (sqlite3.IntegrityError, asyncpg.CheckViolationError)
    with pytest.raises(refused):
        await raw("UPDATE seats SET departed = 'bored' WHERE match_id = 1 AND seat = 1")


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
async def test_a_schema_3_database_migrates_and_keeps_its_rows(
    backend: str, tmp_path: Path
) -> None:
    where, open_store, raw = await at_schema(backend, tmp_path, 3, SCHEMA_3_ROWS)
    assert await schema_version(backend, where) == 3

    store = await open_store()
    try:
        loaded = await store.load(1)
        assert loaded.record.players == (Player("111", "Ana"), Player("222", "Bo"))
        assert loaded.record.entries == (Entry(CHANCE, "roll:BBB", None, "42"),)
        assert loaded.departed == {1: "resigned"}
        assert await store.get_guild_settings("1") == {"a": 1}
        assert await store.deadlines_of(1) == [
            Deadline(1, "idle", 5000, {}),
            Deadline(1, "turn", 9000, {"seat": 0}),
        ]
        rebuilt = await rebuild_open(store)
        assert rebuilt.problems == {} and [d.kind for d in rebuilt.deadlines] == ["idle", "turn"]
        assert await store.get_user_settings("111") == {}
        await store.set_user_settings("111", {"dm_reminders": True})
        assert await store.get_user_settings("111") == {"dm_reminders": True}
    finally:
        await store.close()
    assert await schema_version(backend, where) == latest(backend)

    await raw("INSERT INTO user_settings (user_id, updated_at) VALUES ('222', 0)")
    store = await open_store()
    try:
        assert await store.get_user_settings("222") == {}, "the column defaults to {}"
        assert await store.get_user_settings("111") == {"dm_reminders": True}
    finally:
        await store.close()
    assert await schema_version(backend, where) == latest(backend)


SCHEMA_4_ROWS = (
    *SCHEMA_3_ROWS,
    "INSERT INTO matches (game, options, seed, guild_id, channel_id, status, version, created_at,"
    " updated_at) VALUES ('kero', '{}', 'done', '1', '2', 'finished', 0, 0, 7)",
    "INSERT INTO seats (match_id, seat, player_id, name) VALUES (2, 0, '111', 'Ana')",
    "INSERT INTO ratings (guild_id, game, player_id, mu, sigma, games, updated_at)"
    " VALUES ('1', 'kero', '111', 27.5, 7.0, 1, 7)",
    "INSERT INTO rating_history (match_id, guild_id, game, player_id, mu, sigma, at)"
    " VALUES (2, '1', 'kero', '111', 27.5, 7.0, 7)",
    "INSERT INTO user_settings (user_id, settings, updated_at) VALUES ('111', '{\"b\": 2}', 0)",
)
"""A schema-4 database's rows: schema 3's, a finished match with its rating, user settings."""


@pytest.mark.parametrize("backend", ["sqlite", "postgres"])
async def test_a_schema_4_database_migrates_its_matches_as_rated(
    backend: str, tmp_path: Path
) -> None:
    where, open_store, raw = await at_schema(backend, tmp_path, 4, SCHEMA_4_ROWS)
    assert await schema_version(backend, where) == 4

    store = await open_store()
    try:
        open_match, finished = await store.load(1), await store.load(2)
        assert open_match.rated and finished.rated, "matches before migration 5 were rated"
        assert open_match.departed == {1: "resigned"} and finished.status == "finished"
        assert [m.id for m in await store.finished_matches()] == [2]
        assert await store.ratings("1", "kero") == [Rating("1", "kero", "111", 27.5, 7.0, 1)]
        assert await store.rating_history("1", "kero", "111") == [
            RatingChange(2, "1", "kero", "111", 27.5, 7.0, 7)
        ]
        assert await store.get_user_settings("111") == {"b": 2}
        assert await store.player_results("111", None, None, None) == []
        assert await store.player_match_counts("111", None, None) == (1, 1)
        await store.finish_match(1, "finished", [], [Result(0, "111", 1, 3, None)])
        [result] = await store.player_results("111", None, None, None)
        assert (result.match_id, result.place, result.rated) == (1, 1, True)
    finally:
        await store.close()
    assert await schema_version(backend, where) == latest(backend)

    await raw(
        "INSERT INTO matches (game, seed, created_at, updated_at) VALUES ('kero', 'raw', 0, 0)"
    )
    store = await open_store()
    try:
        assert (await store.load(3)).rated, "the column defaults to rated"
    finally:
        await store.close()
    refused = (sqlite3.IntegrityError, asyncpg.CheckViolationError)
    with pytest.raises(refused):
        await raw(
            "INSERT INTO match_results (match_id, seat, player_id, place) VALUES (3, 0, 'x', 0)"
        )

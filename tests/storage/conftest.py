"""One storage suite, two backends: SQLite always, PostgreSQL when a test database is given.

`.ci/run` starts PostgreSQL on loopback and sets TABLERO_TEST_DATABASE_URL; on a machine without
it the PostgreSQL cases are skipped, except under CI, where a missing database is a failure.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import AsyncIterator
from contextlib import closing
from pathlib import Path

import asyncpg
import pytest

from storage import PostgresStore, SqliteStore, Store

POSTGRES_URL = os.environ.get("TABLERO_TEST_DATABASE_URL")


def postgres_url() -> str:
    """The test database's URL, or skip (fail under CI) when there is none."""
    if POSTGRES_URL:
        return POSTGRES_URL
    if os.environ.get("CI"):
        pytest.fail(
            "CI must run the storage suite on PostgreSQL: TABLERO_TEST_DATABASE_URL is unset"
        )
    pytest.skip("no PostgreSQL test database (set TABLERO_TEST_DATABASE_URL)")


async def reset_postgres(url: str) -> None:
    """Drop and recreate the public schema, so each test starts from an empty database."""
    db = await asyncpg.connect(url)
    try:
        await db.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public;")
    finally:
        await db.close()


async def raw_sql(store: Store, sql: str, *args: object) -> None:
    """Run SQL on the store's database behind its back (to plant a corrupt row), through a
    connection of its own as an outside writer would: `?` placeholders on SQLite, `$1` on
    PostgreSQL."""
    if isinstance(store, SqliteStore):
        with closing(sqlite3.connect(store.path)) as file:
            file.execute(sql, args)
            file.commit()
    elif isinstance(store, PostgresStore):
        server = await asyncpg.connect(store.url)
        try:
            await server.execute(sql, *args)
        finally:
            await server.close()
    else:
        raise TypeError(f"no raw SQL for {type(store).__name__}")


async def raw_rows(store: Store, sql: str, *args: object) -> list[tuple[object, ...]]:
    """Read the store's database behind its back (what a row really holds), through a
    connection of its own: `?` placeholders on SQLite, `$1` on PostgreSQL."""
    if isinstance(store, SqliteStore):
        with closing(sqlite3.connect(store.path)) as file:
            return [tuple(row) for row in file.execute(sql, args)]
    if isinstance(store, PostgresStore):
        server = await asyncpg.connect(store.url)
        try:
            return [tuple(row) for row in await server.fetch(sql, *args)]
        finally:
            await server.close()
    raise TypeError(f"no raw SQL for {type(store).__name__}")


async def second_store(store: Store) -> Store:
    """Another store on the same database, as a second process would open it."""
    if isinstance(store, SqliteStore):
        return await SqliteStore.open(store.path)
    if isinstance(store, PostgresStore):
        return await PostgresStore.open(store.url)
    raise TypeError(f"no second store for {type(store).__name__}")


def mark(store: Store, n: int) -> str:
    """The store's SQL placeholder for the n-th argument (from 1)."""
    return "?" if isinstance(store, SqliteStore) else f"${n}"


@pytest.fixture(params=["sqlite", "postgres"])
async def store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Store]:
    """A fresh, migrated store of each backend."""
    opened: Store
    if request.param == "sqlite":
        opened = await SqliteStore.open(tmp_path / "data" / "tablero.db")
    else:
        url = postgres_url()
        await reset_postgres(url)
        opened = await PostgresStore.open(url)
    yield opened
    await opened.close()

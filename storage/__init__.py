"""Durable matches: the event store behind one async interface (storage.base.Store).

SQLite through aiosqlite is the default (one file, no set-up); PostgreSQL through asyncpg when
`DATABASE_URL` says `postgresql://…`, for several bot processes sharing one database.
`rebuild_open` (storage.rebuild) replays every open match at start-up.
"""

from __future__ import annotations

from pathlib import Path

from storage.base import StorageError, Store
from storage.postgres import PostgresStore
from storage.sqlite import SqliteStore

DEFAULT_SQLITE_PATH = Path("data/tablero.db")


async def open_store(database_url: str | None = None, sqlite_path: Path | None = None) -> Store:
    """PostgreSQL for a `postgresql://` (or `postgres://`) URL, else the SQLite file."""
    if database_url:
        if not database_url.startswith(("postgresql://", "postgres://")):
            raise StorageError(f"DATABASE_URL must be a postgresql:// URL, not {database_url!r}")
        return await PostgresStore.open(database_url)
    return await SqliteStore.open(sqlite_path or DEFAULT_SQLITE_PATH)


__all__ = [
    "DEFAULT_SQLITE_PATH",
    "PostgresStore",
    "SqliteStore",
    "StorageError",
    "Store",
    "open_store",
]

"""Durable matches: the event store behind one async interface (storage.protocol.Store).

SQLite through aiosqlite is the default (one file, no set-up); PostgreSQL through asyncpg when
`DATABASE_URL` says `postgresql://…`, for several bot processes sharing one database.
`rebuild_open` (storage.rebuild) replays every open match at start-up.

This module is the public API: code outside storage/ imports from `storage` only, never from its
modules (errors, records, protocol, the stores, rebuild); rows, sql, reads and schema are inner
workings. The rating-history row is ratings.history.RatingChange: storage sits on ratings.
"""

from __future__ import annotations

from pathlib import Path

from storage.errors import (
    DuplicateInteraction,
    LeaseLost,
    SchemaTooNew,
    ShardTaken,
    StaleVersion,
    StorageError,
    UnknownMatch,
)
from storage.lease import LEASE_TTL_S
from storage.postgres import PostgresStore
from storage.protocol import Store
from storage.rebuild import Rebuilt, rebuild_open
from storage.records import (
    LOBBY_KINDS,
    LOBBY_STATUSES,
    MATCH_STATUSES,
    ONE_SHARD,
    OWED_KINDS,
    SEAT_DEPARTURES,
    AwaySpan,
    BoardRow,
    Deadline,
    Forgotten,
    Lobby,
    MemberSeat,
    NewMatch,
    Owed,
    PlayerResult,
    Rating,
    Result,
    SettingValue,
    Shards,
    StoredMatch,
    now_ms,
)
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
    "LEASE_TTL_S",
    "LOBBY_KINDS",
    "LOBBY_STATUSES",
    "MATCH_STATUSES",
    "ONE_SHARD",
    "OWED_KINDS",
    "SEAT_DEPARTURES",
    "AwaySpan",
    "BoardRow",
    "Deadline",
    "DuplicateInteraction",
    "Forgotten",
    "LeaseLost",
    "Lobby",
    "MemberSeat",
    "NewMatch",
    "Owed",
    "PlayerResult",
    "PostgresStore",
    "Rating",
    "Rebuilt",
    "Result",
    "SchemaTooNew",
    "SettingValue",
    "ShardTaken",
    "Shards",
    "SqliteStore",
    "StaleVersion",
    "StorageError",
    "Store",
    "StoredMatch",
    "UnknownMatch",
    "now_ms",
    "open_store",
    "rebuild_open",
]

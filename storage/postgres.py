"""The Store on PostgreSQL through asyncpg, for deployments where several bot processes (shard
slices) share one database. Same interface and behaviour as the SQLite store."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from typing import Any

import asyncpg

from games.records import Entry, MatchRecord, Player
from storage.base import (
    DuplicateInteraction,
    NewMatch,
    SchemaTooNew,
    StaleVersion,
    StorageError,
    StoredMatch,
    UnknownMatch,
)
from storage.schema import migrations

STATUSES = ("open", "finished", "cancelled", "abandoned")
_LOCK_KEY = 0x7AB1E20
"""Advisory lock held while migrating, so two processes starting together migrate once."""


class PostgresStore:
    """The Store on a PostgreSQL connection pool."""

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        self._pool = pool
        self.url = url

    @classmethod
    async def open(cls, url: str) -> PostgresStore:
        """Connect, refuse a schema newer than this code, and apply pending migrations."""
        try:
            pool = await asyncpg.create_pool(url, min_size=1, max_size=5)
        except (OSError, asyncpg.PostgresError) as exc:
            raise StorageError(f"cannot connect to PostgreSQL: {exc}") from exc
        try:
            await _migrate(pool)
        except BaseException:
            await pool.close()
            raise
        return cls(pool, url)

    async def close(self) -> None:
        """Close the pool."""
        await self._pool.close()

    async def create_match(self, match: NewMatch) -> int:
        """Store a new open match with its seats; return its id."""
        now = _now_ms()
        async with self._pool.acquire() as db, db.transaction():
            match_id: int = await db.fetchval(
                "INSERT INTO matches (game, options, seed, guild_id, channel_id, thread_id,"
                " created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING id",
                match.game,
                json.dumps(match.options),
                match.seed,
                match.guild_id,
                match.channel_id,
                match.thread_id,
                now,
            )
            await db.executemany(
                "INSERT INTO seats (match_id, seat, player_id, name) VALUES ($1, $2, $3, $4)",
                [(match_id, seat, p.id, p.name) for seat, p in enumerate(match.players)],
            )
        return match_id

    async def append(self, match_id: int, expected_version: int, entries: Sequence[Entry]) -> int:
        """Append events if the match is still at `expected_version`; return the new version."""
        now = _now_ms()
        async with self._pool.acquire() as db, db.transaction():
            status = await db.execute(
                "UPDATE matches SET version = version + $1, updated_at = $2"
                " WHERE id = $3 AND version = $4",
                len(entries),
                now,
                match_id,
                expected_version,
            )
            if status == "UPDATE 0":
                current = await db.fetchval("SELECT version FROM matches WHERE id = $1", match_id)
                if current is None:
                    raise UnknownMatch(f"no match {match_id}")
                raise StaleVersion(
                    f"match {match_id} is at version {current}, not {expected_version}"
                )
            rows = [
                (match_id, expected_version + i + 1, e.seat, e.action, e.at, e.interaction, now)
                for i, e in enumerate(entries)
            ]
            try:
                await db.executemany(
                    "INSERT INTO match_events (match_id, seq, seat, action, at, interaction_id,"
                    " created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
                    rows,
                )
            except asyncpg.UniqueViolationError as exc:
                raise DuplicateInteraction(f"match {match_id}: interaction already stored") from exc
        return expected_version + len(entries)

    async def load(self, match_id: int) -> StoredMatch:
        """The match and its whole event log."""
        async with self._pool.acquire() as db:
            row = await db.fetchrow(
                "SELECT id, game, options, seed, status, version, guild_id, channel_id,"
                " thread_id, message_id FROM matches WHERE id = $1",
                match_id,
            )
            if row is None:
                raise UnknownMatch(f"no match {match_id}")
            seats = await db.fetch(
                "SELECT seat, player_id, name FROM seats WHERE match_id = $1 ORDER BY seat",
                match_id,
            )
            events = await db.fetch(
                "SELECT seat, action, at, interaction_id FROM match_events WHERE match_id = $1"
                " ORDER BY seq",
                match_id,
            )
        return _stored(row, seats, events)

    async def open_match_ids(self) -> list[int]:
        """Ids of every match still open."""
        async with self._pool.acquire() as db:
            rows = await db.fetch("SELECT id FROM matches WHERE status = 'open' ORDER BY id")
        return [int(r["id"]) for r in rows]

    async def set_status(self, match_id: int, status: str) -> None:
        """Mark a match finished, cancelled, abandoned, or open."""
        if status not in STATUSES:
            raise StorageError(f"status must be one of {', '.join(STATUSES)}, not {status!r}")
        await self._update(
            match_id, "UPDATE matches SET status = $1, updated_at = $2 WHERE id = $3", status
        )

    async def set_message(self, match_id: int, message_id: str | None) -> None:
        """Remember the Discord message that shows the match."""
        await self._update(
            match_id,
            "UPDATE matches SET message_id = $1, updated_at = $2 WHERE id = $3",
            message_id,
        )

    async def _update(self, match_id: int, sql: str, value: Any) -> None:
        async with self._pool.acquire() as db:
            status = await db.execute(sql, value, _now_ms(), match_id)
        if status == "UPDATE 0":
            raise UnknownMatch(f"no match {match_id}")


async def _migrate(pool: asyncpg.Pool) -> None:
    """Refuse a newer schema; apply pending migrations in one transaction under a lock."""
    known = migrations("postgres")
    async with pool.acquire() as db, db.transaction():
        await db.execute("SELECT pg_advisory_xact_lock($1)", _LOCK_KEY)
        await db.execute("CREATE TABLE IF NOT EXISTS tablero_schema (version INTEGER NOT NULL)")
        current = await db.fetchval("SELECT max(version) FROM tablero_schema") or 0
        if current > len(known):
            raise SchemaTooNew(
                f"the database has schema version {current}, but this Tablero knows only up to"
                f" {len(known)}: upgrade Tablero (the database was left untouched)"
            )
        for number, _, sql in known[current:]:
            await db.execute(sql)
            await db.execute("INSERT INTO tablero_schema (version) VALUES ($1)", number)


def _stored(row: Any, seats: Sequence[Any], events: Sequence[Any]) -> StoredMatch:
    match_id = int(row["id"])
    try:
        options = json.loads(row["options"])
    except json.JSONDecodeError as exc:
        raise StorageError(f"match {match_id}: options are not JSON ({exc})") from None
    record = MatchRecord(
        game=row["game"],
        players=tuple(Player(str(s["player_id"]), str(s["name"])) for s in seats),
        entries=tuple(
            Entry(int(e["seat"]), str(e["action"]), e["at"], e["interaction_id"]) for e in events
        ),
        options=options,
        seed=row["seed"],
    )
    return StoredMatch(
        match_id,
        row["status"],
        int(row["version"]),
        record,
        row["guild_id"],
        row["channel_id"],
        row["thread_id"],
        row["message_id"],
    )


def _now_ms() -> int:
    return time.time_ns() // 1_000_000

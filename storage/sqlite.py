"""The default store: one SQLite file through aiosqlite, in WAL mode, migrated at start-up."""

from __future__ import annotations

import fcntl
import json
import sqlite3
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import IO, Any

import aiosqlite

from games.records import Entry
from ratings.history import RatingChange
from storage import sqlite_transactions as tx
from storage.errors import (
    SchemaTooNew,
    ShardTaken,
    StorageError,
    UnknownMatch,
)
from storage.lease import LEASE_TTL_S
from storage.member_data import MemberData
from storage.reads import SharedReads
from storage.records import (
    ONE_SHARD,
    AwaySpan,
    Deadline,
    LoadedMatches,
    Lobby,
    NewMatch,
    Owed,
    Rating,
    Result,
    SettingValue,
    Shards,
    StoredMatch,
    now_ms,
)
from storage.rows import (
    changes_of,
    check_departure,
    check_lobby,
    check_match_status,
    deadline_from_row,
    history_rows,
    loaded_matches,
    lobby_from_row,
    owed_from_row,
    owed_row,
    result_rows,
    settings_from_row,
    settings_not_merged,
    settings_patch,
    settings_to_json,
    stored_match,
    stored_matches,
)
from storage.schema import migrations
from storage.settings_access import SettingsAccess
from storage.sql import (
    DEADLINE_SELECT,
    LOBBY_SELECT,
    MATCH_COLUMNS,
    OPEN_LOBBIES_WHERE,
    OPEN_MATCHES,
    OPEN_OWED,
    SEAT_COLUMNS,
    Query,
    SettingsTable,
    qmark,
)
from storage.sqlite_transactions import transaction

_DEADLINE_UPSERT = (
    "INSERT INTO deadlines (match_id, kind, due_at, payload) VALUES (?, ?, ?, ?)"
    " ON CONFLICT (match_id, kind) DO UPDATE SET due_at = excluded.due_at,"
    " payload = excluded.payload"
)


class SqliteStore(SharedReads, SettingsAccess, MemberData):
    """The Store on one SQLite file; one connection, whose thread runs each transaction whole
    (storage/sqlite_transactions.py)."""

    def __init__(self, db: aiosqlite.Connection, path: str) -> None:
        self._db = db
        self.path = path
        self._claim: IO[bytes] | None = None
        """The open lock file while this process runs the bot on the file (claim_shards)."""

    @classmethod
    async def open(cls, path: str | Path) -> SqliteStore:
        """Open (creating the file and its folder on first use) and migrate the database."""
        where = str(path)
        if where != ":memory:":
            Path(where).parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(where, isolation_level=None)
        try:
            await _check_version(db, where)
            await db.execute("PRAGMA journal_mode = WAL")
            await db.execute("PRAGMA synchronous = NORMAL")
            await db.execute("PRAGMA foreign_keys = ON")
            await _migrate(db)
        except BaseException:
            await db.close()
            raise
        return cls(db, where)

    async def close(self) -> None:
        """Release the connection (and the claim on the file, if any)."""
        await self._db.close()
        if self._claim is not None:
            self._claim.close()
            self._claim = None

    async def claim_shards(self, shards: Shards, ttl_s: float = LEASE_TTL_S) -> None:
        """One bot process per SQLite file: a lock file beside it, held until close (a second
        process on the same file is refused; `tablero db` commands take no claim and may read
        beside the bot). That process runs every shard: sharing them out needs PostgreSQL. A
        lock file is never held by a process that is gone, so there is no TTL to wait out and
        nothing to fence."""
        if shards.indices != tuple(range(shards.count)):
            raise ShardTaken(
                f"this process would run {shards} only: sharing the shards out among"
                " processes needs PostgreSQL (DATABASE_URL), a SQLite file serves one bot process"
            )
        if self.path == ":memory:" or self._claim is not None:
            return
        claim = Path(self.path + ".lock").open("ab")  # noqa: SIM115 - held until close
        try:
            fcntl.flock(claim.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            claim.close()
            raise ShardTaken(
                f"another Tablero process already runs on {self.path}: one SQLite file serves"
                " one bot process (several need PostgreSQL)"
            ) from None
        self._claim = claim

    async def keep_shards(self) -> bool:
        """A lock file can't be lost while the process lives."""
        return True

    def on_lease_lost(self, listener: Callable[[], None]) -> None:
        """Never called: a lock file can't be lost while the process lives."""

    async def ready_to_serve(self) -> None:
        """At once: a lock file is never held by a process that is gone."""

    async def create_match(self, match: NewMatch) -> int:
        """Store a new open match with its seats; return its id."""
        return await transaction(self._db, tx.create_match, match, now_ms())

    async def append(
        self,
        match_id: int,
        expected_version: int,
        entries: Sequence[Entry],
        owed: Owed | None = None,
    ) -> int:
        """Append events if the match is still at `expected_version`, and record the message
        they make due; return the new version (one transaction, one hop to the database thread)."""
        owing = None if owed is None else owed_row(owed)
        await transaction(
            self._db, tx.append, match_id, expected_version, entries, owing=owing, now=now_ms()
        )
        return expected_version + len(entries)

    async def owed_messages(self, shards: Shards = ONE_SHARD) -> list[Owed]:
        """Every message the matches (on `shards`) owe, oldest first."""
        rows = await self._db.execute_fetchall(qmark(OPEN_OWED))
        return [owed_from_row(r) for r in rows if shards.owns(r[5])]

    async def owe(self, owed: Owed) -> None:
        """Record a message a match owes outside a step."""
        await transaction(self._db, tx.owe, owed_row(owed), owed.match_id)

    async def settle(self, match_id: int, version: int) -> None:
        """What the match owed up to `version` is done."""
        await transaction(self._db, tx.settle, match_id, version)

    async def load(self, match_id: int) -> StoredMatch:
        """The match and its whole event log."""
        cursor = await self._db.execute(
            "SELECT " + MATCH_COLUMNS + " FROM matches WHERE id = ?",
            (match_id,),
        )
        row = await cursor.fetchone()
        if row is None:
            raise UnknownMatch(f"no match {match_id}")
        seats = await self._db.execute_fetchall(
            "SELECT " + SEAT_COLUMNS + " FROM seats WHERE match_id = ? ORDER BY seat", (match_id,)
        )
        events = await self._db.execute_fetchall(
            "SELECT seat, action, at, interaction_id FROM match_events WHERE match_id = ?"
            " ORDER BY seq",
            (match_id,),
        )
        return stored_match(row, list(seats), list(events))

    async def load_many(self, match_ids: Sequence[int]) -> LoadedMatches:
        """Several matches with their event logs, read in one transaction (one hop)."""
        rows, seats, events = await transaction(self._db, tx.loaded, match_ids)
        return loaded_matches(match_ids, rows, seats, events)

    async def open_match_ids(self, shards: Shards = ONE_SHARD) -> list[int]:
        """Ids of every match still open (on `shards`)."""
        rows = await self._db.execute_fetchall(qmark(OPEN_MATCHES))
        return [int(r[0]) for r in rows if shards.owns(r[1])]

    async def open_match_in(self, channel_id: str) -> int | None:
        """The open match played in this thread, or (without a thread) channel; the oldest."""
        cursor = await self._db.execute(
            "SELECT id FROM matches WHERE status = 'open'"
            " AND COALESCE(thread_id, channel_id) = ? ORDER BY id LIMIT 1",
            (channel_id,),
        )
        row = await cursor.fetchone()
        return None if row is None else int(row[0])

    async def set_departed(self, match_id: int, seat: int, how: str) -> None:
        """Record how the player of `seat` left the match."""
        check_departure(how)
        await transaction(self._db, tx.set_departed, match_id, seat, how, now_ms())

    async def set_status(self, match_id: int, status: str) -> None:
        """Mark a match finished, cancelled, abandoned, or open."""
        check_match_status(status)
        sql = "UPDATE matches SET status = ?, updated_at = ? WHERE id = ?"
        await transaction(
            self._db, tx.update_match, match_id, sql, status, now=now_ms(), settled=None
        )

    async def set_message(
        self, match_id: int, message_id: str | None, settled: int | None = None
    ) -> None:
        """Remember the Discord message that shows the match (settling what it shows)."""
        sql = "UPDATE matches SET message_id = ?, updated_at = ? WHERE id = ?"
        await transaction(
            self._db, tx.update_match, match_id, sql, message_id, now=now_ms(), settled=settled
        )

    async def finish_match(
        self,
        match_id: int,
        status: str,
        ratings: Sequence[Rating],
        results: Sequence[Result] = (),
        owed: Owed | None = None,
    ) -> None:
        """Final status, deadlines dropped, ratings, history, results and the message the end
        makes due stored: all in one transaction."""
        check_match_status(status)
        owing = None if owed is None else owed_row(owed)
        now = now_ms()
        changes = history_rows(changes_of(match_id, ratings, now))
        rows = result_rows(match_id, results)
        await transaction(
            self._db,
            tx.finish_match,
            match_id,
            status,
            ratings,
            changes=changes,
            results=rows,
            owing=owing,
            now=now,
        )

    async def ratings(self, guild_id: str, game: str) -> list[Rating]:
        """Every rating of a guild and game."""
        rows = await self._db.execute_fetchall(
            "SELECT guild_id, game, player_id, mu, sigma, games FROM ratings"
            " WHERE guild_id = ? AND game = ? ORDER BY player_id",
            (guild_id, game),
        )
        return [Rating(r[0], r[1], r[2], float(r[3]), float(r[4]), int(r[5])) for r in rows]

    async def finished_matches(self) -> list[StoredMatch]:
        """Every finished match with its record, in the order they finished."""
        rows, seats, events = await transaction(self._db, tx.finished)
        return stored_matches(rows, seats, events)

    async def replace_ratings(
        self, ratings: Sequence[Rating], history: Sequence[RatingChange]
    ) -> None:
        """Every rating and history row replaced by these, in one transaction."""
        await transaction(self._db, tx.replace_ratings, ratings, history, now_ms())

    async def _fetch(self, query: Query) -> list[Any]:
        return list(await self._db.execute_fetchall(qmark(query.sql), query.args))

    async def ping(self) -> None:
        """The write lock can be taken (BEGIN IMMEDIATE, then nothing)."""
        await transaction(self._db, tx.nothing)

    async def _run(self, queries: Sequence[Query]) -> list[int]:
        return await transaction(self._db, tx.run, queries)

    async def _get_settings(self, table: SettingsTable, key: str) -> dict[str, Any]:
        # Every row fetched: a cursor left open keeps a read snapshot, and this connection's next
        # write transaction would then fail at once ("database is locked") if another connection
        # on the file wrote meanwhile.
        rows = list(await self._db.execute_fetchall(table.select("?"), (key,)))
        return settings_from_row(rows[0][0] if rows else None, table.what(key))

    async def _set_settings(self, table: SettingsTable, key: str, settings: dict[str, Any]) -> None:
        text = settings_to_json(settings, table.what(key))
        sql = table.upsert("?", "?", "?")
        await transaction(self._db, tx.execute, sql, (key, text, now_ms()))

    async def _merge_settings(
        self, table: SettingsTable, key: str, changes: Mapping[str, SettingValue | None]
    ) -> None:
        what = table.what(key)
        patch = settings_patch(changes, what)
        merge, select = qmark(table.merge_sqlite()), table.select("?")
        merged, text = await transaction(
            self._db, tx.merge_settings, merge, select, key, patch=patch.merge_patch(), now=now_ms()
        )
        if not merged:
            raise settings_not_merged(text, what, "no row was written")

    async def save_lobby(self, lobby: Lobby) -> int:
        """Insert a new lobby (id None) or update one; return its id."""
        check_lobby(lobby)
        values = (
            lobby.kind,
            lobby.game,
            json.dumps(lobby.options),
            lobby.guild_id,
            lobby.channel_id,
            lobby.message_id,
            lobby.host_id,
            json.dumps(list(lobby.members)),
            lobby.status,
            lobby.expires_at,
        )
        return await transaction(self._db, tx.save_lobby, lobby, values, now_ms())

    async def load_lobby(self, lobby_id: int) -> Lobby:
        """One lobby; StorageError if there is none."""
        rows = await self._db.execute_fetchall(LOBBY_SELECT + " WHERE id = ?", (lobby_id,))
        if not rows:
            raise StorageError(f"no lobby {lobby_id}")
        return lobby_from_row(next(iter(rows)))

    async def open_lobbies(self, shards: Shards = ONE_SHARD) -> list[Lobby]:
        """Lobbies and challenges still open (on `shards`)."""
        rows = await self._db.execute_fetchall(qmark(LOBBY_SELECT + OPEN_LOBBIES_WHERE))
        return [lobby for lobby in map(lobby_from_row, rows) if shards.owns(lobby.guild_id)]

    async def set_deadline(self, deadline: Deadline) -> None:
        """Store (or move) a match's deadline of this kind."""
        payload = json.dumps(deadline.payload)
        args = (deadline.match_id, deadline.kind, deadline.due_at, payload)
        await transaction(self._db, tx.execute, _DEADLINE_UPSERT, args)

    async def clear_deadline(self, match_id: int, kind: str) -> None:
        """Forget a deadline."""
        sql = "DELETE FROM deadlines WHERE match_id = ? AND kind = ?"
        await transaction(self._db, tx.execute, sql, (match_id, kind))

    async def deadlines(self) -> list[Deadline]:
        """Every stored deadline, soonest first."""
        rows = await self._db.execute_fetchall(DEADLINE_SELECT + " ORDER BY due_at, match_id, kind")
        return [deadline_from_row(r) for r in rows]

    async def deadlines_of(self, match_id: int) -> list[Deadline]:
        """One match's deadlines, soonest first."""
        rows = await self._db.execute_fetchall(
            DEADLINE_SELECT + " WHERE match_id = ? ORDER BY due_at, kind", (match_id,)
        )
        return [deadline_from_row(r) for r in rows]

    async def add_away(self, spans: Sequence[AwaySpan], forget_before_ms: int) -> None:
        """Store away spans, forgetting those that ended before `forget_before_ms`."""
        rows = [(s.user_id, s.guild_id, s.since_ms, s.until_ms) for s in spans]
        await transaction(self._db, tx.add_away, rows, forget_before_ms)

    async def end_away(self, user_id: str, at_ms: int) -> None:
        """A member is back: their spans end at `at_ms`."""
        await transaction(self._db, tx.end_away, user_id, at_ms)


async def _check_version(db: aiosqlite.Connection, where: str) -> None:
    cursor = await db.execute("PRAGMA user_version")
    row = await cursor.fetchone()
    current, latest = int(row[0]) if row else 0, len(migrations("sqlite"))
    if current > latest:
        raise SchemaTooNew(
            f"{where} has schema version {current}, but this Tablero knows only up to {latest}:"
            " upgrade Tablero (the database was left untouched)"
        )


async def _migrate(db: aiosqlite.Connection) -> None:
    """Apply the pending migrations in one transaction (all or none)."""
    cursor = await db.execute("PRAGMA user_version")
    row = await cursor.fetchone()
    current = int(row[0]) if row else 0
    pending = [m for m in migrations("sqlite") if m[0] > current]
    if not pending:
        return
    script = "BEGIN IMMEDIATE;\n" + "\n".join(sql for _, _, sql in pending)
    script += f"\nPRAGMA user_version = {pending[-1][0]};\nCOMMIT;"
    try:
        await db.executescript(script)
    except sqlite3.Error as exc:
        await db.execute("ROLLBACK")
        raise StorageError(f"migration failed and was rolled back: {exc}") from exc

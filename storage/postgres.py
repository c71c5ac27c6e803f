"""The Store on PostgreSQL through asyncpg, for deployments where several bot processes (shard
slices) share one database. Same interface and behaviour as the SQLite store."""

from __future__ import annotations

import inspect
import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

import asyncpg

from games.records import Entry
from ratings.history import RatingChange
from storage import fence
from storage.errors import (
    DuplicateInteraction,
    LeaseLost,
    SchemaTooNew,
    StaleVersion,
    StorageError,
    UnknownMatch,
)
from storage.lease import LEASE_TTL_S, Lease
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
    fair_json,
    history_rows,
    loaded_matches,
    lobby_from_row,
    owed_from_row,
    owed_row,
    rating_rows,
    result_rows,
    settings_from_row,
    settings_not_merged,
    settings_patch,
    settings_to_json,
    storage_integrity_error,
    stored_match,
    stored_matches,
)
from storage.schema import migrations
from storage.settings_access import SettingsAccess
from storage.sql import (
    ADD_AWAY,
    DEADLINE_SELECT,
    DROP_AWAY_FROM,
    END_AWAY,
    FINISHED_EVENTS,
    FINISHED_MATCHES,
    FINISHED_SEATS,
    HISTORY_INSERT,
    LOADED_EVENTS,
    LOADED_MATCHES,
    LOADED_SEATS,
    LOBBY_SELECT,
    MATCH_COLUMNS,
    OPEN_LOBBIES_WHERE,
    OPEN_MATCHES,
    OPEN_OWED,
    OWE,
    PRUNE_AWAY,
    RATING_UPSERT,
    RESULT_INSERT,
    SEAT_COLUMNS,
    SETTLE,
    Query,
    SettingsTable,
)

_LOCK_KEY = 0x7AB1E20
"""Advisory lock held while migrating, so two processes starting together migrate once."""
CONNECT_TIMEOUT_S: Final = 5.0
"""How long making a connection may take: a server that accepts and never answers (or a host
gone from the network) fails the call in seconds, not after asyncpg's default minute."""
COMMAND_TIMEOUT_S: Final = 15.0
"""How long one statement may take before it is cancelled with TimeoutError (an outage to the
bot: the click is refused in words); Tablero's statements take milliseconds."""
PING_TIMEOUT_S: Final = 2.0
"""How long `ping` waits for a connection and its answer (a probe, asked again soon)."""
BULK_TIMEOUT_S: Final = 600.0
"""The same for the statements that read or rewrite everything: migrations (and waiting for
another process's), the finished-match export and the ratings rebuild."""
_ANY_ID: Final = "= ANY($1::bigint[])"
"""The id test of `LOADED_MATCHES` and its kin: one array parameter, any number of ids."""


class PostgresStore(SharedReads, SettingsAccess, MemberData):
    """The Store on a PostgreSQL connection pool."""

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        self._pool = pool
        self.url = url
        self._lease: Lease | None = None
        """This process's lease on its shards, once claimed (storage/lease.py)."""
        self._lost: Callable[[], None] = _nothing

    @classmethod
    async def open(cls, url: str) -> PostgresStore:
        """Connect, refuse a schema newer than this code, and apply pending migrations."""
        try:
            pool = await asyncpg.create_pool(
                url,
                min_size=1,
                max_size=5,
                timeout=CONNECT_TIMEOUT_S,
                command_timeout=COMMAND_TIMEOUT_S,
                **_POOL_RESET,
            )
        except (OSError, asyncpg.PostgresError) as exc:
            raise StorageError(f"cannot connect to PostgreSQL: {exc}") from exc
        try:
            await _migrate(pool)
        except BaseException:
            await pool.close()
            raise
        return cls(pool, url)

    async def close(self) -> None:
        """Close the pool (and the lease: the shard is free again)."""
        lease, self._lease = self._lease, None
        if lease is not None:
            await lease.release()
        await self._pool.close()

    async def claim_shards(self, shards: Shards, ttl_s: float = LEASE_TTL_S) -> None:
        """Hold this process's shards (storage/lease.py): session advisory locks on a connection
        of its own — one per shard, exclusive, and a shared one on the cluster's shard count —
        and each shard's lease generation moved on, which every write of a match checks from now
        on (the previous holders can store nothing more). `ready_to_serve` then waits until
        their leases ran out."""
        lease = Lease(shards, ttl_s, self._connect)
        lease.on_lost(self._lost)
        await lease.take()
        self._lease = lease

    async def ready_to_serve(self) -> None:
        """Return once the previous holders of the claimed shards stopped serving them (their
        leases ran out)."""
        if self._lease is not None:
            await self._lease.ready()

    async def _connect(self) -> asyncpg.Connection:
        try:
            return await asyncpg.connect(self.url, timeout=CONNECT_TIMEOUT_S)
        except (OSError, asyncpg.PostgresError) as exc:
            raise StorageError(f"cannot connect to PostgreSQL: {exc}") from exc

    async def keep_shards(self) -> bool:
        """Renew the lease; one lost with its connection is taken again, ShardTaken if another
        process took a shard meanwhile."""
        if self._lease is None:
            return False
        await self._lease.keep()
        return True

    def on_lease_lost(self, listener: Callable[[], None]) -> None:
        """Call `listener` the moment the lease may be lost: its connection ended, or a write
        was refused with LeaseLost."""
        self._lost = listener
        if self._lease is not None:
            self._lease.on_lost(listener)

    @property
    def _fence(self) -> list[int] | None:
        """The fences' argument: this process's lease generations (None: nothing claimed)."""
        return None if self._lease is None else self._lease.fence

    def _lease_lost(self, match_id: int) -> LeaseLost:
        """The refusal of a write the fence stopped; the lease's listener is told at once."""
        self._lost()
        return LeaseLost(
            f"match {match_id}: this process no longer holds its shard (another took it)"
        )

    async def _refused(
        self, db: asyncpg.pool.PoolConnectionProxy, match_id: int, expected: int | None = None
    ) -> StorageError:
        """Why a fenced write of a match changed nothing: no such match, the fence, or (for an
        append expecting version `expected`) another version."""
        row = await db.fetchrow(fence.OURS, match_id, self._fence)
        if row is None:
            return UnknownMatch(f"no match {match_id}")
        if not row["ours"]:
            return self._lease_lost(match_id)
        return StaleVersion(f"match {match_id} is at version {row['version']}, not {expected}")

    async def create_match(self, match: NewMatch) -> int:
        """Store a new open match with its seats; return its id."""
        now = now_ms()
        async with self._pool.acquire() as db, db.transaction():
            match_id: int | None = await db.fetchval(
                fence.CREATE_MATCH,
                match.game,
                json.dumps(match.options),
                match.seed,
                match.guild_id,
                match.channel_id,
                match.thread_id,
                match.rated,
                now,
                self._fence,
                fair_json(match),
            )
            if match_id is None:
                self._lost()
                raise LeaseLost(
                    f"a match in server {match.guild_id}: this process no longer holds its shard"
                )
            await db.executemany(
                "INSERT INTO seats (match_id, seat, player_id, name) VALUES ($1, $2, $3, $4)",
                [(match_id, seat, p.id, p.name) for seat, p in enumerate(match.players)],
            )
            await db.execute(OWE, *owed_row(Owed(match_id, "post", 0, None, now)))
        return match_id

    async def append(
        self,
        match_id: int,
        expected_version: int,
        entries: Sequence[Entry],
        owed: Owed | None = None,
    ) -> int:
        """Append events if the match is still at `expected_version`, and record the message
        they make due; return the new version."""
        owing = _NOT_OWING if owed is None else owed_row(owed)
        seats, actions, ats, interactions = _event_columns(entries)
        async with self._pool.acquire() as db:
            try:
                stepped = await db.fetchval(
                    fence.APPEND,
                    len(entries),
                    now_ms(),
                    match_id,
                    expected_version,
                    self._fence,
                    seats,
                    actions,
                    ats,
                    interactions,
                    *owing,
                )
            except asyncpg.UniqueViolationError as exc:
                raise DuplicateInteraction(f"match {match_id}: interaction already stored") from exc
            if not stepped:
                raise await self._refused(db, match_id, expected_version)
        return expected_version + len(entries)

    async def owed_messages(self, shards: Shards = ONE_SHARD) -> list[Owed]:
        """Every message the matches (on `shards`) owe, oldest first."""
        async with self._pool.acquire() as db:
            rows = await db.fetch(OPEN_OWED)
        return [owed_from_row(r) for r in rows if shards.owns(r[5])]

    async def owe(self, owed: Owed) -> None:
        """Record a message a match owes outside a step."""
        row = owed_row(owed)
        async with self._pool.acquire() as db:
            if await db.execute(fence.OWE, *row, self._fence) == "INSERT 0 0":
                raise await self._refused(db, owed.match_id)

    async def settle(self, match_id: int, version: int) -> None:
        """What the match owed up to `version` is done."""
        async with self._pool.acquire() as db:
            ours = await db.fetchval(fence.SETTLE, match_id, version, self._fence)
        if ours is False:
            raise self._lease_lost(match_id)

    async def load(self, match_id: int) -> StoredMatch:
        """The match and its whole event log."""
        async with self._pool.acquire() as db:
            row = await db.fetchrow(
                "SELECT " + MATCH_COLUMNS + " FROM matches WHERE id = $1",
                match_id,
            )
            if row is None:
                raise UnknownMatch(f"no match {match_id}")
            seats = await db.fetch(
                "SELECT " + SEAT_COLUMNS + " FROM seats WHERE match_id = $1 ORDER BY seat",
                match_id,
            )
            events = await db.fetch(
                "SELECT seat, action, at, interaction_id FROM match_events WHERE match_id = $1"
                " ORDER BY seq",
                match_id,
            )
        return stored_match(row, seats, events)

    async def load_many(self, match_ids: Sequence[int]) -> LoadedMatches:
        """Several matches with their event logs, read in one snapshot."""
        ids = [int(i) for i in match_ids]
        async with (
            self._pool.acquire() as db,
            db.transaction(isolation="repeatable_read", readonly=True),
        ):
            rows = await db.fetch(LOADED_MATCHES.format(ids=_ANY_ID), ids)
            seats = await db.fetch(LOADED_SEATS.format(ids=_ANY_ID), ids)
            events = await db.fetch(LOADED_EVENTS.format(ids=_ANY_ID), ids)
        return loaded_matches(ids, rows, seats, events)

    async def open_match_ids(self, shards: Shards = ONE_SHARD) -> list[int]:
        """Ids of every match still open (on `shards`)."""
        async with self._pool.acquire() as db:
            rows = await db.fetch(OPEN_MATCHES)
        return [int(r["id"]) for r in rows if shards.owns(r["guild_id"])]

    async def open_match_in(self, channel_id: str) -> int | None:
        """The open match played in this thread, or (without a thread) channel; the oldest."""
        async with self._pool.acquire() as db:
            match_id = await db.fetchval(
                "SELECT id FROM matches WHERE status = 'open'"
                " AND COALESCE(thread_id, channel_id) = $1 ORDER BY id LIMIT 1",
                channel_id,
            )
        return None if match_id is None else int(match_id)

    async def set_departed(self, match_id: int, seat: int, how: str) -> None:
        """Record how the player of `seat` left the match."""
        check_departure(how)
        async with self._pool.acquire() as db, db.transaction():
            done = await db.execute(fence.TOUCH, now_ms(), match_id, self._fence)
            if done == "UPDATE 0":
                raise await self._refused(db, match_id)
            done = await db.execute(
                "UPDATE seats SET departed = $1 WHERE match_id = $2 AND seat = $3",
                how,
                match_id,
                seat,
            )
            if done == "UPDATE 0":
                raise StorageError(f"match {match_id} has no seat {seat}")

    async def set_status(self, match_id: int, status: str) -> None:
        """Mark a match finished, cancelled, abandoned, or open."""
        check_match_status(status)
        async with self._pool.acquire() as db:
            done = await db.execute(fence.SET_STATUS, status, now_ms(), match_id, self._fence)
            if done == "UPDATE 0":
                raise await self._refused(db, match_id)

    async def set_message(
        self, match_id: int, message_id: str | None, settled: int | None = None
    ) -> None:
        """Remember the Discord message that shows the match (settling what it shows)."""
        async with self._pool.acquire() as db, db.transaction():
            done = await db.execute(fence.SET_MESSAGE, message_id, now_ms(), match_id, self._fence)
            if done == "UPDATE 0":
                raise await self._refused(db, match_id)
            if settled is not None:
                await db.execute(SETTLE, match_id, settled)

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
        results_rows = result_rows(match_id, results)
        owing = None if owed is None else owed_row(owed)
        now = now_ms()
        try:
            async with self._pool.acquire() as db, db.transaction():
                done = await db.execute(fence.SET_STATUS, status, now, match_id, self._fence)
                if done == "UPDATE 0":
                    raise await self._refused(db, match_id)
                await db.execute("DELETE FROM deadlines WHERE match_id = $1", match_id)
                await db.executemany(RATING_UPSERT, rating_rows(ratings, now))
                await db.executemany(
                    HISTORY_INSERT, history_rows(changes_of(match_id, ratings, now))
                )
                await db.executemany(RESULT_INSERT, results_rows)
                if owing is not None:
                    await db.execute(OWE, *owing)
        except asyncpg.IntegrityConstraintViolationError as exc:
            raise storage_integrity_error(exc, f"match {match_id}: the result") from exc

    async def ratings(self, guild_id: str, game: str) -> list[Rating]:
        """Every rating of a guild and game."""
        async with self._pool.acquire() as db:
            rows = await db.fetch(
                "SELECT guild_id, game, player_id, mu, sigma, games FROM ratings"
                " WHERE guild_id = $1 AND game = $2 ORDER BY player_id",
                guild_id,
                game,
            )
        return [Rating(r[0], r[1], r[2], float(r[3]), float(r[4]), int(r[5])) for r in rows]

    async def finished_matches(self) -> list[StoredMatch]:
        """Every finished match with its record, in the order they finished."""
        async with (
            self._pool.acquire() as db,
            db.transaction(isolation="repeatable_read", readonly=True),
        ):
            rows = await db.fetch(FINISHED_MATCHES, timeout=BULK_TIMEOUT_S)
            seats = await db.fetch(FINISHED_SEATS, timeout=BULK_TIMEOUT_S)
            events = await db.fetch(FINISHED_EVENTS, timeout=BULK_TIMEOUT_S)
        return stored_matches(rows, seats, events)

    async def replace_ratings(
        self, ratings: Sequence[Rating], history: Sequence[RatingChange]
    ) -> None:
        """Every rating and history row replaced by these, in one transaction."""
        now = now_ms()
        try:
            async with self._pool.acquire() as db, db.transaction():
                await db.execute("DELETE FROM rating_history", timeout=BULK_TIMEOUT_S)
                await db.execute("DELETE FROM ratings", timeout=BULK_TIMEOUT_S)
                rows = rating_rows(ratings, now)
                await db.executemany(RATING_UPSERT, rows, timeout=BULK_TIMEOUT_S)
                changes = history_rows(history)
                await db.executemany(HISTORY_INSERT, changes, timeout=BULK_TIMEOUT_S)
        except asyncpg.IntegrityConstraintViolationError as exc:
            raise storage_integrity_error(exc, "the new ratings") from exc

    async def _fetch(self, query: Query) -> list[Any]:
        async with self._pool.acquire() as db:
            return list(await db.fetch(query.sql, *query.args))

    async def ping(self) -> None:
        """A pooled connection answers."""
        async with self._pool.acquire(timeout=PING_TIMEOUT_S) as db:
            await db.fetchval("SELECT 1", timeout=PING_TIMEOUT_S)

    async def _run(self, queries: Sequence[Query]) -> list[int]:
        counts = []
        async with self._pool.acquire() as db, db.transaction():
            for query in queries:
                status = await db.execute(query.sql, *query.args)
                counts.append(int(status.rsplit(" ", 1)[-1]) if status[-1:].isdigit() else 0)
        return counts

    async def _get_settings(self, table: SettingsTable, key: str) -> dict[str, Any]:
        async with self._pool.acquire() as db:
            text = await db.fetchval(table.select("$1"), key)
        return settings_from_row(text, table.what(key))

    async def _set_settings(self, table: SettingsTable, key: str, settings: dict[str, Any]) -> None:
        text = settings_to_json(settings, table.what(key))
        async with self._pool.acquire() as db:
            await db.execute(table.upsert("$1", "$2", "$3"), key, text, now_ms())

    async def _merge_settings(
        self, table: SettingsTable, key: str, changes: Mapping[str, SettingValue | None]
    ) -> None:
        what = table.what(key)
        patch = settings_patch(changes, what)
        sql = table.merge_postgres()
        async with self._pool.acquire() as db:
            try:
                merged = await db.fetchval(
                    sql, key, patch.values_json(), list(patch.removed), now_ms()
                )
            except asyncpg.DataError as exc:  # the stored text is no JSON jsonb takes
                detail = str(exc)
            else:
                if merged is not None:
                    return
                detail = "no row was written"
            text = await db.fetchval(table.select("$1"), key)
        raise settings_not_merged(text, what, detail)

    async def save_lobby(self, lobby: Lobby) -> int:
        """Insert a new lobby (id None) or update one; return its id."""
        check_lobby(lobby)
        now = now_ms()
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
        async with self._pool.acquire() as db:
            if lobby.id is None:
                lobby_id: int = await db.fetchval(
                    "INSERT INTO lobbies (kind, game, options, guild_id, channel_id, message_id,"
                    " host_id, members, status, expires_at, created_at, updated_at)"
                    " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) RETURNING id",
                    *values,
                    now,
                )
                return lobby_id
            done = await db.execute(
                "UPDATE lobbies SET kind = $1, game = $2, options = $3, guild_id = $4,"
                " channel_id = $5, message_id = $6, host_id = $7, members = $8, status = $9,"
                " expires_at = $10, updated_at = $11 WHERE id = $12",
                *values,
                now,
                lobby.id,
            )
        if done == "UPDATE 0":
            raise StorageError(f"no lobby {lobby.id}")
        return lobby.id

    async def load_lobby(self, lobby_id: int) -> Lobby:
        """One lobby; StorageError if there is none."""
        async with self._pool.acquire() as db:
            row = await db.fetchrow(LOBBY_SELECT + " WHERE id = $1", lobby_id)
        if row is None:
            raise StorageError(f"no lobby {lobby_id}")
        return lobby_from_row(row)

    async def open_lobbies(self, shards: Shards = ONE_SHARD) -> list[Lobby]:
        """Lobbies and challenges still open (on `shards`)."""
        async with self._pool.acquire() as db:
            rows = await db.fetch(LOBBY_SELECT + OPEN_LOBBIES_WHERE)
        return [lobby for lobby in map(lobby_from_row, rows) if shards.owns(lobby.guild_id)]

    async def set_deadline(self, deadline: Deadline) -> None:
        """Store (or move) a match's deadline of this kind."""
        async with self._pool.acquire() as db:
            await db.execute(
                "INSERT INTO deadlines (match_id, kind, due_at, payload) VALUES ($1, $2, $3, $4)"
                " ON CONFLICT (match_id, kind) DO UPDATE SET due_at = excluded.due_at,"
                " payload = excluded.payload",
                deadline.match_id,
                deadline.kind,
                deadline.due_at,
                json.dumps(deadline.payload),
            )

    async def clear_deadline(self, match_id: int, kind: str) -> None:
        """Forget a deadline."""
        async with self._pool.acquire() as db:
            await db.execute(
                "DELETE FROM deadlines WHERE match_id = $1 AND kind = $2", match_id, kind
            )

    async def add_away(self, spans: Sequence[AwaySpan], forget_before_ms: int) -> None:
        """Store away spans, forgetting those that ended before `forget_before_ms`."""
        async with self._pool.acquire() as db, db.transaction():
            await db.execute(PRUNE_AWAY, forget_before_ms)
            await db.executemany(
                ADD_AWAY, [(s.user_id, s.guild_id, s.since_ms, s.until_ms) for s in spans]
            )

    async def end_away(self, user_id: str, at_ms: int) -> None:
        """A member is back: their spans end at `at_ms`."""
        async with self._pool.acquire() as db, db.transaction():
            await db.execute(END_AWAY, user_id, at_ms)
            await db.execute(DROP_AWAY_FROM, user_id, at_ms)

    async def deadlines(self) -> list[Deadline]:
        """Every stored deadline, soonest first."""
        async with self._pool.acquire() as db:
            rows = await db.fetch(DEADLINE_SELECT + " ORDER BY due_at, match_id, kind")
        return [deadline_from_row(r) for r in rows]

    async def deadlines_of(self, match_id: int) -> list[Deadline]:
        """One match's deadlines, soonest first."""
        async with self._pool.acquire() as db:
            rows = await db.fetch(
                DEADLINE_SELECT + " WHERE match_id = $1 ORDER BY due_at, kind", match_id
            )
        return [deadline_from_row(r) for r in rows]


async def _migrate(pool: asyncpg.Pool) -> None:
    """Refuse a newer schema; apply pending migrations in one transaction under a lock."""
    known = migrations("postgres")
    async with pool.acquire() as db, db.transaction():
        await db.execute("SELECT pg_advisory_xact_lock($1)", _LOCK_KEY, timeout=BULK_TIMEOUT_S)
        await db.execute("CREATE TABLE IF NOT EXISTS tablero_schema (version INTEGER NOT NULL)")
        current = await db.fetchval("SELECT max(version) FROM tablero_schema") or 0
        if current > len(known):
            raise SchemaTooNew(
                f"the database has schema version {current}, but this Tablero knows only up to"
                f" {len(known)}: upgrade Tablero (the database was left untouched)"
            )
        for number, _, sql in known[current:]:
            await db.execute(sql, timeout=BULK_TIMEOUT_S)
            await db.execute("INSERT INTO tablero_schema (version) VALUES ($1)", number)


def _nothing() -> None:
    """No listener of the lease yet."""


async def _keep_session(connection: asyncpg.Connection) -> None:
    """The pool's reset of a released connection: no query. asyncpg rolls back a transaction
    left open itself; the store keeps no other session state on a pooled connection (no SET,
    LISTEN, cursor or session advisory lock: the lease has a connection of its own), so the
    default reset query would cost a round trip on every call for nothing."""


_POOL_RESET: Final[dict[str, Any]] = (
    {"reset": _keep_session} if "reset" in inspect.signature(asyncpg.create_pool).parameters else {}
)
"""create_pool's `reset` where asyncpg has it (0.30 and later; 0.29 keeps its reset query)."""


_NOT_OWING: Final = (None, None, None, None, None)
"""fence.APPEND's owed-message arguments when the append makes no message due."""


def _event_columns(
    entries: Sequence[Entry],
) -> tuple[list[int], list[str], list[int | None], list[str | None]]:
    """The entries as fence.APPEND's column arrays: seats, actions, times, interaction ids."""
    return (
        [e.seat for e in entries],
        [e.action for e in entries],
        [e.at for e in entries],
        [e.interaction for e in entries],
    )

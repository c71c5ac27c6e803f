"""A PostgreSQL process's lease on its Discord shards, and the fence every write of a match
passes (docs/deploy.md, "When things go wrong").

The claim is twofold. Session advisory locks on a connection of its own make one process the
holder of a shard at a time (a shared one on the shard count refuses a process that counts them
differently). A row per shard in `shard_leases` outlives that session: its `generation` — the
fencing token — goes up each time a process takes the shard, and every write of a match checks,
in its own statement, that the generation of the match's shard is still the one this process
took (`fenced`). A process whose lease was lost stores no event and owes no message.

An advisory lock is free the moment its session ends, while the process that held it may live on
(its backend terminated, an idle kill, a failover, PostgreSQL restarted). So the holder stamps
`renewed_at` (the database's clock) every few seconds, and a process taking a shard whose holder
stamped it less than that holder's TTL ago waits until the TTL ran out before it serves: a live
holder notices the loss within that time (at once, by its connection's end) and stops. The fence
covers a holder that does not notice (frozen).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
from collections.abc import Awaitable, Callable
from typing import Final

import asyncpg

from storage.errors import ShardTaken
from storage.records import Shards

log = logging.getLogger(__name__)

LEASE_TTL_S: Final = 10.0
"""How long after its last renewal a shard's holder may still serve it: a process taking the
shard waits that long after it (at most `MAX_TTL_S`), and the holder renews every quarter of it."""
MAX_TTL_S: Final = 15.0
SHARD_KEY: Final = 0x7AB1E21
"""First half of a shard's advisory lock (the second: the shard's index)."""
COUNT_KEY: Final = 0x7AB1E22
"""First half of the shared advisory lock on the cluster's shard count (the second: it)."""
RELEASE_TIMEOUT_S: Final = 2.0
"""How long letting the lease go may take at shutdown (a database that does not answer then
leaves the successor to wait out the TTL)."""

_NOW_MS: Final = "(extract(epoch FROM clock_timestamp()) * 1000)::int8"
"""The database's clock in ms: every process's lease is measured by the same clock."""

_TAKE: Final = f"""
WITH mine AS (SELECT unnest($1::int[]) AS shard),
old AS (
    SELECT l.shard, l.owner, l.renewed_at + l.ttl_ms AS until
    FROM shard_leases l JOIN mine USING (shard)
),
taken AS (
    INSERT INTO shard_leases (shard, generation, owner, renewed_at, ttl_ms)
    SELECT shard, 1, $2, {_NOW_MS}, $3 FROM mine
    ON CONFLICT (shard) DO UPDATE SET generation = shard_leases.generation + 1,
        owner = excluded.owner, renewed_at = excluded.renewed_at, ttl_ms = excluded.ttl_ms
    RETURNING shard, generation, renewed_at
)
SELECT t.shard, t.generation, o.owner, o.until - t.renewed_at AS wait_ms
FROM taken t LEFT JOIN old o USING (shard) ORDER BY t.shard
"""
"""Take the shards (their locks held): each one's generation goes up; the wait for the previous
holder's TTL, if it did not let the lease go."""

_RENEW: Final = f"""
UPDATE shard_leases l SET renewed_at = {_NOW_MS}, owner = $3
FROM unnest($1::int[], $2::int8[]) AS mine (shard, generation)
WHERE l.shard = mine.shard AND l.generation = mine.generation
"""
"""Stamp the lease of every shard whose generation is still this process's."""

_RELEASE: Final = """
UPDATE shard_leases l SET renewed_at = NULL
FROM unnest($1::int[], $2::int8[]) AS mine (shard, generation)
WHERE l.shard = mine.shard AND l.generation = mine.generation
"""
"""Let the lease go as the process stops: the next holder need not wait."""


class Lease:
    """This process's lease on its shards: taken once, renewed (or taken again after its
    connection ended, if nobody else took it meanwhile), let go at shutdown."""

    def __init__(
        self,
        shards: Shards,
        ttl_s: float,
        connect: Callable[[], Awaitable[asyncpg.Connection]],
    ) -> None:
        if not 0 < ttl_s <= MAX_TTL_S:
            raise ValueError(f"a lease's TTL is more than 0 and at most {MAX_TTL_S:g} s")
        self.shards = shards
        self.ttl_s = ttl_s
        self._connect = connect
        self._owner = f"{socket.gethostname()}:{os.getpid()}"
        self._conn: asyncpg.Connection | None = None
        self._generations: dict[int, int] = {}
        self._lost: Callable[[], None] = _nothing
        self._serve_at = 0.0
        """When (loop time) the previous holders' leases run out."""
        self._previous: str | None = None

    @property
    def fence(self) -> list[int]:
        """This process's generation of each shard (0: not its own): the fences' argument."""
        return [self._generations.get(index, 0) for index in range(self.shards.count)]

    def on_lost(self, listener: Callable[[], None]) -> None:
        """Call `listener` the moment the lease may be lost (its connection ended, or a write
        found the fence moved on)."""
        self._lost = listener

    def lost(self) -> None:
        """A write was refused by the fence: tell the listener."""
        self._lost()

    async def take(self) -> None:
        """Lock the shards and move their generations on (`ready` waits out the previous
        holders' TTL); ShardTaken (and nothing taken) when another process holds one."""
        conn = await self._connect()
        try:
            await _lock(conn, self.shards)
            ttl_ms = round(self.ttl_s * 1000)
            rows = await conn.fetch(_TAKE, list(self.shards.indices), self._owner, ttl_ms)
        except BaseException:
            await conn.close()
            raise
        self._generations = {int(r["shard"]): int(r["generation"]) for r in rows}
        self._hold(conn)
        waits = [(r["wait_ms"] or 0, r["owner"]) for r in rows]
        wait_ms, self._previous = max(waits, key=lambda wait: wait[0], default=(0, None))
        wait_s = min(max(wait_ms, 0) / 1000, MAX_TTL_S)
        self._serve_at = asyncio.get_running_loop().time() + wait_s

    async def ready(self) -> None:
        """Return once the previous holders' leases ran out (their TTL since their last
        renewal; at once after a clean stop): a holder that lost its lease alive stopped
        serving by then. The lease is renewed after a wait."""
        wait_s = self._serve_at - asyncio.get_running_loop().time()
        if wait_s <= 0:
            return
        log.warning(
            "%s: waiting %.1f s for the lease of %s to run out before serving",
            self.shards,
            wait_s,
            self._previous,
        )
        await asyncio.sleep(wait_s)
        await self.keep()

    async def keep(self) -> None:
        """Renew the lease; one whose connection ended is taken again. ShardTaken when another
        process took a shard meanwhile (its lock is held, or its generation moved on)."""
        conn = self._conn
        if conn is not None and not conn.is_closed():
            await self._renew(conn)
            return
        self._conn = None
        conn = await self._connect()
        try:
            await _lock(conn, self.shards)
            await self._renew(conn)
        except BaseException:
            await conn.close()
            raise
        self._hold(conn)

    async def release(self) -> None:
        """Let the lease go (shutdown): a successor need not wait; the locks go with the
        connection."""
        conn, self._conn = self._conn, None
        if conn is None:
            return
        if not conn.is_closed():
            with contextlib.suppress(Exception):
                await conn.execute(*self._mine(_RELEASE), timeout=RELEASE_TIMEOUT_S)
        await conn.close(timeout=RELEASE_TIMEOUT_S)

    def _hold(self, conn: asyncpg.Connection) -> None:
        self._conn = conn
        conn.add_termination_listener(self._ended)

    def _ended(self, conn: asyncpg.Connection | asyncpg.pool.PoolConnectionProxy) -> None:
        if conn is self._conn:
            self._lost()

    async def _renew(self, conn: asyncpg.Connection) -> None:
        sql, indices, generations = self._mine(_RENEW)
        done = await conn.execute(sql, indices, generations, self._owner, timeout=self.ttl_s / 4)
        if int(done.rsplit(" ", 1)[-1]) != len(indices):
            raise ShardTaken(
                f"{self.shards}: another Tablero process took it since this one claimed it"
                " (its lease generation moved on)"
            )

    def _mine(self, sql: str) -> tuple[str, list[int], list[int]]:
        indices = list(self.shards.indices)
        return sql, indices, [self._generations[index] for index in indices]


def _nothing() -> None:
    """No listener yet."""


async def _lock(conn: asyncpg.Connection, shards: Shards) -> None:
    """Take the locks of `shards` on `conn`, or ShardTaken saying who holds what (the shard
    count first: a shard's lock is its index, the same in any count)."""
    await conn.execute("SELECT pg_advisory_lock_shared($1, $2)", COUNT_KEY, shards.count)
    other = await conn.fetchval(
        "SELECT min(objid::int8) FROM pg_locks WHERE locktype = 'advisory' AND granted"
        " AND classid::int8 = $1 AND objsubid = 2 AND objid::int8 <> $2",
        COUNT_KEY,
        shards.count,
    )
    if other is not None:
        raise ShardTaken(
            f"other Tablero processes on this database run with SHARD_COUNT={other}, this one"
            f" with {shards.count}: every process of a cluster needs the same SHARD_COUNT"
        )
    for index in shards.indices:
        held = await conn.fetchval("SELECT pg_try_advisory_lock($1, $2)", SHARD_KEY, index)
        if not held:
            raise ShardTaken(
                f"shard {index} of {shards.count} is already run by another Tablero process"
                " on this database"
            )

"""Helpers the lease tests share (tests/storage/test_fencing.py, tests/bot/test_lease.py): who
holds a shard's advisory lock in the test database, and ending that session as a database
restart, an idle kill or a failover would."""

from __future__ import annotations

import asyncpg

from storage.lease import SHARD_KEY

HOLDERS = (
    "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted"
    " AND classid::int8 = $1 AND objid::int8 = $2 AND objsubid = 2"
    " AND database = (SELECT oid FROM pg_database WHERE datname = current_database())"
)
"""The sessions holding a shard's claim in this test's database (advisory locks are per
database: a bot of another test on another database may hold the same key)."""


async def holders(url: str, shard: int) -> list[int]:
    """The backends holding the shard's lock (one, or none)."""
    admin = await asyncpg.connect(url)
    try:
        return [int(r["pid"]) for r in await admin.fetch(HOLDERS, SHARD_KEY, shard)]
    finally:
        await admin.close()


async def cut_the_claim(url: str, shard: int = 0) -> list[int]:
    """End the sessions holding the shard's lock (`pg_terminate_backend`), waiting until they
    ended (a terminated backend holds its locks until it exits); their pids."""
    pids = await holders(url, shard)
    admin = await asyncpg.connect(url)
    try:
        for pid in pids:
            await admin.execute("SELECT pg_terminate_backend($1, 5000)", pid)
    finally:
        await admin.close()
    return pids


async def generation(url: str, shard: int) -> int | None:
    """The shard's lease generation now (None: never taken)."""
    admin = await asyncpg.connect(url)
    try:
        value = await admin.fetchval("SELECT generation FROM shard_leases WHERE shard = $1", shard)
    finally:
        await admin.close()
    return None if value is None else int(value)


def guild_on(shard: int, count: int, start: int = 10**17) -> str:
    """A server id Discord puts on `shard` of `count`."""
    guild = start
    while (guild >> 22) % count != shard:
        guild += 1 << 22
    return str(guild)

"""The fence every write of a match passes on PostgreSQL (storage/lease.py): the statements
that write a match, each checking in itself that the generation of the match's shard is still
this process's — no round trip of its own."""

from __future__ import annotations

from typing import Final


def fenced(guild: str, generations: str) -> str:
    """SQL that is true when a match of server `guild` (a column, or a text parameter) may be
    written by the holder of `generations` (an int8[] parameter: this process's generation of
    each shard, 0 for one it does not hold; NULL for a store that claimed no shard — unfenced).
    The shard is Discord's, as `Shards.owns` says: (guild >> 22) % count, no server on 0."""
    count = f"cardinality({generations})"
    shard = (
        f"CASE WHEN {guild} ~ '^[0-9]+$'"
        f" THEN mod(div({guild}::numeric, 4194304), {count})::int ELSE 0 END"
    )
    return (
        f"({generations} IS NULL OR EXISTS (SELECT 1 FROM shard_leases fence"
        f" WHERE fence.shard = {shard} AND fence.generation = ({generations})[fence.shard + 1]))"
    )


CREATE_MATCH: Final = (
    "INSERT INTO matches (game, options, seed, guild_id, channel_id, thread_id, rated,"
    " created_at, updated_at, fair) SELECT $1::text, $2::text, $3::text, $4::text, $5::text,"
    " $6::text, $7::boolean, $8::int8, $8::int8, $10::text"
    f" WHERE {fenced('$4::text', '$9::int8[]')} RETURNING id"
)
"""A new match (no row: the fence refused it)."""

APPEND: Final = (
    "WITH stepped AS (UPDATE matches SET version = version + $1, updated_at = $2"
    f" WHERE id = $3 AND version = $4 AND {fenced('guild_id', '$5::int8[]')} RETURNING id),"
    " events AS (INSERT INTO match_events (match_id, seq, seat, action, at, interaction_id,"
    " created_at) SELECT stepped.id, ($4 + e.n)::int, e.seat, e.action, e.at, e.interaction_id,"
    " $2 FROM stepped, unnest($6::int[], $7::text[], $8::int8[], $9::text[]) WITH ORDINALITY"
    " AS e (seat, action, at, interaction_id, n)),"
    " owing AS (INSERT INTO outbox (match_id, kind, version, step_key, since_ms)"
    " SELECT $10::int8, $11::text, $12::int8, $13::int8, $14::int8 FROM stepped"
    " WHERE $10::int8 IS NOT NULL"
    " ON CONFLICT (match_id) DO UPDATE SET kind = excluded.kind, version = excluded.version)"
    " SELECT count(*) FROM stepped"
)
"""An append as one statement (one round trip, its own transaction): the match's version stepped
from the expected one — the fence and the guard of the rest — then the events (columns as
arrays: seat, action, at, interaction id) and the message they make due (storage.sql.OWE's
columns, all NULL for none), written only if it was; 1 if it was, 0 if nothing was written."""

SET_STATUS: Final = (
    "UPDATE matches SET status = $1, updated_at = $2"
    f" WHERE id = $3 AND {fenced('guild_id', '$4::int8[]')}"
)
SET_MESSAGE: Final = (
    "UPDATE matches SET message_id = $1, updated_at = $2"
    f" WHERE id = $3 AND {fenced('guild_id', '$4::int8[]')}"
)
TOUCH: Final = (
    f"UPDATE matches SET updated_at = $1 WHERE id = $2 AND {fenced('guild_id', '$3::int8[]')}"
)
"""The match row stamped in the transaction of a change to its seats."""

OWE: Final = (
    "INSERT INTO outbox (match_id, kind, version, step_key, since_ms)"
    " SELECT m.id, $2::text, $3::int8, $4::int8, $5::int8 FROM matches m"
    f" WHERE m.id = $1 AND {fenced('m.guild_id', '$6::int8[]')}"
    " ON CONFLICT (match_id) DO UPDATE SET kind = excluded.kind, version = excluded.version"
)
"""storage.sql.OWE, fenced: no row when the match is unknown or the fence refused it."""

SETTLE: Final = (
    f"WITH ours AS (SELECT {fenced('m.guild_id', '$3::int8[]')} AS ok FROM matches m"
    " WHERE m.id = $1),"
    " settled AS (DELETE FROM outbox WHERE match_id = $1 AND version <= $2"
    " AND (SELECT ok FROM ours) RETURNING 1)"
    " SELECT (SELECT ok FROM ours)"
)
"""storage.sql.SETTLE, fenced: whether the fence let it (NULL: no such match, nothing owed)."""

OURS: Final = (
    f"SELECT version, {fenced('guild_id', '$2::int8[]')} AS ours FROM matches WHERE id = $1"
)
"""Why a fenced write changed nothing: the match's version and whether the fence holds (no row:
no such match)."""

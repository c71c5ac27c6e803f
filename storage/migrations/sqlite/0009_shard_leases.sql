-- The lease on each Discord shard of a cluster (storage/lease.py): PostgreSQL's only. A SQLite
-- file serves one process, which holds it with a lock file, so nothing is fenced here; the table
-- keeps the two schemas alike.
CREATE TABLE shard_leases (
    shard       INTEGER PRIMARY KEY,
    generation  INTEGER NOT NULL,
    owner       TEXT    NOT NULL,
    renewed_at  INTEGER,
    ttl_ms      INTEGER NOT NULL
);

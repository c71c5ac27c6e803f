-- The lease on each Discord shard of a cluster (storage/lease.py, docs/deploy.md). The
-- session advisory lock says which process holds a shard now; this row outlives the session:
-- `generation` goes up each time a process takes the shard — the fencing token every write of a
-- match checks in its own statement — and `renewed_at` (the database's clock, ms) is stamped by
-- the holder every few seconds, so a process taking the shard waits until its previous holder's
-- `ttl_ms` ran out since then (NULL: the holder let it go as it stopped).
CREATE TABLE shard_leases (
    shard       INTEGER PRIMARY KEY,
    generation  BIGINT  NOT NULL,
    owner       TEXT    NOT NULL,
    renewed_at  BIGINT,
    ttl_ms      INTEGER NOT NULL
);

-- Matches, their seats, and the append-only event log (one row per applied action).
CREATE TABLE matches (
    id          BIGSERIAL PRIMARY KEY,
    game        TEXT    NOT NULL,
    options     TEXT    NOT NULL DEFAULT '{}',
    seed        TEXT    NOT NULL,
    guild_id    TEXT,
    channel_id  TEXT,
    thread_id   TEXT,
    message_id  TEXT,
    status      TEXT    NOT NULL DEFAULT 'open'
                CHECK (status IN ('open', 'finished', 'cancelled', 'abandoned')),
    version     INTEGER NOT NULL DEFAULT 0,
    created_at  BIGINT  NOT NULL,
    updated_at  BIGINT  NOT NULL
);
CREATE INDEX matches_open ON matches (status) WHERE status = 'open';
CREATE INDEX matches_channel ON matches (guild_id, channel_id, status);

CREATE TABLE seats (
    match_id    BIGINT  NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    player_id   TEXT    NOT NULL,
    name        TEXT    NOT NULL,
    PRIMARY KEY (match_id, seat)
);
CREATE INDEX seats_player ON seats (player_id);

CREATE TABLE match_events (
    match_id        BIGINT  NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seq             INTEGER NOT NULL,
    seat            INTEGER NOT NULL,
    action          TEXT    NOT NULL,
    at              BIGINT,
    interaction_id  TEXT    UNIQUE,
    created_at      BIGINT  NOT NULL,
    PRIMARY KEY (match_id, seq)
);

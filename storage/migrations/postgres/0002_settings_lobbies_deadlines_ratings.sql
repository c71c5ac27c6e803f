-- Guild settings, pending lobbies and challenges, durable deadlines, ratings and their history.
CREATE TABLE guild_settings (
    guild_id    TEXT    PRIMARY KEY,
    settings    TEXT    NOT NULL DEFAULT '{}',
    updated_at  BIGINT  NOT NULL
);

CREATE TABLE lobbies (
    id          BIGSERIAL PRIMARY KEY,
    kind        TEXT    NOT NULL CHECK (kind IN ('lobby', 'challenge')),
    game        TEXT    NOT NULL,
    options     TEXT    NOT NULL DEFAULT '{}',
    guild_id    TEXT,
    channel_id  TEXT,
    message_id  TEXT,
    host_id     TEXT    NOT NULL,
    members     TEXT    NOT NULL DEFAULT '[]',
    status      TEXT    NOT NULL DEFAULT 'open'
                CHECK (status IN ('open', 'started', 'declined', 'expired', 'cancelled')),
    expires_at  BIGINT  NOT NULL,
    created_at  BIGINT  NOT NULL,
    updated_at  BIGINT  NOT NULL
);
CREATE INDEX lobbies_open ON lobbies (status) WHERE status = 'open';

CREATE TABLE deadlines (
    match_id    BIGINT  NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    kind        TEXT    NOT NULL,
    due_at      BIGINT  NOT NULL,
    payload     TEXT    NOT NULL DEFAULT '{}',
    PRIMARY KEY (match_id, kind)
);
CREATE INDEX deadlines_due ON deadlines (due_at);

CREATE TABLE ratings (
    guild_id    TEXT    NOT NULL,
    game        TEXT    NOT NULL,
    player_id   TEXT    NOT NULL,
    mu          DOUBLE PRECISION NOT NULL,
    sigma       DOUBLE PRECISION NOT NULL,
    games       INTEGER NOT NULL DEFAULT 0,
    updated_at  BIGINT  NOT NULL,
    PRIMARY KEY (guild_id, game, player_id)
);

CREATE TABLE rating_history (
    match_id    BIGINT  NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    guild_id    TEXT    NOT NULL,
    game        TEXT    NOT NULL,
    player_id   TEXT    NOT NULL,
    mu          DOUBLE PRECISION NOT NULL,
    sigma       DOUBLE PRECISION NOT NULL,
    at          BIGINT  NOT NULL,
    PRIMARY KEY (match_id, player_id)
);
CREATE INDEX rating_history_player ON rating_history (guild_id, game, player_id, at);

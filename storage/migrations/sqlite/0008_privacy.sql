-- A member's data theirs (docs/privacy.md). Members who chose to stay off the global
-- leaderboard (`/privacy board`), whatever their servers chose.
CREATE TABLE hidden_players (
    user_id     TEXT    PRIMARY KEY,
    since_ms    INTEGER NOT NULL
);
-- Servers the bot was removed from, and when: their data is removed some days later
-- (bot/core/privacy.py), unless the bot is added back first.
CREATE TABLE departed_guilds (
    guild_id    TEXT    PRIMARY KEY,
    left_ms     INTEGER NOT NULL
);
CREATE INDEX departed_guilds_left ON departed_guilds (left_ms);
-- A member's ratings and history across every server (`/privacy export` and `delete`).
CREATE INDEX ratings_player ON ratings (player_id);
CREATE INDEX rating_history_member ON rating_history (player_id);
CREATE INDEX lobbies_host ON lobbies (host_id);

-- Members away from their async matches (`/away`): one row per member and server, the span in
-- which that server's matches pause the member's clock (or have a stand-in play), cut to what
-- the server's away budget left (bot/core/away.py). Kept 30 days after it ends: the budget is
-- counted over the last 30 days.
CREATE TABLE away (
    user_id     TEXT    NOT NULL,
    guild_id    TEXT    NOT NULL,
    since_ms    INTEGER  NOT NULL,
    until_ms    INTEGER  NOT NULL CHECK (until_ms >= since_ms),
    PRIMARY KEY (user_id, guild_id, since_ms)
);
CREATE INDEX away_until ON away (until_ms);

-- The messages matches owe their channels, stored in the transaction of the step that made
-- them due, so neither a crash nor a Discord outage can leave a match without its message
-- (bot/outbox.py). One row per match: a later step's message replaces an undelivered one.
CREATE TABLE outbox (
    match_id    BIGINT  PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    kind        TEXT    NOT NULL CHECK (kind IN ('post', 'close')),
    version     BIGINT  NOT NULL,
    step_key    BIGINT,
    since_ms    BIGINT  NOT NULL
);

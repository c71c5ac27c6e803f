-- Unrated (casual) matches: their results are kept but they change no rating. Existing matches
-- were all rated.
ALTER TABLE matches ADD COLUMN rated INTEGER NOT NULL DEFAULT 1 CHECK (rated IN (0, 1));

-- How each seat of a finished match placed (1 = best; tied seats share a place), its score if
-- the game has one, and how its player left (as seats.departed), for profiles and ratings
-- rebuilds. Written by finish_match in the same transaction as the final status.
CREATE TABLE match_results (
    match_id    INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    player_id   TEXT    NOT NULL,
    place       INTEGER NOT NULL CHECK (place >= 1),
    score       INTEGER,
    departed    TEXT
                CHECK (departed IS NULL OR departed IN ('resigned', 'expelled', 'left')),
    PRIMARY KEY (match_id, seat)
);
CREATE INDEX match_results_player ON match_results (player_id);

-- Leaderboards over a time window (rating_history rows of a guild and game since a moment).
CREATE INDEX rating_history_window ON rating_history (guild_id, game, at);

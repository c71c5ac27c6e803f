-- A player who left a match (resigned, was expelled, or left) keeps the seat, now played by the
-- AI; `departed` says how, for ratings. NULL while the player is still in the match.
ALTER TABLE seats ADD COLUMN departed TEXT
    CHECK (departed IS NULL OR departed IN ('resigned', 'expelled', 'left'));

-- open_match_in: the open match played in a thread, or (without a thread) in a channel.
CREATE INDEX matches_open_place ON matches (COALESCE(thread_id, channel_id))
    WHERE status = 'open';

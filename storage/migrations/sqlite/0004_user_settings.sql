-- A member's own settings (one JSON object per Discord user), e.g. opting in to DM reminders
-- for asynchronous play; like guild_settings, but keyed by the member.
CREATE TABLE user_settings (
    user_id     TEXT    PRIMARY KEY,
    settings    TEXT    NOT NULL DEFAULT '{}',
    updated_at  INTEGER NOT NULL
);

-- A match's commitment to its dice (docs/fairness.md): the record's `fair` object as JSON —
-- subject, commitment, the mixed-in value and its origin, and the secret seed and salt, which
-- only a finished match's record shows. NULL for a match that began before commitments.
ALTER TABLE matches ADD COLUMN fair TEXT;

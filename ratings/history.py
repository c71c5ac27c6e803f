"""The rating-history row: ratings computes it, storage keeps it (storage sits on ratings)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class RatingChange:
    """One player's rating in a guild and game right after a rated match, at `at` (ms since the
    epoch): one row of the rating history, the same record on the rating and storage sides."""

    match_id: int
    guild_id: str
    game: str
    player_id: str
    mu: float
    sigma: float
    at: int

"""Rate one finished match, and rebuild every standing from the full list of finished matches."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from games.common import Seat
from games.records import MatchRecord
from ratings.history import RatingChange
from ratings.model import Standing, rate
from ratings.results import places_of, rated_players


@dataclass(frozen=True, slots=True)
class FinishedMatch:
    """What rating needs from a closed match row; `finished_at` is ms since the epoch."""

    match_id: int
    guild_id: str
    game: str
    record: MatchRecord
    departed: Mapping[Seat, str]
    rated: bool
    finished_at: int
    status: str = "finished"
    """The row's status, so cancelled or abandoned rows passed along are skipped, not rated."""


@dataclass(slots=True)
class RebuiltRatings:
    """Every standing by (guild, game) and the history, as replaying all matches produces them."""

    standings: dict[tuple[str, str], dict[str, Standing]] = field(default_factory=dict)
    history: list[RatingChange] = field(default_factory=list)


def rate_match(current: Mapping[str, Standing], match: FinishedMatch) -> dict[str, Standing]:
    """The standings this match changes (empty when unrated); the incremental path's one step.

    `current` holds the guild-and-game standings; only the match's players are looked up, and a
    missing one starts at the default.
    """
    players = rated_players(
        match.record, status=match.status, rated=match.rated, departed=match.departed
    )
    if not players:
        return {}
    ids = [player.id for player in match.record.players]
    return rate(current, ids, places_of(match.record, match.departed), update_only=players)


def history_of(match: FinishedMatch, changed: Mapping[str, Standing]) -> list[RatingChange]:
    """The history rows for `rate_match`'s result, in seat order, so both paths log alike."""
    return [
        RatingChange(
            match.match_id, match.guild_id, match.game, player.id, s.mu, s.sigma, match.finished_at
        )
        for player in match.record.players
        if (s := changed.get(player.id)) is not None
    ]


def rebuild(matches: Iterable[FinishedMatch]) -> RebuiltRatings:
    """Replay matches in the given order through `rate_match`, so it equals the incremental path."""
    out = RebuiltRatings()
    for match in matches:
        key = (match.guild_id, match.game)
        table = out.standings.get(key, {})
        changed = rate_match(table, match)
        if not changed:
            continue
        table.update(changed)
        out.standings[key] = table
        out.history.extend(history_of(match, changed))
    return out

"""A finished match's places and rating changes, computed the way `tablero ratings rebuild`
recomputes them (the ratings package's `rate_match`), so incremental == rebuilt."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from games.records import MatchRecord, record_of
from ratings import FinishedMatch, Standing, places_of, rate_match
from storage import Owed, Rating, Result, Store, StoredMatch

if TYPE_CHECKING:
    from bot.core.live import LiveMatch


@dataclass(frozen=True, slots=True)
class Final:
    """What `finish_match` stores for a match: its results by seat and the new ratings."""

    results: tuple[Result, ...]
    ratings: tuple[Rating, ...]


def results_of(
    record: MatchRecord, departed: Mapping[int, str], scores: tuple[int, ...] | None
) -> tuple[Result, ...]:
    """Each seat's place (departed seats last) and score."""
    places = places_of(record, departed)
    return tuple(
        Result(
            seat=seat,
            player_id=player.id,
            place=places[seat],
            score=None if scores is None else scores[seat],
            departed=departed.get(seat),
        )
        for seat, player in enumerate(record.players)
    )


async def final_of(store: Store, match: FinishedMatch, scores: tuple[int, ...] | None) -> Final:
    """Results and rating changes of a match that ends now (nothing for one without result)."""
    if match.status != "finished":
        return Final((), ())
    results = results_of(match.record, match.departed, scores)
    if not match.guild_id:
        return Final(results, ())
    guild, game = match.guild_id, match.game
    current = {
        r.player_id: Standing(r.player_id, r.mu, r.sigma, r.games)
        for r in await store.ratings(guild, game)
    }
    changed = rate_match(current, match)
    ratings = tuple(
        Rating(guild, game, s.player_id, s.mu, s.sigma, s.games) for s in changed.values()
    )
    return Final(results, ratings)


def finished_match(stored: StoredMatch) -> FinishedMatch:
    """The ratings package's view of a finished stored match (for `tablero ratings rebuild`)."""
    return FinishedMatch(
        match_id=stored.id,
        guild_id=stored.guild_id or "",
        game=stored.record.game,
        record=stored.record,
        departed=dict(stored.departed),
        rated=stored.rated,
        finished_at=stored.finished_at or 0,
        status=stored.status,
    )


async def store_ending(
    store: Store, live: LiveMatch, status: str, now_ms: int, *, owes_close: bool
) -> None:
    """Store how a match ended: its results and rating changes, and (`owes_close`: it ended
    without a result) that its message owes the removal of its buttons — one transaction."""
    players = await store.seat_players(live.id) or live.players  # a deleted member: renamed
    record = record_of(live.spec.name, live.state, players, options=live.options)
    match = FinishedMatch(
        match_id=live.id,
        guild_id=live.guild_id or "",
        game=live.spec.name,
        record=record,
        departed=dict(live.departed),
        rated=live.rated,
        finished_at=now_ms,
        status=status,
    )
    outcome = live.state.outcome()
    final = await final_of(store, match, None if outcome is None else outcome.scores)
    owed = Owed(live.id, "close", live.state.version, None, now_ms)
    await store.finish_match(
        live.id, status, final.ratings, final.results, owed if owes_close else None
    )

"""Read-only queries both drivers answer the same way: the SQL lives in sql.py (written with `$1`
placeholders) and the row mapping in rows.py, and each driver only says how to run a Query
(`_fetch`)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

from ratings.history import RatingChange
from storage.records import AwaySpan, BoardRow, Deadline, PlayerResult
from storage.rows import (
    away_span_from_row,
    board_row_from_row,
    deadline_from_row,
    guild_values,
    guilds_where,
    player_result_from_row,
    rating_change_from_row,
)
from storage.sql import (
    ALL_GUILD_SETTINGS,
    MEMBER_DEADLINES,
    RATING_HISTORY,
    Query,
    away_spans_query,
    computer_results_query,
    leaderboard_query,
    leaderboard_size_query,
    player_match_counts_query,
    player_results_query,
)


class SharedReads(ABC):
    """Leaderboards, results, rating history, away spans, a member's deadlines and settings
    lookups for both drivers."""

    @abstractmethod
    async def _fetch(self, query: Query) -> list[Any]:
        """Run a query with `$1` placeholders; every row (each driver implements it)."""

    async def rating_history(self, guild_id: str, game: str, player_id: str) -> list[RatingChange]:
        """A player's rating after each rated match, oldest first."""
        rows = await self._fetch(Query(RATING_HISTORY, (guild_id, game, player_id)))
        return [rating_change_from_row(r) for r in rows]

    async def leaderboard(
        self,
        game: str,
        guild_ids: Sequence[str] | None,
        *,
        since_ms: int | None,
        min_games: int,
        offset: int,
        limit: int,
        public: bool = False,
    ) -> list[BoardRow]:
        """A page of a game's ratings, best first."""
        query = leaderboard_query(
            game,
            guild_ids,
            since_ms=since_ms,
            min_games=min_games,
            offset=offset,
            limit=limit,
            public=public,
        )
        return [board_row_from_row(r) for r in await self._fetch(query)]

    async def leaderboard_size(
        self,
        game: str,
        guild_ids: Sequence[str] | None,
        *,
        since_ms: int | None,
        min_games: int,
        public: bool = False,
    ) -> int:
        """How many rows the leaderboard has with these filters."""
        query = leaderboard_size_query(
            game, guild_ids, since_ms=since_ms, min_games=min_games, public=public
        )
        return int((await self._fetch(query))[0][0])

    async def player_results(
        self, player_id: str, guild_id: str | None, game: str | None, limit: int | None
    ) -> list[PlayerResult]:
        """The player's matches with a result, most recent first."""
        query = player_results_query(player_id, guild_id, game, limit)
        return [player_result_from_row(r) for r in await self._fetch(query)]

    async def player_match_counts(
        self, player_id: str, guild_id: str | None, game: str | None
    ) -> tuple[int, int]:
        """(matches no longer open the player sat in, of which finished)."""
        row = (await self._fetch(player_match_counts_query(player_id, guild_id, game)))[0]
        return int(row[0]), int(row[1])

    async def computer_results(
        self, player_id: str, guild_id: str | None, game: str | None
    ) -> list[tuple[str, int, int]]:
        """(computer's id, the player's place, its place) per computer seat the player met."""
        rows = await self._fetch(computer_results_query(player_id, guild_id, game))
        return [(str(r[0]), int(r[1]), int(r[2])) for r in rows]

    async def away_spans(self, since_ms: int, user_id: str | None = None) -> list[AwaySpan]:
        """The away spans ending after `since_ms` (one member's, or all), oldest first."""
        rows = await self._fetch(away_spans_query(since_ms, user_id))
        return [away_span_from_row(r) for r in rows]

    async def member_deadlines(self, user_id: str, kind: str) -> list[tuple[str | None, Deadline]]:
        """The deadlines of this kind of every open match the member plays, with its guild."""
        rows = await self._fetch(Query(MEMBER_DEADLINES, (user_id, kind)))
        return [(r[0], deadline_from_row(tuple(r)[1:])) for r in rows]

    async def guilds_with(self, key: str) -> list[str]:
        """The guilds whose settings set `key` to true."""
        return guilds_where(await self._fetch(ALL_GUILD_SETTINGS), key)

    async def guild_values(self, key: str) -> dict[str, Any]:
        """Each guild's value of setting `key`, for the guilds that set it."""
        return guild_values(await self._fetch(ALL_GUILD_SETTINGS), key)

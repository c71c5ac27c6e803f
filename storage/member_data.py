"""A member's data theirs, and a server's gone with it: what `/privacy export` reads, what
`/privacy delete` and a server's removal change, the same SQL on both drivers. Each driver only
says how to run a Query (`_fetch`) and several in one transaction (`_run`)."""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

from games.records import Player
from ratings.history import RatingChange
from storage.records import Forgotten, Lobby, MemberSeat, Rating
from storage.rows import lobby_from_row, rating_change_from_row
from storage.sql import LOBBY_SELECT, Query, gone

_MEMBER_SEATS = (
    "SELECT m.id, m.game, m.guild_id, m.status, s.seat, s.name, s.departed, m.rated,"
    " m.created_at, m.updated_at FROM seats s JOIN matches m ON m.id = s.match_id"
    " WHERE s.player_id = $1 ORDER BY m.id, s.seat"
)
_MEMBER_RATINGS = (
    "SELECT guild_id, game, player_id, mu, sigma, games FROM ratings WHERE player_id = $1"
    " ORDER BY guild_id, game"
)
_MEMBER_HISTORY = (
    "SELECT match_id, guild_id, game, player_id, mu, sigma, at FROM rating_history"
    " WHERE player_id = $1 ORDER BY at, match_id"
)
_MEMBER_LOBBIES = LOBBY_SELECT + " WHERE host_id = $1 OR members LIKE $2 ORDER BY id"
_OPEN_GONE_SEATS = (
    "SELECT s.match_id, s.seat, s.player_id FROM seats s JOIN matches m ON m.id = s.match_id"
    f" WHERE m.status = 'open' AND s.departed IS NULL AND {gone('s.player_id')}"
    " ORDER BY s.match_id, s.seat"
)
_SEAT_PLAYERS = "SELECT player_id, name FROM seats WHERE match_id = $1 ORDER BY seat"
_HIDDEN = "SELECT 1 FROM hidden_players WHERE user_id = $1"
_HIDE = (
    "INSERT INTO hidden_players (user_id, since_ms) VALUES ($1, $2)"
    " ON CONFLICT (user_id) DO NOTHING"
)
_SHOW = "DELETE FROM hidden_players WHERE user_id = $1"
_RENAMES = (
    "UPDATE seats SET player_id = $2, name = $2 WHERE player_id = $1",
    "UPDATE match_results SET player_id = $2 WHERE player_id = $1",
    "UPDATE ratings SET player_id = $2 WHERE player_id = $1",
    "UPDATE rating_history SET player_id = $2 WHERE player_id = $1",
)
"""What keeps a pseudonymous seat: the records, results and ratings other members' ratings were
computed against, so `tablero ratings rebuild` reproduces theirs and never the member's."""
_REMOVALS = (
    "DELETE FROM user_settings WHERE user_id = $1",
    "DELETE FROM away WHERE user_id = $1",
    "DELETE FROM hidden_players WHERE user_id = $1",
)
_OPEN_SEATS = (
    "SELECT COUNT(*) FROM seats s JOIN matches m ON m.id = s.match_id"
    " WHERE s.player_id = $1 AND m.status = 'open' AND s.departed IS NULL"
)
_LEFT = (
    "INSERT INTO departed_guilds (guild_id, left_ms) VALUES ($1, $2)"
    " ON CONFLICT (guild_id) DO NOTHING"
)
_BACK = "DELETE FROM departed_guilds WHERE guild_id = $1"
_LEFT_BEFORE = "SELECT guild_id FROM departed_guilds WHERE left_ms < $1 ORDER BY guild_id"
_GUILD_TABLES = ("matches", "ratings", "guild_settings", "lobbies", "away", "departed_guilds")
"""Every table with a guild's rows (a match's seats, events, results, history, deadlines and
outbox row go with it: ON DELETE CASCADE)."""


class MemberData(ABC):
    """Export, deletion and the global-board opt-out of a member; a departed server's purge."""

    @abstractmethod
    async def _fetch(self, query: Query) -> list[Any]:
        """Run a query with `$1` placeholders; every row (each driver implements it)."""

    @abstractmethod
    async def _run(self, queries: Sequence[Query]) -> list[int]:
        """Run statements in one transaction; how many rows each changed."""

    async def member_seats(self, user_id: str) -> list[MemberSeat]:
        """Every seat the member holds, in matches open or not, oldest match first."""
        rows = await self._fetch(Query(_MEMBER_SEATS, (user_id,)))
        return [
            MemberSeat(
                int(r[0]), r[1], r[2], r[3], int(r[4]), r[5], r[6], bool(r[7]), int(r[8]), int(r[9])
            )
            for r in rows
        ]

    async def member_ratings(self, user_id: str) -> list[Rating]:
        """The member's ratings in every server and game."""
        rows = await self._fetch(Query(_MEMBER_RATINGS, (user_id,)))
        return [Rating(r[0], r[1], r[2], float(r[3]), float(r[4]), int(r[5])) for r in rows]

    async def member_history(self, user_id: str) -> list[RatingChange]:
        """The member's rating after each rated match, in every server and game, oldest first."""
        rows = await self._fetch(Query(_MEMBER_HISTORY, (user_id,)))
        return [rating_change_from_row(r) for r in rows]

    async def member_lobbies(self, user_id: str) -> list[Lobby]:
        """The lobbies and challenges the member hosts or is in, whatever their status."""
        rows = await self._fetch(Query(_MEMBER_LOBBIES, (user_id, _in_members(user_id))))
        return [lobby for lobby in map(lobby_from_row, rows) if _involves(lobby, user_id)]

    async def seat_players(self, match_id: int) -> tuple[Player, ...]:
        """Who sits in each seat as stored now (a deleted member's seat: their pseudonym)."""
        rows = await self._fetch(Query(_SEAT_PLAYERS, (match_id,)))
        return tuple(Player(r[0], r[1]) for r in rows)

    async def open_gone_seats(self) -> list[tuple[int, int, str]]:
        """(match, seat, pseudonym) of every open match's seat whose member had their data
        deleted but that no process has resigned yet."""
        rows = await self._fetch(Query(_OPEN_GONE_SEATS, ()))
        return [(int(r[0]), int(r[1]), str(r[2])) for r in rows]

    async def hidden_from_board(self, user_id: str) -> bool:
        """Whether the member chose to stay off boards beyond one server."""
        return bool(await self._fetch(Query(_HIDDEN, (user_id,))))

    async def hide_from_board(self, user_id: str, hidden: bool, at_ms: int) -> None:
        """Keep the member off boards beyond one server (or show them again)."""
        await self._run([Query(_HIDE, (user_id, at_ms)) if hidden else Query(_SHOW, (user_id,))])

    async def forget_member(self, user_id: str, pseudonym: str) -> Forgotten:
        """In one transaction: the member's settings, away spans and board choice removed; every
        seat, result and rating of theirs renamed to `pseudonym`; the lobbies they were in left
        (those they hosted cancelled, finished ones removed)."""
        open_seats = int((await self._fetch(Query(_OPEN_SEATS, (user_id,))))[0][0])
        lobbies = await self.member_lobbies(user_id)
        renames = [Query(sql, (user_id, pseudonym)) for sql in _RENAMES]
        removals = [Query(sql, (user_id,)) for sql in _REMOVALS]
        leaving = [_lobby_without(lobby, user_id, pseudonym) for lobby in lobbies]
        counts = await self._run([*renames, *removals, *leaving])
        return Forgotten(
            seats=counts[0],
            open_seats=open_seats,
            ratings=counts[2],
            lobbies=sum(counts[len(renames) + len(removals) :]),
        )

    async def guild_left(self, guild_id: str, at_ms: int) -> None:
        """The bot was removed from a server at `at_ms` (a later call keeps the first time)."""
        await self._run([Query(_LEFT, (guild_id, at_ms))])

    async def guild_back(self, guild_id: str) -> None:
        """The bot is in the server again: nothing of it is to be removed."""
        await self._run([Query(_BACK, (guild_id,))])

    async def purge_guilds(self, left_before_ms: int) -> list[str]:
        """Remove everything stored about the servers the bot left before `left_before_ms`, in
        one transaction; their ids."""
        gone_guilds = [str(r[0]) for r in await self._fetch(Query(_LEFT_BEFORE, (left_before_ms,)))]
        if gone_guilds:
            marks = ", ".join(f"${i}" for i in range(1, len(gone_guilds) + 1))
            await self._run(
                [
                    Query(f"DELETE FROM {table} WHERE guild_id IN ({marks})", tuple(gone_guilds))
                    for table in _GUILD_TABLES
                ]
            )
        return gone_guilds


def _in_members(user_id: str) -> str:
    """A LIKE pattern for a lobby's JSON member list holding this id (escaped wildcards aside,
    ids are digits; `_involves` checks the parsed list)."""
    return "%" + json.dumps(user_id) + "%"


def _involves(lobby: Lobby, user_id: str) -> bool:
    return lobby.host_id == user_id or user_id in lobby.members


def _lobby_without(lobby: Lobby, user_id: str, pseudonym: str) -> Query:
    """The member out of a lobby: a closed one removed, an open one they host cancelled (the host
    renamed), an open one they joined left."""
    if lobby.status != "open":
        return Query("DELETE FROM lobbies WHERE id = $1", (lobby.id,))
    members = json.dumps([m for m in lobby.members if m != user_id])
    if lobby.host_id == user_id:
        return Query(
            "UPDATE lobbies SET status = 'cancelled', host_id = $2, members = $3 WHERE id = $1",
            (lobby.id, pseudonym, members),
        )
    return Query("UPDATE lobbies SET members = $2 WHERE id = $1", (lobby.id, members))

"""The storage contract: one async interface, whatever database is behind it.

A match is its event log. `append` commits actions in one transaction guarded by the match's
version (optimistic concurrency), so an action is durable before the bot answers the click, and
an interaction id can be stored only once, so a redelivered click never applies twice.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from games.records import Entry, Player
from ratings.history import RatingChange
from storage.lease import LEASE_TTL_S
from storage.records import (
    ONE_SHARD,
    AwaySpan,
    BoardRow,
    Deadline,
    Forgotten,
    LoadedMatches,
    Lobby,
    MemberSeat,
    NewMatch,
    Owed,
    PlayerResult,
    Rating,
    Result,
    SettingValue,
    Shards,
    StoredMatch,
)


class Store(Protocol):
    """Everything the bot keeps, behind one async interface (SQLite or PostgreSQL)."""

    async def create_match(self, match: NewMatch) -> int:
        """Store a new open match with its seats, owing its first message; return its id."""
        ...

    async def append(
        self,
        match_id: int,
        expected_version: int,
        entries: Sequence[Entry],
        owed: Owed | None = None,
    ) -> int:
        """Append events if the match is still at `expected_version`, and record the message
        they make due (replacing an undelivered one); return the new version.

        Raises StaleVersion, DuplicateInteraction, UnknownMatch or LeaseLost (PostgreSQL: the
        match's shard was taken by another process since this one claimed it) and stores
        nothing then. Every write of a match is fenced so: `create_match`, `owe`, `settle`,
        `set_message`, `set_status`, `set_departed`, `finish_match` too.
        """
        ...

    async def owed_messages(self, shards: Shards = ONE_SHARD) -> list[Owed]:
        """Every message the matches of the servers on `shards` owe, oldest first (delivered at
        start-up)."""
        ...

    async def owe(self, owed: Owed) -> None:
        """Record a message a match owes outside a step (its message was deleted)."""
        ...

    async def settle(self, match_id: int, version: int) -> None:
        """A delivery showed `version`: what the match owed up to it is done."""
        ...

    async def load(self, match_id: int) -> StoredMatch:
        """The match and its whole event log; UnknownMatch if there is none."""
        ...

    async def load_many(self, match_ids: Sequence[int]) -> LoadedMatches:
        """Several matches with their event logs, read together (start-up rebuilds thousands:
        a few queries, not three per match); a match not found or with corrupt rows is among
        the problems, as `load` would have raised for it alone."""
        ...

    async def open_match_ids(self, shards: Shards = ONE_SHARD) -> list[int]:
        """Ids of every match still open in the servers on `shards` (to rebuild at start-up)."""
        ...

    async def claim_shards(self, shards: Shards, ttl_s: float = LEASE_TTL_S) -> None:
        """Make this process the only one running `shards` until the store is closed;
        ShardTaken if another holds one of them, runs with another shard count, or the store
        can't be shared (a SQLite file is one process's, so it takes only the one shard).

        PostgreSQL: each shard's lease generation moves on at once (every write of a match
        checks it from then on: the previous holder can store nothing more), and this process
        promises in turn to stop serving within `ttl_s` of losing the lease
        (storage/lease.py)."""
        ...

    async def ready_to_serve(self) -> None:
        """Return once the shards claimed may be served — answered, posted to: the previous
        holder's lease ran out (its TTL since its last renewal; at once after a clean stop, and
        always on SQLite). What stays inside the database (reading the matches) may be done
        before."""
        ...

    async def keep_shards(self) -> bool:
        """Renew the claim and say whether there is one; a claim lost with the database's
        connection is taken again (ShardTaken if another process took it meanwhile).
        StorageError or an outage while the database is down."""
        ...

    def on_lease_lost(self, listener: Callable[[], None]) -> None:
        """Call `listener` the moment the claim may be lost — its connection ended, or a write
        was refused with LeaseLost — so the bot checks it at once (`keep_shards`) rather than at
        its next renewal. Never called on SQLite."""
        ...

    async def open_match_in(self, channel_id: str) -> int | None:
        """The open match played in this channel or thread, or None.

        A match is in its thread when it has one, else in its channel; should several open
        matches be there, the oldest (lowest id) is returned.
        """
        ...

    async def set_departed(self, match_id: int, seat: int, how: str) -> None:
        """Record that the player of `seat` left the match, and how (one of SEAT_DEPARTURES);
        a later call for the same seat replaces it.

        UnknownMatch if there is no such match; StorageError for a seat the match does not
        have or an unknown `how`. Nothing is stored then.
        """
        ...

    async def set_status(self, match_id: int, status: str) -> None:
        """Mark a match finished, cancelled or abandoned (or open again)."""
        ...

    async def set_message(
        self, match_id: int, message_id: str | None, settled: int | None = None
    ) -> None:
        """Remember the Discord message that shows the match; when it shows version `settled`,
        what the match owed up to it is done (in the same transaction)."""
        ...

    async def finish_match(
        self,
        match_id: int,
        status: str,
        ratings: Sequence[Rating],
        results: Sequence[Result] = (),
        owed: Owed | None = None,
    ) -> None:
        """In one transaction: set the final status, drop the match's deadlines, store the new
        ratings and their history rows (at = now), the seats' results, and the message the end
        makes due.

        UnknownMatch if there is no such match; StorageError for a result the schema refuses
        (a place below 1, an unknown departure, a seat given twice or already stored). Nothing
        is stored then.
        """
        ...

    async def ratings(self, guild_id: str, game: str) -> list[Rating]:
        """Every rating of a guild and game."""
        ...

    async def finished_matches(self) -> list[StoredMatch]:
        """Every finished match with its record, in the order they finished (last update,
        then id): what `tablero ratings rebuild` replays."""
        ...

    async def replace_ratings(
        self, ratings: Sequence[Rating], history: Sequence[RatingChange]
    ) -> None:
        """In one transaction: delete every rating and history row, and store these instead.
        StorageError (and nothing changed) if the database refuses a row."""
        ...

    async def rating_history(self, guild_id: str, game: str, player_id: str) -> list[RatingChange]:
        """A player's rating after each rated match of a guild and game, oldest first."""
        ...

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
        """A page of the ratings of a game in these guilds (None: every guild), best
        (mu − 3·sigma) first, then by player id; never a deleted member's pseudonym, and on a
        board beyond one server (`public`) nobody who chose to stay off it (hide_from_board).

        Only players with at least `min_games` games: all-time (`ratings.games`), or with
        `since_ms`, rating_history rows at or after it in that guild and game, which are then
        the row's `games`.
        """
        ...

    async def leaderboard_size(
        self,
        game: str,
        guild_ids: Sequence[str] | None,
        *,
        since_ms: int | None,
        min_games: int,
        public: bool = False,
    ) -> int:
        """How many rows `leaderboard` has with the same filters (for "page 2 of 5")."""
        ...

    async def player_results(
        self, player_id: str, guild_id: str | None, game: str | None, limit: int | None
    ) -> list[PlayerResult]:
        """The player's matches that have a result row, most recent first (at most `limit`),
        in that guild and game when given."""
        ...

    async def computer_results(
        self, player_id: str, guild_id: str | None, game: str | None
    ) -> list[tuple[str, int, int]]:
        """(computer's player id, the player's place, the computer's place) for every computer
        seat of the player's finished matches (in that guild and game when given)."""
        ...

    async def player_match_counts(
        self, player_id: str, guild_id: str | None, game: str | None
    ) -> tuple[int, int]:
        """(matches the player sat in that are no longer open, of which finished), in that
        guild and game when given; cancelled and abandoned matches are not finished."""
        ...

    async def guilds_with(self, key: str) -> list[str]:
        """The guilds whose settings set `key` to true (e.g. the global leaderboard opt-in)."""
        ...

    async def guild_values(self, key: str) -> dict[str, Any]:
        """Each guild's value of setting `key`, for the guilds that set it (a corrupt row
        counts as not set)."""
        ...

    async def get_guild_settings(self, guild_id: str) -> dict[str, Any]:
        """A guild's settings ({} if none were saved); StorageError for a corrupt row."""
        ...

    async def set_guild_settings(self, guild_id: str, settings: dict[str, Any]) -> None:
        """Replace a guild's settings (being replaced by update_guild_settings: a caller that
        reads, changes and writes back the whole object loses a concurrent change)."""
        ...

    async def update_guild_settings(
        self, guild_id: str, changes: Mapping[str, SettingValue | None]
    ) -> None:
        """Merge `changes` into a guild's settings in one SQL statement, so concurrent updates
        of different keys all survive: a key set to None is removed, the others are set, keys
        not named are kept, and a guild without a row gets one.

        ValueError for a change that is not a non-empty name with a bool, an int (64-bit), a
        str or None; StorageError naming the row when the stored settings are not a JSON object
        (as get_guild_settings). Nothing is changed then.
        """
        ...

    async def get_user_settings(self, user_id: str) -> dict[str, Any]:
        """A member's own settings ({} if none were saved); StorageError for a corrupt row."""
        ...

    async def set_user_settings(self, user_id: str, settings: dict[str, Any]) -> None:
        """Replace a member's own settings (being replaced by update_user_settings, for the
        same reason as set_guild_settings)."""
        ...

    async def update_user_settings(
        self, user_id: str, changes: Mapping[str, SettingValue | None]
    ) -> None:
        """Merge `changes` into a member's own settings in one SQL statement; the same rules
        and refusals as update_guild_settings."""
        ...

    async def save_lobby(self, lobby: Lobby) -> int:
        """Insert a new lobby (id None) or update one; return its id."""
        ...

    async def load_lobby(self, lobby_id: int) -> Lobby:
        """One lobby; StorageError if there is none."""
        ...

    async def open_lobbies(self, shards: Shards = ONE_SHARD) -> list[Lobby]:
        """Lobbies and challenges still open in the servers on `shards` (to restore their buttons
        and expiry)."""
        ...

    async def set_deadline(self, deadline: Deadline) -> None:
        """Store (or move) a match's deadline of this kind."""
        ...

    async def clear_deadline(self, match_id: int, kind: str) -> None:
        """Forget a deadline (nothing happens if there is none)."""
        ...

    async def deadlines(self) -> list[Deadline]:
        """Every stored deadline, soonest first (re-armed at start-up)."""
        ...

    async def deadlines_of(self, match_id: int) -> list[Deadline]:
        """One match's deadlines (every kind), soonest first; [] for a match without any,
        or no such match."""
        ...

    async def add_away(self, spans: Sequence[AwaySpan], forget_before_ms: int) -> None:
        """Store away spans (one transaction), forgetting those that ended before
        `forget_before_ms`."""
        ...

    async def end_away(self, user_id: str, at_ms: int) -> None:
        """A member is back at `at_ms`: their spans end there (one transaction)."""
        ...

    async def away_spans(self, since_ms: int, user_id: str | None = None) -> list[AwaySpan]:
        """The away spans that end after `since_ms` (of one member, or everyone), oldest
        first."""
        ...

    async def member_deadlines(self, user_id: str, kind: str) -> list[tuple[str | None, Deadline]]:
        """The deadlines of this kind of every open match the member plays (whatever process
        runs it), each with its match's guild."""
        ...

    async def member_seats(self, user_id: str) -> list[MemberSeat]:
        """Every seat the member holds, in matches open or not, oldest match first."""
        ...

    async def member_ratings(self, user_id: str) -> list[Rating]:
        """The member's ratings in every server and game."""
        ...

    async def member_history(self, user_id: str) -> list[RatingChange]:
        """The member's rating after each rated match, in every server and game, oldest
        first."""
        ...

    async def member_lobbies(self, user_id: str) -> list[Lobby]:
        """The lobbies and challenges the member hosts or is in, whatever their status."""
        ...

    async def seat_players(self, match_id: int) -> tuple[Player, ...]:
        """Who sits in each seat of a match as stored now (a deleted member's seat: their
        pseudonym); () for no such match."""
        ...

    async def open_gone_seats(self) -> list[tuple[int, int, str]]:
        """(match, seat, pseudonym) of every open match's seat whose member had their data
        deleted and that no process has resigned yet."""
        ...

    async def hidden_from_board(self, user_id: str) -> bool:
        """Whether the member chose to stay off boards beyond one server."""
        ...

    async def hide_from_board(self, user_id: str, hidden: bool, at_ms: int) -> None:
        """Keep the member off boards beyond one server (`hidden`), or show them again."""
        ...

    async def forget_member(self, user_id: str, pseudonym: str) -> Forgotten:
        """In one transaction: the member's settings, away spans and board choice removed; every
        seat (open matches too), result, rating and history row of theirs renamed to
        `pseudonym`; the lobbies they were in left (hosted open ones cancelled, closed ones
        removed). The open seats stay to be resigned by the process running their match."""
        ...

    async def guild_left(self, guild_id: str, at_ms: int) -> None:
        """The bot was removed from a server at `at_ms` (a repeated call keeps the first
        time)."""
        ...

    async def guild_back(self, guild_id: str) -> None:
        """The bot is in the server again: nothing of it is to be removed."""
        ...

    async def purge_guilds(self, left_before_ms: int) -> list[str]:
        """Remove everything stored about the servers the bot left before `left_before_ms` (one
        transaction): matches with their records, ratings, settings, lobbies, away spans.
        Their ids."""
        ...

    async def ping(self) -> None:
        """Return once the database would take a write now (SQLite: its write lock can be
        taken; PostgreSQL: a connection answers); raise what an outage raises otherwise."""
        ...

    async def close(self) -> None:
        """Release the connection."""
        ...

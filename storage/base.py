"""The storage contract: one async interface, whatever database is behind it.

A match is its event log. `append` commits actions in one transaction guarded by the match's
version (optimistic concurrency), so an action is durable before the bot answers the click, and
an interaction id can be stored only once, so a redelivered click never applies twice.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from games.records import Entry, MatchRecord, Player


class StorageError(Exception):
    """Something the database refused or cannot be used for; the message says what."""


class SchemaTooNew(StorageError):
    """The database was written by a newer Tablero; it is left untouched."""


class StaleVersion(StorageError):
    """The match moved on since the caller read it (another action was stored first)."""


class DuplicateInteraction(StorageError):
    """This Discord interaction was already stored: a redelivered or double click."""


class UnknownMatch(StorageError):
    """No match has this id."""


@dataclass(frozen=True, slots=True)
class NewMatch:
    """What a match is created with."""

    game: str
    players: tuple[Player, ...]
    seed: str
    options: dict[str, Any]
    guild_id: str | None = None
    channel_id: str | None = None
    thread_id: str | None = None
    rated: bool = True
    """False for a casual match: its results are kept, but it changes no rating."""


@dataclass(frozen=True, slots=True)
class StoredMatch:
    """A match row with its record (game, options, seats, every event in order), and how each
    player who left the match departed (seat → one of SEAT_DEPARTURES; empty if nobody left)."""

    id: int
    status: str
    version: int
    record: MatchRecord
    guild_id: str | None
    channel_id: str | None
    thread_id: str | None
    message_id: str | None
    departed: Mapping[int, str] = field(default_factory=dict)
    rated: bool = True
    """False for a casual match (NewMatch.rated)."""
    finished_at: int | None = None
    """When a match that is no longer open last changed (ms since the epoch: its finish, unless
    it was updated since); None while it is open."""


@dataclass(frozen=True, slots=True)
class Deadline:
    """A timer that must survive restarts: an absolute time in ms since the epoch."""

    match_id: int
    kind: str
    due_at: int
    payload: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Lobby:
    """A pending lobby (players joining) or challenge (one member invited); id None when new."""

    id: int | None
    kind: str
    game: str
    options: dict[str, Any]
    host_id: str
    members: tuple[str, ...]
    expires_at: int
    status: str = "open"
    guild_id: str | None = None
    channel_id: str | None = None
    message_id: str | None = None


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's rating in one guild and game (openskill's mu and sigma), and games rated."""

    guild_id: str
    game: str
    player_id: str
    mu: float
    sigma: float
    games: int


@dataclass(frozen=True, slots=True)
class RatingChange:
    """A rating_history row: a player's rating in a guild and game after a rated match, at `at`
    (ms since the epoch)."""

    match_id: int
    guild_id: str
    game: str
    player_id: str
    mu: float
    sigma: float
    at: int


@dataclass(frozen=True, slots=True)
class Result:
    """How one seat of a finished match placed: 1 = best, tied seats share a place; the score if
    the game has one; how its player left (one of SEAT_DEPARTURES), if they did."""

    seat: int
    player_id: str
    place: int
    score: int | None = None
    departed: str | None = None


@dataclass(frozen=True, slots=True)
class BoardRow:
    """One leaderboard line: a player's rating in a guild, and the games counted (all-time, or
    those in the window)."""

    guild_id: str
    player_id: str
    mu: float
    sigma: float
    games: int
    name: str | None = None
    """The name the player last played under (None if no seat row is left)."""


@dataclass(frozen=True, slots=True)
class PlayerResult:
    """One of a player's matches with a result: where it was, how it ended (finished_at = the
    match's last update, ms), the player's place among `players` seats, and how they left."""

    match_id: int
    game: str
    guild_id: str | None
    status: str
    finished_at: int
    place: int
    players: int
    departed: str | None
    rated: bool


LOBBY_KINDS = ("lobby", "challenge")
LOBBY_STATUSES = ("open", "started", "declined", "expired", "cancelled")
MATCH_STATUSES = ("open", "finished", "cancelled", "abandoned")
SEAT_DEPARTURES = ("resigned", "expelled", "left")
"""How a player left a match; the seat is then played by the AI."""


def now_ms() -> int:
    """Wall-clock milliseconds since the epoch, for created/updated columns."""
    return time.time_ns() // 1_000_000


MATCH_COLUMNS = (
    "id, game, options, seed, status, version, guild_id, channel_id, thread_id, message_id, rated,"
    " updated_at"
)
"""The columns `stored_match` reads, in its order (both backends select them like this)."""

SEAT_COLUMNS = "seat, player_id, name, departed"
"""The seat columns `stored_match` reads, in its order."""


def stored_match(row: Any, seats: Sequence[Any], events: Sequence[Any]) -> StoredMatch:
    """A StoredMatch from positional rows: MATCH_COLUMNS, (seat, player_id, name, departed), and
    (seat, action, at, interaction_id) in order. A corrupt row raises StorageError."""
    match_id = int(row[0])
    record = MatchRecord(
        game=row[1],
        players=tuple(Player(str(s[1]), str(s[2])) for s in seats),
        entries=tuple(
            Entry(int(e[0]), str(e[1]), e[2], None if e[3] is None else str(e[3])) for e in events
        ),
        options=decode_json(row[2], f"match {match_id}: options"),
        seed=row[3],
    )
    departed = {int(s[0]): str(s[3]) for s in seats if s[3] is not None}
    return StoredMatch(
        match_id,
        row[4],
        int(row[5]),
        record,
        row[6],
        row[7],
        row[8],
        row[9],
        departed,
        rated=bool(row[10]),
        finished_at=None if row[4] == "open" else int(row[11]),
    )


FINISHED_MATCHES = (
    "SELECT " + MATCH_COLUMNS + " FROM matches WHERE status = 'finished' ORDER BY updated_at, id"
)
"""Every finished match, in the order they finished (both backends, no placeholders)."""

FINISHED_SEATS = (
    "SELECT s.match_id, s.seat, s.player_id, s.name, s.departed FROM seats s"
    " JOIN matches m ON m.id = s.match_id WHERE m.status = 'finished' ORDER BY s.match_id, s.seat"
)

FINISHED_EVENTS = (
    "SELECT e.match_id, e.seat, e.action, e.at, e.interaction_id FROM match_events e"
    " JOIN matches m ON m.id = e.match_id WHERE m.status = 'finished' ORDER BY e.match_id, e.seq"
)


def stored_matches(
    rows: Sequence[Any], seats: Sequence[Any], events: Sequence[Any]
) -> list[StoredMatch]:
    """StoredMatches from FINISHED_MATCHES, FINISHED_SEATS and FINISHED_EVENTS rows (seat and
    event rows lead with their match id), in the order of `rows`."""
    seats_of: dict[int, list[Any]] = {}
    for s in seats:
        seats_of.setdefault(int(s[0]), []).append(tuple(s)[1:])
    events_of: dict[int, list[Any]] = {}
    for e in events:
        events_of.setdefault(int(e[0]), []).append(tuple(e)[1:])
    return [
        stored_match(r, seats_of.get(int(r[0]), []), events_of.get(int(r[0]), [])) for r in rows
    ]


def qmark(sql: str) -> str:
    """Shared SQL (PostgreSQL's `$1` placeholders) for SQLite, whose `?1` binds the same way."""
    return re.sub(r"\$(\d+)", r"?\1", sql)


@dataclass(frozen=True, slots=True)
class Query:
    """SQL with `$1`… placeholders (qmark() for SQLite) and its arguments."""

    sql: str
    args: tuple[Any, ...]


class _Args:
    """Arguments collected while a query is built; `add` returns the next placeholder."""

    def __init__(self) -> None:
        self.values: list[Any] = []

    def add(self, value: Any) -> str:
        self.values.append(value)
        return f"${len(self.values)}"

    def within(self, column: str, values: Sequence[str]) -> str:
        """`column IN (…)`; never true for no values."""
        if not values:
            return "1 = 0"
        return f"{column} IN ({', '.join(self.add(v) for v in values)})"


RATING_UPSERT = (
    "INSERT INTO ratings (guild_id, game, player_id, mu, sigma, games, updated_at)"
    " VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (guild_id, game, player_id) DO UPDATE"
    " SET mu = excluded.mu, sigma = excluded.sigma, games = excluded.games,"
    " updated_at = excluded.updated_at"
)

HISTORY_INSERT = (
    "INSERT INTO rating_history (match_id, guild_id, game, player_id, mu, sigma, at)"
    " VALUES ($1, $2, $3, $4, $5, $6, $7)"
)

RESULT_INSERT = (
    "INSERT INTO match_results (match_id, seat, player_id, place, score, departed)"
    " VALUES ($1, $2, $3, $4, $5, $6)"
)


def rating_rows(ratings: Sequence[Rating], now: int) -> list[tuple[Any, ...]]:
    """The arguments of RATING_UPSERT for each rating."""
    return [(r.guild_id, r.game, r.player_id, r.mu, r.sigma, r.games, now) for r in ratings]


def changes_of(match_id: int, ratings: Sequence[Rating], at: int) -> list[RatingChange]:
    """The history rows of ratings set by one match at `at`."""
    return [
        RatingChange(match_id, r.guild_id, r.game, r.player_id, r.mu, r.sigma, at) for r in ratings
    ]


def history_rows(changes: Sequence[RatingChange]) -> list[tuple[Any, ...]]:
    """The arguments of HISTORY_INSERT for each change."""
    return [(c.match_id, c.guild_id, c.game, c.player_id, c.mu, c.sigma, c.at) for c in changes]


def result_rows(match_id: int, results: Sequence[Result]) -> list[tuple[Any, ...]]:
    """The arguments of RESULT_INSERT; a StorageError for a place below 1 or an unknown
    departure (checked before anything is written)."""
    for r in results:
        if r.place < 1:
            raise StorageError(f"match {match_id}: seat {r.seat} has place {r.place}, not >= 1")
        if r.departed is not None:
            check_departure(r.departed)
    return [(match_id, r.seat, r.player_id, r.place, r.score, r.departed) for r in results]


def storage_integrity_error(exc: Exception, what: str) -> StorageError:
    """A constraint the database refused, as a StorageError saying what was being written."""
    return StorageError(f"{what} refused by the database: {exc}")


RATING_HISTORY = (
    "SELECT match_id, guild_id, game, player_id, mu, sigma, at FROM rating_history"
    " WHERE guild_id = $1 AND game = $2 AND player_id = $3 ORDER BY at, match_id"
)


def rating_change_from_row(row: Any) -> RatingChange:
    """A RatingChange from a RATING_HISTORY row."""
    return RatingChange(
        int(row[0]), row[1], row[2], row[3], float(row[4]), float(row[5]), int(row[6])
    )


_LATEST_NAME = (
    "(SELECT s.name FROM seats s WHERE s.player_id = r.player_id ORDER BY s.match_id DESC LIMIT 1)"
)
"""The name a player last played under (leaderboards of several servers show names, since a
viewer's client may not know members of other servers)."""


def _board_from(
    args: _Args, game: str, guild_ids: Sequence[str] | None, since_ms: int | None, min_games: int
) -> str:
    """FROM … WHERE of a leaderboard: (guild_id, player_id, mu, sigma, games, score) rows."""
    game_mark = args.add(game)
    guilds = "" if guild_ids is None else " AND " + args.within("r.guild_id", guild_ids)
    if since_ms is None:
        return (
            f"SELECT r.guild_id, r.player_id, r.mu, r.sigma, r.games, {_LATEST_NAME} FROM ratings r"
            f" WHERE r.game = {game_mark}{guilds} AND r.games >= {args.add(min_games)}"
        )
    since = args.add(since_ms)
    return (
        f"SELECT r.guild_id, r.player_id, r.mu, r.sigma, COALESCE(h.n, 0), {_LATEST_NAME}"
        " FROM ratings r"
        " LEFT JOIN (SELECT guild_id, player_id, COUNT(*) AS n FROM rating_history"
        f" WHERE game = {game_mark} AND at >= {since} GROUP BY guild_id, player_id) h"
        " ON h.guild_id = r.guild_id AND h.player_id = r.player_id"
        f" WHERE r.game = {game_mark}{guilds} AND COALESCE(h.n, 0) >= {args.add(min_games)}"
    )


def leaderboard_query(
    game: str,
    guild_ids: Sequence[str] | None,
    *,
    since_ms: int | None,
    min_games: int,
    offset: int,
    limit: int,
) -> Query:
    """The leaderboard page: BoardRow columns, best (mu − 3·sigma) first."""
    args = _Args()
    board = _board_from(args, game, guild_ids, since_ms, min_games)
    sql = (
        f"{board} ORDER BY r.mu - 3 * r.sigma DESC, r.player_id, r.guild_id"
        f" LIMIT {args.add(max(limit, 0))} OFFSET {args.add(max(offset, 0))}"
    )
    return Query(sql, tuple(args.values))


def leaderboard_size_query(
    game: str, guild_ids: Sequence[str] | None, *, since_ms: int | None, min_games: int
) -> Query:
    """How many rows the leaderboard has with these filters."""
    args = _Args()
    board = _board_from(args, game, guild_ids, since_ms, min_games)
    return Query(f"SELECT COUNT(*) FROM ({board}) board", tuple(args.values))


ALL_GUILD_SETTINGS = Query("SELECT guild_id, settings FROM guild_settings ORDER BY guild_id", ())


def guilds_where(rows: Sequence[Any], key: str) -> list[str]:
    """The guild ids whose settings set `key` to true (a corrupt row counts as not set)."""
    found = []
    for row in rows:
        try:
            settings = settings_from_row(row[1], f"guild {row[0]}: settings")
        except StorageError:
            continue
        if settings.get(key) is True:
            found.append(str(row[0]))
    return found


def board_row_from_row(row: Any) -> BoardRow:
    """A BoardRow from a leaderboard_query row."""
    return BoardRow(row[0], row[1], float(row[2]), float(row[3]), int(row[4]), row[5])


def _match_filters(args: _Args, guild_id: str | None, game: str | None) -> str:
    where = ""
    if guild_id is not None:
        where += f" AND m.guild_id = {args.add(guild_id)}"
    if game is not None:
        where += f" AND m.game = {args.add(game)}"
    return where


def player_results_query(
    player_id: str, guild_id: str | None, game: str | None, limit: int | None
) -> Query:
    """A player's results, most recent first: PlayerResult columns."""
    args = _Args()
    player = args.add(player_id)
    sql = (
        "SELECT m.id, m.game, m.guild_id, m.status, m.updated_at, r.place,"
        " (SELECT COUNT(*) FROM seats s WHERE s.match_id = m.id), r.departed, m.rated"
        f" FROM match_results r JOIN matches m ON m.id = r.match_id WHERE r.player_id = {player}"
        + _match_filters(args, guild_id, game)
        + " ORDER BY m.updated_at DESC, m.id DESC, r.seat"
    )
    if limit is not None:
        sql += f" LIMIT {args.add(max(limit, 0))}"
    return Query(sql, tuple(args.values))


def player_result_from_row(row: Any) -> PlayerResult:
    """A PlayerResult from a player_results_query row."""
    return PlayerResult(
        match_id=int(row[0]),
        game=row[1],
        guild_id=row[2],
        status=row[3],
        finished_at=int(row[4]),
        place=int(row[5]),
        players=int(row[6]),
        departed=row[7],
        rated=bool(row[8]),
    )


def player_match_counts_query(player_id: str, guild_id: str | None, game: str | None) -> Query:
    """(matches the player sat in that are no longer open, of which finished)."""
    args = _Args()
    player = args.add(player_id)
    sql = (
        "SELECT COUNT(*), COALESCE(SUM(CASE WHEN m.status = 'finished' THEN 1 ELSE 0 END), 0)"
        " FROM matches m WHERE m.status <> 'open' AND EXISTS (SELECT 1 FROM seats s"
        f" WHERE s.match_id = m.id AND s.player_id = {player})"
        + _match_filters(args, guild_id, game)
    )
    return Query(sql, tuple(args.values))


def decode_json(text: str, what: str) -> Any:
    """JSON from a row, or a StorageError naming the row (a corrupt row never crashes)."""
    try:
        return json.loads(text)
    except (TypeError, json.JSONDecodeError) as exc:
        raise StorageError(f"{what} is not valid JSON ({exc})") from None


def check_match_status(status: str) -> None:
    """Refuse a match status the schema does not know."""
    if status not in MATCH_STATUSES:
        raise StorageError(f"status must be one of {', '.join(MATCH_STATUSES)}, not {status!r}")


def check_departure(how: str) -> None:
    """Refuse a way of leaving a match that the schema does not know."""
    if how not in SEAT_DEPARTURES:
        raise StorageError(f"a departure is one of {', '.join(SEAT_DEPARTURES)}, not {how!r}")


def check_lobby(lobby: Lobby) -> None:
    """Refuse a lobby kind or status the schema does not know."""
    if lobby.kind not in LOBBY_KINDS:
        known = ", ".join(LOBBY_KINDS)
        raise StorageError(f"a lobby's kind is one of {known}, not {lobby.kind!r}")
    if lobby.status not in LOBBY_STATUSES:
        raise StorageError(
            f"a lobby's status is one of {', '.join(LOBBY_STATUSES)}, not {lobby.status!r}"
        )


LOBBY_SELECT = (
    "SELECT id, kind, game, options, host_id, members, expires_at, status, guild_id, channel_id,"
    " message_id FROM lobbies"
)


def lobby_from_row(row: Any) -> Lobby:
    """A Lobby from a row of LOBBY_SELECT (SQLite tuple or asyncpg record)."""
    where = f"lobby {row[0]}"
    return Lobby(
        id=int(row[0]),
        kind=row[1],
        game=row[2],
        options=decode_json(row[3], f"{where}: options"),
        host_id=row[4],
        members=tuple(decode_json(row[5], f"{where}: members")),
        expires_at=int(row[6]),
        status=row[7],
        guild_id=row[8],
        channel_id=row[9],
        message_id=row[10],
    )


DEADLINE_SELECT = "SELECT match_id, kind, due_at, payload FROM deadlines"


def deadline_from_row(row: Any) -> Deadline:
    """A Deadline from a row of DEADLINE_SELECT (SQLite tuple or asyncpg record); a corrupt
    payload raises StorageError."""
    payload = decode_json(row[3], f"match {row[0]}: deadline {row[1]}")
    return Deadline(int(row[0]), row[1], int(row[2]), payload)


@dataclass(frozen=True, slots=True)
class SettingsTable:
    """A table of settings, one JSON object per key (a guild's or a member's)."""

    table: str
    key: str
    owner: str
    """What a key names, for messages: "guild" or "user"."""

    def select(self, mark: str) -> str:
        """The SQL reading one key's settings; `mark` is the dialect's placeholder."""
        return f"SELECT settings FROM {self.table} WHERE {self.key} = {mark}"

    def upsert(self, key: str, settings: str, updated_at: str) -> str:
        """The SQL replacing one key's settings; the arguments are the dialect's placeholders."""
        return (
            f"INSERT INTO {self.table} ({self.key}, settings, updated_at)"
            f" VALUES ({key}, {settings}, {updated_at})"
            f" ON CONFLICT ({self.key}) DO UPDATE SET settings = excluded.settings,"
            " updated_at = excluded.updated_at"
        )

    def what(self, key: str) -> str:
        """How a row is named in a StorageError."""
        return f"{self.owner} {key}: settings"


GUILD_SETTINGS = SettingsTable("guild_settings", "guild_id", "guild")
USER_SETTINGS = SettingsTable("user_settings", "user_id", "user")


def settings_from_row(text: str | None, what: str) -> dict[str, Any]:
    """Settings read from a row: {} when there is no row; a StorageError naming the row when its
    text is not a JSON object."""
    if text is None:
        return {}
    settings = decode_json(text, what)
    if not isinstance(settings, dict):
        raise StorageError(f"{what} is not a JSON object")
    return settings


def settings_to_json(settings: Mapping[str, Any], what: str) -> str:
    """Settings as the JSON text stored; a StorageError when they are not a JSON object."""
    if not isinstance(settings, Mapping):
        raise StorageError(f"{what} must be a mapping, not {type(settings).__name__}")
    try:
        return json.dumps(dict(settings))
    except (TypeError, ValueError) as exc:
        raise StorageError(f"{what} cannot be stored as JSON ({exc})") from None


class Store(Protocol):
    """Everything the bot keeps, behind one async interface (SQLite or PostgreSQL)."""

    async def create_match(self, match: NewMatch) -> int:
        """Store a new open match with its seats; return its id."""
        ...

    async def append(self, match_id: int, expected_version: int, entries: Sequence[Entry]) -> int:
        """Append events if the match is still at `expected_version`; return the new version.

        Raises StaleVersion, DuplicateInteraction or UnknownMatch and stores nothing then.
        """
        ...

    async def load(self, match_id: int) -> StoredMatch:
        """The match and its whole event log; UnknownMatch if there is none."""
        ...

    async def open_match_ids(self) -> list[int]:
        """Ids of every match still open (to rebuild at start-up)."""
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

    async def set_message(self, match_id: int, message_id: str | None) -> None:
        """Remember the Discord message that shows the match."""
        ...

    async def finish_match(
        self,
        match_id: int,
        status: str,
        ratings: Sequence[Rating],
        results: Sequence[Result] = (),
    ) -> None:
        """In one transaction: set the final status, drop the match's deadlines, store the new
        ratings and their history rows (at = now), and the seats' results.

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
    ) -> list[BoardRow]:
        """A page of the ratings of a game in these guilds (None: every guild), best
        (mu − 3·sigma) first, then by player id.

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
    ) -> int:
        """How many rows `leaderboard` has with the same filters (for "page 2 of 5")."""
        ...

    async def player_results(
        self, player_id: str, guild_id: str | None, game: str | None, limit: int | None
    ) -> list[PlayerResult]:
        """The player's matches that have a result row, most recent first (at most `limit`),
        in that guild and game when given."""
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

    async def get_guild_settings(self, guild_id: str) -> dict[str, Any]:
        """A guild's settings ({} if none were saved); StorageError for a corrupt row."""
        ...

    async def set_guild_settings(self, guild_id: str, settings: dict[str, Any]) -> None:
        """Replace a guild's settings."""
        ...

    async def get_user_settings(self, user_id: str) -> dict[str, Any]:
        """A member's own settings ({} if none were saved); StorageError for a corrupt row."""
        ...

    async def set_user_settings(self, user_id: str, settings: dict[str, Any]) -> None:
        """Replace a member's own settings."""
        ...

    async def save_lobby(self, lobby: Lobby) -> int:
        """Insert a new lobby (id None) or update one; return its id."""
        ...

    async def load_lobby(self, lobby_id: int) -> Lobby:
        """One lobby; StorageError if there is none."""
        ...

    async def open_lobbies(self) -> list[Lobby]:
        """Lobbies and challenges still open (to restore their buttons and expiry)."""
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

    async def close(self) -> None:
        """Release the connection."""
        ...

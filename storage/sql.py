"""The SQL both drivers share, written once with PostgreSQL's `$1` placeholders (qmark() turns
them into SQLite's), so the two databases cannot drift apart."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from games.records import GONE_PREFIX

MATCH_COLUMNS = (
    "id, game, options, seed, status, version, guild_id, channel_id, thread_id, message_id, rated,"
    " updated_at, fair"
)
"""The columns `rows.stored_match` reads, in its order (both backends select them like this)."""

SEAT_COLUMNS = "seat, player_id, name, departed"
"""The seat columns `rows.stored_match` reads, in its order."""

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


LOADED_MATCHES = "SELECT " + MATCH_COLUMNS + " FROM matches WHERE id {ids} ORDER BY id"
"""Matches by id: `{ids}` is each backend's test of an id against a list (`IN (?, …)`,
`= ANY($1)`)."""

LOADED_SEATS = (
    "SELECT match_id, " + SEAT_COLUMNS + " FROM seats WHERE match_id {ids} ORDER BY match_id, seat"
)

LOADED_EVENTS = (
    "SELECT match_id, seat, action, at, interaction_id FROM match_events WHERE match_id {ids}"
    " ORDER BY match_id, seq"
)


AWAY_SELECT = "SELECT user_id, guild_id, since_ms, until_ms FROM away"
ADD_AWAY = (
    "INSERT INTO away (user_id, guild_id, since_ms, until_ms) VALUES ($1, $2, $3, $4)"
    " ON CONFLICT (user_id, guild_id, since_ms) DO UPDATE SET until_ms = excluded.until_ms"
)
END_AWAY = "UPDATE away SET until_ms = $2 WHERE user_id = $1 AND since_ms < $2 AND until_ms > $2"
DROP_AWAY_FROM = "DELETE FROM away WHERE user_id = $1 AND since_ms >= $2"
PRUNE_AWAY = "DELETE FROM away WHERE until_ms < $1"
MEMBER_DEADLINES = (
    "SELECT m.guild_id, d.match_id, d.kind, d.due_at, d.payload FROM deadlines d"
    " JOIN matches m ON m.id = d.match_id JOIN seats s ON s.match_id = m.id"
    " WHERE m.status = 'open' AND d.kind = $2 AND s.player_id = $1 AND s.departed IS NULL"
    " ORDER BY d.match_id"
)
"""Away spans: added, ended early (`/away off`: a span not begun yet goes), and those that
ended before the budget's 30 days forgotten."""


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

RATING_HISTORY = (
    "SELECT match_id, guild_id, game, player_id, mu, sigma, at FROM rating_history"
    " WHERE guild_id = $1 AND game = $2 AND player_id = $3 ORDER BY at, match_id"
)

_LATEST_NAME = (
    "(SELECT s.name FROM seats s WHERE s.player_id = r.player_id ORDER BY s.match_id DESC LIMIT 1)"
)
"""The name a player last played under (leaderboards of several servers show names, since a
viewer's client may not know members of other servers)."""


_GONE_FROM = GONE_PREFIX
_GONE_UNTIL = GONE_PREFIX[:-1] + chr(ord(GONE_PREFIX[-1]) + 1)
"""Every id that starts with GONE_PREFIX sorts in [_GONE_FROM, _GONE_UNTIL)."""


def gone(column: str) -> str:
    """Whether `column` holds the pseudonym of a member who had their data deleted
    (games.records.GONE_PREFIX), as a range an index serves on both databases."""
    return f"({column} >= '{_GONE_FROM}' AND {column} < '{_GONE_UNTIL}')"


def _left_out(public: bool) -> str:
    """Never a deleted member's pseudonym; on a board beyond one server (`public`), nobody who
    chose to stay off it."""
    out = f" AND NOT {gone('r.player_id')}"
    if public:
        out += " AND r.player_id NOT IN (SELECT user_id FROM hidden_players)"
    return out


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
    public: bool = False,
) -> Query:
    """The leaderboard page: BoardRow columns, best (mu − 3·sigma) first."""
    args = _Args()
    board = _board_from(args, game, guild_ids, since_ms, min_games) + _left_out(public)
    sql = (
        f"{board} ORDER BY r.mu - 3 * r.sigma DESC, r.player_id, r.guild_id"
        f" LIMIT {args.add(max(limit, 0))} OFFSET {args.add(max(offset, 0))}"
    )
    return Query(sql, tuple(args.values))


def leaderboard_size_query(
    game: str,
    guild_ids: Sequence[str] | None,
    *,
    since_ms: int | None,
    min_games: int,
    public: bool = False,
) -> Query:
    """How many rows the leaderboard has with these filters."""
    args = _Args()
    board = _board_from(args, game, guild_ids, since_ms, min_games) + _left_out(public)
    return Query(f"SELECT COUNT(*) FROM ({board}) board", tuple(args.values))


ALL_GUILD_SETTINGS = Query("SELECT guild_id, settings FROM guild_settings ORDER BY guild_id", ())


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


def away_spans_query(since_ms: int, user_id: str | None) -> Query:
    """The away spans ending after `since_ms` (one member's, or everyone's), oldest first."""
    args = _Args()
    sql = f"{AWAY_SELECT} WHERE until_ms > {args.add(since_ms)}"
    if user_id is not None:
        sql += f" AND user_id = {args.add(user_id)}"
    return Query(sql + " ORDER BY since_ms, user_id, guild_id", tuple(args.values))


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


def computer_results_query(player_id: str, guild_id: str | None, game: str | None) -> Query:
    """(computer's player id, the player's place, the computer's place) for each computer seat
    of the player's finished matches: their record against each level."""
    args = _Args()
    player = args.add(player_id)
    sql = (
        "SELECT o.player_id, r.place, o.place FROM match_results r"
        " JOIN match_results o ON o.match_id = r.match_id AND o.seat <> r.seat"
        " JOIN matches m ON m.id = r.match_id"
        f" WHERE r.player_id = {player} AND m.status = 'finished' AND o.player_id LIKE 'ai:%'"
        + _match_filters(args, guild_id, game)
    )
    return Query(sql, tuple(args.values))


LOBBY_SELECT = (
    "SELECT id, kind, game, options, host_id, members, expires_at, status, guild_id, channel_id,"
    " message_id FROM lobbies"
)

OWE = (
    "INSERT INTO outbox (match_id, kind, version, step_key, since_ms)"
    " VALUES ($1, $2, $3, $4, $5) ON CONFLICT (match_id) DO UPDATE"
    " SET kind = excluded.kind, version = excluded.version"
)
"""Record a message a match owes; an undelivered one is replaced (the message shown and the
time it has been owing since stay: nothing was delivered in between)."""

OPEN_MATCHES = "SELECT id, guild_id FROM matches WHERE status = 'open' ORDER BY id"
OPEN_LOBBIES_WHERE = " WHERE status = 'open' ORDER BY id"
OPEN_OWED = (
    "SELECT o.match_id, o.kind, o.version, o.step_key, o.since_ms, matches.guild_id FROM outbox o"
    " JOIN matches ON matches.id = o.match_id ORDER BY o.since_ms, o.match_id"
)
"""What the processes share out by shard: each reads them all and keeps its shards' (by the
row's `guild_id`, with `Shards.owns`: the rule stays in one place, and it runs at start-up)."""

SETTLE = "DELETE FROM outbox WHERE match_id = $1 AND version <= $2"
"""A delivery that showed `version` settles what was owed up to it (not a later step's)."""

DEADLINE_SELECT = "SELECT match_id, kind, due_at, payload FROM deadlines"


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

    def merge_sqlite(self) -> str:
        """SQLite's one statement merging changes into a row ($1 key, $2 the RFC 7396 merge
        patch, $3 updated_at; qmark() it): json_patch sets the patch's keys and drops its nulls,
        and a new row is the patch applied to {}. A stored row that is not a JSON object is left
        alone (json_patch would replace it by the patch, losing what it held, and raise on text
        that is no JSON): no row comes back then, and the driver says why."""
        stored = f"{self.table}.settings"
        return (
            f"INSERT INTO {self.table} ({self.key}, settings, updated_at)"
            " VALUES ($1, json_patch('{}', $2), $3)"
            f" ON CONFLICT ({self.key}) DO UPDATE SET settings = json_patch({stored}, $2),"
            " updated_at = excluded.updated_at"
            f" WHERE CASE WHEN json_valid({stored}) THEN json_type({stored}) = 'object' ELSE 0 END"
            " RETURNING 1"
        )

    def merge_postgres(self) -> str:
        """PostgreSQL's one statement merging changes into a row ($1 key, $2 the keys set as a
        JSON object, $3 the keys removed as text[], $4 updated_at).

        `(stored || set) - removed` names exactly the keys to drop; jsonb_strip_nulls on a patch
        with nulls would also drop nulls the row already held and recurse into nested objects,
        touching keys the update does not name. ON CONFLICT DO UPDATE locks the row and works
        on its latest version, so concurrent updates of other keys all survive. The column is
        TEXT, so the cast to jsonb is per statement: text that is no JSON raises DataError, and
        a JSON value that is not an object (which `||` would make an array) is left alone by the
        WHERE; no row comes back then, and the driver says why."""
        stored = f"{self.table}.settings"
        return (
            f"INSERT INTO {self.table} ({self.key}, settings, updated_at) VALUES ($1, $2, $4)"
            f" ON CONFLICT ({self.key}) DO UPDATE"
            f" SET settings = (({stored}::jsonb || excluded.settings::jsonb) - $3::text[])::text,"
            " updated_at = excluded.updated_at"
            f" WHERE jsonb_typeof({stored}::jsonb) = 'object'"
            " RETURNING 1"
        )

    def what(self, key: str) -> str:
        """How a row is named in a StorageError."""
        return f"{self.owner} {key}: settings"


GUILD_SETTINGS = SettingsTable("guild_settings", "guild_id", "guild")
USER_SETTINGS = SettingsTable("user_settings", "user_id", "user")

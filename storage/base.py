"""The storage contract: one async interface, whatever database is behind it.

A match is its event log. `append` commits actions in one transaction guarded by the match's
version (optimistic concurrency), so an action is durable before the bot answers the click, and
an interaction id can be stored only once, so a redelivered click never applies twice.
"""

from __future__ import annotations

import json
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


LOBBY_KINDS = ("lobby", "challenge")
LOBBY_STATUSES = ("open", "started", "declined", "expired", "cancelled")
MATCH_STATUSES = ("open", "finished", "cancelled", "abandoned")
SEAT_DEPARTURES = ("resigned", "expelled", "left")
"""How a player left a match; the seat is then played by the AI."""


def now_ms() -> int:
    """Wall-clock milliseconds since the epoch, for created/updated columns."""
    return time.time_ns() // 1_000_000


MATCH_COLUMNS = (
    "id, game, options, seed, status, version, guild_id, channel_id, thread_id, message_id"
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
        match_id, row[4], int(row[5]), record, row[6], row[7], row[8], row[9], departed
    )


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

    async def finish_match(self, match_id: int, status: str, ratings: Sequence[Rating]) -> None:
        """In one transaction: set the final status, drop the match's deadlines, store the new
        ratings and their history rows."""
        ...

    async def ratings(self, guild_id: str, game: str) -> list[Rating]:
        """Every rating of a guild and game."""
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

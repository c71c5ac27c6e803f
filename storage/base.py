"""The storage contract: one async interface, whatever database is behind it.

A match is its event log. `append` commits actions in one transaction guarded by the match's
version (optimistic concurrency), so an action is durable before the bot answers the click, and
an interaction id can be stored only once, so a redelivered click never applies twice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
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
    """A match row with its record (game, options, seats, every event in order)."""

    id: int
    status: str
    version: int
    record: MatchRecord
    guild_id: str | None
    channel_id: str | None
    thread_id: str | None
    message_id: str | None


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

    async def set_status(self, match_id: int, status: str) -> None:
        """Mark a match finished, cancelled or abandoned (or open again)."""
        ...

    async def set_message(self, match_id: int, message_id: str | None) -> None:
        """Remember the Discord message that shows the match."""
        ...

    async def close(self) -> None:
        """Release the connection."""
        ...

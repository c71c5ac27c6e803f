"""What the store takes and gives back: plain frozen records, the same on every database."""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final, TypeAlias

from games.fairness import Fairness
from games.records import MatchRecord, Player


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
    fair: Fairness | None = None
    """The commitment its dice answer to, its secret included (records show it once over)."""


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
    updated_at: int = 0
    """When the match last changed, open or not (ms since the epoch, by the storing process's
    clock)."""


@dataclass(frozen=True, slots=True)
class LoadedMatches:
    """Matches read together (`Store.load_many`): each found one whose rows map, and why each
    other could not be loaded (its id's match is missing or its rows are corrupt)."""

    matches: Mapping[int, StoredMatch]
    problems: Mapping[int, str]


@dataclass(frozen=True, slots=True)
class Deadline:
    """A timer that must survive restarts: an absolute time in ms since the epoch."""

    match_id: int
    kind: str
    due_at: int
    payload: dict[str, Any]


@dataclass(frozen=True, slots=True)
class AwaySpan:
    """A member away from their async matches in one server (`/away`): from `since_ms` until
    `until_ms`, their clocks there pause (or a stand-in plays for them)."""

    user_id: str
    guild_id: str
    since_ms: int
    until_ms: int


OWED_KINDS = ("post", "close")
"""What a match can owe its channel: its current message (or its results) posted in place of
the one shown, or the shown message's buttons taken off (a match that ended without a result)."""


@dataclass(frozen=True, slots=True)
class Owed:
    """A message a match owes its channel, stored with the step that made it due."""

    match_id: int
    kind: str
    """One of OWED_KINDS."""
    version: int
    """The match's version when it became due: a delivery showing this version or a later one
    settles it."""
    step_key: int | None
    """The message key of the message shown when it became due (what that message sums up once
    replaced); None when no message was shown yet."""
    since_ms: int
    """When it first became due (ms since the epoch); a later step keeps the first time."""


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


SettingValue: TypeAlias = bool | int | str
"""What one setting may hold (a guild's or a member's): a flag, a number or a word; settings are
flat, so merging changes into a stored row is one SQL statement on either database."""


LOBBY_KINDS = ("lobby", "challenge")
LOBBY_STATUSES = ("open", "started", "declined", "expired", "cancelled")
MATCH_STATUSES = ("open", "finished", "cancelled", "abandoned")
SEAT_DEPARTURES = ("resigned", "expelled", "left")
"""How a player left a match; the seat is then played by the AI."""


def now_ms() -> int:
    """Wall-clock milliseconds since the epoch, for created/updated columns."""
    return time.time_ns() // 1_000_000


@dataclass(frozen=True, slots=True)
class Shards:
    """The Discord shards one bot process runs, of the `count` its processes share out: the
    process owns the matches and lobbies of the servers on them (direct messages: shard 0)."""

    indices: tuple[int, ...] = (0,)
    count: int = 1

    def __post_init__(self) -> None:
        if not self.indices or list(self.indices) != sorted(set(self.indices)):
            raise ValueError(f"shards {list(self.indices)}: list them once each, in order")
        if not all(0 <= index < self.count for index in self.indices):
            raise ValueError(f"{self} do not exist")

    def owns(self, guild_id: str | int | None) -> bool:
        """Whether a server (None: a direct message) is on these shards, as Discord shards it:
        (guild_id >> 22) % count (an id that is no number, like a direct message, on 0)."""
        if self.count == 1:
            return True
        return _shard_of(guild_id, self.count) in self.indices

    def __str__(self) -> str:
        listed = ", ".join(str(index) for index in self.indices)
        plural = "s" if len(self.indices) > 1 else ""
        return f"shard{plural} {listed} of {self.count}"


def _shard_of(guild_id: str | int | None, count: int) -> int:
    if guild_id is None or guild_id == "":
        return 0
    try:
        return (int(guild_id) >> 22) % count
    except ValueError:
        return 0


ONE_SHARD: Final = Shards()
"""The bot on one shard: every server is its own."""


@dataclass(frozen=True, slots=True)
class MemberSeat:
    """A seat a member holds in a match, open or not, with where and when the match was."""

    match_id: int
    game: str
    guild_id: str | None
    status: str
    seat: int
    name: str
    departed: str | None
    rated: bool
    created_at: int
    updated_at: int


@dataclass(frozen=True, slots=True)
class Forgotten:
    """What deleting a member's data changed: seats renamed (`open_seats` of them in open
    matches, still to be resigned by the process that runs them), ratings renamed, lobbies
    left."""

    seats: int
    open_seats: int
    ratings: int
    lobbies: int

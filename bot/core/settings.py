"""Typed settings: a server's and a member's choices as frozen records with their defaults, read
from the store's JSON in one place and written by one atomic update per change.

Each field is stored under its own name, so rows written before these records keep working;
a missing or damaged stored value (wrong type, out of range) reads as the field's default, so a
bad row never breaks a command. Discord-free: it knows storage and words only.

A member's own settings are read on a click's way (images or text in their choice, at every Keer
die), so the records read are kept (`KeptMembers`): a click then costs no store call for them.
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from enum import Enum, StrEnum
from typing import Any, Final, get_type_hints

from storage import SettingValue, Shards, Store
from words import LOCALES

_READ: Final = "read"
"""Field metadata key: the function reading a stored value (ValueError when it is damaged)."""


class ClockMode(StrEnum):
    """How a match's turns are timed: live (minutes, players watching) or async (hours)."""

    LIVE = "live"
    ASYNC = "async"


def _flag(value: object) -> bool:
    """A stored on/off choice: only a JSON boolean counts (1 or "yes" is damage)."""
    if isinstance(value, bool):
        return value
    raise ValueError(f"{value!r} is not a bool")


def _count(value: object) -> int:
    """A stored positive number (a bool is not one, though Python calls it an int)."""
    if isinstance(value, int) and not isinstance(value, bool) and value > 0:
        return value
    raise ValueError(f"{value!r} is not a positive int")


def _clock(value: object) -> ClockMode:
    """A stored clock mode, by its value."""
    if isinstance(value, str):
        return ClockMode(value)
    raise ValueError(f"{value!r} is not a clock mode")


def _days(value: object) -> int:
    """A stored number of away days per 30 (0: no away time in this server)."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= AWAY_DAYS_MOST:
        return value
    raise ValueError(f"{value!r} is not 0–{AWAY_DAYS_MOST} days")


def _locale(value: object) -> str:
    """A stored language: one of the locales the bot speaks."""
    if isinstance(value, str) and value in LOCALES:
        return value
    raise ValueError(f"{value!r} is not one of {', '.join(LOCALES)}")


ABANDON_DAYS_MOST: Final = 60
"""The longest abandon time a server may choose (`/settings clock`): no open match waits longer
for a member's action before it is closed."""

AWAY_DAYS_MOST: Final = 30
"""The most away days per 30 a server may give (`/settings clock away_days`)."""

_FLAG: Final = {_READ: _flag}
_DAYS: Final = {_READ: _days}
_COUNT: Final = {_READ: _count}
_CLOCK: Final = {_READ: _clock}
_LOCALE: Final = {_READ: _locale}


@dataclass(frozen=True, slots=True)
class GuildSettings:
    """A server's choices (`/settings`); the fields are declared in the order `/settings show`
    lists them."""

    threads: bool = field(default=False, metadata=_FLAG)
    """Each match in its own thread."""
    max_matches: int = field(default=5, metadata=_COUNT)
    """Open matches one member may play at once here."""
    clock: ClockMode = field(default=ClockMode.LIVE, metadata=_CLOCK)
    """The clock of a match whose lobby chose none."""
    live_minutes: int = field(default=5, metadata=_COUNT)
    """A live turn's length."""
    async_hours: int = field(default=24, metadata=_COUNT)
    """An async turn's length."""
    abandon_days: int = field(default=7, metadata=_COUNT)
    """Days without any member's action before a match is closed as abandoned."""
    global_board: bool = field(default=False, metadata=_FLAG)
    """Whether the server's ratings show on the global leaderboard (opt-in)."""
    language: str | None = field(default=None, metadata=_LOCALE)
    """The language of the server's public messages (a code of words.LOCALES); None follows
    the server's Discord locale."""
    away_days: int = field(default=7, metadata=_DAYS)
    """How many days of the last 30 a member may be away (`/away`) from this server's async
    matches."""

    @classmethod
    def from_stored(cls, data: Mapping[str, Any]) -> GuildSettings:
        """The settings a stored JSON object holds, defaults for what is missing or damaged."""
        return cls(**_read(cls, data))

    def turn_ms(self, mode: ClockMode) -> int:
        """How long a turn may take under a clock mode here."""
        if mode == ClockMode.ASYNC:  # a plain "async" too (a stored clock's mode)
            return self.async_hours * 3_600_000
        return self.live_minutes * 60_000

    @property
    def abandon_ms(self) -> int:
        """How long without any member's action closes a match as abandoned."""
        return self.abandon_days * 86_400_000


@dataclass(frozen=True, slots=True)
class MemberSettings:
    """A member's own choices, the same in every server (`/settings me`, `/notify`)."""

    images: bool = field(default=True, metadata=_FLAG)
    """Images in what the bot shows only them (False: text)."""
    notify: bool = field(default=False, metadata=_FLAG)
    """A DM before their turn clock runs out."""
    autopick: bool = field(default=False, metadata=_FLAG)
    """A choice they have no alternative to (a Keer pick of one option) made for them."""

    @classmethod
    def from_stored(cls, data: Mapping[str, Any]) -> MemberSettings:
        """The settings a stored JSON object holds, defaults for what is missing or damaged."""
        return cls(**_read(cls, data))


def _key(cls: type[Any], name: str) -> str:
    """A field's stored key (its name), checked: a key used on its own (a lookup across
    servers) fails at import, not in production, when its field is renamed."""
    if name not in {f.name for f in fields(cls)}:
        raise LookupError(f"{cls.__name__} has no field {name!r}")
    return name


GUILD_FIELDS: Final[tuple[str, ...]] = tuple(f.name for f in fields(GuildSettings))
"""The server's settings in the order `/settings show` lists them (their declaration order)."""
BOARD_KEY: Final = _key(GuildSettings, "global_board")
LANGUAGE_KEY: Final = _key(GuildSettings, "language")


def _read(cls: type[Any], data: Mapping[str, Any]) -> dict[str, Any]:
    """Each field's stored value through its reader; a missing or damaged one is left out (the
    field keeps its default)."""
    values: dict[str, Any] = {}
    for f in fields(cls):
        if f.name not in data:
            continue
        try:
            values[f.name] = f.metadata[_READ](data[f.name])
        except ValueError:
            continue
    return values


_HINTS: Final = {cls: get_type_hints(cls) for cls in (GuildSettings, MemberSettings)}
"""Each settings field's type, to check a change against."""


def _stored_changes(
    cls: type[Any], changes: Mapping[str, SettingValue | None]
) -> dict[str, SettingValue | None]:
    """The changes as stored (enums by their value; None removes a key), or a ValueError when
    one names no field, is not of its field's type, or would read back as damaged."""
    hints = _HINTS[cls]
    readers = {f.name: f.metadata[_READ] for f in fields(cls)}
    stored: dict[str, SettingValue | None] = {}
    for name, value in changes.items():
        if name not in readers:
            raise ValueError(f"{cls.__name__} has no setting {name!r} ({', '.join(readers)})")
        if not isinstance(value, hints[name]):
            kind = getattr(hints[name], "__name__", hints[name])
            raise ValueError(f"{cls.__name__}.{name} is a {kind}, not {value!r}")
        if value is not None:
            try:
                readers[name](value)
            except ValueError as error:
                raise ValueError(f"{cls.__name__}.{name}: {error}") from None
        stored[name] = value.value if isinstance(value, Enum) else value
    return stored


MEMBERS_KEPT: Final = 4096
"""The most members whose settings one process keeps (the least recently read go first): the
players of a few thousand open matches, under a megabyte."""
ALONE: Final = math.inf
"""`trust_s` of a process no other bot process shares the database with (SQLite's lock file; or
the only process of its shards' count): every change of a member's settings and every
`/privacy delete` runs through this process's `Settings`, which updates what it keeps at once."""
SHARED_TRUST_S: Final = 60.0
"""`trust_s` in a sharded cluster, where another process may change a member's settings or
delete them: as long as this process takes to see the away spans and deleted members' seats
other processes stored (bot/delivery/away_watch.py, privacy_watch.py poll every 60 s)."""


def trust_for(shards: Shards) -> float:
    """How long a process running `shards` trusts a member's settings it read: until it
    changes them itself when it runs every shard, else `SHARED_TRUST_S`."""
    return ALONE if len(shards.indices) == shards.count else SHARED_TRUST_S


class KeptMembers:
    """Members' settings as last read here, each trusted for `trust_s` after the read began
    (0: none kept; `ALONE`: until changed here), the `most` recently read ones only."""

    def __init__(self, trust_s: float, most: int, now: Callable[[], float]) -> None:
        self.trust_s = trust_s
        self._most = most
        self._now = now
        self._kept: OrderedDict[str, tuple[MemberSettings, float]] = OrderedDict()
        self._changes = 0
        """How many changes (and deletions) this process made: a read begun before one of them
        may predate it, so what it read is not kept."""

    def get(self, user_id: str) -> MemberSettings | None:
        """The member's kept settings, if still trusted."""
        kept = self._kept.get(user_id)
        if kept is None:
            return None
        if self._now() - kept[1] >= self.trust_s:
            del self._kept[user_id]
            return None
        self._kept.move_to_end(user_id)
        return kept[0]

    def reading(self) -> tuple[int, float]:
        """What a read about to begin notes: the changes so far, and the time."""
        return self._changes, self._now()

    def read(self, user_id: str, settings: MemberSettings, began: tuple[int, float]) -> None:
        """Keep what a read found, unless a change was made since it began."""
        if self.trust_s <= 0 or began[0] != self._changes:
            return
        self._kept[user_id] = (settings, began[1])
        self._kept.move_to_end(user_id)
        while len(self._kept) > self._most:
            self._kept.popitem(last=False)

    def changed(self, user_id: str) -> None:
        """The member's stored settings changed or went: what is kept of them goes, and no
        read begun before it is kept."""
        self._kept.pop(user_id, None)
        self._changes += 1

    def __len__(self) -> int:
        return len(self._kept)


class Settings:
    """The bot's one way to read and change settings: typed records in, one atomic update per
    change out (two admins changing different settings at once both keep theirs). A member's
    records read are kept for `trust_s` (`KeptMembers`; none by default: `build` chooses,
    `ALONE` or `SHARED_TRUST_S`)."""

    def __init__(
        self,
        store: Store,
        *,
        trust_s: float = 0.0,
        most: int = MEMBERS_KEPT,
        now: Callable[[], float] = time.monotonic,
    ) -> None:
        self.store = store
        self.kept = KeptMembers(trust_s, most, now)

    async def guild(self, guild_id: str | None) -> GuildSettings:
        """A server's settings; the defaults in direct messages (None), without a query."""
        if guild_id is None:
            return GuildSettings()
        return GuildSettings.from_stored(await self.store.get_guild_settings(guild_id))

    async def member(self, user_id: str) -> MemberSettings:
        """A member's own settings (kept ones without a query)."""
        kept = self.kept.get(user_id)
        if kept is not None:
            return kept
        began = self.kept.reading()
        read = MemberSettings.from_stored(await self.store.get_user_settings(user_id))
        self.kept.read(user_id, read, began)
        return read

    async def member_as_stored(self, user_id: str) -> dict[str, Any]:
        """A member's own settings exactly as stored, unknown keys too (their data export)."""
        return dict(await self.store.get_user_settings(user_id))

    async def set_guild(self, guild_id: str, **changes: SettingValue | None) -> GuildSettings:
        """Change some of a server's settings (language=None: back to its Discord locale) and
        return them all as now stored; ValueError, and nothing changed, for a bad change."""
        stored = _stored_changes(GuildSettings, changes)
        if stored:
            await self.store.update_guild_settings(guild_id, stored)
        return await self.guild(guild_id)

    async def set_member(self, user_id: str, **changes: SettingValue | None) -> MemberSettings:
        """Change some of a member's own settings and return them all as now stored;
        ValueError, and nothing changed, for a bad change."""
        stored = _stored_changes(MemberSettings, changes)
        if stored:
            try:
                await self.store.update_user_settings(user_id, stored)
            finally:  # a failed update may still have been stored
                self.kept.changed(user_id)
        return await self.member(user_id)

    def forgotten(self, user_id: str) -> None:
        """The member's data was deleted (`/privacy delete`): nothing of theirs is kept."""
        self.kept.changed(user_id)

    async def guilds_sharing_board(self) -> list[str]:
        """The servers that opted in to the global leaderboard."""
        return await self.store.guilds_with(BOARD_KEY)

    async def chosen_languages(self) -> dict[str, str]:
        """Each server's chosen language, for the servers that chose one the bot speaks (read
        once at start-up)."""
        found = await self.store.guild_values(LANGUAGE_KEY)
        chosen: dict[str, str] = {}
        for guild, value in found.items():
            try:
                chosen[guild] = _locale(value)
            except ValueError:
                continue
        return chosen

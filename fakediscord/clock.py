"""Time for the fake: a settable clock, Discord snowflakes and ISO timestamps."""

from __future__ import annotations

import asyncio
import datetime as dt
import itertools
from collections.abc import Callable

DISCORD_EPOCH_MS = 1_420_070_400_000
"""2015-01-01T00:00:00Z in Unix milliseconds: snowflakes count from here."""

Clock = Callable[[], float]
"""Unix time in seconds, like ``time.time``."""


class FakeClock:
    """A virtual clock (seconds) so tests control deadlines without sleeping."""

    def __init__(self, start: float = 1_767_225_600.0) -> None:
        """Start at 2026-01-01 UTC unless told otherwise."""
        self.now = float(start)

    def __call__(self) -> float:
        """Read the time, so the clock can be passed where ``time.time`` is expected."""
        return self.now

    def advance(self, seconds: float) -> None:
        """Move time forward; nothing else happens until someone looks."""
        self.now += seconds

    async def sleep(self, seconds: float) -> None:
        """Advance virtual time and yield once, standing in for ``asyncio.sleep``."""
        self.advance(seconds)
        await asyncio.sleep(0)


class Snowflakes:
    """Mints unique snowflake ids carrying a chosen Discord timestamp."""

    def __init__(self, clock: Clock) -> None:
        """Share the fake's clock so ids default to 'now'."""
        self._clock = clock
        self._counter = itertools.count(1)

    def now_ms(self) -> int:
        """Current Unix time in milliseconds according to the clock."""
        return int(self._clock() * 1000)

    def mint(self, at_ms: int | None = None) -> int:
        """A new id whose top 42 bits hold ``at_ms`` (Unix ms; default: now)."""
        ms = self.now_ms() if at_ms is None else at_ms
        low = next(self._counter) % (1 << 22)
        return ((ms - DISCORD_EPOCH_MS) << 22) | low


def snowflake_ms(snowflake: int) -> int:
    """Unix milliseconds encoded in a snowflake, as Discord reads it."""
    return (snowflake >> 22) + DISCORD_EPOCH_MS


def iso(ms: int) -> str:
    """Discord's ISO-8601 timestamp format for Unix milliseconds."""
    moment = dt.datetime.fromtimestamp(ms / 1000, tz=dt.UTC)
    return moment.isoformat(timespec="microseconds")

"""Discord's clock as the bot sees it: snowflake times and the offset to the local clock.

An interaction's snowflake holds the millisecond Discord created it. The bot receives it later,
by its own clock: local receive time − snowflake time = clock offset + delivery delay. The
smallest value over recent interactions is the best estimate of the offset (the delay is never
negative), and it never runs ahead of Discord: `now_ms()` ≤ Discord's true time, so a deadline
armed with it fires late rather than early.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Final

DISCORD_EPOCH: Final = 1_420_070_400_000
"""The first millisecond of 2015 (UTC): where Discord's snowflake times count from."""
Sleep = Callable[[float], Awaitable[None]]
"""How the bot waits out seconds in its background work: `asyncio.sleep`, or a test's virtual
one (tests/bot/helpers.py::Naps) that ends when the test moves the clock."""
SAMPLES = 64
"""Recent interactions the offset is estimated from (old ones age out: clocks drift)."""


def snowflake_ms(snowflake: int) -> int:
    """When Discord made a snowflake, in ms since the Unix epoch."""
    return (snowflake >> 22) + DISCORD_EPOCH


class ClockSync:
    """The local clock and the estimated offset from Discord's."""

    def __init__(self, local: Callable[[], float] = time.time) -> None:
        self.local = local
        """Seconds since the epoch by this machine's clock (tests move it)."""
        self._deltas: deque[int] = deque(maxlen=SAMPLES)

    def local_ms(self) -> int:
        """This machine's time in ms."""
        return round(self.local() * 1000)

    def observe(self, discord_ms: int) -> None:
        """An interaction stamped `discord_ms` arrived now."""
        self._deltas.append(self.local_ms() - discord_ms)

    @property
    def known(self) -> bool:
        """Whether any interaction was seen yet (just after a restart, none has)."""
        return bool(self._deltas)

    @property
    def offset_ms(self) -> int:
        """Local time − Discord time (0 until an interaction was seen)."""
        return min(self._deltas) if self._deltas else 0

    def now_ms(self) -> int:
        """Discord's time now, as well as the bot can tell (never ahead of it)."""
        return self.local_ms() - self.offset_ms

    def local_ms_at(self, discord_ms: int) -> int:
        """The local time (ms) at which Discord's clock shows `discord_ms`."""
        return discord_ms + self.offset_ms

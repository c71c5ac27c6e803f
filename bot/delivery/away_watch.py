"""`/away` across processes: a member's `/away` is answered by the process of the server they
typed it in, which stores a span for every server of their open async matches; the process
that runs another of those servers (a sharded cluster) reads the spans back every minute and
settles its matches then — the channel told once, the clock and the bot's moves following, as
for an `/away` it answered itself. A process that runs every shard has nobody to hear from."""

from __future__ import annotations

import asyncio
import logging
from collections import defaultdict
from collections.abc import Awaitable, Callable, Sequence
from typing import Final, Protocol

from bot.core.away import AwayChange, Aways
from bot.core.live import LiveMatch

log = logging.getLogger(__name__)

EVERY_S: Final = 60.0
"""How often the spans other processes stored are read back."""


class AwayDelivery(Protocol):
    """What follows a change of away seats in a match (the after-step pipeline's)."""

    async def away_changed(self, live: LiveMatch, changes: Sequence[AwayChange]) -> None:
        """Said once in its channel; the clock and the bot's moves follow."""
        ...


async def deliver(delivery: AwayDelivery, changes: Sequence[AwayChange]) -> None:
    """Each match's changes, in one go per match."""
    by_match: dict[int, list[AwayChange]] = defaultdict(list)
    for change in changes:
        by_match[change.live.id].append(change)
    for grouped in by_match.values():
        await delivery.away_changed(grouped[0].live, grouped)


class AwayWatch:
    """Reads the stored away spans back every `every_s` and settles this process's matches."""

    def __init__(
        self,
        aways: Aways,
        delivery: AwayDelivery,
        *,
        every_s: float = EVERY_S,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self._aways = aways
        self._delivery = delivery
        self._every_s = every_s
        self._sleep = sleep
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Begin watching (once)."""
        if self._task is None:
            self._task = asyncio.create_task(self._watch(), name="tablero-away-watch")

    async def stop(self) -> None:
        """Stop watching (shutdown)."""
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None

    async def check(self) -> None:
        """Read the spans back once and deliver what changed (a failure is logged: the next
        round tries again)."""
        try:
            await deliver(self._delivery, await self._aways.refresh())
        except Exception:
            log.warning("the away spans could not be read back; next round", exc_info=True)

    async def _watch(self) -> None:
        while True:
            await self._sleep(self._every_s)
            await self.check()

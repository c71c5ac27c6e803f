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
from bot.delivery.watch import Watch

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


class AwayWatch(Watch):
    """Reads the stored away spans back every `every_s` and settles this process's matches."""

    def __init__(
        self,
        aways: Aways,
        delivery: AwayDelivery,
        *,
        every_s: float = EVERY_S,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        super().__init__("tablero-away-watch", every_s, at_once=False, sleep=sleep)
        self._aways = aways
        self._delivery = delivery

    async def check(self) -> None:
        """Read the spans back once and deliver what changed (a failure is logged: the next
        round tries again)."""
        try:
            await deliver(self._delivery, await self._aways.refresh())
        except Exception:
            log.warning("the away spans could not be read back; next round", exc_info=True)

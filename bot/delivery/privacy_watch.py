"""Deletions and departed servers, whichever process they reached: every minute this process
resigns the seats deleted members left in the matches it runs (a deletion answered here does
it at once; one answered by another process, or before a restart, within the minute), and
removes the servers the bot left `PURGE_DAYS` ago."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Final, Protocol

from bot.core.live import LiveMatch, Played
from bot.core.privacy import Forgetting
from bot.delivery.watch import Watch

log = logging.getLogger(__name__)

EVERY_S: Final = 60.0
"""How often the deleted members' seats and the departed servers are looked for."""


class GoneDelivery(Protocol):
    """What follows a deleted member's resigned seat (the after-step pipeline's)."""

    async def gone(self, live: LiveMatch, played: Played | None) -> None:
        """Said once in its channel; the match goes on with the computer, or ends."""
        ...


async def settle(forgetting: Forgetting, delivery: GoneDelivery) -> int:
    """Resign this process's deleted seats and deliver each; how many."""
    departures = await forgetting.settle()
    for departure in departures:
        await delivery.gone(departure.live, departure.played)
    return len(departures)


class PrivacyWatch(Watch):
    """Looks every `every_s` (first at once) for deleted members' seats and for servers due to
    be purged."""

    def __init__(
        self,
        forgetting: Forgetting,
        delivery: GoneDelivery,
        *,
        every_s: float = EVERY_S,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        super().__init__("tablero-privacy-watch", every_s, at_once=True, sleep=sleep)
        self._forgetting = forgetting
        self._delivery = delivery

    async def check(self) -> None:
        """One look (a failure is logged: the next round tries again)."""
        try:
            await settle(self._forgetting, self._delivery)
        except Exception:
            log.warning("deleted members' seats could not be settled; next round", exc_info=True)
        await self._forgetting.purge()

"""Whether the database takes writes: noted from what failed on it, and asked by a probe until
it answers again. What waited on it (held clicks, timers) runs the moment it does, in the order
it was registered; the outage itself is logged in three kinds of line only — when it starts, once
a minute while it lasts, and when it ends — however many clicks and timers fail meanwhile.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Final, Protocol

log = logging.getLogger(__name__)

PROBE_EVERY_S: Final = 0.25
"""While the database is down, how often it is asked whether it would take a write."""
SAY_EVERY_MS: Final = 60_000
"""How often a lasting outage is logged again."""

Back = Callable[[], Awaitable[None]]
"""Work that waited for the database (run once it answers again)."""


class Pinged(Protocol):
    """The database as the watch asks it (the store)."""

    async def ping(self) -> None:
        """Return once it would take a write; raise while it would not."""
        ...


class StoreWatch:
    """The database's state as this process last saw it, and the probe that ends an outage."""

    def __init__(
        self, store: Pinged, local_ms: Callable[[], int], *, every_s: float = PROBE_EVERY_S
    ) -> None:
        self._store = store
        self._local_ms = local_ms
        self.every_s = every_s
        self.down_since: int | None = None
        """The local time (ms) the outage was first noticed; None: up."""
        self._said_ms = 0
        self._listeners: list[Back] = []
        self._probe: asyncio.Task[None] | None = None

    @property
    def up(self) -> bool:
        """Whether the database took the last write this process tried (or was probed)."""
        return self.down_since is None

    def on_back(self, work: Back) -> None:
        """Run `work` each time an outage ends (in the order registered)."""
        self._listeners.append(work)

    def failed(self, error: BaseException) -> None:
        """An operation failed on the database: the outage is noted (one log line when it
        starts) and the probe asks until it ends."""
        if self.down_since is None:
            self.down_since = self._said_ms = self._local_ms()
            log.error("the database can't take writes: %s; holding on until it answers", error)
        if self._probe is None or self._probe.done():
            self._probe = asyncio.create_task(self._asking(), name="tablero-store-probe")

    def stop(self) -> None:
        """Stop asking (shutdown)."""
        if self._probe is not None:
            self._probe.cancel()
            self._probe = None

    async def _asking(self) -> None:
        """Ask until the database answers; then end the outage and run what waited for it."""
        while self.down_since is not None:
            await asyncio.sleep(self.every_s)
            try:
                await self._store.ping()
            except Exception as error:  # still down: asked again shortly
                self._lasting(error)
                continue
            self._ended()
            for work in self._listeners:
                try:
                    await work()
                except Exception:
                    log.exception("work that waited for the database failed")

    def _lasting(self, error: BaseException) -> None:
        """Once a minute: the outage goes on."""
        now, since = self._local_ms(), self.down_since
        if since is not None and now - self._said_ms >= SAY_EVERY_MS:
            self._said_ms = now
            log.error(
                "the database still can't take writes after %d s: %s", (now - since) // 1000, error
            )

    def _ended(self) -> None:
        since, self.down_since = self.down_since, None
        lasted = 0 if since is None else self._local_ms() - since
        log.warning("the database takes writes again, after %.1f s", lasted / 1000)

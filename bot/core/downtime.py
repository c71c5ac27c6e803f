"""The bot's own downtime, given back to the clocks it stopped (docs/tanker-clock.md).

While the bot process is down (a crash, a deploy, a stopped container) Discord fails every
click with "This interaction failed" and never delivers it later: a Stop clicked in time is
lost. So the process notes that it is alive, every second, in a small file beside the database
(Discord's time); the next process reads it at start-up and, once its gateway is up, gives the
time since then back to every clock the downtime ran against (Kero: a tank whose window was
open when the last process was last seen alive), before any deadline may fire.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Final

from bot.core.after import AfterStep
from bot.core.service import MatchService
from bot.core.tasks import cancelled

log = logging.getLogger(__name__)

ALIVE_NAME: Final = "alive"
"""The file's name, beside the SQLite database (or where `tablero run` keeps data)."""
EVERY_S: Final = 1.0
"""How often the process notes that it is alive: the downtime is known to within this much."""


class Downtime:
    """Notes this process's life; gives the last process's downtime back once connected."""

    def __init__(
        self,
        service: MatchService,
        after: AfterStep,
        now_ms: Callable[[], int],
        path: Path | None,
    ) -> None:
        self._service = service
        self._after = after
        self._now_ms = now_ms
        """Discord's time now (the bot's estimate)."""
        self._path = path
        self.since_ms: int | None = None
        """When the last process was last seen alive (Discord ms); None once given back."""
        self._task: asyncio.Task[None] | None = None
        self.giving: asyncio.Task[None] | None = None
        """The downtime being given back (tests wait for it)."""
        self._kept: set[int] = set()
        """Matches whose clicks a journal kept: the click's own give-back covers the downtime."""

    def start(self) -> None:
        """Start-up (after the kept clicks are restored): read when the last process was last
        alive, then note this one's life."""
        self.since_ms = self._last_alive()
        self._kept = {live.id for live in self._service.matches.values() if live.held}
        if self._path is not None and self._task is None:
            self._task = asyncio.create_task(self._noting(), name="tablero-alive")

    async def stop(self) -> None:
        """Shutdown: the last moment this process took clicks is now."""
        task, self._task = self._task, None
        await cancelled(task)
        self._note()

    def gateway_up(self) -> None:
        """The gateway is connected: the first time, give the downtime back (a task of its
        own, stored before the deadlines it moves may fire: they wait the grace)."""
        if self.since_ms is not None:
            since, self.since_ms = self.since_ms, None
            self.giving = asyncio.create_task(self._give_back(since), name="tablero-downtime")

    async def _give_back(self, since_ms: int) -> None:
        now = self._now_ms()
        for live in list(self._service.matches.values()):
            owed = () if live.id in self._kept else live.rules.bot_down(live, since_ms, now)
            if not owed:
                continue
            try:
                played = await self._service.system_steps(live.id, owed)
            except Exception:
                log.warning(
                    "match %s: its downtime could not be given back", live.id, exc_info=True
                )
                continue
            if played is not None:
                log.info("match %s: %d ms of downtime given back", live.id, now - since_ms)
                self._after.deadline_done(live, played)

    def _last_alive(self) -> int | None:
        if self._path is None:
            return None
        try:
            return int(self._path.read_text(encoding="ascii").strip())
        except (OSError, ValueError):
            return None

    async def _noting(self) -> None:
        while True:
            await asyncio.to_thread(self._note)  # a disk write: off the event loop
            await asyncio.sleep(EVERY_S)

    def _note(self) -> None:
        if self._path is None:
            return
        try:
            fresh = self._path.with_name(self._path.name + ".new")
            fresh.write_text(str(self._now_ms()), encoding="ascii")
            fresh.replace(self._path)  # never a half-written time
        except OSError as error:
            log.debug("could not note that the bot is alive: %s", error)

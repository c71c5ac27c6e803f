"""A look at what other processes stored, taken every so often in a task of its own, stopped at
shutdown: the away spans (`away_watch.py`) and the deleted members' seats and departed servers
(`privacy_watch.py`)."""

from __future__ import annotations

import asyncio
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable

from bot.core.tasks import cancelled


class Watch(ABC):
    """Runs `check` every `every_s` (first at once, or after the first wait) until stopped."""

    def __init__(
        self,
        name: str,
        every_s: float,
        *,
        at_once: bool,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self._name = name
        self._every_s = every_s
        self._at_once = at_once
        self._sleep = sleep
        self._task: asyncio.Task[None] | None = None

    @abstractmethod
    async def check(self) -> None:
        """One look; it logs its own failures (the next round tries again)."""

    def start(self) -> None:
        """Begin watching (once)."""
        if self._task is None:
            self._task = asyncio.create_task(self._watch(), name=self._name)

    async def stop(self) -> None:
        """Stop watching (shutdown)."""
        task, self._task = self._task, None
        await cancelled(task)

    async def _watch(self) -> None:
        if self._at_once:
            await self.check()
        while True:
            await self._sleep(self._every_s)
            await self.check()

"""Holding this process's shards: the claim taken at start-up (`Store.claim_shards`) is checked
every half minute. On PostgreSQL the claim lives in a connection of its own, so a database that
restarted took it away: it is taken again — and when another process took a shard meanwhile,
this one stops (two processes answering the same servers would play every click twice).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Final

from storage import Shards, ShardTaken, Store

log = logging.getLogger(__name__)

CHECK_EVERY_S: Final = 30.0


class ShardLease:
    """The watch over this process's claim on its shards."""

    def __init__(self, store: Store, shards: Shards, stop: Callable[[], Awaitable[None]]) -> None:
        self._store = store
        self._shards = shards
        self._stop = stop
        """Shuts the bot down (a shard was lost to another process)."""
        self.every_s = CHECK_EVERY_S
        """How often the claim is checked (tests shorten it)."""
        self._task: asyncio.Task[None] | None = None
        self.closing: asyncio.Task[None] | None = None
        """The shutdown a lost shard started (kept: a task nobody holds may be collected)."""

    def start(self) -> None:
        """Watch the claim until `stop` (start-up, once claimed)."""
        if self._task is None:
            self._task = asyncio.create_task(self._watch(), name="tablero-shard-lease")

    async def stop(self) -> None:
        """Stop watching (shutdown; closing the store gives the shard up)."""
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def _watch(self) -> None:
        while True:
            await asyncio.sleep(self.every_s)
            if not await self.check():
                return

    async def check(self) -> bool:
        """Check (and retake) the claim once; False when the shard was lost to another process
        and the bot is shutting down."""
        try:
            await self._store.keep_shards()
        except ShardTaken as error:
            log.critical("%s lost: %s; stopping", self._shards, error)
            self.closing = asyncio.create_task(self._closing(), name="tablero-shard-lost")
            return False
        except Exception as error:  # the database is down: try again at the next check
            log.warning("%s: the claim could not be checked: %s", self._shards, error)
        return True

    async def _closing(self) -> None:
        await self._stop()

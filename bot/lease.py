"""Holding this process's shards: the claim taken at start-up (`Store.claim_shards`) is renewed
every quarter of its TTL, and checked at once when the store says it may be lost — the claim's
connection ended (a database restart, a terminated backend, an idle kill, a failover) or a
write was refused by the fence (`storage.LeaseLost`). A claim nobody else took is taken again
(at once, or as soon as the database answers); when another process took a shard, this one
stops at once: it can't store anything for that shard any more, and must not answer its
servers while the new holder does (docs/deploy.md, "When things go wrong").
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Final

from bot.config import Config, revealed
from bot.core.tasks import cancelled
from storage import LEASE_TTL_S, Shards, ShardTaken, Store, open_store

log = logging.getLogger(__name__)

RETRY_S: Final = 0.5
"""While the claim could not be renewed (the database is down), how soon it is tried again."""
QUIET_S: Final = 60.0
"""While it can't be renewed, one line a minute says so."""


class ShardLease:
    """The watch over this process's claim on its shards."""

    def __init__(
        self,
        store: Store,
        shards: Shards,
        stop: Callable[[], Awaitable[None]],
        *,
        ttl_s: float = LEASE_TTL_S,
    ) -> None:
        self._store = store
        self._shards = shards
        self._stop = stop
        """Shuts the bot down (a shard was lost to another process)."""
        self.every_s = ttl_s / 4
        """How often the claim is renewed (a quarter of its TTL: three renewals may fail before
        another process may take it over)."""
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._failing_since: float | None = None
        self._said_at = 0.0
        self.lost = False
        """Another process took a shard: the bot is stopping, and flushes nothing."""
        self.closing: asyncio.Task[None] | None = None
        """The shutdown a lost shard started (kept: a task nobody holds may be collected)."""

    def start(self) -> None:
        """Watch the claim until `stop` (start-up, once claimed)."""
        if self._task is None:
            self._store.on_lease_lost(self._wake.set)
            self._task = asyncio.create_task(self._watch(), name="tablero-shard-lease")

    async def stop(self) -> None:
        """Stop watching (shutdown; closing the store gives the shard up)."""
        task, self._task = self._task, None
        await cancelled(task)

    async def _watch(self) -> None:
        while True:
            wait = self.every_s if self._failing_since is None else RETRY_S
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(wait):
                    await self._wake.wait()
            self._wake.clear()
            if not await self.check():
                return

    async def check(self) -> bool:
        """Renew (or take again) the claim once; False when a shard was lost to another
        process and the bot is shutting down."""
        try:
            await self._store.keep_shards()
        except ShardTaken as error:
            self.lost = True
            log.critical("%s lost: %s; stopping now", self._shards, error)
            self.closing = asyncio.create_task(self._closing(), name="tablero-shard-lost")
            return False
        except Exception as error:  # the database is down: try again soon
            self._failing(error)
            return True
        if self._failing_since is not None:
            down = time.monotonic() - self._failing_since
            log.info("%s: the claim holds again (after %.1f s)", self._shards, down)
            self._failing_since = None
        return True

    def _failing(self, error: Exception) -> None:
        """One line when the claim first can't be renewed, then one a minute (INFO: an outage
        of the database itself is said by the store's watch)."""
        now = time.monotonic()
        if self._failing_since is None:
            self._failing_since = self._said_at = now
        elif now - self._said_at < QUIET_S:
            return
        self._said_at = now
        log.info(
            "%s: the claim can't be renewed yet: %s",
            self._shards,
            str(error) or type(error).__name__,
        )

    async def _closing(self) -> None:
        await self._stop()


async def claimed(
    config: Config, store: Store | None, stop: Callable[[], Awaitable[None]]
) -> tuple[Store, ShardLease]:
    """The store with this process's shards claimed — opened and claimed here unless handed
    one (`tablero run` claims them before it contacts Discord) — and the watch over the claim,
    which calls `stop` once another process took a shard."""
    if store is None:
        store = await open_store(revealed(config.database_url), config.db_path)
        try:
            await store.claim_shards(config.shards, config.lease_ttl_s)
        except BaseException:
            await store.close()
            raise
    lease = ShardLease(store, config.shards, stop, ttl_s=config.lease_ttl_s)
    lease.start()
    return store, lease

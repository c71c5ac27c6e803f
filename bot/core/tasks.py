"""Stopping the bot's own background tasks (watches, beats, probes) at shutdown."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any


async def cancelled(task: asyncio.Task[Any] | None) -> None:
    """Cancel a background task (if any) and wait until it is gone, so shutdown leaves no work
    running behind it."""
    if task is None:
        return
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task

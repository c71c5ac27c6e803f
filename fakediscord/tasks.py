"""Waiting for a bot's work: every asyncio task except long-lived background ones."""

from __future__ import annotations

import asyncio
from typing import Any

IGNORED_CORO_NAMES = ("__timeout_task_impl", "discord.shard.Shard.worker")
"""View/modal timeout sleepers and shard workers: they outlive every test and are not 'work'."""


async def settle(prefixes: tuple[str, ...], timeout: float = 5.0) -> None:
    """Wait until every task but background ones (and the caller) is done, repeatedly."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while True:
        await asyncio.sleep(0)
        pending = [t for t in asyncio.all_tasks() if not is_background(t, prefixes)]
        if not pending:
            return
        left = deadline - loop.time()
        if left <= 0:
            names = sorted(t.get_name() + ":" + coro_name(t) for t in pending)
            raise AssertionError(f"settle() timed out; still running: {names}")
        await asyncio.wait(pending, timeout=left, return_when=asyncio.FIRST_COMPLETED)


def is_background(task: asyncio.Task[Any], prefixes: tuple[str, ...]) -> bool:
    """Tasks settle() does not wait for: named with a prefix, view timeouts, aiohttp internals."""
    if task is asyncio.current_task() or task.done():
        return True
    if task.get_name().startswith(prefixes):
        return True
    name = coro_name(task)
    return any(part in name for part in IGNORED_CORO_NAMES) or name.startswith("aiohttp")


def coro_name(task: asyncio.Task[Any]) -> str:
    """Qualified name of a task's coroutine, with its module."""
    coro = task.get_coro()
    code = getattr(coro, "cr_code", None)
    module = getattr(getattr(coro, "cr_frame", None), "f_globals", {}).get("__name__", "")
    return f"{module}.{code.co_qualname if code else type(coro).__name__}"

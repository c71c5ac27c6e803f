"""The interaction gate finds the handler tasks a parse created without walking every task."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.spawned import spawned_by


async def _nap() -> None:
    await asyncio.sleep(0)


async def test_only_the_tasks_the_call_created_are_caught() -> None:
    """Tasks created before, after or beside the call are not its own."""
    before = asyncio.create_task(_nap())
    made: list[asyncio.Task[None]] = []
    caught = spawned_by(lambda: made.extend([asyncio.create_task(_nap()) for _ in range(3)]))
    after = asyncio.create_task(_nap())
    assert caught == made
    assert before not in caught and after not in caught
    await asyncio.gather(before, after, *made)


async def test_a_task_factory_already_there_still_makes_the_tasks() -> None:
    """The loop's own factory (another library's) keeps working under the catching one."""
    loop = asyncio.get_running_loop()
    seen: list[Any] = []

    def theirs(loop: asyncio.AbstractEventLoop, coro: Any, **kwargs: Any) -> asyncio.Task[Any]:
        task = asyncio.Task(coro, loop=loop, **kwargs)
        seen.append(task)
        return task

    loop.set_task_factory(theirs)
    try:
        caught = spawned_by(lambda: asyncio.create_task(_nap()))
        again = spawned_by(lambda: asyncio.create_task(_nap()))  # installed once, not twice
        assert len(caught) == len(again) == 1 and seen == [*caught, *again]
        await asyncio.gather(*caught, *again)
    finally:
        loop.set_task_factory(None)


async def test_a_call_within_a_call_counts_for_both() -> None:
    """A nested catch returns its own tasks and leaves them to the outer one too."""
    inner: list[asyncio.Task[Any]] = []
    own: list[asyncio.Task[None]] = []

    def outer_call() -> None:
        own.append(asyncio.create_task(_nap()))
        inner.extend(spawned_by(lambda: asyncio.create_task(_nap())))

    caught = spawned_by(outer_call)
    assert caught == [*own, *inner] and len(inner) == 1
    await asyncio.gather(*caught)

"""The tasks a synchronous call creates on the running loop, caught as they are created:
`asyncio.all_tasks()` before and after would walk every live task — about one timer per open
match — twice per interaction."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine, Generator
from typing import Any


class _Catch:
    """The tasks created since `spawned_by` began (None: not catching). A loop runs one
    callback at a time, so the call in progress is the only one catching."""

    tasks: list[asyncio.Task[Any]] | None = None


_catch = _Catch()


def spawned_by(call: Callable[[], object]) -> list[asyncio.Task[Any]]:
    """Run `call`; the tasks it created on the running loop (directly or through callees)."""
    _catching_on(asyncio.get_running_loop())
    outer = _catch.tasks
    caught: list[asyncio.Task[Any]] = []
    _catch.tasks = caught
    try:
        call()
        return caught
    finally:
        if outer is not None:
            outer.extend(caught)
        _catch.tasks = outer


def _catching_on(loop: asyncio.AbstractEventLoop) -> None:
    """Install the catching task factory on the loop once, on top of any it already has."""
    previous = loop.get_task_factory()
    if getattr(previous, "catches", False):
        return

    def factory(
        loop: asyncio.AbstractEventLoop,
        coro: Coroutine[Any, Any, Any] | Generator[Any, None, Any],
        **kwargs: Any,
    ) -> asyncio.Future[Any]:
        task = (
            previous(loop, coro, **kwargs)
            if previous is not None
            else asyncio.Task(coro, loop=loop, **kwargs)
        )
        if _catch.tasks is not None and isinstance(task, asyncio.Task):
            _catch.tasks.append(task)
        return task

    factory.catches = True  # type: ignore[attr-defined]
    loop.set_task_factory(factory)

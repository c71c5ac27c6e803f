"""The event loop `tablero run` runs on: uvloop where it is installed (a click's reads, writes
and wake-ups cost less in its libuv loop than in asyncio's selector loop; measured in
benchmarks/clicks.py), asyncio's own otherwise or when TABLERO_EVENT_LOOP=asyncio asks for it."""

from __future__ import annotations

import asyncio
import enum
import importlib.util
import logging
from collections.abc import Callable

log = logging.getLogger(__name__)


class EventLoop(enum.Enum):
    """The event loops a process may ask for (TABLERO_EVENT_LOOP)."""

    UVLOOP = "uvloop"
    ASYNCIO = "asyncio"


def has_uvloop() -> bool:
    """Whether uvloop is installed (it is a default dependency, but not built for every OS)."""
    return importlib.util.find_spec("uvloop") is not None


def loop_factory(wanted: EventLoop) -> Callable[[], asyncio.AbstractEventLoop]:
    """What makes the loop `wanted` asks for: asyncio's when uvloop is not installed (said
    once in the log, since the process then runs, only slower)."""
    if wanted is EventLoop.UVLOOP:
        if has_uvloop():
            import uvloop  # noqa: PLC0415 - optional: absent where it is not built

            return uvloop.new_event_loop
        log.info("uvloop is not installed: running on asyncio's event loop")
    return asyncio.new_event_loop


def running_loop_name() -> str:
    """The running loop's kind, for the start-up log line."""
    return type(asyncio.get_running_loop()).__module__.split(".")[0]

"""The pages' event sockets: at most a few per address, each with a bounded queue of its own
and its own sender, so telling the pages never waits on one of them, and a page that stops
reading is dropped instead of holding memory (or, before this, a task per event)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, Final, Protocol

SOCKETS_PER_ADDRESS: Final = 8
"""Event sockets one address may hold (a person with a tab per member needs four)."""
QUEUE_MOST: Final = 64
"""Events waiting for one page before it counts as not reading."""
CLOSE_S: Final = 1.0
"""How long a dropped page's closing handshake may take before its connection is cut."""
TOO_SLOW: Final = b"too slow: events were not read"
STOPPED: Final = b"tablero play stopped"


class Sink(Protocol):
    """Where a listener's events go (an aiohttp WebSocketResponse)."""

    async def send_json(self, data: Any) -> None:
        """Send one event."""

    async def close(self, *, code: int = ..., message: bytes = ...) -> bool:
        """Close with a reason."""


class Listener:
    """One page's socket: its queue, and the task sending from it."""

    def __init__(self, address: str) -> None:
        self.address = address
        self.queue: asyncio.Queue[str] = asyncio.Queue(QUEUE_MOST)
        self.sink: Sink | None = None
        self._cut: Callable[[], None] = _nothing
        self._sender: asyncio.Task[None] | None = None

    def start(self, sink: Sink, cut: Callable[[], None]) -> None:
        """Begin sending to the socket (once open); `cut` drops its connection outright."""
        self.sink, self._cut = sink, cut
        self._sender = asyncio.create_task(self._send(sink), name="fakediscord-bg-page")

    def stop(self) -> None:
        """No more sending (the socket closed, or is being dropped)."""
        if self._sender is not None:
            self._sender.cancel()

    async def shut(self, code: int, message: bytes) -> None:
        """Close with a reason; a page that doesn't answer in time is cut off."""
        self.stop()
        try:
            if self.sink is not None:
                async with asyncio.timeout(CLOSE_S):
                    await self.sink.close(code=code, message=message)
        except (TimeoutError, ConnectionError, RuntimeError):
            pass
        finally:
            self._cut()

    async def _send(self, sink: Sink) -> None:
        try:
            while True:
                await sink.send_json({"type": await self.queue.get()})
        except (ConnectionError, RuntimeError):  # the page went away
            self._cut()


class Listeners:
    """Every page's socket, counted per address; `tell` only queues."""

    def __init__(self) -> None:
        self._all: set[Listener] = set()
        self._closing: set[asyncio.Task[None]] = set()

    def join(self, address: str) -> Listener | None:
        """A place for one more socket from `address`, or None when it holds its share."""
        if sum(1 for one in self._all if one.address == address) >= SOCKETS_PER_ADDRESS:
            return None
        listener = Listener(address)
        self._all.add(listener)
        return listener

    def leave(self, listener: Listener) -> None:
        """The socket closed: its place is free."""
        listener.stop()
        self._all.discard(listener)

    def tell(self, kinds: list[str]) -> None:
        """Queue the events for every page; a page whose queue is full is dropped."""
        for listener in list(self._all):
            try:
                for kind in kinds:
                    listener.queue.put_nowait(kind)
            except asyncio.QueueFull:
                self._drop(listener, 1008, TOO_SLOW)

    async def close_all(self) -> None:
        """The server stops: every page is told, at once."""
        shutting = [one.shut(1001, STOPPED) for one in list(self._all)]
        self._all.clear()
        await asyncio.gather(*shutting)

    def _drop(self, listener: Listener, code: int, message: bytes) -> None:
        self.leave(listener)
        task = asyncio.create_task(listener.shut(code, message), name="fakediscord-bg-page")
        self._closing.add(task)
        task.add_done_callback(self._closing.discard)

    def __len__(self) -> int:
        return len(self._all)


def _nothing() -> None:
    """No connection to cut yet."""

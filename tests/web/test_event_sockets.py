"""The pages' event sockets (issue 33): an address holds at most a few (the next is a 429 with
its reason), each page has a bounded queue of its own, and a page that never reads is dropped
when its queue fills; it never delays the others, nor the emulator that tells them."""

from __future__ import annotations

import asyncio
from typing import Any

import aiohttp
import pytest

from fakediscord.web.sockets import QUEUE_MOST, SOCKETS_PER_ADDRESS, TOO_SLOW, Listeners
from tests.web.served import Served, served


class Stuck:
    """A page that never reads: its first send waits forever (its TCP window is full)."""

    def __init__(self) -> None:
        self.closed_with: tuple[int, bytes] | None = None
        self.cut = asyncio.Event()

    async def send_json(self, data: Any) -> None:
        await asyncio.Event().wait()

    async def close(self, *, code: int = 1000, message: bytes = b"") -> bool:
        self.closed_with = (code, message)
        await asyncio.Event().wait()  # nor does it answer the close
        return True


class Reading:
    """A page that reads everything."""

    def __init__(self, expected: int) -> None:
        self.got: list[Any] = []
        self.expected = expected
        self.all_in = asyncio.Event()

    async def send_json(self, data: Any) -> None:
        self.got.append(data)
        if len(self.got) == self.expected:
            self.all_in.set()

    async def close(self, *, code: int = 1000, message: bytes = b"") -> bool:
        return True


async def test_a_page_that_never_reads_is_dropped_and_the_others_hear_everything() -> None:
    listeners, told = Listeners(), QUEUE_MOST + 10
    stuck, reading = Stuck(), Reading(told)
    slow, fast = listeners.join("10.0.0.2"), listeners.join("10.0.0.3")
    assert slow is not None and fast is not None
    slow.start(stuck, stuck.cut.set)
    fast.start(reading, lambda: None)
    for index in range(told):  # as the emulator's flushes come: one burst per loop turn
        listeners.tell([f"event {index}"])  # never waits: it only queues
        await asyncio.sleep(0)
    await asyncio.wait_for(reading.all_in.wait(), 5)
    assert reading.got == [{"type": f"event {i}"} for i in range(told)]
    await asyncio.wait_for(stuck.cut.wait(), 5)  # its close went unanswered: cut off
    assert stuck.closed_with == (1008, TOO_SLOW)
    assert len(listeners) == 1  # its place is free


async def test_an_address_holds_a_few_sockets_and_the_next_is_refused_with_its_reason() -> None:
    async with served() as page:
        url = page.base.replace("http", "ws") + "/play/api/events"
        held = [await page.http.ws_connect(url) for _ in range(SOCKETS_PER_ADDRESS)]
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await page.http.ws_connect(url)
        assert refused.value.status == 429
        async with page.http.get(url) as answer:  # the reason, as a plain request reads it
            assert answer.status == 429
            assert "at most 8 event sockets per address" in (await answer.json())["error"]
        await held.pop().close()
        again = await _until_connected(page, url)
        for ws in [*held, again]:
            await ws.close()


async def test_a_connection_that_never_reads_does_not_keep_events_from_another() -> None:
    async with served() as page:
        port = int(page.base.rsplit(":", 1)[1])
        silent_reader, silent = await asyncio.open_connection("127.0.0.1", port)
        silent.write(_upgrade(port))  # a websocket handshake, then never a byte read
        await silent.drain()
        url = page.base.replace("http", "ws") + "/play/api/events"
        async with page.http.ws_connect(url) as ws:
            for locale in ("nl", "es-ES", "en-US"):
                body = {"as": "Ana", "locale": locale}
                assert (await page.call("POST", "/locale", body))[0] == 200
                assert await asyncio.wait_for(ws.receive_json(), 5) == {"type": "world"}
        silent.close()
        del silent_reader


async def _until_connected(page: Served, url: str) -> aiohttp.ClientWebSocketResponse:
    """A socket, once the server has freed the place of one just closed."""
    for _ in range(50):
        try:
            return await page.http.ws_connect(url)
        except aiohttp.WSServerHandshakeError as refused:
            assert refused.status == 429
            await asyncio.sleep(0.05)
    raise AssertionError("the closed socket's place was never freed")


def _upgrade(port: int) -> bytes:
    return (
        "GET /play/api/events HTTP/1.1\r\n"
        f"Host: 127.0.0.1:{port}\r\n"
        "Upgrade: websocket\r\nConnection: Upgrade\r\n"
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    ).encode()

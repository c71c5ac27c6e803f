"""A hung process is found by its probes: a beat stamps the event loop every half second, and
both `/healthz` and `/livez` fail once it has not turned for `STALL_S` (bot/health.py) — an
orchestrator replaces the process. `/livez` fails for nothing else (a database outage or a
gateway down is no reason to replace it)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from dataclasses import replace
from typing import Any

import aiohttp
import pytest

from bot.app import TableroBot
from bot.health import STALL_S, LoopBeat
from tests.bot.conftest import Server


@pytest.fixture
async def bot(server: Server) -> AsyncIterator[TableroBot]:
    """A bot whose listener takes any free port on 127.0.0.1."""
    config = replace(server.config(), http_port=0, http_host="127.0.0.1")
    started = TableroBot(config, match_seeds=server.next_seed)
    await server.fake.connect(started)
    yield started
    await server.fake.settle()


async def get(port: int, path: str) -> tuple[int, Any]:
    """(status, JSON body) of one request to the listener."""
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"http://127.0.0.1:{port}{path}") as response,
    ):
        return response.status, await response.json()


async def test_the_beat_stops_while_the_loop_is_blocked() -> None:
    beat = LoopBeat(every_s=0.05)
    time.sleep(0.1)
    assert beat.stalled_s() == 0  # not beating: nothing to say
    beat.start()
    try:
        await asyncio.sleep(0.1)
        assert beat.stalled_s() < 0.25
        time.sleep(0.3)  # the loop blocked: the beat can't stamp
        assert beat.stalled_s() >= 0.3
        await asyncio.sleep(0.1)
        assert beat.stalled_s() < 0.25  # it turns again
    finally:
        await beat.stop()


async def test_a_blocked_loop_fails_both_probes(bot: TableroBot) -> None:
    health = bot.runtime.health
    port = health.port
    assert port is not None and STALL_S <= 10
    assert await get(port, "/livez") == (200, {"alive": True})
    assert (await get(port, "/healthz"))[0] == 200

    health.stall_s = 0.2
    time.sleep(0.3)  # the loop blocked; the check runs before anything else may
    reason = await health.unready()
    assert reason is not None and reason.startswith("event loop blocked (")

    now = [time.monotonic()]
    await health.beat.stop()
    health.beat = LoopBeat(clock=lambda: now[0], every_s=3600)
    health.beat.start()
    await asyncio.sleep(0)  # it stamps once, then never again: a loop that stopped turning
    now[0] += 1.0
    status, body = await get(port, "/livez")
    assert status == 503 and body["reason"] == "event loop blocked (1.0 s without a turn)"
    status, body = await get(port, "/healthz")
    assert status == 503 and body["reason"].startswith("event loop blocked")

    await health.beat.stop()
    health.beat = LoopBeat()
    health.beat.start()  # turning again
    assert await get(port, "/livez") == (200, {"alive": True})
    assert (await get(port, "/healthz"))[0] == 200


async def test_livez_stays_up_while_the_gateway_is_down(server: Server, bot: TableroBot) -> None:
    port = bot.runtime.health.port
    assert port is not None
    await server.fake.drop_gateway(bot)
    assert (await get(port, "/healthz"))[0] == 503
    assert await get(port, "/livez") == (200, {"alive": True})
    await server.fake.resume_gateway(bot)

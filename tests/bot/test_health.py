"""The HTTP listener (bot/health.py) and the metrics it serves (bot/metrics.py): a bot on the
fake Discord with `/healthz` and `/metrics` on a free loopback port, called with aiohttp."""

from __future__ import annotations

import asyncio
import io
import math
import signal
from collections.abc import AsyncIterator
from dataclasses import replace
from typing import Any

import aiohttp
import discord
import pytest
from prometheus_client.parser import text_string_to_metric_families

from bot import run as tablero_run
from bot.app import TableroBot
from bot.ui.ids import LobbyRef
from tests.bot.conftest import Server, recorded_bots
from tests.bot.keer_driver import button_id, open_lobby

Samples = dict[tuple[str, frozenset[tuple[str, str]]], float]


def listening_bot(server: Server, **options: Any) -> TableroBot:
    """A bot of the server whose listener takes any free port on 127.0.0.1."""
    config = replace(server.config(), http_port=0, http_host="127.0.0.1")
    options.setdefault("match_seeds", server.next_seed)
    return TableroBot(config, **options)


@pytest.fixture
async def bot(server: Server) -> AsyncIterator[TableroBot]:
    started = listening_bot(server)
    await server.fake.connect(started)
    assert started.runtime.health.port
    yield started
    await server.fake.settle()
    assert started.runtime.publisher.errors == []


async def get(port: int, path: str, method: str = "GET") -> tuple[int, Any, str]:
    """(status, JSON body or None, content type) of one request to the listener."""
    async with (
        aiohttp.ClientSession() as session,
        session.request(method, f"http://127.0.0.1:{port}{path}") as response,
    ):
        body = await response.json() if response.content_type == "application/json" else None
        return response.status, body, response.content_type


async def scrape(port: int) -> Samples:
    """Every sample `/metrics` shows, by name and labels."""
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"http://127.0.0.1:{port}/metrics") as response,
    ):
        assert response.status == 200
        assert response.headers["Content-Type"].startswith("text/plain")
        text = await response.text()
    return {
        (sample.name, frozenset(sample.labels.items())): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def value(samples: Samples, name: str, **labels: str) -> float:
    return samples.get((name, frozenset(labels.items())), 0.0)


def interactions(samples: Samples, kind: str, outcome: str) -> float:
    return value(samples, "tablero_interactions_total", kind=kind, outcome=outcome)


async def test_healthz_follows_the_gateway_and_the_store(
    server: Server, bot: TableroBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    port = bot.runtime.health.port
    assert port is not None
    assert await get(port, "/healthz") == (200, {"ready": True}, "application/json")
    assert (await get(port, "/healthz", "HEAD"))[0] == 200

    await server.fake.drop_gateway(bot)
    assert await get(port, "/healthz") == (
        503,
        {"ready": False, "reason": "gateway down"},
        "application/json",
    )
    assert (await get(port, "/healthz", "HEAD"))[0] == 503
    await server.fake.resume_gateway(bot)
    assert (await get(port, "/healthz"))[0] == 200

    async def broken(guild_id: str) -> dict[str, Any]:
        raise OSError("disk gone")

    monkeypatch.setattr(bot.runtime.store, "get_guild_settings", broken)
    status, body, _ = await get(port, "/healthz")
    assert (status, body) == (503, {"ready": False, "reason": "store not answering (OSError)"})

    async def hanging(guild_id: str) -> dict[str, Any]:
        await asyncio.sleep(30)
        return {}

    monkeypatch.setattr(bot.runtime.store, "get_guild_settings", hanging)
    bot.runtime.health.store_timeout_s = 0.1
    status, body, _ = await get(port, "/healthz")
    assert status == 503 and body["reason"] == "store not answering (no answer in 0.1 s)"
    monkeypatch.undo()

    await bot.runtime.store.close()  # the database itself gone
    status, body, _ = await get(port, "/healthz")
    assert status == 503 and body["reason"].startswith("store not answering")


async def test_the_listener_says_stopping_then_is_gone_after_close(
    server: Server, bot: TableroBot
) -> None:
    port = bot.runtime.health.port
    assert port is not None
    bot.stopping = True  # as `close` sets it
    assert (await get(port, "/healthz"))[:2] == (503, {"ready": False, "reason": "stopping"})
    bot.stopping = False
    await server.fake.disconnect(bot)
    assert bot.runtime.health.port is None
    with pytest.raises(aiohttp.ClientConnectorError):
        await get(port, "/healthz")
    with pytest.raises(aiohttp.ClientConnectorError):
        await get(port, "/metrics")


async def test_no_port_no_listener(server: Server) -> None:
    plain = await server.start_bot()
    assert plain.runtime.config.http_port is None and plain.runtime.health.port is None
    await server.fake.disconnect(plain)


async def test_metrics_count_interactions_by_kind_and_outcome(
    server: Server, bot: TableroBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake, port = server.fake, bot.runtime.health.port
    assert port is not None
    before = await scrape(port)
    assert interactions(before, "component", "answered") == 0
    assert (
        "tablero_interactions_total",
        frozenset({("kind", "modal"), ("outcome", "failed")}),
    ) in before
    assert value(before, "tablero_open_matches", game="keer-kids") == 0
    assert ("tablero_open_matches", frozenset({("game", "kero")})) in before
    assert ("tablero_gateway_latency_seconds", frozenset()) not in before  # no websocket

    async def failing(interaction: discord.Interaction[Any], ref: LobbyRef) -> None:
        raise RuntimeError("a bug")

    lobby = await open_lobby(server, bot, [], ais=0)  # /keer start
    with monkeypatch.context() as patched:
        patched.setattr(bot.runtime.lobbies, "on_button", failing)
        failed = await fake.click(bot, server.bo, lobby, button_id(lobby, ":join"))
        assert failed.ephemeral
        await fake.settle()
    assert not (await fake.click(bot, server.bo, lobby, button_id(lobby, ":join"))).ephemeral
    started = await fake.click(bot, server.ana, lobby, button_id(lobby, ":start"))
    assert started.acknowledged and not started.ephemeral
    await fake.settle()
    live = bot.runtime.service.in_channel(str(server.channel.id))
    assert live is not None
    table = fake.message(int(live.message_id or 0))
    refused = await fake.click(bot, server.eve, table, button_id(table, ":roll"))  # not hers
    assert refused.ephemeral
    rolled = await fake.click(bot, server.ana, table, button_id(table, ":roll"))
    assert rolled.acknowledged and not rolled.ephemeral
    await fake.settle()

    after = await scrape(port)
    assert interactions(after, "command", "answered") == 1
    assert interactions(after, "component", "answered") == 3  # Join, Start, Roll
    assert interactions(after, "component", "refused") == 1
    assert interactions(after, "component", "failed") == 1
    assert interactions(after, "component", "unanswered") == 0
    answers = value(after, "tablero_first_response_seconds_count")
    assert answers == 6  # every one of them got its first response
    assert 0 < value(after, "tablero_first_response_seconds_sum") < 3 * answers
    assert value(after, "tablero_first_response_seconds_bucket", le="3.0") == answers
    assert value(after, "tablero_open_matches", game="keer-kids") == 1
    assert value(after, "tablero_open_matches", game="kero") == 0
    assert value(after, "tablero_store_append_seconds_count") >= 1  # the roll
    assert value(after, "tablero_render_seconds_count", image="keer-kids/board") >= 1
    assert value(after, "tablero_render_seconds_sum", image="keer-kids/board") > 0
    assert value(after, "tablero_render_cpu_seconds_total", image="keer-kids/board") > 0
    assert value(after, "tablero_discord_rate_limited_total") == 0  # the fake skips aiohttp


async def test_an_interaction_left_unanswered_while_stopping_is_counted(
    server: Server, bot: TableroBot
) -> None:
    bot.stopping = True
    server.fake.response_timeout = 0.3
    with pytest.raises(AssertionError, match="got no response"):
        await server.fake.slash(bot, server.ana, server.channel, "keer start")
    samples = {
        (s.name, frozenset(s.labels.items())): s.value
        for family in bot.runtime.metrics.registry.collect()
        for s in family.samples
    }
    assert interactions(samples, "command", "unanswered") == 1
    bot.stopping = False


async def test_discord_errors_429s_and_latency_over_real_http(server: Server) -> None:
    """Over loopback (real HTTP and websocket): discord.py's HTTP trace sees a 429 it retries
    and an error it raises; the gateway's heartbeat gives the latency."""
    fake = server.fake
    async with fake.loopback() as loop:
        bot = listening_bot(server, guild_ready_timeout=0.05)
        task = await loop.run_client(bot)
        port = bot.runtime.health.port
        assert port is not None
        try:
            assert (await get(port, "/healthz"))[0] == 200
            channel = bot.get_channel(server.channel.id)
            assert isinstance(channel, discord.TextChannel)
            fake.fail_next("POST", r"/channels/\d+/messages$", 429, retry_after=0.01)
            await channel.send("after a rate limit")
            fake.fail_next("POST", r"/channels/\d+/messages$", 403)
            with pytest.raises(discord.Forbidden):
                await channel.send("refused")
            res = await fake.slash(bot, server.ana, server.channel, "keer start")
            assert res.acknowledged
            await fake.settle()
            for _ in range(200):
                if math.isfinite(bot.latency):
                    break
                await asyncio.sleep(0.01)
            samples = await scrape(port)
        finally:
            await bot.close()
            await task
    assert value(samples, "tablero_discord_rate_limited_total") == 1
    assert value(samples, "tablero_discord_http_errors_total", status="403") == 1
    assert interactions(samples, "command", "answered") == 1
    assert value(samples, "tablero_first_response_seconds_count") == 1
    latency = samples[("tablero_gateway_latency_seconds", frozenset())]
    assert math.isfinite(latency) and latency >= 0, latency  # measured: a heartbeat was acked


async def test_sigterm_stops_the_bot_and_its_listener_within_the_grace(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`tablero run` with a port: a SIGTERM while a probe waits on a stuck store still stops
    the bot (exit 0) well within `docker stop`'s grace, and the port is free again."""
    made = recorded_bots(monkeypatch)
    config = replace(server.config(), http_port=0, http_host="127.0.0.1")
    async with server.fake.loopback():
        serving = asyncio.create_task(tablero_run.serve(config, "fake-token", io.StringIO()))
        try:
            for _ in range(500):  # "starting" until discord.py's ready (its guild wait)
                if made and made[0].is_ready():
                    break
                await asyncio.sleep(0.02)
            (running,) = made
            port = running.runtime.health.port
            assert port is not None and (await get(port, "/healthz"))[0] == 200

            async def stuck(guild_id: str) -> dict[str, Any]:
                await asyncio.sleep(30)
                return {}

            monkeypatch.setattr(running.runtime.store, "get_guild_settings", stuck)
            probe = asyncio.create_task(get(port, "/healthz"))
            await asyncio.sleep(0.1)
            signal.raise_signal(signal.SIGTERM)
            # 5 s: the grace, well within docker stop's 10 (the stuck probe would hold it 30)
            assert await asyncio.wait_for(serving, 5) == 0
            assert (await probe)[:2] == (503, {"ready": False, "reason": "stopping"})
        finally:
            serving.cancel()
            await asyncio.gather(serving, return_exceptions=True)
    with pytest.raises(aiohttp.ClientConnectorError):
        await get(port, "/healthz")

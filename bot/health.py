"""The optional HTTP listener: `/healthz` for a load balancer or an orchestrator's readiness
probe, `/livez` for its liveness probe, `/metrics` for Prometheus (docs/metrics.md).

Both probes fail when the event loop is blocked: a beat stamps it every `BEAT_S`, and a stamp
older than `STALL_S` means the process is hung or starved (docs/deploy.md) — an orchestrator
replaces it. A loop blocked outright answers nothing at all: the probe's own timeout fails it.

It listens only when TABLERO_HTTP_PORT is set (`Config.http_port`; 0 — only from code, as the
tests do — takes any free port, then `port` says which), on TABLERO_HTTP_HOST. `TableroBot`
starts it at the end of `setup_hook`, so it answers `starting` while the gateway connects, and
stops it first thing in `close`. Nothing it answers is secret: a status and a short reason.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any, Final, Protocol

from aiohttp import web
from prometheus_client import CollectorRegistry
from prometheus_client.exposition import choose_encoder

from bot.core.gateway_watch import GatewayWatch
from bot.core.tasks import cancelled

log = logging.getLogger(__name__)

STORE_TIMEOUT_S: Final = 2.0
"""How long the store may take to answer `/healthz`'s read before the bot counts as unready."""
PROBE_GUILD: Final = "0"
"""The guild whose settings `/healthz` reads: none has this id, so the read is one index
lookup that finds nothing."""
BEAT_S: Final = 0.5
"""How often the event loop's beat stamps it."""
STALL_S: Final = 5.0
"""A beat older than this fails both probes: the loop has not turned for that long (a click
waits at most 3 s for its answer, so the bot already failed its members)."""
SHUTDOWN_S: Final = 0.5
"""On close, how long a request being answered may take to finish (a SIGTERM must still stop
the bot within its grace; a probe waiting on the store is answered `stopping` at once)."""


class Lifecycle(Protocol):
    """Where the bot is in its life (discord.py's client, and the gate's stopping flag)."""

    @property
    def stopping(self) -> bool:
        """Set once the bot started shutting down."""
        ...

    def is_ready(self) -> bool:
        """Connected, with its first READY processed."""
        ...

    def is_closed(self) -> bool:
        """Closed."""
        ...


class LoopBeat:
    """Stamps the event loop every `every_s` while it runs: how long ago it last turned."""

    def __init__(
        self, clock: Callable[[], float] = time.monotonic, every_s: float = BEAT_S
    ) -> None:
        self._clock = clock
        self.every_s = every_s
        self.stamp = clock()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Beat until `stop`."""
        self.stamp = self._clock()
        if self._task is None:
            self._task = asyncio.create_task(self._beat(), name="tablero-loop-beat")

    async def stop(self) -> None:
        """Stop beating."""
        task, self._task = self._task, None
        await cancelled(task)

    def stalled_s(self) -> float:
        """Seconds since the loop last turned (by the beat; 0 while it does not beat)."""
        return 0.0 if self._task is None else self._clock() - self.stamp

    async def _beat(self) -> None:
        while True:
            self.stamp = self._clock()
            await asyncio.sleep(self.every_s)


class Health:
    """`/healthz`, `/livez` and `/metrics` of one bot."""

    def __init__(
        self,
        bot: Lifecycle,
        gateway: GatewayWatch,
        probe: Callable[[], Awaitable[object]],
        registry: CollectorRegistry,
        *,
        port: int | None,
        host: str,
    ) -> None:
        self._bot = bot
        self._gateway = gateway
        self._probe = probe
        """One trivial read of the store (it answers, or the bot is unready)."""
        self._registry = registry
        self._port, self._host = port, host
        self.port: int | None = None
        """The port listened on (None: not listening)."""
        self.store_timeout_s = STORE_TIMEOUT_S
        self.beat = LoopBeat()
        self.stall_s = STALL_S
        """A beat older than this fails both probes."""
        self._runner: web.AppRunner | None = None
        self._stopping = False
        self._reads: set[asyncio.Future[Any]] = set()
        """The store reads of the probes being answered."""

    async def start(self) -> None:
        """Listen if a port is configured. A port that cannot be bound is logged as an error and
        the bot runs on without the listener."""
        port, host = self._port, self._host
        if port is None or self._runner is not None or self._stopping:
            return
        app = web.Application()
        app.router.add_get("/healthz", self._healthz)  # HEAD too
        app.router.add_get("/livez", self._livez)
        app.router.add_get("/metrics", self._metrics)
        runner = web.AppRunner(app, access_log=None, shutdown_timeout=SHUTDOWN_S)
        await runner.setup()
        try:
            await web.TCPSite(runner, host, port).start()
        except OSError as error:
            await runner.cleanup()
            log.error(
                "cannot listen on %s:%s for /healthz and /metrics: %s",
                host,
                port,
                error.strerror or error,
            )
            return
        self._runner = runner
        self.port = int(runner.addresses[0][1])
        self.beat.start()
        log.info("/healthz and /metrics on %s:%d", host, self.port)

    async def stop(self) -> None:
        """Stop listening (a request being answered gets `SHUTDOWN_S` to finish)."""
        self._stopping = True
        await self.beat.stop()
        for read in self._reads:
            read.cancel()
        runner, self._runner = self._runner, None
        if runner is None:
            return
        await runner.cleanup()
        self.port = None

    async def unready(self) -> str | None:
        """Why the bot should get no traffic now (None: it is ready): it is starting or
        stopping, its event loop is blocked, its gateway is down, or its store does not answer
        a trivial read in time."""
        bot = self._bot
        if self._stopping or bot.stopping or bot.is_closed():
            return "stopping"
        if (stalled := self.stalled()) is not None:
            return stalled
        if not bot.is_ready():
            return "starting"
        if not self._gateway.connected:
            return "gateway down"
        return await self._store_problem()

    async def _store_problem(self) -> str | None:
        """What keeps the store from answering one read in `store_timeout_s`, if anything."""
        read = asyncio.ensure_future(self._probe())
        self._reads.add(read)  # `stop` cancels it: a stuck store must not hold the shutdown
        try:
            async with asyncio.timeout(self.store_timeout_s):
                await read
        except TimeoutError:
            return f"store not answering (no answer in {self.store_timeout_s:g} s)"
        except asyncio.CancelledError:
            current = asyncio.current_task()
            if current is None or current.cancelling() or not self._stopping:
                raise
            return "stopping"  # `stop` cancelled the read, not this request
        except Exception as error:  # whatever the database says, the bot can't serve
            return f"store not answering ({type(error).__name__})"
        finally:
            self._reads.discard(read)
        return None

    def stalled(self) -> str | None:
        """Why the process is hung (None: its event loop turns)."""
        stalled = self.beat.stalled_s()
        if stalled <= self.stall_s:
            return None
        return f"event loop blocked ({stalled:.1f} s without a turn)"

    async def _livez(self, request: web.Request) -> web.Response:
        """Alive unless hung (a database outage or a gateway down is no reason to replace the
        process: it recovers from those by itself)."""
        reason = self.stalled()
        if reason is None:
            return web.json_response({"alive": True}, headers=_NO_STORE)
        return web.json_response({"alive": False, "reason": reason}, status=503, headers=_NO_STORE)

    async def _healthz(self, request: web.Request) -> web.Response:
        reason = await self.unready()
        if reason is None:
            return web.json_response({"ready": True}, headers=_NO_STORE)
        return web.json_response({"ready": False, "reason": reason}, status=503, headers=_NO_STORE)

    async def _metrics(self, request: web.Request) -> web.Response:
        encode, content_type = choose_encoder(request.headers.get("Accept", ""))
        body = encode(self._registry)
        return web.Response(body=body, headers={"Content-Type": content_type, **_NO_STORE})


_NO_STORE: Final = {"Cache-Control": "no-store"}

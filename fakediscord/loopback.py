"""Loopback mode: the same fake behind real HTTP and a websocket gateway on 127.0.0.1."""

from __future__ import annotations

import asyncio
import hashlib
import json
import re
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from types import TracebackType
from typing import TYPE_CHECKING, Any

import discord
import yarl
from aiohttp import WSMsgType, web
from discord.gateway import DiscordWebSocket
from discord.http import Route

from . import payloads
from .model import Upload

if TYPE_CHECKING:
    from .fake import FakeDiscord

HEARTBEAT_MS = 41_250
HELLO, IDENTIFY, HEARTBEAT, RESUME, HEARTBEAT_ACK, INVALID_SESSION = 10, 2, 1, 6, 11, 9
REQUEST_MEMBERS = 8
AUTHENTICATION_FAILED = 4004
"""Discord's close code for an IDENTIFY or RESUME with a token it does not know."""
_BY_INTERACTION_TOKEN = ("/interactions/", "/webhooks/")
"""Routes Discord authorises by the interaction's token in the path (callbacks, follow-ups),
not by the bot's: discord.py sends them without it."""
TEST_TOKEN = "fake-token"
"""The bot token a loopback double accepts unless told another (tests, benchmarks)."""
RESUMABLE_CLOSE = 4000
"""Discord's "unknown error" close code: the client reconnects and RESUMEs its session."""
KEPT_FRAMES = 1_000
"""Dispatch frames a session keeps for a RESUME to replay."""
WAIT_S = 10.0
"""How long ``drop``/``reopen`` wait for the client to react (real time)."""


@dataclass(eq=False)
class Session:
    """One gateway session (one shard of one client): its connection, or None while it is
    dropped and may be resumed."""

    ws: web.WebSocketResponse | None
    shard: tuple[int, int] = (0, 1)
    seq: int = 0
    identified: bool = False
    session_id: str = ""
    sent: deque[dict[str, Any]] = field(default_factory=lambda: deque(maxlen=KEPT_FRAMES))
    """The latest dispatch frames, with their sequence numbers, for a RESUME to replay."""

    def owns(self, guild_id: int | None) -> bool:
        """Discord's shard routing: ``(guild_id >> 22) % count``, DMs to shard 0."""
        shard_id, count = self.shard
        return shard_id == (0 if guild_id is None else (guild_id >> 22) % count)


class LoopbackServer:
    """Serves ``fake.handle`` over HTTP and a gateway; patches discord.py's base URLs meanwhile."""

    def __init__(
        self,
        fake: FakeDiscord,
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        routes: Callable[[web.Application], None] | None = None,
        token: str = TEST_TOKEN,
    ) -> None:
        """Not listening until ``start`` / ``async with``; on ``host:port`` (0: any free port),
        with ``routes`` adding more of its own; the bot API and the gateway take only ``token``,
        as Discord takes only the bot's own."""
        self.fake = fake
        self.token = token
        self.host, self._port, self._routes = host, port, routes
        self.sessions: list[Session] = []
        self.port = 0
        self._runner: web.AppRunner | None = None
        self._saved: tuple[str, yarl.URL, str] | None = None
        self._open = asyncio.Event()
        """Cleared by ``drop``: new connections get no HELLO until ``reopen``."""
        self._open.set()
        self.waiting = 0
        """Connections waiting for their HELLO (a client reconnecting during an outage)."""

    @property
    def base(self) -> str:
        """The HTTP origin."""
        return f"http://127.0.0.1:{self.port}"

    async def start(self) -> LoopbackServer:
        """Listen on a random port and point ``Route.BASE``/``DEFAULT_GATEWAY`` here."""
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway-ws", self._gateway)
        app.router.add_route("*", "/api/{version}/{tail:.*}", self._rest)
        if self._routes is not None:
            self._routes(app)
        self._runner = web.AppRunner(app, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.host, self._port)
        await site.start()
        self.port = self._runner.addresses[0][1]
        self._saved = (Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY, self.fake.world.gateway_url)
        Route.BASE = f"{self.base}/api/v10"
        DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(f"ws://127.0.0.1:{self.port}/gateway-ws")
        self.fake.world.gateway_url = str(DiscordWebSocket.DEFAULT_GATEWAY)
        self.fake.loopback_server = self
        return self

    async def stop(self) -> None:
        """Close sockets, stop listening, restore the patched URLs."""
        self._open.set()
        for session in list(self.sessions):
            if session.ws is not None:
                await session.ws.close()
        if self._runner is not None:
            await self._runner.cleanup()
        if self._saved is not None:
            Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY, self.fake.world.gateway_url = self._saved
        self.fake.loopback_server = None

    async def __aenter__(self) -> LoopbackServer:
        """``async with fake.loopback() as server``."""
        return await self.start()

    async def __aexit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        """Always stop."""
        await self.stop()

    async def run_client(
        self, client: discord.Client, token: str = "fake-token"
    ) -> asyncio.Task[None]:
        """``client.start(token)`` as a background task; returns once the client is ready."""
        task = asyncio.create_task(client.start(token), name="fakediscord-bg-client")
        ready = asyncio.create_task(client.wait_until_ready(), name="fakediscord-bg-ready")
        done, _ = await asyncio.wait({task, ready}, timeout=10, return_when=asyncio.FIRST_COMPLETED)
        if ready not in done:
            ready.cancel()
            if task.done():
                task.result()
            raise AssertionError("client did not become ready over the loopback gateway")
        return task

    async def drop(self) -> None:
        """Lose every gateway connection, as an outage does: each is closed with a resumable
        code, so discord.py dispatches ``disconnect`` and reconnects; its new connection gets no
        HELLO until ``reopen``, and events meanwhile are kept for its RESUME. Returns once every
        connection's close was acknowledged and a client is reconnecting (one running several
        shards, discord.py's AutoShardedClient, reconnects them one after another: the next
        only once the first has resumed)."""
        self._open.clear()
        dropped = [s for s in self.sessions if s.identified and s.ws is not None]
        closed = []
        for session in dropped:
            ws, session.ws = session.ws, None
            assert ws is not None
            await ws.close(code=RESUMABLE_CLOSE)
            closed.append(ws)
        await _until(
            lambda: all(ws.closed for ws in closed) and self.waiting >= min(len(dropped), 1),
            "the client to reconnect",
        )

    async def reopen(self) -> None:
        """The outage ends: held connections get their HELLO, and each dropped session that is
        RESUMEd gets what it missed, then RESUMED. Returns once every one was resumed."""
        dropped = [s for s in self.sessions if s.identified and s.ws is None]
        self._open.set()
        await _until(lambda: all(s.ws is not None for s in dropped), "the client to resume")

    # -- REST -----------------------------------------------------------------------------

    async def _rest(self, request: web.Request) -> web.Response:
        """Decode JSON or multipart, ask the fake, answer like Discord (headers included); a
        request without the bot's token gets Discord's 401 (an interaction's callback and
        follow-ups carry their own token in the path)."""
        path = "/" + request.match_info["tail"]
        signed = request.headers.get("Authorization") == f"Bot {self.token}"
        if not signed and not path.startswith(_BY_INTERACTION_TOKEN):
            return web.json_response({"message": "401: Unauthorized", "code": 0}, status=401)
        payload, files = await _read_body(request)
        status, body = self.fake.handle(request.method, path, payload, files, dict(request.query))
        headers = _ratelimit_headers(request.method, path)
        if status == 429:
            headers = {
                "Via": "1.1 google",
                "Retry-After": str(body["retry_after"]),
                "X-RateLimit-Scope": "user",
            }
        if body is None:
            return web.Response(status=status, headers=headers)
        headers["Content-Type"] = "application/json"
        return web.Response(status=status, body=json.dumps(body).encode(), headers=headers)

    # -- gateway --------------------------------------------------------------------------

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        """HELLO (held during an outage), then IDENTIFY → READY + GUILD_CREATEs, or RESUME →
        the missed frames + RESUMED; heartbeats are ACKed."""
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        await self._hello_when_open(ws)
        session = Session(ws)
        self.sessions.append(session)
        try:
            async for msg in ws:
                if msg.type == WSMsgType.TEXT:
                    session = await self._on_frame(session, ws, json.loads(msg.data))
        finally:
            if session.ws is ws:
                self.sessions.remove(session)
        return ws

    async def _hello_when_open(self, ws: web.WebSocketResponse) -> None:
        """HELLO, once no outage holds the gateway (``drop`` … ``reopen``)."""
        self.waiting += 1
        try:
            await self._open.wait()
        finally:
            self.waiting -= 1
        if not ws.closed:  # the client may have given up meanwhile
            await ws.send_json(
                {"op": HELLO, "d": {"heartbeat_interval": HEARTBEAT_MS}, "s": None, "t": None}
            )

    async def _on_frame(
        self, session: Session, ws: web.WebSocketResponse, frame: dict[str, Any]
    ) -> Session:
        """React to one client opcode; the session this connection serves from now on."""
        op, data = frame.get("op"), frame.get("d")
        if op == HEARTBEAT:
            await ws.send_json({"op": HEARTBEAT_ACK, "d": None, "s": None, "t": None})
        elif op in (IDENTIFY, RESUME) and (data or {}).get("token") != self.token:
            await ws.close(code=AUTHENTICATION_FAILED, message=b"Authentication failed.")
        elif op == IDENTIFY:
            await self._identify(session, data or {})
        elif op == RESUME:
            return await self._resume(session, ws, data or {})
        elif op == REQUEST_MEMBERS:
            await self._members_chunk(session, data or {})
        return session

    async def _resume(
        self, fresh: Session, ws: web.WebSocketResponse, data: dict[str, Any]
    ) -> Session:
        """RESUME: replay what the dropped session sent after the client's last sequence number
        (clicks keep their ids; their 3 s kept running), then RESUMED; an unknown or live
        session is invalid (the client IDENTIFYs afresh)."""
        old = next(
            (s for s in self.sessions if s.ws is None and s.session_id == data.get("session_id")),
            None,
        )
        if old is None:
            await ws.send_json({"op": INVALID_SESSION, "d": False, "s": None, "t": None})
            return fresh
        self.sessions.remove(fresh)
        after = int(data.get("seq") or 0)
        while frame := next((f for f in old.sent if f["s"] > after), None):
            self.fake.factory.held(frame["t"], frame["d"])  # also one logged during the replay
            await ws.send_json(frame)
            after = frame["s"]
        old.ws = ws
        await self._send(old, "RESUMED", {})
        return old

    async def _identify(self, session: Session, data: dict[str, Any]) -> None:
        """READY for this shard, then its guilds."""
        shard = data.get("shard") or [0, 1]
        session.shard, session.identified = (int(shard[0]), int(shard[1])), True
        world = self.fake.world
        guilds = [g for g in world.guilds.values() if session.owns(g.id)]
        ready = payloads.ready(world, guilds, session.shard, world.gateway_url)
        session.session_id = ready["session_id"]
        await self._send(session, "READY", ready)
        for g in guilds:
            await self._send(session, "GUILD_CREATE", payloads.guild_create(world, g))

    async def _members_chunk(self, session: Session, data: dict[str, Any]) -> None:
        """Answer a member request with every member in one chunk."""
        guild = self.fake.world.guilds.get(int(data.get("guild_id", 0)))
        members = [payloads.member(m) for m in guild.members.values()] if guild else []
        chunk = {
            "guild_id": data.get("guild_id"),
            "members": members,
            "chunk_index": 0,
            "chunk_count": 1,
        }
        if data.get("nonce"):
            chunk["nonce"] = data["nonce"]
        await self._send(session, "GUILD_MEMBERS_CHUNK", chunk)

    async def _send(self, session: Session, event: str, data: dict[str, Any]) -> None:
        """One DISPATCH frame with the session's next sequence number, kept for a RESUME (a
        dropped session only keeps it)."""
        session.seq += 1
        frame = {"op": 0, "t": event, "s": session.seq, "d": data}
        session.sent.append(frame)
        if session.ws is not None:
            await session.ws.send_json(frame)

    async def push(self, event: str, data: dict[str, Any]) -> None:
        """Dispatch an event to the shard(s) that own its guild."""
        guild_id = data.get("guild_id")
        for session in list(self.sessions):
            if session.identified and session.owns(None if guild_id is None else int(guild_id)):
                await self._send(session, event, data)


async def _until(done: Callable[[], bool], what: str) -> None:
    """Wait (real time, ``WAIT_S`` at most) until ``done()``."""
    limit = time.monotonic() + WAIT_S
    while not done():
        if time.monotonic() > limit:
            raise AssertionError(f"loopback gateway: gave up waiting for {what}")
        await asyncio.sleep(0.01)


async def _read_body(request: web.Request) -> tuple[Any, list[Upload]]:
    """The JSON payload and uploaded files of a request."""
    kind = request.headers.get("Content-Type", "")  # aiohttp's content_type parses it fully
    if kind.lower().startswith("multipart/form-data"):
        reader = await request.multipart()
        payload: Any = None
        files: list[Upload] = []
        while (part := await reader.next()) is not None:
            name = getattr(part, "name", "") or ""
            if name == "payload_json":
                payload = json.loads(await part.text())  # type: ignore[union-attr]
            elif name.startswith("files["):
                data = await part.read()  # type: ignore[union-attr]
                files.append(Upload(int(name[6:-1]), part.filename or "file", bytes(data)))  # type: ignore[union-attr]
        return payload, files
    text = await request.text()
    return (json.loads(text) if text else None), []


def _ratelimit_headers(method: str, path: str) -> dict[str, str]:
    """Plausible bucket headers so discord.py's bucket bookkeeping runs."""
    shape = re.sub(r"\d{5,}", "{id}", path)
    bucket = hashlib.sha1(f"{method} {shape}".encode()).hexdigest()[:16]
    return {
        "X-RateLimit-Limit": "5",
        "X-RateLimit-Remaining": "4",
        "X-RateLimit-Reset-After": "1.000",
        "X-RateLimit-Bucket": bucket,
    }

"""Loopback mode: the same fake behind real HTTP and a websocket gateway on 127.0.0.1."""

from __future__ import annotations

import asyncio
import hashlib
import json
import re
from dataclasses import dataclass
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


@dataclass(eq=False)
class Session:
    """One gateway connection (one shard of one client)."""

    ws: web.WebSocketResponse
    shard: tuple[int, int] = (0, 1)
    seq: int = 0
    identified: bool = False

    def owns(self, guild_id: int | None) -> bool:
        """Discord's shard routing: ``(guild_id >> 22) % count``, DMs to shard 0."""
        shard_id, count = self.shard
        return shard_id == (0 if guild_id is None else (guild_id >> 22) % count)


class LoopbackServer:
    """Serves ``fake.handle`` over HTTP and a gateway; patches discord.py's base URLs meanwhile."""

    def __init__(self, fake: FakeDiscord) -> None:
        """Not listening until ``start`` / ``async with``."""
        self.fake = fake
        self.sessions: list[Session] = []
        self.port = 0
        self._runner: web.AppRunner | None = None
        self._saved: tuple[str, yarl.URL, str] | None = None

    @property
    def base(self) -> str:
        """The HTTP origin."""
        return f"http://127.0.0.1:{self.port}"

    async def start(self) -> LoopbackServer:
        """Listen on a random port and point ``Route.BASE``/``DEFAULT_GATEWAY`` here."""
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_get("/gateway-ws", self._gateway)
        app.router.add_route("*", "/api/{version}/{tail:.*}", self._rest)
        self._runner = web.AppRunner(app, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
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
        for session in list(self.sessions):
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

    # -- REST -----------------------------------------------------------------------------

    async def _rest(self, request: web.Request) -> web.Response:
        """Decode JSON or multipart, ask the fake, answer like Discord (headers included)."""
        payload, files = await _read_body(request)
        path = "/" + request.match_info["tail"]
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
        """HELLO, then IDENTIFY → READY + GUILD_CREATEs; heartbeats are ACKed."""
        ws = web.WebSocketResponse()
        await ws.prepare(request)
        session = Session(ws)
        self.sessions.append(session)
        try:
            await ws.send_json(
                {"op": HELLO, "d": {"heartbeat_interval": HEARTBEAT_MS}, "s": None, "t": None}
            )
            async for msg in ws:
                if msg.type == WSMsgType.TEXT:
                    await self._on_frame(session, json.loads(msg.data))
        finally:
            self.sessions.remove(session)
        return ws

    async def _on_frame(self, session: Session, frame: dict[str, Any]) -> None:
        """React to one client opcode."""
        op, data = frame.get("op"), frame.get("d")
        if op == HEARTBEAT:
            await session.ws.send_json({"op": HEARTBEAT_ACK, "d": None, "s": None, "t": None})
        elif op == IDENTIFY:
            await self._identify(session, data or {})
        elif op == RESUME:
            await session.ws.send_json({"op": INVALID_SESSION, "d": False, "s": None, "t": None})
        elif op == REQUEST_MEMBERS:
            await self._members_chunk(session, data or {})

    async def _identify(self, session: Session, data: dict[str, Any]) -> None:
        """READY for this shard, then its guilds."""
        shard = data.get("shard") or [0, 1]
        session.shard, session.identified = (int(shard[0]), int(shard[1])), True
        world = self.fake.world
        guilds = [g for g in world.guilds.values() if session.owns(g.id)]
        await self._send(
            session, "READY", payloads.ready(world, guilds, session.shard, world.gateway_url)
        )
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
        """One DISPATCH frame with the session's next sequence number."""
        session.seq += 1
        await session.ws.send_json({"op": 0, "t": event, "s": session.seq, "d": data})

    async def push(self, event: str, data: dict[str, Any]) -> None:
        """Dispatch an event to the shard(s) that own its guild."""
        guild_id = data.get("guild_id")
        for session in list(self.sessions):
            if session.identified and session.owns(None if guild_id is None else int(guild_id)):
                await self._send(session, event, data)


async def _read_body(request: web.Request) -> tuple[Any, list[Upload]]:
    """The JSON payload and uploaded files of a request."""
    if request.content_type == "multipart/form-data":
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

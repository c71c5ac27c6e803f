"""``FakeDiscord``: the test-facing API over the world, the routes and the seams."""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import discord
from aiohttp import web

from . import errors, payloads, seams, tasks
from .callbacks import Callbacks
from .clock import Clock
from .commands import SlashBuilder
from .driver import Driver
from .emojis import AppEmojis
from .events import InteractionFactory
from .loopback import TEST_TOKEN, LoopbackServer
from .model import (
    DEFAULT_UPLOAD_LIMIT,
    FakeChannel,
    FakeEmoji,
    FakeGuild,
    FakeMessage,
    FakeUser,
    Upload,
)
from .rest import Rest
from .router import Reply, Request, Router
from .schema import SchemaCheck
from .world import World


@dataclass
class Injection:
    """A canned answer for the next matching request(s), e.g. a 429."""

    method: str
    pattern: re.Pattern[str]
    status: int
    body: Any
    times: int


class FakeDiscord(Driver):
    """An in-memory Discord that real discord.py clients talk to. See the package docstring."""

    def __init__(self, clock: Clock = time.time, *, check_schema: bool | None = None) -> None:
        """An empty Discord whose snowflakes and deadlines follow ``clock`` (seconds); bodies
        are checked against Discord's schema when ``jsonschema`` is there, unless
        ``check_schema`` says otherwise (a benchmark running the double in its own process)."""
        self.world = World(clock)
        self.router = Router()
        Rest(self.world).register(self.router)
        AppEmojis(self.world).register(self.router)
        self.callbacks = Callbacks(self.world)
        self.callbacks.register(self.router)
        self.factory = InteractionFactory(self.world)
        self.slash_builder = SlashBuilder(self.world)
        self.requests: list[tuple[str, str, int]] = []
        self.schema = SchemaCheck(check_schema)
        """Discord's published schema, checked on every body before the hand-written rules."""
        self.watchers: list[Callable[[str, str, int], None]] = []
        """Called with (method, path, status) after each REST call was answered (the play
        page hears of changes this way)."""
        self.background_prefixes: tuple[str, ...] = (
            "tablero-timer",
            "tablero-shard-lease",
            "tablero-malloc-trim",
            "tablero-emoji",
            "tablero-away-watch",
            "tablero-privacy-watch",
            "tablero-alive",
            "tablero-store-probe",
            "tablero-loop-beat",
            "fakediscord-bg",
        )
        self.response_timeout = 5.0
        self.echoes = 0
        self.settle_timeout = 5.0
        self.loopback_server: LoopbackServer | None = None
        self._injections: list[Injection] = []
        self.failures_served = 0
        """How many answers ``fail_next`` injected so far (a test checks its storm hit)."""
        self._clients: list[discord.Client] = []
        self._held: dict[discord.Client, list[tuple[str, dict[str, Any]]]] = {}
        """Per client whose gateway is down: the events Discord keeps for its RESUME, in order."""
        self.world.listeners.append(self._forward_event)

    # -- the world ------------------------------------------------------------------------

    @property
    def bot(self) -> FakeUser:
        """The bot user (its id is also the application id)."""
        return self.world.bot

    @property
    def app_id(self) -> int:
        """The application id."""
        return self.world.app_id

    @property
    def violations(self) -> list[str]:
        """Every error Discord answered, as short strings."""
        return self.world.violations

    @property
    def synced_commands(self) -> dict[int | None, list[dict[str, Any]]]:
        """Commands as last synced: ``None`` for global, else per guild id."""
        return self.world.synced_commands

    def snowflake(self, at_ms: int | None = None) -> int:
        """A unique id whose timestamp is ``at_ms`` (Unix ms; default now)."""
        return self.world.ids.mint(at_ms)

    def now_ms(self) -> int:
        """The clock, in Unix milliseconds."""
        return self.world.now_ms()

    def add_guild(
        self,
        name: str,
        *,
        upload_limit: int = DEFAULT_UPLOAD_LIMIT,
        shard: tuple[int, int] | None = None,
        **bot_perms: bool,
    ) -> FakeGuild:
        """A guild with @everyone and the bot (``bot_perms`` adjust the bot's role); with
        ``shard=(index, count)``, one whose id Discord routes to that shard."""
        return self.world.add_guild(name, upload_limit=upload_limit, shard=shard, **bot_perms)

    def add_channel(self, guild: FakeGuild, name: str, **bot_perms: bool) -> FakeChannel:
        """A text channel; e.g. ``attach_files=False`` denies the bot uploads there."""
        return self.world.add_channel(guild, name, **bot_perms)

    def add_member(self, guild: FakeGuild, name: str | FakeUser, **perms: bool) -> FakeUser:
        """A member (``manage_guild=True`` etc. grant a role with those permissions)."""
        return self.world.add_member(guild, name, **perms)

    def add_guild_emoji(self, guild: FakeGuild, name: str, data: bytes = b"") -> FakeEmoji:
        """A custom emoji of ``guild``, which the bot (a member) may put in its components."""
        return self.world.add_guild_emoji(guild, name, data)

    def add_user(self, name: str, *, accepts_dms: bool = True) -> FakeUser:
        """A user outside every guild (``accepts_dms=False``: DMs answer 50007)."""
        return self.world.add_user(name, accepts_dms=accepts_dms)

    # -- transport-neutral request handling -----------------------------------------------

    def handle(
        self,
        method: str,
        path: str,
        payload: Any = None,
        files: list[Upload] | None = None,
        query: dict[str, str] | None = None,
    ) -> Reply:
        """Answer one REST call as Discord would: (status, JSON body or None)."""
        req = Request(method.upper(), path, payload, list(files or []), dict(query or {}))
        reply = self._injected(req) or self._route(req)
        self.requests.append((req.method, req.path, reply[0]))
        for watcher in self.watchers:
            watcher(req.method, req.path, reply[0])
        return reply

    def _route(self, req: Request) -> Reply:
        """Dispatch to a modelled route; any ApiError becomes a reply and a violation."""
        found = self.router.find(req.method, req.path)
        try:
            if found is None:
                raise errors.unmodelled(req.method, req.path)
            handler, params = found
            self.schema.check(req.method, req.path, req.payload)
            return handler(req, params)
        except errors.ApiError as exc:
            where = "" if exc.label else f" [{req.method} {req.path}]"
            self.world.violations.append(exc.summary() + where)
            return exc.status, exc.body()

    def fail_next(
        self,
        method: str,
        path_regex: str,
        status: int = 429,
        *,
        retry_after: float = 0.05,
        times: int = 1,
    ) -> None:
        """Answer the next ``times`` matching requests with ``status`` (429: a rate limit)."""
        body: dict[str, Any] = {"message": "Injected failure", "code": 0}
        if status == 429:
            body = {
                "message": "You are being rate limited.",
                "retry_after": retry_after,
                "global": False,
            }
        self._injections.append(
            Injection(method.upper(), re.compile(path_regex), status, body, times)
        )

    def clear_failures(self) -> None:
        """Discord answers normally again: drop every injected failure still pending."""
        self._injections.clear()

    def _injected(self, req: Request) -> Reply | None:
        """Consume a matching injection, if any."""
        for inj in self._injections:
            if inj.times > 0 and inj.method == req.method and inj.pattern.search(req.path):
                inj.times -= 1
                self.failures_served += 1
                return inj.status, payloads.json_copy(inj.body)
        return None

    # -- clients --------------------------------------------------------------------------

    def attach(self, client: discord.Client) -> None:
        """Point ``client``'s REST and the webhook adapter at this fake (undo with ``detach``)."""
        seams.attach_http(self, client)
        seams.attach_webhooks(self)
        if client not in self._clients:
            self._clients.append(client)

    def detach(self, client: discord.Client | None = None) -> None:
        """Undo ``attach`` for one client (default: all)."""
        for c in [client] if client else list(self._clients):
            seams.detach_http(c)
            if c in self._clients:
                self._clients.remove(c)
        if not self._clients:
            seams.detach_webhooks(self)

    async def connect(self, client: discord.Client, token: str = "fake-token") -> None:
        """Attach, ``login`` (runs ``setup_hook``), then READY and GUILD_CREATE via the parsers."""
        self.attach(client)
        await client.login(token)
        await self.ready(client)

    async def ready(self, client: discord.Client) -> None:
        """Feed READY and every GUILD_CREATE, and wait for discord.py's ``on_ready``."""
        state = client._connection
        guilds = list(self.world.guilds.values())
        saved, state.guild_ready_timeout = state.guild_ready_timeout, 0.01
        try:
            state.parsers["READY"](
                payloads.ready(self.world, guilds, (0, 1), self.world.gateway_url)
            )
            task = state._ready_task
            for g in guilds:
                state.parsers["GUILD_CREATE"](payloads.guild_create(self.world, g))
            if task is not None:
                await task
        finally:
            state.guild_ready_timeout = saved

    async def join(self, client: discord.Client, guild: FakeGuild) -> None:
        """The bot was added to ``guild`` while connected: a GUILD_CREATE without
        ``unavailable``, as Discord sends it for a join (discord.py's ``on_guild_join``; a
        guild coming back from an outage carries ``unavailable: false`` instead)."""
        self.world.add_bot_back(guild)
        payload = payloads.guild_create(self.world, guild)
        del payload["unavailable"]
        await self.deliver(client, "GUILD_CREATE", payload)

    async def leave(self, client: discord.Client, guild: FakeGuild) -> None:
        """The bot was removed from ``guild`` (kicked, or the server deleted): a GUILD_DELETE
        without ``unavailable`` (discord.py's ``on_guild_remove``; an outage sends
        ``unavailable: true``), and from then on the bot is no member: every channel of the
        guild is 403 Missing Access to it."""
        self.world.remove_bot(guild)
        await self.deliver(client, "GUILD_DELETE", {"id": str(guild.id)})

    async def disconnect(self, client: discord.Client) -> None:
        """Close ``client`` and detach it (a 'restart' is this plus ``connect`` of a new one)."""
        await client.close()
        self.detach(client)
        self._held.pop(client, None)

    async def close(self) -> None:
        """Close and detach every attached client."""
        for client in list(self._clients):
            await self.disconnect(client)
        self.detach()

    async def deliver(self, client: discord.Client, event: str, data: dict[str, Any]) -> None:
        """A gateway dispatch: the parsers in memory (held while the gateway is down), the
        websocket in loopback mode."""
        if client in self._clients or self.loopback_server is None:
            self._dispatch(client, event, data)
        else:
            await self.loopback_server.push(event, data)

    def _dispatch(self, client: discord.Client, event: str, data: dict[str, Any]) -> None:
        """Into discord.py's parser, or held for the RESUME while the client's gateway is down."""
        held = self._held.get(client)
        if held is not None:
            held.append((event, data))
        else:
            client._connection.parsers[event](data)

    async def drop_gateway(self, client: discord.Client) -> None:
        """The client's gateway connection is lost while Discord keeps its session (an outage,
        a network blip): discord.py dispatches ``disconnect``, and every event for the client,
        clicks too, is held until ``resume_gateway``. Over loopback the websocket is closed and
        the client's reconnect held."""
        if client not in self._clients and self.loopback_server is not None:
            await self.loopback_server.drop()
            return
        if client in self._held:
            raise AssertionError("that client's gateway is already down")
        self._held[client] = []
        client.dispatch("disconnect")  # what discord.py's connect loop does on a closed socket

    async def resume_gateway(self, client: discord.Client) -> None:
        """The client RESUMEs its session: the held events in order (interactions with their
        original ids, their 3 seconds counted from creation), then RESUMED (discord.py's
        ``resumed``), as Discord replays missed events before it."""
        if client not in self._clients and self.loopback_server is not None:
            await self.loopback_server.reopen()
            return
        held = self._held.pop(client, None)
        if held is None:
            raise AssertionError("that client's gateway is not down")
        parsers = client._connection.parsers
        for event, data in held:
            self.factory.held(event, data)
            parsers[event](data)
        parsers["RESUMED"]({"__shard_id__": client.shard_id})

    def _forward_event(self, event: str, data: dict[str, Any]) -> None:
        """Gateway events caused by REST calls (THREAD_CREATE) reach every connected bot."""
        for client in self._clients:
            if client.is_ready() and _intended(client, event):
                self._dispatch(client, event, payloads.json_copy(data))
        if self.loopback_server is not None:
            push = self.loopback_server.push(event, payloads.json_copy(data))
            asyncio.get_running_loop().create_task(push, name="fakediscord-push")

    # -- waiting --------------------------------------------------------------------------

    async def settle(self, timeout: float | None = None) -> None:
        """Wait until the bot's work so far is done (see ``tasks.settle``); the default timeout
        is ``settle_timeout``."""
        await tasks.settle(self.background_prefixes, timeout or self.settle_timeout)

    # -- queries --------------------------------------------------------------------------

    def channel_messages(
        self, chan: FakeChannel | int, *, viewer: FakeUser | None = None, deleted: bool = False
    ) -> list[FakeMessage]:
        """Messages in a channel or thread, oldest first, as ``viewer`` sees them."""
        cid = chan if isinstance(chan, int) else chan.id
        uid = None if viewer is None else viewer.id
        found = self.world.messages.in_channel(cid)
        return [m for m in found if (deleted and m.deleted) or m.visible_for(uid)]

    def last_message(
        self, chan: FakeChannel | int, *, viewer: FakeUser | None = None
    ) -> FakeMessage:
        """The newest message ``viewer`` (default: everyone) sees in ``chan``."""
        msgs = self.channel_messages(chan, viewer=viewer)
        if not msgs:
            raise AssertionError(
                f"no messages in channel {chan if isinstance(chan, int) else chan.name}"
            )
        return msgs[-1]

    def message(self, message_id: int) -> FakeMessage:
        """A stored message by id (deleted ones included)."""
        return self.world.messages[message_id]

    def delete_message(self, msg: FakeMessage, by: FakeUser) -> None:
        """A member deletes a message (someone else's needs Manage Messages); bots with the
        guild messages intent get MESSAGE_DELETE."""
        chan = self.world.channels[msg.channel_id]
        if msg.author is not by and not self.world.has(chan, by.id, "manage_messages"):
            raise AssertionError(f"{by.name} may not delete that message")
        self.world.delete_message(msg)

    def bulk_delete(self, messages: list[FakeMessage], by: FakeUser) -> None:
        """A moderator deletes several messages of one channel at once (MESSAGE_DELETE_BULK)."""
        chan = self.world.channels[messages[0].channel_id]
        if not self.world.has(chan, by.id, "manage_messages"):
            raise AssertionError(f"{by.name} may not bulk-delete messages")
        for msg in messages:
            msg.deleted = True
        data: dict[str, Any] = {"ids": [str(m.id) for m in messages], "channel_id": str(chan.id)}
        if chan.guild_id is not None:
            data["guild_id"] = str(chan.guild_id)
        self.world.emit("MESSAGE_DELETE_BULK", data)

    def channel(self, channel_id: int) -> FakeChannel:
        """A channel or thread by id."""
        return self.world.channels[channel_id]

    def threads(self, parent: FakeChannel) -> list[FakeChannel]:
        """Threads created under ``parent``, oldest first."""
        return [c for c in self.world.channels.values() if c.parent_id == parent.id]

    def dm_channel(self, user: FakeUser) -> FakeChannel:
        """The DM channel between the bot and ``user`` (for slash commands in DMs)."""
        return self.world.dm_channel(user)

    def dm_messages(self, user: FakeUser) -> list[FakeMessage]:
        """What the bot sent ``user`` in DMs."""
        return self.channel_messages(self.world.dm_channel(user))

    def loopback(
        self,
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        routes: Callable[[web.Application], None] | None = None,
        token: str = TEST_TOKEN,
    ) -> LoopbackServer:
        """A real HTTP + websocket server serving this fake (``async with``): on 127.0.0.1 at a
        free port unless told otherwise, with ``routes`` of its own added, taking only the bot
        token ``token``."""
        return LoopbackServer(self, host=host, port=port, routes=routes, token=token)


def _intended(client: discord.Client, event: str) -> bool:
    """Discord sends message events only to bots with the (guild) messages intent."""
    return not event.startswith("MESSAGE_") or client.intents.guild_messages

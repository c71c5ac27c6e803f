"""The page's HTTP side: the world and the messages a member may see, the attachments' bytes, a
websocket telling the page when something changed, and the member's actions — a slash command,
a click, a select choice — made through the double's driver, as Discord's client would send
them (its checks included: a disabled button or an option outside the choices is refused)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import weakref
from collections.abc import Awaitable, Callable
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any, Final

import discord
from aiohttp import WSMsgType, web

from .. import payloads
from ..model import FakeChannel, FakeGuild, FakeMessage, FakeUser

if TYPE_CHECKING:
    from ..fake import FakeDiscord

LOCALES: Final = ("en-US", "es-ES", "nl")
"""The member locales the page offers (Discord's codes for Tablero's three languages)."""
_DEBOUNCE_S: Final = 0.05
_STATIC: Final = {"app.js": "text/javascript", "style.css": "text/css"}
_WORLD_CHANGES: Final = ("/threads", "/commands")


_Action = Callable[[dict[str, Any]], Awaitable[dict[str, Any]]]


class ActionRefused(Exception):
    """A member's action the page can't make (unknown member, channel, message, bad body)."""


class Playground:
    """The page and its API over one fake and one guild."""

    def __init__(self, fake: FakeDiscord, guild: FakeGuild) -> None:
        self.fake, self.guild = fake, guild
        self.client = discord.Client(intents=discord.Intents.none())
        """The bot as the page sees it: another process, reached over the loopback gateway."""
        self._sockets: weakref.WeakSet[web.WebSocketResponse] = weakref.WeakSet()
        self._pending: dict[str, None] = {}
        self._flush: asyncio.TimerHandle | None = None
        self._telling: set[asyncio.Task[None]] = set()
        fake.watchers.append(self._heard)

    def add_routes(self, app: web.Application) -> None:
        """The page at `/play/`, its assets and its API."""
        app.router.add_get("/", self._to_page)
        app.router.add_get("/play", self._to_page)
        app.router.add_get("/play/", self._page)
        app.router.add_get("/play/static/{name}", self._asset)
        app.router.add_get("/play/api/world", self._world)
        app.router.add_get("/play/api/messages", self._messages)
        app.router.add_get("/play/api/attachments/{message}/{attachment}", self._attachment)
        app.router.add_get("/play/api/emojis/{emoji}.png", self._emoji)
        app.router.add_get("/play/api/events", self._events)
        app.router.add_post("/play/api/slash", self._slash)
        app.router.add_post("/play/api/component", self._component)
        app.router.add_post("/play/api/locale", self._locale)
        app.on_shutdown.append(self._close_pages)

    # -- what the page shows ----------------------------------------------------------------

    def world(self) -> dict[str, Any]:
        """The guild, its channels and threads, its members, the bot and its commands."""
        world = self.fake.world
        channels = [c for c in world.channels.values() if c.guild_id == self.guild.id]
        members = self._members()
        commands = [
            *world.synced_commands.get(None, []),
            *world.synced_commands.get(self.guild.id, []),
        ]
        return {
            "guild": {"id": str(self.guild.id), "name": self.guild.name},
            "channels": [_channel(c) for c in channels if c.type in (0, 11, 12) and not c.archived],
            "members": [{"id": str(u.id), "name": u.name, "locale": u.locale} for u in members],
            "bot": {"id": str(world.bot.id), "name": world.bot.name, "online": self.online()},
            "commands": commands,
            "locales": list(LOCALES),
        }

    def online(self) -> bool:
        """Whether the bot's gateway is connected (before, an interaction would reach no one:
        Discord's client then says the application did not respond)."""
        server = self.fake.loopback_server
        return server is not None and any(s.identified and s.ws for s in server.sessions)

    def messages(self, channel: FakeChannel, member: FakeUser) -> list[dict[str, Any]]:
        """The channel's messages as `member` sees them, attachments pointing at this server
        (for that member: an ephemeral's images are served to its recipient alone)."""
        shown = self.fake.channel_messages(channel, viewer=member)
        return [self._message(m, member) for m in shown]

    def _message(self, message: FakeMessage, member: FakeUser) -> dict[str, Any]:
        payload = payloads.message(message)
        for index, attachment in enumerate(payload["attachments"]):
            attachment["url"] = f"/play/api/attachments/{message.id}/{index}?as={member.id}"
            attachment.pop("proxy_url", None)
        return payload

    # -- what members do --------------------------------------------------------------------

    async def slash(self, body: dict[str, Any]) -> dict[str, Any]:
        """`/command sub` with options, as `as` in `channel`."""
        member, channel = self._member(body.get("as")), self._channel(body.get("channel"))
        path = str(body.get("command", "")).strip().lstrip("/")
        options = body.get("options") or {}
        if not path or not isinstance(options, dict):
            raise ActionRefused("a command (and its options as an object) is needed")
        resolved = {name: self._option(value) for name, value in options.items()}
        res = await self.fake.slash(self.client, member, channel, path, **resolved)
        return {"ok": True, "ephemeral": res.ephemeral}

    async def component(self, body: dict[str, Any]) -> dict[str, Any]:
        """A button click (no `values`) or a select choice, on a message `as` sees."""
        member = self._member(body.get("as"))
        message = self._visible(body.get("message"), member)
        custom_id, values = str(body.get("custom_id", "")), body.get("values")
        if values is None:
            res = await self.fake.click(self.client, member, message, custom_id)
        elif isinstance(values, list):
            chosen = [self._option(str(v)) for v in values]
            res = await self.fake.select(self.client, member, message, custom_id, chosen)
        else:
            raise ActionRefused("values must be a list")
        return {"ok": True, "ephemeral": res.ephemeral}

    def set_locale(self, body: dict[str, Any]) -> dict[str, Any]:
        """The member's Discord client language (sent with each of their interactions)."""
        member, locale = self._member(body.get("as")), str(body.get("locale", ""))
        if locale not in LOCALES:
            raise ActionRefused(f"the locale must be one of {', '.join(LOCALES)}")
        member.locale = locale
        self._changed("world")
        return {"ok": True}

    def _members(self) -> list[FakeUser]:
        """The people one can play as: the guild's members but the bot and the fake's owner
        (the application's, who owns every guild of the double)."""
        owner = self.fake.world.owner
        users = [m.user for m in self.guild.members.values()]
        return [u for u in users if not u.bot and u is not owner]

    def _member(self, ref: Any) -> FakeUser:
        """A member by id or (case-insensitive) name."""
        text = str(ref or "").strip()
        for user in self._members():
            if str(user.id) == text or user.name.casefold() == text.casefold():
                return user
        raise ActionRefused(f"no member {text!r} in {self.guild.name}")

    def _channel(self, ref: Any) -> FakeChannel:
        text = str(ref or "").strip()
        for channel in self.fake.world.channels.values():
            if channel.guild_id == self.guild.id and text in (str(channel.id), channel.name):
                return channel
        raise ActionRefused(f"no channel {text!r}")

    def _visible(self, ref: Any, member: FakeUser) -> FakeMessage:
        message = self.fake.world.messages.get(int(ref)) if str(ref).isdigit() else None
        if message is None or not message.visible_for(member.id):
            raise ActionRefused("that message is gone, or not yours to see")
        return message

    def _option(self, value: Any) -> Any:
        """A member option given by id becomes the member (the driver resolves users)."""
        if isinstance(value, str) and value.isdigit():
            user = self.fake.world.users.get(int(value))
            if user is not None:
                return user
        return value

    # -- HTTP --------------------------------------------------------------------------------

    async def _to_page(self, request: web.Request) -> web.Response:
        raise web.HTTPFound("/play/" + (f"?{request.query_string}" if request.query_string else ""))

    async def _page(self, request: web.Request) -> web.Response:
        return web.Response(text=_static("index.html"), content_type="text/html")

    async def _asset(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        if name not in _STATIC:
            raise web.HTTPNotFound()
        return web.Response(text=_static(name), content_type=_STATIC[name])

    async def _world(self, request: web.Request) -> web.Response:
        return web.json_response(self.world())

    async def _messages(self, request: web.Request) -> web.Response:
        try:
            member = self._member(request.query.get("as"))
            channel = self._channel(request.query.get("channel"))
        except ActionRefused as refused:
            return _refused(str(refused))
        return web.json_response({"messages": self.messages(channel, member)})

    async def _attachment(self, request: web.Request) -> web.Response:
        ref, index = request.match_info["message"], request.match_info["attachment"]
        try:
            message = self._visible(ref, self._member(request.query.get("as")))
        except ActionRefused:
            raise web.HTTPNotFound() from None
        if not index.isdigit() or int(index) >= len(message.attachment_objects):
            raise web.HTTPNotFound()
        found = message.attachment_objects[int(index)]
        return web.Response(body=found.data, content_type=found.content_type)

    async def _emoji(self, request: web.Request) -> web.Response:
        """A custom emoji's image (the application's or a guild's), by id."""
        ref = request.match_info["emoji"]
        found = self.fake.world.emoji(int(ref)) if ref.isdigit() else None
        if found is None or not found.data:
            raise web.HTTPNotFound()
        return web.Response(body=found.data, content_type=found.content_type)

    async def _events(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(heartbeat=30)
        await ws.prepare(request)
        self._sockets.add(ws)
        async for frame in ws:  # the page only listens; anything it sends is ignored
            if frame.type == WSMsgType.ERROR:
                break
        return ws

    async def _close_pages(self, app: web.Application) -> None:
        """The server stops: the pages' sockets close (a page would keep its handler open)."""
        for ws in list(self._sockets):
            await ws.close(code=1001, message=b"tablero play stopped")

    async def _slash(self, request: web.Request) -> web.Response:
        return await self._act(request, self.slash)

    async def _component(self, request: web.Request) -> web.Response:
        return await self._act(request, self.component)

    async def _locale(self, request: web.Request) -> web.Response:
        async def locale(body: dict[str, Any]) -> dict[str, Any]:
            return self.set_locale(body)

        return await self._act(request, locale)

    async def _act(self, request: web.Request, action: _Action) -> web.Response:
        """Run a member's action; a refusal or Discord's "This interaction failed" is a 400."""
        try:
            body = await request.json()
            if not isinstance(body, dict):
                raise ActionRefused("the body must be a JSON object")
            return web.json_response(await action(body))
        except (ActionRefused, json.JSONDecodeError, ValueError, KeyError) as refused:
            return _refused(str(refused))
        except RecursionError:  # JSON nested deeper than anything the page sends
            return _refused("the body is nested too deeply")
        except AssertionError as failed:  # the driver's word for what Discord's client shows
            return _refused(str(failed).splitlines()[0])

    # -- telling the page ------------------------------------------------------------------

    def _heard(self, method: str, path: str, status: int) -> None:
        """A REST call of the bot's that may have changed something tells the pages."""
        if method != "GET":
            world = any(part in path for part in _WORLD_CHANGES)
            self._changed("world" if world else "changed")

    def _changed(self, kind: str) -> None:
        """Tell every page, once per burst."""
        self._pending[kind] = None
        if self._flush is None:
            loop = asyncio.get_running_loop()
            self._flush = loop.call_later(_DEBOUNCE_S, self._send_pending)

    def _send_pending(self) -> None:
        kinds, self._pending, self._flush = list(self._pending), {}, None
        for ws in list(self._sockets):
            task = asyncio.create_task(_tell(ws, kinds), name="fakediscord-bg-page")
            self._telling.add(task)
            task.add_done_callback(self._telling.discard)


async def _tell(ws: web.WebSocketResponse, kinds: list[str]) -> None:
    """Send one page what changed (a page that went away meanwhile is skipped)."""
    with contextlib.suppress(ConnectionError, RuntimeError):
        for kind in kinds:
            if not ws.closed:
                await ws.send_json({"type": kind})


def _channel(c: FakeChannel) -> dict[str, Any]:
    parent = None if c.parent_id is None else str(c.parent_id)
    return {"id": str(c.id), "name": c.name, "type": c.type, "parent_id": parent}


def _refused(reason: str) -> web.Response:
    return web.json_response({"ok": False, "error": reason}, status=400)


@cache
def _static(name: str) -> str:
    """One of the page's files, from the package's data."""
    return (resources.files(__package__) / "static" / name).read_text(encoding="utf-8")

"""The page's HTTP side: the world and the messages a member may see, the attachments' bytes, a
websocket telling the page when something changed, and the member's actions — a slash command,
a click, a select choice — made through the double's driver, as Discord's client would send
them (its checks included: a disabled button or an option outside the choices is refused).
Bound beyond loopback, every API request carries a member's join key (`access`) and reads and
acts as that member alone."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any, Final

import discord
from aiohttp import WSMsgType, web

from .. import payloads
from ..model import FakeChannel, FakeGuild, FakeMessage, FakeUser
from .access import JoinKeys, presented_key
from .bodies import ActionRefused, NotYours, checked
from .sockets import SOCKETS_PER_ADDRESS, Listeners

if TYPE_CHECKING:
    from ..fake import FakeDiscord

LOCALES: Final = ("en-US", "es-ES", "nl")
"""The member locales the page offers (Discord's codes for Tablero's three languages)."""
_DEBOUNCE_S: Final = 0.05
_STATIC: Final = {"app.js": "text/javascript", "style.css": "text/css"}
_WORLD_CHANGES: Final = ("/threads", "/commands")
_NEED_KEY: Final = (
    "this page is reachable from the network: open it with your own join link "
    "(tablero play printed one per member)"
)

_Action = Callable[[dict[str, Any]], Awaitable[dict[str, Any]]]
_Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class Playground:
    """The page and its API over one fake and one guild."""

    def __init__(self, fake: FakeDiscord, guild: FakeGuild, *, exposed: bool = False) -> None:
        self.fake, self.guild = fake, guild
        self.keys = JoinKeys.fresh(u.id for u in self.members()) if exposed else None
        """Exposed beyond loopback, the members' join keys: every API request needs one."""
        self.client = discord.Client(intents=discord.Intents.none())
        """The bot as the page sees it: another process, reached over the loopback gateway."""
        self.address = ""
        """Where others reach the page (`host:port`, for its banner), once it listens."""
        self.listeners = Listeners()
        self._pending: dict[str, None] = {}
        self._flush: asyncio.TimerHandle | None = None
        fake.watchers.append(self._heard)

    def add_routes(self, app: web.Application) -> None:
        """The page at `/play/`, its assets and its API."""
        app.router.add_get("/", self._to_page)
        app.router.add_get("/play", self._to_page)
        app.router.add_get("/play/", self._page)
        app.router.add_get("/play/static/{name}", self._asset)
        keyed, api = self._keyed, "/play/api"
        app.router.add_get(f"{api}/world", keyed(self._world))
        app.router.add_get(f"{api}/messages", keyed(self._messages))
        app.router.add_get(f"{api}/attachments/{{message}}/{{attachment}}", keyed(self._attachment))
        app.router.add_get(f"{api}/emojis/{{emoji}}.png", keyed(self._emoji))
        app.router.add_get(f"{api}/events", keyed(self._events))
        app.router.add_post(f"{api}/slash", keyed(self._slash))
        app.router.add_post(f"{api}/component", keyed(self._component))
        app.router.add_post(f"{api}/locale", keyed(self._locale))
        app.on_shutdown.append(self._close_pages)

    # -- what the page shows ----------------------------------------------------------------

    def world(self, holder: int | None = None) -> dict[str, Any]:
        """The guild, its channels and threads, its members, the bot and its commands; who
        can reach the page (its banner) and, with a join key, whose it is (`you`)."""
        world = self.fake.world
        channels = [c for c in world.channels.values() if c.guild_id == self.guild.id]
        members = self.members()
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
            "reach": {"loopback": self.keys is None, "address": self.address},
            "you": None if holder is None else str(holder),
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
        if not path:
            raise ActionRefused("a command is needed")
        options = body.get("options") or {}
        resolved = {name: self._option(value) for name, value in options.items()}
        data = self.fake.slash_builder.build(member, channel, path, resolved)
        res = await self.fake.interact(self.client, member, channel, 2, data)
        return {"ok": True, "ephemeral": res.ephemeral}

    async def component(self, body: dict[str, Any]) -> dict[str, Any]:
        """A button click (no `values`) or a select choice, on a message `as` sees."""
        member = self._member(body.get("as"))
        message = self._visible(body.get("message"), member)
        custom_id, values = str(body.get("custom_id", "")), body.get("values")
        if values is None:
            res = await self.fake.click(self.client, member, message, custom_id)
        else:
            chosen = [self._option(v) for v in values]
            res = await self.fake.select(self.client, member, message, custom_id, chosen)
        return {"ok": True, "ephemeral": res.ephemeral}

    def set_locale(self, body: dict[str, Any]) -> dict[str, Any]:
        """The member's Discord client language (sent with each of their interactions)."""
        member, locale = self._member(body.get("as")), str(body.get("locale", ""))
        if locale not in LOCALES:
            raise ActionRefused(f"the locale must be one of {', '.join(LOCALES)}")
        member.locale = locale
        self._changed("world")
        return {"ok": True}

    def members(self) -> list[FakeUser]:
        """The people one can play as: the guild's members but the bot and the fake's owner
        (the application's, who owns every guild of the double)."""
        owner = self.fake.world.owner
        users = [m.user for m in self.guild.members.values()]
        return [u for u in users if not u.bot and u is not owner]

    def _member(self, ref: Any) -> FakeUser:
        """A member by id or (case-insensitive) name."""
        text = str(ref or "").strip()
        for user in self.members():
            if str(user.id) == text or user.name.casefold() == text.casefold():
                return user
        raise ActionRefused(f"no member {text!r} in {self.guild.name}")

    def _as(self, request: web.Request, ref: Any) -> FakeUser:
        """The member a request reads or acts as: with a join key, the key's member only."""
        member, holder = self._member(ref), self._holder(request)
        if holder is not None and member.id != holder:
            owner = self.fake.world.users[holder].name
            raise NotYours(f"this join link is {owner}'s: it reads and acts as {owner} only")
        return member

    def _holder(self, request: web.Request) -> int | None:
        """The member whose join key the request carries (None: no keys, on loopback)."""
        return None if self.keys is None else self.keys.holder(presented_key(request))

    def _channel(self, ref: Any) -> FakeChannel:
        text = str(ref or "").strip()
        for channel in self.fake.world.channels.values():
            if channel.guild_id == self.guild.id and text in (str(channel.id), channel.name):
                return channel
        raise ActionRefused(f"no channel {text!r}")

    def _visible(self, ref: Any, member: FakeUser) -> FakeMessage:
        message = self.fake.world.messages.get(int(ref)) if _is_id(ref) else None
        if message is None or not message.visible_for(member.id):
            raise ActionRefused("that message is gone, or not yours to see")
        return message

    def _option(self, value: Any) -> Any:
        """A member option given by id becomes the member (the driver resolves users)."""
        if isinstance(value, str) and _is_id(value):
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

    def _keyed(self, handler: _Handler) -> _Handler:
        """`handler` behind the join keys: without one of the members' keys, a 403."""

        async def guarded(request: web.Request) -> web.StreamResponse:
            if self.keys is not None and self._holder(request) is None:
                return _refused(_NEED_KEY, 403)
            return await handler(request)

        return guarded

    async def _world(self, request: web.Request) -> web.Response:
        return web.json_response(self.world(self._holder(request)))

    async def _messages(self, request: web.Request) -> web.Response:
        try:
            member = self._as(request, request.query.get("as"))
            channel = self._channel(request.query.get("channel"))
        except ActionRefused as refused:
            return _refused(refused)
        return web.json_response({"messages": self.messages(channel, member)})

    async def _attachment(self, request: web.Request) -> web.Response:
        ref, index = request.match_info["message"], request.match_info["attachment"]
        try:
            message = self._visible(ref, self._as(request, request.query.get("as")))
        except NotYours as refused:
            return _refused(refused)
        except ActionRefused:
            raise web.HTTPNotFound() from None
        if not _is_id(index) or int(index) >= len(message.attachment_objects):
            raise web.HTTPNotFound()
        found = message.attachment_objects[int(index)]
        return web.Response(body=found.data, content_type=found.content_type)

    async def _emoji(self, request: web.Request) -> web.Response:
        """A custom emoji's image (the application's or a guild's), by id."""
        ref = request.match_info["emoji"]
        found = self.fake.world.emoji(int(ref)) if _is_id(ref) else None
        if found is None or not found.data:
            raise web.HTTPNotFound()
        return web.Response(body=found.data, content_type=found.content_type)

    async def _events(self, request: web.Request) -> web.StreamResponse:
        """The page's socket: one of a few per address, sent to from its own bounded queue."""
        listener = self.listeners.join(request.remote or "")
        if listener is None:
            reason = f"at most {SOCKETS_PER_ADDRESS} event sockets per address: close a tab"
            return _refused(reason, 429)
        try:
            ws = web.WebSocketResponse(heartbeat=30)
            await ws.prepare(request)
            listener.start(ws, lambda: _cut(request))
            async for frame in ws:  # the page only listens; anything it sends is ignored
                if frame.type == WSMsgType.ERROR:
                    break
            return ws
        finally:
            self.listeners.leave(listener)

    async def _close_pages(self, app: web.Application) -> None:
        """The server stops: the pages' sockets close (a page would keep its handler open)."""
        await self.listeners.close_all()

    async def _slash(self, request: web.Request) -> web.Response:
        return await self._act(request, self.slash)

    async def _component(self, request: web.Request) -> web.Response:
        return await self._act(request, self.component)

    async def _locale(self, request: web.Request) -> web.Response:
        async def locale(body: dict[str, Any]) -> dict[str, Any]:
            return self.set_locale(body)

        return await self._act(request, locale)

    async def _act(self, request: web.Request, action: _Action) -> web.Response:
        """Run a member's action; a refusal or Discord's "This interaction failed" is a 400
        (another member's, with a join key, a 403)."""
        try:
            body = checked(json.loads(await request.read()))
            self._as(request, body.get("as"))
            return web.json_response(await action(body))
        except ActionRefused as refused:
            return _refused(refused)
        except (ValueError, KeyError) as refused:  # not JSON, not UTF-8, a number too long
            return _refused(f"not a JSON body the page sends: {refused}")
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
        self.listeners.tell(kinds)


def _is_id(ref: Any) -> bool:
    """Whether `ref` is a snowflake's digits (ASCII only: `int()` refuses "²")."""
    text = str(ref)
    return text.isascii() and text.isdigit()


def _cut(request: web.Request) -> None:
    """Drop a page's connection outright (it reads nothing, not even a close)."""
    if request.transport is not None:
        request.transport.abort()


def _channel(c: FakeChannel) -> dict[str, Any]:
    parent = None if c.parent_id is None else str(c.parent_id)
    return {"id": str(c.id), "name": c.name, "type": c.type, "parent_id": parent}


def _refused(reason: str | ActionRefused, status: int | None = None) -> web.Response:
    """A refusal with its reason: a 400, another member's a 403."""
    if status is None:
        status = 403 if isinstance(reason, NotYours) else 400
    return web.json_response({"ok": False, "error": str(reason)}, status=status)


@cache
def _static(name: str) -> str:
    """One of the page's files, from the package's data."""
    return (resources.files(__package__) / "static" / name).read_text(encoding="utf-8")

"""REST routes for login, channels, messages, threads, DMs and command sync."""

from __future__ import annotations

from typing import Any

from . import errors, limits, payloads
from .model import (
    DM,
    HAS_THREAD,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    TEXT,
    FakeChannel,
    FakeGuild,
    FakeMessage,
)
from .router import Reply, Request, Router
from .world import World

P = dict[str, str]
NONCE_WINDOW_MS = 120_000
"""How long Discord keeps a nonce unique ("the past few minutes"; the fake takes the low end,
so a bot counting on more would be caught)."""


class Rest:
    """Handlers for the bot's own REST calls (everything not tied to an interaction token)."""

    def __init__(self, world: World) -> None:
        """Work on ``world``."""
        self.w = world
        self.nonces: dict[tuple[int, str], FakeMessage] = {}
        """Messages posted with ``enforce_nonce``, by channel and nonce."""

    def register(self, r: Router) -> None:
        """Add every route this class models."""
        r.add("GET", "/users/@me", lambda q, p: (200, payloads.user(self.w.bot)))
        r.add("GET", "/oauth2/applications/@me", self.app_info)
        r.add("GET", "/gateway", lambda q, p: (200, {"url": self.w.gateway_url}))
        r.add("GET", "/gateway/bot", self.gateway_bot)
        r.add("POST", "/users/@me/channels", self.open_dm)
        r.add("GET", "/users/{uid}", self.get_user)
        r.add("GET", "/guilds/{gid}", lambda q, p: (200, payloads.guild(self.guild(p))))
        r.add("GET", "/guilds/{gid}/channels", self.guild_channels)
        r.add("GET", "/guilds/{gid}/members/{uid}", self.get_member)
        r.add("GET", "/channels/{cid}", self.get_channel)
        r.add("PATCH", "/channels/{cid}", self.edit_channel)
        r.add("DELETE", "/channels/{cid}", self.delete_channel)
        r.add("POST", "/channels/{cid}/typing", lambda q, p: (204, None))
        r.add("GET", "/channels/{cid}/messages", self.history)
        r.add("POST", "/channels/{cid}/messages", self.send)
        r.add("GET", "/channels/{cid}/messages/{mid}", self.get_message)
        r.add("PATCH", "/channels/{cid}/messages/{mid}", self.edit)
        r.add("DELETE", "/channels/{cid}/messages/{mid}", self.delete)
        r.add("PUT", "/channels/{cid}/messages/{mid}/reactions/{emoji}/@me", self.react)
        r.add("DELETE", "/channels/{cid}/messages/{mid}/reactions/{emoji}/@me", self.unreact)
        r.add("POST", "/channels/{cid}/threads", self.start_thread)
        r.add("POST", "/channels/{cid}/messages/{mid}/threads", self.start_message_thread)
        r.add("PUT", "/channels/{cid}/thread-members/{uid}", self.join_thread)
        r.add("DELETE", "/channels/{cid}/thread-members/{uid}", self.leave_thread)
        for scope in ("/applications/{app}/commands", "/applications/{app}/guilds/{gid}/commands"):
            r.add("PUT", scope, self.sync)
            r.add("GET", scope, self.list_commands)

    # -- identity -------------------------------------------------------------------------

    def app_info(self, q: Request, p: P) -> Reply:
        """The application, as login fetches it."""
        return 200, payloads.application(self.w.app_id, self.w.bot, self.w.owner)

    def gateway_bot(self, q: Request, p: P) -> Reply:
        """Where to connect, with one shard recommended."""
        limit = {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}
        shards = self.w.recommended_shards
        return 200, {"url": self.w.gateway_url, "shards": shards, "session_start_limit": limit}

    def get_user(self, q: Request, p: P) -> Reply:
        """A user by id."""
        u = self.w.users.get(int(p["uid"]))
        if u is None:
            raise errors.unknown_user()
        return 200, payloads.user(u)

    def open_dm(self, q: Request, p: P) -> Reply:
        """POST /users/@me/channels: the DM channel with a recipient."""
        u = self.w.users.get(int(q.body.get("recipient_id", 0)))
        if u is None:
            raise errors.unknown_user()
        return 200, payloads.channel(self.w.dm_channel(u))

    # -- guilds ---------------------------------------------------------------------------

    def guild(self, p: P) -> FakeGuild:
        """The guild named in the path, or 10004."""
        g = self.w.guilds.get(int(p["gid"]))
        if g is None:
            raise errors.ApiError(404, 10004, "Unknown Guild")
        return g

    def guild_channels(self, q: Request, p: P) -> Reply:
        """Non-thread channels of a guild."""
        chans = [self.w.channels[c] for c in self.guild(p).channel_ids]
        return 200, [payloads.channel(c) for c in chans if not c.is_thread]

    def get_member(self, q: Request, p: P) -> Reply:
        """A member by id."""
        m = self.guild(p).members.get(int(p["uid"]))
        if m is None:
            raise errors.unknown_member()
        return 200, payloads.member(m)

    # -- channels -------------------------------------------------------------------------

    def visible(self, p: P) -> FakeChannel:
        """The path's channel, if the bot can see it (else 10003 / 50001)."""
        chan = self.w.channel(int(p["cid"]))
        if chan.guild_id and not self.w.has(chan, self.w.bot.id, "view_channel"):
            raise errors.missing_access(f"#{chan.name}")
        return chan

    def get_channel(self, q: Request, p: P) -> Reply:
        """GET /channels/{id}."""
        return 200, payloads.channel(self.visible(p))

    def edit_channel(self, q: Request, p: P) -> Reply:
        """PATCH a thread: name, archived, locked, auto_archive_duration."""
        chan = self.visible(p)
        if not chan.is_thread:
            self.need(chan, "manage_channels")
        elif chan.owner_id != self.w.bot.id:
            self.need(chan, "manage_threads")
        body = q.body
        chan.name = body.get("name", chan.name)
        chan.archived = bool(body.get("archived", chan.archived))
        chan.locked = bool(body.get("locked", chan.locked))
        chan.auto_archive_duration = int(
            body.get("auto_archive_duration", chan.auto_archive_duration)
        )
        return 200, payloads.channel(chan)

    def delete_channel(self, q: Request, p: P) -> Reply:
        """DELETE a channel or thread (threads need manage_threads)."""
        chan = self.visible(p)
        self.need(chan, "manage_threads" if chan.is_thread else "manage_channels")
        del self.w.channels[chan.id]
        if chan.guild_id:
            self.w.guilds[chan.guild_id].channel_ids.remove(chan.id)
        return 200, payloads.channel(chan)

    def need(self, chan: FakeChannel, perm: str) -> None:
        """403 50013 unless the bot holds ``perm`` in ``chan``."""
        if chan.guild_id and not self.w.has(chan, self.w.bot.id, perm):
            raise errors.missing_permissions(f"{perm} in #{chan.name}")

    # -- messages -------------------------------------------------------------------------

    def history(self, q: Request, p: P) -> Reply:
        """GET messages, newest first, honouring limit/before/after."""
        chan = self.visible(p)
        self.need(chan, "read_message_history")
        msgs = [
            m for m in self.w.messages.values() if m.channel_id == chan.id and m.visible_for(None)
        ]
        if "before" in q.query:
            msgs = [m for m in msgs if m.id < int(q.query["before"])]
        if "after" in q.query:
            msgs = [m for m in msgs if m.id > int(q.query["after"])]
        msgs.sort(key=lambda m: m.id, reverse=True)
        return 200, [payloads.message(m) for m in msgs[: int(q.query.get("limit", 50))]]

    def send(self, q: Request, p: P) -> Reply:
        """POST a message to a channel, thread or DM."""
        chan = self.visible(p)
        self.can_send(chan)
        body = dict(q.body)
        if (
            body.get("embeds")
            and chan.guild_id
            and not self.w.has(chan, self.w.bot.id, "embed_links")
        ):
            self.w.violations.append(f"embeds dropped: no embed_links in #{chan.name}")
            body["embeds"] = []
        earlier = self.same_nonce(chan, body)
        if earlier is not None:
            return 200, payloads.message(earlier)
        ref = (body.get("message_reference") or {}).get("message_id")
        if ref is not None:
            self.w.message(int(ref))
        limit = self.upload_limit(chan)
        meta: dict[str, Any] = {
            "reference_id": None if ref is None else int(ref),
            "type": 19 if ref else 0,
        }
        msg = self.w.create_message(chan, body, q.files, upload_limit=limit, **meta)
        if body.get("nonce") and body.get("enforce_nonce"):
            self.nonces[chan.id, str(body["nonce"])] = msg
        if chan.is_thread and chan.archived and not chan.locked:
            chan.archived = False
        return 200, payloads.message(msg)

    def same_nonce(self, chan: FakeChannel, body: dict[str, Any]) -> FakeMessage | None:
        """With ``enforce_nonce``, Discord answers a post whose nonce the bot used in that channel
        in the last few minutes with the message already made, and makes no new one."""
        nonce = body.get("nonce")
        if not nonce or not body.get("enforce_nonce"):
            return None
        earlier = self.nonces.get((chan.id, str(nonce)))
        if earlier is None or self.w.now_ms() - earlier.created_ms > NONCE_WINDOW_MS:
            return None
        return earlier

    def can_send(self, chan: FakeChannel) -> None:
        """Send permission: threads need send_messages_in_threads; DMs need open DMs."""
        if chan.type == DM:
            if chan.recipient is None or not chan.recipient.accepts_dms:
                raise errors.cannot_dm()
            return
        self.need(chan, "send_messages_in_threads" if chan.is_thread else "send_messages")
        if chan.is_thread and chan.locked:
            raise errors.ApiError(400, 50083, "Thread is archived")

    def upload_limit(self, chan: FakeChannel) -> int:
        """The guild's per-file limit (DMs: the default)."""
        guild = self.w.guilds.get(chan.guild_id) if chan.guild_id else None
        return guild.upload_limit if guild else 10_485_760

    def get_message(self, q: Request, p: P) -> Reply:
        """GET one message (ephemeral ones do not exist for the channel route)."""
        chan = self.visible(p)
        self.need(chan, "read_message_history")
        msg = self.w.message(int(p["mid"]), chan.id)
        if msg.ephemeral:
            raise errors.unknown_message()
        return 200, payloads.message(msg)

    def own_message(self, p: P) -> tuple[FakeChannel, FakeMessage]:
        """The path's channel and a non-ephemeral message in it."""
        chan = self.visible(p)
        msg = self.w.message(int(p["mid"]), chan.id)
        if msg.ephemeral:
            raise errors.unknown_message()
        return chan, msg

    def edit(self, q: Request, p: P) -> Reply:
        """PATCH a message the bot wrote."""
        chan, msg = self.own_message(p)
        if msg.author is not self.w.bot:
            raise errors.not_author()
        self.w.edit_message(msg, q.body, q.files, upload_limit=self.upload_limit(chan))
        return 200, payloads.message(msg)

    def delete(self, q: Request, p: P) -> Reply:
        """DELETE a message (others' messages need manage_messages)."""
        chan, msg = self.own_message(p)
        if msg.author is not self.w.bot:
            self.need(chan, "manage_messages")
        self.w.delete_message(msg)
        return 204, None

    def react(self, q: Request, p: P) -> Reply:
        """Add the bot's reaction."""
        chan, msg = self.own_message(p)
        self.need(chan, "add_reactions")
        msg.reactions.append(p["emoji"])
        return 204, None

    def unreact(self, q: Request, p: P) -> Reply:
        """Remove the bot's reaction."""
        _, msg = self.own_message(p)
        if p["emoji"] in msg.reactions:
            msg.reactions.remove(p["emoji"])
        return 204, None

    # -- threads --------------------------------------------------------------------------

    def start_thread(self, q: Request, p: P) -> Reply:
        """POST /channels/{id}/threads: a thread without a starter message."""
        parent = self.visible(p)
        kind = int(q.body.get("type", PRIVATE_THREAD))
        thread = self.new_thread(parent, q.body, kind, self.w.ids.mint())
        return 201, payloads.thread(thread)

    def start_message_thread(self, q: Request, p: P) -> Reply:
        """POST /channels/{id}/messages/{mid}/threads: the thread takes the message's id."""
        parent = self.visible(p)
        msg = self.w.message(int(p["mid"]), parent.id)
        if msg.thread_id is not None:
            raise errors.ApiError(400, 160004, "A thread has already been created for this message")
        thread = self.new_thread(parent, q.body, PUBLIC_THREAD, msg.id)
        msg.thread_id, msg.flags = thread.id, msg.flags | HAS_THREAD
        return 201, payloads.thread(thread)

    def new_thread(
        self, parent: FakeChannel, body: dict[str, Any], kind: int, tid: int
    ) -> FakeChannel:
        """Validate and store a thread the bot owns and has joined."""
        if parent.type != TEXT:
            raise errors.ApiError(400, 50024, "Cannot execute action on this channel type")
        self.need(
            parent, "create_public_threads" if kind == PUBLIC_THREAD else "create_private_threads"
        )
        name = body.get("name") or ""
        if not 1 <= len(name) <= 100:
            raise errors.form_error([limits.bad_length("name", 1, 100)])
        thread = FakeChannel(tid, kind, name, parent.guild_id, self.w.now_ms(), parent_id=parent.id)
        thread.owner_id = self.w.bot.id
        thread.auto_archive_duration = int(body.get("auto_archive_duration") or 1440)
        thread.member_ids.add(self.w.bot.id)
        self.w.channels[thread.id] = thread
        self.w.guilds[parent.guild_id or 0].channel_ids.append(thread.id)
        event = {**payloads.thread(thread), "newly_created": True}
        self.w.emit(
            "THREAD_CREATE", {**event, "member": payloads.thread_member(thread, thread.owner_id)}
        )
        return thread

    def join_thread(self, q: Request, p: P) -> Reply:
        """Add a member (or the bot, ``@me``) to a thread."""
        thread = self.visible(p)
        uid = self.w.bot.id if p["uid"] == "@me" else int(p["uid"])
        if uid not in self.w.users:
            raise errors.unknown_user()
        thread.member_ids.add(uid)
        return 204, None

    def leave_thread(self, q: Request, p: P) -> Reply:
        """Remove a member from a thread."""
        thread = self.visible(p)
        thread.member_ids.discard(self.w.bot.id if p["uid"] == "@me" else int(p["uid"]))
        return 204, None

    # -- commands -------------------------------------------------------------------------

    def scope(self, p: P) -> int | None:
        """None for global commands, else the guild id (application id checked)."""
        if int(p["app"]) != self.w.app_id:
            raise errors.ApiError(403, 50001, "Missing Access")
        return int(p["gid"]) if "gid" in p else None

    def sync(self, q: Request, p: P) -> Reply:
        """Bulk overwrite: validate, store in ``synced_commands`` and echo with ids."""
        items = q.payload if isinstance(q.payload, list) else []
        problems = limits.check_commands(items)
        if problems:
            raise errors.form_error(problems)
        scope = self.scope(p)
        echoed = payloads.commands_echo(self.w.app_id, scope, items, self.w.ids.mint)
        self.w.synced_commands[scope] = echoed
        return 200, echoed

    def list_commands(self, q: Request, p: P) -> Reply:
        """The commands last synced to this scope."""
        return 200, self.w.synced_commands.get(self.scope(p), [])

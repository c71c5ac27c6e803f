"""The stored state of the fake Discord: entities, permissions and the message store."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord

from . import emojis, errors, limits
from .clock import Clock, Snowflakes, snowflake_ms
from .model import (
    COMPONENTS_V2,
    DEFAULT_UPLOAD_LIMIT,
    DM,
    EPHEMERAL,
    TEXT,
    FakeAttachment,
    FakeChannel,
    FakeEmoji,
    FakeGuild,
    FakeInteraction,
    FakeMember,
    FakeMessage,
    FakeRole,
    FakeUser,
    Overwrite,
    Upload,
)
from .payloads import content_type, json_copy

ALL = discord.Permissions.all().value
EVERYONE_DEFAULT = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    create_public_threads=True,
    create_private_threads=True,
    embed_links=True,
    attach_files=True,
    add_reactions=True,
    use_external_emojis=True,
    read_message_history=True,
    use_application_commands=True,
    change_nickname=True,
).value
KEPT_FLAGS = 4 | 4096 | COMPONENTS_V2
"""Flags a bot may set on a message: suppress embeds, suppress notifications, components v2."""


class Messages(dict[int, FakeMessage]):
    """Every stored message by id, indexed by channel too: a driver finding a channel's newest
    messages (a match's current one) reads that channel's, not every message ever posted."""

    def __init__(self) -> None:
        super().__init__()
        self._by_channel: dict[int, dict[int, FakeMessage]] = {}

    def __setitem__(self, message_id: int, message: FakeMessage) -> None:
        """Stored, and indexed under its channel (however it is stored: a test may too)."""
        super().__setitem__(message_id, message)
        self._by_channel.setdefault(message.channel_id, {})[message_id] = message

    def __delitem__(self, message_id: int) -> None:
        """Forgotten, in its channel's index too."""
        message = self[message_id]
        super().__delitem__(message_id)
        self._by_channel.get(message.channel_id, {}).pop(message_id, None)

    def in_channel(self, channel_id: int) -> list[FakeMessage]:
        """The channel's messages, deleted ones too, in the order they were stored."""
        return list(self._by_channel.get(channel_id, {}).values())


def perm_bits(**perms: bool) -> tuple[int, int]:
    """(allow, deny) bit masks from ``discord.Permissions`` flag names."""
    allow = discord.Permissions(**{k: True for k, v in perms.items() if v}).value
    deny = discord.Permissions(**{k: True for k, v in perms.items() if not v}).value
    return allow, deny


class World:
    """Everything the fake Discord knows, plus the rules that need that knowledge."""

    def __init__(self, clock: Clock) -> None:
        """An empty Discord with one bot application and its owner."""
        self.clock = clock
        self.ids = Snowflakes(clock)
        self.app_id = self.ids.mint()
        self.bot = FakeUser(self.app_id, "Tablero", bot=True)
        self.owner = FakeUser(self.ids.mint(), "Owner")
        self.users: dict[int, FakeUser] = {u.id: u for u in (self.bot, self.owner)}
        self.guilds: dict[int, FakeGuild] = {}
        self.channels: dict[int, FakeChannel] = {}
        self.messages = Messages()
        self.interactions: dict[str, FakeInteraction] = {}
        self.synced_commands: dict[int | None, list[dict[str, Any]]] = {}
        self.app_emojis: dict[int, FakeEmoji] = {}
        """The application's own emoji (fakediscord/emojis.py), oldest first."""
        self.violations: list[str] = []
        self.gateway_url = "wss://gateway.discord.gg"
        self.recommended_shards = 1
        self.listeners: list[Callable[[str, dict[str, Any]], None]] = []

    def emit(self, event: str, data: dict[str, Any]) -> None:
        """A gateway event Discord would send the bot (e.g. THREAD_CREATE)."""
        for listener in list(self.listeners):
            listener(event, data)

    def now_ms(self) -> int:
        """Current Unix ms on the fake's clock."""
        return self.ids.now_ms()

    # -- building -------------------------------------------------------------------------

    def add_user(self, name: str, *, accepts_dms: bool = True, bot: bool = False) -> FakeUser:
        """A user who is not (yet) in any guild."""
        u = FakeUser(self.ids.mint(), name, bot=bot, accepts_dms=accepts_dms)
        self.users[u.id] = u
        return u

    def add_guild(
        self,
        name: str,
        *,
        upload_limit: int = DEFAULT_UPLOAD_LIMIT,
        shard: tuple[int, int] | None = None,
        **bot_perms: bool,
    ) -> FakeGuild:
        """A guild with @everyone, the bot's managed role and the bot as a member (on
        ``shard=(index, count)``: its id is minted a few ms ahead until Discord's routing,
        ``(id >> 22) % count``, puts it there)."""
        guild_id = self.ids.mint()
        if shard is not None:
            index, count = shard
            while (guild_id >> 22) % count != index:
                guild_id = self.ids.mint(snowflake_ms(guild_id) + 1)
        g = FakeGuild(guild_id, name, self.owner.id, self.now_ms(), upload_limit)
        g.roles[g.id] = FakeRole(g.id, g.id, "@everyone", EVERYONE_DEFAULT)
        allow, deny = perm_bits(**bot_perms)
        bot_role = FakeRole(
            self.ids.mint(), g.id, self.bot.name, (EVERYONE_DEFAULT | allow) & ~deny
        )
        bot_role.position, bot_role.bot_id = 1, self.bot.id
        g.roles[bot_role.id] = bot_role
        self.guilds[g.id] = g
        self._join(g, self.owner, [])
        self._join(g, self.bot, [bot_role.id])
        return g

    def add_member(self, guild: FakeGuild, name: str | FakeUser, **perms: bool) -> FakeUser:
        """A member; permissions given here come from a role of their own."""
        u = name if isinstance(name, FakeUser) else self.add_user(name)
        roles = []
        if perms:
            allow, _ = perm_bits(**perms)
            r = FakeRole(self.ids.mint(), guild.id, f"{u.name} role", allow, position=1)
            guild.roles[r.id] = r
            roles.append(r.id)
        self._join(guild, u, roles)
        return u

    def add_guild_emoji(self, guild: FakeGuild, name: str, data: bytes = b"") -> FakeEmoji:
        """A custom emoji of ``guild`` (the bot may use it: it is a member)."""
        emoji = FakeEmoji(self.ids.mint(), name, data, "image/png", self.owner, guild.id)
        guild.emojis[emoji.id] = emoji
        return emoji

    def emoji(self, emoji_id: int) -> FakeEmoji | None:
        """A custom emoji the bot may use: its application's, or one of a guild it is in."""
        for owned in (self.app_emojis, *(g.emojis for g in self.guilds.values())):
            if emoji_id in owned:
                return owned[emoji_id]
        return None

    def knows(self, emoji_id: int) -> bool:
        """Whether the bot may put this custom emoji in a component."""
        return self.emoji(emoji_id) is not None

    def _join(self, guild: FakeGuild, u: FakeUser, roles: list[int]) -> None:
        """Record membership."""
        guild.members[u.id] = FakeMember(u, guild.id, roles, self.now_ms())

    def remove_bot(self, guild: FakeGuild) -> None:
        """The bot is no longer a member of ``guild`` (its managed role stays, as Discord keeps
        it until the bot is added again)."""
        guild.members.pop(self.bot.id, None)

    def add_bot_back(self, guild: FakeGuild) -> None:
        """The bot is a member of ``guild`` again, with its managed role."""
        if self.bot.id not in guild.members:
            roles = [r.id for r in guild.roles.values() if r.bot_id == self.bot.id]
            self._join(guild, self.bot, roles)

    def add_channel(self, guild: FakeGuild, name: str, **bot_perms: bool) -> FakeChannel:
        """A text channel; ``attach_files=False`` etc. become a member overwrite for the bot."""
        c = FakeChannel(self.ids.mint(), TEXT, name, guild.id, self.now_ms())
        if bot_perms:
            allow, deny = perm_bits(**bot_perms)
            c.overwrites.append(Overwrite(self.bot.id, 1, allow, deny))
        self.channels[c.id] = c
        guild.channel_ids.append(c.id)
        return c

    def dm_channel(self, u: FakeUser) -> FakeChannel:
        """The DM channel between the bot and ``u`` (created once)."""
        for c in self.channels.values():
            if c.type == DM and c.recipient is u:
                return c
        c = FakeChannel(self.ids.mint(), DM, "", None, self.now_ms(), recipient=u)
        self.channels[c.id] = c
        return c

    # -- permissions ----------------------------------------------------------------------

    def guild_permissions(self, guild: FakeGuild, user_id: int) -> int:
        """@everyone plus the member's roles; owners and administrators get everything; a bot
        that is no member (removed from the guild) nothing."""
        if user_id == guild.owner_id:
            return ALL
        m = guild.members.get(user_id)
        if m is None and user_id == self.bot.id:
            return 0
        value = guild.everyone.permissions
        for role_id in m.role_ids if m else []:
            value |= guild.roles[role_id].permissions
        return ALL if value & discord.Permissions(administrator=True).value else value

    def permissions(self, chan: FakeChannel, user_id: int) -> int:
        """Discord's overwrite algorithm; threads use their parent's permissions."""
        if chan.guild_id is None:
            return discord.Permissions.text().value | EVERYONE_DEFAULT
        base = self.channels[chan.parent_id] if chan.is_thread and chan.parent_id else chan
        guild = self.guilds[chan.guild_id]
        if user_id == self.bot.id and user_id not in guild.members:
            return 0  # removed from the guild: no channel of it is the bot's
        value = self.guild_permissions(guild, user_id)
        if value == ALL:
            return ALL
        roles = set(guild.members[user_id].role_ids) if user_id in guild.members else set()
        for layer in (
            [o for o in base.overwrites if o.type == 0 and o.target_id == guild.id],
            [o for o in base.overwrites if o.type == 0 and o.target_id in roles],
            [o for o in base.overwrites if o.type == 1 and o.target_id == user_id],
        ):
            deny = allow = 0
            for o in layer:
                deny, allow = deny | o.deny, allow | o.allow
            value = (value & ~deny) | allow
        return value

    def has(self, chan: FakeChannel, user_id: int, name: str) -> bool:
        """Whether ``user_id`` holds permission ``name`` in ``chan``."""
        return bool(self.permissions(chan, user_id) & discord.Permissions(**{name: True}).value)

    # -- lookups --------------------------------------------------------------------------

    def channel(self, channel_id: int) -> FakeChannel:
        """A channel, or Discord's 10003."""
        if channel_id not in self.channels:
            raise errors.unknown_channel()
        return self.channels[channel_id]

    def message(self, message_id: int, channel_id: int | None = None) -> FakeMessage:
        """A message that still exists (in ``channel_id`` if given), or Discord's 10008."""
        msg = self.messages.get(message_id)
        if msg is None or msg.deleted or (channel_id is not None and msg.channel_id != channel_id):
            raise errors.unknown_message()
        return msg

    # -- the message store ----------------------------------------------------------------

    def create_message(
        self,
        chan: FakeChannel,
        payload: dict[str, Any],
        files: list[Upload],
        *,
        upload_limit: int,
        extra_flags: int = 0,
        **meta: Any,
    ) -> FakeMessage:
        """Validate and store a new message sent by the bot."""
        flags = (int(payload.get("flags") or 0) & KEPT_FLAGS) | extra_flags
        self.check(chan, payload, flags, files, upload_limit=upload_limit)
        keys = ("content", "embeds", "components", "sticker_ids", "poll")
        if not files and not any(payload.get(k) for k in keys):
            raise errors.empty_message()
        msg = FakeMessage(self.ids.mint(), chan.id, chan.guild_id, self.bot, flags=flags, **meta)
        self._apply(msg, payload, files)
        self.messages[msg.id] = msg
        chan.last_message_id, chan.message_count = msg.id, chan.message_count + 1
        return msg

    def delete_message(self, msg: FakeMessage) -> None:
        """Delete a message; the bots in its guild get MESSAGE_DELETE."""
        msg.deleted = True
        data: dict[str, Any] = {"id": str(msg.id), "channel_id": str(msg.channel_id)}
        if msg.guild_id is not None:
            data["guild_id"] = str(msg.guild_id)
        self.emit("MESSAGE_DELETE", data)

    def edit_message(
        self, msg: FakeMessage, payload: dict[str, Any], files: list[Upload], *, upload_limit: int
    ) -> FakeMessage:
        """Validate and apply an edit; keeps ephemeral/loading bits, counts the edit."""
        flags = msg.flags
        if "flags" in payload and payload["flags"] is not None:
            flags = (msg.flags & ~KEPT_FLAGS) | (int(payload["flags"]) & KEPT_FLAGS)
            flags |= msg.flags & COMPONENTS_V2
        chan = self.channels[msg.channel_id]
        self.check(chan, payload, flags, files, upload_limit=upload_limit, existing=msg)
        before = (msg.content, msg.embeds, msg.components, msg.attachment_objects)
        self._apply(msg, payload, files)
        if not (msg.content or msg.embeds or msg.components or msg.attachment_objects):
            msg.content, msg.embeds, msg.components, msg.attachment_objects = before
            raise errors.empty_message()
        msg.flags = flags
        msg.edits += 1
        msg.edited_ms = self.now_ms()
        return msg

    def check(
        self,
        chan: FakeChannel,
        payload: dict[str, Any],
        flags: int,
        files: list[Upload],
        *,
        upload_limit: int,
        existing: FakeMessage | None = None,
    ) -> None:
        """Payload limits, file count and size, and the attach_files permission."""
        problems = limits.check_message(payload, flags)
        problems += emojis.unknown_component_emoji(payload.get("components") or [], self.knows)
        kept = _kept(existing, payload)
        if flags & COMPONENTS_V2 and "components" in payload:
            names = {f.filename for f in files} | {a.filename for a in kept}
            problems += limits.unresolved_media(payload.get("components") or [], names)
        if len(files) + len(kept) > limits.MAX_FILES:
            problems.append(limits.too_long("attachments", limits.MAX_FILES))
        if problems:
            raise errors.form_error(problems)
        for f in files:
            if len(f.data) > upload_limit:
                raise errors.too_large(f"{f.filename}: {len(f.data)} bytes > {upload_limit}")
        ephemeral = bool(flags & EPHEMERAL)
        if (
            files
            and not ephemeral
            and chan.guild_id
            and not self.has(chan, self.bot.id, "attach_files")
        ):
            raise errors.missing_permissions(f"attach_files in #{chan.name}")

    def _apply(self, msg: FakeMessage, payload: dict[str, Any], files: list[Upload]) -> None:
        """Copy the fields present in ``payload`` onto the message."""
        if "content" in payload:
            msg.content = payload["content"] or ""
        if "embeds" in payload:
            msg.embeds = json_copy(payload["embeds"] or [])
        if payload.get("allowed_mentions") is not None:
            msg.allowed_mentions = json_copy(payload["allowed_mentions"])
        if "components" in payload:
            msg.components = _number(json_copy(payload["components"] or []))
        kept = _kept(msg, payload)
        described = {
            str(a.get("id")): a.get("description") for a in payload.get("attachments") or []
        }
        new = [self._attachment(f, msg.ephemeral, described.get(str(f.index))) for f in files]
        msg.attachment_objects = kept + new

    def _attachment(self, f: Upload, ephemeral: bool, description: str | None) -> FakeAttachment:
        """Store one uploaded file."""
        return FakeAttachment(
            self.ids.mint(), f.filename, f.data, content_type(f.filename), ephemeral, description
        )


def _kept(existing: FakeMessage | None, payload: dict[str, Any]) -> list[FakeAttachment]:
    """The attachments an edit keeps: all of them unless it lists the ones to keep."""
    if existing is None:
        return []
    if "attachments" not in payload:
        return list(existing.attachment_objects)
    wanted = {str(a.get("id")) for a in payload["attachments"] or []}
    return [a for a in existing.attachment_objects if str(a.id) in wanted]


def _number(components: list[dict[str, Any]], start: int = 1) -> list[dict[str, Any]]:
    """Discord gives every component a numeric ``id`` when the sender did not, and answers
    with snowflakes as strings (an emoji id sent as a number comes back as a string)."""
    counter = [start]

    def visit(items: list[dict[str, Any]]) -> None:
        for comp in items:
            comp.setdefault("id", counter[0])
            counter[0] += 1
            for holder in [comp, *(comp.get("options") or [])]:
                emoji = holder.get("emoji")
                if isinstance(emoji, dict) and emoji.get("id") is not None:
                    emoji["id"] = str(emoji["id"])
            visit(comp.get("components") or [])
            if isinstance(comp.get("accessory"), dict):
                visit([comp["accessory"]])

    visit(components)
    return components

"""JSON payloads shaped like Discord's, so discord.py builds its real objects from them."""

from __future__ import annotations

import copy
import mimetypes
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .clock import iso, snowflake_ms
from .model import (
    DM,
    FakeAttachment,
    FakeChannel,
    FakeEmoji,
    FakeGuild,
    FakeMember,
    FakeMessage,
    FakeRole,
    FakeUser,
)

if TYPE_CHECKING:
    from .world import World

CDN = "https://cdn.discordapp.com"
JSON_SCALARS = (str, int, float, bool, type(None))


def json_copy(value: Any) -> Any:
    """A deep copy of JSON-shaped data (dicts, lists, scalars), several times faster than
    `copy.deepcopy` on a message's components (no memo: JSON has no shared references);
    anything else is deep-copied."""
    if isinstance(value, dict):
        return {key: json_copy(item) for key, item in value.items()}
    if isinstance(value, list):
        return [json_copy(item) for item in value]
    if isinstance(value, JSON_SCALARS):
        return value
    return copy.deepcopy(value)


def user(u: FakeUser) -> dict[str, Any]:
    """A user object."""
    return {
        "id": str(u.id),
        "username": u.name.lower().replace(" ", "_"),
        "discriminator": "0",
        "global_name": None if u.bot else u.name,
        "avatar": None,
        "avatar_decoration_data": None,
        "banner": None,
        "accent_color": None,
        "bot": u.bot,
        "system": False,
        "public_flags": 0,
        "flags": 0,
    }


def role(r: FakeRole) -> dict[str, Any]:
    """A role object (a bot's managed role carries ``tags.bot_id``)."""
    payload: dict[str, Any] = {
        "id": str(r.id),
        "name": r.name,
        "color": 0,
        "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
        "hoist": False,
        "icon": None,
        "unicode_emoji": None,
        "position": r.position,
        "permissions": str(r.permissions),
        "managed": r.bot_id is not None,
        "mentionable": False,
        "flags": 0,
    }
    if r.bot_id is not None:
        payload["tags"] = {"bot_id": str(r.bot_id)}
    return payload


def emoji(e: FakeEmoji) -> dict[str, Any]:
    """A custom emoji object (an application's or a guild's)."""
    return {
        "id": str(e.id),
        "name": e.name,
        "roles": [],
        "user": user(e.user),
        "require_colons": True,
        "managed": False,
        "animated": e.content_type == "image/gif",
        "available": True,
    }


def member(
    m: FakeMember, *, with_user: bool = True, permissions: int | None = None
) -> dict[str, Any]:
    """A guild member; interactions add ``permissions`` (the member's, in the channel)."""
    payload: dict[str, Any] = {
        "nick": None,
        "avatar": None,
        "banner": None,
        "roles": [str(r) for r in m.role_ids if r != m.guild_id],
        "joined_at": iso(m.joined_ms),
        "premium_since": None,
        "deaf": False,
        "mute": False,
        "flags": 0,
        "pending": False,
        "communication_disabled_until": None,
    }
    if with_user:
        payload["user"] = user(m.user)
    if permissions is not None:
        payload["permissions"] = str(permissions)
    return payload


def channel(c: FakeChannel, *, permissions: int | None = None) -> dict[str, Any]:
    """A text channel, thread or DM channel object."""
    if c.type == DM:
        assert c.recipient is not None
        payload: dict[str, Any] = {
            "id": str(c.id),
            "type": DM,
            "last_message_id": _opt(c.last_message_id),
            "recipients": [user(c.recipient)],
            "flags": 0,
        }
    elif c.is_thread:
        payload = thread(c)
    else:
        payload = _text_channel(c)
    if permissions is not None:
        payload["permissions"] = str(permissions)
    return payload


def _text_channel(c: FakeChannel) -> dict[str, Any]:
    """A guild text channel with its permission overwrites."""
    return {
        "id": str(c.id),
        "type": c.type,
        "guild_id": str(c.guild_id),
        "name": c.name,
        "position": 0,
        "permission_overwrites": [
            {"id": str(o.target_id), "type": o.type, "allow": str(o.allow), "deny": str(o.deny)}
            for o in c.overwrites
        ],
        "nsfw": False,
        "topic": None,
        "last_message_id": _opt(c.last_message_id),
        "rate_limit_per_user": 0,
        "parent_id": None,
        "default_auto_archive_duration": 1440,
        "flags": 0,
    }


def thread(c: FakeChannel) -> dict[str, Any]:
    """A thread channel (type 11 public, 12 private)."""
    created = iso(c.created_ms)
    return {
        "id": str(c.id),
        "type": c.type,
        "guild_id": str(c.guild_id),
        "parent_id": str(c.parent_id),
        "owner_id": str(c.owner_id),
        "name": c.name,
        "last_message_id": _opt(c.last_message_id),
        "message_count": c.message_count,
        "total_message_sent": c.message_count,
        "member_count": len(c.member_ids),
        "rate_limit_per_user": 0,
        "flags": 0,
        "thread_metadata": {
            "archived": c.archived,
            "auto_archive_duration": c.auto_archive_duration,
            "archive_timestamp": created,
            "locked": c.locked,
            "invitable": True,
            "create_timestamp": created,
        },
    }


def thread_member(c: FakeChannel, user_id: int) -> dict[str, Any]:
    """The bot's own membership, sent with threads it belongs to."""
    return {
        "id": str(c.id),
        "user_id": str(user_id),
        "join_timestamp": iso(c.created_ms),
        "flags": 0,
    }


def attachment(a: FakeAttachment, channel_id: int) -> dict[str, Any]:
    """An attachment object with CDN urls."""
    path = f"attachments/{channel_id}/{a.id}/{a.filename}"
    payload: dict[str, Any] = {
        "id": str(a.id),
        "filename": a.filename,
        "size": a.size,
        "url": f"{CDN}/{path}",
        "proxy_url": f"https://media.discordapp.net/{path}",
        "content_type": a.content_type,
    }
    if a.description is not None:
        payload["description"] = a.description
    if a.ephemeral:
        payload["ephemeral"] = True
    return payload


def content_type(filename: str) -> str:
    """What Discord guesses from the extension."""
    return mimetypes.guess_type(filename)[0] or "application/octet-stream"


def message(m: FakeMessage) -> dict[str, Any]:
    """A message object as REST and interaction callbacks return it."""
    payload: dict[str, Any] = {
        "id": str(m.id),
        "channel_id": str(m.channel_id),
        "author": user(m.author),
        "content": m.content,
        "timestamp": iso(m.created_ms),
        "edited_timestamp": None if m.edited_ms is None else iso(m.edited_ms),
        "tts": False,
        "mention_everyone": False,
        "mentions": [],
        "mention_roles": [],
        "mention_channels": [],
        "attachments": [attachment(a, m.channel_id) for a in m.attachment_objects],
        "embeds": m.embeds,
        "components": m.components,
        "reactions": [],
        "pinned": False,
        "type": m.type,
        "flags": m.flags,
    }
    _add_message_extras(m, payload)
    return payload


def _add_message_extras(m: FakeMessage, payload: dict[str, Any]) -> None:
    """Optional keys: webhook/application ids, interaction metadata, reply, thread."""
    if m.application_id is not None:
        payload["webhook_id"] = str(m.application_id)
        payload["application_id"] = str(m.application_id)
    if m.interaction_metadata is not None:
        payload["interaction_metadata"] = m.interaction_metadata
    if m.reference_id is not None:
        payload["message_reference"] = {
            "type": 0,
            "message_id": str(m.reference_id),
            "channel_id": str(m.channel_id),
            **({"guild_id": str(m.guild_id)} if m.guild_id else {}),
        }


def application(app_id: int, bot: FakeUser, owner: FakeUser) -> dict[str, Any]:
    """GET /oauth2/applications/@me."""
    return {
        "id": str(app_id),
        "name": bot.name,
        "icon": None,
        "description": "",
        "summary": "",
        "type": None,
        "bot_public": True,
        "bot_require_code_grant": False,
        "verify_key": "0" * 64,
        "flags": 0,
        "owner": user(owner),
        "team": None,
        "bot": user(bot),
        "redirect_uris": [],
        "interactions_endpoint_url": None,
        "tags": [],
        "install_params": {"scopes": ["bot", "applications.commands"], "permissions": "0"},
        "integration_types_config": {"0": {}},
    }


def guild_create(world: World, g: FakeGuild) -> dict[str, Any]:
    """A full GUILD_CREATE: roles, every member, channels and active threads."""
    chans = [world.channels[c] for c in g.channel_ids]
    threads = [c for c in chans if c.is_thread and not c.archived]
    payload = guild(g)
    payload.update(
        {
            "joined_at": iso(g.members[world.bot.id].joined_ms),
            "large": False,
            "unavailable": False,
            "member_count": len(g.members),
            "members": [member(m) for m in g.members.values()],
            "channels": [channel(c) for c in chans if not c.is_thread],
            "threads": [_thread_with_member(world, c) for c in threads],
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }
    )
    return payload


def _thread_with_member(world: World, c: FakeChannel) -> dict[str, Any]:
    """Threads the bot is in carry its thread member."""
    payload = thread(c)
    if world.bot.id in c.member_ids:
        payload["member"] = thread_member(c, world.bot.id)
    return payload


def guild(g: FakeGuild) -> dict[str, Any]:
    """The REST guild object (no members or channels)."""
    return {
        "id": str(g.id),
        "name": g.name,
        "icon": None,
        "splash": None,
        "discovery_splash": None,
        "banner": None,
        "owner_id": str(g.owner_id),
        "afk_channel_id": None,
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 1,
        "explicit_content_filter": 0,
        "roles": [role(r) for r in g.roles.values()],
        "emojis": [emoji(e) for e in g.emojis.values()],
        "stickers": [],
        "features": [],
        "mfa_level": 0,
        "application_id": None,
        "system_channel_id": _opt(g.system_channel_id),
        "system_channel_flags": 0,
        "rules_channel_id": None,
        "public_updates_channel_id": None,
        "safety_alerts_channel_id": None,
        "vanity_url_code": None,
        "description": None,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "preferred_locale": g.locale,
        "nsfw_level": 0,
        "premium_progress_bar_enabled": False,
        "max_members": 500000,
    }


def ready(
    world: World, guilds: list[FakeGuild], shard: tuple[int, int], url: str
) -> dict[str, Any]:
    """READY: the bot user, unavailable guild stubs and the application."""
    return {
        "v": 10,
        "user": {**user(world.bot), "verified": True, "mfa_enabled": False, "email": None},
        "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
        "session_id": f"fake-session-{world.ids.mint()}",
        "resume_gateway_url": url,
        "shard": list(shard),
        "application": {"id": str(world.app_id), "flags": 0},
        "private_channels": [],
        "relationships": [],
        "presences": [],
        "guild_join_requests": [],
        "geo_ordered_rtc_regions": [],
        "auth": {},
        "user_settings": {},
    }


def commands_echo(
    app_id: int, guild_id: int | None, items: list[dict[str, Any]], mint: Callable[[], int]
) -> list[dict[str, Any]]:
    """What Discord answers to a bulk command overwrite: the commands with ids and versions."""
    out = []
    for item in items:
        cmd = {
            "type": 1,
            "default_member_permissions": None,
            "dm_permission": True,
            "nsfw": False,
            "options": [],
            **item,
        }
        cmd.update({"id": str(mint()), "application_id": str(app_id), "version": str(mint())})
        if guild_id is not None:
            cmd["guild_id"] = str(guild_id)
        out.append(cmd)
    return out


def _opt(value: int | None) -> str | None:
    """Snowflakes travel as strings; absent ones as null."""
    return None if value is None else str(value)


def created_iso(snowflake: int) -> str:
    """ISO creation time of any snowflake."""
    return iso(snowflake_ms(snowflake))

"""Gateway payloads the fake sends: INTERACTION_CREATE built like Discord builds it."""

from __future__ import annotations

import secrets
import time
from typing import Any

import discord

from . import payloads
from .model import DEFAULT_UPLOAD_LIMIT, FakeChannel, FakeInteraction, FakeMessage, FakeUser
from .world import World

INTERACTION = "INTERACTION_CREATE"
"""The gateway event that carries an interaction."""


class InteractionFactory:
    """Mints interactions: id with the chosen timestamp, unique token, complete payload."""

    def __init__(self, world: World) -> None:
        """Work on ``world``."""
        self.w = world

    def create(
        self,
        kind: int,
        user: FakeUser,
        chan: FakeChannel,
        data: dict[str, Any],
        *,
        message: FakeMessage | None = None,
        at_ms: int | None = None,
        locale: str | None = None,
    ) -> FakeInteraction:
        """Store a new interaction and build its INTERACTION_CREATE payload (in the user's
        client's language unless `locale` says otherwise)."""
        self._check_can_use(user, chan)
        iid = self.w.ids.mint(at_ms)
        token = f"fake{iid}.{secrets.token_urlsafe(24)}"
        limit = self.upload_limit(chan)
        locale = locale or user.locale
        payload = self.base(chan, data, kind=kind, iid=iid, token=token, limit=limit, locale=locale)
        payload.update(self.who(user, chan))
        if message is not None:
            payload["message"] = payloads.message(message)
        rec = FakeInteraction(iid, token, kind, user, chan, self.w.app_id, limit, payload)
        rec.message_id = None if message is None else message.id
        rec.lag_ms = max(0, self.w.now_ms() - rec.created_ms)
        self.w.interactions[token] = rec
        return rec

    def held(self, event: str, data: dict[str, Any]) -> None:
        """An event held while the gateway was down reaches the bot only now: an interaction's
        3 seconds kept running meanwhile, on the clock and in real time (never reset)."""
        rec = self.w.interactions.get(str(data.get("token"))) if event == INTERACTION else None
        if rec is not None:
            rec.lag_ms = max(rec.age_ms(), self.w.now_ms() - rec.created_ms)
            rec.sent_at = time.monotonic()

    def _check_can_use(self, user: FakeUser, chan: FakeChannel) -> None:
        """A player can only interact where they can see the channel."""
        if chan.guild_id is None:
            return
        guild = self.w.guilds[chan.guild_id]
        if user.id not in guild.members:
            raise AssertionError(f"{user.name} is not a member of {guild.name}")
        if not self.w.has(chan, user.id, "view_channel"):
            raise AssertionError(f"{user.name} cannot see #{chan.name}")

    def upload_limit(self, chan: FakeChannel) -> int:
        """The guild's upload limit, which Discord reports as ``attachment_size_limit``."""
        guild = self.w.guilds.get(chan.guild_id or 0)
        return guild.upload_limit if guild else DEFAULT_UPLOAD_LIMIT

    def base(
        self,
        chan: FakeChannel,
        data: dict[str, Any],
        *,
        kind: int,
        iid: int,
        token: str,
        limit: int,
        locale: str,
    ) -> dict[str, Any]:
        """Fields every interaction carries."""
        guild_id = chan.guild_id
        return {
            "id": str(iid),
            "application_id": str(self.w.app_id),
            "type": kind,
            "token": token,
            "version": 1,
            "data": data,
            "channel_id": str(chan.id),
            "locale": locale,
            "entitlements": [],
            "entitlement_sku_ids": [],
            "authorizing_integration_owners": {"0": str(guild_id or 0)},
            "context": 0 if guild_id else 1,
            "attachment_size_limit": limit,
            "app_permissions": str(self.w.permissions(chan, self.w.bot.id)),
        }

    def who(self, user: FakeUser, chan: FakeChannel) -> dict[str, Any]:
        """Guild fields plus ``member`` in guilds; ``user`` in DMs."""
        perms = self.w.permissions(chan, user.id)
        channel = payloads.channel(chan, permissions=perms)
        if chan.guild_id is None:
            return {"user": payloads.user(user), "channel": channel}
        guild = self.w.guilds[chan.guild_id]
        return {
            "guild_id": str(guild.id),
            "guild": {"id": str(guild.id), "locale": guild.locale, "features": []},
            "guild_locale": guild.locale,
            "channel": channel,
            "member": payloads.member(guild.members[user.id], permissions=perms),
        }


def permission_value(names: str | None) -> int:
    """A command's ``default_member_permissions`` string as an int (0 if unset)."""
    return int(names) if names else 0


def has_all(held: int, needed: int) -> bool:
    """Whether ``held`` covers ``needed`` (administrators cover everything)."""
    admin = discord.Permissions(administrator=True).value
    return bool(held & admin) or held & needed == needed

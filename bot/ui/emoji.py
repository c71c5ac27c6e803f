"""The bot's own emoji on Discord (application emoji): uploaded at start-up when missing or
redrawn, then handed to whatever writes a button or a message.

    emoji = runtime.emoji                                    # an AppEmoji
    discord.ui.Button(label=..., emoji=emoji.emoji(EmojiKey.KEER_RED))
    discord.SelectOption(label=..., value=..., emoji=emoji.emoji(KEER_FACES["red"]))
    f"{emoji.text(KERO_RESOURCES['brick'])} 2 bricks"        # `<:kero_brick_1a2b3c4d:id>`

Each key's picture (render/emoji.py) is uploaded under a name carrying its content hash
(`kero_brick_1a2b3c4d`), so a redrawn picture is a new name: uploaded once, the older one of
the same key deleted. Only the process that leads (`Config.leads`: shard 0's, the one that
syncs the commands) uploads and deletes; the others only list. Whatever is missing — no
permission, Discord down, the bounded start-up time over — is shown as the key's Unicode emoji
(`render.emoji.FALLBACK`), said once in the log.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import re
from dataclasses import dataclass, field
from typing import Final

import aiohttp
import discord

from render.emoji import FALLBACK, KEER_FACES, KERO_RESOURCES, EmojiImage, EmojiKey, emoji_images

log = logging.getLogger(__name__)

START_BUDGET_S: Final = 10.0
"""The longest start-up waits for the emoji; after it, what is missing shows as Unicode."""
_FAILED: Final = (discord.DiscordException, aiohttp.ClientError, OSError)
"""What a call to Discord may fail with: its answer, or no answer at all."""
_OURS: Final = re.compile(r"^(?P<key>[a-z_]+)_[0-9a-f]{8}$")
"""The name of an emoji this bot uploaded: a key's stem and a content hash."""


@dataclass(slots=True)
class _Start:
    """What one start-up found, did and could not do."""

    listed: list[discord.Emoji] = field(default_factory=list)
    uploaded: list[str] = field(default_factory=list)
    deleted: list[str] = field(default_factory=list)
    trouble: str | None = None
    """The first failure (the rest are alike: no permission, Discord down)."""


class AppEmoji:
    """Each emoji key as the application emoji Discord shows, or its Unicode stand-in."""

    def __init__(
        self,
        client: discord.Client,
        *,
        uploads: bool,
        budget_s: float = START_BUDGET_S,
    ) -> None:
        self._client = client
        self._uploads = uploads
        """Whether this process uploads and deletes (else it only lists)."""
        self._budget_s = budget_s
        self._shown: dict[EmojiKey, discord.PartialEmoji] = {}

    def emoji(self, key: EmojiKey) -> discord.PartialEmoji | str:
        """For a button or a select option: the uploaded emoji, else the Unicode one."""
        shown = self._shown.get(key)
        return FALLBACK[key] if shown is None else shown

    def text(self, key: EmojiKey) -> str:
        """For a message's text: `<:name:id>`, else the Unicode emoji."""
        shown = self._shown.get(key)
        return FALLBACK[key] if shown is None else str(shown)

    async def start(self) -> None:
        """List the application's emoji; upload the missing and delete the outdated (if this
        process uploads), for at most the start-up budget; say once what is shown as Unicode."""
        wanted = {image.key: image for image in emoji_images()}
        done = _Start()
        try:
            async with asyncio.timeout(self._budget_s):
                await self._sync(wanted, done)
        except TimeoutError:
            done.trouble = done.trouble or f"not done within {self._budget_s:g} s"
        _report(done, len(wanted) - len(self._shown), len(wanted))

    async def _sync(self, wanted: dict[EmojiKey, EmojiImage], done: _Start) -> None:
        try:
            done.listed = await self._client.fetch_application_emojis()
        except _FAILED as error:
            done.trouble = f"listing them failed: {_said(error)}"
            return
        by_name = {emoji.name: emoji for emoji in done.listed}
        for key, image in wanted.items():
            found = by_name.get(image.name)
            if found is None and self._uploads and done.trouble is None:
                found = await self._upload(image, done)
            if found is not None:
                self._shown[key] = discord.PartialEmoji(name=found.name, id=found.id)
        if self._uploads and done.trouble is None:
            await self._prune(wanted, done)

    async def _upload(self, image: EmojiImage, done: _Start) -> discord.Emoji | None:
        try:
            made = await self._client.create_application_emoji(name=image.name, image=image.png)
        except _FAILED as error:
            done.trouble = f"uploading {image.name} failed: {_said(error)}"
            return None
        done.uploaded.append(made.name)
        return made

    async def _prune(self, wanted: dict[EmojiKey, EmojiImage], done: _Start) -> None:
        """Delete this bot's emoji of an older drawing of a key it still draws."""
        current = {image.name for image in wanted.values()}
        stems = {key.value for key in wanted}
        for emoji in done.listed:
            ours = _OURS.match(emoji.name)
            if ours is None or ours["key"] not in stems or emoji.name in current:
                continue
            try:
                await emoji.delete()
            except _FAILED as error:
                done.trouble = f"deleting {emoji.name} failed: {_said(error)}"
                return
            done.deleted.append(emoji.name)


def _said(error: BaseException) -> str:
    if isinstance(error, discord.HTTPException):
        return f"{error.status} {error.text or type(error).__name__}"
    return f"{type(error).__name__}: {error}"


def _report(done: _Start, missing: int, total: int) -> None:
    """One line: what changed, and — once, not per key or message — what shows as Unicode."""
    if done.uploaded or done.deleted:
        log.info(
            "application emoji: uploaded %d, deleted %d outdated",
            len(done.uploaded),
            len(done.deleted),
        )
    if missing:
        why = done.trouble or "not uploaded yet (the process of shard 0 uploads them)"
        log.warning("application emoji: %d of %d shown as Unicode emoji: %s", missing, total, why)
    elif done.trouble:
        log.warning("application emoji: %s", done.trouble)


__all__ = ["KEER_FACES", "KERO_RESOURCES", "START_BUDGET_S", "AppEmoji", "EmojiKey"]


def dress(view: discord.ui.LayoutView, game: str, emoji: AppEmoji | None) -> None:
    """Show a match card's Unicode emoji of the game's keys as the application emoji: in its
    texts, on its buttons and in its select options (the games write Unicode; a card left
    undressed reads the same)."""
    keys = _game_keys(game)
    if emoji is None or not keys:
        return
    order = sorted(keys, key=len, reverse=True)  # "⚙️" before a bare "⚙"
    for item in view.walk_children():
        inner = getattr(item, "item", item)  # a DynamicItem's button or select
        if isinstance(inner, discord.ui.TextDisplay):
            inner.content = _texts(inner.content, order, keys, emoji)
        elif isinstance(inner, discord.ui.Button):
            key = keys.get(str(inner.emoji)) if inner.emoji is not None else None
            if key is not None:
                inner.emoji = emoji.emoji(key)
        elif isinstance(inner, discord.ui.Select):
            for option in inner.options:
                key = keys.get(str(option.emoji)) if option.emoji is not None else None
                if key is not None:
                    option.emoji = emoji.emoji(key)


@functools.cache
def _game_keys(game: str) -> dict[str, EmojiKey]:
    """A game's keys by the Unicode emoji its texts and buttons write."""
    stem = "keer_" if game == "keer-kids" else f"{game}_"
    return {FALLBACK[k]: k for k in EmojiKey if k.value.startswith(stem)}


def _texts(text: str, order: list[str], keys: dict[str, EmojiKey], emoji: AppEmoji) -> str:
    for unicode in order:
        if unicode in text:
            text = text.replace(unicode, emoji.text(keys[unicode]))
    return text

"""The bot's own emoji on Discord (application emoji): uploaded at start-up when missing or
redrawn, then handed to whatever writes a button or a message.

    emoji = runtime.emoji                                    # an AppEmoji
    discord.ui.Button(label=..., emoji=emoji.emoji(EmojiKey.KEER_RED))
    discord.SelectOption(label=..., value=..., emoji=emoji.emoji(KEER_FACES["red"]))
    f"{emoji.text(KERO_RESOURCES['brick'])} 2 bricks"        # `<:kero_brick_1a2b3c4d:id>`

Each key's picture (render/emoji.py) is uploaded under a name carrying its content hash
(`kero_brick_1a2b3c4d`), so a redrawn picture is a new name, uploaded once. Only the process that
leads (`Config.leads`: shard 0's, the one that syncs the commands) uploads and deletes; the
others only list. An older drawing of a key is deleted only once the key's current drawing has
existed for `DELETE_GRACE_MS`: during a rolling deploy the previous release's processes still
post it, and an open match's card shows it until its next edit. At most `KEPT_OUTDATED` older
drawings of a key wait out the grace, so the application's emoji stay far below Discord's 2,000.

Whatever start-up could not show — no permission, Discord down, the bounded start-up time over,
the leader not done uploading yet — is shown as the key's Unicode emoji (`render.emoji.FALLBACK`),
said once in the log. The process then looks again in the background (lists, and uploads if it
leads), `RETRY_FIRST_S` after start-up and twice as long each time up to `RETRY_MAX_S`, until
every key is shown, said once more; messages built from then on show them (those already sent
keep their Unicode). Shutdown stops the looking (`stop`).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Final

import aiohttp
import discord

from bot.core.clock_sync import Sleep, snowflake_ms
from bot.core.settings import ABANDON_DAYS_MOST
from bot.core.tasks import cancelled
from render.emoji import (
    FALLBACK,
    KEER_FACES,
    KERO_DICE,
    KERO_RESOURCES,
    EmojiImage,
    EmojiKey,
    emoji_images,
)

log = logging.getLogger(__name__)

START_BUDGET_S: Final = 10.0
"""The longest start-up waits for the emoji; after it, what is missing shows as Unicode."""
RETRY_FIRST_S: Final = 30.0
"""How long after start-up the process looks again for the emoji it could not show: a leader
in the same rolling deploy has usually uploaded them by then."""
RETRY_MAX_S: Final = 600.0
"""The longest wait between two looks (the wait doubles from `RETRY_FIRST_S`): a leader without
permission asks twice every 10 minutes, nothing next to Discord's 10,000 refusals a bot may
earn in that time."""
DELETE_GRACE_MS: Final = (ABANDON_DAYS_MOST + 2) * 86_400_000
"""How long a key's current drawing must have existed before its older drawings are deleted
(62 days). A message keeps the emoji it was built with: during a rolling deploy the previous
release's processes post the older drawing for a while still, and an open match's card shows it
until the match's next step edits the card. An async turn clock runs out within 7 days, but a
Kero match whose clock ran out then waits for the other members to skip or expel: only the
abandon time bounds how long a card goes unedited, 60 days at most (`ABANDON_DAYS_MOST`), after
which the match is closed and its card edited. Two days more outlast a rolling deploy that took
its time. (Messages of matches that ended before the deletion keep a broken emoji.)"""
KEPT_OUTDATED: Final = 10
"""At most this many older drawings of one key wait out the grace; the oldest beyond them are
deleted at once (a warning: their messages break). A key redrawn once a week stays within it,
and the keys with their older drawings, one more uploaded before the pruning, stay below a
quarter of Discord's 2,000 emoji per application (tests/bot/test_app_emoji.py)."""
_FAILED: Final = (discord.DiscordException, aiohttp.ClientError, OSError)
"""What a call to Discord may fail with: its answer, or no answer at all."""
_OURS: Final = re.compile(r"^(?P<key>[a-z_]+)_[0-9a-f]{8}$")
"""The name of an emoji this bot uploaded: a key's stem and a content hash."""


@dataclass(slots=True)
class _Look:
    """What one look (at start-up, or a later one) found, did and could not do."""

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
        now_ms: Callable[[], int],
        sleep: Sleep = asyncio.sleep,
        budget_s: float = START_BUDGET_S,
    ) -> None:
        self._client = client
        self._uploads = uploads
        """Whether this process uploads and deletes (else it only lists)."""
        self._now_ms = now_ms
        """Discord's time as the bot knows it: a drawing's age is measured against it."""
        self._sleep = sleep
        self._budget_s = budget_s
        self._shown: dict[EmojiKey, discord.PartialEmoji] = {}
        self._generation = 0
        self._looking: asyncio.Task[None] | None = None

    def emoji(self, key: EmojiKey) -> discord.PartialEmoji | str:
        """For a button or a select option: the uploaded emoji, else the Unicode one."""
        shown = self._shown.get(key)
        return FALLBACK[key] if shown is None else shown

    def text(self, key: EmojiKey) -> str:
        """For a message's text: `<:name:id>`, else the Unicode emoji."""
        shown = self._shown.get(key)
        return FALLBACK[key] if shown is None else str(shown)

    @property
    def generation(self) -> int:
        """How many times what is shown changed: a card part dressed before is dressed anew
        after (bot/ui/card_memo.py)."""
        return self._generation

    @property
    def looking(self) -> asyncio.Task[None] | None:
        """The background search for what start-up could not show, while it runs."""
        return self._looking

    async def start(self) -> None:
        """List the application's emoji; upload the missing and delete the outdated (if this
        process uploads), for at most the start-up budget; say once what is shown as Unicode,
        and look for it again in the background."""
        done = await self._look()
        _report(done, self._missing(), len(EmojiKey))
        if self._missing() and self._looking is None:
            self._looking = asyncio.create_task(self._look_again(), name="tablero-emoji")

    async def stop(self) -> None:
        """Stop looking (shutdown); what is shown stays shown."""
        task, self._looking = self._looking, None
        await cancelled(task)

    def _missing(self) -> int:
        return len(EmojiKey) - len(self._shown)

    async def _look(self) -> _Look:
        """One look, for at most the start-up budget."""
        wanted = {image.key: image for image in emoji_images()}
        done = _Look()
        try:
            async with asyncio.timeout(self._budget_s):
                await self._sync(wanted, done)
        except TimeoutError:
            done.trouble = done.trouble or f"not done within {self._budget_s:g} s"
        return done

    async def _look_again(self) -> None:
        """Look again, waiting longer each time, until every key is shown; say so once."""
        wait, looks, uploaded = RETRY_FIRST_S, 0, 0
        while self._missing():
            await self._sleep(wait)
            try:
                done = await self._look()
            except Exception:  # not Discord's answer: a bug, said; the next look may do better
                log.exception("application emoji: looking again failed")
                done = _Look(trouble="failed")
            looks, uploaded = looks + 1, uploaded + len(done.uploaded)
            if done.trouble:
                log.debug("application emoji: still %d missing: %s", self._missing(), done.trouble)
            wait = min(2 * wait, RETRY_MAX_S)
        log.info(
            "application emoji: all %d shown now, %d looks after start-up (uploaded %d)",
            len(EmojiKey),
            looks,
            uploaded,
        )
        self._looking = None

    async def _sync(self, wanted: dict[EmojiKey, EmojiImage], done: _Look) -> None:
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
            shown = None if found is None else discord.PartialEmoji(name=found.name, id=found.id)
            if shown is not None and self._shown.get(key) != shown:
                self._shown[key] = shown
                self._generation += 1
        if self._uploads and done.trouble is None:
            await self._prune(wanted, done)

    async def _upload(self, image: EmojiImage, done: _Look) -> discord.Emoji | None:
        try:
            made = await self._client.create_application_emoji(name=image.name, image=image.png)
        except _FAILED as error:
            done.trouble = f"uploading {image.name} failed: {_said(error)}"
            return None
        done.uploaded.append(made.name)
        done.listed.append(made)
        return made

    async def _prune(self, wanted: dict[EmojiKey, EmojiImage], done: _Look) -> None:
        """Delete this bot's older drawings of the keys it still draws that may go."""
        current = {key.value: image.name for key, image in wanted.items()}
        doomed = _outdated(done.listed, current, self._now_ms())
        early = [emoji.name for emoji, before_grace in doomed if before_grace]
        if early:
            log.warning(
                "application emoji: more than %d older drawings of a key: deleting %s before "
                "their grace (the messages showing them break)",
                KEPT_OUTDATED,
                ", ".join(early),
            )
        for emoji, _ in doomed:
            try:
                await emoji.delete()
            except _FAILED as error:
                done.trouble = f"deleting {emoji.name} failed: {_said(error)}"
                return
            done.deleted.append(emoji.name)


def _outdated(
    listed: Sequence[discord.Emoji], current: dict[str, str], now_ms: int
) -> list[tuple[discord.Emoji, bool]]:
    """Which of this bot's older drawings go now, oldest first, each with whether it goes before
    its grace. Per key (`current`: stem → its current drawing's name): once the current drawing
    has existed for `DELETE_GRACE_MS`, every drawing older than it (one newer than it, of a
    release rolled back, waits for a newer current one still); beyond the `KEPT_OUTDATED` newest
    older drawings, the rest at once."""
    by_name = {emoji.name: emoji for emoji in listed}
    doomed: list[tuple[discord.Emoji, bool]] = []
    for stem, name in current.items():
        shown = by_name.get(name)
        if shown is None:  # not uploaded: the older drawings are what the others show
            continue
        settled = now_ms - snowflake_ms(shown.id) >= DELETE_GRACE_MS
        others = sorted(
            (e for e in listed if e.name != name and _stem(e.name) == stem),
            key=lambda emoji: emoji.id,
            reverse=True,
        )
        for newest, emoji in enumerate(others):
            if settled and emoji.id < shown.id:
                doomed.append((emoji, False))
            elif newest >= KEPT_OUTDATED:
                doomed.append((emoji, True))
    return sorted(doomed, key=lambda one: one[0].id)  # the oldest first


def _stem(name: str) -> str | None:
    """The key stem of an emoji this bot uploaded, None for any other."""
    ours = _OURS.match(name)
    return None if ours is None else ours["key"]


def _said(error: BaseException) -> str:
    if isinstance(error, discord.HTTPException):
        return f"{error.status} {error.text or type(error).__name__}"
    return f"{type(error).__name__}: {error}"


def _report(done: _Look, missing: int, total: int) -> None:
    """At start-up, one line: what changed, and — once, not per key or message — what shows as
    Unicode (until a later look finds it)."""
    if done.uploaded or done.deleted:
        log.info(
            "application emoji: uploaded %d, deleted %d outdated",
            len(done.uploaded),
            len(done.deleted),
        )
    if missing:
        why = done.trouble or "not uploaded yet (the process of shard 0 uploads them)"
        log.warning(
            "application emoji: %d of %d shown as Unicode emoji: %s; looking again from time "
            "to time",
            missing,
            total,
            why,
        )
    elif done.trouble:
        log.warning("application emoji: %s", done.trouble)


__all__ = [
    "DELETE_GRACE_MS",
    "KEER_FACES",
    "KEPT_OUTDATED",
    "KERO_DICE",
    "KERO_RESOURCES",
    "RETRY_FIRST_S",
    "RETRY_MAX_S",
    "START_BUDGET_S",
    "AppEmoji",
    "EmojiKey",
]


def dress(view: discord.ui.LayoutView, game: str, emoji: AppEmoji | None) -> None:
    """Show a match card's Unicode emoji of the game's keys as the application emoji: in its
    texts, on its buttons and in its select options (the games write Unicode; a card left
    undressed reads the same)."""
    keys = _game_keys(game)
    if emoji is None or not keys:
        return
    for item in view.walk_children():
        inner = getattr(item, "item", item)  # a DynamicItem's button or select
        if isinstance(inner, discord.ui.TextDisplay):
            inner.content = dress_text(inner.content, game, emoji)
        elif isinstance(inner, discord.ui.Button):
            key = keys.get(str(inner.emoji)) if inner.emoji is not None else None
            if key is not None:
                inner.emoji = emoji.emoji(key)
        elif isinstance(inner, discord.ui.Select):
            for option in inner.options:
                key = keys.get(str(option.emoji)) if option.emoji is not None else None
                if key is not None:
                    option.emoji = emoji.emoji(key)


def dress_text(text: str, game: str, emoji: AppEmoji | None) -> str:
    """A text of the game with its Unicode emoji of the game's keys shown as the application
    emoji (what only a member sees too: their Tuareks, a camp, a pick)."""
    keys = _game_keys(game)
    if emoji is None or not keys:
        return text
    for unicode in _longest_first(game):  # "⚙️" before a bare "⚙"
        if unicode in text:
            text = text.replace(unicode, emoji.text(keys[unicode]))
    return text


@functools.cache
def _longest_first(game: str) -> tuple[str, ...]:
    return tuple(sorted(_game_keys(game), key=len, reverse=True))


@functools.cache
def _game_keys(game: str) -> dict[str, EmojiKey]:
    """A game's keys by the Unicode emoji its texts and buttons write."""
    stem = "keer_" if game == "keer-kids" else f"{game}_"
    return {FALLBACK[k]: k for k in EmojiKey if k.value.startswith(stem)}

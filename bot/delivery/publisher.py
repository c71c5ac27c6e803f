"""The slow half of a step: images rendered off the event loop, then posted or edited.

Runs after the interaction was answered, one match at a time (a lock per match keeps its
messages in order), and falls back to a text board where the bot may not attach files.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import OrderedDict
from collections.abc import Callable, Coroutine, Sequence
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any, Protocol, TypeVar

import discord

from bot.core.live import LiveMatch
from bot.core.service import MatchService
from bot.delivery.layouts import MatchLayouts, Shown
from bot.delivery.messenger import Image, Messenger
from render import images_for
from render.stamp import Stamp, stamp
from storage import Store

log = logging.getLogger(__name__)

T = TypeVar("T")

MISSING_PERMISSIONS = 50013
"""Discord's error code when the bot lacks a permission (here: Attach Files)."""
BAD_REQUEST = 400
"""Discord's status for a body it refuses (a kept image it could not find: sent again)."""
RENDER_THREADS = 2
FLUSH_GRACE_S = 4.0
"""On shutdown, how long queued posts may take to finish before they are cut short."""
IMAGES_KEPT = 32
"""Rendered versions kept for reuse (an edit that keeps the version, a post right after its
summary's edit) — a few, not one per open match: a table image is 50–150 KB."""

Build = Callable[[Sequence[Image]], Shown]
"""A match card built around the images it is given (none: its text board)."""


class RenderTimer(Protocol):
    """Times a render under a label (the bot's metrics)."""

    def __call__(self, image: str, work: Callable[[], T]) -> Callable[[], T]: ...


def _untimed(image: str, work: Callable[[], T]) -> Callable[[], T]:
    return work


class Publisher:
    """Rendering and posting for every match of the bot, and the background work it runs."""

    def __init__(
        self,
        messenger: Messenger,
        layouts: MatchLayouts,
        store: Store,
        service: MatchService,
        *,
        timed: RenderTimer = _untimed,
    ) -> None:
        self._messenger = messenger
        self._layouts = layouts
        self._store = store
        self._service = service
        self._timed = timed
        self.can_attach: dict[str, bool] = {}
        self.errors: list[BaseException] = []
        """Failures of background work (logged; tests assert there are none)."""
        self._executor = ThreadPoolExecutor(RENDER_THREADS, thread_name_prefix="tablero-render")
        self._tasks: set[asyncio.Task[None]] = set()
        self._locks: dict[int, asyncio.Lock] = {}
        self._images: OrderedDict[tuple[int, int], list[Image]] = OrderedDict()
        self._pictured: dict[int, tuple[str, int, Image]] = {}
        """Each match's message, the picture version it was last sent with, and that image as
        a card names it (its bytes dropped: kept by Discord, not sent again)."""

    def note_permissions(self, interaction: discord.Interaction[Any]) -> None:
        """Remember whether the bot may attach files where this interaction happened."""
        if interaction.channel_id is not None:
            allowed = interaction.app_permissions.attach_files
            self.can_attach[str(interaction.channel_id)] = allowed

    async def render(
        self, function: Callable[..., bytes], *args: Any, image: str | None = None, **kwargs: Any
    ) -> bytes:
        """Run a Pillow render in the render threads (Pillow releases the GIL while encoding),
        timed for the metrics under `image` (default: the function's name without `_png`)."""
        loop = asyncio.get_running_loop()
        label = image or getattr(function, "__name__", "image").removesuffix("_png")
        work = self._timed(label, partial(function, *args, **kwargs))
        return await loop.run_in_executor(self._executor, work)

    def spawn(self, work: Coroutine[Any, Any, None], name: str) -> None:
        """Run work after the answer; failures are logged, never lost."""
        self.keep(asyncio.create_task(work, name=f"tablero-work-{name}"))

    def keep(self, task: asyncio.Task[None]) -> None:
        """Track background work: finished before shutdown, its failure logged."""
        self._tasks.add(task)
        task.add_done_callback(self._done)

    def failed(self, error: BaseException) -> None:
        """Note a failure of background work done elsewhere (the outbox's)."""
        self.errors.append(error)

    async def post_first(self, live: LiveMatch) -> None:
        """Post a new match's first message (its nonce makes a repeated post harmless)."""
        async with self.lock(live):
            await self.post_step(live, nonce=post_nonce(live.id, live.state.version))

    async def post_step(self, live: LiveMatch, *, nonce: str | None = None) -> None:
        """Post the match's current message (table image, who acts, buttons) or its results,
        and remember it as the one showing the match at this version."""
        version, over = live.state.version, live.state.is_terminal()
        layouts = self._layouts
        if over:
            build = partial(layouts.results, live)
            message_id = await self.post(live, build, nonce, with_results=True)
        else:
            first = live.message_id is None and await self._newcomers(live)
            message_id = await self.post(
                live, partial(layouts.step, live, how_to_play=first), nonce
            )
        await self._service.set_message(live, message_id, settled=version)
        if over:
            self.forget(live)

    async def images(self, live: LiveMatch) -> list[Image]:
        """The image of the match at its picture version (`GameRules.picture_version`), stamped
        with it; none where the bot may not attach files."""
        if not self.can_attach.get(live.channel_id, True):
            return []
        version = live.rules.picture_version(live.state)
        key = (live.id, version)
        kept = self._images.get(key)
        if kept is not None:
            self._images.move_to_end(key)
            return kept
        pictured = live.at(version)
        drawn = images_for(live.spec.name)
        mark, alt, game = Stamp(live.id, version), self._layouts.alt(pictured), live.spec.name
        draw = (pictured.state, live.names, live.words)
        board = await self.render(drawn.board, *draw, image=f"{game}/board")
        made = [Image(stamp(board, mark), "table.png", alt)]
        self._images[key] = made
        while len(self._images) > IMAGES_KEPT:
            self._images.popitem(last=False)
        return made

    async def _results_card(self, live: LiveMatch) -> list[Image]:
        """A finished match's results card, shown beside its final board."""
        state, game = live.state, live.spec.name
        drawn = images_for(game).results
        png = await self.render(drawn, state, live.names, live.words, image=f"{game}/results")
        alt = self._layouts.alt(live)
        return [Image(stamp(png, Stamp(live.id, state.version)), "results.png", alt)]

    async def _newcomers(self, live: LiveMatch) -> bool:
        """Whether a member of the match has never played its game here before: their first
        match's first message then offers "How to play"."""
        guild = live.guild_id
        for player in live.humans():
            if not await self._store.player_results(player.id, guild, live.spec.name, None):
                return True
        return False

    async def repost(self, live: LiveMatch) -> None:
        """Take the buttons off the match's current message (a deleted one needs no edit), so
        the message posted again next is the only one to click."""
        async with self.lock(live):
            if live.message_id is not None:
                with contextlib.suppress(discord.NotFound):
                    await self.show(live, lambda images: self._layouts.frozen(live, images))

    async def post(
        self,
        live: LiveMatch,
        build: Build,
        nonce: str | None = None,
        *,
        with_results: bool = False,
    ) -> str:
        """Post a match's card with its image (and its results card), or with its text board
        where files are not allowed; the message's id."""
        channel_id = live.channel_id
        images = await self.images(live)
        if images:
            images = images + (await self._results_card(live) if with_results else [])
            try:
                view = build(images).view
                posted = await self._messenger.post(channel_id, view, images, nonce=nonce)
                version = live.rules.picture_version(live.state)
                self._pictured[live.id] = (posted, version, _unsent(images[0]))
                return posted
            except discord.Forbidden as error:
                if error.code != MISSING_PERMISSIONS:
                    raise
                self.can_attach[channel_id] = False
        return await self._messenger.post(channel_id, build(()).view, (), nonce=nonce)

    async def show(self, live: LiveMatch, build: Build) -> None:
        """Edit the match's current message to the card `build` makes, with the image of the
        match's current picture (or its text board where files are not allowed). An image
        the message already carries is kept, not sent again (a Keer pick changes only the
        waiting list); should Discord refuse the kept one, it is sent again."""
        message_id = live.message_id
        if message_id is None:
            return
        shown = (message_id, live.rules.picture_version(live.state))
        pictured = self._pictured.get(live.id)
        kept = pictured is not None and pictured[:2] == shown
        kept = kept and self.can_attach.get(live.channel_id, True)
        images = [pictured[2]] if kept and pictured else await self.images(live)
        if images:
            view, replace = build(images).view, self._messenger.replace
            try:
                try:
                    await replace(live.channel_id, message_id, view, None if kept else images)
                except discord.HTTPException as error:
                    if not kept or error.status != BAD_REQUEST:
                        raise
                    images = await self.images(live)
                    await replace(live.channel_id, message_id, build(images).view, images)
                self._pictured[live.id] = (*shown, _unsent(images[0]))
                return
            except discord.Forbidden as error:
                if error.code != MISSING_PERMISSIONS:
                    raise
                self.can_attach[live.channel_id] = False
        self._pictured.pop(live.id, None)
        await self._messenger.replace(live.channel_id, message_id, build(()).view, ())

    def lock(self, live: LiveMatch) -> asyncio.Lock:
        """Held while a match's messages change, so they change in order."""
        return self._locks.setdefault(live.id, asyncio.Lock())

    def forget(self, live: LiveMatch) -> None:
        """A match posts nothing more: drop its lock and what its message shows."""
        self._locks.pop(live.id, None)
        self._pictured.pop(live.id, None)

    def busy(self) -> set[asyncio.Task[None]]:
        """The background work running now."""
        return set(self._tasks)

    def _done(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        if task.cancelled():
            return
        error = task.exception()
        if error is not None:
            self.errors.append(error)
            log.error("background work %s failed", task.get_name(), exc_info=error)

    async def close(self) -> None:
        """Cut short the background work still running (what is owed stays stored), then stop
        the render threads."""
        late = set(self._tasks)
        for task in late:
            log.warning("shutting down: background work %s cut short", task.get_name())
            task.cancel()
        if late:
            await asyncio.wait(late, timeout=1)
        self._executor.shutdown(wait=False)


def post_nonce(match_id: int, version: int) -> str:
    """The nonce of a match's message for a version (Discord keeps one message per nonce for a
    few minutes; at most 25 characters)."""
    return f"tb{match_id}.{version}"


def _unsent(image: Image) -> Image:
    """An image as a card names it, without its bytes."""
    return Image(b"", image.filename, image.alt)

"""The slow half of a step: images rendered off the event loop, then posted or edited.

Runs after the interaction was answered, one match at a time (a lock per match keeps its
messages in order), and falls back to a text board where the bot may not attach files.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial
from typing import Any, Protocol, TypeVar

import discord

from bot.core.live import LiveMatch
from bot.core.service import MatchService
from bot.delivery.layouts import MatchLayouts, Shown
from bot.delivery.messenger import Image, Messenger
from render import Drawing, images_for
from render.stamp import Stamp, stamp
from storage import Store

log = logging.getLogger(__name__)

T = TypeVar("T")

MISSING_PERMISSIONS = 50013
"""Discord's error code when the bot lacks a permission (here: Attach Files)."""
BAD_REQUEST = 400
"""Discord's status for a body it refuses (a kept image it could not find: sent again)."""
BOARD_FILE = "board.png"
RENDER_THREADS = 2
FLUSH_GRACE_S = 4.0
"""On shutdown, how long queued posts may take to finish before they are cut short."""
IMAGES_KEPT_BYTES = 16 * 1024 * 1024
"""How much rendered PNG is kept for reuse (a Keer table serves its roll's three messages; an
edit that keeps the version; a post right after its summary's edit): a table is 50–150 KB, so
about the active matches of a busy bot, bounded whatever the number of open ones."""

Build = Callable[[Sequence[Image]], Shown]
"""A match card built around the images it is given (none: its text board)."""


@dataclass(frozen=True, slots=True)
class _Shown:
    """A message and the pictures it carries (the images as a card names them, without
    bytes)."""

    message_id: str
    version: int
    images: tuple[Image, ...]


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
        self._images: OrderedDict[tuple[int, int, str], asyncio.Future[Image]] = OrderedDict()
        """Rendered images by (match, version, kind), with those still rendering: a second
        caller awaits the first's render."""
        self._kept_bytes = 0
        self._pictured: dict[int, _Shown] = {}
        """What each match's message carries: its picture, not sent again while it is current."""
        self._boards: dict[int, tuple[str, int]] = {}
        """Each match's message and the board version it carries, so an edit that changes only
        the strip keeps the board the message has instead of uploading it again."""

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
        """The images of the match, each stamped with the version it is drawn at: its strip
        (if the game has one) at the picture version (`GameRules.picture_version`), then its
        board at the board version; none where the bot may not attach files."""
        if not self.can_attach.get(live.channel_id, True):
            return []
        drawings, rules, state = images_for(live.spec.name), live.rules, live.state
        made = []
        if drawings.strip is not None:
            made.append(await self._image(live, rules.picture_version(state), "strip"))
        made.append(await self._image(live, rules.board_version(state), "board"))
        return made

    async def _image(self, live: LiveMatch, version: int, label: str) -> Image:
        """One image of the match at `version`, rendered once: kept for reuse, and a caller
        asking while it renders waits for that render."""
        key = (live.id, version, label)
        kept = self._images.get(key)
        if kept is not None:
            self._images.move_to_end(key)
            return await asyncio.shield(kept)
        made: asyncio.Future[Image] = asyncio.get_running_loop().create_future()
        self._images[key] = made
        try:
            drawing = getattr(images_for(live.spec.name), label)
            image = await self._draw(live.at(version), drawing, label)
        except asyncio.CancelledError:
            del self._images[key]
            made.cancel()
            raise
        except Exception as error:
            del self._images[key]
            made.set_exception(error)
            made.exception()  # retrieved here: a caller waiting on it re-raises it
            raise
        made.set_result(image)
        self._kept_bytes += len(image.png)
        self._trim()
        return image

    def _trim(self) -> None:
        """Drop the least recently used finished images past the kept bytes."""
        for key, image in list(self._images.items()):
            if self._kept_bytes <= IMAGES_KEPT_BYTES:
                return
            if image.done():
                del self._images[key]
                self._kept_bytes -= len(image.result().png)

    async def _draw(self, live: LiveMatch, function: Drawing, label: str) -> Image:
        """One of the match's images of its state (`label`.png), stamped with the match and the
        state's version."""
        game, state = live.spec.name, live.state
        png = await self.render(function, state, live.names, live.words, image=f"{game}/{label}")
        alt = self._layouts.alt(live) if label != "strip" else self._layouts.strip_alt(live)
        return Image(stamp(png, Stamp(live.id, state.version)), f"{label}.png", alt)

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
                    await self.show(live, partial(self._layouts.frozen, live))

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

        async def send(images: list[Image]) -> str:
            if images and with_results:
                card = await self._draw(live, images_for(live.spec.name).results, "results")
                images = [*images, card]
            view = build(images).view
            posted = await self._messenger.post(live.channel_id, view, images, nonce=nonce)
            self._note_shown(live, posted, images)
            return posted

        return await self._attaching(live, send)

    async def show(self, live: LiveMatch, build: Build) -> None:
        """Edit the match's current message to the card `build` makes, with the image of the
        match's current picture (or its text board where files are not allowed). An image
        the message already carries is kept, not sent again (a Keer pick changes only the
        waiting list); should Discord refuse the kept one, it is sent again."""
        message_id = live.message_id
        if message_id is None:
            return
        channel_id, replace = live.channel_id, self._messenger.replace
        kept = self._kept(live, message_id)
        if kept:
            try:
                await replace(channel_id, message_id, build(kept).view, None)
                return
            except discord.HTTPException as error:
                if error.status != BAD_REQUEST:
                    raise

        async def send(images: list[Image]) -> None:
            await replace(channel_id, message_id, build(images).view, images)
            self._note_shown(live, message_id, images)

        await self._attaching(live, send)

    async def _attaching(self, live: LiveMatch, send: Callable[[list[Image]], Awaitable[T]]) -> T:
        """Send with the match's images; where Discord says the bot may not attach files
        (50013), remember it and send with none: the card then carries the text board."""
        images = await self.images(live)
        if images:
            try:
                return await send(images)
            except discord.Forbidden as error:
                if error.code != MISSING_PERMISSIONS:
                    raise
                self.can_attach[live.channel_id] = False
        return await send([])

    def _kept(self, live: LiveMatch, message_id: str) -> tuple[Image, ...]:
        """The images the message already carries when they are the match's current picture
        (as a card names them: no bytes), else none."""
        shown = self._pictured.get(live.id)
        version = live.rules.picture_version(live.state)
        if shown is None or (shown.message_id, shown.version) != (message_id, version):
            return ()
        return shown.images if self.can_attach.get(live.channel_id, True) else ()

    def kept_board(
        self, live: LiveMatch, message_id: str, attachments: Sequence[discord.Attachment]
    ) -> discord.Attachment | None:
        """The board the message already carries when it is the one the match shows now (an
        edit keeps it and uploads only the strip), else None."""
        if self._boards.get(live.id) != (message_id, live.rules.board_version(live.state)):
            return None
        return next((a for a in attachments if a.filename == BOARD_FILE), None)

    def note_board(self, live: LiveMatch, message_id: str, images: Sequence[Image]) -> None:
        """Remember the board version a message now carries (none: the text board)."""
        if any(i.filename == BOARD_FILE for i in images):
            self._boards[live.id] = (message_id, live.rules.board_version(live.state))
        else:
            self._boards.pop(live.id, None)

    def _note_shown(self, live: LiveMatch, message_id: str, images: list[Image]) -> None:
        """Remember the picture a message now carries (nothing: the text board)."""
        self.note_board(live, message_id, images)
        if not images:
            self._pictured.pop(live.id, None)
            return
        named = tuple(Image(b"", i.filename, i.alt) for i in images)
        self._pictured[live.id] = _Shown(message_id, live.rules.picture_version(live.state), named)

    def lock(self, live: LiveMatch) -> asyncio.Lock:
        """Held while a match's messages change, so they change in order."""
        return self._locks.setdefault(live.id, asyncio.Lock())

    def forget(self, live: LiveMatch) -> None:
        """A match posts nothing more: drop its lock and what its message shows."""
        self._locks.pop(live.id, None)
        self._pictured.pop(live.id, None)
        self._boards.pop(live.id, None)

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

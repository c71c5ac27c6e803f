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
from functools import partial
from typing import Any, Protocol, TypeVar

import discord

from bot.core.live import LiveMatch
from bot.core.placings import placings
from bot.core.service import MatchService
from bot.delivery.layouts import MatchLayouts, Shown
from bot.delivery.messenger import Image, Messenger
from bot.delivery.pictures import Carried, Picture, Pictures
from games.registry import GAMES
from render import Drawing, images_for
from render.stamp import Stamp, stamp
from storage import Store
from words import DEFAULT, words_for

log = logging.getLogger(__name__)

T = TypeVar("T")

MISSING_PERMISSIONS = 50013
"""Discord's error code when the bot lacks a permission (here: Attach Files)."""
BAD_REQUEST = 400
"""Discord's status for a body it refuses (a kept image it could not find: sent again)."""
RENDER_THREADS = 2
DRAWN_INLINE = frozenset({"strip", "board"})
"""A match card's images, drawn on the event loop: a strip takes under a millisecond, a table
one or two once the rows an earlier table compressed are reused (render.png) — less than a
render thread's queue and its handoff of the interpreter's lock added to the click that waits
(measured, benchmarks/bot_latency.py: Kero's re-roll p99 43–67 ms inline, 141–181 ms with the
tables in threads). The results and the sheets a 👁 shows are still drawn in the threads."""
FLUSH_GRACE_S = 4.0
"""On shutdown, how long queued posts may take to finish before they are cut short."""
IMAGES_KEPT_BYTES = 16 * 1024 * 1024
"""How much rendered PNG is kept for reuse (a Keer table serves its roll's three messages; an
edit that keeps the version; a post right after its summary's edit): a table is 50–150 KB, so
about the active matches of a busy bot, bounded whatever the number of open ones."""

Build = Callable[[Sequence[Image]], Shown]
"""A match card built around the images it is given (none: its text board)."""


class RenderTimer(Protocol):
    """Times a render under a label (the bot's metrics)."""

    def __call__(self, image: str, work: Callable[[], T]) -> Callable[[], T]: ...


def _label(function: Callable[..., bytes], image: str | None) -> str:
    """What a render is timed under: `image`, else the function's name without `_png`."""
    return image or getattr(function, "__name__", "image").removesuffix("_png")


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
        self._shown: dict[int, Carried] = {}
        """What each match's message carries: an image still current is not sent again (a Keer
        pick changes only the waiting list; a roll, only the strip above the table)."""
        self._laid: dict[int, tuple[str, bytes]] = {}
        """Each match's message and the digest of the layout an edit without images last gave
        it: an edit that would lay out the same again is not sent (any other write forgets it,
        `note_shown`)."""

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
        work = self._timed(_label(function, image), partial(function, *args, **kwargs))
        return await asyncio.get_running_loop().run_in_executor(self._executor, work)

    def drawn(
        self, function: Callable[..., bytes], *args: Any, image: str | None = None, **kwargs: Any
    ) -> bytes:
        """A small Pillow render drawn here on the event loop (less than a render thread's
        queue), timed as `render` times its renders."""
        return self._timed(_label(function, image), partial(function, *args, **kwargs))()

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

    async def warm_up(self) -> None:
        """Draw a new match of every game once in the render threads, so that a new process
        loads the fonts and tables its first cards need while it waits out the lease of its
        shards' previous holder (storage/lease.py), not while its members wait."""
        loop, words = asyncio.get_running_loop(), words_for(DEFAULT)
        for name, spec in GAMES.items():
            state = spec.new_match(spec.min_players, {})
            names = [f"Player {seat + 1}" for seat in range(spec.min_players)]
            images = images_for(name)
            for drawing in (images.strip, images.board):
                if drawing is not None:
                    await loop.run_in_executor(self._executor, drawing, state, names, words)

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

    async def pictures(self, live: LiveMatch, message_id: str | None) -> Pictures:
        """The images of the match, each stamped with the version it is drawn at: its strip
        (if the game has one) at the picture version (`GameRules.picture_version`), then its
        board at the board version; none where the bot may not attach files. Those the message
        `message_id` already carries at the same version are named only (kept: not drawn or
        sent again)."""
        if not self.can_attach.get(live.channel_id, True):
            return Pictures(())
        shown = self._shown.get(live.id)
        carried: dict[tuple[str, int], Picture] = {}
        if shown is not None and shown.message_id == message_id:
            carried = {(p.image.filename, p.version): p for p in shown.pictures}
        drawn: list[Picture] = []
        kept: set[str] = set()
        for label, version in self._wanted(live):
            picture = carried.get((f"{label}.png", version))
            if picture is None:
                picture = Picture(await self._image(live, version, label), version)
            else:
                kept.add(picture.image.filename)
            drawn.append(picture)
        return Pictures(tuple(drawn), frozenset(kept))

    @staticmethod
    def _wanted(live: LiveMatch) -> list[tuple[str, int]]:
        """The images a card of the match shows now, by label, and the version of each."""
        rules, state = live.rules, live.state
        wanted = [("board", rules.board_version(state))]
        if images_for(live.spec.name).strip is not None:
            wanted.insert(0, ("strip", rules.picture_version(state)))
        return wanted

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
        while self._kept_bytes > IMAGES_KEPT_BYTES:
            oldest = next((k for k, f in self._images.items() if f.done()), None)
            if oldest is None:
                return
            self._kept_bytes -= len(self._images.pop(oldest).result().png)

    async def _draw(self, live: LiveMatch, function: Drawing, label: str) -> Image:
        """One of the match's images of its state (`label`.png), stamped with the match and the
        state's version: a card's images on the event loop (`DRAWN_INLINE`), the rest in the
        render threads."""
        game, state = live.spec.name, live.state
        args, name = (state, live.names, live.words), f"{game}/{label}"
        if label in DRAWN_INLINE:
            png = self._timed(name, partial(function, *args))()
        else:
            png = await self.render(function, *args, image=name)
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

        async def send(pictures: Pictures) -> str:
            images = pictures.images
            if images and with_results:
                results = partial(images_for(live.spec.name).results, places=placings(live))
                card = await self._draw(live, results, "results")  # the places as stored
                images = [*images, card]
            view = build(images).view
            posted = await self._messenger.post(live.channel_id, view, images, nonce=nonce)
            self.note_shown(live, posted.message_id, pictures, posted.files)
            return posted.message_id

        return await self._attaching(live, send)

    async def show(self, live: LiveMatch, build: Build) -> None:
        """Edit the match's current message to the card `build` makes, with the images of the
        match now (or its text board where files are not allowed). When the message already
        carries them all, they are kept, not sent again (a Keer pick changes only the waiting
        list); when it carries some, those are kept and the rest uploaded (a computer's roll
        uploads only the strip); should Discord refuse the kept ones, all are sent again."""
        message_id = live.message_id
        if message_id is None:
            return
        channel_id, replace = live.channel_id, self._messenger.replace
        kept = await self.pictures(live, message_id)
        shown, uploads = self._shown.get(live.id), kept.uploads()
        files = kept.keeping(shown.files if shown is not None else ())
        if kept.carried and (not uploads or files is not None):
            view = build(kept.images).view
            try:
                if not uploads:  # nothing new: the message keeps all it has
                    await self._relaid(live, message_id, view)
                    return
                written = await replace(channel_id, message_id, view, uploads, files or ())
                self.note_shown(live, message_id, kept, written.files)
                return
            except discord.HTTPException as error:
                if error.status != BAD_REQUEST:
                    raise

        async def send(pictures: Pictures) -> None:
            images = pictures.images
            written = await replace(channel_id, message_id, build(images).view, images)
            self.note_shown(live, message_id, pictures, written.files)

        await self._attaching(live, send)

    async def _relaid(self, live: LiveMatch, message_id: str, view: discord.ui.LayoutView) -> None:
        """Edit the message's layout, keeping its files; not when it shows this layout already."""
        shown, last = self._laid.get(live.id, (None, None))
        last = last if shown == message_id else None
        laid = await self._messenger.relayout(live.channel_id, message_id, view, last)
        self._laid[live.id] = (message_id, laid)

    async def _attaching(self, live: LiveMatch, send: Callable[[Pictures], Awaitable[T]]) -> T:
        """Send with the match's images; where Discord says the bot may not attach files
        (50013), remember it and send with none: the card then carries the text board."""
        pictures = await self.pictures(live, None)
        if pictures.drawn:
            try:
                return await send(pictures)
            except discord.Forbidden as error:
                if error.code != MISSING_PERMISSIONS:
                    raise
                self.can_attach[live.channel_id] = False
        return await send(Pictures(()))

    def note_shown(
        self,
        live: LiveMatch,
        message_id: str,
        pictures: Pictures,
        files: Sequence[discord.Attachment] = (),
    ) -> None:
        """Remember the images a message now carries (none: the text board) and, where the
        post or edit returned them, their files; once it succeeded (a failed one leaves the
        message as it was)."""
        self._laid.pop(live.id, None)
        if not pictures.drawn:
            self._shown.pop(live.id, None)
            return
        named = tuple(
            Picture(Image(b"", p.image.filename, p.image.alt), p.version) for p in pictures.drawn
        )
        self._shown[live.id] = Carried(message_id, named, tuple(files))

    def lock(self, live: LiveMatch) -> asyncio.Lock:
        """Held while a match's messages change, so they change in order."""
        return self._locks.setdefault(live.id, asyncio.Lock())

    def forget(self, live: LiveMatch) -> None:
        """A match posts nothing more: drop its lock and what its message shows."""
        self._locks.pop(live.id, None)
        self._shown.pop(live.id, None)
        self._laid.pop(live.id, None)

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

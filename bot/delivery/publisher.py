"""The slow half of a click: images rendered off the event loop, then posted or edited.

Runs after the interaction was answered, one match at a time (a lock per match keeps its
messages in order), and falls back to a text board where the bot may not attach files.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from collections.abc import Awaitable, Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import TYPE_CHECKING, Any

import discord

from bot.core.clock_sync import interaction_ms
from bot.core.service import LiveMatch, Played
from bot.delivery.outbox import Outbox, post_nonce
from bot.ui.alt_text import alt_text
from bot.ui.components import match_button, view_of
from bot.ui.ids import MatchRef
from bot.ui.router import with_board_button
from bot.ui.rules_pages import HowToPlayButton
from bot.ui.titles import game_title
from storage import Owed, now_ms

if TYPE_CHECKING:
    from bot.app import TableroBot

log = logging.getLogger(__name__)

MISSING_PERMISSIONS = 50013
"""Discord's error code when the bot lacks a permission (here: Attach Files)."""
RENDER_THREADS = 2
FLUSH_GRACE_S = 4.0
"""On shutdown, how long queued posts may take to finish before they are cut short."""
ANSWER_WINDOW_MS = 3_000
"""Discord takes a click's first answer only within 3 s of the click."""
MIN_ANSWER_S = 0.5
"""The least an answer is given (a click already past its 3 s is refused by Discord quickly)."""


def rematch_view(live: LiveMatch) -> discord.ui.View:
    """The Rematch button under a finished match's results."""
    ref = MatchRef(live.id, live.state.version, "rematch")
    label = live.words("match-rematch-label")
    return view_of(match_button(ref, label, emoji="🔁", style=discord.ButtonStyle.primary))


class Publisher:
    """Background posting for every match of the bot."""

    def __init__(self, bot: TableroBot) -> None:
        self.bot = bot
        self.can_attach: dict[str, bool] = {}
        self.errors: list[BaseException] = []
        """Failures of background work (logged; tests assert there are none)."""
        self._executor = ThreadPoolExecutor(RENDER_THREADS, thread_name_prefix="tablero-render")
        self._tasks: set[asyncio.Task[None]] = set()
        self._locks: dict[int, asyncio.Lock] = {}
        self.outbox = Outbox(bot)

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
        work = self.bot.metrics.timed_render(label, partial(function, *args, **kwargs))
        return await loop.run_in_executor(self._executor, work)

    def spawn(self, work: Coroutine[Any, Any, None], name: str) -> None:
        """Run work after the answer; failures are logged, never lost."""
        self.keep(asyncio.create_task(work, name=f"tablero-work-{name}"))

    def keep(self, task: asyncio.Task[None]) -> None:
        """Track background work: finished before shutdown, its failure logged."""
        self._tasks.add(task)
        task.add_done_callback(self._done)

    def after(self, played: Played, *, on_public_message: bool, answer_lost: bool = False) -> None:
        """Deliver what an accepted action changed: a new message (its turn clock starts once
        it is posted), or the shown message's waiting list — shown late when the answer that
        should have shown it was lost."""
        live = played.match
        if played.owed is not None:
            self.outbox.owe(played.owed, live, summarised=on_public_message)
            self.bot.timers.rearm(live)
            return
        self.spawn(self._clock_then_timer(live), f"clock-{live.id}")
        if not on_public_message:
            self.outbox.refresh(live, late_since=played.stored_ms if answer_lost else None)

    async def answer_then_deliver(
        self,
        interaction: discord.Interaction[Any],
        played: Played,
        answer: Awaitable[object],
        *,
        on_public_message: bool = False,
    ) -> None:
        """Answer the click, then deliver what its step changed — also when the answer fails:
        the step is stored either way, so its message is owed either way. An answer Discord
        lost (a 5xx, 429s past discord.py's retries, or none taken within Discord's 3 seconds
        while discord.py still retries) is only logged: the member must not be told "nothing
        was changed", and the message the answer would have edited is edited instead."""
        answered = False
        try:
            async with asyncio.timeout(self._answer_window_s(interaction)):
                await answer
            answered = True
        except TimeoutError:
            log.warning("match %s: Discord took no answer in its 3 s", played.match.id)
        except discord.HTTPException as error:
            if error.status != 429 and error.status < 500:
                raise
            log.warning("match %s: Discord lost a stored step's answer: %s", played.match.id, error)
        finally:
            lost = on_public_message and not answered
            self.after(played, on_public_message=on_public_message and answered, answer_lost=lost)

    def _answer_window_s(self, interaction: discord.Interaction[Any]) -> float:
        """How long an answer may still take: Discord refuses one after 3 s (10062), so once
        they are over, discord.py's retries of a 5xx (1 + 3 + 5 + … s) only hold the message
        back."""
        left_ms = interaction_ms(interaction) + ANSWER_WINDOW_MS - self.bot.clock.now_ms()
        return max(MIN_ANSWER_S, left_ms / 1000)

    async def _clock_then_timer(self, live: LiveMatch) -> None:
        await self.bot.clocks.update(live)
        self.bot.timers.rearm(live)

    def closed(self, live: LiveMatch) -> None:
        """A match ended without a result: take the buttons off its message (its turn clock
        went with it: finishing a match drops its deadlines)."""
        self.bot.clocks.clocks.pop(live.id, None)
        self.outbox.owe(Owed(live.id, "close", live.state.version, None, now_ms()), live)

    async def post_first(self, live: LiveMatch) -> None:
        """Post a new match's first message (its nonce makes a repeated post harmless)."""
        async with self.lock(live):
            await self.post_step(live, nonce=post_nonce(live.id, live.state.version))

    async def post_step(self, live: LiveMatch, *, nonce: str | None = None) -> None:
        """Post the match's current message (table image, who acts, buttons) or its results,
        and remember it as the one showing the match at this version."""
        state, ui = live.state, live.adapter.ui
        version = state.version
        title = live.words(
            "match-alt-title", game=game_title(live.spec.name, live.words), match=live.id
        )
        alt = alt_text(title, ui.text_board(live))
        over = state.is_terminal()
        images = live.adapter.images
        png = await self.render(
            images.results if over else images.board,
            state,
            live.names,
            live.words,
            image=f"{live.spec.name}/{'results' if over else 'board'}",
        )
        if over:
            content, view = ui.results_content(live), rematch_view(live) if live.humans() else None
        else:
            content, view = ui.step_content(live), await self._step_view(live)
        message = await self.send(
            live.channel_id, content, view=view, png=png, live=live, alt=alt, nonce=nonce
        )
        await self.bot.service.set_message(live, str(message.id), settled=version)
        if state.is_terminal():
            self.forget(live)

    async def _step_view(self, live: LiveMatch) -> discord.ui.View:
        """The step's buttons, with "How to play" on a newcomer's first match message."""
        view = with_board_button(live, live.adapter.ui.step_view(live))
        if live.message_id is None and await self._newcomers(live):
            with contextlib.suppress(ValueError):  # no room left: the rules are in /rules too
                view.add_item(HowToPlayButton.make(live.spec.name, live.words))
        return view

    async def _newcomers(self, live: LiveMatch) -> bool:
        """Whether a member of the match has never played its game here before: their first
        match's first message then offers "How to play"."""
        guild = live.guild_id
        for player in live.humans():
            if not await self.bot.store.player_results(player.id, guild, live.spec.name, None):
                return True
        return False

    async def repost(self, live: LiveMatch) -> None:
        """Post the match's current message again; the old one loses its buttons (or is gone:
        a deleted message needs no edit)."""
        async with self.lock(live):
            old = live.message_id
            if old is not None:
                with contextlib.suppress(discord.NotFound):
                    await self.edit(live.channel_id, old, None, None)
        await self.outbox.bring_back(live)

    async def send(
        self,
        channel_id: str,
        content: str,
        *,
        view: discord.ui.View | None = None,
        png: bytes | None = None,
        live: LiveMatch | None = None,
        alt: str | None = None,
        nonce: str | None = None,
    ) -> discord.Message:
        """Send a message with an image (described by `alt` for screen readers), or with a text
        board where files are not allowed."""
        channel = self.bot.get_partial_messageable(int(channel_id))
        extra: dict[str, Any] = {"view": view} if view is not None else {}
        if nonce is not None:
            extra["nonce"] = nonce
        if png is not None and self.can_attach.get(channel_id, True):
            try:
                image = discord.File(io.BytesIO(png), filename="table.png", description=alt)
                return await channel.send(content, file=image, **extra)
            except discord.Forbidden as error:
                if error.code != MISSING_PERMISSIONS:
                    raise
                self.can_attach[channel_id] = False
        board = f"\n{live.adapter.ui.text_board(live)}" if live is not None else ""
        return await channel.send(f"{content}{board}"[:2000], **extra)

    async def edit(
        self, channel_id: str, message_id: str, content: str | None, view: discord.ui.View | None
    ) -> None:
        """Edit a message's text and buttons (None content keeps the text; None view drops them)."""
        message = self.bot.get_partial_messageable(int(channel_id)).get_partial_message(
            int(message_id)
        )
        if content is None:
            await message.edit(view=view)
        else:
            await message.edit(content=content, view=view)

    def lock(self, live: LiveMatch) -> asyncio.Lock:
        """Held while a match's messages change, so they change in order."""
        return self._locks.setdefault(live.id, asyncio.Lock())

    def forget(self, live: LiveMatch) -> None:
        """A match posts nothing more: drop its lock."""
        self._locks.pop(live.id, None)

    def _done(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        if task.cancelled():
            return
        error = task.exception()
        if error is not None:
            self.errors.append(error)
            log.error("background work %s failed", task.get_name(), exc_info=error)

    async def close(self, grace_s: float = FLUSH_GRACE_S) -> None:
        """Finish queued work and deliveries, and the work they queue in turn, for up to
        `grace_s` seconds (what is still owed stays stored); then stop the render threads."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + grace_s
        while (busy := self._tasks | self.outbox.busy()) and (left := deadline - loop.time()) > 0:
            await asyncio.wait(busy, timeout=left)
        await self.outbox.close()
        late = set(self._tasks)
        for task in late:
            log.warning("shutting down: background work %s cut short", task.get_name())
            task.cancel()
        if late:
            await asyncio.wait(late, timeout=1)
        self._executor.shutdown(wait=False)

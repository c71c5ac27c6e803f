"""The messages matches owe their channels, delivered until Discord takes them.

A step that makes a new message due (the next roll, the next turn, the results) or takes the
buttons off (a match ended without a result) records it in the store in the step's own
transaction (`storage.Owed`), so a crash between the two is repaired at start-up. One worker per
match delivers what it owes, in order: it retries a failed post or edit with a growing wait that
honours Discord's `retry_after`, and a later step replaces a message still waiting (one post
shows the newest state; edits of the shown message that went stale while waiting are merged
into one). A post carries a nonce made of the match and its version, which Discord enforces: a
post repeated after a crash returns the message already made instead of a second one.

A step is "visible" once its message is: the turn clock of a new message starts only when the
message has landed (`TurnClocks.update` after delivery), so nobody is timed out for a message
Discord never showed them.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Collection
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any, Final

import aiohttp
import discord

from bot.core.after import AfterStep
from bot.core.clock_sync import ClockSync
from bot.core.live import LiveMatch
from bot.core.outages import store_outage
from bot.core.service import MatchService
from bot.core.store_watch import StoreWatch
from bot.delivery.layouts import MatchLayouts
from bot.delivery.publisher import Publisher, post_nonce
from storage import ONE_SHARD, Owed, Shards, StorageError, Store, StoredMatch, UnknownMatch, now_ms

log = logging.getLogger(__name__)

FIRST_WAIT_S: Final = 0.5
"""The wait before retrying a failed delivery; it doubles on each failure in a row."""
MAX_WAIT_S: Final = 30.0
"""The longest wait between two tries (a longer `retry_after` from Discord is honoured)."""
UNKNOWN_MESSAGE: Final = 10008
LAST_MOMENTS_MS: Final = 30_000
"""At start-up, the open matches that changed this close to the last change of all (about when
the previous process stopped) get their message brought up to date: only a step stored in its
last moments can have lost the answer that was to show it."""
REFRESH_WINDOW_S: Final = 0.75
"""How long an edit of the shown message whose buttons still work waits for more changes to
show them all at once (a burst of Keer picks: one edit); an edit that changes what may be
clicked, a new message owed meanwhile, or a step whose own answer was lost goes at once
(benchmarks/clicks.py counts edits per click)."""
RESTORED_AT_ONCE: Final = 8
"""Messages owed at start-up delivered at a time: 10,000 at once flooded the event loop (each
drawn on it) until the gateway's connect timed out. The rest wait their turn; what other
matches owe later goes at once (Discord takes some 50 requests a second anyway)."""
LOST_PLACES: Final = (10003, 50001)
"""Discord's codes for a channel that is gone or that the bot may no longer see: retrying
cannot help, and an admin's `/match here` brings the match back."""


@dataclass(slots=True)
class _Due:
    """What one match owes now, with the match to render it from."""

    live: LiveMatch
    owed: Owed | None = None
    """The stored message owed (None: only a refresh is)."""
    summarised: bool = False
    """The shown message already says what it sums up (the click's answer edited it)."""
    refresh: bool = False
    """The shown message's text and buttons are out of date (not stored: its buttons still
    work, so a lost refresh stalls nothing)."""
    late_since: int | None = None
    """Discord's time when the first step the refresh shows was stored, when that step's answer
    was lost: its players saw it only once the refresh landed."""
    refresh_since: float = 0.0
    """The event loop's time of the first change the pending refresh shows."""
    gathering: bool = False
    """Every change the pending refresh shows left the shown buttons working: it may wait."""
    wake: asyncio.Event | None = None
    """Set while a refresh waits out its window: what cuts the wait short."""
    waiters: list[asyncio.Future[None]] = field(default_factory=list)
    restored: bool = False
    """Owed when the bot started: delivered `RESTORED_AT_ONCE` at a time."""


class Outbox:
    """One delivery worker per match that owes something."""

    def __init__(
        self,
        store: Store,
        service: MatchService,
        publisher: Publisher,
        layouts: MatchLayouts,
        clock: ClockSync,
        *,
        after: AfterStep,
        store_watch: StoreWatch,
        shards: Shards = ONE_SHARD,
    ) -> None:
        self._store = store
        self._store_watch = store_watch
        """Told when a delivery failed on the database (it logs the outage, once)."""
        self._service = service
        self._publisher = publisher
        self._layouts = layouts
        self._clock = clock
        self._after = after
        """Told when a new message landed, and when a late step's give-back was stored."""
        self._shards = shards
        self.first_wait_s = FIRST_WAIT_S
        """The first retry's wait (tests shorten it)."""
        self.max_wait_s = MAX_WAIT_S
        self.refresh_window_s = REFRESH_WINDOW_S
        self._due: dict[int, _Due] = {}
        self._workers: dict[int, asyncio.Task[None]] = {}
        self._restoring = asyncio.Semaphore(RESTORED_AT_ONCE)
        self.delivered = 0
        """Deliveries made (posts, closes and refreshes): the restart benchmark counts them."""

    def owe(self, owed: Owed, live: LiveMatch, *, summarised: bool = False) -> None:
        """A step made `owed` due (already stored): deliver it, replacing what still waits."""
        due = self._due.setdefault(live.id, _Due(live))
        waiting = due.owed
        if waiting is not None and waiting.kind == "post" and owed.kind == "post":
            owed = replace(owed, step_key=waiting.step_key, since_ms=waiting.since_ms)
            summarised = summarised or due.summarised
        due.live, due.owed, due.summarised = live, owed, summarised
        _wake(due)
        self._start(live.id)

    def refresh(
        self, live: LiveMatch, *, late_since: int | None = None, gather: bool = False
    ) -> None:
        """The shown message's text or buttons changed: edit it (once, however many changes
        arrive while an edit is on its way). `late_since`: the step's own answer was lost, so
        its players see it late (the game may give the wait back). `gather`: the buttons it
        shows still work (a Keer pick changes only the waiting list), so the edit may wait
        `refresh_window_s` for more changes; any other refresh goes at once."""
        due = self._due.setdefault(live.id, _Due(live))
        if not due.refresh:  # the first change this edit shows
            due.refresh_since, due.gathering = asyncio.get_running_loop().time(), True
        due.live, due.refresh, due.gathering = live, True, due.gathering and gather
        if due.late_since is None:
            due.late_since = late_since
        if not due.gathering:
            _wake(due)
        self._start(live.id)

    async def bring_back(self, live: LiveMatch) -> None:
        """Post the match's current message again (it was deleted, or a player lost it): stored,
        then delivered like any step's message; returns once it is."""
        owed = Owed(live.id, "post", live.state.version, None, now_ms())
        await self._store.owe(owed)
        self.owe(owed, live, summarised=True)
        waiter = asyncio.get_running_loop().create_future()
        self._due[live.id].waiters.append(waiter)
        await waiter

    async def restore(self, last_moments: Collection[int]) -> None:
        """Deliver every message owed when the bot last stopped (start-up), and bring the
        messages of the matches changed in the previous process's `last_moments` up to date: a
        step shown in place is shown by its click's answer, which is not stored, so a crash
        after the step's commit can leave its message with the buttons of a step already played
        (every click on them refused). Matches idle before that need no edit."""
        for owed in await self._store.owed_messages(self._shards):
            live = await self._match(owed.match_id)
            if live is not None:
                self.owe(owed, live)
                self._due[live.id].restored = True  # before its worker first runs
        for match_id in last_moments:
            live = self._service.matches.get(match_id)
            if live is not None and live.id not in self._due and live.message_id is not None:
                self.refresh(live)

    def pending(self) -> int:
        """Matches that still owe something."""
        return len(self._due)

    def busy(self) -> set[asyncio.Task[None]]:
        """The delivery workers running now."""
        return set(self._workers.values())

    async def close(self) -> None:
        """Stop delivering (shutdown): what is still owed stays stored for the next start."""
        workers = set(self._workers.values())
        for worker in workers:
            worker.cancel()
        if workers:
            await asyncio.wait(workers, timeout=1)
        self._workers.clear()

    async def _match(self, match_id: int) -> LiveMatch | None:
        """The match an owed row is for: open in memory, or rebuilt from its record."""
        live = self._service.matches.get(match_id)
        if live is not None:
            return live
        try:
            return await self._service.rebuild(match_id)
        except (StorageError, ValueError) as error:
            log.error("match %s owes a message but can't be rebuilt: %s", match_id, error)
            return None

    def _start(self, match_id: int) -> None:
        if match_id not in self._workers:
            work = self._work(match_id)
            self._workers[match_id] = asyncio.create_task(work, name=f"tablero-out-{match_id}")

    async def _work(self, match_id: int) -> None:
        """Deliver until the match owes nothing; a failure waits and tries again."""
        failures = 0
        try:
            while (due := self._due.get(match_id)) is not None:
                await self._gathered(due)
                owed = due.owed
                try:
                    async with self._restoring if due.restored else contextlib.nullcontext():
                        shown = await self._deliver(due)
                except Exception as error:
                    wait = self._wait(error, failures)
                    if wait is None:
                        self._give_up(match_id, error)
                        continue
                    failures += 1
                    outage = store_outage(error)
                    if outage:  # logged once, by the store's watch
                        self._store_watch.failed(error)
                    _log_retry(match_id, error, failures, wait, quiet=outage)
                    await asyncio.sleep(wait)
                    continue
                failures, due.restored = 0, False
                self.delivered += 1
                self._settled(match_id, due, owed, shown)
                if owed is not None and owed.kind == "post":
                    await self._landed(due.live)
        finally:
            self._workers.pop(match_id, None)

    async def _gathered(self, due: _Due) -> None:
        """A refresh alone waits until its window since the first change it shows is over, so
        that the changes coming meanwhile are shown by one edit; a message owed or a late step
        cuts the wait short."""
        if due.owed is not None or not due.refresh or not due.gathering:
            return
        loop = asyncio.get_running_loop()
        left = due.refresh_since + self.refresh_window_s - loop.time()
        if left <= 0:
            return
        due.wake = asyncio.Event()
        try:
            await asyncio.wait_for(due.wake.wait(), left)
        except TimeoutError:
            pass
        finally:
            due.wake = None

    def _settled(self, match_id: int, due: _Due, owed: Owed | None, shown: int) -> None:
        """Forget what a delivery covered; a step that came meanwhile stays due."""
        if due.owed is owed or (due.owed is not None and due.owed.version <= shown):
            due.owed = None
        elif owed is not None:
            due.summarised = False  # the new step's message replaces the one just posted
        if due.owed is None and not due.refresh:
            del self._due[match_id]
            for waiter in due.waiters:
                if not waiter.done():
                    waiter.set_result(None)

    async def _deliver(self, due: _Due) -> int:
        """Make one delivery; the match version Discord now shows."""
        live, owed = due.live, due.owed
        async with self._publisher.lock(live):
            if owed is not None and owed.kind == "close":
                return await self._close(live, owed)
            shown = live.state.version
            if owed is not None:
                shown = await self._post(due, owed)
            elif due.refresh:
                due.refresh = False  # a change arriving during the edit asks for another
                try:
                    await self._give_back(due)
                    await self._refresh(live)
                except BaseException:
                    due.refresh = True  # tried again after the wait
                    raise
                due.late_since = None
        return shown

    async def _give_back(self, due: _Due) -> None:
        """Before each try to show a late step, store what its game gives back for the wait so
        far (Kero: the time the dice were not seen, credited to the tank), so the edit shows the
        outcome; a try that fails leaves the wait from now to be given back by the next."""
        since, live = due.late_since, due.live
        if since is None:
            return
        now = self._clock.now_ms()
        step = live.rules.shown_late(live, now - since)
        if step is not None and await self._service.system(live.id, *step) is not None:
            self._after.given_back(live)
        due.late_since = now

    async def _landed(self, live: LiveMatch) -> None:
        """A new message is up: what waited for it goes on (its turn clock starts now). A
        failure to store the clock is logged; the clock runs in memory and is stored with its
        next change."""
        try:
            await self._after.landed(live)
        except Exception as error:
            if store_outage(error):
                self._store_watch.failed(error)
                return
            if not isinstance(error, StorageError):
                self._publisher.failed(error)
            log.warning("match %s: its turn clock could not be stored", live.id, exc_info=True)

    def owes_post(self, match_id: int) -> bool:
        """Whether the match's next message has not landed yet (its turn clock waits)."""
        due = self._due.get(match_id)
        return due is not None and due.owed is not None and due.owed.kind == "post"

    async def _post(self, due: _Due, owed: Owed) -> int:
        """The old message sums up its step and loses its buttons; the new one is posted (with
        the nonce of its version when it replaces a step's message, so a post repeated after a
        crash is not a second one)."""
        live = due.live
        old = live.message_id
        key, layouts = owed.step_key, self._layouts
        if old is not None and key is not None and not due.summarised:
            past = live.at(owed.version, ending=key)
            with contextlib.suppress(discord.NotFound):
                await self._publisher.show(past, partial(layouts.summary, past, key))
            due.summarised = True
        shown = live.state.version
        nonce = None if owed.step_key is None else post_nonce(live.id, shown)
        due.refresh = False
        await self._publisher.post_step(live, nonce=nonce)
        return shown

    async def _close(self, live: LiveMatch, owed: Owed) -> int:
        """Take the buttons off the message a match that ended without a result showed."""
        with contextlib.suppress(discord.NotFound):
            await self._publisher.show(live, partial(self._layouts.frozen, live))
        await self._store.settle(live.id, owed.version)
        self._publisher.forget(live)
        return owed.version

    async def _refresh(self, live: LiveMatch) -> None:
        """Edit the shown message to the match's current step; a deleted one is posted again."""
        if live.message_id is None or live.state.is_terminal():
            return
        try:
            await self._publisher.show(live, partial(self._layouts.step, live))
        except discord.NotFound as error:
            if error.code != UNKNOWN_MESSAGE:
                raise
            log.info("match %s: its message was deleted; posting it again", live.id)
            self._deleted(live)

    def _deleted(self, live: LiveMatch) -> None:
        """The shown message is gone: post the current one again (stored first)."""
        task = asyncio.create_task(self.bring_back(live), name=f"tablero-work-back-{live.id}")
        self._publisher.keep(task)

    async def message_deleted(self, channel_id: int, message_id: int) -> None:
        """A message was deleted: when it was a match's current message, post it again."""
        live = self._service.in_channel(str(channel_id))
        if live is None or live.message_id != str(message_id):
            return
        log.info("match %s: its message was deleted; posting it again", live.id)
        live.message_id = None
        await self.bring_back(live)

    def _wait(self, error: Exception, failures: int) -> float | None:
        """How long to wait before trying again; None when trying again cannot help."""
        backoff: float = min(self.max_wait_s, self.first_wait_s * 2**failures)
        if isinstance(error, discord.HTTPException):
            return _http_wait(error, backoff)
        transient = StorageError | aiohttp.ClientError | TimeoutError
        if isinstance(error, UnknownMatch):
            return None
        if isinstance(error, transient) or store_outage(error):
            return backoff
        return None

    def _give_up(self, match_id: int, error: Exception) -> None:
        """Trying again cannot help: log why, and forget it (the row stays for `/match here`
        and the next start)."""
        due = self._due.pop(match_id, None)
        if isinstance(error, discord.HTTPException):
            log.error("match %s: its message can't be delivered: %s", match_id, error)
        else:
            log.error("match %s: delivering its message failed", match_id, exc_info=error)
            self._publisher.failed(error)
        for waiter in due.waiters if due else []:
            if not waiter.done():
                waiter.set_exception(error)


def _wake(due: _Due) -> None:
    """Cut short a refresh's wait for more changes (what came must go now)."""
    if due.wake is not None:
        due.wake.set()


def last_moments(stored: Collection[StoredMatch], window_ms: int = LAST_MOMENTS_MS) -> set[int]:
    """The matches that changed within `window_ms` of the last change among them."""
    latest = max((s.updated_at for s in stored), default=0)
    return {s.id for s in stored if s.updated_at >= latest - window_ms}


def _http_wait(error: discord.HTTPException, backoff: float) -> float | None:
    """The wait after Discord refused: a rate limit's own wait, a server error's backoff;
    None for a refusal that will not change (a lost channel or permission, a bad request)."""
    if error.code in LOST_PLACES or isinstance(error, discord.Forbidden):
        return None
    if error.status == 429:
        return max(backoff, _retry_after(error))
    return backoff if error.status >= 500 else None


def _retry_after(error: discord.HTTPException) -> float:
    """Discord's `retry_after` (seconds) from a 429 answer's header, 0 if none."""
    headers: Any = getattr(error.response, "headers", None) or {}
    try:
        return float(headers.get("Retry-After", 0))
    except (TypeError, ValueError):
        return 0.0


def _log_retry(match_id: int, error: Exception, failures: int, wait: float, *, quiet: bool) -> None:
    log.log(
        logging.DEBUG if quiet else logging.WARNING,
        "match %s: delivering its message failed (attempt %d: %s); retrying in %.1f s",
        match_id,
        failures,
        error,
        wait,
    )

"""Every match's timer: its game's own deadline (Kero's tank running dry, a quiet live
thrower), the computer's moves that wait for real time, and the turn clock's next event.

What is due is derived from the replayed state by the game's rules, so a restart re-arms the
same deadlines without storing anything besides the match's own events; this module only turns
Discord times into local ones and runs what is due. A game's deadline judges clicks by their
Discord times, so it waits while the gateway is down and until it has been connected for the
deadline's grace (`bot.core.gateway_watch`): clicks held by Discord meanwhile count.

A sleeping timer is a handle in the event loop's own heap of deadlines (`loop.call_later`), not
a task: 10,000 open matches cost 10,000 small handles, and a walk of the live tasks does not
grow with them. A task is made only when a timer fires with work to do.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, Final

from bot.core.after import AfterStep
from bot.core.away import Aways
from bot.core.clock_sync import ClockSync
from bot.core.gateway_watch import GatewayWatch
from bot.core.live import LiveMatch, Played
from bot.core.outages import store_outage
from bot.core.rules import GameDeadline
from bot.core.service import MatchService
from bot.core.store_watch import StoreWatch
from bot.core.turn_clocks import TurnClocks
from storage import StorageError

log = logging.getLogger(__name__)

RETRY_FIRST_MS: Final = 1_000
"""The wait before retrying a timer whose work failed; it doubles on each failure in a row."""
RETRY_MAX_MS: Final = 30_000
"""The longest wait between two retries."""

STALL_MS: Final = 1_000
"""A timer woken this much later than it slept for means the process itself stood still (a
stall: stopped, starved): clicks sent meanwhile are still in its socket."""
SETTLE_AFTER_STALL_S: Final = 1.5
"""How long an overdue timer then lets the process read and handle them before it fires (the
tank's grace): a Stop waiting in the socket is judged before the deadline."""

Due = tuple[int, Callable[[], Awaitable[None]]]
"""When a match's timer fires (local ms) and the work it does then."""


class _Armed:
    """One match's timer: a loop handle while it sleeps, a task once it fired to do its work,
    and the future a test awaits (made only when asked for)."""

    __slots__ = ("handle", "live", "task", "waiter")

    def __init__(self, live: LiveMatch) -> None:
        self.live = live
        self.handle: asyncio.TimerHandle | None = None
        self.task: asyncio.Task[None] | None = None
        self.waiter: asyncio.Future[None] | None = None

    def sleep(self, wait_s: float, wake: Callable[[_Armed], None]) -> None:
        """Call `wake(self)` in `wait_s` seconds (a handle in the loop's heap, not a task)."""
        self.handle = asyncio.get_running_loop().call_later(wait_s, wake, self)

    def late_ms(self) -> float:
        """How much later than it was armed for the handle woke."""
        assert self.handle is not None
        return (asyncio.get_running_loop().time() - self.handle.when()) * 1000

    def start(self, work: Coroutine[Any, Any, None]) -> None:
        """The timer fired with work to do: a task for it (a background one: `tablero-timer`)."""
        self.handle = None
        self.task = asyncio.create_task(work, name=f"tablero-timer-{self.live.id}")
        self.task.add_done_callback(self._finished)

    def cancel(self, *, work: bool = False) -> None:
        """Stop the timer. Work it already started goes on to its end (a re-arm must not cut a
        store write short: the write would land and the match in memory miss it), unless
        `work` says to stop that too (shutdown: what was due is stored or owed either way)."""
        if self.handle is not None:
            self.handle.cancel()
        if self.task is None:
            if self.waiter is not None:
                self.waiter.cancel()
        elif work and self.task is not asyncio.current_task():
            self.task.cancel()

    def future(self) -> asyncio.Future[None]:
        """Done once the timer fired and did its work (cancelled with the timer)."""
        if self.waiter is None:
            self.waiter = asyncio.get_running_loop().create_future()
            if self.task is not None and self.task.done():
                self._finished(self.task)
        return self.waiter

    def resolve(self) -> None:
        """The timer fired with nothing due (it re-arms): whoever waits for it is done."""
        if self.waiter is not None and not self.waiter.done():
            self.waiter.set_result(None)

    def _finished(self, task: asyncio.Task[None]) -> None:
        """The work's task ended: pass its outcome to whoever waits (only then is it read)."""
        waiter = self.waiter
        if waiter is None or waiter.done():
            return
        if task.cancelled():
            waiter.cancel()
        elif (error := task.exception()) is not None:
            waiter.set_exception(error)
        else:
            waiter.set_result(None)


class MatchTimers:
    """One armed timer per match, always for the soonest thing its state is waiting for."""

    def __init__(
        self,
        service: MatchService,
        turn_clocks: TurnClocks,
        clock: ClockSync,
        gateway: GatewayWatch,
        after: AfterStep,
        *,
        aways: Aways,
        store: StoreWatch,
    ) -> None:
        self._service = service
        self._turn_clocks = turn_clocks
        self._clock = clock
        self._gateway = gateway
        self._after = after
        self._aways = aways
        """Where the work a timer did goes on (the after-step pipeline)."""
        self._timers: dict[int, _Armed] = {}
        self._failures: dict[int, int] = {}
        """Failed attempts in a row per match (a database or Discord outage): the backoff."""
        self._working: set[int] = set()
        """Matches whose timer is doing its work now: left alone by a wholesale re-arm (it re-arms
        when done), so its deadline is not armed a second time meanwhile."""
        self._store = store
        self._on_store: set[int] = set()
        """Matches whose timer failed on the database: re-armed the moment it answers."""

    def rearm(self, live: LiveMatch) -> None:
        """Cancel the match's timer and arm the one its state needs now (if any)."""
        old = self._timers.pop(live.id, None)
        if old is not None:
            old.cancel()
        if not live.open:
            return
        due = self._due(live)
        if due is not None:
            self._arm(live, due[0])

    def pending(self, match_id: int) -> asyncio.Future[None] | None:
        """A future done once the match's armed timer fired and did its work, if one is armed
        (tests await one that is due); a re-arm makes a new one."""
        armed = self._timers.get(match_id)
        return None if armed is None else armed.future()

    def is_due(self, live: LiveMatch) -> bool:
        """Whether the match's next timed event is due now by the local clock."""
        due = self._due(live)
        return due is not None and due[0] <= self._clock.local_ms()

    def rearm_all(self) -> None:
        """Arm every open match's timer (start-up)."""
        for live in list(self._service.matches.values()):
            self.rearm(live)

    def gateway_up(self) -> None:
        """The gateway is back: arm the deadlines that waited for it, leaving a timer that is
        doing its work alone (it re-arms when done)."""
        for live in list(self._service.matches.values()):
            if live.id not in self._working:
                self.rearm(live)

    def cancel_all(self) -> None:
        """Stop every timer (shutdown); the states keep what is due for the next start."""
        for armed in self._timers.values():
            armed.cancel(work=True)
        self._timers.clear()

    async def store_back(self) -> None:
        """The database answers again: fire every timer that waited on it at once (each keeps
        its backoff, should it fail again), not at its next backoff step."""
        waiting, self._on_store = self._on_store, set()
        for match_id in waiting:
            live = self._service.matches.get(match_id)
            if live is not None and live.id not in self._working:
                self.rearm(live)

    def _due(self, live: LiveMatch) -> Due | None:
        """The soonest of the game's own deadline, the turn clock's next event and an away
        member's return."""
        dues = [self._game_due(live)]
        turn = self._turn_clocks.due(live)
        if turn is not None:
            dues.append((self._clock.local_ms_at(turn), lambda: self._turn_clock(live)))
        back = self._aways.next_end(live)
        if back is not None:
            dues.append((self._clock.local_ms_at(back), lambda: self._after.away_due(live)))
        return min((d for d in dues if d is not None), key=lambda d: d[0], default=None)

    async def _turn_clock(self, live: LiveMatch) -> None:
        """The turn clock's event, and what follows it (a notice, the misses it applied)."""
        await self._after.clock_fired(live, await self._turn_clocks.fire(live))

    def _game_due(self, live: LiveMatch) -> Due | None:
        """The local firing time (ms) and the work, or None when nothing is waiting."""
        service, clock = self._service, self._clock
        if live.held:  # clicks kept through a database outage are applied first
            return None
        if live.wake_at is not None:
            at = clock.local_ms_at(live.wake_at)
            return at, lambda: self._done(live, service.resume(live.id))
        due = live.rules.deadline(live, clock.known)
        at_ms = None if due is None else self._gated(due)
        if due is None or at_ms is None:
            return None
        work = service.system
        return at_ms, lambda: self._done(live, work(live.id, due.seat, due.action, due=True))

    async def _done(self, live: LiveMatch, work: Awaitable[Played | None]) -> None:
        """Run a game deadline's work; what it played goes on (nothing: the timer re-arms)."""
        self._after.deadline_done(live, await work)

    def _gated(self, due: GameDeadline) -> int | None:
        """The local time (ms) a game's deadline may fire: Discord's `at_ms`, and not before the
        gateway has been connected `settle_ms`; None while it is down (clicks are held)."""
        settled = self._gateway.settled_at(due.settle_ms)
        return None if settled is None else max(self._clock.local_ms_at(due.at_ms), settled)

    def _arm(self, live: LiveMatch, at_ms: int) -> None:
        """A handle that wakes at local `at_ms`, in place of the match's timer."""
        old = self._timers.pop(live.id, None)
        if old is not None:
            old.cancel()
        armed = _Armed(live)
        armed.sleep(max(0, at_ms - self._clock.local_ms()) / 1000, self._wake)
        self._timers[live.id] = armed

    def _wake(self, armed: _Armed) -> None:
        """The handle is due; woken much later than armed for, the process stood still: the
        clicks it has not read yet go first (it settles, then looks again)."""
        if armed.late_ms() > STALL_MS:
            log.debug("match %s: the process stood still; settling before its timer", armed.live.id)
            armed.sleep(SETTLE_AFTER_STALL_S, self._fire)
            return
        self._fire(armed)

    def _fire(self, armed: _Armed) -> None:
        """Do what the state is waiting for *then*, in a task of its own (a clock may have been
        set back, or the state moved on meanwhile: re-armed rather than fired early)."""
        live = armed.live
        due = self._due(live)
        if due is None or due[0] > self._clock.local_ms():
            armed.resolve()
            self.rearm(live)
            return
        armed.start(self._work(live, due[1]))

    async def _work(self, live: LiveMatch, work: Callable[[], Awaitable[None]]) -> None:
        """Run what was due; a failure is retried (the database's on its return)."""
        self._working.add(live.id)
        try:
            await work()
        except Exception as error:
            on_store = isinstance(error, StorageError) or store_outage(error)
            self._retry(live, error if on_store else None)
            if on_store:
                self._on_store.add(live.id)
                self._store.failed(error)
            return
        finally:
            self._working.discard(live.id)
        self._failures.pop(live.id, None)

    def _retry(self, live: LiveMatch, on_store: BaseException | None) -> None:
        """What was due failed (the database or Discord is down): try again after a growing
        wait, until it succeeds or the match ends — a deadline is never silently dropped. A
        database outage is logged by the store's watch, once, not by every timer."""
        failures = self._failures.get(live.id, 0) + 1
        self._failures[live.id] = failures
        wait_ms = min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** (failures - 1))
        log.log(
            logging.DEBUG if on_store else logging.WARNING,
            "match %s: its timer failed (attempt %d); retrying in %d ms",
            live.id,
            failures,
            wait_ms,
            exc_info=failures == 1 and on_store is None,
        )
        if not live.open:
            return
        self._arm(live, self._clock.local_ms() + wait_ms)

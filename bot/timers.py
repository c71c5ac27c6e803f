"""The clocks a Kero match runs on: the tanker deadline, the live fuel-up's patience, and the
computer's moves that wait for real time.

Every due time is derived from the replayed state (the window's empty time E, the last live
throw, the computer's next stamp), so a restart re-arms exactly the same deadlines without
storing anything besides the match's own events. A deadline fires on the local clock at
Discord's time + the estimated offset + a grace, so a click stamped before E that is still in
flight is honoured rather than lost.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Final

from bot.service import LiveMatch, Played
from games.kero import KeroState
from games.kero.board import Phase

if TYPE_CHECKING:
    from bot.app import TableroBot

log = logging.getLogger(__name__)

GRACE_MS: Final = 1_500
"""How long after E the deadline waits for clicks stamped before E that are still in flight."""
UNSYNCED_MS: Final = 5_000
"""Extra wait for a tank deadline while the bot has not yet seen an interaction (just after a
restart its clock offset is unknown, and firing early could lose a click in flight)."""
LIVE_THROW_WAIT_MS: Final = 5_000
"""A live fuel-up whose thrower has not thrown for this long goes on at the fixed cadence."""


class MatchTimers:
    """One armed task per match, always for the soonest thing its state is waiting for."""

    def __init__(self, bot: TableroBot) -> None:
        self.bot = bot
        self._tasks: dict[int, asyncio.Task[None]] = {}

    def rearm(self, live: LiveMatch) -> None:
        """Cancel the match's timer and arm the one its state needs now (if any)."""
        old = self._tasks.pop(live.id, None)
        if old is not None and old is not asyncio.current_task():
            old.cancel()
        if live.id not in self.bot.service.matches:
            return
        due = self._due(live)
        if due is None:
            return
        task = asyncio.create_task(self._fire(live, due[0]), name=f"tablero-timer-{live.id}")
        self._tasks[live.id] = task

    def pending(self, match_id: int) -> asyncio.Task[None] | None:
        """The match's armed timer task, if any (tests await one that is due)."""
        return self._tasks.get(match_id)

    def is_due(self, live: LiveMatch) -> bool:
        """Whether the match's next timed event is due now by the local clock."""
        due = self._due(live)
        return due is not None and due[0] <= self.bot.clock.local_ms()

    def rearm_all(self) -> None:
        """Arm every open match's timer (start-up)."""
        for live in list(self.bot.service.matches.values()):
            self.rearm(live)

    def cancel_all(self) -> None:
        """Stop every timer (shutdown); the states keep what is due for the next start."""
        for task in self._tasks.values():
            task.cancel()
        self._tasks.clear()

    def _due(self, live: LiveMatch) -> tuple[int, Callable[[], Awaitable[Played | None]]] | None:
        """The soonest of the game's own deadline and the turn clock's next event."""
        game = self._game_due(live)
        turn = self.bot.clocks.due(live)
        if turn is None or (game is not None and game[0] <= self.bot.clock.local_ms_at(turn)):
            return game
        return self.bot.clock.local_ms_at(turn), lambda: self._turn_clock(live)

    async def _turn_clock(self, live: LiveMatch) -> None:
        await self.bot.clocks.fire(live)
        self.rearm(live)

    def _game_due(
        self, live: LiveMatch
    ) -> tuple[int, Callable[[], Awaitable[Played | None]]] | None:
        """The local firing time (ms) and the work, or None when nothing is waiting."""
        service, clock = self.bot.service, self.bot.clock
        if live.wake_at is not None:
            return clock.local_ms_at(live.wake_at), lambda: service.resume(live.id)
        state = live.state
        if not isinstance(state, KeroState):
            return None
        seat = state.active
        window = state.turn.window
        if state.phase is Phase.ROLLING and window is not None and not live.is_ai(seat):
            empty = window.empty_at
            text = f"empty@{empty}"
            wait = GRACE_MS if clock.known else GRACE_MS + UNSYNCED_MS
            return clock.local_ms_at(empty + wait), lambda: service.system(live.id, seat, text)
        if state.phase is Phase.FUELING and state.fuel_mode == "live":
            thrower = 1 - seat
            since = state.turn.fuel_last or state.turn.fuel_from
            if since is None or live.is_ai(thrower):
                return None
            at = since + LIVE_THROW_WAIT_MS
            text = f"autofuel@{at}"
            return clock.local_ms_at(at), lambda: service.system(live.id, thrower, text)
        return None

    async def _fire(self, live: LiveMatch, at_ms: int) -> None:
        """Sleep until due, then do what the state is waiting for *then* (a clock may have been
        set back, or the state moved on meanwhile: re-armed rather than fired early)."""
        await asyncio.sleep(max(0, at_ms - self.bot.clock.local_ms()) / 1000)
        due = self._due(live)
        if due is None or due[0] > self.bot.clock.local_ms():
            self.rearm(live)
            return
        try:
            played = await due[1]()
        except Exception:
            log.exception("match %s: its timer failed", live.id)
            return
        if played is not None:
            self.bot.publisher.after(played, on_public_message=False)
        else:
            self.rearm(live)

"""A match's searching computers ask the thinker (worker processes) for their moves; an answer
that comes back wakes the match, which then plays it like any move.

A question stands while only other seats move (Keer's simultaneous picks); an answer the match
does not wait for (a member still has to move too) rides with that member's step instead of
waking the match. A worker that fails gets the normal computer's move for the same decision.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Collection

from bot.core.live import LiveMatch, MakeAI
from bot.core.thinking import Question, Thinker
from games.common.levels import Level
from games.common.protocol import Seat
from games.records import record_of

log = logging.getLogger(__name__)


class Questions:
    """The questions in flight for every match, and where their answers go."""

    def __init__(
        self,
        thinker: Thinker | None,
        *,
        make_ai: MakeAI,
        now_ms: Callable[[], int],
        answered: Callable[[LiveMatch], None],
        cpu_ms: float = 100.0,
        think_ms: int | None = None,
    ) -> None:
        self._thinker = thinker
        self._make_ai = make_ai
        self._now_ms = now_ms
        self._answered = answered
        """Told when an answer the match waits for is back and the match woken (the steps then
        re-arm its timer)."""
        self._cpu_ms = cpu_ms
        """A hard decision's budget of CPU time in its worker."""
        self._think_ms = think_ms
        """Game time each of a searching computer's clicks takes (the bot's pace)."""
        self._tasks: set[asyncio.Task[None]] = set()

    @property
    def searching(self) -> bool:
        """Whether hard computers think in workers (else they play in this process, bound by
        their playouts)."""
        return self._thinker is not None

    def warm(self, live: LiveMatch) -> None:
        """Start the workers ahead of the first question when the match has a hard seat."""
        seats = range(len(live.players))
        if self._thinker is not None and any(live.level(s) is Level.HARD for s in seats):
            self._thinker.warm()

    def ask(self, live: LiveMatch, seats: Collection[Seat]) -> None:
        """Send the questions the match's stored state raised for these seats (one already in
        flight or answered for the same decision is not asked again)."""
        thinker, state = self._thinker, live.state
        if thinker is None:
            return
        for seat in sorted(seats):
            if not live.thoughts.needs_asking(state, seat):
                continue
            asked = live.thoughts.ask(state, seat)
            record = record_of(
                live.spec.name, state, live.players, options=live.options, seed=live.seed
            )
            question = Question(record, seat, Level.HARD, self._cpu_ms, self._think_ms)
            task = asyncio.create_task(
                self._think(thinker, live, question, asked), name=f"tablero-think-{live.id}"
            )
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _think(
        self, thinker: Thinker, live: LiveMatch, question: Question, asked: int
    ) -> None:
        """Ask, keep the answer, and wake the match (a failed worker: the normal player's move)."""
        seat = question.seat
        try:
            action = live.spec.parse_action(await thinker.think(question))
        except Exception:
            log.exception(
                "match %s: seat %s's computer could not think; it plays normal", live.id, seat
            )
            state = live.state
            if not live.open or not live.thoughts.still_asked(state, seat, asked):
                return  # the decision moved on: the next one is asked afresh
            action = self._make_ai(live.spec, Level.NORMAL).choose(state, seat)
        if not live.thoughts.received(seat, asked, action) or not live.open:
            return
        if any(live.waits_for(s) for s in range(len(live.players)) if not live.is_ai(s)):
            return  # it rides with the member's move the match awaits too
        live.wake_at = self._now_ms()
        self._answered(live)

    async def stop(self) -> None:
        """Cancel the questions in flight (shutdown: a restart asks them again)."""
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

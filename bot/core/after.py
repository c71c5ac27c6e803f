"""The one loop of the bot, closed once by the composition root: the timers, the match service's
thinking and the outbox are built before the after-step pipeline (`bot/delivery/steps.py`), which
re-arms the timers and owes messages — so they reach it through this link, connected once the
pipeline exists. Calls are plain method calls, in order (never discord.py's unordered events).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from bot.core.live import LiveMatch, Played
    from bot.core.turn_clocks import ClockEvent


class AfterStep(Protocol):
    """What happens after the work of components built before the pipeline."""

    def deadline_done(self, live: LiveMatch, played: Played | None) -> None:
        """A timer ran the match's deadline or the computer's waiting move (None: nothing
        applied)."""
        ...

    async def clock_fired(self, live: LiveMatch, event: ClockEvent | None) -> None:
        """A turn clock reminded, ran out or abandoned the match (inside the timer's work)."""
        ...

    def thought(self, live: LiveMatch) -> None:
        """A searching computer's answer woke the match."""
        ...

    async def landed(self, live: LiveMatch) -> None:
        """The match's new message is up."""
        ...

    def given_back(self, live: LiveMatch) -> None:
        """The outbox stored what a late step's game gives back (Kero: tank time)."""
        ...

    async def away_due(self, live: LiveMatch) -> None:
        """A timer found an away member of the match due back."""
        ...

    def reloaded(self, live: LiveMatch) -> None:
        """The match service read the match back from the store (it was ahead)."""
        ...


class AfterStepLink:
    """An `AfterStep` for the components built before the pipeline: it forwards every call to
    the pipeline once `connect` named it (a call before that is a wiring bug and raises)."""

    def __init__(self) -> None:
        self._target: AfterStep | None = None

    def connect(self, target: AfterStep) -> None:
        """Close the loop (once, in the composition root)."""
        if self._target is not None:
            raise RuntimeError("the after-step link is connected already")
        self._target = target

    def _to(self) -> AfterStep:
        if self._target is None:
            raise RuntimeError("the after-step link is used before the pipeline exists")
        return self._target

    def deadline_done(self, live: LiveMatch, played: Played | None) -> None:
        """Forwarded."""
        self._to().deadline_done(live, played)

    async def clock_fired(self, live: LiveMatch, event: ClockEvent | None) -> None:
        """Forwarded."""
        await self._to().clock_fired(live, event)

    def thought(self, live: LiveMatch) -> None:
        """Forwarded."""
        self._to().thought(live)

    async def landed(self, live: LiveMatch) -> None:
        """Forwarded."""
        await self._to().landed(live)

    def given_back(self, live: LiveMatch) -> None:
        """Forwarded."""
        self._to().given_back(live)

    async def away_due(self, live: LiveMatch) -> None:
        """Forwarded."""
        await self._to().away_due(live)

    def reloaded(self, live: LiveMatch) -> None:
        """Forwarded."""
        self._to().reloaded(live)

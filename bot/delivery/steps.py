"""The one after-step pipeline: what follows a stored step, whoever made it — a member's click,
a deadline, a computer's answer, a turn clock, the start-up restore.

Given a stored step and what was shown of it, it owes or refreshes the match's message (the
outbox), and once that has landed it updates the turn clock and then re-arms the match's timer,
in that order. Nothing else makes those calls for a step: components built before the pipeline
reach it through `bot.core.after.AfterStepLink`, which the composition root connects.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Collection, Sequence
from typing import Any, Final, Protocol

import discord

from bot.core.away import AwayChange, Aways
from bot.core.clock_book import TableClock
from bot.core.clock_sync import ClockSync, snowflake_ms
from bot.core.live import LiveMatch, Played
from bot.core.timers import MatchTimers
from bot.core.turn_clocks import Abandoned, ClockEvent, Ping, RanOut, Reminders, TurnClocks
from bot.delivery.outbox import Outbox
from bot.delivery.private import close_past
from bot.delivery.publisher import Publisher
from storage import Owed, Rebuilt

log = logging.getLogger(__name__)

ANSWER_WINDOW_MS: Final = 3_000
"""Discord takes a click's first answer only within 3 s of the click."""
MIN_ANSWER_S: Final = 0.5
"""The least an answer is given (a click already past its 3 s is refused by Discord quickly)."""
FLUSH_GRACE_S: Final = 4.0
"""On shutdown, how long queued posts may take to finish before they are cut short."""


class ClockNotices(Protocol):
    """What a turn clock says in Discord (the ui's absence notices)."""

    async def ping(self, live: LiveMatch, ping: Ping) -> None:
        """Mention the members a new async wait is for."""
        ...

    async def remind(self, live: LiveMatch, user_id: str, due_ms: int) -> None:
        """A DM to a member who asked for reminders."""
        ...

    async def ran_out(self, live: LiveMatch, event: RanOut) -> None:
        """Who timed out, and Skip turn / Expel for the other members."""
        ...

    async def abandoned(self, live: LiveMatch) -> None:
        """The match was closed as abandoned."""
        ...

    async def away(self, live: LiveMatch, change: AwayChange) -> None:
        """A member went away or came back."""
        ...

    async def gone(self, live: LiveMatch, *, ended: bool) -> None:
        """A player deleted their data and left (`ended`: the match with them)."""
        ...


class Steps:
    """What follows every stored step, in order: message, then turn clock, then timer."""

    def __init__(
        self,
        publisher: Publisher,
        outbox: Outbox,
        turn_clocks: TurnClocks,
        timers: MatchTimers,
        *,
        notices: ClockNotices,
        clock: ClockSync,
        aways: Aways,
        resume: Callable[[int], Awaitable[Played | None]],
    ) -> None:
        self._publisher = publisher
        self._outbox = outbox
        self._turn_clocks = turn_clocks
        self._timers = timers
        self._notices = notices
        self._clock = clock
        self._aways = aways
        self._resume = resume
        """The bot's own moves a match waits for, played (the match service's `resume`)."""

    # -- members' clicks --------------------------------------------------------------------

    def acted(self, live: LiveMatch) -> None:
        """A member's action was stored: the match is not abandoned."""
        self._turn_clocks.member_acted(live)

    async def answered(
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
            self._after(played, on_public_message=on_public_message and answered, answer_lost=lost)

    def _answer_window_s(self, interaction: discord.Interaction[Any]) -> float:
        """How long an answer may still take: Discord refuses one after 3 s (10062), so once
        they are over, discord.py's retries of a 5xx (1 + 3 + 5 + … s) only hold the message
        back."""
        left_ms = snowflake_ms(interaction.id) + ANSWER_WINDOW_MS - self._clock.now_ms()
        return max(MIN_ANSWER_S, left_ms / 1000)

    # -- what the bot stores by itself -------------------------------------------------------

    def stored(self, played: Played) -> None:
        """A step no click's answer showed (a skip, an expulsion's moves): deliver it."""
        self._after(played, on_public_message=False)

    async def opened(self, live: LiveMatch, table: TableClock) -> None:
        """A new match is stored: post its first message (HTTPException when Discord refuses
        it) showing its turn clock (in its playing hours), start the clock's wait and arm the
        timer; a member away already is away here too."""
        await self._turn_clocks.start(live, table)
        try:
            await self._publisher.post_first(live)
        except BaseException:
            self._turn_clocks.forget(live.id)
            raise
        await self._pinged(live, await self._turn_clocks.update(live))
        self._timers.rearm(live)
        await self.away_changed(live, self._aways.settle(live))

    def closed(self, live: LiveMatch) -> None:
        """A match ended without a result: take the buttons off its message (its turn clock
        went with it: finishing a match drops its deadlines)."""
        self._turn_clocks.forget(live.id)
        self._outbox.owe(
            Owed(live.id, "close", live.state.version, None, self._clock.now_ms()), live
        )

    def unreachable(self, live: LiveMatch) -> None:
        """A match ended where the bot can no longer post (removed from its server): its clock
        and timer go, and nothing is owed there."""
        self._turn_clocks.forget(live.id)
        self._timers.rearm(live)

    def clock_changed(self, live: LiveMatch) -> None:
        """The turn clock was given more time: the card shows the new end, the timer moves."""
        self._outbox.refresh(live)
        self._timers.rearm(live)

    async def post_again(self, live: LiveMatch) -> None:
        """Post the match's current message again (a player lost it); the old one loses its
        buttons, so only one message is clickable."""
        await self._publisher.repost(live)
        await self._outbox.bring_back(live)

    async def restore(self, rebuilt: Rebuilt, last_moments: Collection[int]) -> None:
        """Start-up: the stored turn clocks (their waits as the matches wait once the away
        seats are known), every match's timer, and the owed messages."""
        self._turn_clocks.restore(rebuilt.deadlines, rebuilt.stored)
        await self._aways.restore()
        self._turn_clocks.settle_waits()
        self._timers.rearm_all()
        await self._outbox.restore(last_moments)

    # -- from the components built before the pipeline (`AfterStep`) -------------------------

    def deadline_done(self, live: LiveMatch, played: Played | None) -> None:
        """A timer ran the match's deadline or the computer's waiting move."""
        if played is None:
            self._timers.rearm(live)
        else:
            self._after(played, on_public_message=False)

    async def clock_fired(self, live: LiveMatch, event: ClockEvent | None) -> None:
        """Say what a turn clock did; what its misses changed is posted only after the notice
        (posting re-arms the timer this runs in)."""
        if isinstance(event, Abandoned):
            await self._turn_clocks.update(live)
            self.closed(live)
            await self._notices.abandoned(live)
        elif isinstance(event, RanOut):
            try:
                await self._notices.ran_out(live, event)
            finally:
                for played in event.steps:
                    self._after(played, on_public_message=False)
        elif isinstance(event, Reminders):
            for user_id in event.user_ids:
                await self._notices.remind(live, user_id, event.due_ms)
        self._timers.rearm(live)

    def thought(self, live: LiveMatch) -> None:
        """A searching computer's answer woke the match: its timer plays it."""
        self._timers.rearm(live)

    async def landed(self, live: LiveMatch) -> None:
        """A new message is up: its turn clock starts now, then the timer is armed."""
        await self._clock_then_timer(live)

    def given_back(self, live: LiveMatch) -> None:
        """A late step's give-back was stored: its deadline moved."""
        self._timers.rearm(live)

    def reloaded(self, live: LiveMatch) -> None:
        """The match was read back from the store, which was ahead of this process (after a
        fault, bot/core/reloads.py): its message is re-published at the step now current — the
        newest clickable message shows it — then its turn clock and timer follow."""
        self._outbox.refresh(live)
        self._publisher.spawn(self._clock_then_timer(live), f"clock-{live.id}")

    async def away_due(self, live: LiveMatch) -> None:
        """An away member of the match is due back (their span ended)."""
        await self.away_changed(live, self._aways.settle(live))

    async def away_changed(self, live: LiveMatch, changes: Sequence[AwayChange]) -> None:
        """Members of the match went away or came back: each said once in its channel, then
        the clock's pauses follow, and the bot plays what the match now waits for from it (an
        away Keer member's skipped part, a stand-in's move) — or the card shows the change."""
        if not changes:
            return
        for change in changes:
            await self._notices.away(live, change)
        await self._turn_clocks.repause(live)
        played = await self._resume(live.id)
        if played is not None:
            self._after(played, on_public_message=False)
        else:
            self._outbox.refresh(live)
            self._timers.rearm(live)

    async def gone(self, live: LiveMatch, played: Played | None) -> None:
        """A deleted member's seat was resigned: said once in the channel, then the computer
        plays the seat (what that stored is delivered), or the ended match loses its buttons."""
        await self._notices.gone(live, ended=played is None)
        if played is None:
            self.closed(live)
        else:
            self.stored(played)

    # -- the pipeline ----------------------------------------------------------------------

    def _after(self, played: Played, *, on_public_message: bool, answer_lost: bool = False) -> None:
        """Deliver what a stored step changed: a new message (its turn clock starts once it
        is posted), or the shown message's waiting list — shown late when the answer that
        should have shown it was lost."""
        live = played.match
        if played.owed is not None:
            self._outbox.owe(played.owed, live, summarised=on_public_message)
            self._timers.rearm(live)
            if live.private:  # what members saw privately of the step now over
                self._publisher.spawn(close_past(live, self._clock.now_ms()), f"private-{live.id}")
            return
        self._publisher.spawn(self._clock_then_timer(live), f"clock-{live.id}")
        if on_public_message:
            return
        if answer_lost:
            self._outbox.refresh(live, late_since=played.stored_ms)
            return
        rules = live.rules  # the shown buttons still work: the edit may wait for more changes
        still = rules.step_version(live.state) == rules.step_version(played.before)
        self._outbox.refresh(live, gather=still)

    async def _clock_then_timer(self, live: LiveMatch) -> None:
        """The turn clock moves on with the step, then the timer is armed (also when the clock
        could not be stored: it runs in memory and is stored with its next change)."""
        try:
            await self._pinged(live, await self._turn_clocks.update(live))
        finally:
            self._timers.rearm(live)

    async def _pinged(self, live: LiveMatch, ping: Ping | None) -> None:
        if ping is not None:
            await self._notices.ping(live, ping)

    async def close(self, grace_s: float = FLUSH_GRACE_S) -> None:
        """Finish queued work and deliveries, and the work they queue in turn, for up to
        `grace_s` seconds (what is still owed stays stored); then stop."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + grace_s
        publisher, outbox = self._publisher, self._outbox
        while (busy := publisher.busy() | outbox.busy()) and (left := deadline - loop.time()) > 0:
            await asyncio.wait(busy, timeout=left)
        await outbox.close()
        await publisher.close()

"""Turn clocks for live and async play: how long the members a match waits for may take, one
reminder before the clock runs out, and what happens when it does.

A wait starts when the match's message changes (a Keer roll, a Kero turn or claim) or when more
members are waited for (everyone's picks after a Keer keep), and lasts `turn_ms` of playing time:
inside the table's playing hours if it chose some (bot/core/playing_hours.py), plus what other
members gave with "Give more time". Its state is a `turn` deadline row (absolute times, JSON
payload), written when the wait changes, so a restart re-arms it; what the match's own events
tell — the seats a wait is still for, a member's last click — is not written again for them but
read back from the replayed match at start-up. When it runs out, Keer skips the absent players'
roll (the bot rolls or keeps for an absent roller); Kero asks the opponent to skip the absent
clan's turn or to expel its player (the computer then plays the seat). A match where no member
acted for `abandon_ms` is closed as abandoned.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Final

from bot.core.clock_book import MORE_TIME_MOST, ClockBook, TableClock, TurnClock, waiting
from bot.core.clock_sync import ClockSync, snowflake_ms
from bot.core.live import LiveMatch, Played
from bot.core.refusals import Refused
from bot.core.service import MatchService
from bot.core.settings import ClockMode, Settings
from games.common.protocol import Seat
from games.records import MatchRecord
from storage import Deadline, Store, StoredMatch

log = logging.getLogger(__name__)

KIND: Final = "turn"


@dataclass(frozen=True, slots=True)
class Abandoned:
    """Nobody acted for the server's abandon time: the match was closed as abandoned."""


@dataclass(frozen=True, slots=True)
class RanOut:
    """The clock of these member seats ran out: what the game skips by itself was applied."""

    seats: tuple[Seat, ...]
    skipped: tuple[Seat, ...]
    """The seats whose missed turn the game applied by itself (Keer)."""
    absent: tuple[Seat, ...]
    """The seats the match still waits for: the other members may skip their turn or expel."""
    steps: tuple[Played, ...]
    """What the skips stored (their messages are owed once the notice is out)."""


@dataclass(frozen=True, slots=True)
class Reminders:
    """The members to remind by DM (they asked for reminders) before their clock runs out."""

    user_ids: tuple[str, ...]
    due_ms: int


ClockEvent = Abandoned | RanOut | Reminders
"""What a turn clock's event did, for the after-step pipeline to say."""


@dataclass(frozen=True, slots=True)
class Ping:
    """In async play, the members a new wait is for that the match's message did not mention."""

    seats: tuple[Seat, ...]
    due_ms: int


class TurnClocks:
    """Every match's turn clock: started, moved on, reminded, expired."""

    def __init__(
        self,
        store: Store,
        settings: Settings,
        service: MatchService,
        clock: ClockSync,
        book: ClockBook,
        *,
        owes_post: Callable[[int], bool],
        mentioned: Callable[[LiveMatch], Collection[Seat]],
    ) -> None:
        self._store = store
        self._settings = settings
        self._service = service
        self._clock = clock
        self._owes_post = owes_post
        """Whether a match's new message has not landed yet (the outbox): its wait waits."""
        self._mentioned = mentioned
        """The seats the match's current message mentions (its layout)."""
        self._book = book

    @property
    def clocks(self) -> dict[int, TurnClock]:
        """Every open match's clock, by match id (the book's)."""
        return self._book.clocks

    def restore(self, deadlines: list[Deadline], stored: Mapping[int, StoredMatch]) -> None:
        """Take the stored clocks back at start-up (a damaged one is logged and dropped), each
        with its match's last member click as activity: a click's activity rides along with
        the next write of the clock, which a restart may have come before."""
        for deadline in deadlines:
            if deadline.kind != KIND:
                continue
            try:
                clock = TurnClock.from_payload(dict(deadline.payload))
            except ValueError as error:
                log.error("match %s: turn clock dropped: %s", deadline.match_id, error)
                continue
            match = stored.get(deadline.match_id)
            if match is not None:
                clock.last_member_ms = max(clock.last_member_ms, _last_click_ms(match.record))
            self.clocks[deadline.match_id] = clock

    def settle_waits(self) -> None:
        """Start-up, once the away seats are known: a restored wait is for the seats its match
        waits for now — a click that only took a seat out of the wait (a Keer pick) was not
        written with the clock (`update`)."""
        for match_id, clock in self.clocks.items():
            live = self._service.matches.get(match_id)
            if live is None or live.message_key != clock.key:
                continue  # a new wait starts with its message (`update`)
            seats = waiting(live)
            if set(seats) <= set(clock.waiting):
                clock.waiting = seats

    async def start(self, live: LiveMatch, table: TableClock) -> None:
        """A new match's clock, as its lobby chose it, with the server's lengths: known to its
        first card, its wait started by `update` once that card is posted."""
        settings = await self._settings.guild(live.guild_id)
        now = self._clock.now_ms()
        mode = table.mode
        clock = TurnClock(mode, settings.turn_ms(mode), settings.abandon_ms, -1, now, now)
        clock.last_member_ms = now
        if table.hours is not None and mode is ClockMode.ASYNC:
            clock.hours = table.hours.stored()
        clock.away = table.away.value
        self.clocks[live.id] = clock

    def mode_of(self, match_id: int) -> ClockMode | None:
        """The clock mode a match was played with (None once forgotten)."""
        clock = self.clocks.get(match_id)
        return ClockMode(clock.mode) if clock else None

    def timed_out(self, match_id: int) -> tuple[Seat, ...]:
        """The member seats whose clock ran out and who still have not acted."""
        clock = self.clocks.get(match_id)
        return tuple(clock.waiting) if clock is not None and clock.expired else ()

    def forget(self, match_id: int) -> None:
        """A match ended: its clock goes (its stored deadline went with the match)."""
        self.clocks.pop(match_id, None)

    def member_acted(self, live: LiveMatch) -> None:
        """A member's action: the match is not abandoned."""
        clock = self.clocks.get(live.id)
        if clock is not None:
            clock.last_member_ms = self._clock.now_ms()

    async def update(self, live: LiveMatch) -> Ping | None:
        """After any change: a new wait when the message changed or more members are waited
        for; stored when the wait changed — not when it only waits for fewer seats, which the
        match's events tell a restart (`settle_waits`), nor for a member's activity, which
        rides along with the next write (so a pick or a re-roll costs no write). Returns whom
        to ping for the new wait."""
        clock = self.clocks.get(live.id)
        if clock is None:
            return None
        if not live.open:
            self.clocks.pop(live.id, None)
            await self._store.clear_deadline(live.id, KIND)
            return None
        if self._owes_post(live.id):
            return None  # the new wait starts once its message has landed
        before = (clock.key, clock.due_ms, set(clock.waiting))
        key, seats = live.message_key, waiting(live)
        if key != clock.key:
            mentioned = self._mentioned(live)
            clock.mentioned = [s for s in seats if s in mentioned]
        ping = None
        if self._book.restarts(live, clock, seats):
            clock.restart(key, self._clock.now_ms(), self._book.paused(live, seats))
            ping = self._ping(clock, seats)
        clock.waiting = seats
        if (clock.key, clock.due_ms) != before[:2] or not before[2].issuperset(seats):
            await self._save(live, clock)
        return ping

    async def repause(self, live: LiveMatch) -> None:
        """A member of the match went away or came back: the current wait's pauses, and so its
        end, follow (stored when they moved)."""
        clock, seats = self.clocks.get(live.id), waiting(live)
        if clock is None or self._book.restarts(live, clock, seats):
            return  # no wait yet, or a new one starts with its message (`update`)
        before = (clock.due_ms, clock.paused)
        clock.repause(self._book.paused(live, seats))
        if (clock.due_ms, clock.paused) != before:
            await self._save(live, clock)

    async def give_more(self, live: LiveMatch, giver: Seat | None) -> TurnClock:
        """More playing time for the members the match waits for, given by another player of
        the match (`giver`, their seat) or a server manager (None); stored before it is said.
        Refused in live play, when nobody is on the clock, to a player who is, and once the
        match had its `MORE_TIME_MOST`."""
        clock = self.clocks.get(live.id)
        if clock is None or not live.open:
            raise Refused("refuse-more-time-nobody")
        if ClockMode(clock.mode) is not ClockMode.ASYNC:
            raise Refused("refuse-more-time-live")
        if self._book.restarts(live, clock, waiting(live)) or not clock.waiting:
            raise Refused("refuse-more-time-nobody")
        if giver in clock.waiting:
            raise Refused("refuse-more-time-yourself")
        if clock.given >= MORE_TIME_MOST:
            raise Refused("refuse-more-time-spent", most=MORE_TIME_MOST)
        clock.give_more(self._clock.now_ms())
        await self._save(live, clock)
        return clock

    async def _save(self, live: LiveMatch, clock: TurnClock) -> None:
        await self._store.set_deadline(Deadline(live.id, KIND, clock.due_ms, clock.payload()))

    def _ping(self, clock: TurnClock, waiting: list[int]) -> Ping | None:
        """In async play, the members a new wait is for that the match's message did not
        mention, once each (Keer's picks after the keep); live players are watching already."""
        new = [seat for seat in waiting if seat not in clock.mentioned]
        if clock.mode != ClockMode.ASYNC or not new:
            return None
        clock.mentioned += new
        return Ping(tuple(new), clock.due_ms)

    def due(self, live: LiveMatch) -> int | None:
        """Discord time of the clock's next event (reminder or expiry), if any."""
        clock = self.clocks.get(live.id)
        if clock is None:
            return None
        if not self._current(live, clock):
            return clock.last_member_ms + clock.abandon_ms
        if not clock.waiting or clock.expired:
            return None
        if set(clock.waiting) - set(clock.reminded):
            return min(clock.remind_ms, clock.due_ms)
        return clock.due_ms

    def _current(self, live: LiveMatch, clock: TurnClock) -> bool:
        """Whether the clock's wait is for the message players can click now: a step's new
        message that has not landed yet (Discord down, a restart) times nobody out."""
        return clock.key == live.message_key and not self._owes_post(live.id)

    async def fire(self, live: LiveMatch) -> ClockEvent | None:
        """The clock's event is due: remind, or (at the end) apply what missing it means, or
        close the match nobody acted in."""
        clock = self.clocks.get(live.id)
        if clock is None or not live.open:
            return None
        now = self._clock.now_ms()
        if now - clock.last_member_ms >= clock.abandon_ms:
            closed = await self._service.close(live.id, "abandoned")
            return None if closed is None else Abandoned()
        if not self._current(live, clock):
            return None
        if now >= clock.due_ms:
            clock.expired = True
            await self._save(live, clock)
            return await self._run_out(live, tuple(clock.waiting))
        return await self._remind(live, clock)

    async def _run_out(self, live: LiveMatch, seats: tuple[Seat, ...]) -> RanOut:
        """Apply what the game skips by itself for each seat whose clock ran out."""
        skipped, steps = [], []
        for seat in seats:
            played = await self._service.missed(live.id, seat)
            if played is not None:
                skipped.append(seat)
                steps.append(played)
        absent = tuple(s for s in seats if s not in skipped and live.waits_for(s))
        return RanOut(seats, tuple(skipped), absent, tuple(steps))

    async def _remind(self, live: LiveMatch, clock: TurnClock) -> Reminders:
        """One DM per member per wait, to those who asked for reminders (`/notify on`)."""
        users = []
        for seat in clock.waiting:
            if seat in clock.reminded:
                continue
            clock.reminded.append(seat)
            player = live.players[seat]
            if (await self._settings.member(player.id)).notify:
                users.append(player.id)
        await self._save(live, clock)
        return Reminders(tuple(users), clock.due_ms)


def _last_click_ms(record: MatchRecord) -> int:
    """When a member last clicked a move of the match (Discord's time of its interaction),
    or 0."""
    for entry in reversed(record.entries):
        if entry.interaction is not None and entry.interaction.isdigit():
            return snowflake_ms(int(entry.interaction))
    return 0

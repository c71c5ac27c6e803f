"""Every open match's turn clock as it stands, and the members' away spans its waits pause for:
written by the turn clocks (bot/core/turn_clocks.py) and by `/away` (bot/core/away.py), read by
the match cards — when the wait the card asks for runs out, and whether more time may still be
given. Built before all of them, so the cards need not know the clocks' machinery.

A card is built before its message lands and its wait starts: for a new wait it shows the end
the wait would have if it started now (it starts a few ms later, so the clock runs out a few ms
after the time shown — in the players' favour).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from enum import StrEnum
from typing import Any, Final

from bot.core.live import LiveMatch
from bot.core.playing_hours import PlayingHours, Span, due_ms
from bot.core.settings import ClockMode
from games.common.protocol import Seat
from storage import AwaySpan

REMIND_SHARE: Final = 0.2
"""The reminder comes when this share of the turn is left."""
MORE_TIME_SHARE: Final = 0.5
"""What one "Give more time" adds: this share of the table's turn length (12 h of 24)."""
MORE_TIME_MOST: Final = 3
"""How many times per match more time may be given."""
HOUR_MS: Final = 3_600_000


class AwayPolicy(StrEnum):
    """What an async table does while a member is away (`/away`), chosen when it starts."""

    PAUSE = "pause"
    """Their clock does not run; a game that goes on without an absent player (Keer) skips
    their part of each roll at once."""
    STAND_IN = "standin"
    """The normal computer plays their seat until they are back."""


@dataclass(frozen=True, slots=True)
class TableClock:
    """How a table's turns are timed, as its lobby chose: live or async and, in async play, its
    playing hours and what it does while a member is away."""

    mode: ClockMode
    hours: PlayingHours | None = None
    away: AwayPolicy = AwayPolicy.PAUSE


@dataclass(slots=True)
class TurnClock:
    """The wait a match is in, as stored in its `turn` deadline."""

    mode: str
    turn_ms: int
    abandon_ms: int
    key: int
    """The match's message key when the wait started (a new key starts a new wait)."""
    since_ms: int
    due_ms: int
    waiting: list[int] = field(default_factory=list)
    """Member seats the wait is for."""
    reminded: list[int] = field(default_factory=list)
    mentioned: list[int] = field(default_factory=list)
    """Seats mentioned since the match's message changed: at most one mention each."""
    expired: bool = False
    last_member_ms: int = 0
    hours: dict[str, str] | None = None
    """The table's playing hours (`PlayingHours.stored`): the clock runs only inside them."""
    extra_ms: int = 0
    """More time given to the current wait."""
    given: int = 0
    """How many times more time was given in this match."""
    away: str = AwayPolicy.PAUSE.value
    """The table's away policy (`AwayPolicy`): what a member's `/away` does here."""
    paused: list[list[int]] = field(default_factory=list)
    """The spans [since, until) in which the current wait's clock does not run: every member it
    waits for is away at a table that pauses for them."""

    @property
    def playing_hours(self) -> PlayingHours | None:
        """The table's window (None: the clock runs all day)."""
        return PlayingHours.from_stored(self.hours)

    @property
    def remind_ms(self) -> int:
        """When the reminder goes out: a fifth of a turn of playing time before the end."""
        run = self.turn_ms + self.extra_ms - int(self.turn_ms * REMIND_SHARE)
        return self._after(run)

    def _after(self, run_ms: int) -> int:
        """When the wait has run `run_ms` of playing time (its hours, outside its pauses)."""
        spans = [(start, end) for start, end in self.paused]
        return due_ms(self.since_ms, run_ms, self.playing_hours, spans)

    def restart(self, key: int, now_ms: int, paused: list[Span]) -> None:
        """A new wait from now: a whole turn of playing time, nothing given or reminded yet."""
        self.key, self.since_ms, self.extra_ms = key, now_ms, 0
        self.reminded, self.expired = [], False
        self.repause(paused)

    def repause(self, paused: list[Span]) -> None:
        """The wait's pauses changed (a member went away or came back): its end moves."""
        self.paused = [[start, end] for start, end in paused]
        self.due_ms = self._after(self.turn_ms + self.extra_ms)

    @property
    def more_ms(self) -> int:
        """What one "Give more time" adds: half a turn, in whole hours (at least one)."""
        return max(HOUR_MS, round(self.turn_ms * MORE_TIME_SHARE / HOUR_MS) * HOUR_MS)

    def give_more(self, now_ms: int) -> None:
        """More playing time for the current wait (a clock that had run out runs again)."""
        self.extra_ms += self.more_ms
        self.given += 1
        self.due_ms = self._after(self.turn_ms + self.extra_ms)
        self.expired = self.expired and self.due_ms <= now_ms

    def payload(self) -> dict[str, Any]:
        """The JSON stored in the deadline row."""
        return asdict(self)

    @classmethod
    def from_payload(cls, data: dict[str, Any]) -> TurnClock:
        """Back from a deadline row (a ValueError for a damaged one)."""
        try:
            return cls(**data)
        except TypeError as error:
            raise ValueError(f"not a turn clock: {error}") from None


def waiting(live: LiveMatch) -> list[int]:
    """The member seats the match waits for now."""
    return [
        seat
        for seat in range(live.state.num_players)
        if not live.is_ai(seat) and live.waits_for(seat)
    ]


def _both(first: list[Span], second: list[Span]) -> list[Span]:
    """The instants in a span of each list."""
    return [(max(a, c), min(b, d)) for a, b in first for c, d in second if max(a, c) < min(b, d)]


@dataclass(frozen=True, slots=True)
class ClockFace:
    """What a match card says of the clock: when the wait it asks for runs out."""

    due_ms: int
    mode: ClockMode
    hours: PlayingHours | None
    more_ms: int | None
    """What "Give more time" would add (None: not offered — live play, or given enough)."""


class ClockBook:
    """The open matches' turn clocks, by match id, and the members' away spans they pause for
    (written by `bot.core.away.Aways`)."""

    def __init__(self, now_ms: Callable[[], int]) -> None:
        self._now_ms = now_ms
        self.clocks: dict[int, TurnClock] = {}
        self.away: dict[str, list[AwaySpan]] = {}
        """Each member's away spans that ended in the budget's last 30 days or end later."""

    def paused(self, live: LiveMatch, seats: Sequence[Seat]) -> list[Span]:
        """The spans in which the match's wait for `seats` (`waiting`) does not run: those in
        which every one of them is away, at a table that pauses for them."""
        clock = self.clocks.get(live.id)
        if clock is None or clock.mode != ClockMode.ASYNC or clock.away != AwayPolicy.PAUSE:
            return []
        common: list[Span] | None = None
        for seat in seats:
            mine = [
                (span.since_ms, span.until_ms)
                for span in self.away.get(live.players[seat].id, [])
                if span.guild_id == live.guild_id
            ]
            common = mine if common is None else _both(common, mine)
        return common or []

    @staticmethod
    def restarts(live: LiveMatch, clock: TurnClock, seats: Sequence[Seat]) -> bool:
        """Whether the match's state asks for a new wait: its message changed, or more members
        are waited for now (`seats`: everyone's picks after a Keer keep)."""
        return live.message_key != clock.key or bool(set(seats) - set(clock.waiting))

    def face(self, live: LiveMatch) -> ClockFace | None:
        """The clock as the match's current card shows it (None: no member is waited for, their
        clock ran out — the card says so by their names — or the game's own clock runs: Kero's
        tank, which the turn clock never cuts short, counts down on the card alone)."""
        clock = self.clocks.get(live.id)
        seats = waiting(live)
        if clock is None or not seats or live.rules.deadline(live, True) is not None:
            return None
        mode = ClockMode(clock.mode)
        hours = clock.playing_hours
        if self.restarts(live, clock, seats):
            due = due_ms(self._now_ms(), clock.turn_ms, hours, self.paused(live, seats))
        elif clock.expired:
            return None
        else:
            due = clock.due_ms
        more = clock.more_ms if mode is ClockMode.ASYNC and clock.given < MORE_TIME_MOST else None
        return ClockFace(due, mode, hours, more)

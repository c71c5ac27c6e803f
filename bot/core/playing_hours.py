"""Playing hours: the daily window in which an async table's turn clocks run, in the table's
time zone, and the clock arithmetic over it — when a wait of so much playing time runs out, and
how much of it ran between two instants — with paused spans (a member away) cut out.

Instants are ms since the epoch (Discord's clock). A window is local wall-clock time in an IANA
zone (`zoneinfo`), so it keeps its local hours across daylight-saving changes. A window opens at
the later of the instants its opening time may stand for on a change's night (the second showing
of an hour an autumn change repeats; past an hour a spring change skips) and closes at the
earlier of its closing time's: a clock may run a little less on those nights, never outside the
window's wall-clock hours.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from enum import StrEnum
from functools import cache
from typing import Final
from zoneinfo import ZoneInfo, available_timezones

Span = tuple[int, int]
"""An instant range [start, end) in ms."""
FOREVER: Final = 2**62
"""An end no clock reaches (a table without playing hours is always open)."""
_HOURS: Final = re.compile(r"^\s*(\d{1,2})(?::(\d{2}))?\s*[-–—]\s*(\d{1,2})(?::(\d{2}))?\s*$")
"""`18:00-22:00`, `18-22`, `22:30–1:00` (an en dash too)."""
_DAY: Final = timedelta(days=1)


class HoursProblem(StrEnum):
    """Why a playing-hours choice was refused (each has a message: `refuse-hours-<value>`)."""

    FORMAT = "format"
    EMPTY = "empty"
    ZONE = "zone"


class HoursError(ValueError):
    """A playing-hours choice that names no window."""

    def __init__(self, problem: HoursProblem) -> None:
        super().__init__(problem.value)
        self.problem = problem


@dataclass(frozen=True, slots=True)
class PlayingHours:
    """A table's daily window: turn clocks run from `start` to `end`, local time in `zone`
    (an `end` before `start` runs past midnight)."""

    start: time
    end: time
    zone: str

    def __post_init__(self) -> None:
        if self.start == self.end:
            raise HoursError(HoursProblem.EMPTY)
        if self.zone not in zone_names():
            raise HoursError(HoursProblem.ZONE)

    @classmethod
    def parse(cls, text: str, zone: str) -> PlayingHours:
        """From a member's `18:00-22:00` and `Europe/Madrid` (HoursError when not a window)."""
        found = _HOURS.match(text)
        if found is None:
            raise HoursError(HoursProblem.FORMAT)
        start_h, start_m, end_h, end_m = (int(part or 0) for part in found.groups())
        return cls(_clock_time(start_h, start_m), _clock_time(end_h, end_m), zone.strip())

    def stored(self) -> dict[str, str]:
        """As kept in a lobby's options and a turn clock's row."""
        return {"start": _hh_mm(self.start), "end": _hh_mm(self.end), "zone": self.zone}

    @classmethod
    def from_stored(cls, data: object) -> PlayingHours | None:
        """Back from `stored` (None for none, or a damaged value: the table plays all day)."""
        if not isinstance(data, dict):
            return None
        try:
            return cls.parse(f"{data['start']}-{data['end']}", str(data["zone"]))
        except (KeyError, HoursError):
            return None

    @property
    def label(self) -> str:
        """`18:00–22:00 Europe/Madrid`."""
        return f"{_hh_mm(self.start)}–{_hh_mm(self.end)} {self.zone}"

    def open_spans(self, from_ms: int) -> Iterator[Span]:
        """The window's spans from `from_ms` on, in order (the first cut at `from_ms`)."""
        zone = ZoneInfo(self.zone)
        day = datetime.fromtimestamp(from_ms / 1000, zone).date() - _DAY  # a window from last night
        while True:
            opens = max(_showings(day, self.start, zone))
            closing_day = day if self.end > self.start else day + _DAY
            closes = min(_showings(closing_day, self.end, zone))
            if closes > from_ms and opens < closes:
                yield max(opens, from_ms), closes
            day += _DAY

    def is_open(self, at_ms: int) -> bool:
        """Whether local wall-clock time at `at_ms` is inside the window."""
        local = datetime.fromtimestamp(at_ms / 1000, ZoneInfo(self.zone)).time()
        if self.start < self.end:
            return self.start <= local < self.end
        return local >= self.start or local < self.end


def due_ms(
    since_ms: int, run_ms: int, hours: PlayingHours | None, paused: Iterable[Span] = ()
) -> int:
    """When a clock started at `since_ms` has run `run_ms`: inside the window, outside the
    paused spans."""
    left = run_ms
    if left <= 0:
        return since_ms
    for start, end in running_spans(since_ms, FOREVER, hours, paused):
        if end - start >= left:
            return start + left
        left -= end - start
    return FOREVER


def running_ms(
    since_ms: int, until_ms: int, hours: PlayingHours | None, paused: Iterable[Span] = ()
) -> int:
    """How long a clock started at `since_ms` has run by `until_ms`."""
    return sum(end - start for start, end in running_spans(since_ms, until_ms, hours, paused))


def running_spans(
    since_ms: int, until_ms: int, hours: PlayingHours | None, paused: Iterable[Span] = ()
) -> Iterator[Span]:
    """The spans in [since, until) in which a clock runs, in order."""
    cuts = _merged(paused)
    opened = hours.open_spans(since_ms) if hours is not None else iter([(since_ms, FOREVER)])
    for start, end in opened:
        if start >= until_ms:
            return
        yield from _minus((start, min(end, until_ms)), cuts)


def _merged(spans: Iterable[Span]) -> list[Span]:
    """Sorted, overlapping or touching spans joined, empty ones dropped."""
    merged: list[Span] = []
    for start, end in sorted(s for s in spans if s[1] > s[0]):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


def _minus(span: Span, cuts: Sequence[Span]) -> Iterator[Span]:
    """`span` without the (merged, sorted) cuts."""
    start, end = span
    for cut_start, cut_end in cuts:
        if cut_end <= start:
            continue
        if cut_start >= end:
            break
        if cut_start > start:
            yield start, cut_start
        start = max(start, cut_end)
    if start < end:
        yield start, end


def _clock_time(hour: int, minute: int) -> time:
    """A wall-clock time (24:00 is midnight); HoursError past the clock's face."""
    if hour == 24 and minute == 0:  # the end of a day
        return time(0, 0)
    try:
        return time(hour, minute)
    except ValueError:
        raise HoursError(HoursProblem.FORMAT) from None


def _hh_mm(at: time) -> str:
    return f"{at.hour:02d}:{at.minute:02d}"


def _showings(day: date, at: time, zone: ZoneInfo) -> tuple[int, int]:
    """The instants (ms) a wall-clock time of a day may stand for: the same twice, but in the
    hour an autumn change repeats its two showings, and in the hour a spring change skips the
    instants it would be by the offset before and after the change. A window opens at the later
    and closes at the earlier, so its clock never runs outside the window's wall-clock hours."""
    first = datetime.combine(day, at, zone)
    return _ms(first), _ms(first.replace(fold=1))


def _ms(at: datetime) -> int:
    return int(at.timestamp() * 1000)


@cache
def zone_names() -> frozenset[str]:
    """Every time zone a table may play in: the IANA zones this machine knows (the system's
    database, else the `tzdata` package), read once."""
    return frozenset(available_timezones())

"""Clock arithmetic over playing hours and paused spans: a clock runs only inside its table's
window and outside the spans its player is away, across days and daylight-saving changes."""

from __future__ import annotations

from datetime import datetime, time
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.core.playing_hours import (
    HoursError,
    HoursProblem,
    PlayingHours,
    Span,
    due_ms,
    running_ms,
    running_spans,
)

HOUR = 3_600_000
MADRID = "Europe/Madrid"


def at(text: str, zone: str = MADRID) -> int:
    """An instant from local wall-clock time."""
    return int(datetime.fromisoformat(text).replace(tzinfo=ZoneInfo(zone)).timestamp() * 1000)


def local(ms: int, zone: str = MADRID) -> str:
    return datetime.fromtimestamp(ms / 1000, ZoneInfo(zone)).strftime("%Y-%m-%d %H:%M")


EVENINGS = PlayingHours.parse("18:00-22:00", MADRID)


def test_a_table_without_hours_runs_all_day() -> None:
    assert due_ms(1_000, 24 * HOUR, None) == 1_000 + 24 * HOUR
    assert running_ms(1_000, 1_000 + 5 * HOUR, None) == 5 * HOUR


def test_a_day_of_clock_in_four_evening_hours_takes_a_week_of_evenings() -> None:
    since = at("2026-12-04 20:00")  # a Friday evening: two hours of it left
    due = due_ms(since, 24 * HOUR, EVENINGS)
    assert local(due) == "2026-12-10 20:00"  # 2 + 4 × 5 = 22 h by Wednesday's close, 2 h more
    assert running_ms(since, due, EVENINGS) == 24 * HOUR
    assert running_ms(since, at("2026-12-05 12:00"), EVENINGS) == 2 * HOUR


@pytest.mark.parametrize(
    ("since", "due"),
    [
        ("2026-03-27 21:00", "2026-03-31 19:00"),  # over the spring change (29 March)
        ("2026-10-23 21:00", "2026-10-27 19:00"),  # over the autumn change (25 October)
    ],
)
def test_the_window_keeps_its_local_hours_across_daylight_saving(since: str, due: str) -> None:
    found = due_ms(at(since), 14 * HOUR, EVENINGS)  # 1 + 4 + 4 + 4 + 1
    assert local(found) == due


def test_a_window_past_midnight_runs_over_it() -> None:
    nights = PlayingHours.parse("22:00-02:00", MADRID)
    since = at("2026-12-04 23:00")
    assert local(due_ms(since, 5 * HOUR, nights)) == "2026-12-06 00:00"
    assert nights.is_open(at("2026-12-05 01:30")) and not nights.is_open(at("2026-12-05 02:00"))


def test_a_pause_stops_the_clock_and_it_goes_on_after() -> None:
    since = at("2026-12-04 18:00")
    away = (at("2026-12-04 19:00"), at("2026-12-06 20:00"))
    due = due_ms(since, 3 * HOUR, EVENINGS, [away])
    assert local(due) == "2026-12-06 22:00"  # 1 h on Friday, 2 h on Sunday after the return
    assert due_ms(1_000, HOUR, None, [(0, 5_000)]) == 5_000 + HOUR


@pytest.mark.parametrize(
    ("text", "zone", "problem"),
    [
        ("18:00", MADRID, HoursProblem.FORMAT),
        ("25:00-26:00", MADRID, HoursProblem.FORMAT),
        ("18:00-18:00", MADRID, HoursProblem.EMPTY),
        ("18:00-22:00", "Mars/Olympus_Mons", HoursProblem.ZONE),
    ],
)
def test_a_window_that_is_none_is_refused(text: str, zone: str, problem: HoursProblem) -> None:
    with pytest.raises(HoursError) as refused:
        PlayingHours.parse(text, zone)
    assert refused.value.problem is problem


def test_hours_are_stored_and_read_back() -> None:
    hours = PlayingHours.parse("9-17:30", "America/New_York")
    assert hours.start == time(9) and hours.end == time(17, 30)
    assert PlayingHours.from_stored(hours.stored()) == hours
    assert hours.label == "09:00–17:30 America/New_York"
    assert PlayingHours.from_stored({"start": "09:00"}) is None
    assert PlayingHours.parse("20:00-24:00", MADRID).end == time(0)


ZONES = st.sampled_from(["Europe/Madrid", "America/New_York", "Australia/Lord_Howe", "UTC"])
TIMES = st.builds(time, st.integers(0, 23), st.sampled_from([0, 15, 30, 45]))
START = 1_767_225_600_000  # 2026-01-01 UTC: a year with both daylight-saving changes
INSTANTS = st.integers(START, START + 365 * 24 * HOUR)


@st.composite
def tables(draw: st.DrawFn) -> PlayingHours | None:
    if draw(st.booleans()):
        return None
    start, end = draw(TIMES), draw(TIMES)
    if start == end:
        return None
    return PlayingHours(start, end, draw(ZONES))


@st.composite
def pauses(draw: st.DrawFn, since: int) -> list[Span]:
    spans = []
    for _ in range(draw(st.integers(0, 3))):
        begin = since + draw(st.integers(-48, 24 * 10)) * HOUR // 2
        spans.append((begin, begin + draw(st.integers(1, 24 * 6)) * HOUR // 2))
    return spans


@settings(max_examples=150, deadline=None)
@given(data=st.data(), hours=tables(), since=INSTANTS, run=st.integers(1, 72 * HOUR))
def test_a_clock_runs_only_inside_its_window_and_never_while_away(
    data: st.DataObject, hours: PlayingHours | None, since: int, run: int
) -> None:
    away = data.draw(pauses(since))
    due = due_ms(since, run, hours, away)
    assert running_ms(since, due, hours, away) == run
    earlier = data.draw(st.integers(since, due - 1))
    assert running_ms(since, earlier, hours, away) < run  # the first instant it is used up
    for start, end in running_spans(since, due, hours, away):
        assert since <= start < end <= due
        for instant in (start, (start + end) // 2, end - 1):
            assert hours is None or hours.is_open(instant)
            assert not any(a <= instant < b for a, b in away)


@settings(max_examples=100, deadline=None)
@given(hours=tables(), since=INSTANTS, first=st.integers(1, 48 * HOUR), more=st.integers(0, 48))
def test_more_time_moves_the_end_by_exactly_that_much_playing_time(
    hours: PlayingHours | None, since: int, first: int, more: int
) -> None:
    before = due_ms(since, first, hours)
    after = due_ms(since, first + more * HOUR, hours)
    assert after >= before
    assert running_ms(before, after, hours) == more * HOUR


SPRING = 1_774_746_000_000
"""2026-03-29 01:00 UTC: Madrid's clocks jump from 02:00 to 03:00."""
AUTUMN = 1_792_890_000_000
"""2026-10-25 01:00 UTC: Madrid's clocks go back from 03:00 to 02:00 (02:00–03:00 twice)."""


@pytest.mark.parametrize("night", [SPRING, AUTUMN], ids=["spring", "autumn"])
@pytest.mark.parametrize("window", ["02:45-00:00", "20:00-02:30", "02:15-02:45", "01:00-04:00"])
def test_a_change_of_clocks_never_runs_a_clock_outside_its_wall_clock_hours(
    night: int, window: str
) -> None:
    """A window that opens or closes in the hour a change skips or repeats: minute by minute
    around the change, the clock runs only while the wall clock shows its hours (a Madrid table
    of 02:45–24:00 once ran 02:00–02:45 of the repeated hour)."""
    hours = PlayingHours.parse(window, MADRID)
    since = night - 6 * HOUR
    spans = list(running_spans(since, night + 6 * HOUR, hours))
    for start, end in spans:
        for instant in range(start, end, 60_000):
            assert hours.is_open(instant), datetime.fromtimestamp(instant / 1000, ZoneInfo(MADRID))
    wide = window == "01:00-04:00"
    assert not wide or sum(end - start for start, end in spans) >= 2 * HOUR  # still runs

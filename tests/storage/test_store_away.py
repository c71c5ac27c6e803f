"""Away spans (`/away`) on both drivers: stored per member and server, ended early by a return
(a span not begun yet goes), read back from a time on, and forgotten once out of the budget's
window."""

from __future__ import annotations

from storage import AwaySpan, Store

DAY = 86_400_000


async def test_away_spans_are_stored_ended_and_read_back(store: Store) -> None:
    ana_here = AwaySpan("ana", "g1", 10 * DAY, 13 * DAY)
    ana_there = AwaySpan("ana", "g2", 10 * DAY, 11 * DAY)
    bo = AwaySpan("bo", "g1", 5 * DAY, 20 * DAY)
    await store.add_away([ana_here, ana_there, bo], forget_before_ms=0)
    assert await store.away_spans(0) == [bo, ana_here, ana_there]
    assert await store.away_spans(0, "ana") == [ana_here, ana_there]
    assert await store.away_spans(11 * DAY, "ana") == [ana_here]  # ended by then

    await store.end_away("ana", 12 * DAY)
    back = AwaySpan("ana", "g1", 10 * DAY, 12 * DAY)
    assert await store.away_spans(0, "ana") == [back, ana_there]
    assert await store.away_spans(0, "bo") == [bo], "another member's spans stay"

    later = AwaySpan("ana", "g1", 15 * DAY, 16 * DAY)
    await store.add_away([later], forget_before_ms=0)
    await store.end_away("ana", 14 * DAY)  # back before it began: it goes
    assert await store.away_spans(0, "ana") == [back, ana_there]


async def test_spans_out_of_the_budget_window_are_forgotten(store: Store) -> None:
    old = AwaySpan("ana", "g1", 1 * DAY, 2 * DAY)
    await store.add_away([old], forget_before_ms=0)
    new = AwaySpan("ana", "g1", 40 * DAY, 41 * DAY)
    await store.add_away([new], forget_before_ms=10 * DAY)
    assert await store.away_spans(0) == [new]

"""Away spans (`/away`) on both drivers: stored per member and server, ended early by a return
(a span not begun yet goes), read back from a time on, and forgotten once out of the budget's
window."""

from __future__ import annotations

from games.records import Player
from storage import AwaySpan, Deadline, NewMatch, Store

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


async def test_a_members_clocks_are_found_in_every_open_match_they_still_play(
    store: Store,
) -> None:
    """What `/away` reads to find the member's servers, whichever process runs them."""
    players = (Player("ana", "Ana"), Player("bo", "Bo"))
    here = await store.create_match(NewMatch("kero", players, "s", {}, guild_id="g1"))
    there = await store.create_match(NewMatch("kero", players, "s", {}, guild_id="g2"))
    left = await store.create_match(NewMatch("kero", players, "s", {}, guild_id="g3"))
    for match, mode in ((here, "async"), (there, "live"), (left, "async")):
        await store.set_deadline(Deadline(match, "turn", 5, {"mode": mode}))
    await store.set_departed(left, 0, "resigned")
    found = await store.member_deadlines("ana", "turn")
    assert [(guild, d.match_id, d.payload["mode"]) for guild, d in found] == [
        ("g1", here, "async"),
        ("g2", there, "live"),
    ]
    assert [guild for guild, _ in await store.member_deadlines("bo", "turn")] == ["g1", "g2", "g3"]
    assert await store.member_deadlines("cas", "turn") == []

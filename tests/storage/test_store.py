"""The event store on both backends: optimistic appends, one row per interaction, rebuild."""

from __future__ import annotations

from typing import Any

import pytest

from games.common import CHANCE, ChanceRng
from games.common.play import play_out, step
from games.keer_kids import HeuristicAI, new_match
from games.records import Entry, Player
from storage import (
    SEAT_DEPARTURES,
    Deadline,
    DuplicateInteraction,
    NewMatch,
    StaleVersion,
    StorageError,
    Store,
    UnknownMatch,
    rebuild,
    rebuild_open,
    sqlite_transactions,
)

from .conftest import mark, raw_sql

PLAYERS = (Player("111", "Ana"), Player("222", "Bo"))


def keer_match(seed: str = "s") -> NewMatch:
    return NewMatch("keer-kids", PLAYERS, seed, {}, guild_id="1", channel_id="2")


def entries_of(state, start: int = 0) -> list[Entry]:
    return [Entry(seat, action.to_text()) for seat, action in state.history[start:]]


async def test_a_match_round_trips_with_its_seats_and_events(store: Store) -> None:
    match_id = await store.create_match(keer_match())
    state = new_match(2)
    play_out(state, [HeuristicAI()] * 2, ChanceRng("round-trip"))
    version = await store.append(match_id, 0, entries_of(state))
    loaded = await store.load(match_id)
    assert version == loaded.version == len(state.history)
    assert loaded.status == "open" and loaded.guild_id == "1" and loaded.channel_id == "2"
    assert [(e.seat, e.action) for e in loaded.record.entries] == [
        (seat, action.to_text()) for seat, action in state.history
    ]


async def test_an_append_at_a_stale_version_is_refused_and_stores_nothing(
    store: Store,
) -> None:
    match_id = await store.create_match(keer_match())
    await store.append(match_id, 0, [Entry(CHANCE, "roll:BBB")])
    with pytest.raises(StaleVersion, match="version 1, not 0"):
        await store.append(match_id, 0, [Entry(CHANCE, "roll:RRR")])
    loaded = await store.load(match_id)
    assert loaded.version == 1 and [e.action for e in loaded.record.entries] == ["roll:BBB"]


async def test_the_same_interaction_is_stored_once(store: Store) -> None:
    """A redelivered or double click can never apply twice."""
    match_id = await store.create_match(keer_match())
    await store.append(match_id, 0, [Entry(CHANCE, "roll:BBB")])
    await store.append(match_id, 1, [Entry(0, "keep:0", interaction="99")])
    with pytest.raises(DuplicateInteraction):
        await store.append(match_id, 2, [Entry(0, "cross:0:P4", interaction="99")])
    loaded = await store.load(match_id)
    assert loaded.version == 2 and len(loaded.record.entries) == 2


async def test_a_batch_is_all_or_nothing(store: Store) -> None:
    match_id = await store.create_match(keer_match())
    await store.append(match_id, 0, [Entry(0, "x", interaction="7")])
    batch = [Entry(0, "a", interaction="8"), Entry(0, "b", interaction="7")]
    with pytest.raises(DuplicateInteraction):
        await store.append(match_id, 1, batch)
    assert (await store.load(match_id)).version == 1


async def test_unknown_matches_are_named(store: Store) -> None:
    with pytest.raises(UnknownMatch, match="no match 404"):
        await store.load(404)
    with pytest.raises(UnknownMatch):
        await store.append(404, 0, [Entry(0, "skip")])
    with pytest.raises(UnknownMatch):
        await store.set_status(404, "finished")


async def test_status_and_message(store: Store) -> None:
    first, second = (
        await store.create_match(keer_match("a")),
        await store.create_match(keer_match("b")),
    )
    await store.set_message(first, "555")
    await store.set_status(second, "finished")
    assert await store.open_match_ids() == [first]
    assert (await store.load(first)).message_id == "555"
    with pytest.raises(StorageError, match="status must be one of"):
        await store.set_status(first, "paused")


async def test_rebuild_replays_open_matches_to_the_same_state(store: Store) -> None:
    states = {}
    for seed in ("x", "y", "z"):
        match_id = await store.create_match(keer_match(seed))
        state = new_match(2)
        ai, rng = HeuristicAI(), ChanceRng(seed)
        for _ in range(20):
            step(state, [ai, ai], rng)
        await store.append(match_id, 0, entries_of(state))
        states[match_id] = state
    rebuilt = await rebuild_open(store)
    assert rebuilt.problems == {}
    assert {k: v.summary() for k, v in rebuilt.states.items()} == {
        k: v.summary() for k, v in states.items()
    }


async def test_a_corrupt_event_is_reported_with_its_match_and_spares_the_others(
    store: Store,
) -> None:
    good = await store.create_match(keer_match("good"))
    bad = await store.create_match(keer_match("bad"))
    await store.append(good, 0, [Entry(CHANCE, "roll:BBB")])
    await store.append(bad, 0, [Entry(CHANCE, "roll:BBB"), Entry(0, "keep:9")])
    unknown = await store.create_match(NewMatch("chess", PLAYERS, "s", {}))
    rebuilt = await rebuild_open(store)
    assert set(rebuilt.states) == {good}
    assert "action #2" in rebuilt.problems[bad]
    assert "unknown game 'chess'" in rebuilt.problems[unknown]


async def test_rebuild_returns_the_deadlines_of_the_matches_it_rebuilt(store: Store) -> None:
    kept = await store.create_match(keer_match("kept"))
    broken = await store.create_match(keer_match("broken"))
    await store.append(broken, 0, [Entry(0, "keep:9")])
    finished = await store.create_match(keer_match("done"))
    await store.set_deadline(Deadline(kept, "turn", 2_000, {"seat": 0}))
    await store.set_deadline(Deadline(broken, "turn", 1_000, {}))
    await store.set_deadline(Deadline(finished, "turn", 500, {}))
    await store.set_status(finished, "finished")
    rebuilt = await rebuild_open(store)
    assert rebuilt.deadlines == [Deadline(kept, "turn", 2_000, {"seat": 0})]
    assert broken in rebuilt.problems


async def test_departures_round_trip_and_nobody_has_left_at_first(store: Store) -> None:
    match_id = await store.create_match(keer_match())
    assert (await store.load(match_id)).departed == {}
    await store.set_departed(match_id, 1, "resigned")
    assert (await store.load(match_id)).departed == {1: "resigned"}
    await store.set_departed(match_id, 1, "expelled")
    await store.set_departed(match_id, 0, "left")
    loaded = await store.load(match_id)
    assert loaded.departed == {0: "left", 1: "expelled"}
    assert loaded.record.players == PLAYERS


async def test_every_known_departure_is_accepted_by_the_schema(store: Store) -> None:
    players = tuple(Player(str(i), f"P{i}") for i in range(len(SEAT_DEPARTURES)))
    match_id = await store.create_match(NewMatch("keer-kids", players, "s", {}))
    for seat, how in enumerate(SEAT_DEPARTURES):
        await store.set_departed(match_id, seat, how)
    assert (await store.load(match_id)).departed == dict(enumerate(SEAT_DEPARTURES))


async def test_refused_departures_change_nothing(store: Store) -> None:
    match_id = await store.create_match(keer_match())
    await store.set_departed(match_id, 0, "resigned")
    before = await store.load(match_id)
    with pytest.raises(UnknownMatch, match="no match 404"):
        await store.set_departed(404, 0, "resigned")
    with pytest.raises(StorageError, match="has no seat 2"):
        await store.set_departed(match_id, 2, "resigned")
    with pytest.raises(StorageError, match="has no seat -1"):
        await store.set_departed(match_id, -1, "left")
    with pytest.raises(StorageError, match="a departure is one of"):
        await store.set_departed(match_id, 1, "bored")
    assert await store.load(match_id) == before


async def test_the_open_match_of_a_channel_or_thread(store: Store) -> None:
    assert await store.open_match_in("2") is None
    in_channel = await store.create_match(keer_match("a"))
    in_thread = await store.create_match(
        NewMatch("keer-kids", PLAYERS, "b", {}, guild_id="1", channel_id="2", thread_id="3")
    )
    assert await store.open_match_in("2") == in_channel
    assert await store.open_match_in("3") == in_thread
    assert await store.open_match_in("1") is None
    await store.set_status(in_channel, "finished")
    assert await store.open_match_in("2") is None, "a match in a thread is not in its channel"
    await store.finish_match(in_thread, "abandoned", [])
    assert await store.open_match_in("3") is None
    again = await store.create_match(keer_match("c"))
    assert await store.open_match_in("2") == again


async def test_rebuild_keeps_the_loaded_match_of_each_rebuilt_match(store: Store) -> None:
    kept = await store.create_match(
        NewMatch("keer-kids", PLAYERS, "k", {}, guild_id="1", channel_id="2", thread_id="3")
    )
    await store.set_message(kept, "555")
    await store.set_departed(kept, 1, "resigned")
    broken = await store.create_match(keer_match("broken"))
    await store.append(broken, 0, [Entry(0, "keep:9")])
    finished = await store.create_match(keer_match("done"))
    await store.set_status(finished, "finished")
    rebuilt = await rebuild_open(store)
    assert set(rebuilt.stored) == set(rebuilt.states) == {kept}
    stored = rebuilt.stored[kept]
    assert stored == await store.load(kept)
    assert (stored.channel_id, stored.thread_id, stored.message_id) == ("2", "3", "555")
    assert stored.departed == {1: "resigned"}


async def test_load_many_reads_each_match_as_load_does_and_names_the_ones_it_cannot(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sqlite_transactions, "IDS_PER_SELECT", 2)  # several selects on SQLite
    played = await store.create_match(keer_match("played"))
    state = new_match(2)
    play_out(state, [HeuristicAI()] * 2, ChanceRng("many"))
    await store.append(played, 0, entries_of(state))
    threaded = await store.create_match(
        NewMatch("keer-kids", PLAYERS, "t", {"x": 1}, guild_id="1", channel_id="2", thread_id="3")
    )
    await store.set_message(threaded, "555")
    await store.set_departed(threaded, 1, "resigned")
    empty = await store.create_match(keer_match("empty"))
    corrupt = await store.create_match(keer_match("corrupt"))
    await raw_sql(
        store, f"UPDATE matches SET options = 'nope' WHERE id = {mark(store, 1)}", corrupt
    )
    loaded = await store.load_many([empty, 404, corrupt, threaded, played])
    assert loaded.matches == {i: await store.load(i) for i in (played, threaded, empty)}
    assert set(loaded.problems) == {corrupt, 404}
    assert "options is not valid JSON" in loaded.problems[corrupt]
    assert loaded.problems[404] == "no match 404"
    assert (await store.load_many([])).matches == {}


async def test_rebuild_in_batches_keeps_the_order_and_the_problems_of_one_by_one(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(rebuild, "LOAD_BATCH", 2)
    ids = [await store.create_match(keer_match(f"m{i}")) for i in range(5)]
    await store.append(ids[1], 0, [Entry(CHANCE, "roll:BBB"), Entry(0, "keep:9")])
    await raw_sql(store, f"UPDATE matches SET options = '[' WHERE id = {mark(store, 1)}", ids[3])
    rebuilt = await rebuild_open(store)
    assert list(rebuilt.states) == list(rebuilt.stored) == [ids[0], ids[2], ids[4]]
    assert list(rebuilt.problems) == [ids[1], ids[3]]
    assert "action #2" in rebuilt.problems[ids[1]]
    assert "options is not valid JSON" in rebuilt.problems[ids[3]]


SETTINGS_KINDS = pytest.mark.parametrize("owner", ["guild", "user"])


def settings_of(store: Store, owner: str) -> tuple[Any, Any, str]:
    """The getter, setter and table of a guild's or a member's settings."""
    if owner == "guild":
        return store.get_guild_settings, store.set_guild_settings, "guild_settings"
    return store.get_user_settings, store.set_user_settings, "user_settings"


async def test_user_settings_round_trip_and_start_empty(store: Store) -> None:
    assert await store.get_user_settings("111") == {}
    reminders = {"dm_reminders": True, "quiet": {"from": 22, "to": 7}, "note": "é"}
    await store.set_user_settings("111", reminders)
    assert await store.get_user_settings("111") == reminders
    assert await store.get_user_settings("222") == {}


async def test_user_settings_are_replaced_not_merged(store: Store) -> None:
    await store.set_user_settings("111", {"dm_reminders": True, "quiet": 22})
    await store.set_user_settings("111", {"dm_reminders": False})
    assert await store.get_user_settings("111") == {"dm_reminders": False}
    await store.set_user_settings("111", {})
    assert await store.get_user_settings("111") == {}


async def test_a_members_and_a_guilds_settings_are_apart(store: Store) -> None:
    """A user and a guild with the same snowflake never share settings."""
    await store.set_guild_settings("1", {"limit": 3})
    await store.set_user_settings("1", {"dm_reminders": True})
    assert await store.get_guild_settings("1") == {"limit": 3}
    assert await store.get_user_settings("1") == {"dm_reminders": True}


@SETTINGS_KINDS
@pytest.mark.parametrize("text", ["{not json", "[1, 2]", '"on"', "null"])
async def test_a_corrupt_settings_row_is_refused_with_a_storage_error(
    store: Store, owner: str, text: str
) -> None:
    get, put, table = settings_of(store, owner)
    await put("111", {"ok": True})
    await raw_sql(
        store,
        f"UPDATE {table} SET settings = {mark(store, 1)} WHERE {owner}_id = {mark(store, 2)}",
        text,
        "111",
    )
    with pytest.raises(StorageError, match=f"{owner} 111: settings is not"):
        await get("111")
    assert await get("222") == {}, "other rows are still read"
    await put("111", {"ok": False})
    assert await get("111") == {"ok": False}, "saving again repairs the row"


@SETTINGS_KINDS
async def test_settings_that_are_not_json_are_refused_and_nothing_is_stored(
    store: Store, owner: str
) -> None:
    get, put, _ = settings_of(store, owner)
    await put("111", {"ok": True})
    with pytest.raises(StorageError, match=f"{owner} 111: settings cannot be stored as JSON"):
        await put("111", {"when": object()})
    assert await get("111") == {"ok": True}


async def test_the_deadlines_of_a_match_soonest_first(store: Store) -> None:
    first = await store.create_match(keer_match("a"))
    second = await store.create_match(keer_match("b"))
    assert await store.deadlines_of(first) == []
    turn = Deadline(first, "turn", 3_000, {"seat": 1, "clock": {"0": 60_000, "1": 45_500}})
    tank = Deadline(first, "tank", 1_000, {})
    idle = Deadline(first, "idle", 2_000, {"warned": False})
    other = Deadline(second, "turn", 1_500, {"seat": 0})
    for deadline in (turn, tank, other, idle):
        await store.set_deadline(deadline)
    assert await store.deadlines_of(first) == [tank, idle, turn]
    assert await store.deadlines_of(second) == [other]
    assert await store.deadlines_of(404) == []
    assert await store.deadlines() == [tank, other, idle, turn]


async def test_the_deadlines_of_a_match_follow_moves_clears_and_its_end(store: Store) -> None:
    first = await store.create_match(keer_match("a"))
    second = await store.create_match(keer_match("b"))
    await store.set_deadline(Deadline(first, "turn", 5_000, {"seat": 0}))
    await store.set_deadline(Deadline(first, "idle", 4_000, {}))
    await store.set_deadline(Deadline(second, "turn", 1_000, {"seat": 1}))
    moved = Deadline(first, "turn", 2_000, {"seat": 1})
    await store.set_deadline(moved)
    assert await store.deadlines_of(first) == [moved, Deadline(first, "idle", 4_000, {})]
    await store.clear_deadline(first, "idle")
    assert await store.deadlines_of(first) == [moved]
    await store.finish_match(first, "finished", [])
    assert await store.deadlines_of(first) == []
    assert await store.deadlines_of(second) == [Deadline(second, "turn", 1_000, {"seat": 1})]


async def test_a_corrupt_deadline_payload_is_refused_with_a_storage_error(store: Store) -> None:
    match_id = await store.create_match(keer_match())
    await store.set_deadline(Deadline(match_id, "turn", 1_000, {"seat": 0}))
    await raw_sql(
        store,
        f"UPDATE deadlines SET payload = '{{not json' WHERE match_id = {mark(store, 1)}",
        match_id,
    )
    with pytest.raises(StorageError, match=f"match {match_id}: deadline turn is not valid JSON"):
        await store.deadlines_of(match_id)

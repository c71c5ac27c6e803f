"""Settings, lobbies, deadlines and ratings on both backends."""

from __future__ import annotations

import pytest

from games.records import Player
from storage import Deadline, Lobby, NewMatch, Rating, StorageError, Store, UnknownMatch

PLAYERS = (Player("1", "Ana"), Player("2", "Bo"))


async def new_match_id(store: Store, guild: str = "g") -> int:
    return await store.create_match(NewMatch("kero", PLAYERS, "s", {}, guild_id=guild))


async def test_guild_settings_round_trip(store: Store) -> None:
    assert await store.get_guild_settings("g") == {}
    await store.set_guild_settings("g", {"threads": True, "turn_clock": "async"})
    await store.set_guild_settings("g", {"threads": False})
    assert await store.get_guild_settings("g") == {"threads": False}
    assert await store.get_guild_settings("other") == {}


async def test_lobbies_are_saved_updated_and_listed_while_open(store: Store) -> None:
    lobby = Lobby(None, "lobby", "keer-kids", {}, "host", ("host",), 1_000, guild_id="g")
    lobby_id = await store.save_lobby(lobby)
    challenge = Lobby(None, "challenge", "kero", {"variant": "boss"}, "a", ("a", "b"), 2_000)
    challenge_id = await store.save_lobby(challenge)
    joined = Lobby(lobby_id, "lobby", "keer-kids", {}, "host", ("host", "x"), 1_000, guild_id="g")
    assert await store.save_lobby(joined) == lobby_id
    assert (await store.load_lobby(lobby_id)).members == ("host", "x")
    declined = Lobby(
        challenge_id, "challenge", "kero", {"variant": "boss"}, "a", ("a", "b"), 2_000, "declined"
    )
    await store.save_lobby(declined)
    assert [lob.id for lob in await store.open_lobbies()] == [lobby_id]
    assert (await store.load_lobby(challenge_id)).options == {"variant": "boss"}


async def test_bad_lobbies_are_refused(store: Store) -> None:
    with pytest.raises(StorageError, match="kind is one of"):
        await store.save_lobby(Lobby(None, "party", "kero", {}, "a", (), 0))
    with pytest.raises(StorageError, match="status is one of"):
        await store.save_lobby(Lobby(None, "lobby", "kero", {}, "a", (), 0, "paused"))
    with pytest.raises(StorageError, match="no lobby 999"):
        await store.load_lobby(999)
    with pytest.raises(StorageError, match="no lobby 999"):
        await store.save_lobby(Lobby(999, "lobby", "kero", {}, "a", (), 0))


async def test_deadlines_are_absolute_moved_and_cleared(store: Store) -> None:
    first, second = await new_match_id(store), await new_match_id(store)
    await store.set_deadline(Deadline(first, "tank", 5_000, {"empty_at": 5_000}))
    await store.set_deadline(Deadline(second, "turn", 3_000, {}))
    await store.set_deadline(Deadline(first, "tank", 7_500, {"empty_at": 7_500}))
    assert await store.deadlines() == [
        Deadline(second, "turn", 3_000, {}),
        Deadline(first, "tank", 7_500, {"empty_at": 7_500}),
    ]
    await store.clear_deadline(second, "turn")
    await store.clear_deadline(second, "turn")
    assert [d.match_id for d in await store.deadlines()] == [first]


async def test_finishing_stores_ratings_and_history_and_drops_deadlines(store: Store) -> None:
    match_id = await new_match_id(store)
    await store.set_deadline(Deadline(match_id, "turn", 9_000, {}))
    new = [Rating("g", "kero", "1", 27.1, 7.9, 1), Rating("g", "kero", "2", 22.9, 7.9, 1)]
    await store.finish_match(match_id, "finished", new)
    assert (await store.load(match_id)).status == "finished"
    assert await store.deadlines() == []
    assert await store.ratings("g", "kero") == new
    again = await new_match_id(store)
    await store.finish_match(again, "finished", [Rating("g", "kero", "1", 28.0, 7.0, 2)])
    ratings = {r.player_id: r for r in await store.ratings("g", "kero")}
    assert ratings["1"].games == 2 and ratings["1"].mu == pytest.approx(28.0)
    assert await store.ratings("other", "kero") == []


async def test_a_failed_finish_changes_nothing(store: Store) -> None:
    """Status and ratings are one transaction: a rating row that cannot be stored rolls back."""
    match_id = await new_match_id(store)
    twice = [Rating("g", "kero", "1", 25.0, 8.0, 1), Rating("g", "kero", "1", 26.0, 8.0, 1)]
    with pytest.raises(Exception):  # noqa: B017 - each driver raises its own integrity error
        await store.finish_match(match_id, "finished", twice)
    assert (await store.load(match_id)).status == "open"
    assert await store.ratings("g", "kero") == []


async def test_finishing_an_unknown_match_or_with_a_bad_status(store: Store) -> None:
    with pytest.raises(UnknownMatch):
        await store.finish_match(404, "finished", [])
    match_id = await new_match_id(store)
    with pytest.raises(StorageError, match="status must be one of"):
        await store.finish_match(match_id, "won", [])

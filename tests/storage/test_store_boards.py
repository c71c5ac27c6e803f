"""Match results, casual matches, ratings rebuilds, leaderboards and profiles on both backends."""

from __future__ import annotations

import pytest

from games.common import CHANCE
from games.records import Entry, Player
from ratings.history import RatingChange
from storage import (
    BoardRow,
    Deadline,
    NewMatch,
    PlayerResult,
    Rating,
    Result,
    StorageError,
    Store,
    UnknownMatch,
)

from .conftest import mark, raw_sql

ANA, BO, CY = Player("1", "Ana"), Player("2", "Bo"), Player("3", "Cy")


async def match_in(
    store: Store,
    guild: str | None = "g",
    game: str = "kero",
    players: tuple[Player, ...] = (ANA, BO),
    *,
    rated: bool = True,
) -> int:
    return await store.create_match(NewMatch(game, players, "s", {}, guild_id=guild, rated=rated))


async def set_updated(store: Store, match_id: int, at: int) -> None:
    """Plant a match's last-update time (finish_match writes now)."""
    await raw_sql(
        store,
        f"UPDATE matches SET updated_at = {mark(store, 1)} WHERE id = {mark(store, 2)}",
        at,
        match_id,
    )


async def test_a_match_is_rated_unless_created_casual(store: Store) -> None:
    rated = await match_in(store)
    casual = await match_in(store, rated=False)
    assert (await store.load(rated)).rated is True
    assert (await store.load(casual)).rated is False


async def test_finish_match_stores_the_results_with_the_ratings(store: Store) -> None:
    match_id = await match_in(store, players=(ANA, BO, CY))
    ratings = [Rating("g", "kero", "1", 27.0, 7.0, 1), Rating("g", "kero", "2", 23.0, 7.0, 1)]
    results = [
        Result(0, "1", 1, 40, None),
        Result(1, "2", 2, 30, None),
        Result(2, "3", 2, None, "resigned"),
    ]
    await store.finish_match(match_id, "finished", ratings, results)
    assert await store.ratings("g", "kero") == ratings
    [cy] = await store.player_results("3", None, None, None)
    assert cy == PlayerResult(
        match_id, "kero", "g", "finished", cy.finished_at, 2, 3, "resigned", True
    )
    assert cy.finished_at > 0
    [ana] = await store.player_results("1", None, None, None)
    assert (ana.place, ana.departed, ana.players) == (1, None, 3)
    history = await store.rating_history("g", "kero", "1")
    assert history == [RatingChange(match_id, "g", "kero", "1", 27.0, 7.0, cy.finished_at)]


async def test_finish_match_without_results_still_works(store: Store) -> None:
    match_id = await match_in(store)
    await store.finish_match(match_id, "cancelled", [])
    assert (await store.load(match_id)).status == "cancelled"
    assert await store.player_results("1", None, None, None) == []


@pytest.mark.parametrize(
    "results",
    [
        [Result(0, "1", 1, None, None), Result(0, "2", 2, None, None)],
        [Result(0, "1", 0, None, None)],
        [Result(0, "1", 1, None, "bored")],
    ],
    ids=["same seat twice", "place 0", "unknown departure"],
)
async def test_a_refused_result_stores_nothing_of_the_finish(
    store: Store, results: list[Result]
) -> None:
    match_id = await match_in(store)
    await store.set_deadline(Deadline(match_id, "turn", 1_000, {}))
    with pytest.raises(StorageError):
        await store.finish_match(
            match_id, "finished", [Rating("g", "kero", "1", 27.0, 7.0, 1)], results
        )
    assert (await store.load(match_id)).status == "open"
    assert await store.deadlines_of(match_id) == [Deadline(match_id, "turn", 1_000, {})]
    assert await store.ratings("g", "kero") == []
    assert await store.rating_history("g", "kero", "1") == []
    assert await store.player_results("1", None, None, None) == []


async def test_finishing_an_unknown_match_with_results_is_refused(store: Store) -> None:
    with pytest.raises(UnknownMatch):
        await store.finish_match(404, "finished", [], [Result(0, "1", 1, None, None)])


async def test_finished_matches_come_in_the_order_they_finished(store: Store) -> None:
    first, second, third, still_open, cancelled = [await match_in(store) for _ in range(5)]
    await store.append(second, 0, [Entry(CHANCE, "roll:BBB", 5, "77"), Entry(1, "pass")])
    await store.set_departed(second, 1, "left")
    for match_id in (first, second, third):
        await store.finish_match(match_id, "finished", [])
    await store.finish_match(cancelled, "cancelled", [])
    await set_updated(store, first, 3_000)
    await set_updated(store, second, 1_000)
    await set_updated(store, third, 1_000)
    finished = await store.finished_matches()
    assert [m.id for m in finished] == [second, third, first]
    assert [m.finished_at for m in finished] == [1_000, 1_000, 3_000]
    assert (await store.load(still_open)).finished_at is None
    assert still_open not in [m.id for m in finished]
    assert finished[0] == await store.load(second)
    assert finished[0].record.entries == (Entry(CHANCE, "roll:BBB", 5, "77"), Entry(1, "pass"))
    assert finished[0].departed == {1: "left"}
    assert finished[1].record.entries == () and finished[1].record.players == (ANA, BO)


async def test_finished_matches_say_whether_they_were_rated(store: Store) -> None:
    casual = await match_in(store, rated=False)
    rated = await match_in(store)
    await store.finish_match(casual, "finished", [])
    await store.finish_match(rated, "finished", [])
    assert {m.id: m.rated for m in await store.finished_matches()} == {
        casual: False,
        rated: True,
    }


async def test_replace_ratings_wipes_and_writes_both_tables(store: Store) -> None:
    old, new, elsewhere = await match_in(store), await match_in(store), await match_in(store, "h")
    await store.finish_match(old, "finished", [Rating("g", "kero", "9", 30.0, 5.0, 4)])
    ratings = [Rating("g", "kero", "1", 26.0, 6.0, 2), Rating("h", "kero", "1", 20.0, 8.0, 1)]
    history = [
        RatingChange(new, "g", "kero", "1", 26.0, 6.0, 200),
        RatingChange(old, "g", "kero", "1", 25.0, 7.0, 100),
        RatingChange(elsewhere, "h", "kero", "1", 20.0, 8.0, 200),
    ]
    await store.replace_ratings(ratings, history)
    assert await store.ratings("g", "kero") == ratings[:1]
    assert await store.ratings("h", "kero") == ratings[1:]
    assert await store.rating_history("g", "kero", "9") == []
    assert await store.rating_history("g", "kero", "1") == [history[1], history[0]]
    assert await store.rating_history("h", "kero", "1") == [history[2]]
    assert await store.rating_history("g", "other", "1") == []
    await store.replace_ratings([], [])
    assert await store.ratings("g", "kero") == []
    assert await store.rating_history("g", "kero", "1") == []


async def test_a_refused_replacement_keeps_the_old_ratings(store: Store) -> None:
    match_id = await match_in(store)
    kept = Rating("g", "kero", "1", 27.0, 7.0, 1)
    await store.finish_match(match_id, "finished", [kept])
    before = await store.rating_history("g", "kero", "1")
    with pytest.raises(StorageError):
        await store.replace_ratings(
            [Rating("g", "kero", "2", 20.0, 8.0, 1)],
            [RatingChange(404, "g", "kero", "2", 20.0, 8.0, 1)],
        )
    assert await store.ratings("g", "kero") == [kept]
    assert await store.rating_history("g", "kero", "1") == before


def rating(guild: str, player: str, mu: float, sigma: float, games: int) -> Rating:
    return Rating(guild, "kero", player, mu, sigma, games)


async def plant_board(store: Store) -> None:
    """Ratings in guilds g and h (and one of another game), with history rows at set times."""
    ratings = [
        rating("g", "a", 30.0, 5.0, 5),  # 15
        rating("g", "b", 25.0, 1.0, 3),  # 22
        rating("g", "c", 28.0, 2.0, 1),  # 22: tied with b, after it by player id
        rating("g", "d", 10.0, 1.0, 9),  # 7
        rating("h", "a", 40.0, 1.0, 2),  # 37
        Rating("g", "other", "z", 99.0, 1.0, 50),
    ]
    rows = [
        ("g", "a", 100),
        ("g", "a", 100),
        ("g", "a", 1_100),
        ("g", "b", 1_000),
        ("g", "b", 1_000),
        ("g", "b", 2_000),
        ("g", "c", 1_000),
        ("g", "d", 100),
        ("h", "a", 1_000),
        ("h", "a", 2_000),
        ("g", "z", 5_000),  # another game
    ]
    history = [
        RatingChange(
            await match_in(store, guild), guild, "other" if p == "z" else "kero", p, 0.0, 1.0, at
        )
        for guild, p, at in rows
    ]
    await store.replace_ratings(ratings, history)


async def board(
    store: Store,
    guilds: list[str] | None,
    *,
    since_ms: int | None = None,
    min_games: int = 0,
    offset: int = 0,
    limit: int = 50,
) -> list[str]:
    """The leaderboard as guild:player:games; a whole board's size is its length."""
    rows = await store.leaderboard(
        "kero", guilds, since_ms=since_ms, min_games=min_games, offset=offset, limit=limit
    )
    if offset == 0 and limit == 50:
        size = await store.leaderboard_size("kero", guilds, since_ms=since_ms, min_games=min_games)
        assert size == len(rows)
    return [f"{r.guild_id}:{r.player_id}:{r.games}" for r in rows]


async def test_the_leaderboard_is_ordered_by_the_conservative_rating(store: Store) -> None:
    await plant_board(store)
    assert await board(store, ["g"]) == ["g:b:3", "g:c:1", "g:a:5", "g:d:9"]
    rows = await store.leaderboard("kero", ["g"], since_ms=None, min_games=0, offset=0, limit=1)
    assert rows == [BoardRow("g", "b", 25.0, 1.0, 3)]


async def test_the_leaderboard_of_several_guilds_or_all(store: Store) -> None:
    await plant_board(store)
    every = ["h:a:2", "g:b:3", "g:c:1", "g:a:5", "g:d:9"]
    assert await board(store, None) == every
    assert await board(store, ["g", "h", "nowhere"]) == every
    assert await board(store, ["h"]) == ["h:a:2"]
    assert await board(store, []) == []
    assert await board(store, ["nowhere"]) == []


async def test_the_leaderboard_keeps_players_with_enough_games(store: Store) -> None:
    await plant_board(store)
    assert await board(store, ["g"], min_games=3) == ["g:b:3", "g:a:5", "g:d:9"]
    assert await board(store, None, min_games=5) == ["g:a:5", "g:d:9"]
    assert await board(store, None, min_games=10) == []


async def test_the_leaderboard_of_a_window_counts_the_games_in_it(store: Store) -> None:
    await plant_board(store)
    assert await board(store, ["g"], since_ms=1_000) == ["g:b:3", "g:c:1", "g:a:1", "g:d:0"]
    assert await board(store, ["g"], since_ms=1_000, min_games=1) == [
        "g:b:3",
        "g:c:1",
        "g:a:1",
    ]
    assert await board(store, None, since_ms=1_000, min_games=2) == ["h:a:2", "g:b:3"]
    assert await board(store, None, since_ms=1_500, min_games=1) == ["h:a:1", "g:b:1"]
    assert await board(store, None, since_ms=5_000, min_games=1) == []


async def test_the_leaderboard_pages(store: Store) -> None:
    await plant_board(store)
    pages = [await board(store, None, offset=offset, limit=2) for offset in (0, 2, 4, 6)]
    assert pages == [["h:a:2", "g:b:3"], ["g:c:1", "g:a:5"], ["g:d:9"], []]
    assert await store.leaderboard_size("kero", None, since_ms=None, min_games=0) == 5
    assert await store.leaderboard_size("kero", ["g"], since_ms=None, min_games=3) == 3
    assert await store.leaderboard_size("kero", ["g"], since_ms=1_000, min_games=1) == 3
    assert await store.leaderboard_size("nothing", None, since_ms=None, min_games=0) == 0


async def finish(store: Store, match_id: int, status: str, at: int, results: list[Result]) -> None:
    await store.finish_match(match_id, status, [], results)
    await set_updated(store, match_id, at)


async def test_a_players_results_most_recent_first_and_filtered(store: Store) -> None:
    old = await match_in(store, "g", "kero", (ANA, BO, CY))
    casual = await match_in(store, "h", "kero", rated=False)
    other_game = await match_in(store, "g", "keer-kids")
    not_ana = await match_in(store, "g", "kero", (BO, CY))
    await finish(store, old, "finished", 100, [Result(0, "1", 2, 5, None), Result(1, "2", 1, 9)])
    await finish(store, casual, "abandoned", 300, [Result(0, "1", 2, None, "left")])
    await finish(store, other_game, "finished", 200, [Result(0, "1", 1, None, None)])
    await finish(store, not_ana, "finished", 400, [Result(0, "2", 1, None, None)])
    results = await store.player_results("1", None, None, None)
    assert results == [
        PlayerResult(casual, "kero", "h", "abandoned", 300, 2, 2, "left", False),
        PlayerResult(other_game, "keer-kids", "g", "finished", 200, 1, 2, None, True),
        PlayerResult(old, "kero", "g", "finished", 100, 2, 3, None, True),
    ]
    assert await store.player_results("1", None, None, 2) == results[:2]
    assert await store.player_results("1", "g", None, None) == results[1:]
    assert await store.player_results("1", None, "kero", None) == [results[0], results[2]]
    assert await store.player_results("1", "g", "kero", None) == [results[2]]
    assert await store.player_results("1", "nowhere", None, None) == []
    assert [r.match_id for r in await store.player_results("2", None, None, None)] == [
        not_ana,
        old,
    ]


async def test_a_players_match_counts(store: Store) -> None:
    assert await store.player_match_counts("1", None, None) == (0, 0)
    finished = await match_in(store, "g", "kero")
    cancelled = await match_in(store, "g", "kero")
    abandoned = await match_in(store, "h", "kero")
    other_game = await match_in(store, "g", "keer-kids")
    await match_in(store, "g", "kero")  # still open: not counted
    await match_in(store, "g", "kero", (BO, CY))  # Ana did not sit in it
    await store.finish_match(finished, "finished", [])
    await store.finish_match(cancelled, "cancelled", [])
    await store.set_status(abandoned, "abandoned")
    await store.finish_match(other_game, "finished", [])
    assert await store.player_match_counts("1", None, None) == (4, 2)
    assert await store.player_match_counts("1", "g", None) == (3, 2)
    assert await store.player_match_counts("1", None, "kero") == (3, 1)
    assert await store.player_match_counts("1", "g", "kero") == (2, 1)
    assert await store.player_match_counts("1", "h", "keer-kids") == (0, 0)
    assert await store.player_match_counts("3", None, None) == (0, 0)


async def test_a_player_in_two_seats_counts_the_match_once(store: Store) -> None:
    match_id = await match_in(store, players=(ANA, Player("1", "Ana again")))
    await store.finish_match(match_id, "finished", [])
    assert await store.player_match_counts("1", None, None) == (1, 1)


async def test_leaderboard_rows_carry_the_name_last_played_under(store: Store) -> None:
    await match_in(store, players=(ANA, BO))
    await match_in(store, players=(Player(ANA.id, "Ana the Second"), BO))
    await store.replace_ratings(
        [Rating("g", "kero", ANA.id, 30.0, 2.0, 5), Rating("g", "kero", "ghost", 20.0, 2.0, 5)],
        [],
    )
    rows = await store.leaderboard("kero", None, since_ms=None, min_games=0, offset=0, limit=10)
    assert [(r.player_id, r.name) for r in rows] == [(ANA.id, "Ana the Second"), ("ghost", None)]


async def test_guilds_with_a_setting_on(store: Store) -> None:
    await store.set_guild_settings("g1", {"global_board": True})
    await store.set_guild_settings("g2", {"global_board": False, "threads": True})
    await store.set_guild_settings("g3", {"global_board": True})
    await raw_sql(
        store,
        "INSERT INTO guild_settings (guild_id, settings, updated_at)"
        f" VALUES ({mark(store, 1)}, {mark(store, 2)}, 0)",
        "g4",
        "{damaged",
    )
    assert await store.guilds_with("global_board") == ["g1", "g3"]
    assert await store.guilds_with("threads") == ["g2"]


async def test_each_guilds_value_of_a_setting(store: Store) -> None:
    await store.set_guild_settings("g1", {"language": "es"})
    await store.set_guild_settings("g2", {"threads": True})
    await store.set_guild_settings("g3", {"language": "nl", "threads": False})
    await raw_sql(
        store,
        "INSERT INTO guild_settings (guild_id, settings, updated_at)"
        f" VALUES ({mark(store, 1)}, {mark(store, 2)}, 0)",
        "g4",
        "{damaged",
    )
    assert await store.guild_values("language") == {"g1": "es", "g3": "nl"}
    assert await store.guild_values("threads") == {"g2": True, "g3": False}
    assert await store.guild_values("nothing") == {}


async def test_computer_results_pair_the_player_with_each_computer_seat(store: Store) -> None:
    hard, easy = Player("ai:hard:1", "Ada (AI)"), Player("ai:easy:2", "Bert (AI)")
    keer = await match_in(store, game="keer-kids", players=(ANA, hard, easy, BO), rated=False)
    results = [
        Result(0, "1", 2, 9, None),
        Result(1, "ai:hard:1", 1, 12, None),
        Result(2, "ai:easy:2", 3, 4, None),
        Result(3, "2", 4, 2, None),
    ]
    await store.finish_match(keer, "finished", [], results)
    cancelled = await match_in(store, game="keer-kids", players=(ANA, hard), rated=False)
    await store.finish_match(cancelled, "cancelled", [], [])
    elsewhere = await match_in(store, guild="h", players=(ANA, easy), rated=False)
    await store.finish_match(
        elsewhere, "finished", [], [Result(0, "1", 1, 5, None), Result(1, "ai:easy:2", 2, 1, None)]
    )
    mine = await store.computer_results("1", "g", "keer-kids")
    assert sorted(mine) == [("ai:easy:2", 2, 3), ("ai:hard:1", 2, 1)]
    assert await store.computer_results("1", "h", None) == [("ai:easy:2", 1, 2)]
    assert await store.computer_results("2", None, "kero") == []

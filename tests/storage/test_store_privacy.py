"""A member's data on both drivers: read back for an export, renamed to a pseudonym or removed
on deletion (other members' rows untouched), kept off the global board by choice; a departed
server's rows removed once its time is up, and kept if the bot came back."""

from __future__ import annotations

from games.records import Player
from ratings.history import RatingChange
from storage import AwaySpan, Deadline, Lobby, NewMatch, Rating, Result, Store
from tests.storage.conftest import raw_rows

GONE = "gone:0123456789abcdef"
ANA, BO, CAS = Player("111", "Ana"), Player("222", "Bo"), Player("333", "Cas")


async def _finished(store: Store, guild: str, players: tuple[Player, ...]) -> int:
    match = await store.create_match(NewMatch("kero", players, "seed", {}, guild_id=guild))
    ratings = [Rating(guild, "kero", p.id, 25.0 + i, 8.0, 1) for i, p in enumerate(players)]
    results = [Result(i, p.id, i + 1) for i, p in enumerate(players)]
    await store.finish_match(match, "finished", ratings, results)
    return match


async def test_a_members_data_is_read_back_across_servers(store: Store) -> None:
    here = await _finished(store, "g1", (ANA, BO))
    there = await _finished(store, "g2", (CAS, ANA))
    playing = await store.create_match(NewMatch("kero", (ANA, CAS), "s", {}, guild_id="g1"))
    seats = await store.member_seats(ANA.id)
    assert [(s.match_id, s.guild_id, s.status, s.seat, s.name) for s in seats] == [
        (here, "g1", "finished", 0, "Ana"),
        (there, "g2", "finished", 1, "Ana"),
        (playing, "g1", "open", 0, "Ana"),
    ]
    ratings = await store.member_ratings(ANA.id)
    assert [(r.guild_id, r.mu) for r in ratings] == [("g1", 25.0), ("g2", 26.0)]
    history = await store.member_history(ANA.id)
    assert [(h.match_id, h.guild_id, h.player_id) for h in history] == [
        (here, "g1", ANA.id),
        (there, "g2", ANA.id),
    ]
    assert await store.member_seats("999") == []


async def test_lobbies_are_found_by_host_and_by_member_but_not_by_a_longer_id(
    store: Store,
) -> None:
    hosted = await store.save_lobby(Lobby(None, "lobby", "keer-kids", {}, ANA.id, (ANA.id,), 9))
    joined = await store.save_lobby(
        Lobby(None, "lobby", "keer-kids", {}, BO.id, (BO.id, ANA.id), 9)
    )
    await store.save_lobby(Lobby(None, "lobby", "keer-kids", {}, "1111", ("1111",), 9))
    assert [lobby.id for lobby in await store.member_lobbies(ANA.id)] == [hosted, joined]


async def test_deletion_renames_seats_results_and_ratings_and_removes_the_rest(
    store: Store,
) -> None:
    finished = await _finished(store, "g1", (ANA, BO))
    playing = await store.create_match(NewMatch("kero", (BO, ANA), "s", {}, guild_id="g1"))
    await store.update_user_settings(ANA.id, {"images": False})
    await store.update_user_settings(BO.id, {"images": False})
    await store.add_away([AwaySpan(ANA.id, "g1", 0, 10**13)], forget_before_ms=0)
    await store.hide_from_board(ANA.id, True, 5)
    hosted = await store.save_lobby(Lobby(None, "lobby", "kero", {}, ANA.id, (ANA.id,), 9))
    joined = await store.save_lobby(Lobby(None, "lobby", "kero", {}, BO.id, (BO.id, ANA.id), 9))
    closed = await store.save_lobby(
        Lobby(None, "challenge", "kero", {}, BO.id, (BO.id, ANA.id), 9, status="expired")
    )

    forgotten = await store.forget_member(ANA.id, GONE)

    assert (forgotten.seats, forgotten.open_seats, forgotten.ratings, forgotten.lobbies) == (
        2,
        1,
        1,
        3,
    )
    assert await store.member_seats(ANA.id) == []
    assert await store.member_ratings(ANA.id) == []
    assert await store.member_history(ANA.id) == []
    assert await store.member_lobbies(ANA.id) == []
    assert await store.get_user_settings(ANA.id) == {}
    assert await store.away_spans(0, ANA.id) == []
    assert not await store.hidden_from_board(ANA.id)
    assert await store.get_user_settings(BO.id) == {"images": False}, "another member's stay"

    record = (await store.load(finished)).record
    assert [p.id for p in record.players] == [GONE, BO.id]
    assert [p.name for p in record.players] == [GONE, "Bo"], "no name left either"
    assert await store.seat_players(playing) == (BO, Player(GONE, GONE))
    assert await store.open_gone_seats() == [(playing, 1, GONE)]
    results = await raw_rows(store, "SELECT player_id FROM match_results ORDER BY seat")
    assert [r[0] for r in results] == [GONE, BO.id]
    assert [r.player_id for r in await store.ratings("g1", "kero")] == [BO.id, GONE]

    assert (await store.load_lobby(hosted)).status == "cancelled"
    assert (await store.load_lobby(hosted)).host_id == GONE
    assert (await store.load_lobby(joined)).members == (BO.id,)
    assert (await store.load_lobby(joined)).status == "open"
    lobby_ids = [r[0] for r in await raw_rows(store, "SELECT id FROM lobbies ORDER BY id")]
    assert closed not in lobby_ids

    await store.set_departed(playing, 1, "resigned")
    assert await store.open_gone_seats() == [], "resigned: nothing left to do"


async def test_boards_never_show_a_pseudonym_and_hide_who_opted_out_beyond_one_server(
    store: Store,
) -> None:
    for guild in ("g1", "g2"):
        await _finished(store, guild, (ANA, BO))
    await store.forget_member(BO.id, GONE)
    await _finished(store, "g1", (CAS, ANA))

    async def board(guilds: list[str] | None, public: bool) -> list[str]:
        rows = await store.leaderboard(
            "kero", guilds, since_ms=None, min_games=0, offset=0, limit=10, public=public
        )
        size = await store.leaderboard_size(
            "kero", guilds, since_ms=None, min_games=0, public=public
        )
        assert size == len(rows)
        return sorted(f"{r.guild_id}:{r.player_id}" for r in rows)

    assert await board(None, True) == ["g1:111", "g1:333", "g2:111"]
    await store.hide_from_board(ANA.id, True, 1)
    await store.hide_from_board(ANA.id, True, 2)  # twice: still one choice
    assert await store.hidden_from_board(ANA.id)
    assert await board(None, True) == ["g1:333"]
    assert await board(["g1"], False) == ["g1:111", "g1:333"], "their own server still ranks them"
    await store.hide_from_board(ANA.id, False, 3)
    assert await board(None, True) == ["g1:111", "g1:333", "g2:111"]


async def test_a_departed_servers_rows_go_once_its_time_is_up(store: Store) -> None:
    gone_match = await _finished(store, "g1", (ANA, BO))
    open_match = await store.create_match(NewMatch("kero", (ANA, BO), "s", {}, guild_id="g1"))
    await store.set_deadline(Deadline(open_match, "turn", 5, {}))
    kept = await _finished(store, "g2", (ANA, BO))
    await store.update_guild_settings("g1", {"language": "nl"})
    await store.update_guild_settings("g2", {"language": "es"})
    await store.add_away([AwaySpan(ANA.id, "g1", 0, 10**13)], forget_before_ms=0)
    await store.save_lobby(Lobby(None, "lobby", "kero", {}, ANA.id, (ANA.id,), 9, guild_id="g1"))

    await store.guild_left("g1", 1_000)
    await store.guild_left("g1", 5_000)  # told again: the first time counts
    await store.guild_left("g3", 1_000)
    await store.guild_back("g3")
    assert await store.purge_guilds(1_000) == [], "not yet"
    assert await store.purge_guilds(1_001) == ["g1"]

    assert await store.open_match_ids() == []
    ids = [r[0] for r in await raw_rows(store, "SELECT id FROM matches")]
    assert ids == [kept]
    assert gone_match not in ids
    assert await store.get_guild_settings("g1") == {}
    assert await store.get_guild_settings("g2") == {"language": "es"}
    assert await store.ratings("g1", "kero") == []
    assert len(await store.ratings("g2", "kero")) == 2
    assert await store.away_spans(0) == []
    assert await store.deadlines() == []
    assert [r[0] for r in await raw_rows(store, "SELECT guild_id FROM lobbies")] == []
    history = await store.member_history(ANA.id)
    assert [h.match_id for h in history] == [kept]
    assert await store.purge_guilds(10**13) == [], "g3 came back; g1 is done"


async def test_history_rows_keep_their_values_when_renamed(store: Store) -> None:
    match = await _finished(store, "g1", (ANA, BO))
    before = await store.rating_history("g1", "kero", ANA.id)
    await store.forget_member(ANA.id, GONE)
    after = await store.rating_history("g1", "kero", GONE)
    assert [
        RatingChange(h.match_id, h.guild_id, h.game, GONE, h.mu, h.sigma, h.at) for h in before
    ] == after
    assert after[0].match_id == match

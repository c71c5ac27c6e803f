"""Ratings: openskill updates, who a match rates, places with departures, rebuild == incremental."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.common import ChanceRng
from games.common.play import play_out, step
from games.keer_kids import HeuristicAI, new_match
from games.records import MatchRecord, Player, record_of, replay
from ratings import (
    DEFAULT,
    FinishedMatch,
    Standing,
    conservative,
    history_of,
    initial,
    places_of,
    rate,
    rate_match,
    rated_players,
    rebuild,
)
from ratings.history import RatingChange

GAME = "keer-kids"


def people(n: int) -> tuple[Player, ...]:
    return tuple(Player(str(100 + i), f"P{i}") for i in range(n))


def played(players: tuple[Player, ...], seed: str) -> MatchRecord:
    """A real record: computer policies play every seat to the end."""
    state = new_match(len(players))
    play_out(state, [HeuristicAI()] * len(players), ChanceRng(seed))
    return record_of(GAME, state, players, seed=seed)


def cut_short(players: tuple[Player, ...], seed: str, steps: int = 12) -> MatchRecord:
    """A real record of a match that stopped part-way (as a resignation ends it)."""
    state = new_match(len(players))
    rng, ai = ChanceRng(seed), [HeuristicAI()] * len(players)
    for _ in range(steps):
        step(state, ai, rng)
    assert not state.is_terminal()
    return record_of(GAME, state, players, seed=seed)


def finished(record: MatchRecord, **changes: Any) -> FinishedMatch:
    fields: dict[str, Any] = {
        "match_id": 1,
        "guild_id": "g",
        "game": GAME,
        "record": record,
        "departed": {},
        "rated": True,
        "finished_at": 1_700_000_000_000,
    }
    fields.update(changes)
    return FinishedMatch(**fields)


# --- the model -------------------------------------------------------------------------------


def test_defaults_are_openskills() -> None:
    assert (DEFAULT.mu, DEFAULT.sigma) == (25.0, 25 / 3)
    assert initial("x") == Standing("x", 25.0, 25 / 3, 0)
    assert conservative(initial("x")) == pytest.approx(0.0)


def test_a_win_raises_the_winner_and_lowers_the_loser() -> None:
    new = rate({}, ["a", "b"], [1, 2])
    assert new["a"].mu > DEFAULT.mu > new["b"].mu
    for s in new.values():
        assert s.sigma < DEFAULT.sigma
        assert s.games == 1
    again = rate(new, ["a", "b"], [2, 1])
    assert again["a"].mu < new["a"].mu and again["b"].mu > new["b"].mu
    assert again["a"].games == again["b"].games == 2


def test_a_shared_place_moves_equal_players_equally() -> None:
    new = rate({}, ["a", "b"], [1, 1])
    assert new["a"] == Standing("a", DEFAULT.mu, new["b"].sigma, 1)
    assert new["a"].sigma < DEFAULT.sigma


def test_four_players_are_ordered_by_place() -> None:
    new = rate({}, ["a", "b", "c", "d"], [3, 1, 4, 2])
    assert new["b"].mu > new["d"].mu > DEFAULT.mu > new["a"].mu > new["c"].mu
    tie = rate({}, ["a", "b", "c", "d"], [1, 2, 2, 4])
    assert tie["b"].mu == tie["c"].mu


def test_update_only_returns_just_those_and_uses_the_others_as_they_are() -> None:
    strong = {"a": Standing("a", 35.0, 3.0, 20)}
    new = rate(strong, ["a", "b"], [1, 2], update_only=["b"])
    assert set(new) == {"b"}
    assert new["b"] == rate(strong, ["a", "b"], [1, 2])["b"]
    with pytest.raises(ValueError, match="did not play"):
        rate({}, ["a", "b"], [1, 2], update_only=["z"])


def test_rate_rejects_malformed_input() -> None:
    with pytest.raises(ValueError):
        rate({}, ["a"], [1])
    with pytest.raises(ValueError):
        rate({}, ["a", "b"], [1])
    with pytest.raises(ValueError, match="two seats"):
        rate({}, ["a", "a"], [1, 2])


def test_conservative_orders_proven_players_above_lucky_newcomers() -> None:
    newcomer = Standing("n", 30.0, 8.0, 1)
    proven = Standing("p", 27.0, 2.0, 40)
    weak = Standing("w", 20.0, 2.0, 40)
    ranked = sorted([newcomer, weak, proven], key=conservative, reverse=True)
    assert [s.player_id for s in ranked] == ["p", "w", "n"]
    assert conservative(proven) == pytest.approx(21.0)


# --- who is rated ----------------------------------------------------------------------------


def test_a_normal_finished_match_rates_everyone() -> None:
    record = played(people(3), "all")
    assert rated_players(record, status="finished", rated=True, departed={}) == (
        "100",
        "101",
        "102",
    )


@pytest.mark.parametrize("status", ["cancelled", "abandoned", "open"])
def test_unfinished_statuses_are_unrated(status: str) -> None:
    record = played(people(2), "st")
    assert rated_players(record, status=status, rated=True, departed={}) == ()


def test_the_rated_flag_off_is_unrated() -> None:
    record = played(people(2), "flag")
    assert rated_players(record, status="finished", rated=False, departed={}) == ()


def test_a_computer_seat_makes_it_unrated() -> None:
    record = played((Player("100", "Ana"), Player("ai:1", "Tablero AI")), "ai")
    assert rated_players(record, status="finished", rated=True, departed={}) == ()


def test_one_player_is_unrated() -> None:
    record = MatchRecord(GAME, people(1))
    assert rated_players(record, status="finished", rated=True, departed={}) == ()


def test_expelled_or_left_counts_only_for_the_departed() -> None:
    record = played(people(3), "exp")
    for how in ("expelled", "left"):
        got = rated_players(record, status="finished", rated=True, departed={1: how})
        assert got == ("101",)
    both = rated_players(record, status="finished", rated=True, departed={0: "resigned", 2: "left"})
    assert both == ("100", "102")


def test_a_resignation_alone_rates_everyone() -> None:
    record = played(people(3), "res")
    got = rated_players(record, status="finished", rated=True, departed={0: "resigned"})
    assert got == ("100", "101", "102")


def test_bad_departures_are_rejected() -> None:
    record = played(people(2), "bad")
    with pytest.raises(ValueError, match="seat 5"):
        rated_players(record, status="finished", rated=True, departed={5: "left"})
    with pytest.raises(ValueError, match="unknown departure"):
        places_of(record, {0: "kicked"})


# --- places ----------------------------------------------------------------------------------


def test_places_come_from_the_outcome() -> None:
    record = played(people(4), "four")
    outcome = replay(record).outcome()
    assert outcome is not None
    assert places_of(record, {}) == outcome.places


def test_a_resigned_seat_is_last_and_the_rest_rerank() -> None:
    record = played(people(4), "four")
    base = places_of(record, {})
    winner = base.index(1)
    places = places_of(record, {winner: "resigned"})
    assert places[winner] == 4
    others = [s for s in range(4) if s != winner]
    assert sorted(places[s] for s in others) == [1, 2, 3]
    for s in others:
        for t in others:
            assert (base[s] < base[t]) == (places[s] < places[t])


def test_departed_seats_share_last() -> None:
    record = played(people(4), "four")
    places = places_of(record, {0: "resigned", 3: "expelled"})
    assert places[0] == places[3] == 3
    assert sorted((places[1], places[2])) in ([1, 2], [1, 1])


def test_a_resignation_before_the_end_puts_the_others_first() -> None:
    record = cut_short(people(2), "short")
    assert places_of(record, {1: "resigned"}) == (1, 2)
    three = cut_short(people(3), "short3")
    assert places_of(three, {0: "resigned"}) == (3, 1, 1)  # ranked like Outcome: 1, 1, 3


def test_an_unended_match_without_departure_has_no_result() -> None:
    with pytest.raises(ValueError, match="no result"):
        places_of(cut_short(people(2), "none"), {})


# --- one match, as the bot rates it ----------------------------------------------------------


def test_resigning_early_is_a_loss() -> None:
    match = finished(cut_short(people(2), "quit"), departed={0: "resigned"})
    new = rate_match({}, match)
    assert new["100"].mu < DEFAULT.mu < new["101"].mu


def test_expelled_player_alone_takes_a_loss() -> None:
    record = played(people(2), "kick")
    before = {"101": Standing("101", 30.0, 4.0, 12)}
    match = finished(record, departed={0: "expelled"})
    new = rate_match(before, match)
    assert set(new) == {"100"}
    assert new["100"].mu < DEFAULT.mu
    assert new["100"].games == 1
    assert new["100"] == rate(before, ["100", "101"], [2, 1])["100"]
    assert history_of(match, new) == [
        RatingChange(1, "g", GAME, "100", new["100"].mu, new["100"].sigma, 1_700_000_000_000)
    ]


def test_unrated_matches_change_nothing() -> None:
    record = played(people(2), "none")
    assert rate_match({}, finished(record, rated=False)) == {}
    assert rate_match({}, finished(record, status="abandoned")) == {}
    assert rebuild([finished(record, status="cancelled")]).standings == {}


# --- rebuild == incremental ------------------------------------------------------------------


def generated_matches(count: int) -> list[FinishedMatch]:
    """A league of real matches: two guilds, a pool of members, some departures and AI games."""
    pick = random.Random(7)
    pool = [Player(str(1000 + i), f"M{i}") for i in range(6)]
    out = []
    for number in range(1, count + 1):
        seats = tuple(pick.sample(pool, pick.choice([2, 2, 3, 4])))
        if number % 9 == 0:
            seats = (*seats[:-1], Player("ai:1", "Tablero AI"))
        seed = f"league-{number}"
        departed: dict[int, str] = {}
        roll = pick.random()
        if roll < 0.15:
            departed = {pick.randrange(len(seats)): "resigned"}
            record = cut_short(seats, seed) if len(seats) == 2 else played(seats, seed)
        elif roll < 0.25:
            departed = {pick.randrange(len(seats)): pick.choice(["expelled", "left"])}
            record = played(seats, seed)
        else:
            record = played(seats, seed)
        out.append(
            finished(
                record,
                match_id=number,
                guild_id=pick.choice(["g1", "g2"]),
                departed=departed,
                rated=number % 11 != 0,
                status="abandoned" if number % 13 == 0 else "finished",
                finished_at=1_700_000_000_000 + number * 60_000,
            )
        )
    return out


def test_rebuild_equals_applying_rate_match_by_match() -> None:
    matches = generated_matches(40)
    tables: dict[tuple[str, str], dict[str, Standing]] = {}
    history: list[RatingChange] = []
    for match in matches:
        table = tables.setdefault((match.guild_id, match.game), {})
        players = rated_players(
            match.record, status=match.status, rated=match.rated, departed=match.departed
        )
        if not players:
            continue
        ids = [p.id for p in match.record.players]
        changed = rate(table, ids, places_of(match.record, match.departed), update_only=players)
        table.update(changed)
        history.extend(history_of(match, changed))
    tables = {key: table for key, table in tables.items() if table}

    rebuilt = rebuild(matches)
    assert rebuilt.standings == tables  # exact float equality, not approx
    assert rebuilt.history == history
    assert len({c.match_id for c in history}) >= 20
    assert rebuild(matches) == rebuilt
    last = {(c.guild_id, c.game, c.player_id): (c.mu, c.sigma) for c in rebuilt.history}
    for (guild, game), table in rebuilt.standings.items():
        for pid, s in table.items():
            assert last[(guild, game, pid)] == (s.mu, s.sigma)
        assert all(s.games >= 1 for s in table.values())

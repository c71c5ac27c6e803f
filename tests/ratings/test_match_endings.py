"""Every way a match can end, one table: who places where and whose rating it changes (the
ratings package's `places_of` and `rated_players`, which the bot and `tablero ratings rebuild`
both use). docs/discord.md "How a match ends" says the same in words."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from games.common import ChanceRng
from games.common.play import play_out, step
from games.keer_kids import HeuristicAI, new_match
from games.records import MatchRecord, Player, record_of, replay
from ratings import places_of, rated_players

GAME = "keer-kids"


def _people(n: int, computer_seat: int | None = None) -> tuple[Player, ...]:
    return tuple(
        Player("ai:1" if seat == computer_seat else str(100 + seat), f"P{seat}")
        for seat in range(n)
    )


def _record(players: tuple[Player, ...], *, to_the_end: bool) -> MatchRecord:
    """A real Keer record, played to its end by computers, or stopped part-way (a match ended by
    its last member leaving)."""
    state, rng = new_match(len(players)), ChanceRng(f"endings/{len(players)}")
    ai = [HeuristicAI()] * len(players)
    if to_the_end:
        play_out(state, ai, rng)
    else:
        for _ in range(12):
            step(state, ai, rng)
    return record_of(GAME, state, players)


@dataclass(frozen=True)
class Ending:
    """One way a match ends and what it must come to."""

    players: int
    to_the_end: bool
    departed: dict[int, str]
    rated_seats: tuple[int, ...]
    """Whose rating changes (seat numbers)."""
    last_seats: tuple[int, ...] = ()
    """The seats placed last (sharing the place after every seat still playing)."""
    status: str = "finished"
    rated: bool = True
    computer_seat: int | None = None


ENDINGS = {
    "finished, every seat played": Ending(3, True, {}, (0, 1, 2)),
    "a duel ended by a resignation": Ending(2, False, {1: "resigned"}, (0, 1), (1,)),
    "resigned, the computer played the seat out": Ending(
        4, True, {0: "resigned"}, (0, 1, 2, 3), (0,)
    ),
    "expelled, the computer played the seat out": Ending(2, True, {0: "expelled"}, (0,), (0,)),
    "left, the computer played the seat out": Ending(3, True, {2: "left"}, (2,), (2,)),
    "resigned and another expelled": Ending(
        3, True, {0: "resigned", 1: "expelled"}, (0, 1), (0, 1)
    ),
    "both gone: expelled, then the other resigned": Ending(
        2, False, {0: "expelled", 1: "resigned"}, (), (0, 1)
    ),
    "all three gone": Ending(3, False, {0: "left", 1: "expelled", 2: "resigned"}, (), (0, 1, 2)),
    "abandoned": Ending(2, False, {}, (), status="abandoned"),
    "cancelled by vote or by a moderator": Ending(3, False, {}, (), status="cancelled"),
    "a casual match": Ending(2, True, {}, (), rated=False),
    "a computer seat from the start": Ending(3, True, {}, (), computer_seat=1),
    "a stand-in played an away member's moves": Ending(2, True, {}, (0, 1)),
}


@pytest.mark.parametrize("name", ENDINGS)
def test_every_way_a_match_ends_places_and_rates_as_documented(name: str) -> None:
    ending = ENDINGS[name]
    players = _people(ending.players, ending.computer_seat)
    record = _record(players, to_the_end=ending.to_the_end)
    rated = rated_players(
        record, status=ending.status, rated=ending.rated, departed=ending.departed
    )
    assert rated == tuple(players[seat].id for seat in ending.rated_seats)
    if ending.status != "finished":
        return  # no result: nothing is placed
    places = places_of(record, ending.departed)
    last = max(places)
    assert {seat for seat, place in enumerate(places) if place == last} >= set(ending.last_seats)
    staying = [seat for seat in range(ending.players) if seat not in ending.departed]
    if ending.departed and staying:
        assert all(places[seat] < places[gone] for seat in staying for gone in ending.departed)
        assert last == len(staying) + 1, "the departed share the place after the others"
    if not staying:
        assert places == (ending.players,) * ending.players, "nobody won"
    if not ending.departed:
        outcome = replay(record).outcome()
        assert outcome is not None and places == outcome.places


def test_resigning_after_the_opponent_was_expelled_is_never_a_win() -> None:
    """The reported case: Bo expelled Ana (the computer took her seat), then resigned."""
    record = _record(_people(2), to_the_end=False)
    departed = {0: "expelled", 1: "resigned"}
    assert places_of(record, departed) == (2, 2)
    assert rated_players(record, status="finished", rated=True, departed=departed) == ()

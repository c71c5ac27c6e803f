"""Every way a match can end, one table, in both games: who places where and whose rating it
changes (the ratings package's `places_of` and `rated_players`, which the bot and `tablero
ratings rebuild` both use), on real records — played by the games' computer players to the end,
or stopped part-way. docs/discord.md "How a match ends" says the same in words;
tests/bot/test_match_endings_notices.py drives each ending through Discord."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import pytest

from games.common import ChanceRng
from games.common.play import play_out, step
from games.keer_kids import HeuristicAI
from games.kero import KeroAI
from games.records import MatchRecord, Player, record_of, replay
from games.registry import get_game
from ratings import places_of, rated_players

KEER, KERO = "keer-kids", "kero"
POLICIES = {KEER: HeuristicAI, KERO: KeroAI}


def _people(n: int, computer_seat: int | None = None) -> tuple[Player, ...]:
    return tuple(
        Player("ai:1" if seat == computer_seat else str(100 + seat), f"P{seat}")
        for seat in range(n)
    )


def _record(
    game: str,
    players: tuple[Player, ...],
    *,
    to_the_end: bool,
    options: Mapping[str, Any] | None = None,
) -> MatchRecord:
    """A real record of `game`, played to its end by computers, or stopped part-way (a match
    ended by a resignation or by its last member leaving)."""
    state = get_game(game).new_match(len(players), options or {})
    rng = ChanceRng(f"endings/{game}/{len(players)}")
    ai = [POLICIES[game]()] * len(players)
    if to_the_end:
        play_out(state, ai, rng)
    else:
        for _ in range(12):
            step(state, ai, rng)
        assert not state.is_terminal()
    return record_of(game, state, players, options=options)


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
    options: dict[str, Any] = field(default_factory=dict)
    games: tuple[str, ...] = ()
    """The games it applies to; by default Keer always and Kero (two seats) for a duel."""

    def applies_to(self, game: str) -> bool:
        """Whether this ending can happen in `game`."""
        if self.games:
            return game in self.games
        return game == KEER or self.players == 2


ENDINGS = {
    "finished, every seat played": Ending(3, True, {}, (0, 1, 2)),
    "a duel finished": Ending(2, True, {}, (0, 1)),
    "a duel finished with the Boss Variant": Ending(
        2, True, {}, (0, 1), options={"variant": "boss"}, games=(KERO,)
    ),
    "a duel ended by a resignation": Ending(2, False, {1: "resigned"}, (0, 1), (1,)),
    "resigned, the computer played the seat out": Ending(
        4, True, {0: "resigned"}, (0, 1, 2, 3), (0,)
    ),
    "expelled, the computer played the seat out": Ending(2, True, {0: "expelled"}, (0,), (0,)),
    "left, the computer played the seat out": Ending(3, True, {2: "left"}, (2,), (2,)),
    "a duel left, the computer played the seat out": Ending(2, True, {1: "left"}, (1,), (1,)),
    "resigned and another expelled": Ending(
        3, True, {0: "resigned", 1: "expelled"}, (0, 1), (0, 1)
    ),
    "both gone: expelled, then the other resigned": Ending(
        2, False, {0: "expelled", 1: "resigned"}, (), (0, 1)
    ),
    "all three gone": Ending(3, False, {0: "left", 1: "expelled", 2: "resigned"}, (), (0, 1, 2)),
    "abandoned": Ending(2, False, {}, (), status="abandoned"),
    "cancelled by vote or by a moderator": Ending(3, False, {}, (), status="cancelled"),
    "a duel cancelled by vote or by a moderator": Ending(2, False, {}, (), status="cancelled"),
    "a casual match": Ending(2, True, {}, (), rated=False),
    "a computer seat from the start": Ending(3, True, {}, (), computer_seat=1),
    "a duel against the computer": Ending(2, True, {}, (), computer_seat=1),
    "resigned against the computer": Ending(2, False, {0: "resigned"}, (), (0,), computer_seat=1),
    "a stand-in played an away member's moves": Ending(2, True, {}, (0, 1)),
}
CASES = [
    pytest.param(game, name, id=f"{game}: {name}")
    for name, ending in ENDINGS.items()
    for game in (KEER, KERO)
    if ending.applies_to(game)
]


@pytest.mark.parametrize(("game", "name"), CASES)
def test_every_way_a_match_ends_places_and_rates_as_documented(game: str, name: str) -> None:
    ending = ENDINGS[name]
    players = _people(ending.players, ending.computer_seat)
    record = _record(game, players, to_the_end=ending.to_the_end, options=ending.options)
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
    if ending.departed and staying and not ending.to_the_end:
        assert all(places[seat] == 1 for seat in staying), "whoever is still playing wins"
    if not staying:
        assert places == (ending.players,) * ending.players, "nobody won"
    if not ending.departed:
        outcome = replay(record).outcome()
        assert outcome is not None and places == outcome.places


def test_both_games_cover_every_ending_a_duel_can_have() -> None:
    """Kero seats two: every two-seat ending is checked in it too."""
    duels = {name for name, ending in ENDINGS.items() if ending.players == 2}
    kero = {name for game, name in (p.values for p in CASES) if game == KERO}
    assert duels <= kero and len(kero) >= 10


@pytest.mark.parametrize("game", [KEER, KERO])
def test_resigning_after_the_opponent_was_expelled_is_never_a_win(game: str) -> None:
    """The reported case: Bo expelled Ana (the computer took her seat), then resigned."""
    record = _record(game, _people(2), to_the_end=False)
    departed = {0: "expelled", 1: "resigned"}
    assert places_of(record, departed) == (2, 2)
    assert rated_players(record, status="finished", rated=True, departed=departed) == ()


@pytest.mark.parametrize("game", [KEER, KERO])
def test_a_departed_seat_the_computer_won_with_still_places_last(game: str) -> None:
    """The computer that played an expelled seat out may have won the board: the seat is last
    all the same, and its opponent first."""
    for seed in range(40):
        players = _people(2)
        state = get_game(game).new_match(2, {})
        play_out(state, [POLICIES[game]()] * 2, ChanceRng(f"won/{game}/{seed}"))
        outcome = state.outcome()
        assert outcome is not None
        if outcome.places == (1, 2):
            record = record_of(game, state, players)
            assert places_of(record, {0: "expelled"}) == (2, 1)
            return
    raise AssertionError("no seed where seat 0 won the board")

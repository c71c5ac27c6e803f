"""A results image shows the places the match was stored with: when a seat that left (resigned,
expelled) won the board through the computer that played it out, the image crowns the seat
placed first, as the card's text and the ratings do (ratings' `standing_places`)."""

from __future__ import annotations

from games.common import ChanceRng
from games.common.play import step
from games.keer_kids import KeerState
from games.kero import KeroState
from games.registry import get_game
from ratings import standing_places
from render import images_for
from render.keer_kids.results import ranking
from words import words_for

EN = words_for("en")
NAMES = ["Ana", "Bo", "Cas"]


def finished(game: str, players: int, seed: str) -> object:
    """A match its computers played to the end."""
    spec = get_game(game)
    state = spec.new_match(players, {})
    ai, rng = spec.new_ai(), ChanceRng(seed)
    while not state.is_terminal():
        step(state, [ai] * players, rng)
    return state


def test_a_departed_board_winner_is_placed_last_on_the_keer_results_card() -> None:
    state = finished("keer-kids", 3, "places/keer")
    assert isinstance(state, KeerState)
    outcome = state.outcome()
    assert outcome is not None
    (won, *_) = sorted(outcome.winners)
    stored = standing_places(outcome.places, {won: "resigned"})
    placed, order = ranking(state, stored)
    assert order[-1] == won and won not in placed.winners
    assert placed.winners == {s for s, p in enumerate(stored) if p == 1}
    assert placed.scores == outcome.scores  # the points are the board's

    draw = images_for("keer-kids").results
    assert draw(state, NAMES, EN, stored) != draw(state, NAMES, EN)
    assert draw(state, NAMES, EN, outcome.places) == draw(state, NAMES, EN)


def test_a_departed_board_winner_is_not_crowned_on_the_kero_results_card() -> None:
    state = finished("kero", 2, "places/kero")
    assert isinstance(state, KeroState)
    outcome = state.outcome()
    assert outcome is not None
    (won, *_) = sorted(outcome.winners)
    stored = standing_places(outcome.places, {won: "expelled"})
    assert stored[won] == 2 and outcome.placed(stored).winners == {1 - won}

    draw = images_for("kero").results
    assert draw(state, NAMES[:2], EN, stored) != draw(state, NAMES[:2], EN)
    assert draw(state, NAMES[:2], EN, outcome.places) == draw(state, NAMES[:2], EN)

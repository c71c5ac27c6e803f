"""Outcomes: winners share ties, places rank by score."""

from __future__ import annotations

from games.common import Outcome


def test_single_winner_and_places() -> None:
    outcome = Outcome.from_scores([10, 14, 7])
    assert outcome.winners == {1}
    assert outcome.places == (2, 1, 3)


def test_ties_share_the_win_and_the_place() -> None:
    outcome = Outcome.from_scores([12, 12, 9, 12])
    assert outcome.winners == {0, 1, 3}
    assert outcome.places == (1, 1, 4, 1)


def test_tied_losers_share_a_place() -> None:
    assert Outcome.from_scores([20, 5, 5]).places == (1, 2, 2)

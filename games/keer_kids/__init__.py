"""Keer op Keer Kids: a roll-and-write for 2–4 players where everyone crosses on every roll."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from games.keer_kids.actions import Action, Cross, Keep, Mark, Miss, Roll, Skip, parse_action
from games.keer_kids.ai import GreedyAI, HeuristicAI
from games.keer_kids.hard import HardAI
from games.keer_kids.levels import EasyAI, computer
from games.keer_kids.rules import MAX_PLAYERS, MIN_PLAYERS, Phase
from games.keer_kids.sheet import Sheet, SheetError, default_sheet, parse_sheet
from games.keer_kids.state import KeerState

NAME = "keer-kids"
TITLE = "Keer op Keer Kids"
FIRST: Final = "first"
"""The one option: the seat that rolls first (house rule: the table chooses it in the lobby).
Without it seat 0 rolls first, as every match did before the choice existed."""


def new_match(num_players: int, options: Mapping[str, Any] | None = None) -> KeerState:
    """A fresh match; the only option is `first`, the seat that rolls first (default 0). Any
    other option, or a `first` that is not a seat of the match, is refused."""
    given = dict(options or {})
    first = given.pop(FIRST, 0)
    if given:
        raise ValueError(
            f"{TITLE} has no options but {FIRST!r} (the seat that rolls first); got {sorted(given)}"
        )
    if not isinstance(first, int) or isinstance(first, bool):
        raise ValueError(f"{FIRST!r} must be a seat number, not {first!r}")
    return KeerState(num_players, first_roller=first)


def figures(state: KeerState) -> dict[str, float]:
    """What `tablero simulate` reports of a finished match: the rolls it took."""
    return {"rolls": state.rolls}


__all__ = [
    "FIRST",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "NAME",
    "TITLE",
    "Action",
    "Cross",
    "EasyAI",
    "GreedyAI",
    "HardAI",
    "HeuristicAI",
    "Keep",
    "KeerState",
    "Mark",
    "Miss",
    "Phase",
    "Roll",
    "Sheet",
    "SheetError",
    "Skip",
    "computer",
    "default_sheet",
    "figures",
    "new_match",
    "parse_action",
    "parse_sheet",
]

"""Keer op Keer Kids: a roll-and-write for 2–4 players where everyone crosses on every roll."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.keer_kids.actions import Action, Cross, Keep, Mark, Miss, Roll, Skip, parse_action
from games.keer_kids.ai import GreedyAI, HeuristicAI
from games.keer_kids.hard import HardAI
from games.keer_kids.levels import EasyAI, computer
from games.keer_kids.rules import MAX_PLAYERS, MIN_PLAYERS, Phase
from games.keer_kids.sheet import Sheet, SheetError, default_sheet, parse_sheet
from games.keer_kids.state import KeerState

NAME = "keer-kids"
TITLE = "Keer op Keer Kids"


def new_match(num_players: int, options: Mapping[str, Any] | None = None) -> KeerState:
    """A fresh match; Keer op Keer Kids has no options yet, so any given option is refused."""
    if options:
        raise ValueError(f"{TITLE} has no options; got {sorted(options)}")
    return KeerState(num_players)


def figures(state: KeerState) -> dict[str, float]:
    """What `tablero simulate` reports of a finished match: the rolls it took."""
    return {"rolls": state.rolls}


__all__ = [
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

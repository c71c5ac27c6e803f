"""Kero: a two-player real-time dice game where your tanker truck's KERO is your time.

The engine follows docs/rules/kero.md: components as validated data, setup, fuel-ups (auto and
live), the rolling window on millisecond timestamps, the outage, camp, Tuareks and ability tiles,
Fire, claims with the Boss Variant and the tie-breaker, scoring, and a computer player.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.kero import actions
from games.kero.actions import parse_action
from games.kero.ai import KeroAI
from games.kero.levels import computer
from games.kero.state import KeroState

NAME = "kero"
TITLE = "Kero"


def new_match(num_players: int, options: Mapping[str, Any] | None = None) -> KeroState:
    """A fresh two-player match (options: `variant` base|boss, `fuel_up` auto|live)."""
    if num_players != 2:
        raise ValueError(f"{TITLE} takes 2 players, not {num_players}")
    return KeroState(dict(options or {}))


def figures(state: KeroState) -> dict[str, float]:
    """What `tablero simulate` reports of a finished match."""
    outcome = state.outcome()
    assert outcome is not None
    setup = next(act for _, act in state.history if isinstance(act, actions.Setup))
    dry = sum(isinstance(act, actions.TankEmpty) for _, act in state.history)
    return {
        "turns": state.turns,
        "first_player_win_rate": float(outcome.winners == {setup.first}),
        "tie_rate": float(len(outcome.winners) > 1),
        "dry_tank_rate": dry / max(1, state.turns),
    }


__all__ = [
    "NAME",
    "TITLE",
    "KeroAI",
    "KeroState",
    "computer",
    "figures",
    "new_match",
    "parse_action",
]

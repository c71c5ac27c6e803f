"""The computer at each level (for now every level is the heuristic player: the easy and the
searching players come next)."""

from __future__ import annotations

from games.common.levels import Budget, Level
from games.common.protocol import Policy
from games.keer_kids.ai import HeuristicAI


def computer(level: Level = Level.NORMAL, budget: Budget | None = None, seed: str = "") -> Policy:
    """The computer player of a level."""
    return HeuristicAI()

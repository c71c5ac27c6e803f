"""The computer at each level (for now every level is KeroAI: the easy and the searching
players come next)."""

from __future__ import annotations

from games.common.levels import Budget, Level
from games.common.protocol import Policy
from games.kero.ai import KeroAI, Pace


def computer(
    level: Level = Level.NORMAL,
    budget: Budget | None = None,
    seed: str = "",
    pace: Pace | None = None,
) -> Policy:
    """The computer player of a level, clicking at `pace`."""
    return KeroAI(pace)

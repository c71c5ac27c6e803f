"""What every game engine shares: errors, the seeded chance stream, the state protocol."""

from games.common.errors import ActionParseError, IllegalAction, Reason
from games.common.protocol import CHANCE, Action, GameState, Node, Outcome, Seat, Untimed
from games.common.rng import ChanceRng

__all__ = [
    "CHANCE",
    "Action",
    "ActionParseError",
    "ChanceRng",
    "GameState",
    "IllegalAction",
    "Node",
    "Outcome",
    "Reason",
    "Seat",
    "Untimed",
]

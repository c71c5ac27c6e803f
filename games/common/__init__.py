"""What every game engine shares: errors, the seeded chance stream, the state protocol."""

from games.common.errors import ActionParseError, IllegalAction, Reason
from games.common.protocol import CHANCE, GameState, Node, Outcome, Seat
from games.common.rng import ChanceRng

__all__ = [
    "CHANCE",
    "ActionParseError",
    "ChanceRng",
    "GameState",
    "IllegalAction",
    "Node",
    "Outcome",
    "Reason",
    "Seat",
]

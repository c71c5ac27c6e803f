"""What the bot does by itself in Kero: it draws every die at once, and its own credits never
make the players' message stale."""

from __future__ import annotations

from dataclasses import dataclass

from games.common.protocol import Seat
from games.kero import KeroState
from games.kero.actions import Credit, Pass


@dataclass(frozen=True, slots=True)
class KeroPace:
    """Kero: the bot draws every die at once; its own credits never make a message stale."""

    def chance_trigger(self, state: KeroState) -> Seat | None:
        """Nobody's click: the bot draws."""
        return None

    def forced(self, state: KeroState, seat: Seat) -> None:
        """Nothing is forced."""
        return

    def missed(self, state: KeroState, seat: Seat) -> None:
        """The opponent decides: skip the turn or expel the absent player."""
        return

    def skip(self, state: KeroState, seat: Seat) -> Pass:
        """`pass`: the absent clan's turn ends (house rule, async play)."""
        return Pass()

    def step_version(self, state: KeroState) -> int:
        """The version after the last move and the dice it threw, ignoring later credits."""
        version = len(state.history)
        while version and isinstance(state.history[version - 1][1], Credit):
            version -= 1
        return version

"""What the bot does by itself in each game: chance it draws at once, moves it makes for players.

The engines wait for chance and for every seat alike; a Discord match needs to know which dice a
player's click throws (Keer's Roll button) and which moves are forced (a Keer player with nothing
to cross skips), so nobody waits for a click that has only one possible answer.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from games.common.protocol import Action, Node, Seat
from games.keer_kids import Keep, KeerState, Phase, Roll, Skip
from games.kero import KeroState
from games.kero.actions import Credit


class Pace(Protocol):
    """A game's answers to "does the bot act here by itself?"."""

    def chance_trigger(self, state: Any) -> Seat | None:
        """The seat whose click throws the pending chance action, or None to draw it at once."""
        ...

    def forced(self, state: Any, seat: Seat) -> Action | None:
        """The action a human seat must take because it is the only legal one, else None."""
        ...

    def step_version(self, state: Any) -> int:
        """The version at which the message players now click was drawn; older clicks are stale."""
        ...

    def missed(self, state: Any, seat: Seat) -> str | None:
        """What the bot applies for a seat whose turn clock ran out ("roll" throws its dice;
        "ai" lets the computer make that one move), or None to ask the other players."""
        ...


@dataclass(frozen=True, slots=True)
class KeerPace:
    """Keer op Keer Kids: the roller rolls by button; a player with nothing to cross skips."""

    def chance_trigger(self, state: KeerState) -> Seat | None:
        """The roller throws the dice."""
        return state.roller if state.phase is Phase.ROLL else None

    def forced(self, state: KeerState, seat: Seat) -> Skip | None:
        """Skip when it is the only choice (the rules allow Skip only then)."""
        if state.node() is not Node.SIMULTANEOUS:
            return None
        legal = state.legal_actions(seat)
        return Skip() if legal == [Skip()] else None

    def missed(self, state: KeerState, seat: Seat) -> str | None:
        """A member who misses the clock skips the roll; an absent roller's dice are still
        rolled and kept (by the computer) so the others can play."""
        if state.phase is Phase.ROLL:
            return "roll" if seat == state.roller else None
        if state.phase is Phase.KEEP:
            return "ai" if seat == state.roller else None
        return "miss" if state.phase is Phase.CHOOSE else None

    def step_version(self, state: KeerState) -> int:
        """While players choose, every pick is made on the message drawn after the keep."""
        if state.phase is not Phase.CHOOSE:
            return state.version
        for index in range(len(state.history) - 1, -1, -1):
            if isinstance(state.history[index][1], Keep | Roll):
                return index + 1
        return state.version


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

    def step_version(self, state: KeroState) -> int:
        """The version after the last move and the dice it threw, ignoring later credits."""
        version = len(state.history)
        while version and isinstance(state.history[version - 1][1], Credit):
            version -= 1
        return version


PACES: Mapping[str, Pace] = {"keer-kids": KeerPace(), "kero": KeroPace()}

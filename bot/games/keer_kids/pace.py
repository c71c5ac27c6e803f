"""What the bot does by itself in Keer op Keer Kids: the roller's click throws the dice, and a
player with nothing to cross skips without being asked."""

from __future__ import annotations

from dataclasses import dataclass

from games.common.protocol import Node, Seat
from games.keer_kids import Keep, KeerState, Phase, Roll, Skip


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

    def skip(self, state: KeerState, seat: Seat) -> None:
        """Never asked: a missed roll is skipped by itself (`missed`)."""
        return

    def step_version(self, state: KeerState) -> int:
        """While players choose, every pick is made on the message drawn after the keep."""
        if state.phase is not Phase.CHOOSE:
            return state.version
        for index in range(len(state.history) - 1, -1, -1):
            if isinstance(state.history[index][1], Keep | Roll):
                return index + 1
        return state.version

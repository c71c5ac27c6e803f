"""Keer op Keer Kids as the bot plays it, without Discord: the roller's click throws the dice,
a player with nothing to cross skips without being asked, a message per roll."""

from __future__ import annotations

from dataclasses import dataclass

from bot.core.refusals import Listed, Refused
from bot.core.rules import THROW, ComputerMoves, Forfeit, GameRules, MissedTurn
from games.common.errors import IllegalAction, Reason
from games.common.protocol import GameState, Node, Seat
from games.keer_kids import NAME, Cross, Keep, KeerState, Mark, Miss, Phase, Roll, Skip


def keer_state(state: GameState) -> KeerState:
    """The state of a Keer op Keer Kids match (a TypeError for any other game's)."""
    if not isinstance(state, KeerState):
        raise TypeError(f"not a Keer op Keer Kids state: {type(state).__name__}")
    return state


def roll_number(any_state: GameState) -> int:
    """The roll a message shows: the one in play, or the next when the dice are due."""
    state = keer_state(any_state)
    return state.rolls + (1 if state.phase is Phase.ROLL else 0)


@dataclass(frozen=True, slots=True)
class KeerRules(GameRules):
    """Keer op Keer Kids: the roller rolls by button; a player with nothing to cross skips."""

    name: str = NAME

    def chance_trigger(self, state: KeerState) -> Seat | None:
        """The roller throws the dice."""
        return state.roller if state.phase is Phase.ROLL else None

    def forced(self, state: KeerState, seat: Seat) -> Skip | None:
        """Skip when it is the only choice (the rules allow Skip only then)."""
        if state.node() is not Node.SIMULTANEOUS:
            return None
        legal = state.legal_actions(seat)
        return Skip() if legal == [Skip()] else None

    def missed(self, state: KeerState, seat: Seat) -> MissedTurn | None:
        """A member who misses the clock misses the roll; an absent roller's dice are still
        rolled and kept (by the computer) so the others can play."""
        if state.phase is Phase.ROLL:
            return THROW if seat == state.roller else None
        if state.phase is Phase.KEEP:
            return ComputerMoves() if seat == state.roller else None
        return Forfeit(Miss()) if state.phase is Phase.CHOOSE else None

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

    def picture_version(self, state: GameState) -> int:
        """While players choose, the table drawn after the keep: picks stay hidden until the
        roll resolves, so a pick changes only the waiting list."""
        return self.step_version(keer_state(state))

    def board_version(self, state: GameState) -> int:
        """The table as the roll began (the last roll resolved, the roller's sheet): the
        sheets change only when a roll resolves, so one table serves the roll, the keep and
        every pick, and the strip above it shows the dice."""
        keer = keer_state(state)
        if keer.phase not in (Phase.KEEP, Phase.CHOOSE):
            return keer.version
        for index in range(len(keer.history) - 1, -1, -1):
            if isinstance(keer.history[index][1], Roll):
                return index
        return keer.version

    def message_key(self, state: GameState) -> int:
        """A message per roll."""
        return roll_number(state)

    def ran_out(self, state: GameState, seat: Seat) -> bool:
        """The seat's last action is the miss its clock made (it has not picked, kept or
        rolled since)."""
        for acting, action in reversed(keer_state(state).history):
            if acting == seat:
                return isinstance(action, Miss)
        return False

    def only_choice(self, state: GameState, seat: Seat) -> Cross | Mark | None:
        """A pick with no alternative (one enclosure, or the bare mark, for every die the seat
        may use), while the seat is still to choose."""
        keer = keer_state(state)
        if seat not in keer.seats_to_act() or keer.phase is not Phase.CHOOSE:
            return None
        legal = keer.legal_actions(seat)
        only = legal[0] if len(legal) == 1 else None
        return only if isinstance(only, Cross | Mark) else None

    def explain(self, error: IllegalAction) -> Refused | None:
        """A keep of a die that fits nowhere while another fits: which colours fit ("Red fits
        nowhere on your sheet: keep blue or green"); None for any other refusal."""
        face, fits = error.details.get("face"), error.details.get("fits")
        if error.reason is not Reason.MUST_CROSS or not isinstance(face, str) or not fits:
            return None
        assert isinstance(fits, tuple)
        colours = Listed(tuple(f"colour-{f}" for f in fits), style="or")
        return Refused("keer-refuse-keep-fits", colour=Listed((f"colour-{face}",)), fits=colours)

"""High Roll, the toy third game's engine: 2–4 players each throw one die per round, in seat
order, for three rounds; the highest total wins. Shaped like the real engines (games/): a pure
state, dice as chance actions, typed actions with a text form."""

from __future__ import annotations

import copy
import re
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from games.common import CHANCE, ActionParseError, ChanceRng, IllegalAction, Node, Outcome, Seat
from games.common.errors import GameOver, NotYourTurn, WrongPhase
from games.common.levels import Budget, Level
from games.common.protocol import Action, Policy, Untimed

NAME = "high-roll"
TITLE = "High Roll"
ROUNDS = 3
FACES = 6


@dataclass(frozen=True, slots=True)
class Throw(Untimed):
    """Chance: the face (1-6) of the thrower's die."""

    face: int

    def to_text(self) -> str:
        """`throw:5`."""
        return f"throw:{self.face}"


def parse_action(text: str) -> Action:
    """`throw:N`; ActionParseError otherwise."""
    found = re.fullmatch(r"throw:([1-6])", text)
    if found:
        return Throw(int(found[1]))
    raise ActionParseError(f"{text!r} is not a High Roll action")


class HighRollState:
    """A match: whose throw is due, the totals, the history."""

    def __init__(self, players: int) -> None:
        self.num_players = players
        self.totals = [0] * players
        self.thrower: Seat = 0
        self.round = 1
        self.version = 0
        self.rolls = 0
        self.history: list[tuple[Seat, Action]] = []

    def node(self) -> Node:
        """Chance until the last round's last throw, then over."""
        return Node.TERMINAL if self.round > ROUNDS else Node.CHANCE

    def seats_to_act(self) -> tuple[Seat, ...]:
        """Nobody decides: every throw is chance (the thrower's click triggers it)."""
        return ()

    def legal_actions(self, seat: Seat) -> list[Action]:
        """No decisions in this game."""
        return []

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """Each face once in six."""
        return [(Throw(face), Fraction(1, FACES)) for face in range(1, FACES + 1)]

    def sample_chance(self, rng: ChanceRng) -> Action:
        """The thrower's face from the match's stream."""
        return Throw(rng.draw(self.rolls, (FACES,))[0] + 1)

    def apply(self, seat: Seat, action: Any) -> tuple[Any, ...]:
        """Add a throw to the thrower's total and pass the die on."""
        if self.round > ROUNDS:
            raise GameOver("the match is over")
        if seat != CHANCE:
            raise NotYourTurn("throws are chance's")
        if not isinstance(action, Throw) or not 1 <= action.face <= FACES:
            raise WrongPhase("a throw shows a face from 1 to 6")
        self.totals[self.thrower] += action.face
        self.thrower = (self.thrower + 1) % self.num_players
        self.round += self.thrower == 0
        self.version += 1
        self.rolls += 1
        self.history.append((seat, action))
        return ()

    def is_terminal(self) -> bool:
        return self.round > ROUNDS

    def outcome(self) -> Outcome | None:
        return Outcome.from_scores(self.totals) if self.is_terminal() else None

    def clone(self) -> HighRollState:
        other = copy.copy(self)
        other.totals, other.history = list(self.totals), list(self.history)
        return other

    def summary(self) -> Mapping[str, Any]:
        return {"round": self.round, "thrower": self.thrower, "totals": list(self.totals)}


class NoDecisionsAI:
    """High Roll has no decisions: a computer seat's throws are chance, drawn by the bot, so
    this player is never asked."""

    def choose(self, state: Any, seat: Seat) -> Action:
        raise IllegalAction("High Roll has no decisions")


def new_match(players: int, options: Mapping[str, Any]) -> HighRollState:
    """2–4 players, no options."""
    if not 2 <= players <= 4 or options:
        raise ValueError("High Roll takes 2-4 players and no options")
    return HighRollState(players)


def new_ai(
    level: Level = Level.NORMAL,
    budget: Budget | None = None,
    *,
    think_ms: int | None = None,
    seed: str = "",
) -> Policy:
    """High Roll has one computer at every level: nothing to decide."""
    return NoDecisionsAI()


def figures(state: Any) -> Mapping[str, float]:
    return {"rolls": float(state.rolls)}

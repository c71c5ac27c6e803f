"""The shape every game state has, so simulate, replay, storage and the bot need no game names."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import Any, Final, Protocol, Self

from games.common.rng import ChanceRng

Seat = int
CHANCE: Final[Seat] = -1
"""The seat that applies chance actions (dice): the match RNG or a test forcing an outcome."""


class Node(StrEnum):
    """Who the state waits for."""

    CHANCE = "chance"
    DECISION = "decision"
    SIMULTANEOUS = "simultaneous"
    TERMINAL = "terminal"


@dataclass(frozen=True, slots=True)
class Outcome:
    """A finished match: scores by seat, winners (ties share) and places (1 = best, ties share)."""

    scores: tuple[int, ...]
    winners: frozenset[Seat]
    places: tuple[int, ...]

    @classmethod
    def from_scores(cls, scores: Sequence[int]) -> Outcome:
        """Rank by score, highest first; equal scores share a place."""
        best = max(scores)
        places = tuple(1 + sum(other > s for other in scores) for s in scores)
        winners = frozenset(seat for seat, s in enumerate(scores) if s == best)
        return cls(tuple(scores), winners, places)

    def placed(self, places: Sequence[int]) -> Outcome:
        """The same scores with the places a match was stored with (a seat that left it placed
        last, whoever played it out): the winners are the seats placed first."""
        winners = frozenset(seat for seat, place in enumerate(places) if place == 1)
        return Outcome(self.scores, winners, tuple(places))

    @classmethod
    def ranked(cls, scores: Sequence[int], keys: Sequence[tuple[int, ...]]) -> Outcome:
        """Rank by a tie-break key per seat (score first); equal keys share a place."""
        best = max(keys)
        places = tuple(1 + sum(other > k for other in keys) for k in keys)
        winners = frozenset(seat for seat, k in enumerate(keys) if k == best)
        return cls(tuple(scores), winners, places)


class Action(Protocol):
    """Any game's action: a frozen value with a text form (records, custom_ids) and, when it is
    timed, the Discord time it carries."""

    @property
    def at(self) -> int | None:
        """Milliseconds on Discord's clock for a timed action; None for the others."""
        ...

    def to_text(self) -> str:
        """The compact text form the game's `parse_action` reads back."""
        ...


class Untimed:
    """Base of the actions that carry no time, so every action answers `at`."""

    __slots__ = ()

    @property
    def at(self) -> None:
        """Untimed: no Discord time."""
        return None


class GameState(Protocol):
    """An OpenSpiel-shaped match state: dice are chance actions, history is the truth."""

    version: int
    rolls: int
    """Chance actions applied so far: the index of the next draw from the chance stream."""

    @property
    def history(self) -> Sequence[tuple[Seat, Action]]:
        """Every applied action with its seat, rolls included: the truth a record is made of."""
        ...

    @property
    def num_players(self) -> int:
        """Seats 0..num_players-1."""
        ...

    def node(self) -> Node:
        """Whether chance, one seat, several seats at once, or nobody is to act."""
        ...

    def seats_to_act(self) -> tuple[Seat, ...]:
        """The seats whose action the state waits for (empty at chance and terminal nodes)."""
        ...

    def legal_actions(self, seat: Seat) -> Sequence[Action]:
        """Every action the seat may apply now (empty if it is not to act)."""
        ...

    def chance_outcomes(self) -> Sequence[tuple[Action, Fraction]]:
        """At a chance node, every outcome with its probability (they sum to 1)."""
        ...

    def sample_chance(self, rng: ChanceRng) -> Action:
        """Draw the pending chance action from the match's stream."""
        ...

    def apply(self, seat: Seat, action: Any) -> tuple[Any, ...]:
        """Apply one action for a seat (CHANCE for dice) and return the events it caused; an
        action of another game is refused like any illegal one."""
        ...

    def is_terminal(self) -> bool:
        """True once the match is over."""
        ...

    def outcome(self) -> Outcome | None:
        """The result once terminal, else None."""
        ...

    def clone(self) -> Self:
        """An independent copy, for look-ahead."""
        ...

    def summary(self) -> Mapping[str, Any]:
        """A JSON-ready description of the state (what `tablero replay` prints)."""
        ...


class Policy(Protocol):
    """A computer player: picks the action a seat takes now."""

    def choose(self, state: Any, seat: Seat) -> Action:
        """An action legal for `seat` in `state`."""
        ...

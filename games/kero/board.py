"""The pieces of a Kero match that the rules move: the phase, each camp, the turn in progress."""

from __future__ import annotations

from copy import copy
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final

from games.kero.fuel import FuelUp as FuelProcess
from games.kero.resources import NOTHING, Resources
from games.kero.tanker import Tank, Window

VARIANTS: Final = ("base", "boss")
FUEL_MODES: Final = ("auto", "live")
"""`auto`: throws simulated at a fixed cadence; `live`: the opponent's timed Throw actions."""
DEALS: Final = ("rulebook", "stacked")
"""`rulebook`: the deck is built as the rulebook says; `stacked`: any order (tests, puzzles)."""
ROUNDS: Final = 3


class Phase(StrEnum):
    """Where the match stands."""

    SETUP = "setup"
    START = "start"
    FUELING = "fueling"
    ROLLING = "rolling"
    CAMP = "camp"
    CLAIM = "claim"
    OVER = "over"


@dataclass(slots=True)
class Camp:
    """One clan's camp: tank, tokens, hand, cards, tiles, territories, Explorers at home."""

    tank: Tank
    explorers: int
    jerrycans: int = 0
    tuareks: list[str] = field(default_factory=list)
    armed: int = 0
    """Dust Storms armed face down: each turns the opponent's next fuel-up to white dice."""
    cards: list[str] = field(default_factory=list)
    tiles: list[str] = field(default_factory=list)
    territories: list[str] = field(default_factory=list)
    boss_slot: int | None = None
    """Boss Variant: the territory slot (0-based) where the Boss stands, if it is out."""
    boss_side: bool = False
    """Boss Variant: the Boss still shows its Boss side (its once-per-game ability unused)."""

    def copy(self) -> Camp:
        """An independent copy (tanks are immutable values); built field by field, since
        `dataclasses.replace` costs several times more and search clones states often."""
        return Camp(
            self.tank,
            self.explorers,
            self.jerrycans,
            list(self.tuareks),
            self.armed,
            list(self.cards),
            list(self.tiles),
            list(self.territories),
            self.boss_slot,
            self.boss_side,
        )


@dataclass(slots=True)
class Turn:
    """The turn in progress: dice chosen and thrown, the window, this turn's resources."""

    fuel_ups: int = 0
    refinery_closed: bool = False
    """The clan did something other than fuel up this turn: fuel-ups come first, so no more."""
    dice: list[str] = field(default_factory=list)
    faces: list[int | None] = field(default_factory=list)
    window: Window | None = None
    flat: bool = False
    pool: Resources = NOTHING
    owed_places: int = 0
    fuel: FuelProcess | None = None
    fuel_from: int | None = None
    """Live fuel-up: when the truck was tipped at the refinery."""
    fuel_last: int | None = None
    """Live fuel-up: when the last throw was made."""
    live_ms: int = 0
    """Live fuel-up: the KERO its throws (and the wait before a switch to auto) poured in."""
    auto_throws: int = 0
    """Throws simulated at the fixed cadence (all of them in `auto` mode)."""
    throw_pending: bool = False
    """Live fuel-up: a throw was made and its flames are due (chance)."""
    free_refuel: bool = False
    to_throw: tuple[int, ...] = ()
    tiles_used: list[str] = field(default_factory=list)
    """Ability tiles used this turn (each once per turn)."""
    ignored_flames: int = 0
    no_fire: bool = False
    """A Fire-eater was played: no card burns this turn."""

    def copy(self) -> Turn:
        """An independent copy (windows and fuel-ups are immutable values)."""
        other = copy(self)
        other.dice, other.faces = list(self.dice), list(self.faces)
        other.tiles_used = list(self.tiles_used)
        return other


@dataclass(frozen=True, slots=True)
class Claimed:
    """How a claim settled one territory, so players can be told what happened to it.
    `how`: `majority`, `boss` (an activated Boss), `tiebreak` (A5), `bosses` (two Bosses on a
    tie: nobody wins, both turned over), `tie` or `empty` (discarded)."""

    territory: str
    winner: int | None
    how: str


@dataclass(frozen=True, slots=True)
class ClaimReport:
    """The latest claim: the turn that triggered it and how each territory was settled."""

    turn: int
    territories: tuple[Claimed, ...]


@dataclass(slots=True)
class ClaimVote:
    """The decisions a claim waits for: Boss activations and the tie-breaker tile's choice."""

    boss_asks: dict[int, list[int]] = field(default_factory=dict)
    """Seat → tied territory slots (0-based) where it must say whether its Boss activates."""
    boss_answers: dict[tuple[int, int], bool] = field(default_factory=dict)
    tiebreak_seat: int | None = None
    tiebreak_slots: tuple[int, ...] = ()
    tiebreak_choice: int | None = None

    def waiting(self) -> tuple[int, ...]:
        """The seats that still owe an answer."""
        seats = {
            seat
            for seat, slots in self.boss_asks.items()
            if any((seat, slot) not in self.boss_answers for slot in slots)
        }
        if self.tiebreak_seat is not None and self.tiebreak_choice is None and self.tiebreak_slots:
            seats.add(self.tiebreak_seat)
        return tuple(sorted(seats))

    def copy(self) -> ClaimVote:
        """An independent copy."""
        return ClaimVote(
            {seat: list(slots) for seat, slots in self.boss_asks.items()},
            dict(self.boss_answers),
            self.tiebreak_seat,
            self.tiebreak_slots,
            self.tiebreak_choice,
        )

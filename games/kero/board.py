"""The pieces of a Kero match that the rules move: the phase, each camp, the turn in progress."""

from __future__ import annotations

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
_new = object.__new__


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
        """An independent copy (tanks are immutable values); set slot by slot, since even the
        generated `__init__` costs half again as much and search clones states often."""
        other = _new(Camp)
        other.tank, other.explorers, other.jerrycans = self.tank, self.explorers, self.jerrycans
        other.tuareks, other.armed = list(self.tuareks), self.armed
        other.cards, other.tiles = list(self.cards), list(self.tiles)
        other.territories = list(self.territories)
        other.boss_slot, other.boss_side = self.boss_slot, self.boss_side
        return other


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
        """An independent copy (windows, pools and fuel-ups are immutable values); set slot by
        slot, since `copy.copy` of a slotted dataclass costs ten times more."""
        other = _new(Turn)
        other.fuel_ups, other.refinery_closed = self.fuel_ups, self.refinery_closed
        other.dice, other.faces = list(self.dice), list(self.faces)
        other.window, other.flat, other.pool = self.window, self.flat, self.pool
        other.owed_places, other.fuel = self.owed_places, self.fuel
        other.fuel_from, other.fuel_last = self.fuel_from, self.fuel_last
        other.live_ms, other.auto_throws = self.live_ms, self.auto_throws
        other.throw_pending, other.free_refuel = self.throw_pending, self.free_refuel
        other.to_throw, other.tiles_used = self.to_throw, list(self.tiles_used)
        other.ignored_flames, other.no_fire = self.ignored_flames, self.no_fire
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

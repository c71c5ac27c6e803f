"""The state of a Kero match: the board, both camps, and the turn in progress."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from games.common.protocol import Node, Outcome, Seat
from games.common.rng import ChanceRng
from games.kero import chance, rules, scoring
from games.kero.actions import Action
from games.kero.board import (
    DEALS,
    FUEL_MODES,
    VARIANTS,
    Camp,
    ClaimReport,
    ClaimVote,
    Phase,
    Turn,
)
from games.kero.components import Components, default_components
from games.kero.tanker import Tank

_SETUP, _FUELING, _CLAIM, _OVER = Phase.SETUP, Phase.FUELING, Phase.CLAIM, Phase.OVER
_TERMINAL, _CHANCE, _SIMULTANEOUS = Node.TERMINAL, Node.CHANCE, Node.SIMULTANEOUS
_DECISION = Node.DECISION
"""Enum members read from the module (in Python 3.11 `Phase.X` costs a descriptor call)."""


class KeroState:
    """A Kero match: a pure state machine; dice, fuel-up throws and shuffles are chance actions."""

    def __init__(
        self, options: dict[str, Any] | None = None, box: Components | None = None
    ) -> None:
        options = dict(options or {})
        variant = options.pop("variant", "base")
        if variant not in VARIANTS:
            raise ValueError(
                f"Kero has no variant {variant!r}; choose one of {', '.join(VARIANTS)}"
            )
        fuel_mode = options.pop("fuel_up", "auto")
        if fuel_mode not in FUEL_MODES:
            raise ValueError(f"fuel_up must be one of {', '.join(FUEL_MODES)}, not {fuel_mode!r}")
        deal = options.pop("deal", "rulebook")
        if deal not in DEALS:
            raise ValueError(f"deal must be one of {', '.join(DEALS)}, not {deal!r}")
        if options:
            raise ValueError(f"unknown Kero option(s) {sorted(options)}")
        self.box = box or default_components()
        self.fuel_mode = fuel_mode
        self.deal = deal
        self.variant = variant
        supply = self.box.supply
        boss = variant == "boss"
        self.camps = [
            Camp(Tank.full(supply.tank_capacity_ms), supply.explorers_per_clan, boss_side=boss)
            for _ in range(2)
        ]
        self.phase = Phase.SETUP
        self.active: Seat = 0
        self.turn = Turn()
        self.deck: list[str] = []
        self.row: list[str | None] = [None] * supply.row_size
        self.territory_pile: list[str] = []
        self.territories: list[str | None] = [None] * supply.territories_shown
        self.explorers: list[list[int]] = [[0, 0] for _ in range(supply.territories_shown)]
        self.discard: list[str] = []
        """Burnt cards and resolved Claim cards."""
        self.boxed: list[str] = []
        """Territories discarded to the box (tied or empty at a claim)."""
        self.tuarek_pile: list[str] = []
        self.tuarek_used: list[str] = []
        self.jerrycans = supply.jerrycans
        self.claims = 0
        self.owed_tuareks: list[Seat] = []
        """Seats owed a Tuarek draw, in order (the pile may need a reshuffle first)."""
        self.turns = 0
        self.version = 0
        self.rolls = 0
        self.clock_ms = 0
        """The latest timestamp accepted: time never runs backwards."""
        self.vote: ClaimVote | None = None
        """The decisions a claim waits for (Boss Variant, tie-breaker tile)."""
        self.last_claim: ClaimReport | None = None
        """How the latest claim settled each territory (for the players' messages)."""
        self.history: list[tuple[Seat, Action]] = []

    num_players = 2

    def node(self) -> Node:
        """Chance while dice, throws or shuffles are due; otherwise the active clan decides."""
        phase = self.phase
        if phase is _OVER:
            return _TERMINAL
        if self.chance_due():
            return _CHANCE
        if phase is _CLAIM:
            return _SIMULTANEOUS
        return _DECISION

    def chance_due(self) -> str | None:
        """Which chance action the state waits for, if any."""
        phase = self.phase
        if phase is _SETUP:
            return "setup"
        if self.owed_tuareks and not self.tuarek_pile and self.tuarek_used:
            return "reshuffle"
        turn = self.turn
        if phase is _FUELING and (turn.fuel_from is None or turn.throw_pending):
            return "flames"
        if turn.to_throw:
            return "faces"
        return None

    def seats_to_act(self) -> tuple[Seat, ...]:
        """The active clan; at a claim, the clans that owe a decision; none at chance or the end."""
        if self.phase is _OVER or self.chance_due():
            return ()
        return rules.deciders(self)

    def thrower(self) -> Seat:
        """The clan that throws the dice of the active clan's fuel-ups: the opponent."""
        return 1 - self.active

    def is_terminal(self) -> bool:
        """True once the third claim is resolved."""
        return self.phase is _OVER

    def outcome(self) -> Outcome | None:
        """Scores and winners once over (ties broken as docs/rules/kero.md says)."""
        if self.phase is not Phase.OVER:
            return None
        return scoring.outcome(self)

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """The pending chance action's outcomes with probabilities (setup and shuffles are
        uniform over orders, so only their count is listed: use `sample_chance`)."""
        return chance.outcomes(self)

    def sample_chance(self, rng: ChanceRng) -> Action:
        """Draw the pending chance action from the match's stream."""
        return chance.sample(self, rng)

    def legal_actions(self, seat: Seat) -> list[Action]:
        """Every action the seat may apply now (timed ones are listed at the window's start)."""
        return rules.legal_actions(self, seat)

    def has_legal_action(self, seat: Seat) -> bool:
        """Whether the seat may apply anything now (cheaper than listing every action)."""
        return rules.has_legal_action(self, seat)

    def apply(self, seat: Seat, action: Action) -> tuple[Any, ...]:
        """Apply one action; raise IllegalAction and change nothing."""
        return rules.apply(self, seat, action)

    def clone(self) -> KeroState:
        """An independent copy (the components are shared: they are immutable). Searching
        players clone often, so the attributes are copied as one dict, the mutable ones anew."""
        vote = self.vote
        attributes = self.__dict__.copy()
        attributes["camps"] = [camp.copy() for camp in self.camps]
        attributes["turn"] = self.turn.copy()
        attributes["deck"], attributes["row"] = list(self.deck), list(self.row)
        attributes["discard"], attributes["boxed"] = list(self.discard), list(self.boxed)
        attributes["territory_pile"] = list(self.territory_pile)
        attributes["territories"] = list(self.territories)
        attributes["explorers"] = [list(counts) for counts in self.explorers]
        attributes["tuarek_pile"] = list(self.tuarek_pile)
        attributes["tuarek_used"] = list(self.tuarek_used)
        attributes["owed_tuareks"] = list(self.owed_tuareks)
        attributes["history"] = list(self.history)
        attributes["vote"] = vote.copy() if vote else None
        other = object.__new__(type(self))
        other.__dict__ = attributes
        return other

    def summary(self) -> dict[str, Any]:
        """The public state as JSON-ready data."""
        points = scoring.points
        return {
            "over": self.phase is Phase.OVER,
            "variant": self.variant,
            "fuel_up": self.fuel_mode,
            "version": self.version,
            "phase": self.phase.value,
            "active": self.active,
            "turns": self.turns,
            "claims": self.claims,
            "row": list(self.row),
            "territories": [
                {"id": t, "explorers": list(self.explorers[i])}
                for i, t in enumerate(self.territories)
            ],
            "deck_left": len(self.deck),
            "jerrycan_supply": self.jerrycans,
            "camps": [
                {
                    "seat": seat,
                    "kero_ms": camp.tank.level_ms,
                    "jerrycans": camp.jerrycans,
                    "tuareks": len(camp.tuareks) + camp.armed,
                    "cards": list(camp.cards),
                    "tiles": list(camp.tiles),
                    "territories": list(camp.territories),
                    "explorers_home": camp.explorers,
                    "boss": _boss_text(camp) if self.variant == "boss" else None,
                    "points": points(self, seat),
                }
                for seat, camp in enumerate(self.camps)
            ],
            "winners": sorted(o.winners) if (o := self.outcome()) else [],
        }


def _boss_text(camp: Camp) -> str:
    """Where a clan's Boss is: `home`, `slot N` (1-4), or `flipped` once its ability is used."""
    if not camp.boss_side:
        return "flipped"
    return "home" if camp.boss_slot is None else f"slot {camp.boss_slot + 1}"

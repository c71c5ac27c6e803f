"""The state of a Keer op Keer Kids match: every sheet, the roll in play, and whose move it is."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from typing import Any, Final

from games.common.protocol import Node, Outcome, Seat
from games.common.rng import ChanceRng
from games.keer_kids import rules
from games.keer_kids.actions import Action, Cross, Mark, Roll
from games.keer_kids.dice import DICE_PER_ROLL, FACES, LEFT_WHEN_KEPT
from games.keer_kids.rules import MAX_PLAYERS, MIN_PLAYERS, Phase
from games.keer_kids.sheet import Sheet, default_sheet

_ROLL: Final = Phase.ROLL
_KEEP: Final = Phase.KEEP
_CHOOSE: Final = Phase.CHOOSE
_OVER: Final = Phase.OVER
"""The phases bound once: an enum member looked up on its class costs a slow attribute lookup."""
_CHANCE_NODE: Final = Node.CHANCE
_DECISION_NODE: Final = Node.DECISION
_SIMULTANEOUS_NODE: Final = Node.SIMULTANEOUS
_TERMINAL_NODE: Final = Node.TERMINAL
_ALL_DICE: Final = tuple(range(DICE_PER_ROLL))
_DRAW: Final = (len(FACES),) * DICE_PER_ROLL
_ROLLS: Final = {
    picks: Roll(tuple(FACES[i] for i in picks))
    for picks in product(range(len(FACES)), repeat=DICE_PER_ROLL)
}
"""Every roll by the face numbers drawn: rolls are values, so one of each serves every match."""


@dataclass(frozen=True, slots=True)
class Circles:
    """A player's points by kind: one per circle."""

    buckets: int
    visitors: int
    food: int

    @property
    def total(self) -> int:
        """The score."""
        return self.buckets + self.visitors + self.food


class PlayerSheet:
    """One player's sheet: crossed enclosures as a bitmask, plus marks and circles."""

    __slots__ = ("animals", "chameleons", "columns", "crossed", "frontier", "marks", "visitors")

    def __init__(self, star_mask: int) -> None:
        self.crossed = 0
        self.frontier = star_mask
        """Enclosures that hold a star or share a side with a crossed one (crossed included)."""
        self.marks = 0
        self.chameleons: list[int] = []
        self.columns = 0
        self.visitors = 0
        self.animals: list[str] = []

    def reachable(self) -> int:
        """Uncrossed enclosures the star-or-border rule allows."""
        return self.frontier & ~self.crossed

    def copy(self) -> PlayerSheet:
        """An independent copy."""
        other = PlayerSheet.__new__(PlayerSheet)
        other.crossed, other.frontier, other.marks = self.crossed, self.frontier, self.marks
        other.chameleons, other.columns = list(self.chameleons), self.columns
        other.visitors, other.animals = self.visitors, list(self.animals)
        return other


class KeerState:
    """A match: a pure state machine whose dice are chance actions."""

    __slots__ = (
        "choices",
        "dice",
        "history",
        "kept",
        "num_players",
        "phase",
        "players",
        "roller",
        "rolls",
        "sheet",
        "version",
        "visitors_gone",
    )

    def __init__(self, num_players: int, sheet: Sheet | None = None, first_roller: int = 0) -> None:
        if not MIN_PLAYERS <= num_players <= MAX_PLAYERS:
            raise ValueError(
                f"Keer op Keer Kids takes {MIN_PLAYERS}-{MAX_PLAYERS} players, not {num_players}"
            )
        if not 0 <= first_roller < num_players:
            raise ValueError(f"first roller {first_roller} is not a seat of {num_players} players")
        self.sheet = sheet or default_sheet()
        self.num_players = num_players
        """Seats 0..num_players-1."""
        self.players = [PlayerSheet(self.sheet.star_mask) for _ in range(num_players)]
        self.phase = Phase.ROLL
        self.roller = first_roller
        self.dice: tuple[str, ...] | None = None
        self.kept: int | None = None
        self.choices: list[Action | None] = [None] * num_players
        self.visitors_gone = 0
        self.rolls = 0
        self.version = 0
        self.history: list[tuple[Seat, Action]] = []

    def node(self) -> Node:
        """Chance before a roll, the roller alone to keep, everyone at once to choose."""
        phase = self.phase
        if phase is _CHOOSE:
            return _SIMULTANEOUS_NODE
        if phase is _ROLL:
            return _CHANCE_NODE
        return _DECISION_NODE if phase is _KEEP else _TERMINAL_NODE

    def seats_to_act(self) -> tuple[Seat, ...]:
        """The roller while keeping; every player without a choice while choosing."""
        phase = self.phase
        if phase is _KEEP:
            return (self.roller,)
        if phase is _CHOOSE:
            return tuple([s for s, c in enumerate(self.choices) if c is None])
        return ()

    def allowed_dice(self, seat: Seat) -> tuple[int, ...]:
        """The dice this seat may choose from in the current roll."""
        phase = self.phase
        if phase is _KEEP:
            return _ALL_DICE if seat == self.roller else ()
        if phase is not _CHOOSE or self.kept is None:
            return ()
        return (self.kept,) if seat == self.roller else LEFT_WHEN_KEPT[self.kept]

    def circles(self, seat: Seat) -> Circles:
        """The seat's circles so far, by kind."""
        player = self.players[seat]
        buckets, columns = 0, player.columns
        while columns:
            low = columns & -columns
            buckets += self.sheet.buckets[low.bit_length() - 1]
            columns ^= low
        food = self.sheet.food_per_animal * len(player.animals)
        return Circles(buckets, player.visitors.bit_count(), food)

    def is_terminal(self) -> bool:
        """True once the final roll has resolved."""
        return self.phase is _OVER

    def outcome(self) -> Outcome | None:
        """Scores and winners (ties share the win) once the match is over."""
        if self.phase is not _OVER:
            return None
        return Outcome.from_scores([self.circles(s).total for s in range(self.num_players)])

    def chance_outcomes(self) -> list[tuple[Roll, Fraction]]:
        """Every ordered roll of the three dice, equally likely."""
        if self.phase is not Phase.ROLL:
            return []
        p = Fraction(1, len(FACES) ** DICE_PER_ROLL)
        return [(Roll(faces), p) for faces in product(FACES, repeat=DICE_PER_ROLL)]

    def sample_chance(self, rng: ChanceRng) -> Roll:
        """Draw the pending roll: draw number = rolls made so far."""
        return _ROLLS[rng.draw(self.rolls, _DRAW)]

    legal_actions = rules.legal_actions
    """Every action the seat may apply now: `state.legal_actions(seat)`."""
    apply = rules.apply
    """Apply one action (seat CHANCE for a roll); raise IllegalAction and change nothing."""

    def clone(self, *, history: bool = True) -> KeerState:
        """An independent copy (the sheet data is shared: it is immutable).

        `history=False` starts the copy with an empty history, for searches that never read it.
        """
        other = KeerState.__new__(KeerState)
        other.sheet, other.phase, other.roller = self.sheet, self.phase, self.roller
        other.num_players = self.num_players
        other.players = [p.copy() for p in self.players]
        other.dice, other.kept, other.choices = self.dice, self.kept, list(self.choices)
        other.visitors_gone, other.rolls, other.version = (
            self.visitors_gone,
            self.rolls,
            self.version,
        )
        other.history = list(self.history) if history else []
        return other

    def summary(self) -> dict[str, Any]:
        """The state as JSON-ready data (columns numbered 1-13, as printed on the sheet)."""
        outcome = self.outcome()
        return {
            "over": self.phase is Phase.OVER,
            "version": self.version,
            "rolls": self.rolls,
            "phase": self.phase.value,
            "to_act": "chance" if self.phase is Phase.ROLL else list(self.seats_to_act()),
            "roller": self.roller,
            "dice": list(self.dice) if self.dice else None,
            "kept": self.kept,
            "winners": sorted(outcome.winners) if outcome else [],
            "players": [self._player_summary(s) for s in range(self.num_players)],
            "changed_picks": changed_picks(self.history),
        }

    def _player_summary(self, seat: Seat) -> dict[str, Any]:
        player, sheet = self.players[seat], self.sheet
        circles = self.circles(seat)
        names = {a.letter: a.name for a in sheet.animals}
        gone = self.visitors_gone & ~player.visitors
        return {
            "seat": seat,
            "crossed": [e.id for e in sheet.enclosures if player.crossed >> e.index & 1],
            "marks": player.marks,
            "chameleons": [sheet.enclosures[i].id for i in player.chameleons],
            "columns_filled": [c + 1 for c in range(sheet.columns) if player.columns >> c & 1],
            "animals_completed": [names[letter] for letter in player.animals],
            "visitors_circled": [c + 1 for c in range(sheet.columns) if player.visitors >> c & 1],
            "visitors_crossed_out": [c + 1 for c in range(sheet.columns) if gone >> c & 1],
            "circles": {
                "buckets": circles.buckets,
                "visitors": circles.visitors,
                "food": circles.food,
            },
            "score": circles.total,
        }


def changed_picks(history: list[tuple[Seat, Action]]) -> list[dict[str, Any]]:
    """Every pick changed before its roll resolved (house rule): the roll, the seat, the pick
    replaced and the one that replaced it, and `entry`, the change's place in the log (0-based,
    as in the match record's actions) — when it was made."""
    changes: list[dict[str, Any]] = []
    rolls, picked = 0, dict[Seat, Action]()
    for entry, (seat, action) in enumerate(history):
        if isinstance(action, Roll):
            rolls, picked = rolls + 1, {}
        elif isinstance(action, Cross | Mark):
            before = picked.get(seat)
            if before is not None:
                changes.append(
                    {
                        "roll": rolls,
                        "seat": seat,
                        "from": before.to_text(),
                        "to": action.to_text(),
                        "entry": entry,
                    }
                )
            picked[seat] = action
    return changes

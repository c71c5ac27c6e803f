"""What an applied action caused, for the bot's messages and the tests."""

from __future__ import annotations

from dataclasses import dataclass

from games.common.protocol import Outcome


@dataclass(frozen=True, slots=True)
class Rolled:
    """The roller's three dice came up."""

    roller: int
    dice: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Kept:
    """The roller put a die aside; the other two are for everyone else."""

    seat: int
    die: int
    face: str


@dataclass(frozen=True, slots=True)
class Crossed:
    """An enclosure was crossed off (by a die colour, or by a chameleon)."""

    seat: int
    enclosure: str
    chameleon: bool = False


@dataclass(frozen=True, slots=True)
class MarkCrossed:
    """An exclamation mark was crossed; `number` counts the player's marks so far."""

    seat: int
    number: int


@dataclass(frozen=True, slots=True)
class ChameleonLost:
    """A chameleon was earned but no enclosure could take it."""

    seat: int


@dataclass(frozen=True, slots=True)
class Skipped:
    """Nothing fitted the player's sheet this roll."""

    seat: int


@dataclass(frozen=True, slots=True)
class Missed:
    """The player missed the turn clock: they crossed nothing this roll."""

    seat: int


@dataclass(frozen=True, slots=True)
class ColumnFilled:
    """A player's column is full: its buckets are circled."""

    seat: int
    column: int
    buckets: int


@dataclass(frozen=True, slots=True)
class VisitorCircled:
    """First to fill the column (alone or with others on the same roll): the visitor is theirs."""

    seat: int
    column: int


@dataclass(frozen=True, slots=True)
class VisitorGone:
    """The column's visitor was taken: every sheet that did not take it crosses it out."""

    column: int
    crossed_out_by: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class AnimalCompleted:
    """Every square of an animal is crossed: its food squares are circled."""

    seat: int
    animal: str
    food: int


@dataclass(frozen=True, slots=True)
class RollDue:
    """The next player is to roll."""

    roller: int


@dataclass(frozen=True, slots=True)
class GameEnded:
    """Someone completed enough animals; the match is scored."""

    outcome: Outcome


Event = (
    Rolled
    | Kept
    | Crossed
    | MarkCrossed
    | ChameleonLost
    | Skipped
    | Missed
    | ColumnFilled
    | VisitorCircled
    | VisitorGone
    | AnimalCompleted
    | RollDue
    | GameEnded
)
"""Every Keer op Keer Kids event."""

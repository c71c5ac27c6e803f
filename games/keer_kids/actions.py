"""Keer op Keer Kids actions: frozen values with a compact text form that parses back.

>>> parse_action("cross:1:E3")
Cross(die=1, enclosure='E3')
>>> parse_action("mark:2:L4").to_text()
'mark:2:L4'
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from games.common.errors import ActionParseError
from games.common.protocol import Untimed
from games.keer_kids.dice import DICE_PER_ROLL, FACE_OF, LETTER_OF


@dataclass(frozen=True, slots=True)
class Roll(Untimed):
    """Chance: the faces of the three dice, in die order (0, 1, 2)."""

    dice: tuple[str, ...]

    def to_text(self) -> str:
        """`roll:BYP` — one face letter per die."""
        return "roll:" + "".join(LETTER_OF[face] for face in self.dice)


@dataclass(frozen=True, slots=True)
class Keep(Untimed):
    """The roller keeps one die; the others choose from the two left."""

    die: int

    def to_text(self) -> str:
        """`keep:1`."""
        return f"keep:{self.die}"


@dataclass(frozen=True, slots=True)
class Cross(Untimed):
    """Cross one whole enclosure of the chosen die's colour."""

    die: int
    enclosure: str

    def to_text(self) -> str:
        """`cross:1:E3`."""
        return f"cross:{self.die}:{self.enclosure}"


@dataclass(frozen=True, slots=True)
class Mark(Untimed):
    """Use a purple die: cross an exclamation mark (and, on every second, a chameleon enclosure)."""

    die: int
    chameleon: str | None = None

    def to_text(self) -> str:
        """`mark:2`, or `mark:2:L4` when the mark earns a chameleon."""
        return f"mark:{self.die}" + (f":{self.chameleon}" if self.chameleon else "")


@dataclass(frozen=True, slots=True)
class Skip(Untimed):
    """Nothing the player may choose fits their sheet this roll."""

    def to_text(self) -> str:
        """`skip`."""
        return "skip"


@dataclass(frozen=True, slots=True)
class Miss(Untimed):
    """The seat missed the turn clock: it crosses nothing this roll (applied by the bot only)."""

    def to_text(self) -> str:
        """`miss`."""
        return "miss"


Action = Roll | Keep | Cross | Mark | Skip | Miss
"""Every Keer op Keer Kids action."""

_DIE = f"([0-{DICE_PER_ROLL - 1}])"
_ENC = "([A-Z][1-9][0-9]?)"
_PATTERNS = (
    (re.compile(rf"roll:([{''.join(FACE_OF)}]{{{DICE_PER_ROLL}}})"), "roll"),
    (re.compile(rf"keep:{_DIE}"), "keep"),
    (re.compile(rf"cross:{_DIE}:{_ENC}"), "cross"),
    (re.compile(rf"mark:{_DIE}(?::{_ENC})?"), "mark"),
    (re.compile("skip"), "skip"),
    (re.compile("miss"), "miss"),
)


def parse_action(text: str) -> Action:
    """Parse the text form of an action; raise ActionParseError if it is not one."""
    for pattern, kind in _PATTERNS:
        match = pattern.fullmatch(text)
        if match:
            return _build(kind, match.groups())
    raise ActionParseError(f"{text!r} is not a Keer op Keer Kids action")


def _build(kind: str, groups: tuple[str | None, ...]) -> Action:
    if kind == "roll":
        return Roll(tuple(FACE_OF[letter] for letter in str(groups[0])))
    if kind == "keep":
        return Keep(int(str(groups[0])))
    if kind == "cross":
        return Cross(int(str(groups[0])), str(groups[1]))
    if kind == "mark":
        return Mark(int(str(groups[0])), groups[1])
    if kind == "skip":
        return Skip()
    return Miss()

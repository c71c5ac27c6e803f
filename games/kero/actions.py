"""Kero actions: frozen values with a compact text form that parses back.

Timed actions end in `@` and a millisecond timestamp on Discord's clock.

>>> parse_action("reroll:0.3@1764420000123")
Reroll(dice=(0, 3), at=1764420000123)
>>> parse_action("take:6").to_text()
'take:6'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.common.errors import ActionParseError
from games.common.protocol import Untimed


@dataclass(frozen=True, slots=True)
class Setup(Untimed):
    """Chance: the first player and the shuffled deck, territories and Tuarek pile (top first)."""

    first: int
    deck: tuple[str, ...]
    territories: tuple[str, ...]
    tuareks: tuple[str, ...]

    def to_text(self) -> str:
        """`setup:0:S3.S1…:T4.T2…:guide.smith…`."""
        return ":".join(("setup", str(self.first), *(".".join(p) for p in self._piles())))

    def _piles(self) -> tuple[tuple[str, ...], ...]:
        return (self.deck, self.territories, self.tuareks)


@dataclass(frozen=True, slots=True)
class Flames(Untimed):
    """Chance: how many of the dice thrown in a fuel-up came up flames."""

    count: int

    def to_text(self) -> str:
        """`flames:3`."""
        return f"flames:{self.count}"


@dataclass(frozen=True, slots=True)
class Faces(Untimed):
    """Chance: the face (0-5) each thrown die shows, in die order."""

    faces: tuple[int, ...]

    def to_text(self) -> str:
        """`faces:0531` — one digit per die thrown."""
        return "faces:" + "".join(str(f) for f in self.faces)


@dataclass(frozen=True, slots=True)
class Reshuffle(Untimed):
    """Chance: the used Tuareks shuffled into a new pile (top first)."""

    tuareks: tuple[str, ...]

    def to_text(self) -> str:
        """`reshuffle:guide.smith…`."""
        return "reshuffle:" + ".".join(self.tuareks)


@dataclass(frozen=True, slots=True)
class FuelUp:
    """Pay a jerrycan at the refinery: the opponent throws the dice while KERO flows in.
    In `live` mode the truck is tipped at `at`."""

    at: int | None = None

    def to_text(self) -> str:
        """`fuel`, or `fuel@T` in live mode."""
        return "fuel" + (f"@{self.at}" if self.at is not None else "")


@dataclass(frozen=True, slots=True)
class Throw:
    """Live fuel-up: the opponent throws the dice still without a flame."""

    at: int

    def to_text(self) -> str:
        """`throw@T`."""
        return f"throw@{self.at}"


@dataclass(frozen=True, slots=True)
class AutoFuel:
    """Live fuel-up: the thrower did not throw in time; the time so far counts and the rest of
    the throws are simulated at the fixed cadence."""

    at: int

    def to_text(self) -> str:
        """`autofuel@T`."""
        return f"autofuel@{self.at}"


@dataclass(frozen=True, slots=True)
class AddDie(Untimed):
    """Take a special die from the shack for this turn (1 jerrycan)."""

    colour: str

    def to_text(self) -> str:
        """`die:green`."""
        return f"die:{self.colour}"


@dataclass(frozen=True, slots=True)
class Roll:
    """Tip the truck and throw the chosen dice."""

    at: int

    def to_text(self) -> str:
        """`roll@T`."""
        return f"roll@{self.at}"


@dataclass(frozen=True, slots=True)
class Reroll:
    """Throw some unburnt dice again while KERO flows."""

    dice: tuple[int, ...]
    at: int

    def to_text(self) -> str:
        """`reroll:0.3@T`."""
        return "reroll:" + ".".join(str(d) for d in self.dice) + f"@{self.at}"


@dataclass(frozen=True, slots=True)
class Stop:
    """Lay the truck flat: the dice are final and the KERO left stays in the tank."""

    at: int

    def to_text(self) -> str:
        """`stop@T`."""
        return f"stop@{self.at}"


@dataclass(frozen=True, slots=True)
class Credit(Untimed):
    """The bot gives back its own processing time to the rolling player's window."""

    ms: int

    def to_text(self) -> str:
        """`credit:250`."""
        return f"credit:{self.ms}"


@dataclass(frozen=True, slots=True)
class TankEmpty:
    """The window closed: the bot's deadline fired at the empty moment."""

    at: int

    def to_text(self) -> str:
        """`empty@T`."""
        return f"empty@{self.at}"


@dataclass(frozen=True, slots=True)
class Take(Untimed):
    """Take the card in a row slot (1-6, left to right), paying its cost."""

    slot: int

    def to_text(self) -> str:
        """`take:6`."""
        return f"take:{self.slot}"


@dataclass(frozen=True, slots=True)
class Hire(Untimed):
    """Hire a Tuarek for 2 jerrycans."""

    def to_text(self) -> str:
        """`hire`."""
        return "hire"


@dataclass(frozen=True, slots=True)
class Place(Untimed):
    """Place an Explorer on a New Territory slot (1-4): a free placement owed first, else paid.
    With the Boss Variant, `boss` says the Explorer placed is your Boss."""

    slot: int
    boss: bool = False

    def to_text(self) -> str:
        """`place:2`, or `place:2:boss`."""
        return f"place:{self.slot}" + (":boss" if self.boss else "")


@dataclass(frozen=True, slots=True)
class BossChoice(Untimed):
    """At a claim: activate (or not) your Boss on a tied territory slot."""

    slot: int
    activate: bool

    def to_text(self) -> str:
        """`boss:2:yes` or `boss:2:no`."""
        return f"boss:{self.slot}:{'yes' if self.activate else 'no'}"


@dataclass(frozen=True, slots=True)
class TieBreak(Untimed):
    """At a claim: the tied territory slot your tie-breaker tile (A5) wins."""

    slot: int

    def to_text(self) -> str:
        """`tiebreak:2`."""
        return f"tiebreak:{self.slot}"


@dataclass(frozen=True, slots=True)
class Play:
    """Play a Tuarek from your hand (a Dust Storm is armed, face down, for the opponent's next
    fuel-up). `arg` is a die colour (Guide), a resource (Trader) or a die number (Smith, timed)."""

    tuarek: str
    arg: str | None = None
    at: int | None = None

    def to_text(self) -> str:
        """`play:guide:green`, `play:smith:3@T`, `play:scout`."""
        return _with_arg("play", self.tuarek, self.arg, self.at)


@dataclass(frozen=True, slots=True)
class Use:
    """Use a permanent-ability tile that is not automatic (A9; A10 with a die number, timed)."""

    tile: str
    arg: str | None = None
    at: int | None = None

    def to_text(self) -> str:
        """`use:A9`, `use:A10:3@T`."""
        return _with_arg("use", self.tile, self.arg, self.at)


def _with_arg(verb: str, name: str, arg: str | None, at: int | None) -> str:
    text = f"{verb}:{name}" + (f":{arg}" if arg is not None else "")
    return text + (f"@{at}" if at is not None else "")


@dataclass(frozen=True, slots=True)
class EndTurn(Untimed):
    """Done in camp: Fire, refill, and maybe a claim follow."""

    def to_text(self) -> str:
        """`end`."""
        return "end"


@dataclass(frozen=True, slots=True)
class Pass(Untimed):
    """The bot skips the turn of the active clan whose turn clock ran out (async play). Before
    rolling, the turn ends with nothing gained and no Fire; in camp it is the same as `end`.
    Never offered by `legal_actions`: only the bot applies it."""

    def to_text(self) -> str:
        """`pass`."""
        return "pass"


Action = (
    Setup
    | Flames
    | Faces
    | Reshuffle
    | FuelUp
    | Throw
    | AutoFuel
    | AddDie
    | Roll
    | Reroll
    | Stop
    | Credit
    | TankEmpty
    | Take
    | Hire
    | Place
    | BossChoice
    | TieBreak
    | Play
    | Use
    | EndTurn
    | Pass
)
"""Every Kero action."""

_NAME = r"[A-Za-z0-9_]+"
_LIST = rf"{_NAME}(?:\.{_NAME})*"
_AT = r"@(\d{1,16})"


def parse_action(text: str) -> Action:
    """Parse an action's text form; raise ActionParseError if it is not one."""
    for pattern, build in _GRAMMAR:
        match = pattern.fullmatch(text)
        if match:
            return build(match.groups())
    raise ActionParseError(f"{text!r} is not a Kero action")


def _names(text: str | None) -> tuple[str, ...]:
    return tuple(text.split(".")) if text else ()


_GRAMMAR: tuple[tuple[re.Pattern[str], Callable[[tuple[Any, ...]], Action]], ...] = (
    (
        re.compile(rf"setup:([01]):({_LIST}):({_LIST}):({_LIST})?"),
        lambda g: Setup(int(g[0]), _names(g[1]), _names(g[2]), _names(g[3])),
    ),
    (re.compile(r"flames:([0-8])"), lambda g: Flames(int(g[0]))),
    (re.compile(r"faces:([0-5]{1,8})"), lambda g: Faces(tuple(int(c) for c in g[0]))),
    (re.compile(rf"reshuffle:({_LIST})"), lambda g: Reshuffle(_names(g[0]))),
    (re.compile(rf"fuel(?:{_AT})?"), lambda g: FuelUp(None if g[0] is None else int(g[0]))),
    (re.compile(rf"throw{_AT}"), lambda g: Throw(int(g[0]))),
    (re.compile(rf"autofuel{_AT}"), lambda g: AutoFuel(int(g[0]))),
    (re.compile(r"die:(green|yellow|blue)"), lambda g: AddDie(g[0])),
    (re.compile(rf"roll{_AT}"), lambda g: Roll(int(g[0]))),
    (
        re.compile(rf"reroll:([0-7](?:\.[0-7])*){_AT}"),
        lambda g: Reroll(tuple(int(d) for d in g[0].split(".")), int(g[1])),
    ),
    (re.compile(rf"stop{_AT}"), lambda g: Stop(int(g[0]))),
    (re.compile(r"credit:(\d{1,7})"), lambda g: Credit(int(g[0]))),
    (re.compile(rf"empty{_AT}"), lambda g: TankEmpty(int(g[0]))),
    (re.compile(r"take:([1-6])"), lambda g: Take(int(g[0]))),
    (re.compile("hire"), lambda g: Hire()),
    (re.compile(r"place:([1-4])(:boss)?"), lambda g: Place(int(g[0]), g[1] is not None)),
    (re.compile(r"boss:([1-4]):(yes|no)"), lambda g: BossChoice(int(g[0]), g[1] == "yes")),
    (re.compile(r"tiebreak:([1-4])"), lambda g: TieBreak(int(g[0]))),
    (re.compile("end"), lambda g: EndTurn()),
    (re.compile("pass"), lambda g: Pass()),
    (
        re.compile(r"play:([a-z_]+)(?::([a-z0-9]+))?(?:@(\d{1,16}))?"),
        lambda g: Play(g[0], g[1], None if g[2] is None else int(g[2])),
    ),
    (
        re.compile(r"use:(A[0-9]{1,2})(?::([a-z0-9]+))?(?:@(\d{1,16}))?"),
        lambda g: Use(g[0], g[1], None if g[2] is None else int(g[2])),
    ),
)

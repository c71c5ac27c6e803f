"""The bot's own emoji: one small picture per die, die face, resource and figure, drawn in each
game's colours, so buttons and messages show the games' pieces instead of the nearest Unicode
square.

Each is a 128×128 PNG on a transparent background (Discord shows application emoji at that size
and takes at most 256 KiB). Colour is never the only cue: a Kero resource carries its own
symbol, a Kero die its pips, a Keer op Keer Kids die face a shape of its own (emoji are the same
in every language, so a shape, not the language's letter), the purple face its "!". Each game's
keys stand for the Unicode its own texts write (`FALLBACK`): Kero's green die and Keer's green
face are both 🟩 there, two keys apart, and a card is dressed with its game's keys only. The
content hash in `EmojiImage.name` changes with the drawing, so the bot uploads a new picture under
a new name.
"""

from __future__ import annotations

import hashlib
import io
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import Final

from PIL import Image, ImageDraw

from games.keer_kids.dice import COLOURS, PURPLE
from render.common import INK
from render.keer_kids.colours import CHAMELEON, CHAMELEON_DARK, FACE_RGB
from render.kero.palette import (
    BURNT_FILL,
    DIE_EDGE,
    DIE_FILL,
    FIRE,
    FLAME_ORANGE,
    RESOURCE_FILL,
    RGB,
    SAND,
    SAND_EDGE,
    TUAREK_EDGE,
    TUAREK_TILE,
    WHITE,
    WHITE_DIE,
)

SIZE: Final = 128
"""Pixels a side: what Discord shows an emoji at, at most."""
MAX_BYTES: Final = 256 * 1024
"""Discord's limit for one emoji's image."""
_K: Final = 4
"""Drawn this many times larger, then scaled down: smooth edges on a transparent ground."""
_CLEAR: Final = (0, 0, 0, 0)
Point = tuple[float, float]


class EmojiKey(StrEnum):
    """A picture the bot can show as an emoji; the value is the stem of its upload name."""

    KERO_BRICK = "kero_brick"
    KERO_WHEAT = "kero_wheat"
    KERO_METAL = "kero_metal"
    KERO_RECRUIT = "kero_recruit"
    KERO_JERRYCAN = "kero_jerrycan"
    KERO_FLAME = "kero_flame"
    KERO_DIE_WHITE = "kero_die_white"
    KERO_DIE_GREEN = "kero_die_green"
    KERO_DIE_YELLOW = "kero_die_yellow"
    KERO_DIE_BLUE = "kero_die_blue"
    KERO_TUAREK = "kero_tuarek"
    KERO_EXPLORER = "kero_explorer"
    KEER_BLUE = "keer_blue"
    KEER_RED = "keer_red"
    KEER_GREEN = "keer_green"
    KEER_YELLOW = "keer_yellow"
    KEER_ORANGE = "keer_orange"
    KEER_PURPLE = "keer_purple"
    KEER_CHAMELEON = "keer_chameleon"


FALLBACK: Final[dict[EmojiKey, str]] = {
    EmojiKey.KERO_BRICK: "🧱",
    EmojiKey.KERO_WHEAT: "🌾",
    EmojiKey.KERO_METAL: "⚙️",
    EmojiKey.KERO_RECRUIT: "🧍",
    EmojiKey.KERO_JERRYCAN: "⛽",
    EmojiKey.KERO_FLAME: "🔥",
    EmojiKey.KERO_DIE_WHITE: "⚪",
    EmojiKey.KERO_DIE_GREEN: "🟩",
    EmojiKey.KERO_DIE_YELLOW: "🟨",
    EmojiKey.KERO_DIE_BLUE: "🟦",
    EmojiKey.KERO_TUAREK: "🐪",
    EmojiKey.KERO_EXPLORER: "🧭",
    EmojiKey.KEER_BLUE: "🟦",
    EmojiKey.KEER_RED: "🟥",
    EmojiKey.KEER_GREEN: "🟩",
    EmojiKey.KEER_YELLOW: "🟨",
    EmojiKey.KEER_ORANGE: "🟧",
    EmojiKey.KEER_PURPLE: "🟪",
    EmojiKey.KEER_CHAMELEON: "🦎",
}
"""The Unicode emoji each key stood for before (the bot's texts use them): shown whenever the
picture could not be uploaded."""

KEER_FACES: Final[dict[str, EmojiKey]] = {
    "blue": EmojiKey.KEER_BLUE,
    "red": EmojiKey.KEER_RED,
    "green": EmojiKey.KEER_GREEN,
    "yellow": EmojiKey.KEER_YELLOW,
    "orange": EmojiKey.KEER_ORANGE,
    PURPLE: EmojiKey.KEER_PURPLE,
}
"""Each Keer op Keer Kids die face (games.keer_kids.dice.FACES) → its emoji."""
KERO_RESOURCES: Final[dict[str, EmojiKey]] = {
    "brick": EmojiKey.KERO_BRICK,
    "wheat": EmojiKey.KERO_WHEAT,
    "metal": EmojiKey.KERO_METAL,
    "recruit": EmojiKey.KERO_RECRUIT,
    "jerrycan": EmojiKey.KERO_JERRYCAN,
}
"""Each Kero resource (games.kero.resources.RESOURCES) → its emoji."""
KERO_DICE: Final[dict[str, EmojiKey]] = {
    WHITE_DIE: EmojiKey.KERO_DIE_WHITE,
    "green": EmojiKey.KERO_DIE_GREEN,
    "yellow": EmojiKey.KERO_DIE_YELLOW,
    "blue": EmojiKey.KERO_DIE_BLUE,
}
"""Each Kero die by its colour (the white dice, games.kero.components.SPECIAL_DICE) → its emoji."""


@dataclass(frozen=True, slots=True)
class EmojiImage:
    """One key's picture, and the name it is uploaded under."""

    key: EmojiKey
    png: bytes

    @property
    def digest(self) -> str:
        """The first 8 hex digits of the PNG's sha256: a new drawing, a new name."""
        return hashlib.sha256(self.png).hexdigest()[:8]

    @property
    def name(self) -> str:
        """`kero_brick_1a2b3c4d`: the key and the digest (Discord: 2–32 of [A-Za-z0-9_])."""
        return f"{self.key.value}_{self.digest}"


def emoji_image(key: EmojiKey) -> EmojiImage:
    """A key's picture, ready to upload."""
    return EmojiImage(key, emoji_png(key))


def emoji_images() -> tuple[EmojiImage, ...]:
    """Every key's picture, in the keys' order."""
    return tuple(emoji_image(key) for key in EmojiKey)


@cache
def emoji_png(key: EmojiKey) -> bytes:
    """A key's picture as PNG bytes (drawn once a process)."""
    buffer = io.BytesIO()
    draw_emoji(key).save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()


def draw_emoji(key: EmojiKey) -> Image.Image:
    """A key's picture: RGBA, SIZE×SIZE, transparent around the piece."""
    image = Image.new("RGBA", (SIZE * _K, SIZE * _K), _CLEAR)
    _DRAWERS[key](_Pen(image))
    return image.resize((SIZE, SIZE), Image.Resampling.LANCZOS)


class _Pen:
    """ImageDraw on the large canvas, in the 128-pixel coordinates of the final picture."""

    __slots__ = ("draw",)

    def __init__(self, image: Image.Image) -> None:
        self.draw = ImageDraw.Draw(image)

    def rounded(
        self, box: Sequence[float], radius: float, fill: RGB, edge: RGB, width: float
    ) -> None:
        self.draw.rounded_rectangle(
            _scaled(box), round(radius * _K), fill=fill, outline=edge, width=round(width * _K)
        )

    def ellipse(self, box: Sequence[float], fill: RGB, edge: RGB, width: float) -> None:
        self.draw.ellipse(_scaled(box), fill=fill, outline=edge, width=round(width * _K))

    def polygon(self, points: Sequence[Point], fill: RGB, edge: RGB, width: float) -> None:
        corners = [(x * _K, y * _K) for x, y in points]
        self.draw.polygon(corners, fill=fill, outline=edge, width=round(width * _K))

    def line(self, points: Sequence[Point], fill: RGB, width: float) -> None:
        corners = [(x * _K, y * _K) for x, y in points]
        self.draw.line(corners, fill=fill, width=round(width * _K), joint="curve")

    def arc(self, box: Sequence[float], start: float, end: float, fill: RGB, width: float) -> None:
        self.draw.arc(_scaled(box), start, end, fill=fill, width=round(width * _K))


def _scaled(box: Sequence[float]) -> list[float]:
    return [value * _K for value in box]


# --- Kero: a white die showing the face, a burnt die for the flame -----------------------------


def _kero_die(pen: _Pen, fill: RGB = DIE_FILL[WHITE_DIE], edge: RGB = DIE_EDGE[WHITE_DIE]) -> None:
    pen.rounded((4, 4, 124, 124), 22, fill, edge, 6)


def _darker(colour: RGB) -> RGB:
    """A colour's outline: the same hue, much darker (the shape reads without its colour)."""
    red, green, blue = colour
    return (red * 45 // 100, green * 45 // 100, blue * 45 // 100)


def _brick(pen: _Pen) -> None:
    """A little wall: two courses of bricks, the upper one offset by half a brick."""
    _kero_die(pen)
    fill = RESOURCE_FILL["brick"]
    edge = _darker(fill)
    for left, top, right in ((24, 34, 64), (64, 34, 104), (24, 62, 44), (44, 62, 84)):
        pen.rounded((left, top, right, top + 26), 3, fill, edge, 3)
    pen.rounded((84, 62, 104, 88), 3, fill, edge, 3)
    for left in (34, 74):
        pen.rounded((left, 90, left + 40, 106), 3, fill, edge, 3)  # the third course, shorter


def _wheat(pen: _Pen) -> None:
    """An ear of wheat: a stalk with grains on both sides."""
    _kero_die(pen)
    fill, edge = RESOURCE_FILL["wheat"], SAND_EDGE
    pen.line([(64, 108), (64, 24)], edge, 5)
    for row in range(4):
        y = 34 + row * 17
        for side in (-1, 1):
            cx = 64 + side * 13
            pen.ellipse((cx - 10, y - 7, cx + 10, y + 9), fill, edge, 3)
    pen.ellipse((56, 14, 72, 36), fill, edge, 3)


def _metal(pen: _Pen) -> None:
    """An ingot: a trapezoid with a lit top face."""
    _kero_die(pen)
    fill = RESOURCE_FILL["metal"]
    edge = _darker(fill)
    pen.polygon([(22, 96), (106, 96), (90, 56), (38, 56)], fill, edge, 4)
    pen.polygon([(38, 56), (90, 56), (82, 40), (46, 40)], (176, 184, 196), edge, 4)


def _recruit(pen: _Pen) -> None:
    """A figure, as Kero draws its Tuarek and explorers: a head over a cloak."""
    _kero_die(pen)
    fill = RESOURCE_FILL["recruit"]
    edge = _darker(fill)
    pen.polygon([(64, 50), (30, 108), (98, 108)], fill, edge, 4)
    pen.ellipse((48, 20, 80, 52), fill, edge, 4)


def _jerrycan(pen: _Pen) -> None:
    """A jerrycan: a tall can with a handle, a spout and the X pressed in its side."""
    _kero_die(pen)
    fill = RESOURCE_FILL["jerrycan"]
    edge = _darker(fill)
    pen.polygon([(34, 18), (46, 18), (46, 36), (34, 36)], fill, edge, 3)  # the spout
    pen.rounded((30, 30, 98, 110), 8, fill, edge, 4)
    pen.rounded((58, 18, 92, 38), 6, fill, edge, 4)  # the handle
    pen.rounded((66, 24, 84, 32), 3, DIE_FILL[WHITE_DIE], edge, 2)
    pen.line([(44, 52), (84, 96)], edge, 5)
    pen.line([(84, 52), (44, 96)], edge, 5)


def _flame(pen: _Pen) -> None:
    """A burnt die: grey with a red rim, a flame on it (Kero's dice strip)."""
    _kero_die(pen, BURNT_FILL, FIRE)
    outer = [(64, 14), (90, 50), (96, 82), (84, 106), (44, 106), (32, 82), (38, 56), (52, 70)]
    inner = [(64, 56), (78, 80), (74, 98), (54, 98), (50, 84)]
    pen.polygon(outer, FIRE, _darker(FIRE), 3)
    pen.polygon(inner, FLAME_ORANGE, FLAME_ORANGE, 1)


def _kero_colour_die(colour: str) -> Callable[[_Pen], None]:
    """A Kero die as the board draws it, in its colour, and its pips."""

    def draw(pen: _Pen) -> None:
        _kero_die(pen, DIE_FILL[colour], DIE_EDGE[colour])
        for x, y in _PIPS[colour]:
            pen.ellipse((x - 12, y - 12, x + 12, y + 12), DIE_EDGE[colour], DIE_EDGE[colour], 1)

    return draw


_PIPS: Final[dict[str, tuple[Point, ...]]] = {
    WHITE_DIE: (),
    "green": ((64, 64),),
    "yellow": ((38, 38), (90, 90)),
    "blue": ((34, 34), (64, 64), (94, 94)),
}
"""None on the white die, then 1, 2, 3 in the shack's order: the dice differ without their
colour (the board marks the special dice with a letter, a word; an emoji has no language)."""


def _tuarek(pen: _Pen) -> None:
    """A Tuarek tile as the board shows it face down (dark blue, upright), a veiled figure on it:
    a cloak, a head wrapped to a slit for the eyes."""
    pen.rounded((16, 4, 112, 124), 16, TUAREK_TILE, TUAREK_EDGE, 6)
    pen.polygon([(52, 54), (76, 54), (98, 112), (30, 112)], WHITE, TUAREK_EDGE, 3)
    pen.ellipse((44, 14, 84, 58), WHITE, TUAREK_EDGE, 3)
    pen.rounded((50, 28, 78, 38), 4, SAND, TUAREK_EDGE, 2)
    for eye in (58, 70):
        pen.ellipse((eye - 3, 30, eye + 3, 36), INK, INK, 1)


def _explorer(pen: _Pen) -> None:
    """An Explorer as the board draws it, a pawn (a head over a cone), standing on the sand of
    the territories it explores."""
    pen.ellipse((4, 4, 124, 124), SAND, SAND_EDGE, 6)
    pen.polygon([(64, 38), (36, 104), (92, 104)], INK, INK, 1)
    pen.ellipse((50, 18, 78, 46), INK, INK, 1)


# --- Keer op Keer Kids: a die face in its colour with its shape; the chameleon -------------


def _keer_die(pen: _Pen, face: str) -> None:
    pen.rounded((6, 6, 122, 122), 20, FACE_RGB[face], INK, 5)


def _keer_face(face: str) -> Callable[[_Pen], None]:
    def draw(pen: _Pen) -> None:
        _keer_die(pen, face)
        _SHAPES[face](pen)

    return draw


def _circle(pen: _Pen) -> None:
    pen.ellipse((34, 34, 94, 94), WHITE, INK, 5)


def _square(pen: _Pen) -> None:
    pen.rounded((36, 36, 92, 92), 4, WHITE, INK, 5)


def _triangle(pen: _Pen) -> None:
    pen.polygon([(64, 30), (98, 94), (30, 94)], WHITE, INK, 5)


def _diamond(pen: _Pen) -> None:
    pen.polygon([(64, 26), (100, 64), (64, 102), (28, 64)], WHITE, INK, 5)


def _star(pen: _Pen) -> None:
    points = []
    for corner in range(10):
        radius = 38 if corner % 2 == 0 else 16
        angle = math.radians(-90 + 36 * corner)
        points.append((64 + radius * math.cos(angle), 67 + radius * math.sin(angle)))
    pen.polygon(points, WHITE, INK, 5)


def _mark(pen: _Pen) -> None:
    """The purple face's "!", drawn (not typeset: no font decides its shape)."""
    pen.polygon([(54, 24), (74, 24), (70, 78), (58, 78)], WHITE, INK, 5)
    pen.ellipse((53, 86, 75, 108), WHITE, INK, 5)


_SHAPES: Final[dict[str, Callable[[_Pen], None]]] = {
    "blue": _circle,
    "red": _square,
    "green": _triangle,
    "yellow": _diamond,
    "orange": _star,
    PURPLE: _mark,
}
"""A shape per face, distinct without its colour (the purple face's is its "!")."""


def _chameleon(pen: _Pen) -> None:
    """The sheet's chameleon: a curled tail, a round body, a head with a big eye, two feet."""
    pen.arc((62, 40, 122, 104), 200, 480, CHAMELEON_DARK, 9)
    for foot in (46, 78):
        pen.line([(foot, 84), (foot - 6, 106)], CHAMELEON_DARK, 8)
    pen.ellipse((24, 34, 100, 94), CHAMELEON, CHAMELEON_DARK, 5)
    pen.ellipse((4, 22, 52, 78), CHAMELEON, CHAMELEON_DARK, 5)
    pen.ellipse((14, 36, 32, 54), WHITE, INK, 3)
    pen.ellipse((20, 42, 28, 50), INK, INK, 1)


_DRAWERS: Final[dict[EmojiKey, Callable[[_Pen], None]]] = {
    EmojiKey.KERO_BRICK: _brick,
    EmojiKey.KERO_WHEAT: _wheat,
    EmojiKey.KERO_METAL: _metal,
    EmojiKey.KERO_RECRUIT: _recruit,
    EmojiKey.KERO_JERRYCAN: _jerrycan,
    EmojiKey.KERO_FLAME: _flame,
    **{KERO_DICE[colour]: _kero_colour_die(colour) for colour in _PIPS},
    EmojiKey.KERO_TUAREK: _tuarek,
    EmojiKey.KERO_EXPLORER: _explorer,
    **{KEER_FACES[face]: _keer_face(face) for face in (*COLOURS, PURPLE)},
    EmojiKey.KEER_CHAMELEON: _chameleon,
}

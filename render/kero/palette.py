"""Kero's colours, and the one shared palette every piece of every Kero image is mapped onto.

Every image is a palette ("P") image on one shared palette: PNG encodes it several times
faster than RGB (no per-row filter search on 3 bytes a pixel) and smaller. Pieces are drawn in
RGB with anti-aliased text and mapped onto the palette once, when they are cached (`built`);
pasting a piece copies its palette indices. The palette holds every flat colour exactly, and a
few blends between each text colour and the colours it is written on, for the text's edges.
"""

from __future__ import annotations

import functools
import math
import threading
from collections.abc import Callable
from functools import cache
from typing import Final, ParamSpec

from PIL import Image

from games.kero.resources import RESOURCES
from render.common import BACKGROUND, GRID, HIGHLIGHT, INK, MUTED

RGB = tuple[int, int, int]
P = ParamSpec("P")

WHITE_DIE: Final = "white"

# --- colours ---------------------------------------------------------------------------------

WHITE: Final = (255, 255, 255)
HEADER: Final = (58, 50, 42)
GOLD: Final = (240, 196, 70)
PANEL: Final = (243, 236, 220)
SAND: Final = (233, 209, 160)
SAND_EDGE: Final = (150, 118, 66)
SAND_BAND: Final = (247, 236, 210)
FUEL: Final = (226, 146, 36)
TANK_EMPTY: Final = (222, 214, 198)
FIRE: Final = (214, 40, 28)
FLAME_ORANGE: Final = (246, 140, 30)
BURNT_FILL: Final = (168, 166, 162)
EMPTY_FILL: Final = (234, 226, 206)
TAKEN_FILL: Final = (214, 210, 202)
TAG_EDGE: Final = (176, 140, 20)
TUAREK_TILE: Final = (70, 84, 120)
TUAREK_EDGE: Final = (40, 50, 80)
TUAREK_FIGURE: Final = (52, 66, 110)
FUEL_EDGE: Final = (150, 90, 10)
TILE_FILL: Final = (226, 222, 244)
TILE_EDGE: Final = (120, 110, 170)
CLAN_COLOURS: Final[tuple[RGB, RGB]] = ((130, 84, 46), (104, 110, 120))
CARD_FILL: Final[dict[str, RGB]] = {
    "green": (186, 222, 160),
    "yellow": (248, 226, 132),
    "red": (240, 170, 158),
    "blue": (172, 202, 240),
}
CARD_EDGE: Final[dict[str, RGB]] = {
    "green": (62, 122, 52),
    "yellow": (172, 128, 12),
    "red": (168, 48, 38),
    "blue": (44, 86, 168),
}
DIE_FILL: Final[dict[str, RGB]] = {
    WHITE_DIE: (252, 251, 246),
    "green": (150, 206, 122),
    "yellow": (246, 214, 86),
    "blue": (138, 180, 236),
}
DIE_EDGE: Final[dict[str, RGB]] = {
    WHITE_DIE: (96, 92, 86),
    "green": (56, 116, 46),
    "yellow": (166, 124, 16),
    "blue": (40, 80, 160),
}
RESOURCE_FILL: Final[dict[str, RGB]] = {
    "brick": (178, 78, 50),
    "wheat": (226, 182, 46),
    "metal": (116, 126, 140),
    "recruit": (126, 86, 168),
    "jerrycan": (40, 118, 82),
}
RESOURCE_INK: Final[dict[str, RGB]] = {
    "brick": WHITE,
    "wheat": INK,
    "metal": WHITE,
    "recruit": WHITE,
    "jerrycan": WHITE,
}

_BUILD = threading.RLock()
"""Cached pieces are built under this lock, so fonts are never used by two builders at once."""

# --- one palette for every piece (see the module docstring) ----------------------------------

BASE_COLOURS: Final[tuple[RGB, ...]] = (
    BACKGROUND,
    INK,
    MUTED,
    GRID,
    HIGHLIGHT,
    WHITE,
    HEADER,
    GOLD,
    PANEL,
    SAND,
    SAND_EDGE,
    SAND_BAND,
    FUEL,
    FUEL_EDGE,
    TANK_EMPTY,
    FIRE,
    FLAME_ORANGE,
    BURNT_FILL,
    EMPTY_FILL,
    TAKEN_FILL,
    TAG_EDGE,
    TUAREK_TILE,
    TUAREK_EDGE,
    TUAREK_FIGURE,
    TILE_FILL,
    TILE_EDGE,
    *CLAN_COLOURS,
    *CARD_FILL.values(),
    *CARD_EDGE.values(),
    *DIE_FILL.values(),
    *DIE_EDGE.values(),
    *RESOURCE_FILL.values(),
)
TEXT_ON: Final[tuple[tuple[RGB, tuple[RGB, ...]], ...]] = (
    (
        INK,
        (
            BACKGROUND,
            PANEL,
            SAND,
            SAND_BAND,
            EMPTY_FILL,
            HIGHLIGHT,
            TILE_FILL,
            RESOURCE_FILL["wheat"],
            *CARD_FILL.values(),
            *DIE_FILL.values(),
        ),
    ),
    (
        WHITE,
        (
            HEADER,
            TUAREK_TILE,
            *CLAN_COLOURS,
            *CARD_EDGE.values(),
            *(RESOURCE_FILL[name] for name in RESOURCES if RESOURCE_INK[name] == WHITE),
        ),
    ),
    (GOLD, (HEADER,)),
    (
        MUTED,
        (BACKGROUND, PANEL, SAND, EMPTY_FILL, TAKEN_FILL, *CARD_FILL.values(), *DIE_FILL.values()),
    ),
    (FIRE, (BACKGROUND,)),
)
"""Text colours and the colours they are written on (their blends are in the palette)."""
SPACING: Final = 12
"""A blend joins the palette only this far (RGB distance) from every colour already in it, so
that mapping onto the palette keeps each flat colour exact."""


def _distance(one: RGB, other: RGB) -> float:
    return math.dist(one, other)


@cache
def shared_palette() -> Image.Image:
    """A 1×1 image holding the shared palette: the flat colours, then text-edge blends."""
    entries: list[RGB] = []
    for colour in BASE_COLOURS:
        if colour not in entries:
            entries.append(colour)
    for ink, grounds in TEXT_ON:
        for ground in grounds:
            for step in (1, 2, 3):
                blend = (
                    round(ground[0] + (ink[0] - ground[0]) * step / 4),
                    round(ground[1] + (ink[1] - ground[1]) * step / 4),
                    round(ground[2] + (ink[2] - ground[2]) * step / 4),
                )
                if len(entries) < 256 and all(_distance(blend, e) >= SPACING for e in entries):
                    entries.append(blend)
    entries += [BACKGROUND] * (256 - len(entries))
    image = Image.new("P", (1, 1))
    image.putpalette([value for colour in entries for value in colour])
    return image


def _to_palette(image: Image.Image) -> Image.Image:
    """An RGB piece mapped onto the shared palette (nearest colour, no dithering)."""
    if image.mode == "P":
        return image
    return image.quantize(palette=shared_palette(), dither=Image.Dither.NONE)


@cache
def ink(colour: RGB) -> int:
    """The palette index a flat colour maps to (for drawing on a palette image)."""
    with _BUILD:
        return _to_palette(Image.new("RGB", (1, 1), colour)).tobytes()[0]


def built(function: Callable[P, Image.Image]) -> Callable[P, Image.Image]:
    """Build a piece under the lock and map it onto the shared palette (on a cache miss)."""

    @functools.wraps(function)
    def locked(*args: P.args, **kwargs: P.kwargs) -> Image.Image:
        with _BUILD:
            return _to_palette(function(*args, **kwargs))

    return locked

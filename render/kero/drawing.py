"""The small pieces every Kero image is assembled from: labels, chips, tags, rows of pieces.

Labels and chips are cached once drawn (each short text is drawn once: a text in another
language is another label); `draw_text` draws straight onto static pieces, which are themselves
drawn once.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import lru_cache
from typing import Final

from PIL import Image, ImageDraw

from games.kero.resources import RESOURCES, Resources
from render import legibility
from render import text as typeset
from render.common import BACKGROUND, HIGHLIGHT, INK
from render.kero.layout import CHIP_H
from render.kero.palette import PANEL, RESOURCE_FILL, RESOURCE_INK, RGB, TAG_EDGE, built
from render.legibility import Box
from render.text import text_width
from words import Words

SHORT: Final = {name: f"image-kero-short-{name}" for name in RESOURCES}
"""Each resource's short word on a chip ("2 br"): a message of images.ftl."""


def _line_height(size: int) -> int:
    return math.ceil(size * 1.3)


@lru_cache(maxsize=4096)
def _extent(text: str, size: int) -> tuple[int, int, int, int]:
    """How far `text`'s letters reach from its origin at its vertical middle ("lm"): left
    (a "J" overhangs), right, up and down, in whole pixels; at least a line's height."""
    box = typeset.text_bbox(text, size, anchor="lm")
    half = _line_height(size) / 2
    return (
        min(0, math.floor(box[0])),
        max(math.ceil(text_width(text, size)), math.ceil(box[2])),
        math.ceil(max(half, -box[1])),
        math.ceil(max(half, box[3])),
    )


@lru_cache(maxsize=4096)
@built
def text_label(text: str, size: int, fill: RGB, bg: RGB) -> Image.Image:
    """`text` drawn once on a tight `bg` box (its letters' overhangs included), its vertical
    middle at the box's `up` pixels from the top."""
    left, right, up, down = _extent(text, size)
    image = Image.new("RGB", (right - left + 2, up + down), bg)
    typeset.draw_text(image, (1 - left, up), text, size, fill, anchor="lm")
    return image


def put_label(
    image: Image.Image,
    text: str,
    size: int,
    at: tuple[int, int],
    *,
    fill: RGB = INK,
    bg: RGB = BACKGROUND,
    align: str = "m",
    room: Box | None = None,
) -> int:
    """Paste a cached label: `at` is its left, middle or right end (`align` l/m/r) at its vertical
    middle, `room` the box its layout gives it (noted for the fit check). The background under it
    must be `bg`. Returns the right end of its text (plus a pixel)."""
    label = text_label(text, size, fill, bg)
    left, _, up, _ = _extent(text, size)
    width = text_width(text, size)
    origin = at[0] + 1 - {"l": 0.0, "m": width / 2 + 1, "r": width + 2}[align]
    x = round(origin) - 1 + left
    image.paste(label, (x, at[1] - up))
    if legibility.active():
        box = typeset.text_bbox(text, size, anchor="lm")
        where = (box[0] + x + 1 - left, box[1] + at[1], box[2] + x + 1 - left, box[3] + at[1])
        legibility.note(text, size, box=where, canvas=image.size, room=room)
    return x + 1 - left + math.ceil(width) + 1


def draw_text(
    image: Image.Image,
    at: tuple[float, float],
    text: str,
    size: int,
    *,
    fill: RGB = INK,
    anchor: str = "mm",
    room: Box | None = None,
) -> None:
    """Draw text directly (static pieces only: they are drawn once)."""
    typeset.draw_text(image, at, text, size, fill, anchor=anchor, room=room)


@lru_cache(maxsize=256)
@built
def chip(
    text: str,
    size: int,
    fill: RGB,
    ink: RGB,
    bg: RGB,
    *,
    edge: RGB | None = None,
    height: int = CHIP_H,
) -> Image.Image:
    """A rounded tag with centred text."""
    width = math.ceil(text_width(text, size)) + 12
    image = Image.new("RGB", (width, height), bg)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, width - 1, height - 1), 7, fill=fill, outline=edge or fill)
    draw_text(image, (width / 2, height / 2), text, size, fill=ink)
    return image


def tag_chip(text: str, size: int, bg: RGB = PANEL) -> Image.Image:
    return chip(text, size, HIGHLIGHT, INK, bg, edge=TAG_EDGE)


def resource_chips(
    bundle: Resources, size: int, bg: RGB, words: Words, *, height: int = CHIP_H
) -> list[Image.Image]:
    """A chip per resource of the bundle: its count and short word ("2 br")."""
    return [
        chip(
            words("image-kero-resource", count=n, short=words(SHORT[name])),
            size,
            RESOURCE_FILL[name],
            RESOURCE_INK[name],
            bg,
            height=height,
        )
        for name, n in zip(RESOURCES, bundle.as_tuple(), strict=True)
        if n
    ]


def paste_row(
    image: Image.Image, pieces: Iterable[Image.Image], left: int, right: int, top: int, *, gap: int
) -> int:
    """Paste pieces left to right, wrapping onto a next line at `right`; returns the last top."""
    x = left
    for piece in pieces:
        if x > left and x + piece.width > right:
            x, top = left, top + piece.height + 6
        image.paste(piece, (x, top))
        x += piece.width + gap
    return top

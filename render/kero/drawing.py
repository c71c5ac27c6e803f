"""The small pieces every Kero image is assembled from: labels, chips, tags, rows of pieces.

Labels and chips are cached once drawn (each short text is drawn once: a text in another
language is another label); `draw_text` draws straight onto static pieces, which are themselves
drawn once.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from functools import lru_cache
from typing import Final

from PIL import Image, ImageDraw

from games.kero.resources import RESOURCES, Resources
from render import text as typeset
from render.common import BACKGROUND, HIGHLIGHT, INK
from render.kero.layout import CHIP_H
from render.kero.palette import PANEL, RESOURCE_FILL, RESOURCE_INK, RGB, TAG_EDGE, built
from render.text import text_width
from words import Words

_NUMBER: Final = re.compile(r"[+\-−]?\d+")
SHORT: Final = {name: f"image-kero-short-{name}" for name in RESOURCES}
"""Each resource's short word on a chip ("2 br"): a message of images.ftl."""


def _line_height(size: int) -> int:
    return math.ceil(size * 1.3)


@lru_cache(maxsize=4096)
@built
def text_label(text: str, size: int, fill: RGB, bg: RGB) -> Image.Image:
    """`text` drawn once on a tight `bg` box, its vertical middle at the box's middle."""
    height = _line_height(size)
    image = Image.new("RGB", (max(1, math.ceil(text_width(text, size)) + 2), height), bg)
    typeset.draw_text(image, (1, height / 2), text, size, fill, anchor="lm")
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
) -> int:
    """Paste a cached label: `at` is its left, middle or right end (`align` l/m/r) at its vertical
    middle. The background under it must be `bg`. Returns the label's right edge."""
    label = text_label(text, size, fill, bg)
    width = label.width
    x = at[0] - (width // 2 if align == "m" else width if align == "r" else 0)
    image.paste(label, (x, at[1] - label.height // 2))
    return x + width


def draw_text(
    image: Image.Image,
    at: tuple[float, float],
    text: str,
    size: int,
    *,
    fill: RGB = INK,
    anchor: str = "mm",
) -> None:
    """Draw text directly (static pieces only: they are drawn once)."""
    typeset.draw_text(image, at, text, size, fill, anchor=anchor)


def _units(text: str, size: int, width: int) -> list[str]:
    """The words of `text`, a number kept with the word after it ("+1 jc") where both fit."""
    units: list[str] = []
    for word in text.split():
        if (
            units
            and _NUMBER.fullmatch(units[-1])
            and text_width(f"{units[-1]} {word}", size) <= width
        ):
            units[-1] = f"{units[-1]} {word}"
        else:
            units.append(word)
    return units


def wrap(text: str, size: int, width: int) -> list[str]:
    """Words of `text` as lines no wider than `width` at `size` (a long word stands alone; a
    number is not parted from the word after it)."""
    line = ""
    lines: list[str] = []
    for word in _units(text, size, width):
        trial = f"{line} {word}".strip()
        if line and text_width(trial, size) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return [*lines, line] if line else lines


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

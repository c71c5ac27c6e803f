"""The one palette every image shares, and the cached tiles a render pastes.

A render copies a static layer and pastes tiles: the marks a state can add (cut from the
layers with every mark drawn), text and dice. All are palette images in the same palette.
Tiles with words are cached per language (text tiles by their very text).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Final

from PIL import Image, ImageDraw

from games.keer_kids.sheet import Sheet, default_sheet
from render import legibility
from render import text as typeset
from render.common import BACKGROUND, CIRCLE, GRID, HIGHLIGHT, INK, MUTED, canvas
from render.keer_kids.colours import FACE_RGB, PAPER, PURPLE_INK, RGB, WHITE
from render.keer_kids.layout import Box, sheet_layout
from render.keer_kids.pen import BOLD_MIN, SUPERSAMPLE, Pen
from render.keer_kids.static import sheet_rgb
from render.legibility import Box as Room
from words import DEFAULT, Words, words_for

DIE_RING: Final = 7
"""How far a kept die's ring reaches beyond the die."""
_TEXT_TILES: Final = 4096
"""At most this many text tiles are kept (each a few KB)."""


@cache
def shared_palette() -> Image.Image:
    """The palette every image uses: 256 colours fitted to a sheet, its marks and text.

    One palette for every language: it holds colours, not words, so it is fitted to the English
    sheet (text in any language blends the same inks into the same grounds)."""
    with legibility.paused():
        return _fitted_palette()


def _fitted_palette() -> Image.Image:
    sheet = default_sheet()
    english = words_for(DEFAULT)
    layers = [sheet_rgb(sheet, 1.0, english, marks) for marks in ("", "a", "b")]
    swatch_h = 40
    backgrounds = [BACKGROUND, PAPER, WHITE, HIGHLIGHT, INK, *FACE_RGB.values()]
    inks = [INK, MUTED, CIRCLE, PURPLE_INK, HIGHLIGHT, GRID]
    width = layers[0].width
    sample = canvas(width, sum(layer.height for layer in layers) + swatch_h * len(backgrounds))
    y = 0
    for layer in layers:
        sample.paste(layer, (0, y))
        y += layer.height
    draw = ImageDraw.Draw(sample)
    for bg in backgrounds:
        draw.rectangle((0, y, width, y + swatch_h), fill=bg)
        x = 4
        for ink in inks:
            if ink != bg:
                typeset.draw_text(sample, (x, y + 20), "Ag8!", 18, ink, anchor="lm")
                typeset.draw_text(sample, (x + 60, y + 20), "W3", 28, ink, anchor="lm")
                draw.line((x + 110, y + 4, x + 140, y + 36), fill=ink, width=3)
            x += 150
        y += swatch_h
    # Every other pixel is plenty to fit the palette to, and fits it four times faster.
    sample = sample.resize((sample.width // 2, sample.height // 2), Image.Resampling.NEAREST)
    return sample.quantize(256, Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)


def quantize(image: Image.Image) -> Image.Image:
    """An RGB image in the shared palette (no dithering: flat areas stay flat)."""
    return image.quantize(palette=shared_palette(), dither=Image.Dither.NONE)


Tile = tuple[Image.Image, int, int]
"""A cached palette image and where it goes (relative to its sheet or to an anchor point)."""


@dataclass(frozen=True, slots=True)
class Sprites:
    """A sheet's static layer and the tiles of every mark a state can add, at one scale."""

    base: Image.Image
    crossed: tuple[tuple[Tile, ...], ...]
    """[row][column]: the square crossed."""
    chameleon_crossed: tuple[tuple[Tile, ...], ...]
    """[row][column]: the square crossed by a chameleon (purple)."""
    visitor_circled: tuple[Tile, ...]
    visitor_gone: tuple[Tile, ...]
    buckets: tuple[Tile, ...]
    food: tuple[Tile, ...]
    """Per animal, in sheet order: both food squares circled."""
    marks: tuple[Tile, ...]
    """Per exclamation mark, in the order they are crossed."""


def _tile(layer: Image.Image, box: Box) -> Tile:
    return (layer.crop(box), box[0], box[1])


@cache
def sheet_sprites(sheet: Sheet, scale: float, words: Words) -> Sprites:
    """A sheet's static layer and mark tiles at a scale, in a language (its letters and words)."""
    lay = sheet_layout(sheet, scale)
    base = quantize(sheet_rgb(sheet, scale, words))
    a = quantize(sheet_rgb(sheet, scale, words, "a"))
    b = quantize(sheet_rgb(sheet, scale, words, "b"))
    cells = range(sheet.columns)
    return Sprites(
        base=base,
        crossed=tuple(
            tuple(_tile(a, lay.cell_box(r, c)) for c in cells) for r in range(sheet.rows)
        ),
        chameleon_crossed=tuple(
            tuple(_tile(b, lay.cell_box(r, c)) for c in cells) for r in range(sheet.rows)
        ),
        visitor_circled=tuple(_tile(a, lay.visitor_slot(c)) for c in cells),
        visitor_gone=tuple(_tile(b, lay.visitor_slot(c)) for c in cells),
        buckets=tuple(_tile(a, lay.bucket_box(c)) for c in cells),
        food=tuple(_tile(a, lay.food_slot(i)) for i in range(len(sheet.animals))),
        marks=tuple(_tile(a, box) for chameleon in lay.chameleons for box in chameleon.marks),
    )


@lru_cache(maxsize=_TEXT_TILES)
def text_tile(text: str, size: int, colours: tuple[RGB, RGB], anchor: str, bold: bool) -> Tile:
    """`text` in colours (ink, background), and its offset from the anchor point (cached)."""
    fill, bg = colours
    stroke = 1 if bold and size >= BOLD_MIN else 0
    box = typeset.text_bbox(text, size, anchor=anchor, stroke_width=stroke)
    left, top = math.floor(box[0]), math.floor(box[1])
    right, bottom = math.ceil(box[2]), math.ceil(box[3])
    margin = 2
    image = canvas(right - left + 2 * margin, bottom - top + 2 * margin, bg)
    typeset.draw_text(
        image,
        (margin - left, margin - top),
        text,
        size,
        fill,
        anchor=anchor,
        stroke_width=stroke,
        stroke_fill=fill,
    )
    return (quantize(image), left - margin, top - margin)


@lru_cache(maxsize=256)
def die_tile(letter: str, face: str, size: int, bg: RGB, *, kept: bool, em: int) -> Image.Image:
    """A die `size` px square: its colour and the letter of what it crosses (at least `em` px),
    ringed `DIE_RING` px wide all round if kept."""
    k = SUPERSAMPLE
    ring = DIE_RING if kept else 0
    image = canvas((size + 2 * ring) * k, (size + 2 * ring) * k, bg)
    pen = Pen(image, k)
    box = (ring, ring, ring + size, ring + size)
    pen.rounded(box, max(3, size // 6), fill=FACE_RGB[face], outline=INK, width=2)
    pen.text((ring + size / 2, ring + size / 2 + 1), letter, max(em, size // 2), INK, bold=True)
    if kept:
        pen.rounded((1, 1, size + 2 * ring - 1, size + 2 * ring - 1), 10, outline=INK, width=4)
    return quantize(image.reduce(k))


def put_tile(image: Image.Image, tile: Tile, origin: tuple[int, int]) -> None:
    picture, x, y = tile
    image.paste(picture, (origin[0] + x, origin[1] + y))


def write(
    image: Image.Image,
    xy: tuple[float, float],
    text: str,
    size: int,
    *,
    bg: RGB,
    fill: RGB = INK,
    anchor: str = "mm",
    bold: bool = False,
    room: Room | None = None,
) -> int:
    """Paste `text` anchored at `xy` on a plain `bg` area, in `room` (noted for the fit check);
    return its width."""
    if not text:
        return 0
    picture, dx, dy = text_tile(text, size, (fill, bg), anchor, bold)
    at = (round(xy[0]), round(xy[1]))
    image.paste(picture, (at[0] + dx, at[1] + dy))
    if legibility.active():
        stroke = 1 if bold and size >= BOLD_MIN else 0
        box = typeset.text_bbox(text, size, anchor=anchor, stroke_width=stroke)
        where = (box[0] + at[0], box[1] + at[1], box[2] + at[0], box[3] + at[1])
        legibility.note(text, size, box=where, canvas=image.size, room=room)
    return picture.width

"""Keer op Keer Kids images: one player's sheet, the whole table, and the results card.

Pure and thread-safe. The images are palette ("P") PNGs: every image shares one 256-colour
palette, which PNG encodes several times faster than RGB (an RGB table took longer to encode
than the whole budget for rendering and encoding it).

Nothing is drawn at render time except text not seen before. Everything a state cannot
change — the grid with its animal colours and letters, enclosure borders, stars, buckets,
visitors, food squares, chameleons and labels — is drawn once per (sheet, scale), supersampled
for smooth edges, and cached. So is every mark a state can add: the same layer is drawn once
more with every square crossed and every circle drawn, and cut into tiles (one per square,
visitor, bucket, food pair and mark). Text is rendered into small cached tiles too. A render
copies the static layer and pastes the tiles the state calls for. Cached images are never drawn
on.

Colour is never the only cue: every square carries its animal's letter, each die shows the
letter of the animal it crosses ("!" for purple), and whatever is crossed is struck through.

The table shows each player's pick for the last roll once the roll has resolved. While a roll is
in progress it only says who has chosen: the choices are simultaneous, and a public image must
not give them away before everyone has chosen.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from types import MappingProxyType
from typing import Final

from PIL import Image, ImageDraw

from games.common.protocol import Outcome
from games.keer_kids.actions import Action, Cross, Keep, Mark, Roll, Skip
from games.keer_kids.dice import PURPLE
from games.keer_kids.rules import Phase
from games.keer_kids.sheet import Sheet, default_sheet
from games.keer_kids.state import KeerState
from render.common import (
    BACKGROUND,
    CIRCLE,
    CROSS,
    GRID,
    HIGHLIGHT,
    INK,
    MUTED,
    canvas,
    encode,
    font,
)

RGB = tuple[int, int, int]
Box = tuple[int, int, int, int]

FACE_RGB: Final[Mapping[str, RGB]] = MappingProxyType(
    {
        "blue": (88, 150, 224),
        "red": (230, 96, 86),
        "green": (108, 182, 96),
        "yellow": (244, 206, 70),
        "orange": (246, 152, 60),
        "purple": (154, 96, 196),
    }
)
"""The die faces' colours; each animal's squares use its die's colour."""

TABLE_SCALE: Final = 0.95
"""Scale of each sheet on the table image (two sheets side by side stay under 2000 px)."""
RESULTS_WIDTH: Final = 900
MIN_TEXT: Final = 14
"""No text is drawn smaller than this many pixels (legible on a phone)."""

_SUPERSAMPLE: Final = 2
_PAPER: Final = (255, 252, 245)
_WHITE: Final = (255, 255, 255)
_THIN: Final = (118, 110, 98)
_CHAMELEON: Final = (120, 186, 160)
_CHAMELEON_DARK: Final = (52, 112, 92)
_PURPLE_INK: Final = (96, 48, 138)
_BUCKET: Final = (214, 228, 240)
_BOLD_MIN: Final = 20
"""Text this size or larger is drawn bold when asked; smaller text smudges, so it stays plain."""
_TEXT_TILES: Final = 4096
"""At most this many text tiles are kept (each a few KB)."""


def _px(value: float, scale: float) -> int:
    return round(value * scale)


def _fs(value: float, scale: float) -> int:
    return max(MIN_TEXT, round(value * scale))


def _grow(box: Box, by: int) -> Box:
    return (box[0] - by, box[1] - by, box[2] + by, box[3] + by)


# ---------------------------------------------------------------------------------------------
# Geometry


@dataclass(frozen=True, slots=True)
class _SheetLayout:
    """Where everything of one sheet goes, in pixels at one scale (origin: the sheet's corner)."""

    width: int
    height: int
    pad: int
    header_h: int
    cell: int
    grid_x: int
    grid_y: int
    visitor_num_y: int
    visitor_cy: int
    badge_w: int
    badge_h: int
    bucket_cy: int
    bucket_w: int
    food: tuple[tuple[Box, Box, Box], ...]
    """Per animal (sheet order): its chip, then its food squares."""
    food_name_y: int
    cham_x: int
    cham_w: int
    chameleons: tuple[tuple[Box, tuple[Box, ...], int], ...]
    """Per chameleon: its body, its exclamation-mark boxes, the y of its 'used' label."""
    score_box: Box
    pick_x: int
    cross_inset: int
    cross_width: int
    ring_width: int
    f_name: int
    f_letter: int
    f_small: int
    f_mark: int
    f_big: int

    def cell_box(self, row: int, column: int) -> Box:
        """The square at (row, column)."""
        x, y = self.grid_x + column * self.cell, self.grid_y + row * self.cell
        return (x, y, x + self.cell, y + self.cell)

    def column_x(self, column: int) -> int:
        """The centre x of a column."""
        return self.grid_x + column * self.cell + self.cell // 2

    def visitor_box(self, column: int) -> Box:
        """The badge of the visitor above a column."""
        cx = self.column_x(column)
        return (
            cx - self.badge_w // 2,
            self.visitor_cy - self.badge_h // 2,
            cx + self.badge_w // 2,
            self.visitor_cy + self.badge_h // 2,
        )

    def visitor_ring(self, column: int) -> Box:
        """The circle drawn around a visitor a player won."""
        return _grow(self.visitor_box(column), self.ring_width + 1)

    def visitor_slot(self, column: int) -> Box:
        """Everything a state may change about a column's visitor."""
        x = self.grid_x + column * self.cell
        ring = self.visitor_ring(column)
        return (x, ring[1], x + self.cell, ring[3])

    def bucket_box(self, column: int) -> Box:
        """The circle drawn around the buckets of a filled column."""
        cx, half = self.column_x(column), self.cell // 2 - 2
        return (cx - half, self.bucket_cy - half, cx + half, self.bucket_cy + half)

    def food_ring(self, box: Box) -> Box:
        """The circle drawn around a food square."""
        return _grow(box, self.ring_width + 3)

    def food_slot(self, animal: int) -> Box:
        """Everything a state may change about an animal's food squares."""
        _, first, last = self.food[animal]
        a, b = self.food_ring(first), self.food_ring(last)
        return (a[0], a[1], b[2], b[3])


@cache
def _sheet_layout(sheet: Sheet, scale: float) -> _SheetLayout:
    s = scale
    pad, header_h, cell = _px(16, s), _px(48, s), _px(56, s)
    grid_x, grid_y = pad, header_h + _px(80, s)
    grid_w, grid_h = sheet.columns * cell, sheet.rows * cell
    bucket_top = grid_y + grid_h + _px(8, s)
    food_top = bucket_top + _px(64, s)
    chip = _px(34, s)
    group_w = grid_w / max(1, len(sheet.animals))
    food: list[tuple[Box, Box, Box]] = []
    for i in range(len(sheet.animals)):
        left = round(grid_x + i * group_w + (group_w - (3 * chip + _px(22, s))) / 2)
        boxes = [
            (x, food_top, x + chip, food_top + chip)
            for x in (left, left + chip + _px(12, s), left + 2 * chip + _px(22, s))
        ]
        food.append((boxes[0], boxes[1], boxes[2]))
    food_bottom = food_top + chip + _px(30, s)
    cham_x = grid_x + grid_w + _px(24, s)
    per = sheet.marks_per_chameleon
    cham_w = max(_px(200, s), _px(104 + 42 * per, s))
    chameleons = []
    row_h = grid_h // max(1, sheet.chameleons)
    for k in range(sheet.chameleons):
        top = grid_y + k * row_h
        body = (cham_x, top + _px(10, s), cham_x + _px(92, s), top + row_h - _px(10, s))
        marks = tuple(
            (
                cham_x + _px(104 + 42 * m, s),
                top + _px(6, s),
                cham_x + _px(138 + 42 * m, s),
                top + row_h - _px(30, s),
            )
            for m in range(per)
        )
        chameleons.append((body, marks, top + row_h - _px(15, s)))
    return _SheetLayout(
        width=cham_x + cham_w + pad,
        height=food_bottom + _px(10, s),
        pad=pad,
        header_h=header_h,
        cell=cell,
        grid_x=grid_x,
        grid_y=grid_y,
        visitor_num_y=header_h + _px(14, s),
        visitor_cy=header_h + _px(50, s),
        badge_w=cell - _px(16, s),
        badge_h=_px(34, s),
        bucket_cy=bucket_top + _px(28, s),
        bucket_w=_px(34, s),
        food=tuple(food),
        food_name_y=food_top + chip + _px(16, s),
        cham_x=cham_x,
        cham_w=cham_w,
        chameleons=tuple(chameleons),
        score_box=(cham_x, bucket_top, cham_x + cham_w, food_bottom),
        pick_x=pad + _px(330, s),
        cross_inset=_px(9, s),
        cross_width=max(3, _px(5, s)),
        ring_width=max(3, _px(4, s)),
        f_name=_fs(24, s),
        f_letter=_fs(24, s),
        f_small=_fs(16, s),
        f_mark=_fs(30, s),
        f_big=_fs(40, s),
    )


# ---------------------------------------------------------------------------------------------
# Drawing (only ever on fresh images that are cached afterwards)


class _Pen:
    """ImageDraw with every coordinate multiplied by `k` (layers are drawn supersampled)."""

    __slots__ = ("draw", "k")

    def __init__(self, image: Image.Image, k: int = 1) -> None:
        self.draw = ImageDraw.Draw(image)
        self.k = k

    def _b(self, box: Box) -> Box:
        k = self.k
        return (box[0] * k, box[1] * k, box[2] * k, box[3] * k)

    def rect(
        self, box: Box, fill: RGB | None = None, outline: RGB | None = None, width: int = 1
    ) -> None:
        self.draw.rectangle(self._b(box), fill=fill, outline=outline, width=width * self.k)

    def rounded(
        self,
        box: Box,
        radius: int,
        fill: RGB | None = None,
        outline: RGB | None = None,
        width: int = 1,
    ) -> None:
        self.draw.rounded_rectangle(
            self._b(box), radius * self.k, fill=fill, outline=outline, width=width * self.k
        )

    def ellipse(
        self, box: Box, fill: RGB | None = None, outline: RGB | None = None, width: int = 1
    ) -> None:
        self.draw.ellipse(self._b(box), fill=fill, outline=outline, width=width * self.k)

    def arc(self, box: Box, start: float, end: float, fill: RGB, width: int) -> None:
        self.draw.arc(self._b(box), start, end, fill=fill, width=width * self.k)

    def polygon(
        self,
        points: Sequence[tuple[float, float]],
        fill: RGB | None = None,
        outline: RGB | None = None,
        width: int = 1,
    ) -> None:
        k = self.k
        self.draw.polygon(
            [(x * k, y * k) for x, y in points], fill=fill, outline=outline, width=width * k
        )

    def line(self, points: Sequence[tuple[float, float]], fill: RGB, width: int) -> None:
        k = self.k
        self.draw.line([(x * k, y * k) for x, y in points], fill=fill, width=width * k)

    def cross(self, box: Box, fill: RGB, width: int) -> None:
        """A bold X filling `box`, with round ends."""
        x0, y0, x1, y1 = box
        for a, b in (((x0, y0), (x1, y1)), ((x0, y1), (x1, y0))):
            self.line([a, b], fill, width)
            for x, y in (a, b):
                r = width / 2
                self.draw.ellipse(
                    ((x - r) * self.k, (y - r) * self.k, (x + r) * self.k, (y + r) * self.k),
                    fill=fill,
                )

    def text(
        self,
        xy: tuple[float, float],
        text: str,
        size: int,
        fill: RGB = INK,
        *,
        anchor: str = "mm",
        bold: bool = False,
        halo: RGB | None = None,
    ) -> None:
        k = self.k
        stroke = 1 if bold and size >= _BOLD_MIN else 0
        if halo is not None:
            stroke = 2
        self.draw.text(
            (xy[0] * k, xy[1] * k),
            text,
            font=font(size * k),
            fill=fill,
            anchor=anchor,
            stroke_width=stroke * k,
            stroke_fill=halo or fill,
        )


@lru_cache(maxsize=1024)
def _short(text: str, size: int, width: float) -> str:
    """`text` cut (with an ellipsis) to fit `width` pixels at `size`."""
    face = font(size)
    if face.getlength(text) <= width:
        return text
    while text and face.getlength(text + "…") > width:
        text = text[:-1]
    return text.rstrip() + "…"


def _visitor_label(name: str, size: int, width: float) -> str:
    """A short label for a visitor: the first word, cut to fit the badge."""
    word = re.split(r"[\s\-]+", name.strip())[0].capitalize()
    face = font(size)
    if face.getlength(word) <= width:
        return word
    while len(word) > 1 and face.getlength(word + ".") > width:
        word = word[:-1]
    return word + "."


def _die_letter(sheet: Sheet, face: str) -> str:
    """What a die shows besides its colour: the animal letter it crosses, '!' for purple."""
    return "!" if face == PURPLE else sheet.animal_of_colour(face).letter


def _star(cx: float, cy: float, radius: float) -> list[tuple[float, float]]:
    points = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.45
        angle = math.radians(-90 + 36 * i)
        points.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
    return points


@cache
def _sheet_rgb(sheet: Sheet, scale: float, marks: str = "") -> Image.Image:
    """A sheet's static layer in RGB; with marks 'a' or 'b', every mark of that set drawn on it.

    Set 'a': black crosses on every square, every visitor, bucket and food square circled,
    every exclamation mark crossed. Set 'b': purple (chameleon) crosses on every square and
    every visitor struck out. Each mark stays inside its own tile's region.
    """
    lay = _sheet_layout(sheet, scale)
    k = _SUPERSAMPLE
    image = canvas(lay.width * k, lay.height * k)
    pen = _Pen(image, k)
    pen.rounded((1, 1, lay.width - 2, lay.height - 2), lay.pad // 2, fill=_PAPER, outline=GRID)
    pen.line(
        [(lay.pad, lay.header_h - 2), (lay.width - lay.pad, lay.header_h - 2)], fill=GRID, width=1
    )
    _static_visitors(pen, sheet, lay)
    _static_grid(pen, sheet, lay)
    _static_buckets(pen, sheet, lay)
    _static_food(pen, sheet, lay)
    _static_chameleons(pen, sheet, lay)
    _static_score(pen, lay)
    if marks == "a":
        _all_marks_a(pen, sheet, lay)
    elif marks == "b":
        _all_marks_b(pen, sheet, lay)
    return image.reduce(k)


def _crossed_squares(pen: _Pen, sheet: Sheet, lay: _SheetLayout, colour: RGB) -> None:
    """Every square crossed, its letter kept readable on top of the X."""
    for r, line in enumerate(sheet.grid):
        for c, index in enumerate(line):
            box = lay.cell_box(r, c)
            pen.cross(_grow(box, -lay.cross_inset), colour, lay.cross_width)
            letter = sheet.enclosures[index].animal
            centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2 + 1)
            pen.text(centre, letter, lay.f_letter, INK, halo=_WHITE)


def _all_marks_a(pen: _Pen, sheet: Sheet, lay: _SheetLayout) -> None:
    _crossed_squares(pen, sheet, lay, CROSS)
    for column in range(sheet.columns):
        pen.ellipse(lay.visitor_ring(column), outline=CIRCLE, width=lay.ring_width)
        pen.ellipse(lay.bucket_box(column), outline=CIRCLE, width=lay.ring_width)
    for _, *foods in lay.food:
        for box in foods:
            pen.ellipse(lay.food_ring(box), outline=CIRCLE, width=lay.ring_width)
    for _, marks, _ in lay.chameleons:
        for box in marks:
            pen.cross(_grow(box, -4), CROSS, lay.cross_width)


def _all_marks_b(pen: _Pen, sheet: Sheet, lay: _SheetLayout) -> None:
    _crossed_squares(pen, sheet, lay, _PURPLE_INK)
    for column in range(sheet.columns):
        box = lay.visitor_box(column)
        pen.cross(box, CROSS, lay.cross_width - 1)


def _static_visitors(pen: _Pen, sheet: Sheet, lay: _SheetLayout) -> None:
    for column, name in enumerate(sheet.visitors):
        cx = lay.column_x(column)
        pen.text((cx, lay.visitor_num_y), str(column + 1), lay.f_small, MUTED)
        box = lay.visitor_box(column)
        pen.rounded(box, lay.badge_h // 2, fill=_WHITE, outline=INK, width=2)
        label = _visitor_label(name, MIN_TEXT, lay.badge_w - 6)
        pen.text((cx, lay.visitor_cy), label, MIN_TEXT)


def _static_grid(pen: _Pen, sheet: Sheet, lay: _SheetLayout) -> None:
    cell, thick = lay.cell, max(2, lay.cell // 14)
    half = thick // 2
    for r, line in enumerate(sheet.grid):
        for c, index in enumerate(line):
            enclosure = sheet.enclosures[index]
            box = lay.cell_box(r, c)
            pen.rect(box, fill=FACE_RGB[enclosure.colour])
            pen.text(
                ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2 + 1), enclosure.animal, lay.f_letter
            )
            if c == sheet.star_column:
                radius = cell * 0.16
                pen.polygon(
                    _star(box[2] - radius - 3, box[1] + radius + 3, radius),
                    fill=_WHITE,
                    outline=INK,
                    width=1,
                )
    x0, y0 = lay.grid_x, lay.grid_y
    x1, y1 = x0 + sheet.columns * cell, y0 + sheet.rows * cell
    for c in range(1, sheet.columns):
        pen.line([(x0 + c * cell, y0), (x0 + c * cell, y1)], fill=_THIN, width=1)
    for r in range(1, sheet.rows):
        pen.line([(x0, y0 + r * cell), (x1, y0 + r * cell)], fill=_THIN, width=1)
    for r, line in enumerate(sheet.grid):
        for c, index in enumerate(line):
            x, y = x0 + c * cell, y0 + r * cell
            if c + 1 < sheet.columns and line[c + 1] != index:
                pen.rect((x + cell - half, y - half, x + cell + half, y + cell + half), fill=INK)
            if r + 1 < sheet.rows and sheet.grid[r + 1][c] != index:
                pen.rect((x - half, y + cell - half, x + cell + half, y + cell + half), fill=INK)
    pen.rect((x0 - half, y0 - half, x1 + half, y1 + half), outline=INK, width=thick)


def _static_buckets(pen: _Pen, sheet: Sheet, lay: _SheetLayout) -> None:
    w, cy = lay.bucket_w, lay.bucket_cy
    for column, count in enumerate(sheet.buckets):
        cx = lay.column_x(column)
        colour = INK if count else MUTED
        top, bottom = cy - w * 0.3, cy + w * 0.45
        handle = (round(cx - w * 0.32), round(top - w * 0.28), round(cx + w * 0.32))
        pen.arc((*handle, round(top + w * 0.28)), 180, 360, colour, 2)
        pen.polygon(
            [
                (cx - w / 2, top),
                (cx + w / 2, top),
                (cx + w * 0.36, bottom),
                (cx - w * 0.36, bottom),
            ],
            fill=_BUCKET if count else _PAPER,
            outline=colour,
            width=2,
        )
        pen.text((cx, (top + bottom) / 2 + 1), str(count), lay.f_small, colour, bold=count > 0)


def _static_food(pen: _Pen, sheet: Sheet, lay: _SheetLayout) -> None:
    for animal, (chip, *foods) in zip(sheet.animals, lay.food, strict=True):
        colour = FACE_RGB[animal.colour]
        pen.rounded(chip, 4, fill=colour, outline=INK, width=2)
        pen.text(((chip[0] + chip[2]) / 2, (chip[1] + chip[3]) / 2 + 1), animal.letter, lay.f_small)
        for box in foods:
            pen.rect(box, fill=_WHITE, outline=colour, width=3)
            inner = _grow(box, -(box[2] - box[0]) // 5)
            pen.ellipse(inner, fill=colour, outline=INK, width=1)
            pen.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2 + 1), animal.letter, MIN_TEXT)
        centre = (chip[0] + foods[-1][2]) / 2
        pen.text((centre, lay.food_name_y), f"{animal.name} food", MIN_TEXT, MUTED)


def _static_chameleons(pen: _Pen, sheet: Sheet, lay: _SheetLayout) -> None:
    pen.text(
        (lay.cham_x + lay.cham_w / 2, lay.visitor_cy), "chameleons (purple: !)", MIN_TEXT, MUTED
    )
    purple = FACE_RGB[PURPLE]
    for k, (body, marks, _) in enumerate(lay.chameleons):
        _draw_chameleon(pen, body, str(k + 1), lay.f_small)
        for box in marks:
            pen.rounded(box, 5, fill=_WHITE, outline=purple, width=2)
            pen.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), "!", lay.f_mark, _PURPLE_INK)


def _draw_chameleon(pen: _Pen, box: Box, label: str, size: int) -> None:
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    tail = (x0 + round(w * 0.62), y0 + round(h * 0.35), x1, y1 - round(h * 0.05))
    pen.arc(tail, 200, 480, _CHAMELEON_DARK, max(2, h // 12))
    body = (x0 + round(w * 0.18), y0 + round(h * 0.22), x0 + round(w * 0.78), y1 - round(h * 0.2))
    pen.ellipse(body, fill=_CHAMELEON, outline=_CHAMELEON_DARK, width=2)
    head = (x0, y0 + round(h * 0.12), x0 + round(w * 0.36), y0 + round(h * 0.62))
    pen.ellipse(head, fill=_CHAMELEON, outline=_CHAMELEON_DARK, width=2)
    eye = round(h * 0.07)
    ex, ey = x0 + round(w * 0.14), y0 + round(h * 0.3)
    pen.ellipse((ex - eye, ey - eye, ex + eye, ey + eye), fill=_WHITE, outline=INK, width=1)
    for fx in (0.3, 0.62):
        foot = x0 + round(w * fx)
        pen.line([(foot, y1 - round(h * 0.25)), (foot - 3, y1 - 2)], fill=_CHAMELEON_DARK, width=2)
    pen.text(((body[0] + body[2]) / 2, (body[1] + body[3]) / 2), label, size, INK, bold=True)


def _static_score(pen: _Pen, lay: _SheetLayout) -> None:
    box = lay.score_box
    pen.rounded(box, 8, fill=_WHITE, outline=GRID, width=2)
    split = _score_split(lay)
    pen.text(((box[0] + split) / 2, box[1] + lay.f_small), "score", lay.f_small, MUTED)
    pen.line([(split, box[1] + 8), (split, box[3] - 8)], fill=GRID, width=1)
    for i, kind in enumerate(("buckets", "visitors", "food")):
        pen.text((split + 10, _score_line_y(lay, i)), kind, lay.f_small, MUTED, anchor="lm")


def _score_split(lay: _SheetLayout) -> int:
    box = lay.score_box
    return box[0] + (box[2] - box[0]) * 2 // 5


def _score_line_y(lay: _SheetLayout, line: int) -> int:
    top, bottom = lay.score_box[1], lay.score_box[3]
    return round(top + (bottom - top) / 3 * (line + 0.5))


# ---------------------------------------------------------------------------------------------
# One palette for everything, and the cached tiles


@cache
def _palette() -> Image.Image:
    """The palette every image uses: 256 colours fitted to a sheet, its marks and text."""
    sheet = default_sheet()
    layers = [_sheet_rgb(sheet, 1.0, marks) for marks in ("", "a", "b")]
    swatch_h = 40
    backgrounds = [BACKGROUND, _PAPER, _WHITE, HIGHLIGHT, INK, *FACE_RGB.values()]
    inks = [INK, MUTED, CIRCLE, _PURPLE_INK, HIGHLIGHT, GRID]
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
                draw.text((x, y + 20), "Ag8!", font=font(18), fill=ink, anchor="lm")
                draw.text((x + 60, y + 20), "W3", font=font(28), fill=ink, anchor="lm")
                draw.line((x + 110, y + 4, x + 140, y + 36), fill=ink, width=3)
            x += 150
        y += swatch_h
    # Every other pixel is plenty to fit the palette to, and fits it four times faster.
    sample = sample.resize((sample.width // 2, sample.height // 2), Image.Resampling.NEAREST)
    return sample.quantize(256, Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)


def _quantize(image: Image.Image) -> Image.Image:
    """An RGB image in the shared palette (no dithering: flat areas stay flat)."""
    return image.quantize(palette=_palette(), dither=Image.Dither.NONE)


Tile = tuple[Image.Image, int, int]
"""A cached palette image and where it goes (relative to its sheet or to an anchor point)."""


@dataclass(frozen=True, slots=True)
class _Sprites:
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
def _sprites(sheet: Sheet, scale: float) -> _Sprites:
    lay = _sheet_layout(sheet, scale)
    base = _quantize(_sheet_rgb(sheet, scale))
    a = _quantize(_sheet_rgb(sheet, scale, "a"))
    b = _quantize(_sheet_rgb(sheet, scale, "b"))
    cells = range(sheet.columns)
    return _Sprites(
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
        marks=tuple(_tile(a, box) for _, marks, _ in lay.chameleons for box in marks),
    )


@lru_cache(maxsize=_TEXT_TILES)
def _text_tile(text: str, size: int, colours: tuple[RGB, RGB], anchor: str, bold: bool) -> Tile:
    """`text` in colours (ink, background), and its offset from the anchor point (cached)."""
    fill, bg = colours
    stroke = 1 if bold and size >= _BOLD_MIN else 0
    face = font(size)
    box = face.getbbox(text, anchor=anchor, stroke_width=stroke)
    left, top = math.floor(box[0]), math.floor(box[1])
    right, bottom = math.ceil(box[2]), math.ceil(box[3])
    margin = 2
    image = canvas(right - left + 2 * margin, bottom - top + 2 * margin, bg)
    ImageDraw.Draw(image).text(
        (margin - left, margin - top),
        text,
        font=face,
        fill=fill,
        anchor=anchor,
        stroke_width=stroke,
        stroke_fill=fill,
    )
    return (_quantize(image), left - margin, top - margin)


@lru_cache(maxsize=256)
def _die_tile(letter: str, face: str, size: int, bg: RGB, kept: bool) -> Image.Image:
    """A die (its colour and the letter of what it crosses), ringed and labelled if kept."""
    k = _SUPERSAMPLE
    ring = 7 if kept else 0
    label = 22 if kept else 0
    image = canvas((size + 2 * ring) * k, (size + 2 * ring + label) * k, bg)
    pen = _Pen(image, k)
    box = (ring, ring, ring + size, ring + size)
    pen.rounded(box, max(3, size // 6), fill=FACE_RGB[face], outline=INK, width=2)
    pen.text((ring + size / 2, ring + size / 2 + 1), letter, max(MIN_TEXT, size // 2), INK)
    if kept:
        pen.rounded((1, 1, size + 2 * ring - 1, size + 2 * ring - 1), 10, outline=INK, width=4)
        pen.text((ring + size / 2, size + 2 * ring + label / 2), "kept", MIN_TEXT, INK, bold=True)
    return _quantize(image.reduce(k))


def _put(image: Image.Image, tile: Tile, origin: tuple[int, int]) -> None:
    picture, x, y = tile
    image.paste(picture, (origin[0] + x, origin[1] + y))


def _write(
    image: Image.Image,
    xy: tuple[float, float],
    text: str,
    size: int,
    *,
    bg: RGB,
    fill: RGB = INK,
    anchor: str = "mm",
    bold: bool = False,
) -> int:
    """Paste `text` anchored at `xy` on a plain `bg` area; return its width."""
    if not text:
        return 0
    picture, dx, dy = _text_tile(text, size, (fill, bg), anchor, bold)
    image.paste(picture, (round(xy[0]) + dx, round(xy[1]) + dy))
    return picture.width


# ---------------------------------------------------------------------------------------------
# The state of a sheet


@dataclass(frozen=True, slots=True)
class _LastRoll:
    """The roll the table shows: the one in progress, or the last one resolved."""

    number: int
    roller: int
    dice: tuple[str, ...]
    kept: int | None
    picks: dict[int, Action]
    in_progress: bool


def _last_roll(state: KeerState) -> _LastRoll | None:
    if state.dice is not None:
        picks = {s: c for s, c in enumerate(state.choices) if c is not None}
        return _LastRoll(state.rolls, state.roller, state.dice, state.kept, picks, True)
    history = state.history
    for i in range(len(history) - 1, -1, -1):
        roll = history[i][1]
        if isinstance(roll, Roll):
            kept, roller, picks = None, state.roller, {}
            for seat, action in history[i + 1 :]:
                if isinstance(action, Keep):
                    kept, roller = action.die, seat
                elif isinstance(action, Cross | Mark | Skip):
                    picks[seat] = action
            return _LastRoll(state.rolls, roller, roll.dice, kept, picks, False)
    return None


def _pick(state: KeerState, seat: int, last: _LastRoll) -> tuple[str | None, str]:
    """(die face or None, text): the seat's pick for the roll shown."""
    if last.in_progress:
        if state.phase is Phase.KEEP:
            return None, "keeping a die…" if seat == last.roller else "waiting for the roller…"
        return None, "has chosen" if seat in last.picks else "choosing…"
    action = last.picks.get(seat)
    if isinstance(action, Cross):
        return last.dice[action.die], f"crossed {action.enclosure}"
    if isinstance(action, Mark):
        extra = f" + chameleon {action.chameleon}" if action.chameleon else ""
        return last.dice[action.die], "marked !" + extra
    if isinstance(action, Skip):
        return None, "skipped"
    return None, ""


@dataclass(frozen=True, slots=True)
class _Panel:
    """One sheet on an image: its tiles, its layout, and where its top-left corner goes."""

    sprites: _Sprites
    lay: _SheetLayout
    origin: tuple[int, int]


def _draw_sheet_state(
    image: Image.Image,
    panel: _Panel,
    state: KeerState,
    seat: int,
    *,
    name: str,
    last: _LastRoll | None,
) -> None:
    """Paste one seat's marks, name, pick and score onto a copy of the static layer."""
    _draw_header(image, panel, state, seat, name=name, last=last)
    _draw_marks(image, panel, state, seat)
    _draw_score(image, panel, state, seat)


def _draw_header(
    image: Image.Image,
    panel: _Panel,
    state: KeerState,
    seat: int,
    *,
    name: str,
    last: _LastRoll | None,
) -> None:
    lay, (ox, oy) = panel.lay, panel.origin
    header_y = oy + lay.header_h // 2
    total = state.circles(seat).total
    points = f"{total} point" + ("" if total == 1 else "s")
    right = ox + lay.width - lay.pad
    points_w = _write(image, (right, header_y), points, lay.f_name, bg=_PAPER, anchor="rm")
    shown = _short(name, lay.f_name, lay.pick_x - lay.pad - 12)
    _write(image, (ox + lay.pad, header_y), shown, lay.f_name, bg=_PAPER, anchor="lm", bold=True)
    if last is None:
        return
    face, text = _pick(state, seat, last)
    x = ox + lay.pick_x
    if face is not None:
        die = _die_tile(_die_letter(state.sheet, face), face, lay.header_h - 14, _PAPER, False)
        image.paste(die, (x, header_y - die.height // 2))
        x += die.width + 8
    text = _short(text, lay.f_small, right - points_w - 16 - x)
    colour = INK if face else MUTED
    _write(image, (x, header_y), text, lay.f_small, bg=_PAPER, fill=colour, anchor="lm")


def _draw_marks(image: Image.Image, panel: _Panel, state: KeerState, seat: int) -> None:
    sheet, player = state.sheet, state.players[seat]
    sprites, origin = panel.sprites, panel.origin
    # Crossed enclosures: an X on every square (purple where a chameleon crossed it).
    by_chameleon = 0
    for index in player.chameleons:
        by_chameleon |= 1 << index
    crossed = player.crossed
    for enclosure in sheet.enclosures:
        if crossed >> enclosure.index & 1:
            purple = by_chameleon >> enclosure.index & 1
            tiles = sprites.chameleon_crossed if purple else sprites.crossed
            for r, c in enclosure.squares:
                _put(image, tiles[r][c], origin)
    # Visitors (circled if won, struck out if gone to someone else) and buckets.
    gone = state.visitors_gone & ~player.visitors
    for column in range(sheet.columns):
        if player.visitors >> column & 1:
            _put(image, sprites.visitor_circled[column], origin)
        elif gone >> column & 1:
            _put(image, sprites.visitor_gone[column], origin)
        if player.columns >> column & 1:
            _put(image, sprites.buckets[column], origin)
    # Food of complete animals, and the exclamation marks crossed.
    for i, animal in enumerate(sheet.animals):
        if animal.letter in player.animals:
            _put(image, sprites.food[i], origin)
    for m in range(min(player.marks, len(sprites.marks))):
        _put(image, sprites.marks[m], origin)


def _draw_score(image: Image.Image, panel: _Panel, state: KeerState, seat: int) -> None:
    sheet, player = state.sheet, state.players[seat]
    lay, (ox, oy) = panel.lay, panel.origin
    # What each completed chameleon crossed.
    for k in range(min(player.marks // sheet.marks_per_chameleon, len(lay.chameleons))):
        _, marks, label_y = lay.chameleons[k]
        used = k < len(player.chameleons)
        text = f"used: {sheet.enclosures[player.chameleons[k]].id}" if used else "lost"
        xy = (ox + (marks[0][0] + marks[-1][2]) // 2, oy + label_y)
        _write(image, xy, text, MIN_TEXT, bg=_PAPER, fill=_PURPLE_INK, bold=used)
    # The total and the circles by kind.
    circles = state.circles(seat)
    box = lay.score_box
    split = _score_split(lay)
    total_xy = (ox + (box[0] + split) // 2, oy + (box[1] + box[3]) // 2 + lay.f_small // 2)
    _write(image, total_xy, str(circles.total), lay.f_big, bg=_WHITE, bold=True)
    for i, value in enumerate((circles.buckets, circles.visitors, circles.food)):
        xy = (ox + box[2] - 12, oy + _score_line_y(lay, i))
        _write(image, xy, str(value), lay.f_small, bg=_WHITE, fill=CIRCLE, anchor="rm", bold=True)


def _name(names: Sequence[str], seat: int) -> str:
    name = names[seat].strip() if seat < len(names) else ""
    return name or f"Player {seat + 1}"


def sheet_image(
    state: KeerState, seat: int, *, scale: float = 1.0, name: str | None = None
) -> Image.Image:
    """One player's sheet (about 1000 px wide at scale 1; a palette image)."""
    if not 0 <= seat < state.num_players:
        raise ValueError(f"seat {seat} is not in this match of {state.num_players} players")
    panel = _Panel(_sprites(state.sheet, scale), _sheet_layout(state.sheet, scale), (0, 0))
    image = panel.sprites.base.copy()
    shown = name.strip() if name and name.strip() else f"Player {seat + 1}"
    _draw_sheet_state(image, panel, state, seat, name=shown, last=_last_roll(state))
    return image


def sheet_png(state: KeerState, seat: int, *, scale: float = 1.0, name: str | None = None) -> bytes:
    """`sheet_image` as PNG bytes."""
    return encode(sheet_image(state, seat, scale=scale, name=name))


# ---------------------------------------------------------------------------------------------
# The table


@dataclass(frozen=True, slots=True)
class _TableLayout:
    sheet: _SheetLayout
    width: int
    height: int
    band_h: int
    origins: tuple[tuple[int, int], ...]
    """Top-left corner of each seat's sheet."""
    legend: tuple[int, int] | None
    """Top-left corner of the legend (in the free slot of a three-player table)."""
    dice_x: int
    die: int
    die_gap: int
    f_title: int
    f_status: int


@cache
def _table_layout(sheet: Sheet, players: int) -> _TableLayout:
    s = TABLE_SCALE
    lay = _sheet_layout(sheet, s)
    gap, band_h = _px(12, s), _px(104, s)
    rows = (players + 1) // 2
    origins = tuple(
        (gap + (seat % 2) * (lay.width + gap), band_h + (seat // 2) * (lay.height + gap))
        for seat in range(players)
    )
    legend = (gap + lay.width + gap, origins[-1][1]) if players % 2 else None
    width = gap + 2 * (lay.width + gap)
    die, die_gap = _px(56, s), _px(20, s)
    return _TableLayout(
        sheet=lay,
        width=width,
        height=band_h + rows * (lay.height + gap),
        band_h=band_h,
        origins=origins,
        legend=legend,
        dice_x=width - gap - 3 * die - 2 * die_gap - _px(16, s),
        die=die,
        die_gap=die_gap,
        f_title=_fs(28, s),
        f_status=_fs(18, s),
    )


@cache
def _table_static(sheet: Sheet, players: int) -> Image.Image:
    """The table without any state: every sheet's static layer and the legend (cached)."""
    tab = _table_layout(sheet, players)
    image = canvas(tab.width, tab.height)
    layer = _sheet_rgb(sheet, TABLE_SCALE)
    for origin in tab.origins:
        image.paste(layer, origin)
    if tab.legend is not None:
        _draw_legend(image, sheet, tab)
    pen = _Pen(image)
    pen.text((tab.dice_x - 18, 12 + tab.die / 2), "dice:", tab.f_status, MUTED, anchor="rm")
    return _quantize(image)


def _draw_legend(image: Image.Image, sheet: Sheet, tab: _TableLayout) -> None:
    assert tab.legend is not None
    lay = tab.sheet
    x0, y0 = tab.legend
    pen = _Pen(image)
    pen.rounded(
        (x0 + 1, y0 + 1, x0 + lay.width - 2, y0 + lay.height - 2), 8, fill=_PAPER, outline=GRID
    )
    size, line = 16, 25
    x, y = x0 + 20, y0 + 28
    pen.text((x, y), "How to read a sheet", 20, INK, anchor="lm", bold=True)
    y += line + 4
    for animal in sheet.animals:
        pen.rounded((x, y - 11, x + 22, y + 11), 3, fill=FACE_RGB[animal.colour], outline=INK)
        pen.text((x + 11, y + 1), animal.letter, MIN_TEXT)
        pen.text((x + 32, y), f"{animal.name}: the {animal.colour} die", size, INK, anchor="lm")
        y += line
    pen.rounded((x, y - 11, x + 22, y + 11), 3, fill=FACE_RGB[PURPLE], outline=INK)
    pen.text((x + 11, y + 1), "!", MIN_TEXT)
    pen.text((x + 32, y), "purple die: cross a ! (every 2nd: a chameleon)", size, INK, anchor="lm")
    y += line + 6
    notes = (
        "X: crossed (purple X: crossed by a chameleon)",
        "red circles are points: buckets, visitors, food",
        f"column {sheet.star_column + 1} has the stars: start there",
    )
    for note in notes:
        pen.text((x, y), note, size, MUTED, anchor="lm")
        y += line
    y += 6
    pen.text((x, y), "Visitors by column", 18, INK, anchor="lm", bold=True)
    y += line
    half = (len(sheet.visitors) + 1) // 2
    column_w = (lay.width - 40) // 2
    for i, visitor in enumerate(sheet.visitors):
        text = _short(f"{i + 1}. {visitor}", MIN_TEXT, column_w - 8)
        pen.text(
            (x + (i // half) * column_w, y + (i % half) * 21), text, MIN_TEXT, MUTED, anchor="lm"
        )


def table_image(state: KeerState, names: Sequence[str]) -> Image.Image:
    """Every player's sheet with name, pick and score, under the last roll (≤ 2000 px wide)."""
    sheet = state.sheet
    tab = _table_layout(sheet, state.num_players)
    sprites = _sprites(sheet, TABLE_SCALE)
    image = _table_static(sheet, state.num_players).copy()
    last = _last_roll(state)
    for seat, origin in enumerate(tab.origins):
        panel = _Panel(sprites, tab.sheet, origin)
        _draw_sheet_state(image, panel, state, seat, name=_name(names, seat), last=last)
    _draw_band(image, state, names, tab, last)
    return image


def _draw_band(
    image: Image.Image,
    state: KeerState,
    names: Sequence[str],
    tab: _TableLayout,
    last: _LastRoll | None,
) -> None:
    x = tab.sheet.pad
    limit = tab.dice_x - 90 - x
    if last is None:
        title = f"Keer op Keer Kids · {_name(names, state.roller)} rolls first"
    else:
        title = f"Roll {last.number} · {_name(names, last.roller)} rolled"
    title = _short(title, tab.f_title, limit)
    status = _short(_status(state, names), tab.f_status, limit)
    _write(
        image,
        (x, tab.band_h * 0.32),
        title,
        tab.f_title,
        bg=BACKGROUND,
        fill=INK,
        anchor="lm",
        bold=True,
    )
    _write(
        image, (x, tab.band_h * 0.72), status, tab.f_status, bg=BACKGROUND, fill=MUTED, anchor="lm"
    )
    if last is None:
        _write(
            image,
            (tab.dice_x, 12 + tab.die // 2),
            "no roll yet",
            tab.f_status,
            bg=BACKGROUND,
            fill=MUTED,
            anchor="lm",
        )
        return
    for d, face in enumerate(last.dice):
        kept = d == last.kept
        tile = _die_tile(_die_letter(state.sheet, face), face, tab.die, BACKGROUND, kept)
        ring = 7 if kept else 0
        image.paste(tile, (tab.dice_x + d * (tab.die + tab.die_gap) - ring, 12 - ring))


def _status(state: KeerState, names: Sequence[str]) -> str:
    if state.phase is Phase.OVER:
        outcome = state.outcome()
        assert outcome is not None
        winners = " and ".join(_name(names, s) for s in sorted(outcome.winners))
        return f"Game over: {winners} win{'s' if len(outcome.winners) == 1 else ''}"
    if state.phase is Phase.ROLL:
        return f"Next: {_name(names, state.roller)} rolls"
    waiting = ", ".join(_name(names, s) for s in state.seats_to_act())
    return f"Waiting for {waiting}"


def table_png(state: KeerState, names: Sequence[str]) -> bytes:
    """`table_image` as PNG bytes."""
    return encode(table_image(state, names))


# ---------------------------------------------------------------------------------------------
# Results

_ROW_H: Final = 96
_RESULTS_HEADER: Final = 112
_RESULTS_FOOTER: Final = 52
_PAD: Final = 24


def _ranking(state: KeerState) -> tuple[Outcome, list[int]]:
    """The outcome (or the standings so far) and the seats from best to worst (ties by seat)."""
    outcome = state.outcome() or Outcome.from_scores(
        [state.circles(s).total for s in range(state.num_players)]
    )
    order = sorted(range(state.num_players), key=lambda s: (outcome.places[s], s))
    return outcome, order


def _ordinal(place: int) -> str:
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


@cache
def _results_static(players: int) -> Image.Image:
    """The empty card for this many players (cached)."""
    height = _RESULTS_HEADER + _ROW_H * players + _RESULTS_FOOTER
    image = canvas(RESULTS_WIDTH, height)
    pen = _Pen(image)
    note = "Every circle is one point: buckets of full columns, visitors, food of complete animals."
    pen.text((_PAD, height - 28), note, MIN_TEXT, MUTED, anchor="lm")
    return _quantize(image)


@lru_cache(maxsize=64)
def _row_tile(winner: bool, place: str) -> Image.Image:
    """A results row's card with its place badge."""
    width, height = RESULTS_WIDTH - 2 * _PAD, _ROW_H - 12
    k = _SUPERSAMPLE
    image = canvas(width * k, height * k)
    pen = _Pen(image, k)
    fill, outline = (HIGHLIGHT, INK) if winner else (_WHITE, GRID)
    pen.rounded(
        (1, 1, width - 2, height - 2), 12, fill=fill, outline=outline, width=3 if winner else 2
    )
    cy = height // 2
    pen.ellipse((14, cy - 28, 70, cy + 28), fill=_PAPER, outline=INK, width=2)
    pen.text((42, cy + 1), place, 20, INK, bold=True)
    return _quantize(image.reduce(k))


def results_image(state: KeerState, names: Sequence[str]) -> Image.Image:
    """A results card: places, the winners highlighted, circles by kind and rolls played."""
    outcome, order = _ranking(state)
    over = state.phase is Phase.OVER
    image = _results_static(state.num_players).copy()
    title = "Keer op Keer Kids · results" if over else "Keer op Keer Kids · standings"
    _write(image, (_PAD, 40), title, 30, bg=BACKGROUND, fill=INK, anchor="lm", bold=True)
    rolls = f"{state.rolls} roll{'s' if state.rolls != 1 else ''} played"
    if over:
        winners = " and ".join(_name(names, s) for s in sorted(outcome.winners))
        verb = "wins" if len(outcome.winners) == 1 else "share the win"
        subtitle = f"{rolls} · {winners} {verb}"
    else:
        subtitle = f"{rolls} · the match is still going"
    subtitle = _short(subtitle, 18, RESULTS_WIDTH - 2 * _PAD)
    _write(image, (_PAD, 82), subtitle, 18, bg=BACKGROUND, fill=MUTED, anchor="lm")
    animal_names = {a.letter: a.name for a in state.sheet.animals}
    for i, seat in enumerate(order):
        top = _RESULTS_HEADER + i * _ROW_H
        winner = over and seat in outcome.winners
        bg = HIGHLIGHT if winner else _WHITE
        image.paste(_row_tile(winner, _ordinal(outcome.places[seat])), (_PAD, top))
        cy = top + (_ROW_H - 12) // 2
        circles = state.circles(seat)
        score_x = RESULTS_WIDTH - _PAD - 20
        _write(
            image,
            (score_x, cy - 6),
            str(circles.total),
            40,
            bg=bg,
            fill=INK,
            anchor="rm",
            bold=True,
        )
        _write(image, (score_x, cy + 26), "points", MIN_TEXT, bg=bg, fill=MUTED, anchor="rm")
        name_x = _PAD + 90
        tag = ("WINNER" if len(outcome.winners) == 1 else "SHARED WIN") if winner else ""
        limit = score_x - 110 - name_x - (font(16).getlength(tag) + 28 if tag else 0)
        shown = _short(_name(names, seat), 24, limit)
        width = _write(image, (name_x, cy - 14), shown, 24, bg=bg, fill=INK, anchor="lm", bold=True)
        if tag:
            _write(
                image,
                (name_x + width + 16, cy - 14),
                f" {tag} ",
                16,
                bg=INK,
                fill=HIGHLIGHT,
                anchor="lm",
                bold=True,
            )
        animals = ", ".join(animal_names[a] for a in state.players[seat].animals)
        detail = f"buckets {circles.buckets} · visitors {circles.visitors} · food {circles.food}"
        if animals:
            detail += f"  ({animals})"
        detail = _short(detail, 17, score_x - 110 - name_x)
        _write(image, (name_x, cy + 18), detail, 17, bg=bg, fill=MUTED, anchor="lm")
    return image


def results_png(state: KeerState, names: Sequence[str]) -> bytes:
    """`results_image` as PNG bytes."""
    return encode(results_image(state, names))


__all__ = [
    "FACE_RGB",
    "MIN_TEXT",
    "RESULTS_WIDTH",
    "TABLE_SCALE",
    "results_image",
    "results_png",
    "sheet_image",
    "sheet_png",
    "table_image",
    "table_png",
]

"""A sheet's static layer: everything a state cannot change, and the layers of all marks.

Drawn once per (sheet, scale, language), supersampled for smooth edges, and cached: its words
and the animals' letters are the language's (animal-*-letter: a Dutch elephant's squares read
"O"; the first square of each enclosure names it, "O3", as the bot's options do). The same layer
drawn with every mark of a set on it is what the mark tiles are cut from.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image

from games.keer_kids.dice import PURPLE
from games.keer_kids.sheet import Sheet
from render.common import CIRCLE, CROSS, GRID, INK, MUTED, canvas
from render.keer_kids.colours import (
    BUCKET,
    CHAMELEON,
    CHAMELEON_DARK,
    FACE_RGB,
    PAPER,
    PURPLE_INK,
    RGB,
    THIN,
    WHITE,
)
from render.keer_kids.layout import Box, SheetLayout, grow, sheet_layout
from render.keer_kids.pen import SUPERSAMPLE, Pen, letters, square_labels
from render.text import fit
from words import Words


@lru_cache(maxsize=12)
def sheet_rgb(sheet: Sheet, scale: float, words: Words, marks: str = "") -> Image.Image:
    """A sheet's static layer in RGB; with marks 'a' or 'b', every mark of that set drawn on it.

    Only the tiles cut from it (render.keer_kids.tiles) are kept for good: a few recent layers
    are cached for building them (a 1.5-scale layer is 4 MB, and each language has its own).

    Set 'a': black crosses on every square, every visitor, bucket and food square circled,
    every exclamation mark crossed. Set 'b': purple (chameleon) crosses on every square and
    every visitor struck out. Each mark stays inside its own tile's region.
    """
    lay = sheet_layout(sheet, scale)
    k = SUPERSAMPLE
    image = canvas(lay.width * k, lay.height * k)
    pen = Pen(image, k)
    pen.rounded((1, 1, lay.width - 2, lay.height - 2), lay.pad // 2, fill=PAPER, outline=GRID)
    pen.line(
        [(lay.pad, lay.header_h - 2), (lay.width - lay.pad, lay.header_h - 2)], fill=GRID, width=1
    )
    _static_visitors(pen, sheet, lay)
    _static_grid(pen, sheet, lay, words)
    _static_buckets(pen, sheet, lay)
    _static_food(pen, sheet, lay, words)
    _static_chameleons(pen, sheet, lay)
    if marks == "a":
        _all_marks_a(pen, sheet, lay, words)
    elif marks == "b":
        _all_marks_b(pen, sheet, lay, words)
    return image.reduce(k)


def _crossed_squares(pen: Pen, sheet: Sheet, lay: SheetLayout, colour: RGB, words: Words) -> None:
    """Every square crossed, its letter kept readable on top of the X."""
    labels = square_labels(sheet, words)
    for r, line in enumerate(sheet.grid):
        for c in range(len(line)):
            box = lay.cell_box(r, c)
            pen.cross(grow(box, -lay.cross_inset), colour, lay.cross_width)
            centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2 + 1)
            pen.text(centre, labels[r][c], lay.f_letter, INK, halo=WHITE, room=box)


def _all_marks_a(pen: Pen, sheet: Sheet, lay: SheetLayout, words: Words) -> None:
    _crossed_squares(pen, sheet, lay, CROSS, words)
    for column in range(sheet.columns):
        pen.ellipse(lay.visitor_ring(column), outline=CIRCLE, width=lay.ring_width)
        pen.ellipse(lay.bucket_box(column), outline=CIRCLE, width=lay.ring_width)
    for _, *foods in lay.food:
        for box in foods:
            pen.ellipse(lay.food_ring(box), outline=CIRCLE, width=lay.ring_width)
    for chameleon in lay.chameleons:
        for box in chameleon.marks:
            pen.cross(grow(box, -4), CROSS, lay.cross_width)


def _all_marks_b(pen: Pen, sheet: Sheet, lay: SheetLayout, words: Words) -> None:
    _crossed_squares(pen, sheet, lay, PURPLE_INK, words)
    for column in range(sheet.columns):
        box = lay.visitor_box(column)
        pen.cross(box, CROSS, lay.cross_width - 1)
        xy = (lay.column_x(column), lay.visitor_cy + 1)
        pen.text(xy, str(column + 1), lay.f_small, INK, halo=WHITE, room=lay.visitor_slot(column))


def _static_visitors(pen: Pen, sheet: Sheet, lay: SheetLayout) -> None:
    """Each column's visitor, a badge with the column's number (the bot's options name columns;
    the visitors' names would not fit a column at a size a phone shows)."""
    for column in range(len(sheet.visitors)):
        box = lay.visitor_box(column)
        pen.rounded(box, lay.badge_h // 2, fill=WHITE, outline=INK, width=2)
        xy = (lay.column_x(column), lay.visitor_cy + 1)
        pen.text(xy, str(column + 1), lay.f_small, INK, room=lay.visitor_slot(column))


def _static_grid(pen: Pen, sheet: Sheet, lay: SheetLayout, words: Words) -> None:
    cell, thick = lay.cell, max(2, lay.cell // 14)
    half = thick // 2
    labels = square_labels(sheet, words)
    for r, line in enumerate(sheet.grid):
        for c, index in enumerate(line):
            enclosure = sheet.enclosures[index]
            box = lay.cell_box(r, c)
            pen.rect(box, fill=FACE_RGB[enclosure.colour])
            centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2 + 1)
            pen.text(centre, labels[r][c], lay.f_letter, room=box)
            if c == sheet.star_column:
                radius = cell * 0.12
                pen.polygon(
                    _star(box[2] - radius - 2, box[1] + radius + 2, radius),
                    fill=WHITE,
                    outline=INK,
                    width=1,
                )
    x0, y0 = lay.grid_x, lay.grid_y
    x1, y1 = x0 + sheet.columns * cell, y0 + sheet.rows * cell
    for c in range(1, sheet.columns):
        pen.line([(x0 + c * cell, y0), (x0 + c * cell, y1)], fill=THIN, width=1)
    for r in range(1, sheet.rows):
        pen.line([(x0, y0 + r * cell), (x1, y0 + r * cell)], fill=THIN, width=1)
    for r, line in enumerate(sheet.grid):
        for c, index in enumerate(line):
            x, y = x0 + c * cell, y0 + r * cell
            if c + 1 < sheet.columns and line[c + 1] != index:
                pen.rect((x + cell - half, y - half, x + cell + half, y + cell + half), fill=INK)
            if r + 1 < sheet.rows and sheet.grid[r + 1][c] != index:
                pen.rect((x - half, y + cell - half, x + cell + half, y + cell + half), fill=INK)
    pen.rect((x0 - half, y0 - half, x1 + half, y1 + half), outline=INK, width=thick)


def _static_buckets(pen: Pen, sheet: Sheet, lay: SheetLayout) -> None:
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
            fill=BUCKET if count else PAPER,
            outline=colour,
            width=2,
        )
        pen.text((cx, (top + bottom) / 2 + 1), str(count), lay.f_small, colour, bold=count > 0)


def _static_food(pen: Pen, sheet: Sheet, lay: SheetLayout, words: Words) -> None:
    """Each animal's chip and food squares, with the animal's name under them: the key to the
    letters (a Dutch "O" is the olifant)."""
    drawn = letters(sheet, words)
    for animal, (chip, *foods) in zip(sheet.animals, lay.food, strict=True):
        colour = FACE_RGB[animal.colour]
        letter = drawn[animal.letter]
        pen.rounded(chip, 4, fill=colour, outline=INK, width=2)
        pen.text(((chip[0] + chip[2]) / 2, (chip[1] + chip[3]) / 2 + 1), letter, lay.f_small)
        for box in foods:
            pen.rect(box, fill=WHITE, outline=colour, width=3)
            inner = grow(box, -(box[2] - box[0]) // 7)
            pen.ellipse(inner, fill=colour, outline=INK, width=1)
            pen.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2 + 1), letter, lay.f_small)
        centre = (chip[0] + foods[-1][2]) / 2
        name = fit(words(f"animal-{animal.name}"), lay.f_small, lay.food_room, floor=lay.f_floor)
        half = lay.food_room / 2 + 3
        room = (centre - half, -math.inf, centre + half, math.inf)
        pen.text((centre, lay.food_name_y), name.line, name.size, MUTED, room=room)


def _static_chameleons(pen: Pen, sheet: Sheet, lay: SheetLayout) -> None:
    purple = FACE_RGB[PURPLE]
    for k, chameleon in enumerate(lay.chameleons):
        _draw_chameleon(pen, chameleon.body, str(k + 1), lay.f_small)
        for box in chameleon.marks:
            pen.rounded(box, 5, fill=WHITE, outline=purple, width=2)
            pen.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), "!", lay.f_mark, PURPLE_INK)


def _draw_chameleon(pen: Pen, box: Box, label: str, size: int) -> None:
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    tail = (x0 + round(w * 0.62), y0 + round(h * 0.35), x1, y1 - round(h * 0.05))
    pen.arc(tail, 200, 480, CHAMELEON_DARK, max(2, h // 12))
    body = (x0 + round(w * 0.18), y0 + round(h * 0.22), x0 + round(w * 0.78), y1 - round(h * 0.2))
    pen.ellipse(body, fill=CHAMELEON, outline=CHAMELEON_DARK, width=2)
    head = (x0, y0 + round(h * 0.12), x0 + round(w * 0.36), y0 + round(h * 0.62))
    pen.ellipse(head, fill=CHAMELEON, outline=CHAMELEON_DARK, width=2)
    eye = round(h * 0.07)
    ex, ey = x0 + round(w * 0.14), y0 + round(h * 0.3)
    pen.ellipse((ex - eye, ey - eye, ex + eye, ey + eye), fill=WHITE, outline=INK, width=1)
    for fx in (0.3, 0.62):
        foot = x0 + round(w * fx)
        pen.line([(foot, y1 - round(h * 0.25)), (foot - 3, y1 - 2)], fill=CHAMELEON_DARK, width=2)
    pen.text(((body[0] + body[2]) / 2, (body[1] + body[3]) / 2), label, size, INK, bold=True)


def _star(cx: float, cy: float, radius: float) -> list[tuple[float, float]]:
    points = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.45
        angle = math.radians(-90 + 36 * i)
        points.append((cx + r * math.cos(angle), cy + r * math.sin(angle)))
    return points

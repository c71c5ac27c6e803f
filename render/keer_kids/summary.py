"""A compact summary of one player on the table: a map of their sheet, their name and points,
their pick for the roll shown, and each animal's enclosures crossed ("4/6").

The map has no text (it is too small for any): it shows where a player stands at a glance,
and the counts beside it, each on a chip with the animal's letter, say it in numbers. Its two
layers (every square open, every square crossed) are drawn once per sheet; a render shows the
crossed one through a mask of the player's crossed squares.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from PIL import Image, ImageDraw

from games.keer_kids.sheet import Sheet
from games.keer_kids.state import KeerState
from render.common import CIRCLE, GRID, INK, MUTED, said
from render.keer_kids.colours import FACE_RGB, PAPER, RGB, WHITE
from render.keer_kids.layout import FLOOR, Box, SummaryLayout
from render.keer_kids.pen import Pen, letters
from render.keer_kids.sheet import LastRoll, draw_pick
from render.keer_kids.tiles import quantize, write
from render.legibility import across
from render.text import shorten
from words import Words


@dataclass(frozen=True, slots=True)
class SheetMap:
    """A sheet's map: every square open, every square crossed, and each enclosure's squares."""

    base: Image.Image
    crossed: Image.Image
    squares: tuple[tuple[Box, ...], ...]
    """Per enclosure (by index), the boxes of its squares on the map."""


def _pale(colour: RGB) -> RGB:
    r, g, b = colour
    return (round(r + (255 - r) * 0.6), round(g + (255 - g) * 0.6), round(b + (255 - b) * 0.6))


def _square(lay: SummaryLayout, r: int, c: int) -> Box:
    """A square of the map, its right and bottom edges included (they are its neighbours')."""
    cell = lay.map_cell
    return (c * cell, r * cell, (c + 1) * cell + 1, (r + 1) * cell + 1)


@cache
def sheet_map(sheet: Sheet, lay: SummaryLayout) -> SheetMap:
    """The map of a sheet: pale squares, and the same squares crossed (full colour, an X)."""
    size = (sheet.columns * lay.map_cell + 1, sheet.rows * lay.map_cell + 1)
    layers = []
    for crossed in (False, True):
        image = Image.new("RGB", size, WHITE)
        draw = ImageDraw.Draw(image)
        for r, line in enumerate(sheet.grid):
            for c, index in enumerate(line):
                colour = FACE_RGB[sheet.enclosures[index].colour]
                x0, y0, x1, y1 = _square(lay, r, c)
                x1, y1 = x1 - 1, y1 - 1
                outline = INK if crossed else GRID
                draw.rectangle((x0, y0, x1, y1), fill=colour if crossed else _pale(colour))
                draw.rectangle((x0, y0, x1, y1), outline=outline)
                if crossed:
                    draw.line((x0 + 3, y0 + 3, x1 - 3, y1 - 3), fill=INK, width=2)
                    draw.line((x0 + 3, y1 - 3, x1 - 3, y0 + 3), fill=INK, width=2)
        layers.append(quantize(image))
    squares = tuple(
        tuple(_square(lay, r, c) for r, c in enclosure.squares) for enclosure in sheet.enclosures
    )
    return SheetMap(layers[0], layers[1], squares)


def _crossed_map(sheet: Sheet, lay: SummaryLayout, crossed: int) -> Image.Image:
    """A player's map: the crossed layer through a mask of their crossed squares (one paste,
    where a tile per square would cost a paste each)."""
    drawn = sheet_map(sheet, lay)
    mask = Image.new("1", drawn.base.size, 0)
    draw = ImageDraw.Draw(mask)
    for index, boxes in enumerate(drawn.squares):
        if crossed >> index & 1:
            for x0, y0, x1, y1 in boxes:
                draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=1)
    shown = drawn.base.copy()
    shown.paste(drawn.crossed, (0, 0), mask)
    return shown


def draw_card(
    image: Image.Image, sheet: Sheet, lay: SummaryLayout, origin: tuple[int, int], words: Words
) -> None:
    """What never changes of a summary (on the table's RGB static layer): its card, the open
    map, and each animal's chip with its colour and its letter in the language."""
    x, y = origin
    pen = Pen(image)
    pen.rounded((x, y, x + lay.width - 1, y + lay.height - 1), 10, fill=PAPER, outline=GRID)
    image.paste(sheet_map(sheet, lay).base.convert("RGB"), (x + lay.map_x, y + lay.map_y))
    drawn = letters(sheet, words)
    half = lay.chip // 2
    for i, animal in enumerate(sheet.animals):
        cx = x + lay.text_x + i * lay.chip_step + half
        cy = y + lay.chips_y
        box = (cx - half, cy - half, cx + half, cy + half)
        pen.rounded(box, 4, fill=FACE_RGB[animal.colour], outline=INK, width=2)
        pen.text((cx, cy + 1), drawn[animal.letter], lay.f_small, INK, room=box)


def draw_summary(
    image: Image.Image,
    origin: tuple[int, int],
    lay: SummaryLayout,
    state: KeerState,
    seat: int,
    *,
    name: str,
    last: LastRoll | None,
    words: Words,
) -> None:
    """Paste one seat's state onto its card of the table's static layer."""
    sheet, player = state.sheet, state.players[seat]
    x, y = origin
    if player.crossed:
        image.paste(_crossed_map(sheet, lay, player.crossed), (x + lay.map_x, y + lay.map_y))
    points = said(words, "image-keer-points", count=state.circles(seat).total)
    right = x + lay.right
    line = across(x + lay.text_x - 8, x + lay.width - 4)
    xy = (right, y + lay.name_y)
    points_w = write(image, xy, points, lay.f_name, bg=PAPER, anchor="rm", bold=True, room=line)
    room = lay.right - lay.text_x - points_w - 16
    shown = shorten(name, lay.f_name, room)
    line = across(x + lay.text_x - 8, right - points_w - 8)
    xy = (x + lay.text_x, y + lay.name_y)
    write(image, xy, shown, lay.f_name, bg=PAPER, anchor="lm", bold=True, room=line)
    if last is not None:
        room = lay.right - lay.text_x
        xy = (x + lay.text_x, y + lay.pick_y)
        draw_pick(
            image,
            xy,
            state,
            seat,
            last,
            room=room,
            size=lay.f_small,
            floor=FLOOR,
            die=lay.die,
            bg=PAPER,
            words=words,
        )
    _draw_counts(image, origin, lay, state, seat)


def _draw_counts(
    image: Image.Image, origin: tuple[int, int], lay: SummaryLayout, state: KeerState, seat: int
) -> None:
    """Beside each animal's chip, its enclosures crossed of all ("4/6"; red when complete)."""
    sheet, player = state.sheet, state.players[seat]
    x, y = origin
    for i, animal in enumerate(sheet.animals):
        mask = sheet.animal_masks[animal.letter]
        total, crossed = mask.bit_count(), (player.crossed & mask).bit_count()
        done = animal.letter in player.animals
        left = x + lay.text_x + i * lay.chip_step
        xy = (left + lay.chip + 6, y + lay.chips_y)
        colour = CIRCLE if done else (INK if crossed else MUTED)
        room = across(left + lay.chip, left + lay.chip_step)
        count = f"{crossed}/{total}"
        write(
            image, xy, count, lay.f_small, bg=PAPER, fill=colour, anchor="lm", bold=done, room=room
        )

"""New Territory tiles (and the empty slot), and the Explorer badges on their bands."""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from games.kero.components import Components
from render.common import GRID, HIGHLIGHT, INK, MUTED, canvas
from render.kero.drawing import draw_text, plural, wrap
from render.kero.layout import BAND_Y, TERR_H, TERR_W
from render.kero.palette import (
    CLAN_COLOURS,
    CLAN_NAMES,
    EMPTY_FILL,
    SAND,
    SAND_BAND,
    SAND_EDGE,
    TAG_EDGE,
    WHITE,
    built,
)
from render.kero.words import territory_lines


@cache
@built
def territory_tile(box: Components, territory_id: str) -> Image.Image:
    """One New Territory: name, points, on-claim bonus and end condition, an Explorer band."""
    territory = box.territories_by_id[territory_id]
    image = canvas(TERR_W, TERR_H)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(
        (0, 0, TERR_W - 1, TERR_H - 1), 12, fill=SAND, outline=SAND_EDGE, width=3
    )
    draw.rectangle((3, BAND_Y, TERR_W - 4, TERR_H - 14), fill=SAND_BAND)
    draw.rounded_rectangle((3, BAND_Y, TERR_W - 4, TERR_H - 4), 9, fill=SAND_BAND)
    draw_text(image, (12, 22), territory.name, 22, fill=INK, anchor="lm")
    draw_text(image, (TERR_W - 12, 22), plural(territory.points, "pt"), 20, fill=INK, anchor="rm")
    lines = [
        part
        for line in territory_lines(territory, len(box.supply.card_colours))
        for part in wrap(line, 16, TERR_W - 40)
    ]
    for index, line in enumerate(lines[:3] or ["no bonus"]):
        draw_text(image, (12, 52 + index * 20), line, 16, fill=INK if lines else MUTED, anchor="lm")
    return image


@cache
@built
def empty_territory() -> Image.Image:
    image = canvas(TERR_W, TERR_H)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, TERR_W - 1, TERR_H - 1), 12, fill=EMPTY_FILL, outline=GRID)
    draw_text(image, (TERR_W / 2, TERR_H / 2), "no territory", 18, fill=MUTED)
    return image


@cache
@built
def explorer_badge(seat: int, count: int, boss: bool) -> Image.Image:
    """A clan's Explorers on a territory: a disc with the count, the clan, and the Boss."""
    image = Image.new("RGB", (110, 42), SAND_BAND)
    draw = ImageDraw.Draw(image)
    colour = CLAN_COLOURS[seat]
    if boss:
        draw.ellipse((0, 0, 41, 41), fill=HIGHLIGHT, outline=TAG_EDGE)
    if count:
        draw.ellipse((4, 4, 37, 37), fill=colour)
        draw_text(image, (21, 21), str(count), 20, fill=WHITE)
    else:
        draw.ellipse((4, 4, 37, 37), outline=colour, width=2)
        draw_text(image, (21, 21), "0", 18, fill=MUTED)
    draw_text(image, (48, 12 if boss else 21), CLAN_NAMES[seat], 16, fill=INK, anchor="lm")
    if boss:
        draw_text(image, (48, 31), "+ Boss", 15, fill=INK, anchor="lm")
    return image

"""New Territory tiles (and the empty slot), and the Explorer badges on their bands."""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from games.kero.components import Components
from render.common import GRID, HIGHLIGHT, INK, MUTED, canvas
from render.kero.drawing import draw_text, wrap
from render.kero.layout import BAND_Y, TERR_H, TERR_W
from render.kero.palette import (
    CLAN_COLOURS,
    EMPTY_FILL,
    SAND,
    SAND_BAND,
    SAND_EDGE,
    TAG_EDGE,
    WHITE,
    built,
)
from render.kero.words import territory_lines
from render.text import shorten, text_width
from words import Words


@cache
@built
def territory_tile(box: Components, territory_id: str, words: Words) -> Image.Image:
    """One New Territory: name, points, on-claim bonus and end condition, an Explorer band."""
    territory = box.territories_by_id[territory_id]
    image = canvas(TERR_W, TERR_H)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(
        (0, 0, TERR_W - 1, TERR_H - 1), 12, fill=SAND, outline=SAND_EDGE, width=3
    )
    draw.rectangle((3, BAND_Y, TERR_W - 4, TERR_H - 14), fill=SAND_BAND)
    draw.rounded_rectangle((3, BAND_Y, TERR_W - 4, TERR_H - 4), 9, fill=SAND_BAND)
    points = words("image-kero-points", count=territory.points)
    draw_text(image, (TERR_W - 12, 22), points, 20, fill=INK, anchor="rm")
    name, room = words(f"territory-{territory_id.lower()}"), TERR_W - 32 - text_width(points, 20)
    size = 22 if text_width(name, 22) <= room else 18  # a long name: smaller, then shortened
    draw_text(image, (12, 22), shorten(name, size, room), size, fill=INK, anchor="lm")
    lines = [
        part
        for line in territory_lines(territory, len(box.supply.card_colours), words)
        for part in wrap(line, 16, TERR_W - 40)
    ]
    for index, line in enumerate(lines[:3] or [words("image-kero-no-bonus")]):
        draw_text(image, (12, 52 + index * 20), line, 16, fill=INK if lines else MUTED, anchor="lm")
    return image


@cache
@built
def empty_territory(words: Words) -> Image.Image:
    image = canvas(TERR_W, TERR_H)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, TERR_W - 1, TERR_H - 1), 12, fill=EMPTY_FILL, outline=GRID)
    label = shorten(words("image-kero-no-territory"), 18, TERR_W - 16)
    draw_text(image, (TERR_W / 2, TERR_H / 2), label, 18, fill=MUTED)
    return image


@cache
@built
def explorer_badge(seat: int, count: int, boss: bool, words: Words) -> Image.Image:
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
    clan = shorten(words(f"image-kero-clan-short-{seat}"), 16, 60)
    draw_text(image, (48, 12 if boss else 21), clan, 16, fill=INK, anchor="lm")
    if boss:
        label = shorten(words("image-kero-boss-badge"), 15, 60)
        draw_text(image, (48, 31), label, 15, fill=INK, anchor="lm")
    return image

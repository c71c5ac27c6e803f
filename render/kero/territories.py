"""New Territory tiles (and the empty slot), and the Explorer badges on their bands."""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from games.kero.components import Components
from render.common import GRID, HIGHLIGHT, INK, MUTED, canvas
from render.kero.drawing import draw_text, wrap
from render.kero.icons import draw_crown
from render.kero.layout import BAND_Y, BODY, LARGE, SMALL, TERR_H, TERR_W
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

BADGE_W = (TERR_W - 12) // 2
BADGE_H = TERR_H - BAND_Y - 6


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
    draw_text(image, (TERR_W - 10, 19), points, LARGE, fill=INK, anchor="rm")
    name, room = words(f"territory-{territory_id.lower()}"), TERR_W - 30 - text_width(points, LARGE)
    size = LARGE if text_width(name, LARGE) <= room else BODY  # a long name: smaller, then cut
    draw_text(image, (10, 19), shorten(name, size, room), size, fill=INK, anchor="lm")
    lines = [
        shorten(part, SMALL, TERR_W - 20)
        for line in territory_lines(territory, len(box.supply.card_colours), words)
        for part in wrap(line, SMALL, TERR_W - 20)
    ]
    for index, line in enumerate(lines[:2] or [words("image-kero-no-bonus")]):
        draw_text(
            image, (10, 50 + index * 21), line, SMALL, fill=INK if lines else MUTED, anchor="lm"
        )
    return image


@cache
@built
def empty_territory(words: Words) -> Image.Image:
    image = canvas(TERR_W, TERR_H)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, TERR_W - 1, TERR_H - 1), 12, fill=EMPTY_FILL, outline=GRID)
    label = shorten(words("image-kero-no-territory"), BODY, TERR_W - 16)
    draw_text(image, (TERR_W / 2, TERR_H / 2), label, BODY, fill=MUTED)
    return image


@cache
@built
def explorer_badge(seat: int, count: int, boss: bool, placed: int, words: Words) -> Image.Image:
    """A clan's Explorers on a territory: a disc with the count, the clan's name, the Boss's
    crown, and "+1" (ringed) for those placed this turn."""
    image = Image.new("RGB", (BADGE_W, BADGE_H), SAND_BAND)
    draw = ImageDraw.Draw(image)
    colour = CLAN_COLOURS[seat]
    mid = BADGE_H // 2
    x = 2
    if boss:
        draw_crown(draw, (x, mid - 10, x + 24, mid + 9))
        x += 28
    disc = (x, mid - 16, x + 32, mid + 16)
    if placed:
        draw.ellipse((disc[0] - 2, disc[1] - 2, disc[2] + 2, disc[3] + 2), fill=HIGHLIGHT)
    if count:
        draw.ellipse(disc, fill=colour, outline=TAG_EDGE if placed else colour)
        draw_text(image, (x + 16, mid), str(count), BODY, fill=WHITE)
    else:
        draw.ellipse(disc, fill=SAND_BAND, outline=colour, width=2)
        draw_text(image, (x + 16, mid), "0", BODY, fill=MUTED)
    x += 38
    plus = f"+{placed}" if placed else ""
    room = BADGE_W - x - (round(text_width(plus, SMALL)) + 6 if plus else 0)
    clan = shorten(words(f"image-kero-clan-short-{seat}"), SMALL, room)
    draw_text(image, (x, mid), clan, SMALL, fill=INK, anchor="lm")
    if plus:
        draw_text(image, (BADGE_W - 2, mid), plus, SMALL, fill=INK, anchor="rm")
    return image

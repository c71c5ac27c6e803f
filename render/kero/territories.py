"""New Territory tiles (and the empty slot), and the Explorer badges on their bands."""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from games.kero.components import Components
from render.common import GRID, HIGHLIGHT, INK, MUTED, canvas
from render.kero.drawing import draw_text
from render.kero.icons import draw_crown
from render.kero.layout import BAND_Y, BODY, FLOOR, LARGE, SMALL, TERR_H, TERR_W
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
from render.legibility import across
from render.text import fit, text_width
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
    head = (6, 0, TERR_W - 6, 38)
    draw_text(image, (TERR_W - 10, 19), points, LARGE, fill=INK, anchor="rm", room=head)
    right = TERR_W - 20 - text_width(points, LARGE)
    name = fit(words(f"territory-{territory_id.lower()}"), LARGE, right - 10, floor=FLOOR)
    room = (6, 0, right, 38)
    draw_text(image, (10, 19), name.line, name.size, fill=INK, anchor="lm", room=room)
    lines = territory_lines(territory, len(box.supply.card_colours), words)
    body = fit("\n".join(lines), SMALL, TERR_W - 20, floor=FLOOR, lines=2) if lines else None
    shown = body.lines if body else (words("image-kero-no-bonus"),)
    size = body.size if body else SMALL
    for index, line in enumerate(shown):
        draw_text(
            image,
            (10, 50 + index * 21),
            line,
            size,
            fill=INK if body else MUTED,
            anchor="lm",
            room=(6, 38, TERR_W - 6, BAND_Y),
        )
    return image


@cache
@built
def empty_territory(words: Words) -> Image.Image:
    image = canvas(TERR_W, TERR_H)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, TERR_W - 1, TERR_H - 1), 12, fill=EMPTY_FILL, outline=GRID)
    label = fit(words("image-kero-no-territory"), BODY, TERR_W - 16, floor=FLOOR)
    room = across(8, TERR_W - 8)
    draw_text(image, (TERR_W / 2, TERR_H / 2), label.line, label.size, fill=MUTED, room=room)
    return image


@cache
@built
def explorer_badge(seat: int, count: int, boss: bool, placed: int, words: Words) -> Image.Image:
    """A clan's Explorers on a territory: a disc with the count (crowned where the Boss is
    among them, so the clan's name keeps its room), the clan's name, and "+1" (ringed) for
    those placed this turn."""
    image = Image.new("RGB", (BADGE_W, BADGE_H), SAND_BAND)
    draw = ImageDraw.Draw(image)
    colour = CLAN_COLOURS[seat]
    mid = BADGE_H // 2
    x = 4
    disc = (x, mid - 15, x + 30, mid + 15)
    if placed:
        draw.ellipse((disc[0] - 2, disc[1] - 2, disc[2] + 2, disc[3] + 2), fill=HIGHLIGHT)
    if count:
        draw.ellipse(disc, fill=colour, outline=TAG_EDGE if placed else colour)
        draw_text(image, (x + 15, mid), str(count), BODY, fill=WHITE)
    else:
        draw.ellipse(disc, fill=SAND_BAND, outline=colour, width=2)
        draw_text(image, (x + 15, mid), "0", BODY, fill=MUTED)
    if boss:
        draw_crown(draw, (0, 0, 17, mid - 7))
    x += 36
    plus = f"+{placed}" if placed else ""
    right = BADGE_W - 2 - (round(text_width(plus, SMALL)) + 6 if plus else 0)
    clan = fit(words(f"image-kero-clan-short-{seat}"), SMALL, right - x, floor=FLOOR)
    room = across(x - 2, right)
    draw_text(image, (x, mid), clan.line, clan.size, fill=INK, anchor="lm", room=room)
    if plus:
        room = across(right, BADGE_W)
        draw_text(image, (BADGE_W - 2, mid), plus, SMALL, fill=INK, anchor="rm", room=room)
    return image

"""Card faces of the row (and the empty slot), each drawn once per card id and language, and
cached."""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from games.kero.components import Components
from render.common import GRID, MUTED, canvas
from render.kero.camps import id_number, tile_number
from render.kero.drawing import draw_text, resource_chips, wrap
from render.kero.layout import CARD_H, CARD_W, CHIP_H
from render.kero.palette import CARD_EDGE, CARD_FILL, EMPTY_FILL, WHITE, built
from render.kero.words import card_lines
from render.text import shorten
from words import Words


def card_number(card_id: str, kind: str, words: Words) -> str:
    """A card's number as drawn: its kind's letter in the language and its number ("S3")."""
    return words("image-kero-card-id", kind=kind, number=id_number(card_id))


@cache
@built
def card_face(box: Components, card_id: str, words: Words) -> Image.Image:
    """One card of the row: its colour as fill, points, effect in a few words, cost chips."""
    card = box.card(card_id)
    assert card is not None and card.colour is not None
    fill, edge = CARD_FILL[card.colour], CARD_EDGE[card.colour]
    image = canvas(CARD_W, CARD_H)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, CARD_W - 1, CARD_H - 1), 12, fill=fill, outline=edge, width=3)
    draw.rounded_rectangle((0, 0, CARD_W - 1, 36), 12, fill=edge)
    draw.rectangle((0, 24, CARD_W - 1, 36), fill=edge)
    draw_text(image, (12, 18), card_number(card.id, card.kind, words), 18, fill=WHITE, anchor="lm")
    if card.points:
        points = words("image-kero-points", count=card.points)
        draw_text(image, (CARD_W - 12, 18), points, 20, fill=WHITE, anchor="rm")
    elif card.per_colour:
        each = words("image-kero-per-colour-points", colour=card.per_colour)
        each = shorten(each, 16, CARD_W - 70)
        draw_text(image, (CARD_W - 12, 18), each, 16, fill=WHITE, anchor="rm")
    lines = [part for line in card_lines(box, card, words) for part in wrap(line, 18, CARD_W - 24)]
    lines = lines[:3]
    if lines:
        extra = 20 if card.ability else 0
        top = 84 - (len(lines) * 24 + extra - 24) // 2
        for index, line in enumerate(lines):
            draw_text(image, (CARD_W / 2, top + index * 24), line, 18)
        if card.ability:
            draw_text(
                image,
                (CARD_W / 2, top + len(lines) * 24 - 4),
                words("image-kero-card-tile", tile=tile_number(card.ability, words)),
                14,
                fill=MUTED,
            )
    else:
        draw_text(image, (CARD_W / 2, 84), words("image-kero-points", count=card.points), 34)
    chips = resource_chips(card.cost, 15, fill, words)
    gap = 4
    total = sum(chip.width for chip in chips) + gap * (len(chips) - 1)
    x = (CARD_W - total) // 2
    for chip in chips:
        image.paste(chip, (x, CARD_H - CHIP_H - 12))
        x += chip.width + gap
    # The colour in words, not by fill alone.
    label = shorten(words("image-kero-card-cost", colour=card.colour), 14, CARD_W - 16)
    draw_text(image, (CARD_W / 2, CARD_H - CHIP_H - 24), label, 14, fill=MUTED)
    return image


@cache
@built
def empty_card(words: Words) -> Image.Image:
    image = canvas(CARD_W, CARD_H)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, CARD_W - 1, CARD_H - 1), 12, fill=EMPTY_FILL, outline=GRID)
    draw_text(image, (CARD_W / 2, CARD_H / 2), words("image-kero-empty"), 18, fill=MUTED)
    return image

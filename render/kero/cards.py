"""Card faces of the row (and the empty slot), each drawn once per card id and language, and
cached: the id large in the band with the colour in words, what the card brings in the middle
(its points large), its cost as chips at the bottom."""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from games.kero.components import Components
from render.common import GRID, INK, MUTED, canvas
from render.kero.drawing import draw_text, resource_chips, wrap
from render.kero.layout import BODY, CARD_H, CARD_W, CHIP_H, LARGE, SMALL
from render.kero.palette import CARD_EDGE, CARD_FILL, EMPTY_FILL, RGB, WHITE, built
from render.kero.words import card_lines, card_number, tile_number
from render.text import shorten, text_width
from words import Words

BAND_H = 34
"""The card's top band: its id and its colour in words."""
ROOM = CARD_W - 16
"""The width a line of a card may take."""
LINE = 21
"""The height of one line of a card's effect."""


def _chip_rows(chips: list[Image.Image]) -> list[list[Image.Image]]:
    """The cost chips in lines no wider than the card (four resources take two lines)."""
    rows: list[list[Image.Image]] = [[]]
    width = 0
    for chip in chips:
        if rows[-1] and width + 4 + chip.width > ROOM:
            rows.append([])
            width = 0
        width += (4 if rows[-1] else 0) + chip.width
        rows[-1].append(chip)
    return rows


def _body(box: Components, card_id: str, words: Words) -> list[tuple[str, int, RGB]]:
    """The lines in the card's middle with their sizes and inks: its points, what it does, the
    ability tile it brings."""
    card = box.card(card_id)
    assert card is not None
    lines: list[tuple[str, int, RGB]] = []
    if card.points:
        lines.append((words("image-kero-points", count=card.points), LARGE, INK))
    for line in card_lines(box, card, words):
        lines += [(shorten(part, SMALL, ROOM), SMALL, INK) for part in wrap(line, SMALL, ROOM)]
    if card.ability:
        tile = words("image-kero-card-tile", tile=tile_number(card.ability, words))
        lines.append((tile, SMALL, MUTED))
    return lines


@cache
@built
def card_face(box: Components, card_id: str, words: Words) -> Image.Image:
    """One card of the row: its colour as fill and in words, id, points, effect, cost chips."""
    card = box.card(card_id)
    assert card is not None and card.colour is not None
    fill, edge = CARD_FILL[card.colour], CARD_EDGE[card.colour]
    image = canvas(CARD_W, CARD_H)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, CARD_W - 1, CARD_H - 1), 12, fill=fill, outline=edge, width=3)
    draw.rounded_rectangle((0, 0, CARD_W - 1, BAND_H), 12, fill=edge)
    draw.rectangle((0, BAND_H - 12, CARD_W - 1, BAND_H), fill=edge)
    number = card_number(card.id, card.kind, words)
    draw_text(image, (10, BAND_H / 2), number, LARGE, fill=WHITE, anchor="lm")
    room = CARD_W - 30 - text_width(number, LARGE)
    colour = shorten(words("image-kero-colour", colour=card.colour), SMALL, room)
    draw_text(image, (CARD_W - 10, BAND_H / 2), colour, SMALL, fill=WHITE, anchor="rm")
    rows = _chip_rows(resource_chips(card.cost, SMALL, fill, words))
    chips_top = CARD_H - 6 - len(rows) * (CHIP_H + 3) + 3
    for index, row in enumerate(rows):
        x = (CARD_W - sum(c.width for c in row) - 4 * (len(row) - 1)) // 2
        for chip in row:
            image.paste(chip, (x, chips_top + index * (CHIP_H + 3)))
            x += chip.width + 4
    lines = _body(box, card_id, words)
    heights = [LINE + (size - SMALL) for _, size, _ in lines]
    while sum(heights) > chips_top - BAND_H - 2 and len(lines) > 1:
        lines, heights = lines[:-1], heights[:-1]
    y = BAND_H + (chips_top - BAND_H - sum(heights)) / 2
    for (line, size, ink), height in zip(lines, heights, strict=True):
        draw_text(image, (CARD_W / 2, y + height / 2), line, size, fill=ink)
        y += height
    return image


@cache
@built
def empty_card(words: Words) -> Image.Image:
    image = canvas(CARD_W, CARD_H)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, CARD_W - 1, CARD_H - 1), 12, fill=EMPTY_FILL, outline=GRID)
    draw_text(image, (CARD_W / 2, CARD_H / 2), words("image-kero-empty"), BODY, fill=MUTED)
    return image

"""Card faces of the row (and the empty slot), each drawn once per card id and language, and
cached: the id large in the band with the colour in words, what the card brings in the middle
(its points large), its cost as chips at the bottom."""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from games.kero.components import Components
from games.kero.resources import Resources
from render import legibility
from render.common import GRID, INK, MUTED, canvas
from render.kero.drawing import draw_text, resource_chips
from render.kero.layout import BODY, CARD_H, CARD_W, CHIP_H, FLOOR, LARGE, SMALL
from render.kero.palette import CARD_EDGE, CARD_FILL, EMPTY_FILL, RGB, WHITE, built
from render.kero.words import card_lines, card_number, tile_number
from render.legibility import across
from render.text import fit, text_width, wrap
from words import Words

BAND_H = 34
"""The card's top band: its id and its colour in words."""
ROOM = CARD_W - 12
"""The width a line of a card may take (3 px clear of its border on either side)."""
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


Line = tuple[str, int, RGB]
"""A line of a card's middle: its text, size and ink."""


def _cost_rows(cost: Resources, fill: RGB, words: Words) -> list[list[Image.Image]]:
    """The cost chips in one line, drawn down to the floor if that keeps them on one line (the
    card's middle then keeps the room of a second); else in two lines."""
    for size in (SMALL, FLOOR):
        rows = _chip_rows(resource_chips(cost, size, fill, words))
        if len(rows) == 1:
            return rows
    return _chip_rows(resource_chips(cost, SMALL, fill, words))


def _body(box: Components, card_id: str, words: Words, size: int) -> list[Line]:
    """The lines in the card's middle with their sizes and inks: its points, what it does
    (wrapped at `size`, a word too long for a line drawn smaller), the ability tile it brings."""
    card = box.card(card_id)
    assert card is not None
    lines: list[Line] = []
    if card.points:
        lines.append((words("image-kero-points", count=card.points), LARGE, INK))
    for line in card_lines(box, card, words):
        for part in wrap(line, size, ROOM):
            fitted = fit(part, size, ROOM, floor=FLOOR)
            lines.append((fitted.line, fitted.size, INK))
    if card.ability:
        tile = words("image-kero-card-tile", tile=tile_number(card.ability, words))
        lines.append((tile, size, MUTED))
    return lines


def _height(line: Line) -> int:
    return LINE + (line[1] - SMALL)


def _middle(box: Components, card_id: str, words: Words, room: int) -> list[Line]:
    """The card's middle at the largest size whose lines fit `room` px of height (the last
    lines left out, and noted, only where even the floor can't hold them)."""
    for size in range(SMALL, FLOOR - 1, -1):
        lines = _body(box, card_id, words, size)
        if sum(map(_height, lines)) <= room:
            return lines
    while sum(map(_height, lines)) > room and len(lines) > 1:
        legibility.cut(lines[-1][0], "")
        lines = lines[:-1]
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
    draw_text(
        image,
        (10, BAND_H / 2),
        number,
        LARGE,
        fill=WHITE,
        anchor="lm",
        room=(4, 0, CARD_W - 4, BAND_H),
    )
    left = 10 + text_width(number, LARGE) + 10
    colour = fit(
        words("image-kero-colour", colour=card.colour), SMALL, CARD_W - 10 - left, floor=FLOOR
    )
    draw_text(
        image,
        (CARD_W - 10, BAND_H / 2),
        colour.line,
        colour.size,
        fill=WHITE,
        anchor="rm",
        room=(left, 0, CARD_W - 4, BAND_H),
    )
    rows = _cost_rows(card.cost, fill, words)
    chips_top = CARD_H - 6 - len(rows) * (CHIP_H + 3) + 3
    for index, row in enumerate(rows):
        x = (CARD_W - sum(c.width for c in row) - 4 * (len(row) - 1)) // 2
        for chip in row:
            image.paste(chip, (x, chips_top + index * (CHIP_H + 3)))
            x += chip.width + 4
    lines = _middle(box, card_id, words, chips_top - BAND_H - 2)
    y = BAND_H + (chips_top - BAND_H - sum(map(_height, lines))) / 2
    middle = (4, BAND_H, CARD_W - 4, chips_top)
    for line, size, ink in lines:
        height = _height((line, size, ink))
        draw_text(image, (CARD_W / 2, y + height / 2), line, size, fill=ink, room=middle)
        y += height
    return image


@cache
@built
def empty_card(words: Words) -> Image.Image:
    image = canvas(CARD_W, CARD_H)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, CARD_W - 1, CARD_H - 1), 12, fill=EMPTY_FILL, outline=GRID)
    empty = fit(words("image-kero-empty"), BODY, CARD_W - 16, floor=FLOOR)
    draw_text(
        image,
        (CARD_W / 2, CARD_H / 2),
        empty.line,
        empty.size,
        fill=MUTED,
        room=across(8, CARD_W - 8),
    )
    return image

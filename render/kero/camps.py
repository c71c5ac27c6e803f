"""The two camp panels: their fixed frame (drawn once into the board's background) and what
follows the state (player and clan, points, tanker gauge, jerrycans, face-down Tuarek count,
Explorers at home, the Boss, cards, tiles, land).

Hidden information is never drawn: a camp shows how many Tuareks lie face down (its hand and
its armed Dust Storms together, since arming is secret), never their types, whoever looks.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from functools import cache
from typing import Final

from PIL import Image, ImageDraw

from games.kero.board import Phase
from games.kero.components import Components
from games.kero.scoring import points as score
from games.kero.state import KeroState
from render import legibility
from render.common import GRID, HIGHLIGHT, INK, MUTED, said
from render.kero.drawing import SHORT, chip, draw_text, put_label, tag_chip
from render.kero.icons import crown_icon, explorer_icon, face_down_tuarek
from render.kero.layout import (
    CAMP_H,
    CAMP_HEAD,
    CAMP_W,
    CARDS_Y,
    CHIP_H,
    FLOOR,
    GAUGE_H,
    GAUGE_W,
    GAUGE_X,
    GAUGE_Y,
    LABEL_W,
    LAND_Y,
    LARGE,
    SMALL,
    STATS_Y,
    TILES_Y,
    camp_x,
    camp_y,
)
from render.kero.palette import (
    CARD_EDGE,
    CARD_FILL,
    CLAN_COLOURS,
    FUEL,
    FUEL_EDGE,
    PANEL,
    RESOURCE_FILL,
    SAND,
    SAND_EDGE,
    TANK_EMPTY,
    TILE_EDGE,
    TILE_FILL,
    WHITE,
    ink,
)
from render.kero.turn import cards_taken
from render.kero.words import card_number, tile_number
from render.legibility import across
from render.text import fit, shorten, text_width
from words import Words

RIGHT: Final = CAMP_W - 12
"""Where a camp's rows end (relative to the panel)."""
CHIPS_X: Final = 12 + LABEL_W
"""Where a camp row's chips start."""
EDGE: Final = CAMP_W - 4
"""How far right a camp's text may reach (relative to the panel)."""


def draw_camp_frame(image: Image.Image, draw: ImageDraw.ImageDraw, seat: int, words: Words) -> None:
    """The panel, its clan-coloured head and its row labels (drawn once per language)."""
    x, y = camp_x(seat), camp_y(seat)
    colour = CLAN_COLOURS[seat]
    draw.rounded_rectangle((x, y, x + CAMP_W - 1, y + CAMP_H - 1), 14, fill=PANEL, outline=GRID)
    draw.rounded_rectangle((x, y, x + CAMP_W - 1, y + CAMP_HEAD), 14, fill=colour)
    draw.rectangle((x, y + CAMP_HEAD - 14, x + CAMP_W - 1, y + CAMP_HEAD), fill=colour)
    gx, gy = x + GAUGE_X, y + GAUGE_Y
    draw.rectangle((gx, gy, gx + GAUGE_W - 1, gy + GAUGE_H - 1), fill=TANK_EMPTY, outline=MUTED)
    for key, row in (
        ("image-kero-cards", CARDS_Y),
        ("image-kero-tiles", TILES_Y),
        ("image-kero-land", LAND_Y),
    ):
        label = fit(words(key), SMALL, LABEL_W - 8, floor=FLOOR)
        room = across(x + 6, x + CHIPS_X - 4)
        draw_text(
            image, (x + 12, y + row), label.line, label.size, fill=INK, anchor="lm", room=room
        )


def draw_camp(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    state: KeroState,
    seat: int,
    *,
    names: Sequence[str],
    viewer: int | None,
    words: Words,
) -> None:
    """What follows the state on a camp: who plays it, its points, the active mark, the gauge,
    its figures, cards, tiles and land."""
    _head(image, draw, state, seat, names=names, viewer=viewer, words=words)
    _gauge(image, draw, state, seat, words)
    _stats(image, state, seat, words)
    _rows(image, state, seat, words)


def player_name(names: Sequence[str], seat: int, words: Words) -> str:
    """The seat's player's name, or its clan's name when the name is not known."""
    return names[seat] if seat < len(names) and names[seat] else words(f"clan-{seat}")


def _head(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    state: KeroState,
    seat: int,
    *,
    names: Sequence[str],
    viewer: int | None,
    words: Words,
) -> None:
    """The player's name and clan, "(you)", "TO PLAY" and the points, on the clan's colour."""
    x, y = camp_x(seat), camp_y(seat)
    colour, head = CLAN_COLOURS[seat], y + CAMP_HEAD // 2
    band = (x + 4, y, x + EDGE, y + CAMP_HEAD)
    points = said(words, "image-kero-points", count=score(state, seat))
    put_label(image, points, LARGE, (x + RIGHT, head), fill=WHITE, bg=colour, align="r", room=band)
    right = x + RIGHT - round(text_width(points, LARGE)) - 16
    if state.active == seat and state.phase is not Phase.OVER:
        draw.rounded_rectangle(
            (x - 3, y - 3, x + CAMP_W + 2, y + CAMP_H + 2), 16, outline=ink(HIGHLIGHT), width=5
        )
        to_play = tag_chip(
            fit(said(words, "image-kero-to-play"), SMALL, 140, floor=FLOOR).line, SMALL, colour
        )
        right -= to_play.width
        image.paste(to_play, (right, head - CHIP_H // 2))
        right -= 12
    tail = [said(words, f"clan-{seat}")]
    if viewer == seat:
        tail.append(said(words, "image-kero-you"))
    tail_w = sum(math.ceil(text_width(text, SMALL)) + 12 for text in tail)
    room = right - (x + 14) - tail_w
    name = shorten(player_name([*names], seat, words), LARGE, room)
    line = (x + 4, y, x + 14 + room, y + CAMP_HEAD)
    left = put_label(
        image, name, LARGE, (x + 12, head), fill=WHITE, bg=colour, align="l", room=line
    )
    for text in tail:
        line = (left + 4, y, right, y + CAMP_HEAD)
        at = (left + 10, head)
        left = put_label(image, text, SMALL, at, fill=WHITE, bg=colour, align="l", room=line)


def _gauge(
    image: Image.Image, draw: ImageDraw.ImageDraw, state: KeroState, seat: int, words: Words
) -> None:
    """The tank's level of its capacity. A tipped tank keeps the level it was tipped at until
    it stops (the turn panel counts what flows), so rolling never changes the table."""
    tank = state.camps[seat].tank
    x, y = camp_x(seat), camp_y(seat)
    gx, gy = x + GAUGE_X, y + GAUGE_Y
    level_ms = tank.level_ms
    text = said(words, "image-kero-tank", level=level_ms / 1000, capacity=tank.capacity_ms // 1000)
    filled = round(GAUGE_W * min(level_ms, tank.capacity_ms) / tank.capacity_ms)
    if filled:
        box = (gx, gy, gx + filled - 1, gy + GAUGE_H - 1)
        draw.rectangle(box, fill=ink(FUEL), outline=ink(FUEL_EDGE))
    shown = fit(text, SMALL, RIGHT - GAUGE_X - GAUGE_W - 12, floor=FLOOR)
    at = (gx + GAUGE_W + 12, gy + GAUGE_H // 2)
    room = across(gx + GAUGE_W + 6, x + EDGE)
    put_label(image, shown.line, shown.size, at, bg=PANEL, align="l", room=room)


def _stats(image: Image.Image, state: KeroState, seat: int, words: Words) -> None:
    """Jerrycans, the face-down Tuarek count (never their types), Explorers at home, the Boss:
    each an icon and its words, left to right."""
    camp = state.camps[seat]
    x, mid = camp_x(seat), camp_y(seat) + STATS_Y
    jerrycan = chip(words(SHORT["jerrycan"]), SMALL, RESOURCE_FILL["jerrycan"], WHITE, PANEL)
    items = [
        (jerrycan, said(words, "resource-jerrycan", count=camp.jerrycans)),
        (
            face_down_tuarek(words, PANEL),
            said(words, "image-kero-tuareks", count=len(camp.tuareks) + camp.armed),
        ),
        (explorer_icon(seat, PANEL), said(words, "image-kero-at-home", count=camp.explorers)),
    ]
    if state.variant == "boss":
        where = "used" if not camp.boss_side else "home" if camp.boss_slot is None else "out"
        items.append((crown_icon(PANEL), said(words, f"image-kero-boss-{where}")))
    size = _stats_size(items, x + RIGHT - (x + 12))
    left = x + 12
    for icon, text in items:
        image.paste(icon, (left, mid - icon.height // 2))
        left += icon.width + 6
        room = across(left - 2, x + EDGE)
        left = put_label(image, text, size, (left, mid), bg=PANEL, align="l", room=room) + 16


def _stats_size(items: Sequence[tuple[Image.Image, str]], room: int) -> int:
    """The largest size from SMALL down to the floor at which the stats' line fits `room`."""
    for size in range(SMALL, FLOOR - 1, -1):
        if sum(icon.width + 6 + text_width(text, size) + 18 for icon, text in items) <= room:
            return size
    return FLOOR


def _rows(image: Image.Image, state: KeroState, seat: int, words: Words) -> None:
    """Cards by colour (and the ones taken this turn by id), ability tiles, claimed land."""
    camp, box = state.camps[seat], state.box
    x, y = camp_x(seat), camp_y(seat)
    cards = [c for c in (box.card(i) for i in camp.cards) if c is not None and c.colour]
    colours = Counter(c.colour for c in cards)
    chips = [
        _card_chip(said(words, "image-kero-card-chip", count=colours[name], colour=name), name)
        for name in box.supply.card_colours
        if name in CARD_FILL
    ]
    if state.active == seat:
        chips += [
            tag_chip(said(words, "image-kero-new-card", card=c), SMALL) for c in _new(state, words)
        ]
    _chip_line(image, chips, x, y + CARDS_Y, none=None, words=words)
    full = [ability_chip(box, tile_id, words) for tile_id in camp.tiles]
    short = [ability_chip(box, tile_id, words, named=False) for tile_id in camp.tiles]
    _chip_line(
        image, _fitting(full, short), x, y + TILES_Y, none="image-kero-no-tiles", words=words
    )
    land = [t for t in camp.territories if t in box.territories_by_id]
    full = [territory_chip(box, t, words) for t in land]
    short = [territory_chip(box, t, words, named=False) for t in land]
    _chip_line(image, _fitting(full, short), x, y + LAND_Y, none="image-kero-no-land", words=words)


def _new(state: KeroState, words: Words) -> list[str]:
    """The drawn ids of the cards the active clan took this turn."""
    out = []
    for card_id in cards_taken(state):
        card = state.box.card(card_id)
        if card is not None:
            out.append(card_number(card.id, card.kind, words))
    return out


def _card_chip(text: str, colour: str) -> Image.Image:
    return chip(text, SMALL, CARD_FILL[colour], INK, PANEL, edge=CARD_EDGE[colour])


def _fitting(full: list[Image.Image], short: list[Image.Image]) -> list[Image.Image]:
    """The chips with their names if one line holds them, else without (ids and points)."""
    room = RIGHT - CHIPS_X
    return full if sum(c.width + 6 for c in full) - 6 <= room else short


def _chip_line(
    image: Image.Image,
    chips: list[Image.Image],
    x: int,
    mid: int,
    *,
    none: str | None,
    words: Words,
) -> None:
    """One line of chips after its label (as many as fit), or the words for none."""
    if not chips and none is not None:
        shown = fit(said(words, none), SMALL, RIGHT - CHIPS_X, floor=FLOOR)
        room = across(x + CHIPS_X - 4, x + EDGE)
        at = (x + CHIPS_X, mid)
        put_label(image, shown.line, shown.size, at, fill=MUTED, bg=PANEL, align="l", room=room)
    left = x + CHIPS_X
    for index, piece in enumerate(chips):
        if left + piece.width > x + RIGHT + 6:
            legibility.cut(f"{len(chips) - index} more chips", "")
            break
        image.paste(piece, (left, mid - CHIP_H // 2))
        left += piece.width + 6


@cache
def ability_chip(box: Components, tile_id: str, words: Words, *, named: bool = True) -> Image.Image:
    """An ability tile: its number and name (its number alone where names can't fit)."""
    number = tile_number(tile_id, words)
    text = number
    if named:
        name = words(f"ability-{tile_id.lower()}")
        text = words("image-kero-ability-chip", id=number, name=name)
    return chip(text, SMALL, TILE_FILL, INK, PANEL, edge=TILE_EDGE)


@cache
def territory_chip(
    box: Components, territory_id: str, words: Words, *, named: bool = True
) -> Image.Image:
    """A claimed territory: its name and points (its points alone where names can't fit)."""
    territory = box.territories_by_id[territory_id]
    key = "image-kero-territory-chip-more" if territory.condition else "image-kero-territory-chip"
    name = words(f"territory-{territory_id.lower()}") if named else ""
    text = words(key, name=name, points=territory.points).strip()
    return chip(text, SMALL, SAND, INK, PANEL, edge=SAND_EDGE)

"""The two camp panels: their fixed frame (drawn once into the board's background) and what
follows the state (tanker gauge, jerrycans, face-down Tuarek count, cards, tiles, land).

Hidden information is never drawn: a camp shows how many Tuareks lie face down (its hand and
its armed Dust Storms together, since arming is secret), never their types, whoever looks.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Final

from PIL import Image, ImageDraw

from games.kero.board import Phase
from games.kero.components import Components
from games.kero.scoring import points as score
from games.kero.state import KeroState
from render.common import GRID, HIGHLIGHT, INK, MUTED, said
from render.kero.drawing import SHORT, chip, draw_text, paste_row, put_label, tag_chip
from render.kero.layout import (
    CAMP_H,
    CAMP_HEAD,
    CAMP_W,
    CAMP_Y,
    CARDS_Y,
    CHIP_H,
    GAUGE_H,
    GAUGE_W,
    GAUGE_X,
    GAUGE_Y,
    LAND_Y,
    STATS_Y,
    TILES_Y,
    camp_x,
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
    TUAREK_EDGE,
    TUAREK_TILE,
    WHITE,
    built,
    ink,
)
from render.text import shorten, text_width
from words import Words

LABEL_W: Final = 64
"""Room for a camp row's label (Cards, Tiles, Land) left of its chips."""
CLAN_W: Final = 150
"""Room for the clan's name in its camp's header (then "(you)", then "TO PLAY" at 250)."""


@cache
@built
def face_down_tuarek(words: Words) -> Image.Image:
    image = Image.new("RGB", (24, 28), PANEL)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, 23, 27), 5, fill=TUAREK_TILE, outline=TUAREK_EDGE)
    draw_text(image, (12, 14), words("image-kero-hidden"), 16, fill=WHITE)
    return image


@cache
@built
def explorer_icon(seat: int) -> Image.Image:
    image = Image.new("RGB", (26, 28), PANEL)
    draw = ImageDraw.Draw(image)
    colour = CLAN_COLOURS[seat]
    draw.ellipse((8, 1, 18, 11), fill=colour)
    draw.polygon([(13, 8), (3, 27), (23, 27)], fill=colour)
    return image


def draw_camp_frame(image: Image.Image, draw: ImageDraw.ImageDraw, seat: int, words: Words) -> None:
    x, y = camp_x(seat), CAMP_Y
    colour = CLAN_COLOURS[seat]
    draw.rounded_rectangle((x, y, x + CAMP_W - 1, y + CAMP_H - 1), 14, fill=PANEL, outline=GRID)
    draw.rounded_rectangle((x, y, x + CAMP_W - 1, y + CAMP_HEAD), 14, fill=colour)
    draw.rectangle((x, y + CAMP_HEAD - 14, x + CAMP_W - 1, y + CAMP_HEAD), fill=colour)
    clan = shorten(words(f"clan-{seat}"), 24, CLAN_W)
    draw_text(image, (x + 14, y + CAMP_HEAD / 2), clan, 24, fill=WHITE, anchor="lm")
    fuel = shorten(words("image-kero-fuel"), 18, GAUGE_X - 18)
    draw_text(image, (x + 14, y + GAUGE_Y + GAUGE_H / 2), fuel, 18, fill=INK, anchor="lm")
    gx, gy = x + GAUGE_X, y + GAUGE_Y
    for tick in range(7):
        tx = gx + round(tick * GAUGE_W / 6)
        draw.line((tx, gy + GAUGE_H + 1, tx, gy + GAUGE_H + 5), fill=MUTED)
    stats_y = y + STATS_Y
    jc = chip(words(SHORT["jerrycan"]), 14, RESOURCE_FILL["jerrycan"], WHITE, PANEL)
    image.paste(jc, (x + 12, stats_y - 14))
    image.paste(face_down_tuarek(words), (x + 190, stats_y - 14))
    image.paste(explorer_icon(seat), (x + 380, stats_y - 14))
    rows = (
        ("image-kero-cards", CARDS_Y),
        ("image-kero-tiles", TILES_Y),
        ("image-kero-land", LAND_Y),
    )
    for key, row in rows:
        label = shorten(words(key), 17, LABEL_W)
        draw_text(image, (x + 14, y + row), label, 17, fill=INK, anchor="lm")


def draw_camp(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    state: KeroState,
    seat: int,
    *,
    viewer: int | None,
    words: Words,
) -> None:
    """What follows the state on a camp: its points, the active mark, the gauge, its figures,
    cards, tiles and land."""
    camp, box = state.camps[seat], state.box
    x, y = camp_x(seat), CAMP_Y
    colour = CLAN_COLOURS[seat]
    head = y + CAMP_HEAD // 2
    if viewer == seat:
        clan = shorten(said(words, f"clan-{seat}"), 24, CLAN_W)
        you = shorten(said(words, "image-kero-you"), 20, 70)
        you_x = x + 14 + round(text_width(clan, 24)) + 14
        put_label(image, you, 20, (you_x, head), fill=WHITE, bg=colour, align="l")
    put_label(
        image,
        said(words, "image-kero-points", count=score(state, seat)),
        26,
        (x + CAMP_W - 14, head),
        fill=WHITE,
        bg=colour,
        align="r",
    )
    if state.active == seat and state.phase is not Phase.OVER:
        draw.rounded_rectangle(
            (x - 3, y - 3, x + CAMP_W + 2, y + CAMP_H + 2), 16, outline=ink(HIGHLIGHT), width=5
        )
        to_play = shorten(said(words, "image-kero-to-play"), 18, 150)
        image.paste(tag_chip(to_play, 18, colour), (x + 250, head - CHIP_H // 2))
    # The tanker gauge.
    tank = camp.tank
    gx, gy = x + GAUGE_X, y + GAUGE_Y
    filled = round(GAUGE_W * tank.level_ms / tank.capacity_ms) if tank.capacity_ms else 0
    draw.rectangle(
        (gx, gy, gx + GAUGE_W - 1, gy + GAUGE_H - 1), fill=ink(TANK_EMPTY), outline=ink(MUTED)
    )
    if filled:
        draw.rectangle(
            (gx, gy, gx + filled - 1, gy + GAUGE_H - 1), fill=ink(FUEL), outline=ink(FUEL_EDGE)
        )
    tipped = state.active == seat and state.turn.window is not None and not state.turn.flat
    level = said(
        words,
        "image-kero-tank-tipped" if tipped else "image-kero-tank",
        level=tank.level_ms / 1000,
        capacity=tank.capacity_ms // 1000,
    )
    level = shorten(level, 18, CAMP_W - GAUGE_X - GAUGE_W - 20)
    put_label(
        image, level, 18, (gx + GAUGE_W + 12, gy + GAUGE_H // 2), fill=INK, bg=PANEL, align="l"
    )
    _draw_stats(image, state, seat, words)
    # Cards by colour.
    cards = [c for c in (box.card(i) for i in camp.cards) if c is not None and c.colour]
    colours = Counter(c.colour for c in cards)
    chips = [
        chip(
            said(words, "image-kero-card-chip", count=colours[name], colour=name),
            15,
            CARD_FILL[name],
            INK,
            PANEL,
            edge=CARD_EDGE[name],
        )
        for name in box.supply.card_colours
        if name in CARD_FILL
    ]
    paste_row(image, chips, x + 80, x + CAMP_W - 10, y + CARDS_Y - CHIP_H // 2, gap=8)
    put_label(
        image,
        said(words, "image-kero-cards-total", count=len(cards)),
        16,
        (x + CAMP_W - 12, y + CARDS_Y),
        fill=MUTED,
        bg=PANEL,
        align="r",
    )
    # Ability tiles and claimed territories.
    tiles = [ability_chip(box, tile_id, words) for tile_id in camp.tiles]
    if not tiles:
        none = said(words, "image-kero-no-tiles")
        put_label(image, none, 16, (x + 80, y + TILES_Y), fill=MUTED, bg=PANEL, align="l")
    paste_row(image, tiles, x + 80, x + CAMP_W - 10, y + TILES_Y - CHIP_H // 2, gap=6)
    land = [territory_chip(box, t, words) for t in camp.territories if t in box.territories_by_id]
    if not land:
        none = said(words, "image-kero-no-land")
        put_label(image, none, 16, (x + 80, y + LAND_Y), fill=MUTED, bg=PANEL, align="l")
    paste_row(image, land, x + 80, x + CAMP_W - 10, y + LAND_Y - CHIP_H // 2, gap=6)


def _draw_stats(image: Image.Image, state: KeroState, seat: int, words: Words) -> None:
    """Jerrycans, the face-down Tuarek count (never their types), Explorers at home, the Boss."""
    camp = state.camps[seat]
    x = camp_x(seat)
    stats_y = CAMP_Y + STATS_Y
    jerrycans = shorten(said(words, "resource-jerrycan", count=camp.jerrycans), 17, 134)
    put_label(image, jerrycans, 17, (x + 50, stats_y), fill=INK, bg=PANEL, align="l")
    hidden = len(camp.tuareks) + camp.armed
    tuareks = shorten(said(words, "image-kero-tuareks", count=hidden), 17, 150)
    put_label(image, tuareks, 17, (x + 222, stats_y), fill=INK, bg=PANEL, align="l")
    boss_w = 0
    if state.variant == "boss":
        boss = (
            "image-kero-boss-used"
            if not camp.boss_side
            else "image-kero-boss-home"
            if camp.boss_slot is None
            else "image-kero-boss-out"
        )
        shown = shorten(said(words, boss), 15, 110)
        boss_w = round(text_width(shown, 15)) + 8
        put_label(image, shown, 15, (x + CAMP_W - 12, stats_y), fill=MUTED, bg=PANEL, align="r")
    home = shorten(
        said(words, "image-kero-at-home", count=camp.explorers), 17, CAMP_W - 424 - boss_w
    )
    put_label(image, home, 17, (x + 412, stats_y), fill=INK, bg=PANEL, align="l")


def id_number(component_id: str) -> int:
    """The number in a component's data id ("A2" → 2, "R14" → 14)."""
    return int("".join(ch for ch in component_id if ch.isdigit()) or 0)


def tile_number(tile_id: str, words: Words) -> str:
    """An ability tile's number as drawn ("A2": its data id's number after the language's
    letter)."""
    return words("image-kero-tile-id", number=id_number(tile_id))


@cache
def ability_chip(box: Components, tile_id: str, words: Words) -> Image.Image:
    name = words(f"ability-{tile_id.lower()}")
    return chip(
        words("image-kero-ability-chip", id=tile_number(tile_id, words), name=name),
        15,
        TILE_FILL,
        INK,
        PANEL,
        edge=TILE_EDGE,
    )


@cache
def territory_chip(box: Components, territory_id: str, words: Words) -> Image.Image:
    territory = box.territories_by_id[territory_id]
    key = "image-kero-territory-chip-more" if territory.condition else "image-kero-territory-chip"
    name = words(f"territory-{territory_id.lower()}")
    text = words(key, name=name, points=territory.points)
    return chip(text, 15, SAND, INK, PANEL, edge=SAND_EDGE)

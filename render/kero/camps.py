"""The two camp panels: their fixed frame (drawn once into the board's background) and what
follows the state (tanker gauge, jerrycans, face-down Tuarek count, cards, tiles, land).

Hidden information is never drawn: a camp shows how many Tuareks lie face down (its hand and
its armed Dust Storms together, since arming is secret), never their types, whoever looks.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

from PIL import Image, ImageDraw

from games.kero.board import Phase
from games.kero.components import Components
from games.kero.scoring import points as score
from games.kero.state import KeroState
from render.common import GRID, HIGHLIGHT, INK, MUTED
from render.kero.drawing import chip, draw_text, paste_row, plural, put_label, tag_chip
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
    CLAN_NAMES,
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


@cache
@built
def face_down_tuarek() -> Image.Image:
    image = Image.new("RGB", (24, 28), PANEL)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, 23, 27), 5, fill=TUAREK_TILE, outline=TUAREK_EDGE)
    draw_text(image, (12, 14), "?", 16, fill=WHITE)
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


def draw_camp_frame(image: Image.Image, draw: ImageDraw.ImageDraw, seat: int) -> None:
    x, y = camp_x(seat), CAMP_Y
    colour = CLAN_COLOURS[seat]
    draw.rounded_rectangle((x, y, x + CAMP_W - 1, y + CAMP_H - 1), 14, fill=PANEL, outline=GRID)
    draw.rounded_rectangle((x, y, x + CAMP_W - 1, y + CAMP_HEAD), 14, fill=colour)
    draw.rectangle((x, y + CAMP_HEAD - 14, x + CAMP_W - 1, y + CAMP_HEAD), fill=colour)
    draw_text(
        image, (x + 14, y + CAMP_HEAD / 2), f"{CLAN_NAMES[seat]} clan", 24, fill=WHITE, anchor="lm"
    )
    draw_text(image, (x + 14, y + GAUGE_Y + GAUGE_H / 2), "KERO", 18, fill=INK, anchor="lm")
    gx, gy = x + GAUGE_X, y + GAUGE_Y
    for tick in range(7):
        tx = gx + round(tick * GAUGE_W / 6)
        draw.line((tx, gy + GAUGE_H + 1, tx, gy + GAUGE_H + 5), fill=MUTED)
    stats_y = y + STATS_Y
    image.paste(chip("jc", 14, RESOURCE_FILL["jerrycan"], WHITE, PANEL), (x + 12, stats_y - 14))
    image.paste(face_down_tuarek(), (x + 190, stats_y - 14))
    image.paste(explorer_icon(seat), (x + 380, stats_y - 14))
    for label, row in (("Cards", CARDS_Y), ("Tiles", TILES_Y), ("Land", LAND_Y)):
        draw_text(image, (x + 14, y + row), label, 17, fill=INK, anchor="lm")


def draw_camp(
    image: Image.Image, draw: ImageDraw.ImageDraw, state: KeroState, seat: int, viewer: int | None
) -> None:
    camp, box = state.camps[seat], state.box
    x, y = camp_x(seat), CAMP_Y
    colour = CLAN_COLOURS[seat]
    head = y + CAMP_HEAD // 2
    if viewer == seat:
        put_label(image, "(you)", 20, (x + 160, head), fill=WHITE, bg=colour, align="l")
    put_label(
        image,
        f"{plural(score(state, seat), 'pt')}",
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
        image.paste(tag_chip("TO PLAY", 18, colour), (x + 250, head - CHIP_H // 2))
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
    level = f"{tank.level_ms / 1000:.1f} s of {tank.capacity_ms // 1000}"
    tipped = state.active == seat and state.turn.window is not None and not state.turn.flat
    if tipped:
        level += " · tipped"
    put_label(
        image, level, 18, (gx + GAUGE_W + 12, gy + GAUGE_H // 2), fill=INK, bg=PANEL, align="l"
    )
    # Jerrycans, face-down Tuarek count (never their types), Explorers at home, the Boss.
    stats_y = y + STATS_Y
    put_label(
        image,
        plural(camp.jerrycans, "jerrycan"),
        17,
        (x + 50, stats_y),
        fill=INK,
        bg=PANEL,
        align="l",
    )
    hidden = len(camp.tuareks) + camp.armed
    put_label(
        image, plural(hidden, "Tuarek"), 17, (x + 222, stats_y), fill=INK, bg=PANEL, align="l"
    )
    put_label(
        image, f"{camp.explorers} at home", 17, (x + 412, stats_y), fill=INK, bg=PANEL, align="l"
    )
    if state.variant == "boss":
        boss = (
            "Boss used"
            if not camp.boss_side
            else "Boss home"
            if camp.boss_slot is None
            else "Boss out"
        )
        put_label(image, boss, 15, (x + CAMP_W - 12, stats_y), fill=MUTED, bg=PANEL, align="r")
    # Cards by colour.
    cards = [c for c in (box.card(i) for i in camp.cards) if c is not None and c.colour]
    colours = Counter(c.colour for c in cards)
    chips = [
        chip(f"{colours[name]} {name}", 15, CARD_FILL[name], INK, PANEL, edge=CARD_EDGE[name])
        for name in box.supply.card_colours
        if name in CARD_FILL
    ]
    paste_row(image, chips, x + 80, x + CAMP_W - 10, y + CARDS_Y - CHIP_H // 2, gap=8)
    put_label(
        image,
        f"{len(cards)} in all",
        16,
        (x + CAMP_W - 12, y + CARDS_Y),
        fill=MUTED,
        bg=PANEL,
        align="r",
    )
    # Ability tiles and claimed territories.
    tiles = [ability_chip(box, tile_id) for tile_id in camp.tiles]
    if not tiles:
        put_label(image, "none", 16, (x + 80, y + TILES_Y), fill=MUTED, bg=PANEL, align="l")
    paste_row(image, tiles, x + 80, x + CAMP_W - 10, y + TILES_Y - CHIP_H // 2, gap=6)
    land = [territory_chip(box, t) for t in camp.territories if t in box.territories_by_id]
    if not land:
        put_label(image, "none yet", 16, (x + 80, y + LAND_Y), fill=MUTED, bg=PANEL, align="l")
    paste_row(image, land, x + 80, x + CAMP_W - 10, y + LAND_Y - CHIP_H // 2, gap=6)


@cache
def ability_chip(box: Components, tile_id: str) -> Image.Image:
    return chip(
        f"{tile_id} {box.tiles[tile_id].name}",
        15,
        TILE_FILL,
        INK,
        PANEL,
        edge=TILE_EDGE,
    )


@cache
def territory_chip(box: Components, territory_id: str) -> Image.Image:
    territory = box.territories_by_id[territory_id]
    more = "+" if territory.condition else ""
    return chip(f"{territory.name} {territory.points}{more}", 15, SAND, INK, PANEL, edge=SAND_EDGE)

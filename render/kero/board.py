"""The board image: header, the row of cards, the New Territories, the shack, both camps.

A render copies the cached background (every frame and fixed label) and pastes cached pieces
onto the copy; only the header, the shack and the camps' figures are put on per render.
"""

from __future__ import annotations

from functools import cache
from typing import Final

from PIL import Image, ImageDraw

from games.kero.board import ROUNDS, Phase
from games.kero.state import KeroState
from render.common import GRID, INK, MUTED, canvas, encode
from render.kero.camps import draw_camp, draw_camp_frame
from render.kero.cards import card_face, empty_card
from render.kero.drawing import draw_text, put_label
from render.kero.layout import (
    BAND_Y,
    CARD_W,
    HEADER_H,
    HEIGHT,
    MARGIN,
    ROW_Y,
    SHACK_W,
    SHACK_X,
    TERR_H,
    TERR_W,
    TERR_Y,
    WIDTH,
    card_x,
    terr_x,
)
from render.kero.palette import (
    CLAN_NAMES,
    DIE_EDGE,
    DIE_FILL,
    FIRE,
    GOLD,
    HEADER,
    PANEL,
    TAKEN_FILL,
    WHITE,
    built,
)
from render.kero.territories import empty_territory, explorer_badge, territory_tile

PHASE_WORDS: Final = {
    Phase.SETUP: "setting up",
    Phase.START: "choosing dice",
    Phase.FUELING: "fuelling up",
    Phase.ROLLING: "rolling",
    Phase.CAMP: "in camp",
    Phase.CLAIM: "claim decisions",
    Phase.OVER: "game over",
}


def board_image(state: KeroState, *, viewer: int | None = None) -> Image.Image:
    """The public board: the row, the New Territories, the shack, both camps, round and turn.

    `viewer` (a seat or None) only adds a "you" mark; secrets are drawn for nobody.
    """
    box = state.box
    image = board_background().copy()
    draw = ImageDraw.Draw(image)
    _header(image, state, viewer)
    for slot, card_id in enumerate(state.row):
        card = box.card(card_id) if card_id is not None else None
        face = card_face(box, card.id) if card is not None and card.colour else empty_card()
        image.paste(face, (card_x(slot), ROW_Y))
    for slot, territory_id in enumerate(state.territories):
        x = terr_x(slot)
        if territory_id is None or territory_id not in box.territories_by_id:
            image.paste(empty_territory(), (x, TERR_Y))
            continue
        image.paste(territory_tile(box, territory_id), (x, TERR_Y))
        for seat in (0, 1):
            camp = state.camps[seat]
            boss = camp.boss_side and camp.boss_slot == slot
            badge = explorer_badge(seat, state.explorers[slot][seat], boss)
            image.paste(badge, (x + 10 + seat * 116, TERR_Y + BAND_Y + 8))
    _shack(image, state)
    for seat in (0, 1):
        draw_camp(image, draw, state, seat, viewer)
    return image


def board_png(state: KeroState, *, viewer: int | None = None) -> bytes:
    """`board_image` as PNG bytes."""
    return encode(board_image(state, viewer=viewer))


@cache
@built
def shack_die(colour: str, status: str) -> Image.Image:
    """A special die on the shack: `ready` (1 jc), `free` (an ability tile), or `taken`."""
    size = 56
    image = Image.new("RGB", (64, 92), PANEL)
    draw = ImageDraw.Draw(image)
    taken = status == "taken"
    fill = TAKEN_FILL if taken else DIE_FILL[colour]
    draw.rounded_rectangle((4, 0, 4 + size, size), 10, fill=fill, outline=DIE_EDGE[colour], width=3)
    draw_text(image, (32, size / 2), colour[0].upper(), 24, fill=MUTED if taken else INK)
    words = {"ready": "1 jc", "free": "free", "taken": "taken"}[status]
    draw_text(image, (32, 74), words, 15, fill=MUTED if taken else INK)
    return image


@cache
@built
def board_background() -> Image.Image:
    """The board with every frame and fixed label, drawn once."""
    image = canvas(WIDTH, HEIGHT)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH, HEADER_H), fill=HEADER)
    draw_text(image, (MARGIN, HEADER_H / 2), "KERO", 28, fill=GOLD, anchor="lm")
    for slot in range(6):
        x = card_x(slot)
        draw_text(image, (x + CARD_W / 2, ROW_Y - 12), f"slot {slot + 1}", 15, fill=MUTED)
    draw_text(image, (card_x(5) + CARD_W, ROW_Y - 12), "burns first", 14, fill=FIRE, anchor="rm")
    draw_text(image, (MARGIN, ROW_Y - 12), "Row", 16, fill=INK, anchor="lm")
    for slot in range(4):
        x = terr_x(slot)
        draw_text(image, (x + TERR_W / 2, TERR_Y - 12), f"New Territory {slot + 1}", 15, fill=MUTED)
    shack = (SHACK_X, TERR_Y, SHACK_X + SHACK_W - 1, TERR_Y + TERR_H - 1)
    draw.rounded_rectangle(shack, 12, fill=PANEL, outline=GRID, width=2)
    draw_text(image, (SHACK_X + SHACK_W / 2, TERR_Y - 12), "Shack & refinery", 15, fill=MUTED)
    draw_text(image, (SHACK_X + 12, TERR_Y + 18), "Special dice", 16, fill=INK, anchor="lm")
    for seat in (0, 1):
        draw_camp_frame(image, draw, seat)
    return image


def _header(image: Image.Image, state: KeroState, viewer: int | None) -> None:
    rnd = min(state.claims + 1, ROUNDS)
    put_label(
        image,
        f"Round {rnd} of {ROUNDS}",
        20,
        (MARGIN + 90, HEADER_H // 2),
        fill=WHITE,
        bg=HEADER,
        align="l",
    )
    clan = CLAN_NAMES[state.active]
    if state.phase is Phase.OVER:
        turn = "Game over"
    elif viewer == state.active:
        turn = f"Your turn ({clan} clan) · {PHASE_WORDS[state.phase]}"
    else:
        turn = f"{clan} clan's turn · {PHASE_WORDS[state.phase]}"
    put_label(image, turn, 22, (WIDTH // 2 + 40, HEADER_H // 2), fill=GOLD, bg=HEADER)
    supply = f"Deck {len(state.deck)} · Supply {state.jerrycans} jc"
    put_label(image, supply, 18, (WIDTH - MARGIN, HEADER_H // 2), fill=WHITE, bg=HEADER, align="r")


def _shack(image: Image.Image, state: KeroState) -> None:
    turn, box = state.turn, state.box
    choosing = state.phase in (Phase.START, Phase.FUELING)
    active = state.camps[state.active]
    free = {
        tile.effect.arg
        for tile_id in active.tiles
        if (tile := box.tiles[tile_id]).effect.kind == "free_die" and tile_id not in turn.tiles_used
    }
    for index, colour in enumerate(box.special):
        if colour in turn.dice:
            status = "taken"
        elif colour in free and choosing:
            status = "free"
        else:
            status = "ready"
        image.paste(shack_die(colour, status), (SHACK_X + 10 + index * 72, TERR_Y + 36))
    fuel = f"Fuel-ups this turn: {turn.fuel_ups} of {box.supply.max_fuel_ups}"
    put_label(image, fuel, 15, (SHACK_X + 12, TERR_Y + 148), fill=INK, bg=PANEL, align="l")

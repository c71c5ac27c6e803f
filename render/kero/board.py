"""The board image: header, the row of cards, the New Territories, the shack, both camps.

A render copies the cached background (every frame and fixed label, per language) and pastes
cached pieces onto the copy; only the header, the shack and the camps' figures are put on per
render.
"""

from __future__ import annotations

from functools import cache
from typing import Final

from PIL import Image, ImageDraw

from games.kero.board import ROUNDS, Phase
from games.kero.state import KeroState
from render.common import GRID, INK, MUTED, canvas, encode, said
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
from render.text import shorten, text_width
from words import Words

PHASE_WORDS: Final = {phase: f"image-kero-phase-{phase.value}" for phase in Phase}
"""Each phase's words in the header: a message of images.ftl."""
SUPPLY_W: Final = 230
"""The most room the header's deck and supply take (at its right end)."""


def board_image(state: KeroState, *, words: Words, viewer: int | None = None) -> Image.Image:
    """The public board in a language: the row, the New Territories, the shack, both camps,
    round and turn.

    `viewer` (a seat or None) only adds a "you" mark; secrets are drawn for nobody.
    """
    box = state.box
    image = board_background(words).copy()
    draw = ImageDraw.Draw(image)
    _header(image, state, viewer, words)
    for slot, card_id in enumerate(state.row):
        card = box.card(card_id) if card_id is not None else None
        if card is not None and card.colour:
            face = card_face(box, card.id, words)
        else:
            face = empty_card(words)
        image.paste(face, (card_x(slot), ROW_Y))
    for slot, territory_id in enumerate(state.territories):
        x = terr_x(slot)
        if territory_id is None or territory_id not in box.territories_by_id:
            image.paste(empty_territory(words), (x, TERR_Y))
            continue
        image.paste(territory_tile(box, territory_id, words), (x, TERR_Y))
        for seat in (0, 1):
            camp = state.camps[seat]
            boss = camp.boss_side and camp.boss_slot == slot
            badge = explorer_badge(seat, state.explorers[slot][seat], boss, words)
            image.paste(badge, (x + 10 + seat * 116, TERR_Y + BAND_Y + 8))
    _shack(image, state, words)
    for seat in (0, 1):
        draw_camp(image, draw, state, seat, viewer=viewer, words=words)
    return image


def board_png(state: KeroState, *, words: Words, viewer: int | None = None) -> bytes:
    """`board_image` as PNG bytes."""
    return encode(board_image(state, words=words, viewer=viewer))


@cache
@built
def shack_die(colour: str, status: str, cost: int, words: Words) -> Image.Image:
    """A special die on the shack: `ready` (its cost in jerrycans), `free` (an ability tile), or
    `taken`."""
    size = 56
    image = Image.new("RGB", (64, 92), PANEL)
    draw = ImageDraw.Draw(image)
    taken = status == "taken"
    fill = TAKEN_FILL if taken else DIE_FILL[colour]
    draw.rounded_rectangle((4, 0, 4 + size, size), 10, fill=fill, outline=DIE_EDGE[colour], width=3)
    letter = words(f"image-kero-die-letter-{colour}")
    draw_text(image, (32, size / 2), letter, 24, fill=MUTED if taken else INK)
    caption = words(f"image-kero-shack-{status}", count=cost)
    draw_text(image, (32, 74), shorten(caption, 15, 62), 15, fill=MUTED if taken else INK)
    return image


@cache
@built
def board_background(words: Words) -> Image.Image:
    """The board with every frame and fixed label, drawn once per language."""
    image = canvas(WIDTH, HEIGHT)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH, HEADER_H), fill=HEADER)
    fuel = shorten(words("image-kero-fuel"), 28, 86)
    draw_text(image, (MARGIN, HEADER_H / 2), fuel, 28, fill=GOLD, anchor="lm")
    # "Row" left of the first slot's label, "burns first" right of the last one's: a slot's
    # label leaves the middle of its card when those need the room.
    row = shorten(words("image-kero-row"), 16, CARD_W / 2 - 30)
    draw_text(image, (MARGIN, ROW_Y - 12), row, 16, fill=INK, anchor="lm")
    burns = shorten(words("image-kero-burns-first"), 14, CARD_W - 60)
    draw_text(image, (card_x(5) + CARD_W, ROW_Y - 12), burns, 14, fill=FIRE, anchor="rm")
    for slot in range(6):
        x = card_x(slot)
        room = CARD_W - 8 - (text_width(burns, 14) + 8 if slot == 5 else 0)
        label = shorten(words("image-kero-slot", slot=slot + 1), 15, room)
        half = text_width(label, 15) / 2
        centre = x + CARD_W / 2
        if slot == 5:
            centre = min(centre, x + CARD_W - text_width(burns, 14) - 8 - half)
        if slot == 0:
            centre = max(centre, MARGIN + text_width(row, 16) + 8 + half)
        draw_text(image, (centre, ROW_Y - 12), label, 15, fill=MUTED)
    for slot in range(4):
        x = terr_x(slot)
        label = shorten(words("image-kero-new-territory", slot=slot + 1), 15, TERR_W - 8)
        draw_text(image, (x + TERR_W / 2, TERR_Y - 12), label, 15, fill=MUTED)
    shack = (SHACK_X, TERR_Y, SHACK_X + SHACK_W - 1, TERR_Y + TERR_H - 1)
    draw.rounded_rectangle(shack, 12, fill=PANEL, outline=GRID, width=2)
    label = shorten(words("image-kero-shack"), 15, SHACK_W - 8)
    draw_text(image, (SHACK_X + SHACK_W / 2, TERR_Y - 12), label, 15, fill=MUTED)
    label = shorten(words("image-kero-special-dice"), 16, SHACK_W - 24)
    draw_text(image, (SHACK_X + 12, TERR_Y + 18), label, 16, fill=INK, anchor="lm")
    for seat in (0, 1):
        draw_camp_frame(image, draw, seat, words)
    return image


def _header(image: Image.Image, state: KeroState, viewer: int | None, words: Words) -> None:
    rnd = min(state.claims + 1, ROUNDS)
    put_label(
        image,
        said(words, "image-kero-round", round=rnd, rounds=ROUNDS),
        20,
        (MARGIN + 90, HEADER_H // 2),
        fill=WHITE,
        bg=HEADER,
        align="l",
    )
    clan = said(words, f"clan-{state.active}")
    phase = said(words, PHASE_WORDS[state.phase])
    if state.phase is Phase.OVER:
        turn = said(words, "image-kero-game-over")
    elif viewer == state.active:
        turn = said(words, "image-kero-your-turn", clan=clan, phase=phase)
    else:
        turn = said(words, "image-kero-clan-turn", clan=clan, phase=phase)
    turn = shorten(turn, 22, 2 * (WIDTH - MARGIN - SUPPLY_W - (WIDTH // 2 + 40)))
    put_label(image, turn, 22, (WIDTH // 2 + 40, HEADER_H // 2), fill=GOLD, bg=HEADER)
    supply = said(words, "image-kero-supply", deck=len(state.deck), jerrycans=state.jerrycans)
    supply = shorten(supply, 18, SUPPLY_W)
    put_label(image, supply, 18, (WIDTH - MARGIN, HEADER_H // 2), fill=WHITE, bg=HEADER, align="r")


def _shack(image: Image.Image, state: KeroState, words: Words) -> None:
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
        cost = box.supply.special_die_cost.jerrycan
        image.paste(
            shack_die(colour, status, cost, words), (SHACK_X + 10 + index * 72, TERR_Y + 36)
        )
    fuel = said(words, "image-kero-fuel-ups", count=turn.fuel_ups, most=box.supply.max_fuel_ups)
    fuel = shorten(fuel, 15, SHACK_W - 20)
    put_label(image, fuel, 15, (SHACK_X + 12, TERR_Y + 148), fill=INK, bg=PANEL, align="l")

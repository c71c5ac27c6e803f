"""The board image: the header, the turn panel, the row of cards, the New Territories, and both
camps, stacked for a phone (see the package docstring). The bot posts it in two: the turn strip
(the header and the turn panel: what changes at every roll) above the table (the row, the New
Territories and the camps: what only a camp action or a new turn changes).

A render copies the cached background (every frame and fixed label, per language) and pastes
cached pieces onto the copy; only the header, the turn panel and the camps' figures are put on
per render.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Final

from PIL import Image, ImageDraw

from games.kero.board import ROUNDS, Phase
from games.kero.state import KeroState
from render.common import BACKGROUND, canvas, encode, said
from render.kero.camps import draw_camp, draw_camp_frame, player_name
from render.kero.cards import card_face, empty_card
from render.kero.dice import draw_turn, draw_turn_frame, shack_die
from render.kero.drawing import draw_text, put_label
from render.kero.icons import flame_icon
from render.kero.layout import (
    BAND_Y,
    BODY,
    BURNS_Y,
    CARD_H,
    CARD_W,
    FLOOR,
    HEADER_H,
    HEIGHT,
    INNER,
    LARGE,
    MARGIN,
    SMALL,
    TABLE_Y,
    TURN_Y,
    WIDTH,
    card_x,
    card_y,
    terr_x,
    terr_y,
)
from render.kero.palette import FIRE, GOLD, HEADER, WHITE, built
from render.kero.territories import BADGE_W, empty_territory, explorer_badge, territory_tile
from render.kero.turn import explorers_placed
from render.legibility import Box, across
from render.text import fit, fit_names, text_width
from words import Words, isolate

PHASE_WORDS: Final = {phase: f"image-kero-phase-{phase.value}" for phase in Phase}
"""Each phase's words in the header: a message of images.ftl."""

__all__ = [
    "PHASE_WORDS",
    "board_background",
    "board_image",
    "board_png",
    "shack_die",
    "table_image",
    "table_png",
    "turn_image",
    "turn_png",
]


def board_image(
    state: KeroState, names: Sequence[str], *, words: Words, viewer: int | None = None
) -> Image.Image:
    """The public board in a language, each camp under its player's name: the turn as it
    stands, the row, the New Territories, both camps, round and supply.

    `viewer` (a seat or None) only adds a "you" mark; secrets are drawn for nobody.
    """
    image = board_background(words).copy()
    _header(image, state, names, viewer, words)
    draw_turn(image, state, names, TURN_Y, words)
    _table(image, state, names, viewer, words)
    return image


def turn_image(
    state: KeroState, names: Sequence[str], *, words: Words, viewer: int | None = None
) -> Image.Image:
    """The board's top: the header and the turn panel (`TABLE_Y` high), as `board_image` draws
    them."""
    image = turn_background(words).copy()
    _header(image, state, names, viewer, words)
    draw_turn(image, state, names, TURN_Y, words)
    return image


def turn_png(
    state: KeroState, names: Sequence[str], *, words: Words, viewer: int | None = None
) -> bytes:
    """`turn_image` as PNG bytes."""
    return encode(turn_image(state, names, words=words, viewer=viewer))


def table_image(
    state: KeroState, names: Sequence[str], *, words: Words, viewer: int | None = None
) -> Image.Image:
    """The board under the turn panel (from `TABLE_Y` down): the row, the New Territories and
    the camps, as `board_image` draws them. Nothing on it changes while dice are rolled (a
    tipped tank is drawn at the level it was tipped with: the turn panel counts what flows)."""
    image = board_background(words).copy()
    _table(image, state, names, viewer, words)
    return image.crop((0, TABLE_Y, WIDTH, HEIGHT))


def table_png(
    state: KeroState, names: Sequence[str], *, words: Words, viewer: int | None = None
) -> bytes:
    """`table_image` as PNG bytes."""
    return encode(table_image(state, names, words=words, viewer=viewer))


def _table(
    image: Image.Image, state: KeroState, names: Sequence[str], viewer: int | None, words: Words
) -> None:
    """The row, the New Territories and both camps."""
    draw = ImageDraw.Draw(image)
    _row(image, state, words)
    _territories(image, state, words)
    for seat in (0, 1):
        draw_camp(image, draw, state, seat, names=names, viewer=viewer, words=words)


def board_png(
    state: KeroState, names: Sequence[str], *, words: Words, viewer: int | None = None
) -> bytes:
    """`board_image` as PNG bytes."""
    return encode(board_image(state, names, words=words, viewer=viewer))


@cache
@built
def board_background(words: Words) -> Image.Image:
    """The board with every frame and fixed label, drawn once per language."""
    image = canvas(WIDTH, HEIGHT)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH, HEADER_H), fill=HEADER)
    draw_turn_frame(draw, TURN_Y)
    # The last slot burns first: ringed in fire, and said under it beside a flame.
    x, y = card_x(5), card_y(5)
    draw.rounded_rectangle(
        (x - 4, y - 4, x + CARD_W + 3, y + CARD_H + 3), 15, outline=FIRE, width=3
    )
    burns = fit(words("image-kero-burns-first"), SMALL, INNER - 40, floor=FLOOR)
    right = MARGIN + INNER
    room = across(MARGIN + 34, WIDTH - 4)
    draw_text(image, (right, BURNS_Y), burns.line, burns.size, fill=FIRE, anchor="rm", room=room)
    icon = flame_icon(BACKGROUND).convert("RGB")
    left = round(right - text_width(burns.line, burns.size)) - icon.width - 6
    image.paste(icon, (left, BURNS_Y - icon.height // 2))
    for seat in (0, 1):
        draw_camp_frame(image, draw, seat, words)
    return image


@cache
def turn_background(words: Words) -> Image.Image:
    """The board's top (`TABLE_Y` high) with its frames, once per language."""
    return board_background(words).crop((0, 0, WIDTH, TABLE_Y))


def _header(
    image: Image.Image,
    state: KeroState,
    names: Sequence[str],
    viewer: int | None,
    words: Words,
) -> None:
    """Whose turn it is and in which phase; then the round, the deck and the supply."""
    phase = said(words, PHASE_WORDS[state.phase])
    if state.phase is Phase.OVER:
        turn = fit(said(words, "image-kero-game-over"), LARGE, INNER, floor=FLOOR).line
    elif viewer == state.active:
        turn = fit(
            said(words, "image-kero-turn-yours", phase=phase), LARGE, INNER, floor=FLOOR
        ).line
    else:
        turn = fit_names(
            lambda shown: said(words, "image-kero-turn-of", name=isolate(shown[0]), phase=phase),
            [player_name(names, state.active, words)],
            LARGE,
            INNER,
        )
    top = (4, 0, WIDTH - 4, 46)
    put_label(image, turn, LARGE, (MARGIN, 24), fill=GOLD, bg=HEADER, align="l", room=top)
    rnd = said(words, "image-kero-round", round=min(state.claims + 1, ROUNDS), rounds=ROUNDS)
    supply = said(words, "image-kero-supply", deck=len(state.deck), jerrycans=state.jerrycans)
    size = BODY if text_width(rnd, BODY) + text_width(supply, BODY) + 20 <= INNER else FLOOR
    end = MARGIN + text_width(rnd, size) + 10
    room: Box = (4, 40, end, HEADER_H)
    put_label(image, rnd, size, (MARGIN, 58), fill=WHITE, bg=HEADER, align="l", room=room)
    room = (end, 40, WIDTH - 4, HEADER_H)
    put_label(
        image, supply, size, (MARGIN + INNER, 58), fill=WHITE, bg=HEADER, align="r", room=room
    )


def _row(image: Image.Image, state: KeroState, words: Words) -> None:
    box = state.box
    for slot, card_id in enumerate(state.row):
        card = box.card(card_id) if card_id is not None else None
        if card is not None and card.colour:
            face = card_face(box, card.id, words)
        else:
            face = empty_card(words)
        image.paste(face, (card_x(slot), card_y(slot)))


def _territories(image: Image.Image, state: KeroState, words: Words) -> None:
    """Each New Territory with both clans' Explorers (the Boss crowned, this turn's ringed)."""
    box = state.box
    placed = explorers_placed(state)
    for slot, territory_id in enumerate(state.territories):
        x, y = terr_x(slot), terr_y(slot)
        if territory_id is None or territory_id not in box.territories_by_id:
            image.paste(empty_territory(words), (x, y))
            continue
        image.paste(territory_tile(box, territory_id, words), (x, y))
        for seat in (0, 1):
            camp = state.camps[seat]
            boss = camp.boss_side and camp.boss_slot == slot
            new = placed[slot] if seat == state.active else 0
            badge = explorer_badge(seat, state.explorers[slot][seat], boss, new, words)
            image.paste(badge, (x + 6 + seat * (BADGE_W), y + BAND_Y + 2))

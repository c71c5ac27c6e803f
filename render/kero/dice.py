"""The dice strip of the current roll: every die with its face, burnt dice marked."""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from games.kero.chance import FLAME_FACE
from games.kero.components import Components, Face
from games.kero.state import KeroState
from render.common import GRID, INK, MUTED, canvas, encode, said
from render.kero.drawing import draw_text, put_label, resource_chips
from render.kero.layout import CHIP_H, DICE_H, DICE_TOP, DICE_W, DIE, DIE_GAP
from render.kero.palette import (
    BURNT_FILL,
    DIE_EDGE,
    DIE_FILL,
    FIRE,
    FLAME_ORANGE,
    TUAREK_FIGURE,
    WHITE_DIE,
    built,
)
from render.text import shorten
from words import Words


def dice_image(state: KeroState, *, words: Words) -> Image.Image:
    """The current roll in a language: every die (white, then special) with its face; burnt dice
    greyed with a red border; "no roll yet" before the roll (listing the special dice already
    chosen)."""
    turn = state.turn
    image = dice_background().copy()
    clan = said(words, f"clan-{state.active}")
    if not turn.faces:
        waiting = shorten(said(words, "image-kero-no-roll", clan=clan), 20, DICE_W - 32)
        put_label(image, waiting, 20, (16, 22), fill=MUTED, align="l")
        if turn.dice:
            dice = words.join([said(words, f"image-kero-die-{colour}") for colour in turn.dice])
            chosen = shorten(said(words, "image-kero-chosen", dice=dice), 18, DICE_W - 32)
            put_label(image, chosen, 18, (DICE_W // 2, DICE_TOP + DIE // 2))
        return image
    burnt = sum(face == FLAME_FACE for face in turn.faces)
    flames = said(words, "image-kero-flames", count=burnt)
    roll = shorten(said(words, "image-kero-roll", clan=clan), 20, DICE_W - 200)
    put_label(image, roll, 20, (16, 22), fill=INK, align="l")
    put_label(image, flames, 20, (DICE_W - 16, 22), fill=FIRE if burnt >= 2 else MUTED, align="r")
    for index, (colour, face) in enumerate(zip(turn.dice, turn.faces, strict=False)):
        x = 16 + index * (DIE + DIE_GAP)
        pending = face is None or index in turn.to_throw
        image.paste(die_face(state.box, colour, None if pending else face, words), (x, DICE_TOP))
        is_burnt = face == FLAME_FACE and not pending
        key = "burnt" if is_burnt else ("throwing" if pending else f"die-{colour}")
        caption = shorten(said(words, f"image-kero-{key}"), 16, DIE + DIE_GAP - 4)
        put_label(
            image,
            caption,
            16,
            (x + DIE // 2, DICE_TOP + DIE + 18),
            fill=FIRE if is_burnt else MUTED,
        )
    return image


def dice_png(state: KeroState, *, words: Words) -> bytes:
    """`dice_image` as PNG bytes."""
    return encode(dice_image(state, words=words))


@cache
@built
def dice_background() -> Image.Image:
    image = canvas(DICE_W, DICE_H)
    draw = ImageDraw.Draw(image)
    draw.line((16, DICE_TOP - 8, DICE_W - 16, DICE_TOP - 8), fill=GRID, width=1)
    return image


def _die_of(box: Components, colour: str) -> tuple[Face, ...]:
    return box.white.faces if colour == WHITE_DIE else box.special[colour].faces


@cache
@built
def die_face(box: Components, colour: str, face_index: int | None, words: Words) -> Image.Image:
    """A die showing a face: resources as chips, Tuarek/Explorer as figures, a flame as burnt;
    None for a die in the air ("?")."""
    image = canvas(DIE, DIE)
    draw = ImageDraw.Draw(image)
    face = None if face_index is None else _die_of(box, colour)[face_index]
    burnt = face is not None and face.flame
    fill = BURNT_FILL if burnt else DIE_FILL[colour]
    edge = FIRE if burnt else DIE_EDGE[colour]
    draw.rounded_rectangle(
        (0, 0, DIE - 1, DIE - 1), 16, fill=fill, outline=edge, width=6 if burnt else 3
    )
    mid = DIE / 2
    if face is None:
        draw_text(image, (mid, mid), words("image-kero-in-the-air"), 40, fill=MUTED)
    elif face.flame:
        outer = [(48, 14), (66, 40), (70, 62), (60, 78), (36, 78), (26, 62), (30, 44), (40, 52)]
        inner = [(48, 42), (58, 60), (54, 72), (42, 72), (38, 62)]
        draw.polygon(outer, fill=FIRE)
        draw.polygon(inner, fill=FLAME_ORANGE)
    elif face.tuarek:
        draw.ellipse((38, 12, 58, 32), fill=TUAREK_FIGURE)
        draw.polygon([(48, 28), (26, 66), (70, 66)], fill=TUAREK_FIGURE)
        draw_text(image, (mid, 80), shorten(words("image-kero-face-tuarek"), 16, DIE - 8), 16)
    elif face.explorer:
        draw.ellipse((38, 12, 58, 32), fill=INK)
        draw.polygon([(48, 26), (30, 66), (66, 66)], fill=INK)
        label = shorten(words("image-kero-face-explorer"), 16, DIE - 8)
        draw_text(image, (mid, 80), label, 16)
    else:
        chips = resource_chips(face.resources, 20, fill, words)
        top = (DIE - len(chips) * (CHIP_H + 6) + 6) // 2
        for index, chip in enumerate(chips):
            image.paste(chip, ((DIE - chip.width) // 2, top + index * (CHIP_H + 6)))
    return image

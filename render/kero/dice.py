"""The turn panel: the dice in play as they lie (rolled, kept, burnt, in the air), or the shack
and refinery before the roll, and what the turn has left to spend. The board draws it under its
header; the dice strip is the same panel as an image of its own.

What chance has yet to decide is never drawn: a die in the air shows "?", not a face to come.

Every text keeps to its room: the title gives way to the flames (and, in camp, to the free
Explorers owed, which the last line has no room for after what is left to spend) by shortening
the player's name, never the words around it; a caption too long for its die is drawn smaller.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Final

from PIL import Image, ImageDraw

from games.kero.board import Phase
from games.kero.chance import FLAME_FACE
from games.kero.components import Components, Face
from games.kero.state import KeroState
from render.common import GRID, INK, MUTED, canvas, encode, said
from render.kero.camps import player_name
from render.kero.drawing import draw_text, put_label, resource_chips
from render.kero.icons import draw_flame, draw_pawn, face_down_tuarek, flame_icon
from render.kero.layout import (
    BODY,
    DICE_H,
    DICE_TOP,
    DICE_W,
    DIE,
    DIE_GAP,
    FLOOR,
    INNER,
    LARGE,
    MARGIN,
    SMALL,
    TURN_H,
    die_x,
)
from render.kero.palette import (
    BURNT_FILL,
    DIE_EDGE,
    DIE_FILL,
    FIRE,
    PANEL,
    TAKEN_FILL,
    WHITE_DIE,
    built,
)
from render.legibility import across
from render.text import fit, fit_names, text_width
from words import Words, isolate

TITLE_Y: Final = 20
CAPTION_Y: Final = DICE_TOP + DIE + 14
FOOT_Y: Final = TURN_H - 18
RIGHT: Final = MARGIN + INNER - 12
"""Where the panel's lines end on the right."""
EDGE: Final = MARGIN + INNER - 4
"""How far right the panel's text may reach."""
STACK: Final = 22
"""The line height of the texts beside the shack."""
TITLE_KEEPS: Final = 120
"""The room the title keeps when the free Explorers owed share its line: its words and the
first letters of a name."""
ROLLED: Final = frozenset({Phase.ROLLING, Phase.CAMP})
BEFORE: Final = frozenset({Phase.START, Phase.FUELING})


def dice_image(state: KeroState, names: Sequence[str] = (), *, words: Words) -> Image.Image:
    """The turn panel on its own, in a language."""
    image = dice_background().copy()
    draw_turn(image, state, names, 0, words)
    return image


def dice_png(state: KeroState, names: Sequence[str] = (), *, words: Words) -> bytes:
    """`dice_image` as PNG bytes."""
    return encode(dice_image(state, names, words=words))


@cache
@built
def dice_background() -> Image.Image:
    image = canvas(DICE_W, DICE_H)
    draw_turn_frame(ImageDraw.Draw(image), 0)
    return image


def draw_turn_frame(draw: ImageDraw.ImageDraw, top: int) -> None:
    """The turn panel's frame (static)."""
    box = (MARGIN, top, MARGIN + INNER - 1, top + TURN_H - 1)
    draw.rounded_rectangle(box, 12, fill=PANEL, outline=GRID)


def draw_turn(
    image: Image.Image, state: KeroState, names: Sequence[str], top: int, words: Words
) -> None:
    """What the turn has come to: its title, the dice or the shack, and its last line."""
    player = player_name(names, state.active, words)
    right, key = RIGHT, None
    if state.phase in ROLLED and state.turn.faces:
        key = "image-kero-roll-by"
        right = _title_right(image, state, top, words) - 12
        _roll(image, state, top, words)
    elif state.phase in BEFORE:
        key = "image-kero-waiting"
        _shack(image, state, top, words)
    left = MARGIN + 12
    title = _title(state, player, key, right - left, words)
    room = (MARGIN + 4, top, right + 4, top + DICE_TOP)
    put_label(image, title, BODY, (left, top + TITLE_Y), fill=INK, bg=PANEL, align="l", room=room)
    _foot(image, state, top, words)


def _title(state: KeroState, player: str, key: str | None, width: int, words: Words) -> str:
    """Whose roll it is (or who is yet to roll), the name shortened to fit `width`; else the
    phase."""
    if key is None:
        phase = said(words, f"image-kero-phase-{state.phase.value}")
        return fit(phase, BODY, width, floor=FLOOR).line
    return fit_names(lambda shown: said(words, key, name=isolate(shown[0])), [player], BODY, width)


def _title_right(image: Image.Image, state: KeroState, top: int, words: Words) -> int:
    """The flames of the roll at the panel's right, a flame icon before them; in camp, the free
    Explorers owed before those (the flames then a count by their icon: the burnt dice show
    them too). Returns where they start on the left."""
    burnt = state.turn.faces.count(FLAME_FACE)
    owed = state.turn.owed_places if state.phase is Phase.CAMP else 0
    text = str(burnt) if owed else said(words, "image-kero-flames", count=burnt)
    mid = top + TITLE_Y
    colour = FIRE if burnt >= 2 else MUTED
    room = across(MARGIN + 4, EDGE)
    put_label(image, text, BODY, (RIGHT, mid), fill=colour, bg=PANEL, align="r", room=room)
    icon = flame_icon(PANEL)
    left = RIGHT - round(text_width(text, BODY)) - 2 - icon.width - 6
    image.paste(icon, (left, mid - icon.height // 2))
    if not owed:
        return left
    said_owed = said(words, "image-kero-owed-places", count=owed)
    shown = fit(said_owed, SMALL, left - 14 - (MARGIN + 12) - TITLE_KEEPS, floor=FLOOR)
    room = across(MARGIN + 4, left - 4)
    put_label(image, shown.line, shown.size, (left - 14, mid), bg=PANEL, align="r", room=room)
    return left - 14 - round(text_width(shown.line, shown.size))


def _roll(image: Image.Image, state: KeroState, top: int, words: Words) -> None:
    """Every die of the roll with its face, and its number under it (burnt dice in fire)."""
    turn = state.turn
    for index, (colour, face) in enumerate(zip(turn.dice, turn.faces, strict=False)):
        x = die_x(index)
        in_air = face is None or index in turn.to_throw
        image.paste(
            die_face(state.box, colour, None if in_air else face, words), (x, top + DICE_TOP)
        )
        burnt = face == FLAME_FACE and not in_air
        caption = str(index + 1)
        if colour != WHITE_DIE:
            caption += " " + said(words, f"image-kero-die-letter-{colour}")
        put_label(
            image,
            caption,
            SMALL,
            (x + DIE // 2, top + CAPTION_Y),
            fill=FIRE if burnt else MUTED,
            bg=PANEL,
            room=_under(x),
        )


def _shack(image: Image.Image, state: KeroState, top: int, words: Words) -> None:
    """Before the roll: the special dice (cost, free by a tile, or taken), the fuel-ups."""
    turn, box = state.turn, state.box
    active = state.camps[state.active]
    free = {
        tile.effect.arg
        for tile_id in active.tiles
        if (tile := box.tiles[tile_id]).effect.kind == "free_die" and tile_id not in turn.tiles_used
    }
    cost = box.supply.special_die_cost.jerrycan
    for index, colour in enumerate(box.special):
        status = "taken" if colour in turn.dice else "free" if colour in free else "ready"
        x = die_x(index)
        image.paste(shack_die(colour, status == "taken", words), (x, top + DICE_TOP))
        caption = said(words, f"image-kero-shack-{status}", count=cost)
        shown = fit(caption, SMALL, DIE + DIE_GAP - 2, floor=FLOOR)
        at = (x + DIE // 2, top + CAPTION_Y)
        put_label(image, shown.line, shown.size, at, fill=MUTED, bg=PANEL, room=_under(x))
    texts = [said(words, "image-kero-fuel-ups", count=turn.fuel_ups, most=box.supply.max_fuel_ups)]
    if state.phase is Phase.FUELING and turn.fuel is not None:
        fuel = turn.fuel
        texts.append(said(words, "image-kero-fuelling", throws=fuel.throws, dice=fuel.dice))
    left = die_x(len(box.special)) + 8
    y = top + DICE_TOP + 16
    for text in texts:
        shown = fit(text, SMALL, RIGHT - left, floor=FLOOR, lines=2)
        for line in shown.lines:
            room = (left - 4, top, EDGE, top + TURN_H - 4)
            put_label(image, line, shown.size, (left, y), bg=PANEL, align="l", room=room)
            y += STACK
        y += STACK // 2


def _under(x: int) -> tuple[float, float, float, float]:
    """The room of a caption under the die at `x`: its column, half a gap either side."""
    return across(x - DIE_GAP // 2, x + DIE + DIE_GAP // 2)


def _foot(image: Image.Image, state: KeroState, top: int, words: Words) -> None:
    """The panel's last line: in the window, the whole seconds of KERO the last throw had used
    of what the tank was tipped with (its credits included); in camp, what is left to spend
    (the free Explorers owed are on the title's line: both would not fit here)."""
    turn, y, left = state.turn, top + FOOT_Y, MARGIN + 12
    window = turn.window
    if state.phase is Phase.ROLLING and window is not None:
        last = window.last_at if window.last_at is not None else window.tipped_at
        # Whole seconds: the message counts down live; here a figure that repeats draws once.
        spent, tipped = (
            (last - window.tipped_at) // 1000,
            (window.fuel_ms + window.credit_ms) // 1000,
        )
        used = said(words, "image-kero-used", used=spent, tipped=tipped)
        shown = fit(used, SMALL, RIGHT - left, floor=FLOOR)
        room = across(MARGIN + 4, EDGE)
        put_label(
            image, shown.line, shown.size, (left, y), fill=MUTED, bg=PANEL, align="l", room=room
        )
        return
    if state.phase is not Phase.CAMP:
        return
    chips = resource_chips(turn.pool, SMALL, PANEL, words, height=26)
    key = "image-kero-to-spend" if chips else "image-kero-nothing-to-spend"
    label = fit(said(words, key), SMALL, RIGHT - left, floor=FLOOR)
    room = across(MARGIN + 4, EDGE)
    left = put_label(image, label.line, label.size, (left, y), bg=PANEL, align="l", room=room) + 8
    for chip in chips:
        image.paste(chip, (left, y - chip.height // 2))
        left += chip.width + 4


@cache
@built
def shack_die(colour: str, taken: bool, words: Words) -> Image.Image:
    """A special die on the shack: its colour as fill and its letter; greyed once taken."""
    image = Image.new("RGB", (DIE, DIE), PANEL)
    draw = ImageDraw.Draw(image)
    fill = TAKEN_FILL if taken else DIE_FILL[colour]
    draw.rounded_rectangle(
        (0, 0, DIE - 1, DIE - 1), 12, fill=fill, outline=DIE_EDGE[colour], width=3
    )
    letter = words(f"image-kero-die-letter-{colour}")
    draw_text(image, (DIE / 2, DIE / 2), letter, LARGE, fill=MUTED if taken else INK)
    return image


def _die_of(box: Components, colour: str) -> tuple[Face, ...]:
    return box.white.faces if colour == WHITE_DIE else box.special[colour].faces


@cache
@built
def die_face(box: Components, colour: str, face_index: int | None, words: Words) -> Image.Image:
    """A die showing a face: resources as chips, a Tuarek as a face-down tile, an Explorer as a
    pawn, a flame as burnt (grey, fire-edged); None for a die in the air ("?")."""
    image = Image.new("RGB", (DIE, DIE), PANEL)
    draw = ImageDraw.Draw(image)
    face = None if face_index is None else _die_of(box, colour)[face_index]
    burnt = face is not None and face.flame
    fill = BURNT_FILL if burnt else DIE_FILL[colour]
    edge = FIRE if burnt else DIE_EDGE[colour]
    draw.rounded_rectangle(
        (0, 0, DIE - 1, DIE - 1), 12, fill=fill, outline=edge, width=5 if burnt else 3
    )
    mid = DIE // 2
    if face is None:
        draw_text(image, (mid, mid), words("image-kero-in-the-air"), 36, fill=MUTED)
    elif face.flame:
        draw_flame(draw, (mid - 16, 12, mid + 16, DIE - 12))
    elif face.tuarek:
        tile = face_down_tuarek(words, fill).convert("RGB")
        image.paste(tile, (mid - tile.width // 2, mid - tile.height // 2))
    elif face.explorer:
        draw_pawn(draw, (mid - 14, 12, mid + 14, DIE - 12), INK)
    else:
        chips = resource_chips(face.resources, SMALL, fill, words, height=25)
        top = (DIE - len(chips) * 27 + 2) // 2
        for index, chip in enumerate(chips):
            image.paste(chip.convert("RGB"), ((DIE - chip.width) // 2, top + index * 27))
    return image

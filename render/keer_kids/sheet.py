"""One player's sheet image, and the per-state drawing the table shares with it.

A sheet in a state is its static layer with the state's marks, name, points, pick and
chameleons pasted on; the table draws the active player's sheet the same way.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from games.keer_kids.actions import Action, Cross, Keep, Mark, Miss, Roll, Skip
from games.keer_kids.dice import PURPLE
from games.keer_kids.rules import Phase
from games.keer_kids.sheet import Sheet
from games.keer_kids.state import KeerState
from render.common import INK, MUTED, encode, said
from render.keer_kids.colours import PAPER, PURPLE_INK, RGB
from render.keer_kids.layout import SheetLayout, sheet_layout
from render.keer_kids.pen import enclosure_name, letters
from render.keer_kids.tiles import Sprites, die_tile, put_tile, sheet_sprites, write
from render.legibility import across
from render.text import fit, shorten
from words import Words


def die_letter(sheet: Sheet, face: str, words: Words) -> str:
    """What a die shows besides its colour: the letter (in the language) of the animal it
    crosses, '!' for purple."""
    return "!" if face == PURPLE else letters(sheet, words)[sheet.animal_of_colour(face).letter]


@dataclass(frozen=True, slots=True)
class LastRoll:
    """The roll the table shows: the one in progress, or the last one resolved."""

    number: int
    roller: int
    dice: tuple[str, ...]
    kept: int | None
    picks: dict[int, Action]
    in_progress: bool


def last_roll(state: KeerState) -> LastRoll | None:
    if state.dice is not None:
        picks = {s: c for s, c in enumerate(state.choices) if c is not None}
        return LastRoll(state.rolls, state.roller, state.dice, state.kept, picks, True)
    history = state.history
    for i in range(len(history) - 1, -1, -1):
        roll = history[i][1]
        if isinstance(roll, Roll):
            kept, roller, picks = None, state.roller, {}
            for seat, action in history[i + 1 :]:
                if isinstance(action, Keep):
                    kept, roller = action.die, seat
                elif isinstance(action, Cross | Mark | Skip | Miss):
                    picks[seat] = action
            return LastRoll(state.rolls, roller, roll.dice, kept, picks, False)
    return None


def pick_of(state: KeerState, seat: int, last: LastRoll, words: Words) -> tuple[str | None, str]:
    """(die face or None, text): the seat's pick for the roll shown."""
    if last.in_progress:
        if state.phase is Phase.KEEP:
            key = "image-keer-keeping" if seat == last.roller else "image-keer-waiting-roller"
        else:
            key = "image-keer-has-chosen" if seat in last.picks else "image-keer-choosing"
        return None, said(words, key)
    action = last.picks.get(seat)
    if isinstance(action, Cross):
        crossed = enclosure_name(state.sheet, action.enclosure, words)
        return last.dice[action.die], said(words, "image-keer-crossed", enclosure=crossed)
    if isinstance(action, Mark):
        if action.chameleon:
            crossed = enclosure_name(state.sheet, action.chameleon, words)
            return last.dice[action.die], said(
                words, "image-keer-marked-chameleon", enclosure=crossed
            )
        return last.dice[action.die], said(words, "image-keer-marked")
    no_pick = _NO_PICK.get(type(action))
    return None, said(words, no_pick) if no_pick else ""


_NO_PICK: dict[type, str] = {Skip: "image-keer-skipped", Miss: "image-keer-missed"}
"""What the sheet says for a roll in which the seat crossed nothing."""


@dataclass(frozen=True, slots=True)
class Panel:
    """One sheet on an image: its tiles, its layout, and where its top-left corner goes."""

    sprites: Sprites
    lay: SheetLayout
    origin: tuple[int, int]


def draw_sheet_state(
    image: Image.Image,
    panel: Panel,
    state: KeerState,
    seat: int,
    *,
    name: str,
    last: LastRoll | None,
    words: Words,
) -> None:
    """Paste one seat's marks, name, points, pick and chameleons onto a copy of the static
    layer."""
    _draw_header(image, panel, state, seat, name=name, last=last, words=words)
    _draw_marks(image, panel, state, seat)
    _draw_chameleons(image, panel, state, seat, words)


def _draw_header(
    image: Image.Image,
    panel: Panel,
    state: KeerState,
    seat: int,
    *,
    name: str,
    last: LastRoll | None,
    words: Words,
) -> None:
    """The name and points on one line; under them, the seat's pick for the roll shown."""
    lay, (ox, oy) = panel.lay, panel.origin
    points = said(words, "image-keer-points", count=state.circles(seat).total)
    right = ox + lay.width - lay.pad
    head = across(ox + lay.pad // 2, right + lay.pad // 2)
    xy = (right, oy + lay.name_y)
    points_w = write(image, xy, points, lay.f_name, bg=PAPER, anchor="rm", bold=True, room=head)
    shown = shorten(name, lay.f_name, lay.width - 2 * lay.pad - points_w - 16)
    room = across(ox + lay.pad // 2, right - points_w - 8)
    xy = (ox + lay.pad, oy + lay.name_y)
    write(image, xy, shown, lay.f_name, bg=PAPER, anchor="lm", bold=True, room=room)
    if last is not None:
        xy = (ox + lay.pad, oy + lay.pick_y)
        draw_pick(
            image,
            xy,
            state,
            seat,
            last,
            room=lay.width - 2 * lay.pad,
            size=lay.f_small,
            floor=lay.f_floor,
            die=lay.pick_die,
            bg=PAPER,
            words=words,
        )


def draw_pick(
    image: Image.Image,
    xy: tuple[int, int],
    state: KeerState,
    seat: int,
    last: LastRoll,
    *,
    room: int,
    size: int,
    floor: int,
    die: int,
    bg: RGB,
    words: Words,
) -> None:
    """A seat's pick for the roll shown, from `xy` (left, middle): the die it used, if any, and
    what it did (while the roll is in progress, only whether it has chosen)."""
    face, text = pick_of(state, seat, last, words)
    x, y = xy
    if face is not None:
        letter = die_letter(state.sheet, face, words)
        tile = die_tile(letter, face, die, bg, kept=False, em=size)
        image.paste(tile, (x, y - tile.height // 2))
        x += tile.width + 10
    shown = fit(text, size, xy[0] + room - x, floor=floor)
    line = across(xy[0] - 4, xy[0] + room + 4)
    ink = INK if face else MUTED
    write(image, (x, y), shown.line, shown.size, bg=bg, fill=ink, anchor="lm", room=line)


def _draw_marks(image: Image.Image, panel: Panel, state: KeerState, seat: int) -> None:
    sheet, player = state.sheet, state.players[seat]
    sprites, origin = panel.sprites, panel.origin
    # Crossed enclosures: an X on every square (purple where a chameleon crossed it).
    by_chameleon = 0
    for index in player.chameleons:
        by_chameleon |= 1 << index
    crossed = player.crossed
    for enclosure in sheet.enclosures:
        if crossed >> enclosure.index & 1:
            purple = by_chameleon >> enclosure.index & 1
            tiles = sprites.chameleon_crossed if purple else sprites.crossed
            for r, c in enclosure.squares:
                put_tile(image, tiles[r][c], origin)
    # Visitors (circled if won, struck out if gone to someone else) and buckets.
    gone = state.visitors_gone & ~player.visitors
    for column in range(sheet.columns):
        if player.visitors >> column & 1:
            put_tile(image, sprites.visitor_circled[column], origin)
        elif gone >> column & 1:
            put_tile(image, sprites.visitor_gone[column], origin)
        if player.columns >> column & 1:
            put_tile(image, sprites.buckets[column], origin)
    # Food of complete animals, and the exclamation marks crossed.
    for i, animal in enumerate(sheet.animals):
        if animal.letter in player.animals:
            put_tile(image, sprites.food[i], origin)
    for m in range(min(player.marks, len(sprites.marks))):
        put_tile(image, sprites.marks[m], origin)


def _draw_chameleons(
    image: Image.Image, panel: Panel, state: KeerState, seat: int, words: Words
) -> None:
    """Under each completed chameleon, the enclosure it crossed (or that it was lost)."""
    sheet, player = state.sheet, state.players[seat]
    lay, (ox, oy) = panel.lay, panel.origin
    for k in range(min(player.marks // sheet.marks_per_chameleon, len(lay.chameleons))):
        used = k < len(player.chameleons)
        if used:
            crossed = enclosure_name(sheet, sheet.enclosures[player.chameleons[k]].id, words)
            text = said(words, "image-keer-chameleon-used", enclosure=crossed)
        else:
            text = said(words, "image-keer-chameleon-lost")
        shown = fit(text, lay.f_small, lay.cham_room, floor=lay.f_floor)
        x, y = lay.chameleons[k].label
        half = lay.cham_room / 2 + 3
        room = across(ox + x - half, ox + x + half)
        xy = (ox + x, oy + y)
        write(image, xy, shown.line, shown.size, bg=PAPER, fill=PURPLE_INK, bold=used, room=room)


def sheet_image(
    state: KeerState,
    seat: int,
    *,
    words: Words,
    scale: float = 1.0,
    name: str | None = None,
) -> Image.Image:
    """One player's sheet in a language (800 px wide at scale 1; a palette image)."""
    if not 0 <= seat < state.num_players:
        raise ValueError(f"seat {seat} is not in this match of {state.num_players} players")
    sprites = sheet_sprites(state.sheet, scale, words)
    panel = Panel(sprites, sheet_layout(state.sheet, scale), (0, 0))
    image = panel.sprites.base.copy()
    shown = (
        name.strip() if name and name.strip() else said(words, "image-keer-player", seat=seat + 1)
    )
    draw_sheet_state(image, panel, state, seat, name=shown, last=last_roll(state), words=words)
    return image


def sheet_png(
    state: KeerState,
    seat: int,
    *,
    words: Words,
    scale: float = 1.0,
    name: str | None = None,
) -> bytes:
    """`sheet_image` as PNG bytes."""
    return encode(sheet_image(state, seat, words=words, scale=scale, name=name))

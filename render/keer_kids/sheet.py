"""One player's sheet image, and the per-state drawing the table shares with it.

A sheet in a state is its static layer with the state's marks, name, pick and score
pasted on; the table draws every seat's sheet the same way.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from games.keer_kids.actions import Action, Cross, Keep, Mark, Miss, Roll, Skip
from games.keer_kids.dice import PURPLE
from games.keer_kids.rules import Phase
from games.keer_kids.sheet import Sheet
from games.keer_kids.state import KeerState
from render.common import CIRCLE, INK, MUTED, encode, said
from render.keer_kids.colours import PAPER, PURPLE_INK, WHITE
from render.keer_kids.layout import (
    MIN_TEXT,
    SheetLayout,
    score_line_y,
    score_split,
    sheet_layout,
)
from render.keer_kids.pen import enclosure_name, letters
from render.keer_kids.tiles import Sprites, die_tile, put_tile, sheet_sprites, write
from render.text import shorten
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


def _pick(state: KeerState, seat: int, last: LastRoll, words: Words) -> tuple[str | None, str]:
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
    """Paste one seat's marks, name, pick and score onto a copy of the static layer."""
    _draw_header(image, panel, state, seat, name=name, last=last, words=words)
    _draw_marks(image, panel, state, seat)
    _draw_score(image, panel, state, seat, words)


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
    lay, (ox, oy) = panel.lay, panel.origin
    header_y = oy + lay.header_h // 2
    points = said(words, "image-keer-points", count=state.circles(seat).total)
    right = ox + lay.width - lay.pad
    points_w = write(image, (right, header_y), points, lay.f_name, bg=PAPER, anchor="rm")
    shown = shorten(name, lay.f_name, lay.pick_x - lay.pad - 12)
    write(image, (ox + lay.pad, header_y), shown, lay.f_name, bg=PAPER, anchor="lm", bold=True)
    if last is None:
        return
    face, text = _pick(state, seat, last, words)
    x = ox + lay.pick_x
    if face is not None:
        letter = die_letter(state.sheet, face, words)
        die = die_tile(letter, face, lay.header_h - 14, PAPER, kept=False, words=words)
        image.paste(die, (x, header_y - die.height // 2))
        x += die.width + 8
    text = shorten(text, lay.f_small, right - points_w - 16 - x)
    colour = INK if face else MUTED
    write(image, (x, header_y), text, lay.f_small, bg=PAPER, fill=colour, anchor="lm")


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


def _draw_score(
    image: Image.Image, panel: Panel, state: KeerState, seat: int, words: Words
) -> None:
    sheet, player = state.sheet, state.players[seat]
    lay, (ox, oy) = panel.lay, panel.origin
    # What each completed chameleon crossed.
    for k in range(min(player.marks // sheet.marks_per_chameleon, len(lay.chameleons))):
        _, marks, label_y = lay.chameleons[k]
        used = k < len(player.chameleons)
        if used:
            crossed = enclosure_name(sheet, sheet.enclosures[player.chameleons[k]].id, words)
            text = said(words, "image-keer-chameleon-used", enclosure=crossed)
        else:
            text = said(words, "image-keer-chameleon-lost")
        room = marks[-1][2] - marks[0][0] + 2 * (lay.cham_x + lay.cham_w - marks[-1][2])
        text = shorten(text, MIN_TEXT, room)
        xy = (ox + (marks[0][0] + marks[-1][2]) // 2, oy + label_y)
        write(image, xy, text, MIN_TEXT, bg=PAPER, fill=PURPLE_INK, bold=used)
    # The total and the circles by kind.
    circles = state.circles(seat)
    box = lay.score_box
    split = score_split(lay)
    total_xy = (ox + (box[0] + split) // 2, oy + (box[1] + box[3]) // 2 + lay.f_small // 2)
    write(image, total_xy, str(circles.total), lay.f_big, bg=WHITE, bold=True)
    for i, value in enumerate((circles.buckets, circles.visitors, circles.food)):
        xy = (ox + box[2] - 12, oy + score_line_y(lay, i))
        write(image, xy, str(value), lay.f_small, bg=WHITE, fill=CIRCLE, anchor="rm", bold=True)


def sheet_image(
    state: KeerState,
    seat: int,
    *,
    words: Words,
    scale: float = 1.0,
    name: str | None = None,
) -> Image.Image:
    """One player's sheet in a language (about 1000 px wide at scale 1; a palette image)."""
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

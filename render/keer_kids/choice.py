"""A player's sheet as their choice for one die shows it: every enclosure the die may cross
framed and lettered — A, B, C… as the bot's options are — and their pick so far dashed.

A five-year-old cannot be asked to map "C4" to a square: the frame shows where, the letter says
which option it is (the model is Noch mal!'s online table, which frames every field a player may
cross). The letters are the options' order (`offered`), so the bot and the image agree by
construction.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Final

from PIL import Image, ImageDraw

from games.keer_kids import Cross, KeerState, Mark
from games.keer_kids.rules import choice_options
from games.keer_kids.sheet import Sheet
from render.common import HIGHLIGHT, INK, encode, said
from render.keer_kids.layout import SheetLayout, sheet_layout
from render.keer_kids.sheet import sheet_image
from render.keer_kids.tiles import shared_palette, write
from words import Words

FRAME: Final = 9
"""A framed enclosure's border, in pixels at scale 1: ink, with a highlight line inside it
(`GLOW`), so it stands out from the sheet's own enclosure borders on every animal colour."""
GLOW: Final = 3
DASH: Final = (10, 9)
"""The pending pick's border: pixels drawn, pixels left."""
BADGE: Final = 19
"""A letter badge's radius at scale 1."""


def offered(state: KeerState, seat: int, die: int) -> list[Cross | Mark]:
    """What the seat is offered for this die, in the options' order: every legal choice but
    the pick they already made (choosing it again would change nothing)."""
    current = state.choices[seat]
    return [a for a in choice_options(state, seat, die) if a != current]


def option_letter(index: int, words: Words) -> str:
    """The option's letter in the language's alphabet (image-keer-option-letters: A…Z), then
    two of them (AA, AB…) past its end."""
    letters = said(words, "image-keer-option-letters")
    n = len(letters)
    return letters[index] if index < n else letters[index // n - 1] + letters[index % n]


def target(action: Cross | Mark | object) -> str | None:
    """The enclosure a pick crosses (a chameleon's for a mark that earns one), if any."""
    if isinstance(action, Cross):
        return action.enclosure
    if isinstance(action, Mark):
        return action.chameleon
    return None


def framed(state: KeerState, seat: int, die: int, words: Words) -> list[tuple[str, str]]:
    """(letter, enclosure id) of each enclosure the image frames, in option order (a mark
    without a chameleon frames none)."""
    return [
        (option_letter(i, words), where)
        for i, action in enumerate(offered(state, seat, die))
        if (where := target(action)) is not None
    ]


def choice_box(lay: SheetLayout) -> tuple[int, int, int, int]:
    """The part of the sheet a choice shows: the visitors, the grid and the buckets (its name,
    points, food and chameleons are in the message's words or not at stake)."""
    return (0, lay.header_h, lay.width, lay.food[0][0][1] - 6 if lay.food else lay.height)


def choice_image(
    state: KeerState, seat: int, die: int, *, words: Words, name: str | None = None
) -> Image.Image:
    """The seat's sheet (as `sheet_image` draws it) with the die's choices framed and lettered
    and the seat's pick so far dashed, cut to its visitors, grid and buckets (`choice_box`: the
    image a member gets at every die click stays small; a palette image)."""
    image = sheet_image(state, seat, words=words, name=name)
    lay = sheet_layout(state.sheet, 1.0)
    on = _On(image, ImageDraw.Draw(image), lay, state.sheet)
    pending = target(state.choices[seat])
    if pending is not None:
        _border(on, pending, FRAME - 2, INK, dashed=True)
    frames = framed(state, seat, die, words)
    for _, where in frames:
        _border(on, where, FRAME, INK, dashed=False)
    for _, where in frames:  # the highlight over every ink border: where two touch, both show
        _border(on, where, GLOW, HIGHLIGHT, dashed=False)
    for letter, where in frames:
        _badge(on, where, letter)
    return image.crop(choice_box(lay))


def own_sheet_image(
    state: KeerState, seat: int, *, words: Words, name: str | None = None
) -> Image.Image:
    """A player's own sheet as only they see it: `sheet_image` with their pick of the open roll
    so far dashed (everyone else's view of it shows only that they have chosen)."""
    image = sheet_image(state, seat, words=words, name=name)
    pending = target(state.choices[seat])
    if pending is not None:
        on = _On(image, ImageDraw.Draw(image), sheet_layout(state.sheet, 1.0), state.sheet)
        _border(on, pending, FRAME - 2, INK, dashed=True)
    return image


def own_sheet_png(state: KeerState, seat: int, *, words: Words, name: str | None = None) -> bytes:
    """`own_sheet_image` as PNG bytes."""
    return encode(own_sheet_image(state, seat, words=words, name=name))


def choice_png(
    state: KeerState, seat: int, die: int, *, words: Words, name: str | None = None
) -> bytes:
    """`choice_image` as PNG bytes."""
    return encode(choice_image(state, seat, die, words=words, name=name))


@dataclass(frozen=True, slots=True)
class _On:
    """What the frames are drawn on: the sheet image, its layout and the sheet's data."""

    image: Image.Image
    draw: ImageDraw.ImageDraw
    lay: SheetLayout
    sheet: Sheet


def _border(
    on: _On, enclosure_id: str, width: int, colour: tuple[int, int, int], *, dashed: bool
) -> None:
    """The enclosure's outline, `width` px: each side of its squares no square of it shares."""
    draw, lay = on.draw, on.lay
    enclosure = on.sheet.enclosure(enclosure_id)
    assert enclosure is not None
    squares, ink, half = set(enclosure.squares), _ink(colour), width // 2
    for r, c in enclosure.squares:
        x0, y0, x1, y1 = lay.cell_box(r, c)
        sides = (
            ((r - 1, c), (x0, y0, x1, y0)),
            ((r + 1, c), (x0, y1, x1, y1)),
            ((r, c - 1), (x0, y0, x0, y1)),
            ((r, c + 1), (x1, y0, x1, y1)),
        )
        for neighbour, (ax, ay, bx, by) in sides:
            if neighbour in squares:
                continue
            grow = 0 if dashed else half  # whole sides meet at the corners; dashes stay apart
            for sx, sy, ex, ey in _segments(ax, ay, bx, by, dashed):
                if sy == ey:
                    draw.rectangle((sx - grow, sy - half, ex + grow, ey + half), fill=ink)
                else:
                    draw.rectangle((sx - half, sy - grow, ex + half, ey + grow), fill=ink)


def _segments(ax: int, ay: int, bx: int, by: int, dashed: bool) -> list[tuple[int, int, int, int]]:
    """A side whole, or cut into dashes."""
    if not dashed:
        return [(ax, ay, bx, by)]
    on, off = DASH
    length, horizontal = (bx - ax) or (by - ay), ay == by
    out = []
    for start in range(0, length, on + off):
        end = min(length, start + on)
        if horizontal:
            out.append((ax + start, ay, ax + end, ay))
        else:
            out.append((ax, ay + start, ax, ay + end))
    return out


def _badge(on: _On, enclosure_id: str, letter: str) -> None:
    """The option's letter in a round badge on the enclosure's top-left corner."""
    lay = on.lay
    enclosure = on.sheet.enclosure(enclosure_id)
    assert enclosure is not None
    r, c = min(enclosure.squares)
    x, y = lay.cell_box(r, c)[:2]
    cx, cy = x + 4, y + 4  # on the corner: the enclosure's name in the square stays legible
    box = (cx - BADGE, cy - BADGE, cx + BADGE, cy + BADGE)
    on.draw.ellipse(box, fill=_ink(HIGHLIGHT), outline=_ink(INK), width=3)
    write(on.image, (cx, cy), letter, lay.f_letter, bg=HIGHLIGHT, fill=INK, bold=True)


@cache
def _ink(rgb: tuple[int, int, int]) -> int:
    """The shared palette's entry nearest to a colour (the palette is full: nothing is added)."""
    values = shared_palette().getpalette() or []
    entries = [tuple(values[i : i + 3]) for i in range(0, len(values) - 2, 3)]
    return min(
        range(len(entries)),
        key=lambda i: sum((a - b) ** 2 for a, b in zip(entries[i], rgb, strict=True)),
    )

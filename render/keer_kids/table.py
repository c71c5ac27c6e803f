"""The table image: every player's sheet under a band with the last roll and the status.

The table shows each player's pick for the last roll once the roll has resolved. While a
roll is in progress it only says who has chosen: the choices are simultaneous, and a public
image must not give them away before everyone has chosen.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from PIL import Image

from games.keer_kids.dice import PURPLE
from games.keer_kids.rules import Phase
from games.keer_kids.sheet import Sheet
from games.keer_kids.state import KeerState
from render.common import BACKGROUND, GRID, INK, MUTED, canvas, encode
from render.keer_kids.colours import FACE_RGB, PAPER
from render.keer_kids.layout import MIN_TEXT, TABLE_SCALE, TableLayout, table_layout
from render.keer_kids.pen import Pen, named, seat_name
from render.keer_kids.sheet import LastRoll, Panel, die_letter, draw_sheet_state, last_roll
from render.keer_kids.static import sheet_rgb
from render.keer_kids.tiles import die_tile, quantize, sheet_sprites, write
from render.text import shorten


@cache
def table_static(sheet: Sheet, players: int) -> Image.Image:
    """The table without any state: every sheet's static layer and the legend (cached)."""
    tab = table_layout(sheet, players)
    image = canvas(tab.width, tab.height)
    layer = sheet_rgb(sheet, TABLE_SCALE)
    for origin in tab.origins:
        image.paste(layer, origin)
    if tab.legend is not None:
        _draw_legend(image, sheet, tab)
    pen = Pen(image)
    pen.text((tab.dice_x - 18, 12 + tab.die / 2), "dice:", tab.f_status, MUTED, anchor="rm")
    return quantize(image)


def _draw_legend(image: Image.Image, sheet: Sheet, tab: TableLayout) -> None:
    assert tab.legend is not None
    lay = tab.sheet
    x0, y0 = tab.legend
    pen = Pen(image)
    pen.rounded(
        (x0 + 1, y0 + 1, x0 + lay.width - 2, y0 + lay.height - 2), 8, fill=PAPER, outline=GRID
    )
    size, line = 16, 25
    x, y = x0 + 20, y0 + 28
    pen.text((x, y), "How to read a sheet", 20, INK, anchor="lm", bold=True)
    y += line + 4
    for animal in sheet.animals:
        pen.rounded((x, y - 11, x + 22, y + 11), 3, fill=FACE_RGB[animal.colour], outline=INK)
        pen.text((x + 11, y + 1), animal.letter, MIN_TEXT)
        pen.text((x + 32, y), f"{animal.name}: the {animal.colour} die", size, INK, anchor="lm")
        y += line
    pen.rounded((x, y - 11, x + 22, y + 11), 3, fill=FACE_RGB[PURPLE], outline=INK)
    pen.text((x + 11, y + 1), "!", MIN_TEXT)
    pen.text((x + 32, y), "purple die: cross a ! (every 2nd: a chameleon)", size, INK, anchor="lm")
    y += line + 6
    notes = (
        "X: crossed (purple X: crossed by a chameleon)",
        "red circles are points: buckets, visitors, food",
        f"column {sheet.star_column + 1} has the stars: start there",
    )
    for note in notes:
        pen.text((x, y), note, size, MUTED, anchor="lm")
        y += line
    y += 6
    pen.text((x, y), "Visitors by column", 18, INK, anchor="lm", bold=True)
    y += line
    half = (len(sheet.visitors) + 1) // 2
    column_w = (lay.width - 40) // 2
    for i, visitor in enumerate(sheet.visitors):
        text = shorten(f"{i + 1}. {visitor}", MIN_TEXT, column_w - 8)
        pen.text(
            (x + (i // half) * column_w, y + (i % half) * 21), text, MIN_TEXT, MUTED, anchor="lm"
        )


def table_image(state: KeerState, names: Sequence[str]) -> Image.Image:
    """Every player's sheet with name, pick and score, under the last roll (≤ 2000 px wide)."""
    sheet = state.sheet
    tab = table_layout(sheet, state.num_players)
    sprites = sheet_sprites(sheet, TABLE_SCALE)
    image = table_static(sheet, state.num_players).copy()
    last = last_roll(state)
    for seat, origin in enumerate(tab.origins):
        panel = Panel(sprites, tab.sheet, origin)
        draw_sheet_state(image, panel, state, seat, name=seat_name(names, seat), last=last)
    _draw_band(image, state, names, tab, last)
    return image


def _draw_band(
    image: Image.Image,
    state: KeerState,
    names: Sequence[str],
    tab: TableLayout,
    last: LastRoll | None,
) -> None:
    x = tab.sheet.pad
    limit = tab.dice_x - 90 - x
    if last is None:
        title = f"Keer op Keer Kids · {named(names, state.roller)} rolls first"
    else:
        title = f"Roll {last.number} · {named(names, last.roller)} rolled"
    title = shorten(title, tab.f_title, limit)
    status = shorten(_status(state, names), tab.f_status, limit)
    write(
        image,
        (x, tab.band_h * 0.32),
        title,
        tab.f_title,
        bg=BACKGROUND,
        fill=INK,
        anchor="lm",
        bold=True,
    )
    write(
        image, (x, tab.band_h * 0.72), status, tab.f_status, bg=BACKGROUND, fill=MUTED, anchor="lm"
    )
    if last is None:
        write(
            image,
            (tab.dice_x, 12 + tab.die // 2),
            "no roll yet",
            tab.f_status,
            bg=BACKGROUND,
            fill=MUTED,
            anchor="lm",
        )
        return
    for d, face in enumerate(last.dice):
        kept = d == last.kept
        tile = die_tile(die_letter(state.sheet, face), face, tab.die, BACKGROUND, kept)
        ring = 7 if kept else 0
        image.paste(tile, (tab.dice_x + d * (tab.die + tab.die_gap) - ring, 12 - ring))


def _status(state: KeerState, names: Sequence[str]) -> str:
    if state.phase is Phase.OVER:
        outcome = state.outcome()
        assert outcome is not None
        winners = " and ".join(named(names, s) for s in sorted(outcome.winners))
        return f"Game over: {winners} win{'s' if len(outcome.winners) == 1 else ''}"
    if state.phase is Phase.ROLL:
        return f"Next: {named(names, state.roller)} rolls"
    waiting = ", ".join(named(names, s) for s in state.seats_to_act())
    return f"Waiting for {waiting}"


def table_png(state: KeerState, names: Sequence[str]) -> bytes:
    """`table_image` as PNG bytes."""
    return encode(table_image(state, names))

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
from render.common import BACKGROUND, GRID, INK, MUTED, canvas, encode, said
from render.keer_kids.colours import FACE_RGB, PAPER, RGB
from render.keer_kids.layout import MIN_TEXT, TABLE_SCALE, TableLayout, table_layout
from render.keer_kids.pen import Pen, letters, named, seat_name
from render.keer_kids.sheet import LastRoll, Panel, die_letter, draw_sheet_state, last_roll
from render.keer_kids.static import sheet_rgb
from render.keer_kids.tiles import die_tile, quantize, sheet_sprites, write
from render.text import shorten, text_width
from words import Words


@cache
def table_static(sheet: Sheet, players: int, words: Words) -> Image.Image:
    """The table without any state: every sheet's static layer and the legend, in a language
    (cached)."""
    tab = table_layout(sheet, players)
    image = canvas(tab.width, tab.height)
    layer = sheet_rgb(sheet, TABLE_SCALE, words)
    for origin in tab.origins:
        image.paste(layer, origin)
    if tab.legend is not None:
        _draw_legend(image, sheet, tab, words)
    pen = Pen(image)
    dice = shorten(words("image-keer-dice"), tab.f_status, 150)
    pen.text((tab.dice_x - 18, 12 + tab.die / 2), dice, tab.f_status, MUTED, anchor="rm")
    return quantize(image)


def _draw_legend(image: Image.Image, sheet: Sheet, tab: TableLayout, words: Words) -> None:
    assert tab.legend is not None
    lay = tab.sheet
    x0, y0 = tab.legend
    pen = Pen(image)
    pen.rounded(
        (x0 + 1, y0 + 1, x0 + lay.width - 2, y0 + lay.height - 2), 8, fill=PAPER, outline=GRID
    )
    size, line = 16, 25
    x, y = x0 + 20, y0 + 28
    room = lay.width - 40

    def say(xy: tuple[float, float], text: str, size: int, fill: RGB, bold: bool = False) -> None:
        shown = shorten(text, size, room - (xy[0] - x))
        pen.text(xy, shown, size, fill, anchor="lm", bold=bold)

    say((x, y), words("image-keer-legend-heading"), 20, INK, bold=True)
    y += line + 4
    drawn = letters(sheet, words)
    for animal in sheet.animals:
        pen.rounded((x, y - 11, x + 22, y + 11), 3, fill=FACE_RGB[animal.colour], outline=INK)
        pen.text((x + 11, y + 1), drawn[animal.letter], MIN_TEXT)
        name = words(f"animal-{animal.name}")
        say(
            (x + 32, y),
            words("image-keer-legend-animal", animal=name, colour=animal.colour),
            size,
            INK,
        )
        y += line
    pen.rounded((x, y - 11, x + 22, y + 11), 3, fill=FACE_RGB[PURPLE], outline=INK)
    pen.text((x + 11, y + 1), "!", MIN_TEXT)
    say((x + 32, y), words("image-keer-legend-purple"), size, INK)
    y += line + 6
    notes = (
        words("image-keer-legend-crossed"),
        words("image-keer-legend-circles"),
        words("image-keer-legend-stars", column=sheet.star_column + 1),
    )
    for note in notes:
        say((x, y), note, size, MUTED)
        y += line
    y += 6
    say((x, y), words("image-keer-legend-visitors"), 18, INK, bold=True)
    y += line
    half = (len(sheet.visitors) + 1) // 2
    column_w = (lay.width - 40) // 2
    for i in range(len(sheet.visitors)):
        visitor = words(f"visitor-{i + 1}")
        text = words("image-keer-legend-visitor", column=i + 1, visitor=visitor)
        text = shorten(text, MIN_TEXT, column_w - 8)
        pen.text(
            (x + (i // half) * column_w, y + (i % half) * 21), text, MIN_TEXT, MUTED, anchor="lm"
        )


def table_image(state: KeerState, names: Sequence[str], *, words: Words) -> Image.Image:
    """Every player's sheet with name, pick and score, under the last roll (≤ 2000 px wide),
    in a language."""
    sheet = state.sheet
    tab = table_layout(sheet, state.num_players)
    sprites = sheet_sprites(sheet, TABLE_SCALE, words)
    image = table_static(sheet, state.num_players, words).copy()
    last = last_roll(state)
    for seat, origin in enumerate(tab.origins):
        panel = Panel(sprites, tab.sheet, origin)
        name = seat_name(names, seat, words)
        draw_sheet_state(image, panel, state, seat, name=name, last=last, words=words)
    _draw_band(image, state, names, tab, last, words=words)
    return image


def _draw_band(
    image: Image.Image,
    state: KeerState,
    names: Sequence[str],
    tab: TableLayout,
    last: LastRoll | None,
    *,
    words: Words,
) -> None:
    x = tab.sheet.pad
    dice_label = text_width(said(words, "image-keer-dice"), tab.f_status)
    limit = tab.dice_x - 34 - max(56, min(150, dice_label)) - x
    if last is None:
        title = said(words, "image-keer-rolls-first", name=named(names, state.roller, words))
    else:
        roller = named(names, last.roller, words)
        title = said(words, "image-keer-rolled", number=last.number, name=roller)
    title = shorten(title, tab.f_title, limit)
    status = shorten(_status(state, names, words), tab.f_status, limit)
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
            shorten(said(words, "image-keer-no-roll"), tab.f_status, tab.width - tab.dice_x - 8),
            tab.f_status,
            bg=BACKGROUND,
            fill=MUTED,
            anchor="lm",
        )
        return
    for d, face in enumerate(last.dice):
        kept = d == last.kept
        letter = die_letter(state.sheet, face, words)
        tile = die_tile(letter, face, tab.die, BACKGROUND, kept=kept, words=words)
        ring = 7 if kept else 0
        image.paste(tile, (tab.dice_x + d * (tab.die + tab.die_gap) - ring, 12 - ring))


def _status(state: KeerState, names: Sequence[str], words: Words) -> str:
    if state.phase is Phase.OVER:
        outcome = state.outcome()
        assert outcome is not None
        winners = words.join([named(names, s, words) for s in sorted(outcome.winners)])
        return said(words, "image-keer-game-over", winners=winners, count=len(outcome.winners))
    if state.phase is Phase.ROLL:
        return said(words, "image-keer-next", name=named(names, state.roller, words))
    waiting = words.join([named(names, s, words) for s in state.seats_to_act()])
    return said(words, "image-keer-waiting", names=waiting)


def table_png(state: KeerState, names: Sequence[str], *, words: Words) -> bytes:
    """`table_image` as PNG bytes."""
    return encode(table_image(state, names, words=words))

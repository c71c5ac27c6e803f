"""The table image (the active player's sheet, the others' summaries) and its strip (the roll:
who rolled, the dice, the die kept, who is still choosing).

The active player is the roller (at the end of a match, the leader): their sheet is drawn as
the sheet image draws it, full width. Every other player gets a card (render.keer_kids.summary).
Each player can see their own sheet, large, through the bot's "My sheet".

They are two images because they change at different times: the sheets only when a roll
resolves, the strip at the roll, the keep and the resolution. The bot draws the table once per
roll (at the state the roll began from, where the headers show the last resolved roll's picks)
and the small strip at every step, so a roll costs one large image, not three. The strip shows
the roll: who rolled, the dice (each with its letter), and the die the roller kept, ringed and
captioned, once kept. Picks are shown only once the roll has resolved; while a roll is in
progress the strip only says who is still choosing: the choices are simultaneous, and a public
image must not give them away before everyone has chosen.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from PIL import Image

from games.keer_kids.rules import Phase
from games.keer_kids.sheet import Sheet
from games.keer_kids.state import KeerState
from render.common import BACKGROUND, MUTED, canvas, encode, said
from render.keer_kids.layout import FLOOR, TABLE_SCALE, TableLayout, table_layout
from render.keer_kids.pen import seat_name
from render.keer_kids.results import ranking
from render.keer_kids.sheet import LastRoll, Panel, die_letter, draw_sheet_state, last_roll
from render.keer_kids.static import sheet_rgb
from render.keer_kids.summary import draw_card, draw_summary
from render.keer_kids.tiles import DIE_RING, die_tile, quantize, sheet_sprites, write
from render.legibility import across
from render.text import fit, fit_names, text_width
from words import Words, isolate


@cache
def table_static(sheet: Sheet, players: int, words: Words) -> Image.Image:
    """The table without any state: the sheet's static layer and the others' empty cards, in a
    language (cached)."""
    tab = table_layout(sheet, players)
    image = canvas(tab.width, tab.height)
    image.paste(sheet_rgb(sheet, TABLE_SCALE, words), tab.sheet_origin)
    for origin in tab.summaries:
        draw_card(image, sheet, tab.summary, origin, words)
    return quantize(image)


def active_seat(state: KeerState) -> int:
    """Whose sheet the table shows large: the roller's, or at the end the leader's."""
    if state.phase is Phase.OVER:
        return ranking(state)[1][0]
    return state.roller


def shown_seats(state: KeerState) -> tuple[int, ...]:
    """The seats in the order the table shows them: the active player, then the others in
    turn order after them."""
    first, n = active_seat(state), state.num_players
    return tuple((first + i) % n for i in range(n))


def table_image(state: KeerState, names: Sequence[str], *, words: Words) -> Image.Image:
    """The active player's sheet and the others' summaries, 800 px wide (a palette image), in a
    language."""
    sheet = state.sheet
    tab = table_layout(sheet, state.num_players)
    image = table_static(sheet, state.num_players, words).copy()
    last = last_roll(state)
    active, *others = shown_seats(state)
    panel = Panel(sheet_sprites(sheet, TABLE_SCALE, words), tab.sheet, tab.sheet_origin)
    name = seat_name(names, active, words)
    draw_sheet_state(image, panel, state, active, name=name, last=last, words=words)
    for seat, origin in zip(others, tab.summaries, strict=True):
        name = seat_name(names, seat, words)
        draw_summary(image, origin, tab.summary, state, seat, name=name, last=last, words=words)
    return image


def strip_image(state: KeerState, names: Sequence[str], *, words: Words) -> Image.Image:
    """The roll above the table: who rolled, the dice, the die kept, who is still choosing;
    as wide as the table (a palette image), in a language."""
    tab = table_layout(state.sheet, state.num_players)
    image = _blank_strip(tab.width, tab.band_h).copy()
    _draw_band(image, state, names, tab, last_roll(state), words=words)
    return image


@cache
def _blank_strip(width: int, height: int) -> Image.Image:
    """An empty strip in the shared palette (cached: never drawn on)."""
    return quantize(canvas(width, height))


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
    if last is None:
        key, seat, number = "image-keer-rolls-first", state.roller, 0
    else:
        key, seat, number = "image-keer-rolled", last.roller, last.number
    title = fit_names(
        lambda shown: said(words, key, number=number, name=isolate(shown[0])),
        [seat_name(names, seat, words)],
        tab.f_title,
        tab.text_room,
    )
    status = _status(state, names, words, tab)
    band = across(x - 8, tab.dice_x - 8)
    xy = (x, tab.title_y)
    write(image, xy, title, tab.f_title, bg=BACKGROUND, anchor="lm", bold=True, room=band)
    xy = (x, tab.status_y)
    write(image, xy, status, tab.f_status, bg=BACKGROUND, fill=MUTED, anchor="lm", room=band)
    if last is None:
        room = tab.width - x - tab.dice_x
        no_roll = fit(said(words, "image-keer-no-roll"), tab.f_status, room, floor=FLOOR)
        xy = (tab.width - x, tab.dice_y + tab.die // 2)
        dice = across(tab.dice_x - 4, tab.width - x + 4)
        write(
            image, xy, no_roll.line, no_roll.size, bg=BACKGROUND, fill=MUTED, anchor="rm", room=dice
        )
        return
    _draw_dice(image, state, tab, last, words)


def _draw_dice(
    image: Image.Image, state: KeerState, tab: TableLayout, last: LastRoll, words: Words
) -> None:
    """The roll's dice, each with its letter; the kept one ringed, "kept" under it."""
    for d, face in enumerate(last.dice):
        kept = d == last.kept
        letter = die_letter(state.sheet, face, words)
        tile = die_tile(letter, face, tab.die, BACKGROUND, kept=kept, em=tab.f_status)
        left = tab.dice_x + DIE_RING + d * (tab.die + tab.die_gap)
        ring = DIE_RING if kept else 0
        image.paste(tile, (left - ring, tab.dice_y + DIE_RING - ring))
        if kept:
            _draw_kept(image, tab, left + tab.die // 2, words)


def _draw_kept(image: Image.Image, tab: TableLayout, centre: int, words: Words) -> None:
    """ "kept" under the kept die: centred on it as far as the dice's width allows."""
    room = tab.width - tab.sheet.pad - tab.dice_x
    caption = fit(said(words, "image-keer-kept"), tab.f_status, room, floor=FLOOR)
    half = text_width(caption.line, caption.size) / 2
    x = min(max(centre, tab.dice_x + half), tab.width - tab.sheet.pad - half)
    y = tab.dice_y + 2 * DIE_RING + tab.die + tab.f_status // 2 + 4
    dice = across(tab.dice_x - 4, tab.width - tab.sheet.pad + 4)
    write(image, (x, y), caption.line, caption.size, bg=BACKGROUND, bold=True, room=dice)


def _status(state: KeerState, names: Sequence[str], words: Words, tab: TableLayout) -> str:
    """Who won, who rolls next, or whom the roll waits for: the names shortened to fit the band,
    never the words around them."""
    if state.phase is Phase.OVER:
        outcome = state.outcome()
        assert outcome is not None
        seats, key, arg = sorted(outcome.winners), "image-keer-game-over", "winners"
    elif state.phase is Phase.ROLL:
        seats, key, arg = [state.roller], "image-keer-next", "name"
    else:
        seats, key, arg = list(state.seats_to_act()), "image-keer-waiting", "names"

    def say(shown: Sequence[str]) -> str:
        joined = words.join([isolate(name) for name in shown])
        return said(words, key, count=len(seats), **{arg: joined})

    shown = [seat_name(names, seat, words) for seat in seats]
    return fit_names(say, shown, tab.f_status, tab.text_room)


def table_png(state: KeerState, names: Sequence[str], *, words: Words) -> bytes:
    """`table_image` as PNG bytes."""
    return encode(table_image(state, names, words=words))


def strip_png(state: KeerState, names: Sequence[str], *, words: Words) -> bytes:
    """`strip_image` as PNG bytes."""
    return encode(strip_image(state, names, words=words))

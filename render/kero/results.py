"""The results image: both clans' final scores under their players' names, the winner(s), and
the figures behind them, in two columns a phone shows side by side."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from typing import Final

from PIL import Image, ImageDraw

from games.kero.board import ROUNDS, Phase
from games.kero.components import Components
from games.kero.scoring import outcome as final_outcome
from games.kero.scoring import points as score
from games.kero.state import KeroState
from render.common import GRID, HIGHLIGHT, INK, MUTED, canvas, encode, said
from render.kero.camps import player_name
from render.kero.drawing import draw_text, put_label, tag_chip
from render.kero.layout import (
    COLUMN_W,
    FLOOR,
    INNER,
    LARGE,
    MARGIN,
    RESULTS_H,
    RESULTS_W,
    SMALL,
)
from render.kero.palette import CLAN_COLOURS, GOLD, HEADER, PANEL, WHITE, built, ink
from render.legibility import Box, across
from render.text import fit, fit_names, shorten, text_width
from words import Words, isolate

TOP: Final = 136
"""Where the clans' columns start."""
HEAD: Final = 48
ROWS_Y: Final = 336
ROW_H: Final = 28
BOTTOM: Final = 500
VALUE_W: Final = 70
"""Room for a figure at a row's right end (its label has the rest of the row)."""
ROW_KEYS: Final = (
    "image-kero-card-points",
    "image-kero-territory-points",
    "image-kero-territories-claimed",
    "image-kero-jerrycans-left",
    "image-kero-fuel-left",
    "image-kero-cards-taken",
)


def column_x(seat: int) -> int:
    return MARGIN + seat * (COLUMN_W + 8)


def results_image(
    state: KeroState, names: Sequence[str], *, words: Words, places: Sequence[int] | None = None
) -> Image.Image:
    """Final scores of both clans with their players' names, the winner(s), and the figures
    behind them (card and territory points, territories, jerrycans and KERO left, cards), in a
    language; `places` as the match was stored (a clan whose player left placed last)."""
    image = results_background(words).copy()
    draw = ImageDraw.Draw(image)
    result = state.outcome() or final_outcome(state)
    if places is not None:
        result = result.placed(places)
    winners = sorted(result.winners)
    over = state.phase is Phase.OVER
    who = [player_name(names, seat, words) for seat in (0, 1)]
    if len(winners) == 2:
        banner = fit_names(
            lambda shown: said(
                words, "image-kero-shared-win", names=words.join([isolate(n) for n in shown])
            ),
            who,
            LARGE,
            INNER,
        )
    else:
        seat = winners[0]
        key = "image-kero-wins" if over else "image-kero-leads"
        clan = said(words, f"clan-{seat}")
        banner = fit_names(
            lambda shown: said(words, key, name=isolate(shown[0]), clan=clan),
            [who[seat]],
            LARGE,
            INNER,
        )
    room = (4, 60, RESULTS_W - 4, TOP - 4)
    put_label(image, banner, LARGE, (RESULTS_W // 2, 100), fill=INK, room=room)
    scores = [score(state, seat) for seat in (0, 1)]
    for seat in (0, 1):
        _column(
            image,
            draw,
            state,
            seat,
            name=who[seat],
            points=scores[seat],
            won=seat in result.winners,
            words=words,
        )
    tied = scores[0] == scores[1]
    footer = said(
        words,
        "image-kero-played-tied" if tied else "image-kero-played",
        turns=state.turns,
        claims=state.claims,
        rounds=ROUNDS,
    )
    lines = fit(footer, SMALL, INNER, floor=FLOOR, lines=2)
    for index, line in enumerate(lines.lines):
        y = (BOTTOM + RESULTS_H) // 2 + 2 - (len(lines.lines) - 1) * 11 + index * 22
        room = (4, BOTTOM + 4, RESULTS_W - 4, RESULTS_H)
        put_label(image, line, lines.size, (RESULTS_W // 2, y), fill=MUTED, room=room)
    return image


def _column(
    image: Image.Image,
    draw: ImageDraw.ImageDraw,
    state: KeroState,
    seat: int,
    *,
    name: str,
    points: int,
    won: bool,
    words: Words,
) -> None:
    """One clan: its player's name, the winner's tag, the score and the figures behind it."""
    x, camp, colour = column_x(seat), state.camps[seat], CLAN_COLOURS[seat]
    over = state.phase is Phase.OVER
    right = x + COLUMN_W - 4
    if won:
        box = (x - 5, TOP - 5, x + COLUMN_W + 4, BOTTOM + 4)
        draw.rounded_rectangle(box, 14, outline=ink(HIGHLIGHT), width=5)
        tag_words = said(words, "image-kero-winner" if over else "image-kero-ahead")
        tag = tag_chip(fit(tag_words, SMALL, COLUMN_W - 80, floor=FLOOR).line, SMALL, colour)
        image.paste(tag, (x + COLUMN_W - 10 - tag.width, TOP + HEAD // 2 - tag.height // 2))
        right = x + COLUMN_W - 10 - tag.width - 4
    name = shorten(name, LARGE, right - 4 - (x + 12))
    head = (x + 4, TOP, right, TOP + HEAD)
    at = (x + 12, TOP + HEAD // 2)
    put_label(image, name, LARGE, at, fill=WHITE, bg=colour, align="l", room=head)
    column = across(x + 4, x + COLUMN_W - 4)
    put_label(image, f"{points}", 56, (x + COLUMN_W // 2, 254), fill=INK, bg=PANEL, room=column)
    caption = said(words, "image-kero-points-caption", count=points)
    at = (x + COLUMN_W // 2, 298)
    put_label(image, caption, SMALL, at, fill=MUTED, bg=PANEL, room=column)
    cards = _card_points(state.box, camp.cards)
    values = (
        f"{cards}",
        f"{points - cards}",
        f"{len(camp.territories)}",
        f"{camp.jerrycans}",
        said(words, "image-kero-seconds", seconds=camp.tank.level_ms / 1000),
        f"{len(camp.cards)}",
    )
    for row, value in enumerate(values):
        at = (x + COLUMN_W - 12, ROWS_Y + row * ROW_H)
        room = across(x + COLUMN_W - VALUE_W, x + COLUMN_W - 4)
        put_label(image, value, SMALL, at, fill=INK, bg=PANEL, align="r", room=room)


def results_png(
    state: KeroState, names: Sequence[str], *, words: Words, places: Sequence[int] | None = None
) -> bytes:
    """`results_image` as PNG bytes."""
    return encode(results_image(state, names, words=words, places=places))


def _card_points(box: Components, card_ids: Sequence[str]) -> int:
    cards = [c for c in (box.card(i) for i in card_ids) if c is not None]
    colours = Counter(c.colour for c in cards)
    return sum(c.points + (colours[c.per_colour] if c.per_colour else 0) for c in cards)


@cache
@built
def results_background(words: Words) -> Image.Image:
    """The header, the columns' frames, each clan's name and the figures' labels."""
    image = canvas(RESULTS_W, RESULTS_H)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, RESULTS_W, 60), fill=HEADER)
    fuel = fit(words("image-kero-fuel"), LARGE, 120, floor=FLOOR)
    edge = MARGIN + 4 + text_width(fuel.line, fuel.size) + 12
    room: Box = (4, 0, edge, 60)
    draw_text(image, (MARGIN + 4, 30), fuel.line, fuel.size, fill=GOLD, anchor="lm", room=room)
    final = fit(words("image-kero-final-scores"), LARGE, RESULTS_W - 2 * edge, floor=FLOOR)
    room = (edge, 0, RESULTS_W - edge, 60)
    draw_text(image, (RESULTS_W / 2, 30), final.line, final.size, fill=WHITE, room=room)
    for seat in (0, 1):
        x = column_x(seat)
        colour = CLAN_COLOURS[seat]
        draw.rounded_rectangle((x, TOP, x + COLUMN_W, BOTTOM), 12, fill=PANEL, outline=GRID)
        draw.rounded_rectangle((x, TOP, x + COLUMN_W, TOP + HEAD), 12, fill=colour)
        draw.rectangle((x, TOP + HEAD - 12, x + COLUMN_W, TOP + HEAD), fill=colour)
        clan = fit(words(f"clan-{seat}"), SMALL, COLUMN_W - 24, floor=FLOOR)
        column = across(x + 4, x + COLUMN_W - 4)
        at = (x + COLUMN_W / 2, TOP + HEAD + 18)
        draw_text(image, at, clan.line, clan.size, fill=MUTED, room=column)
        draw.line((x + 12, ROWS_Y - 20, x + COLUMN_W - 12, ROWS_Y - 20), fill=GRID)
        room = across(x + 4, x + COLUMN_W - VALUE_W)
        for row, key in enumerate(ROW_KEYS):
            label = fit(words(key), SMALL, COLUMN_W - VALUE_W - 16, floor=FLOOR, lines=1)
            at = (x + 12, ROWS_Y + row * ROW_H)
            draw_text(image, at, label.line, label.size, fill=INK, anchor="lm", room=room)
    return image

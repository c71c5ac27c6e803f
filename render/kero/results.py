"""The results image: both clans' final scores under their players' names, the winner(s), and
the figures behind them, in two columns a phone shows side by side."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache, lru_cache
from typing import Final

from PIL import Image, ImageDraw

from games.kero.board import ROUNDS, Phase
from games.kero.components import Components
from games.kero.scoring import outcome as final_outcome
from games.kero.scoring import points as score
from games.kero.state import KeroState
from render.common import GRID, HIGHLIGHT, INK, MUTED, canvas, encode, said
from render.kero.camps import player_name
from render.kero.drawing import draw_text, put_label, tag_chip, wrap
from render.kero.layout import (
    COLUMN_W,
    INNER,
    LARGE,
    MARGIN,
    RESULTS_H,
    RESULTS_W,
    SMALL,
)
from render.kero.palette import CLAN_COLOURS, GOLD, HEADER, PANEL, WHITE, built, ink
from render.text import shorten, text_width
from words import Words, isolate

TOP: Final = 136
"""Where the clans' columns start."""
HEAD: Final = 48
ROWS_Y: Final = 336
ROW_H: Final = 28
BOTTOM: Final = 500
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


def results_image(state: KeroState, names: Sequence[str], *, words: Words) -> Image.Image:
    """Final scores of both clans with their players' names, the winner(s), and the figures
    behind them (card and territory points, territories, jerrycans and KERO left, cards), in a
    language."""
    image = results_background(words).copy()
    draw = ImageDraw.Draw(image)
    result = state.outcome() or final_outcome(state)
    winners = sorted(result.winners)
    over = state.phase is Phase.OVER
    who = [player_name(names, seat, words) for seat in (0, 1)]
    if len(winners) == 2:
        banner = said(words, "image-kero-shared-win", names=words.join([isolate(n) for n in who]))
    else:
        seat = winners[0]
        key = "image-kero-wins" if over else "image-kero-leads"
        banner = said(words, key, name=isolate(who[seat]), clan=said(words, f"clan-{seat}"))
    put_label(image, shorten(banner, LARGE, INNER), LARGE, (RESULTS_W // 2, 100), fill=INK)
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
    lines = _lines(footer)
    for index, line in enumerate(lines):
        y = RESULTS_H - 16 - (len(lines) - 1 - index) * 24 - 12
        put_label(image, line, SMALL, (RESULTS_W // 2, y), fill=MUTED)
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
    room = COLUMN_W - 24
    if won:
        box = (x - 5, TOP - 5, x + COLUMN_W + 4, BOTTOM + 4)
        draw.rounded_rectangle(box, 14, outline=ink(HIGHLIGHT), width=5)
        tag = tag_chip(
            said(words, "image-kero-winner" if over else "image-kero-ahead"), SMALL, colour
        )
        image.paste(tag, (x + COLUMN_W - 10 - tag.width, TOP + HEAD // 2 - tag.height // 2))
        room -= tag.width + 8
    name = shorten(name, LARGE, room)
    put_label(image, name, LARGE, (x + 12, TOP + HEAD // 2), fill=WHITE, bg=colour, align="l")
    put_label(image, f"{points}", 56, (x + COLUMN_W // 2, 254), fill=INK, bg=PANEL)
    caption = said(words, "image-kero-points-caption", count=points)
    put_label(image, caption, SMALL, (x + COLUMN_W // 2, 298), fill=MUTED, bg=PANEL)
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
        put_label(image, value, SMALL, at, fill=INK, bg=PANEL, align="r")


@lru_cache(maxsize=64)
def _lines(footer: str) -> list[str]:
    """The footer in at most two lines (the tie-break's words are long)."""
    return [shorten(line, SMALL, INNER) for line in wrap(footer, SMALL, INNER)[:2]]


def results_png(state: KeroState, names: Sequence[str], *, words: Words) -> bytes:
    """`results_image` as PNG bytes."""
    return encode(results_image(state, names, words=words))


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
    fuel = shorten(words("image-kero-fuel"), LARGE, 120)
    draw_text(image, (MARGIN + 4, 30), fuel, LARGE, fill=GOLD, anchor="lm")
    room = INNER - 2 * (text_width(fuel, LARGE) + 24)
    final = shorten(words("image-kero-final-scores"), LARGE, room)
    draw_text(image, (RESULTS_W / 2, 30), final, LARGE, fill=WHITE)
    for seat in (0, 1):
        x = column_x(seat)
        colour = CLAN_COLOURS[seat]
        draw.rounded_rectangle((x, TOP, x + COLUMN_W, BOTTOM), 12, fill=PANEL, outline=GRID)
        draw.rounded_rectangle((x, TOP, x + COLUMN_W, TOP + HEAD), 12, fill=colour)
        draw.rectangle((x, TOP + HEAD - 12, x + COLUMN_W, TOP + HEAD), fill=colour)
        clan = shorten(words(f"clan-{seat}"), SMALL, COLUMN_W - 24)
        draw_text(image, (x + COLUMN_W / 2, TOP + HEAD + 18), clan, SMALL, fill=MUTED)
        draw.line((x + 12, ROWS_Y - 20, x + COLUMN_W - 12, ROWS_Y - 20), fill=GRID)
        for row, key in enumerate(ROW_KEYS):
            label = shorten(words(key), SMALL, COLUMN_W - 90)
            draw_text(image, (x + 12, ROWS_Y + row * ROW_H), label, SMALL, fill=INK, anchor="lm")
    return image

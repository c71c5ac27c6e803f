"""The results card: places, the winners highlighted, circles by kind and rolls played.

It also serves as the standings of a match still going.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from typing import Final

from PIL import Image

from games.common.protocol import Outcome
from games.keer_kids.rules import Phase
from games.keer_kids.state import KeerState
from render.common import BACKGROUND, GRID, HIGHLIGHT, INK, MUTED, canvas, encode
from render.keer_kids.colours import PAPER, WHITE
from render.keer_kids.layout import IMAGE_WIDTH, MIN_TEXT
from render.keer_kids.pen import SUPERSAMPLE, Pen, named, seat_name, wrap
from render.keer_kids.tiles import quantize, write
from render.text import shorten, text_width
from words import Words

RESULTS_WIDTH: Final = IMAGE_WIDTH

ROW_H: Final = 132
RESULTS_HEADER: Final = 124
_PAD: Final = 24
_NOTE_LINES: Final = 3
_LINE: Final = 32
"""The footer note's line height."""
_BIG: Final = 48
"""The total's size."""


def ranking(state: KeerState) -> tuple[Outcome, list[int]]:
    """The outcome (or the standings so far) and the seats from best to worst (ties by seat)."""
    outcome = state.outcome() or Outcome.from_scores(
        [state.circles(s).total for s in range(state.num_players)]
    )
    order = sorted(range(state.num_players), key=lambda s: (outcome.places[s], s))
    return outcome, order


@cache
def results_static(players: int, words: Words) -> Image.Image:
    """The empty card for this many players, with its note, in a language (cached)."""
    note = wrap(words("image-keer-results-note"), MIN_TEXT, RESULTS_WIDTH - 2 * _PAD, _NOTE_LINES)
    top = RESULTS_HEADER + ROW_H * players + 8
    image = canvas(RESULTS_WIDTH, top + len(note) * _LINE + 16)
    pen = Pen(image)
    for i, line in enumerate(note):
        pen.text((_PAD, top + i * _LINE + _LINE // 2), line, MIN_TEXT, MUTED, anchor="lm")
    return quantize(image)


@lru_cache(maxsize=64)
def row_tile(winner: bool, place: str) -> Image.Image:
    """A results row's card with its place badge."""
    width, height = RESULTS_WIDTH - 2 * _PAD, ROW_H - 12
    k = SUPERSAMPLE
    image = canvas(width * k, height * k)
    pen = Pen(image, k)
    fill, outline = (HIGHLIGHT, INK) if winner else (WHITE, GRID)
    pen.rounded(
        (1, 1, width - 2, height - 2), 12, fill=fill, outline=outline, width=3 if winner else 2
    )
    cy = height // 2
    pen.ellipse((14, cy - 32, 78, cy + 32), fill=PAPER, outline=INK, width=2)
    pen.text((46, cy + 1), place, 26, INK, bold=True)
    return quantize(image.reduce(k))


def results_image(state: KeerState, names: Sequence[str], *, words: Words) -> Image.Image:
    """A results card: places, the winners highlighted, circles by kind and rolls played, in a
    language (800 px wide)."""
    outcome, order = ranking(state)
    over = state.phase is Phase.OVER
    image = results_static(state.num_players, words).copy()
    heading = "image-keer-results-heading" if over else "image-keer-standings-heading"
    title = shorten(words(heading), 34, RESULTS_WIDTH - 2 * _PAD)
    write(image, (_PAD, 42), title, 34, bg=BACKGROUND, fill=INK, anchor="lm", bold=True)
    rolls = words("image-keer-rolls-played", count=state.rolls)
    if over:
        winners = words.join([named(names, s, words) for s in sorted(outcome.winners)])
        subtitle = words(
            "image-keer-results-over", rolls=rolls, winners=winners, count=len(outcome.winners)
        )
    else:
        subtitle = words("image-keer-results-going", rolls=rolls)
    subtitle = shorten(subtitle, MIN_TEXT, RESULTS_WIDTH - 2 * _PAD)
    write(image, (_PAD, 90), subtitle, MIN_TEXT, bg=BACKGROUND, fill=MUTED, anchor="lm")
    for i, seat in enumerate(order):
        top = RESULTS_HEADER + i * ROW_H
        _draw_row(image, top, state, seat, outcome=outcome, names=names, words=words)
    return image


def _draw_row(
    image: Image.Image,
    top: int,
    state: KeerState,
    seat: int,
    *,
    outcome: Outcome,
    names: Sequence[str],
    words: Words,
) -> None:
    """One player's row: place, name (and the win), circles by kind, animals done, total."""
    winner = state.phase is Phase.OVER and seat in outcome.winners
    bg = HIGHLIGHT if winner else WHITE
    place = words("image-keer-place", place=outcome.places[seat])
    image.paste(row_tile(winner, place), (_PAD, top))
    cy = top + (ROW_H - 12) // 2
    circles = state.circles(seat)
    score_x = RESULTS_WIDTH - _PAD - 20
    total = str(circles.total)
    write(image, (score_x, cy - 12), total, _BIG, bg=bg, fill=INK, anchor="rm", bold=True)
    caption = words("image-keer-points-caption", count=circles.total)
    write(image, (score_x, cy + 32), caption, MIN_TEXT, bg=bg, fill=MUTED, anchor="rm")
    name_x = _PAD + 100
    room = score_x - 120 - name_x
    tag = ""
    if winner:
        tag = words("image-keer-winner" if len(outcome.winners) == 1 else "image-keer-shared-win")
    limit = room - (round(text_width(tag, MIN_TEXT)) + 28 if tag else 0)
    shown = shorten(seat_name(names, seat, words), 30, limit)
    width = write(image, (name_x, cy - 28), shown, 30, bg=bg, fill=INK, anchor="lm", bold=True)
    if tag:
        xy = (name_x + width + 12, cy - 28)
        write(image, xy, f" {tag} ", MIN_TEXT, bg=INK, fill=HIGHLIGHT, anchor="lm", bold=True)
    counts = {"buckets": circles.buckets, "visitors": circles.visitors, "food": circles.food}
    detail = shorten(words("image-keer-circles", **counts), MIN_TEXT, room)
    write(image, (name_x, cy + 6), detail, MIN_TEXT, bg=bg, fill=MUTED, anchor="lm")
    done = [
        words(f"animal-{a.name}")
        for a in state.sheet.animals
        if a.letter in state.players[seat].animals
    ]
    if done:
        animals = shorten(words.join(done), MIN_TEXT, room)
        write(image, (name_x, cy + 36), animals, MIN_TEXT, bg=bg, fill=MUTED, anchor="lm")


def results_png(state: KeerState, names: Sequence[str], *, words: Words) -> bytes:
    """`results_image` as PNG bytes."""
    return encode(results_image(state, names, words=words))

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
from render.keer_kids.layout import FLOOR, IMAGE_WIDTH, MIN_TEXT
from render.keer_kids.pen import SUPERSAMPLE, Pen, seat_name
from render.keer_kids.tiles import quantize, write
from render.legibility import across
from render.text import fit, fit_names, shorten, text_width
from words import Words, isolate

RESULTS_WIDTH: Final = IMAGE_WIDTH

ROW_H: Final = 132
RESULTS_HEADER: Final = 124
_PAD: Final = 24
_NOTE_LINES: Final = 3
_LINE: Final = 32
"""The footer note's line height."""
_BIG: Final = 48
"""The total's size."""


def ranking(state: KeerState, places: Sequence[int] | None = None) -> tuple[Outcome, list[int]]:
    """The outcome (or the standings so far; with `places`, placed as stored) and the seats
    from best to worst (ties by seat)."""
    outcome = state.outcome() or Outcome.from_scores(
        [state.circles(s).total for s in range(state.num_players)]
    )
    if places is not None:
        outcome = outcome.placed(places)
    order = sorted(range(state.num_players), key=lambda s: (outcome.places[s], s))
    return outcome, order


@cache
def results_static(players: int, words: Words) -> Image.Image:
    """The empty card for this many players, with its note, in a language (cached)."""
    room = RESULTS_WIDTH - 2 * _PAD
    note = fit(words("image-keer-results-note"), MIN_TEXT, room, floor=FLOOR, lines=_NOTE_LINES)
    top = RESULTS_HEADER + ROW_H * players + 8
    image = canvas(RESULTS_WIDTH, top + len(note.lines) * _LINE + 16)
    pen = Pen(image)
    bounds = across(_PAD - 8, RESULTS_WIDTH - _PAD + 8)
    for i, line in enumerate(note.lines):
        xy = (_PAD, top + i * _LINE + _LINE // 2)
        pen.text(xy, line, note.size, MUTED, anchor="lm", room=bounds)
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


def results_image(
    state: KeerState, names: Sequence[str], *, words: Words, places: Sequence[int] | None = None
) -> Image.Image:
    """A results card: places, the winners highlighted, circles by kind and rolls played, in a
    language (800 px wide); `places` as the match was stored (a seat that left placed last)."""
    outcome, order = ranking(state, places)
    over = state.phase is Phase.OVER
    image = results_static(state.num_players, words).copy()
    heading = "image-keer-results-heading" if over else "image-keer-standings-heading"
    wide = RESULTS_WIDTH - 2 * _PAD
    title = fit(words(heading), 34, wide, floor=FLOOR)
    bounds = across(_PAD - 8, RESULTS_WIDTH - _PAD + 8)
    xy = (_PAD, 42)
    write(image, xy, title.line, title.size, bg=BACKGROUND, anchor="lm", bold=True, room=bounds)
    subtitle = _subtitle(state, outcome, names, words, wide)
    xy = (_PAD, 90)
    write(image, xy, subtitle, MIN_TEXT, bg=BACKGROUND, fill=MUTED, anchor="lm", room=bounds)
    for i, seat in enumerate(order):
        top = RESULTS_HEADER + i * ROW_H
        _draw_row(image, top, state, seat, outcome=outcome, names=names, words=words)
    return image


def _subtitle(
    state: KeerState, outcome: Outcome, names: Sequence[str], words: Words, width: int
) -> str:
    """The rolls played, and the winners once the match is over (their names shortened to fit,
    never the words around them)."""
    rolls = words("image-keer-rolls-played", count=state.rolls)
    if state.phase is not Phase.OVER:
        return fit(
            words("image-keer-results-going", rolls=rolls), MIN_TEXT, width, floor=FLOOR
        ).line
    seats = sorted(outcome.winners)

    def say(shown: Sequence[str]) -> str:
        winners = words.join([isolate(name) for name in shown])
        return words("image-keer-results-over", rolls=rolls, winners=winners, count=len(seats))

    return fit_names(say, [seat_name(names, s, words) for s in seats], MIN_TEXT, width)


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
    caption = words("image-keer-points-caption", count=circles.total)
    score_w = max(text_width(total, _BIG), text_width(caption, MIN_TEXT))
    score = across(score_x - score_w - 8, RESULTS_WIDTH - _PAD - 4)
    xy = (score_x, cy - 12)
    write(image, xy, total, _BIG, bg=bg, anchor="rm", bold=True, room=score)
    xy = (score_x, cy + 32)
    write(image, xy, caption, MIN_TEXT, bg=bg, fill=MUTED, anchor="rm", room=score)
    name_x = _PAD + 100
    right = min(score_x - 120, round(score_x - score_w - 16))
    room = right - name_x
    tag = ""
    if winner:
        tag = words("image-keer-winner" if len(outcome.winners) == 1 else "image-keer-shared-win")
    limit = room - (round(text_width(f" {tag} ", MIN_TEXT)) + 12 if tag else 0)
    shown = shorten(seat_name(names, seat, words), 30, limit)
    line = across(name_x - 8, right)
    xy = (name_x, cy - 28)
    width = write(image, xy, shown, 30, bg=bg, anchor="lm", bold=True, room=line)
    if tag:
        xy = (name_x + width + 12, cy - 28)
        write(
            image,
            xy,
            f" {tag} ",
            MIN_TEXT,
            bg=INK,
            fill=HIGHLIGHT,
            anchor="lm",
            bold=True,
            room=line,
        )
    counts = {"buckets": circles.buckets, "visitors": circles.visitors, "food": circles.food}
    detail = fit(words("image-keer-circles", **counts), MIN_TEXT, room, floor=FLOOR)
    xy = (name_x, cy + 6)
    write(image, xy, detail.line, detail.size, bg=bg, fill=MUTED, anchor="lm", room=line)
    done = [
        words(f"animal-{a.name}")
        for a in state.sheet.animals
        if a.letter in state.players[seat].animals
    ]
    if done:
        animals = fit(words.join(done), MIN_TEXT, room, floor=FLOOR)
        xy = (name_x, cy + 36)
        write(image, xy, animals.line, animals.size, bg=bg, fill=MUTED, anchor="lm", room=line)


def results_png(
    state: KeerState, names: Sequence[str], *, words: Words, places: Sequence[int] | None = None
) -> bytes:
    """`results_image` as PNG bytes."""
    return encode(results_image(state, names, words=words, places=places))

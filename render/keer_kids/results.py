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
from render.keer_kids.layout import MIN_TEXT
from render.keer_kids.pen import SUPERSAMPLE, Pen, named, seat_name
from render.keer_kids.tiles import quantize, write
from render.text import shorten, text_width
from words import Words

RESULTS_WIDTH: Final = 900

ROW_H: Final = 96
RESULTS_HEADER: Final = 112
_RESULTS_FOOTER: Final = 52
_PAD: Final = 24


def ranking(state: KeerState) -> tuple[Outcome, list[int]]:
    """The outcome (or the standings so far) and the seats from best to worst (ties by seat)."""
    outcome = state.outcome() or Outcome.from_scores(
        [state.circles(s).total for s in range(state.num_players)]
    )
    order = sorted(range(state.num_players), key=lambda s: (outcome.places[s], s))
    return outcome, order


@cache
def results_static(players: int, words: Words) -> Image.Image:
    """The empty card for this many players, in a language (cached)."""
    height = RESULTS_HEADER + ROW_H * players + _RESULTS_FOOTER
    image = canvas(RESULTS_WIDTH, height)
    pen = Pen(image)
    note = shorten(words("image-keer-results-note"), MIN_TEXT, RESULTS_WIDTH - 2 * _PAD)
    pen.text((_PAD, height - 28), note, MIN_TEXT, MUTED, anchor="lm")
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
    pen.ellipse((14, cy - 28, 70, cy + 28), fill=PAPER, outline=INK, width=2)
    pen.text((42, cy + 1), place, 20, INK, bold=True)
    return quantize(image.reduce(k))


def results_image(state: KeerState, names: Sequence[str], *, words: Words) -> Image.Image:
    """A results card: places, the winners highlighted, circles by kind and rolls played, in a
    language."""
    outcome, order = ranking(state)
    over = state.phase is Phase.OVER
    image = results_static(state.num_players, words).copy()
    heading = "image-keer-results-heading" if over else "image-keer-standings-heading"
    title = shorten(words(heading), 30, RESULTS_WIDTH - 2 * _PAD)
    write(image, (_PAD, 40), title, 30, bg=BACKGROUND, fill=INK, anchor="lm", bold=True)
    rolls = words("image-keer-rolls-played", count=state.rolls)
    if over:
        winners = words.join([named(names, s, words) for s in sorted(outcome.winners)])
        subtitle = words(
            "image-keer-results-over", rolls=rolls, winners=winners, count=len(outcome.winners)
        )
    else:
        subtitle = words("image-keer-results-going", rolls=rolls)
    subtitle = shorten(subtitle, 18, RESULTS_WIDTH - 2 * _PAD)
    write(image, (_PAD, 82), subtitle, 18, bg=BACKGROUND, fill=MUTED, anchor="lm")
    animal_names = {a.letter: words(f"animal-{a.name}") for a in state.sheet.animals}
    for i, seat in enumerate(order):
        top = RESULTS_HEADER + i * ROW_H
        winner = over and seat in outcome.winners
        bg = HIGHLIGHT if winner else WHITE
        place = words("image-keer-place", place=outcome.places[seat])
        image.paste(row_tile(winner, place), (_PAD, top))
        cy = top + (ROW_H - 12) // 2
        circles = state.circles(seat)
        score_x = RESULTS_WIDTH - _PAD - 20
        write(
            image,
            (score_x, cy - 6),
            str(circles.total),
            40,
            bg=bg,
            fill=INK,
            anchor="rm",
            bold=True,
        )
        caption = words("image-keer-points-caption", count=circles.total)
        write(image, (score_x, cy + 26), caption, MIN_TEXT, bg=bg, fill=MUTED, anchor="rm")
        name_x = _PAD + 90
        tag = ""
        if winner:
            tag = words(
                "image-keer-winner" if len(outcome.winners) == 1 else "image-keer-shared-win"
            )
        limit = score_x - 110 - name_x - (text_width(tag, 16) + 28 if tag else 0)
        shown = shorten(seat_name(names, seat, words), 24, limit)
        width = write(image, (name_x, cy - 14), shown, 24, bg=bg, fill=INK, anchor="lm", bold=True)
        if tag:
            write(
                image,
                (name_x + width + 16, cy - 14),
                f" {tag} ",
                16,
                bg=INK,
                fill=HIGHLIGHT,
                anchor="lm",
                bold=True,
            )
        done = [animal_names[a] for a in state.players[seat].animals]
        counts = {"buckets": circles.buckets, "visitors": circles.visitors, "food": circles.food}
        if done:
            detail = words("image-keer-circles-animals", animals=words.join(done), **counts)
        else:
            detail = words("image-keer-circles", **counts)
        detail = shorten(detail, 17, score_x - 110 - name_x)
        write(image, (name_x, cy + 18), detail, 17, bg=bg, fill=MUTED, anchor="lm")
    return image


def results_png(state: KeerState, names: Sequence[str], *, words: Words) -> bytes:
    """`results_image` as PNG bytes."""
    return encode(results_image(state, names, words=words))

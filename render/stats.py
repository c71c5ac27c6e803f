"""The rating chart: a player's conservative rating (μ − 3σ) over their rated matches.

Drawn in RGB and mapped once onto a small fixed palette (the flat colours plus a few blends for
the text's anti-aliased edges), so it encodes as a small, fast palette PNG like every other image.
The layout helpers (`chart_x`, `chart_y`, `value_range`, `y_ticks`, `x_ticks`) are public so
tests and callers can find where a point is drawn.
"""

from __future__ import annotations

import math
import threading
from collections.abc import Sequence
from functools import cache
from typing import Final

from PIL import Image, ImageDraw

from render import text as typeset
from render.common import BACKGROUND, GRID, INK, MUTED, canvas, encode
from render.text import has_emoji, shorten, text_width
from words import Words

RGB = tuple[int, int, int]
Point = tuple[int, float, float]
"""(ms timestamp, mu, sigma) after one rated match."""

WIDTH: Final = 900
HEIGHT: Final = 450
PLOT_LEFT: Final = 84
PLOT_RIGHT: Final = WIDTH - 36
PLOT_TOP: Final = 112
PLOT_BOTTOM: Final = HEIGHT - 64
INSET: Final = 16
"""Room between the plot's frame and its first / last point."""

LINE: Final = (30, 90, 170)
BAND: Final = (212, 224, 242)
WHITE: Final = (255, 255, 255)
TITLE_SIZE: Final = 28
SUBTITLE_SIZE: Final = 18
TICK_SIZE: Final = 16
MARKER_SPACING: Final = 10
"""Markers are drawn on every point only while points are at least this many pixels apart."""

_BUILD = threading.RLock()
_FLAT: Final[tuple[RGB, ...]] = (BACKGROUND, INK, MUTED, GRID, LINE, BAND, WHITE)
_TEXT_ON: Final[tuple[tuple[RGB, RGB], ...]] = (
    (INK, BACKGROUND),
    (MUTED, BACKGROUND),
    (LINE, BACKGROUND),
)


def rating_chart_png(
    points: Sequence[Point], *, title: str, subtitle: str = "", words: Words
) -> bytes:
    """`rating_chart_image` as PNG bytes."""
    return encode(rating_chart_image(points, title=title, subtitle=subtitle, words=words))


def rating_chart_image(
    points: Sequence[Point], *, title: str, subtitle: str = "", words: Words
) -> Image.Image:
    """A WIDTH×HEIGHT palette image: the title and subtitle on top; the conservative rating
    μ − 3σ after each rated match as a line with markers over a light μ ± σ band; the x axis
    counts matches 1..n, the y axis has 4–6 labelled ticks. With no points the axes are left out
    and a note says there are no rated matches yet."""
    with _BUILD:
        image = _draw(points, title, subtitle, words)
        if has_emoji(title) or has_emoji(subtitle):  # their colours are none of the palette's
            return image.quantize(256, Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
        return _to_palette(image)


def _draw(points: Sequence[Point], title: str, subtitle: str, words: Words) -> Image.Image:
    """The chart in RGB (under `_BUILD`: fonts are never used by two threads at once)."""
    image = canvas(WIDTH, HEIGHT)
    draw = ImageDraw.Draw(image)
    left, room = PLOT_LEFT - 50, PLOT_RIGHT - 140 - (PLOT_LEFT - 50)
    title = shorten(title, TITLE_SIZE, room)
    typeset.draw_text(image, (left, 36), title, TITLE_SIZE, INK, anchor="lm")
    if subtitle:
        subtitle = shorten(subtitle, SUBTITLE_SIZE, room)
        typeset.draw_text(image, (left, 68), subtitle, SUBTITLE_SIZE, MUTED, anchor="lm")
    if not points:
        draw.rectangle((PLOT_LEFT, PLOT_TOP, PLOT_RIGHT, PLOT_BOTTOM), outline=GRID, width=2)
        middle = ((PLOT_LEFT + PLOT_RIGHT) / 2, (PLOT_TOP + PLOT_BOTTOM) / 2)
        empty = shorten(words("image-stats-empty"), 24, PLOT_RIGHT - PLOT_LEFT - 40)
        typeset.draw_text(image, middle, empty, 24, MUTED, anchor="mm")
        return image
    _draw_chart(image, points, words)
    return image


# --- layout ----------------------------------------------------------------------------------


def conservative(mu: float, sigma: float) -> float:
    """The rating the chart's line follows: μ − 3σ."""
    return mu - 3 * sigma


def value_range(points: Sequence[Point]) -> tuple[float, float]:
    """The y axis' (lo, hi): nice tick values around every conservative rating and μ ± σ."""
    if not points:
        return 0.0, 1.0
    low = min(min(conservative(mu, s), mu - s) for _, mu, s in points)
    high = max(max(conservative(mu, s), mu + s) for _, mu, s in points)
    if high - low < 1e-9:
        low, high = low - 1, high + 1
    step = _nice_step((high - low) / 4)
    return math.floor(low / step) * step, math.ceil(high / step) * step


def y_ticks(lo: float, hi: float) -> list[float]:
    """4–6 round values from `lo` to `hi` (both included when they are round, as
    `value_range` makes them)."""
    span = hi - lo
    for divisions in (5, 4, 3):
        step = _nice_step(span / divisions)
        first = math.ceil(lo / step - 1e-9) * step
        ticks = [first + i * step for i in range(int((hi - first) / step + 1e-9) + 1)]
        if 4 <= len(ticks) <= 6:
            return ticks
    return [lo + span * i / 4 for i in range(5)]


def x_ticks(count: int) -> list[int]:
    """The match numbers labelled on the x axis: 1, n and a few round ones between."""
    if count <= 0:
        return []
    if count <= 6:
        return list(range(1, count + 1))
    step = max(1, int(_nice_step((count - 1) / 5)))
    ticks = [1, *range(step, count, step)]
    ticks = [t for t in ticks if t == 1 or (t - 1 >= step / 2 and count - t >= step / 2)]
    return sorted({*ticks, count})


def chart_x(index: int, count: int) -> int:
    """The pixel column of match `index` (1-based) out of `count`."""
    if count <= 1:
        return (PLOT_LEFT + PLOT_RIGHT) // 2
    left, right = PLOT_LEFT + INSET, PLOT_RIGHT - INSET
    return round(left + (right - left) * (index - 1) / (count - 1))


def chart_y(value: float, lo: float, hi: float) -> int:
    """The pixel row of rating `value` on an axis from `lo` (bottom) to `hi` (top)."""
    if hi <= lo:
        return (PLOT_TOP + PLOT_BOTTOM) // 2
    fraction = (value - lo) / (hi - lo)
    return round(PLOT_BOTTOM - (PLOT_BOTTOM - PLOT_TOP) * fraction)


def _nice_step(raw: float) -> float:
    """The smallest 1, 2, 2.5 or 5 × 10^k that is at least `raw`."""
    if raw <= 0:
        return 1.0
    power = 10.0 ** math.floor(math.log10(raw))
    for factor in (1, 2, 2.5, 5, 10):
        if factor * power >= raw - 1e-12:
            return factor * power
    return 10 * power


def _label(value: float, step: float, words: Words) -> str:
    """A tick's value with as many decimals as the step needs, as the language writes it."""
    decimals = 0 if step >= 1 and float(step).is_integer() else 1 if step * 10 >= 1 else 2
    if round(value, decimals) == 0:
        value = 0.0  # never "-0"
    return words(f"image-stats-tick-{decimals}", value=value)


# --- drawing ---------------------------------------------------------------------------------


def _draw_chart(image: Image.Image, points: Sequence[Point], words: Words) -> None:
    draw = ImageDraw.Draw(image)
    count = len(points)
    lo, hi = value_range(points)
    ticks = y_ticks(lo, hi)
    step = ticks[1] - ticks[0] if len(ticks) > 1 else 1.0
    small = TICK_SIZE
    xs = [chart_x(i, count) for i in range(1, count + 1)]
    for tick in x_ticks(count):
        x = xs[tick - 1]
        draw.line((x, PLOT_BOTTOM, x, PLOT_BOTTOM + 6), fill=MUTED, width=2)
        typeset.draw_text(image, (x, PLOT_BOTTOM + 10), str(tick), small, MUTED, anchor="mt")
    axis = shorten(words("image-stats-rated-match"), small, PLOT_RIGHT - PLOT_LEFT)
    typeset.draw_text(
        image, ((PLOT_LEFT + PLOT_RIGHT) / 2, HEIGHT - 14), axis, small, MUTED, anchor="ms"
    )
    upper = [(x, chart_y(mu + s, lo, hi)) for x, (_, mu, s) in zip(xs, points, strict=True)]
    lower = [(x, chart_y(mu - s, lo, hi)) for x, (_, mu, s) in zip(xs, points, strict=True)]
    if count == 1:
        (x, top), (_, bottom) = upper[0], lower[0]
        draw.rectangle((x - 8, top, x + 8, bottom), fill=BAND)
    else:
        draw.polygon([*upper, *reversed(lower)], fill=BAND)
    for value in ticks:
        y = chart_y(value, lo, hi)
        draw.line((PLOT_LEFT, y, PLOT_RIGHT, y), fill=GRID, width=1)
        typeset.draw_text(
            image, (PLOT_LEFT - 10, y), _label(value, step, words), small, MUTED, anchor="rm"
        )
    draw.line((PLOT_LEFT, PLOT_BOTTOM, PLOT_RIGHT, PLOT_BOTTOM), fill=MUTED, width=2)
    draw.line((PLOT_LEFT, PLOT_TOP, PLOT_LEFT, PLOT_BOTTOM), fill=MUTED, width=2)
    line = [
        (x, chart_y(conservative(mu, s), lo, hi)) for x, (_, mu, s) in zip(xs, points, strict=True)
    ]
    if count > 1:
        draw.line(line, fill=LINE, width=4, joint="curve")
    spaced = count == 1 or xs[1] - xs[0] >= MARKER_SPACING
    for x, y in line if spaced else line[-1:]:
        draw.ellipse((x - 5, y - 5, x + 5, y + 5), fill=LINE, outline=WHITE, width=2)
    _legend(image, points[-1], words)


def _legend(image: Image.Image, last: Point, words: Words) -> None:
    """Top right: the latest rating, and what the line and the band stand for."""
    draw = ImageDraw.Draw(image)
    _, mu, sigma = last
    rating = words("image-stats-rating", rating=conservative(mu, sigma))
    typeset.draw_text(image, (PLOT_RIGHT, 36), rating, TITLE_SIZE, LINE, anchor="rm")
    y, right = PLOT_TOP - 18, float(PLOT_RIGHT)
    room = (PLOT_RIGHT - (PLOT_LEFT - 50)) / 2 - 52
    labels = (
        (shorten(words("image-stats-band"), TICK_SIZE, room), False),
        (shorten(words("image-stats-line"), TICK_SIZE, room), True),
    )
    for label, line in labels:
        typeset.draw_text(image, (right, y), label, TICK_SIZE, MUTED, anchor="rm")
        right -= text_width(label, TICK_SIZE) + 8
        if line:
            draw.line((right - 24, y, right, y), fill=LINE, width=3)
            draw.ellipse((right - 17, y - 5, right - 7, y + 5), fill=LINE, outline=WHITE, width=2)
        else:
            draw.rectangle((right - 24, y - 7, right, y + 7), fill=BAND)
        right -= 24 + 28


@cache
def _palette() -> Image.Image:
    """A 1×1 image holding the chart's palette: its flat colours, then text-edge blends."""
    entries = list(dict.fromkeys(_FLAT))
    for ink, ground in _TEXT_ON:
        for step in range(1, 8):
            blend = tuple(round(g + (i - g) * step / 8) for i, g in zip(ink, ground, strict=True))
            if blend not in entries:
                entries.append((blend[0], blend[1], blend[2]))
    entries += [BACKGROUND] * (256 - len(entries))
    image = Image.new("P", (1, 1))
    image.putpalette([value for colour in entries for value in colour])
    return image


def _to_palette(image: Image.Image) -> Image.Image:
    with _BUILD:
        return image.quantize(palette=_palette(), dither=Image.Dither.NONE)

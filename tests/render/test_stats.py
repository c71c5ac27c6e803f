"""The rating chart: decodes at its size for any number of points, follows the rating, draws
its title, is deterministic and stays small (how fast it draws is not a test's to assert)."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from render.common import BACKGROUND
from render.stats import (
    HEIGHT,
    LINE,
    PLOT_BOTTOM,
    PLOT_LEFT,
    PLOT_RIGHT,
    PLOT_TOP,
    WIDTH,
    chart_x,
    chart_y,
    conservative,
    value_range,
    x_ticks,
    y_ticks,
)
from render.stats import rating_chart_png as chart_png
from words import words_for


def rating_chart_png(points: list[tuple[int, float, float]], **text: str) -> bytes:
    """The chart in English."""
    return chart_png(points, words=words_for("en"), **text)


def _points(count: int, *, rising: bool = True) -> list[tuple[int, float, float]]:
    """A player's history: sigma shrinks, mu climbs a little (or falls enough that the
    conservative rating falls too) each match."""
    points = []
    mu, sigma = 25.0, 25 / 3
    for i in range(count):
        mu += 0.4 if rising else -1.0
        sigma = max(1.5, sigma * 0.97)
        points.append((1_700_000_000_000 + i * 60_000, mu, sigma))
    return points


def _decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


@pytest.mark.parametrize("count", [0, 1, 2, 7, 200])
def test_decodes_as_png_at_the_chart_size(count: int) -> None:
    data = rating_chart_png(_points(count), title="alice", subtitle=f"{count} matches")
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    image = _decode(data)
    assert image.format == "PNG"
    assert image.size == (WIDTH, HEIGHT) == (900, 450)
    assert image.mode == "P"


def test_empty_chart_has_its_note_and_no_line() -> None:
    image = _decode(rating_chart_png([], title="alice")).convert("RGB")
    plot = image.crop((PLOT_LEFT + 4, PLOT_TOP + 4, PLOT_RIGHT - 4, PLOT_BOTTOM - 4))
    colours = {colour for _, colour in plot.getcolors(1 << 16) or []}
    assert LINE not in colours
    assert colours - {BACKGROUND}  # the "no rated matches yet" note


def test_title_is_drawn() -> None:
    titled = _decode(rating_chart_png(_points(5), title="Rating of alice")).convert("RGB")
    untitled = _decode(rating_chart_png(_points(5), title="")).convert("RGB")
    area = (0, 10, WIDTH // 2, 56)
    assert titled.crop(area).getbbox() is not None
    assert untitled.crop(area).getcolors() == [((WIDTH // 2) * 46, BACKGROUND)]
    assert titled.crop(area).tobytes() != untitled.crop(area).tobytes()


def test_subtitle_is_drawn() -> None:
    plain = _decode(rating_chart_png(_points(5), title="alice")).convert("RGB")
    sub = _decode(rating_chart_png(_points(5), title="alice", subtitle="Kero")).convert("RGB")
    area = (0, 58, WIDTH // 2, 80)
    assert plain.crop(area).tobytes() != sub.crop(area).tobytes()


def _line_row(image: Image.Image, x: int) -> float:
    """The mean row of the line's colour in pixel column `x` of the plot."""
    rows = [y for y in range(PLOT_TOP, PLOT_BOTTOM + 1) if image.getpixel((x, y)) == LINE]
    assert rows, f"no line in column {x}"
    return sum(rows) / len(rows)


@pytest.mark.parametrize("rising", [True, False])
def test_line_follows_the_rating(rising: bool) -> None:
    points = _points(30, rising=rising)
    image = _decode(rating_chart_png(points, title="alice")).convert("RGB")
    first, last = _line_row(image, chart_x(1, 30)), _line_row(image, chart_x(30, 30))
    # pixel rows grow downwards: a rising rating ends higher up the image
    assert (last < first) if rising else (last > first)
    lo, hi = value_range(points)
    for index in (1, 30):
        _, mu, sigma = points[index - 1]
        expected = chart_y(conservative(mu, sigma), lo, hi)
        assert abs(_line_row(image, chart_x(index, 30)) - expected) <= 3


def test_layout_helpers() -> None:
    assert chart_y(10, 0, 20) == (PLOT_TOP + PLOT_BOTTOM) // 2
    assert chart_y(0, 0, 20) == PLOT_BOTTOM
    assert chart_y(20, 0, 20) == PLOT_TOP
    assert chart_y(15, 0, 20) < chart_y(5, 0, 20)
    assert chart_x(1, 1) == (PLOT_LEFT + PLOT_RIGHT) // 2
    assert PLOT_LEFT < chart_x(1, 50) < chart_x(50, 50) < PLOT_RIGHT
    for count in range(1, 400):
        ticks = x_ticks(count)
        assert ticks[0] == 1
        assert ticks[-1] == count
        assert len(ticks) <= 8
        assert ticks == sorted(set(ticks))
    for count in (1, 2, 30, 200):
        lo, hi = value_range(_points(count))
        ticks = y_ticks(lo, hi)
        assert 4 <= len(ticks) <= 6
        assert lo <= ticks[0] and ticks[-1] <= hi
        for _, mu, sigma in _points(count):
            assert lo <= conservative(mu, sigma) <= hi
            assert lo <= mu - sigma and mu + sigma <= hi


def test_flat_and_odd_ratings_still_draw() -> None:
    flat = [(i, 10.0, 0.0) for i in range(20)]
    lo, hi = value_range(flat)
    assert lo < 10 < hi
    assert 4 <= len(y_ticks(lo, hi)) <= 6
    for points in (flat, [(0, -1234.5, 0.01)], [(0, 0.001, 0.0001), (1, 0.002, 0.0001)]):
        assert _decode(rating_chart_png(points, title="x")).size == (WIDTH, HEIGHT)


def test_long_titles_are_cut_short() -> None:
    data = rating_chart_png(_points(3), title="a" * 300, subtitle="b — " * 100)
    assert _decode(data).size == (WIDTH, HEIGHT)


def test_deterministic() -> None:
    points = _points(200)
    first = rating_chart_png(points, title="alice", subtitle="Kero")
    assert rating_chart_png(list(points), title="alice", subtitle="Kero") == first
    assert rating_chart_png(points, title="bob", subtitle="Kero") != first


def test_a_chart_of_200_matches_is_small() -> None:
    data = rating_chart_png(_points(200), title="alice", subtitle="200 rated matches")
    assert len(data) < 40_000

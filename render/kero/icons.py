"""Small drawn icons where a word can't fit: a flame, an Explorer, a face-down Tuarek, the Boss's
crown. Each is a shape, so colour is never the only cue; each appears beside its word somewhere
on the board (the camp's stats, the row's title), which teaches what it means."""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from render.kero.drawing import draw_text
from render.kero.layout import SMALL
from render.kero.palette import (
    CLAN_COLOURS,
    FIRE,
    FLAME_ORANGE,
    GOLD,
    RGB,
    TAG_EDGE,
    TUAREK_EDGE,
    TUAREK_TILE,
    WHITE,
    built,
)
from words import Words


def draw_flame(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
    """A flame filling `box` (left, top, right, bottom)."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0

    def at(fx: float, fy: float) -> tuple[float, float]:
        return (x0 + fx * w, y0 + fy * h)

    outer = [(0.5, 0), (0.85, 0.4), (0.9, 0.7), (0.75, 1), (0.25, 1), (0.1, 0.7), (0.2, 0.4)]
    inner = [(0.5, 0.45), (0.7, 0.72), (0.62, 0.95), (0.38, 0.95), (0.3, 0.72)]
    draw.polygon([at(*p) for p in outer], fill=FIRE)
    draw.polygon([at(*p) for p in inner], fill=FLAME_ORANGE)


def draw_pawn(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], colour: RGB) -> None:
    """An Explorer: a head over a cone, filling `box`."""
    x0, y0, x1, y1 = box
    w = x1 - x0
    head = w * 0.2
    cx = x0 + w / 2
    draw.ellipse((cx - head, y0, cx + head, y0 + 2 * head), fill=colour)
    draw.polygon([(cx, y0 + head), (x0, y1), (x1, y1)], fill=colour)


def draw_crown(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
    """The Boss: a three-pointed crown filling `box`."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    points = [
        (x0, y1),
        (x0, y0 + h * 0.2),
        (x0 + w * 0.27, y0 + h * 0.55),
        (x0 + w * 0.5, y0),
        (x0 + w * 0.73, y0 + h * 0.55),
        (x1, y0 + h * 0.2),
        (x1, y1),
    ]
    draw.polygon(points, fill=GOLD, outline=TAG_EDGE)


@cache
@built
def flame_icon(bg: RGB) -> Image.Image:
    image = Image.new("RGB", (22, 26), bg)
    draw_flame(ImageDraw.Draw(image), (1, 1, 21, 25))
    return image


@cache
@built
def explorer_icon(seat: int, bg: RGB) -> Image.Image:
    image = Image.new("RGB", (24, 28), bg)
    draw_pawn(ImageDraw.Draw(image), (2, 1, 22, 27), CLAN_COLOURS[seat])
    return image


@cache
@built
def crown_icon(bg: RGB) -> Image.Image:
    image = Image.new("RGB", (28, 22), bg)
    draw_crown(ImageDraw.Draw(image), (1, 2, 27, 21))
    return image


@cache
@built
def face_down_tuarek(words: Words, bg: RGB) -> Image.Image:
    """A Tuarek tile lying face down: its back, a question mark (its type is secret)."""
    image = Image.new("RGB", (26, 30), bg)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((0, 0, 25, 29), 5, fill=TUAREK_TILE, outline=TUAREK_EDGE)
    draw_text(image, (13, 15), words("image-kero-hidden"), SMALL, fill=WHITE)
    return image

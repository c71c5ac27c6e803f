"""The pen every layer is drawn with, and the text helpers every image shares.

Drawing happens only on fresh images that are cached afterwards; layers are drawn
supersampled, so the pen scales every coordinate.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from PIL import Image, ImageDraw

from render.common import INK
from render.keer_kids.colours import RGB
from render.keer_kids.layout import Box
from render.text import draw_text
from words import isolate

SUPERSAMPLE: Final = 2
BOLD_MIN: Final = 20
"""Text this size or larger is drawn bold when asked; smaller text smudges, so it stays plain."""


class Pen:
    """ImageDraw with every coordinate multiplied by `k` (layers are drawn supersampled)."""

    __slots__ = ("draw", "image", "k")

    def __init__(self, image: Image.Image, k: int = 1) -> None:
        self.image = image
        self.draw = ImageDraw.Draw(image)
        self.k = k

    def _b(self, box: Box) -> Box:
        k = self.k
        return (box[0] * k, box[1] * k, box[2] * k, box[3] * k)

    def rect(
        self, box: Box, fill: RGB | None = None, outline: RGB | None = None, width: int = 1
    ) -> None:
        self.draw.rectangle(self._b(box), fill=fill, outline=outline, width=width * self.k)

    def rounded(
        self,
        box: Box,
        radius: int,
        fill: RGB | None = None,
        outline: RGB | None = None,
        width: int = 1,
    ) -> None:
        self.draw.rounded_rectangle(
            self._b(box), radius * self.k, fill=fill, outline=outline, width=width * self.k
        )

    def ellipse(
        self, box: Box, fill: RGB | None = None, outline: RGB | None = None, width: int = 1
    ) -> None:
        self.draw.ellipse(self._b(box), fill=fill, outline=outline, width=width * self.k)

    def arc(self, box: Box, start: float, end: float, fill: RGB, width: int) -> None:
        self.draw.arc(self._b(box), start, end, fill=fill, width=width * self.k)

    def polygon(
        self,
        points: Sequence[tuple[float, float]],
        fill: RGB | None = None,
        outline: RGB | None = None,
        width: int = 1,
    ) -> None:
        k = self.k
        self.draw.polygon(
            [(x * k, y * k) for x, y in points], fill=fill, outline=outline, width=width * k
        )

    def line(self, points: Sequence[tuple[float, float]], fill: RGB, width: int) -> None:
        k = self.k
        self.draw.line([(x * k, y * k) for x, y in points], fill=fill, width=width * k)

    def cross(self, box: Box, fill: RGB, width: int) -> None:
        """A bold X filling `box`, with round ends."""
        x0, y0, x1, y1 = box
        for a, b in (((x0, y0), (x1, y1)), ((x0, y1), (x1, y0))):
            self.line([a, b], fill, width)
            for x, y in (a, b):
                r = width / 2
                self.draw.ellipse(
                    ((x - r) * self.k, (y - r) * self.k, (x + r) * self.k, (y + r) * self.k),
                    fill=fill,
                )

    def text(
        self,
        xy: tuple[float, float],
        text: str,
        size: int,
        fill: RGB = INK,
        *,
        anchor: str = "mm",
        bold: bool = False,
        halo: RGB | None = None,
    ) -> None:
        k = self.k
        stroke = 1 if bold and size >= BOLD_MIN else 0
        if halo is not None:
            stroke = 2
        draw_text(
            self.image,
            (xy[0] * k, xy[1] * k),
            text,
            size * k,
            fill,
            anchor=anchor,
            stroke_width=stroke * k,
            stroke_fill=halo or fill,
        )


def seat_name(names: Sequence[str], seat: int) -> str:
    name = names[seat].strip() if seat < len(names) else ""
    return name or f"Player {seat + 1}"


def named(names: Sequence[str], seat: int) -> str:
    """A seat's name to put in a sentence: isolated, so a right-to-left name never turns the
    sentence around (render/bidi.py)."""
    return isolate(seat_name(names, seat))

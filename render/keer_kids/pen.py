"""The pen every layer is drawn with, and the text helpers every image shares.

Drawing happens only on fresh images that are cached afterwards; layers are drawn
supersampled, so the pen scales every coordinate.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Final

from PIL import Image, ImageDraw

from games.keer_kids.sheet import Sheet
from render import legibility
from render import text as typeset
from render.common import INK, said
from render.keer_kids.colours import RGB
from render.keer_kids.layout import Box
from render.legibility import Box as Room
from words import Words, isolate

SUPERSAMPLE: Final = 2
BOLD_MIN: Final = 20
"""Text this size or larger is drawn bold when asked; smaller text smudges, so it stays plain."""


class Pen:
    """ImageDraw with every coordinate multiplied by `k` (layers are drawn supersampled, then
    reduced by `k`: the legibility record notes each text at its size after the reduction)."""

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
        room: Room | None = None,
    ) -> None:
        """`text` at `size` px of the reduced image (drawn `k` times that, noted at `size`), in
        `room` (noted for the fit check)."""
        k = self.k
        stroke = 1 if bold and size >= BOLD_MIN else 0
        if halo is not None:
            stroke = 2
        with legibility.scaled(1 / k):
            typeset.draw_text(
                self.image,
                (xy[0] * k, xy[1] * k),
                text,
                size * k,
                fill,
                anchor=anchor,
                stroke_width=stroke * k,
                stroke_fill=halo or fill,
                room=None if room is None else _times(room, k),
            )


def _times(room: Room, k: int) -> Room:
    return (room[0] * k, room[1] * k, room[2] * k, room[3] * k)


def seat_name(names: Sequence[str], seat: int, words: Words) -> str:
    """A seat's name, or "Player 2" for a seat without one."""
    name = names[seat].strip() if seat < len(names) else ""
    return name or said(words, "image-keer-player", seat=seat + 1)


def named(names: Sequence[str], seat: int, words: Words) -> str:
    """A seat's name to put in a sentence: isolated, so a right-to-left name never turns the
    sentence around (render/bidi.py)."""
    return isolate(seat_name(names, seat, words))


@cache
def letters(sheet: Sheet, words: Words) -> Mapping[str, str]:
    """Each animal's letter on the sheet (the data's, "E") → the letter drawn in the language
    (animal-*-letter: the Dutch olifant's "O")."""
    return {a.letter: said(words, f"animal-{a.name}-letter") for a in sheet.animals}


@cache
def square_labels(sheet: Sheet, words: Words) -> tuple[tuple[str, ...], ...]:
    """What each square of the grid reads: its enclosure's name on the enclosure's first square
    (reading order), so the "O3" a player is offered is printed on the sheet; its animal's
    letter on every other."""
    drawn = letters(sheet, words)
    labels = [[drawn[sheet.enclosures[i].animal] for i in line] for line in sheet.grid]
    for enclosure in sheet.enclosures:
        r, c = min(enclosure.squares)
        labels[r][c] = enclosure_name(sheet, enclosure.id, words)
    return tuple(tuple(line) for line in labels)


def enclosure_name(sheet: Sheet, enclosure_id: str, words: Words) -> str:
    """An enclosure's name as drawn: the animal's letter in the language and the enclosure's
    number ("E3" reads "O3" in Dutch); the data's id stays what the rules use."""
    return said(
        words,
        "image-keer-enclosure",
        letter=letters(sheet, words)[enclosure_id[0]],
        number=int(enclosure_id[1:]),
    )

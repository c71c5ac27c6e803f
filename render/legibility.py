"""What the renderers draw as text, recorded for the checks of legibility and fit: a phone shows
an image 390 px wide, so a label a player must read needs an em of 11 px there
(em × 390 / width ≥ 11), and every text must stay inside its image and inside the box its
layout gave it, whole (only a player's name may be cut short).

`draw_text` notes every text it draws while a `recording()` is open in this thread: its em, the
box its letters cover on the image it is drawn on, that image's size and, where the layout gave
one, its room (the box it must stay in). Code that pastes a drawn text elsewhere (a cached label
or tile) notes it again where it lands (`note` with the box). Code that draws at another scale
than the final image's (a supersampled layer, a sheet drawn large and shrunk into a table) says
so with `scaled(factor)`, so a record holds the em in the final image's pixels. A text cut short
to fit (`render.text.shorten`) is noted as a `Cut`. Recording clears the renderers' caches
first, so cached layers and tiles are drawn (and noted) again. Off by default: a render outside
a recording notes nothing and measures nothing (`active()`).
"""

from __future__ import annotations

import math
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Final

PHONE_WIDTH: Final = 390
"""The width, in CSS pixels, at which a phone shows a message's image."""
MIN_PHONE_EM: Final = 11.0
"""The smallest em, in CSS pixels on that phone, of a label a player must read."""

Box = tuple[float, float, float, float]
"""Left, top, right, bottom, in the pixels of the image a text is drawn on."""
ANYWHERE: Final = -math.inf, math.inf
"""Where a room does not bound a text (its top and bottom, or its left and right)."""


def floor_size(image_width: int) -> int:
    """The smallest text size, in pixels of an image this wide, that is legible on a phone."""
    return math.ceil(MIN_PHONE_EM * image_width / PHONE_WIDTH - 1e-9)


def across(left: float, right: float) -> Box:
    """A room bounding a text's left and right only (a line's width)."""
    return (left, ANYWHERE[0], right, ANYWHERE[1])


@dataclass(frozen=True, slots=True)
class Drawn:
    """One text as drawn: its words, its em height in the final image's pixels, and where it
    went: the box its letters cover, the size of the image it is on, and its room (those in
    that image's pixels; None where not noted)."""

    text: str
    em_px: float
    box: Box | None = None
    canvas: tuple[int, int] | None = None
    room: Box | None = None

    def on_phone(self, image_width: int) -> float:
        """Its em height in CSS pixels when the image is shown `PHONE_WIDTH` wide."""
        return self.em_px * PHONE_WIDTH / image_width

    def overflow(self, slack: float = 0.5) -> list[str]:
        """How it spills out of its image and its room (nothing when it fits)."""
        if self.box is None or self.canvas is None:
            return []
        width, height = self.canvas
        spills = _spills(self.box, (0, 0, width, height), slack, "the image")
        if self.room is not None:
            spills += _spills(self.box, self.room, slack, "its room")
        return spills


def _spills(box: Box, bound: Box, slack: float, what: str) -> list[str]:
    sides = ("left", "top", "right", "bottom")
    out = [box[0] - bound[0], box[1] - bound[1], bound[2] - box[2], bound[3] - box[3]]
    return [
        f"{side} of {what} by {-by:.1f} px"
        for side, by in zip(sides, out, strict=True)
        if by < -slack
    ]


@dataclass(frozen=True, slots=True)
class Cut:
    """A text cut short to fit: what it was, and what was drawn."""

    text: str
    shown: str


class Record(list[Drawn]):
    """Every text drawn while recording, in order, and every text cut short (`cuts`)."""

    def __init__(self) -> None:
        super().__init__()
        self.cuts: list[Cut] = []


_RECORD: ContextVar[Record | None] = ContextVar("tablero_legibility", default=None)
_FACTOR: ContextVar[float] = ContextVar("tablero_legibility_factor", default=1.0)


def active() -> bool:
    """Whether a recording is open here (what is noted is measured only then)."""
    return _RECORD.get() is not None


def note(
    text: str,
    size: float,
    *,
    box: Box | None = None,
    canvas: tuple[int, int] | None = None,
    room: Box | None = None,
) -> None:
    """A text drawn at `size` px (its em) on the image being drawn now, where it went."""
    record = _RECORD.get()
    if record is not None and text.strip():
        record.append(Drawn(text, size * _FACTOR.get(), box, canvas, room))


def cut(text: str, shown: str) -> None:
    """A text cut short to fit (`shown` is what is drawn instead; empty if left out)."""
    record = _RECORD.get()
    if record is not None:
        record.cuts.append(Cut(text, shown))


@contextmanager
def scaled(factor: float) -> Iterator[None]:
    """What is drawn inside ends up `factor` times its drawn size in the final image (a 2×
    supersampled layer: 0.5)."""
    token = _FACTOR.set(_FACTOR.get() * factor)
    try:
        yield
    finally:
        _FACTOR.reset(token)


@contextmanager
def paused() -> Iterator[None]:
    """Record nothing drawn inside: a sample no image shows (a palette fitted to drawn text)."""
    token = _RECORD.set(None)
    try:
        yield
    finally:
        _RECORD.reset(token)


@contextmanager
def recording() -> Iterator[Record]:
    """Record every text drawn inside (in this thread), with the caches cleared first."""
    clear_caches()
    record = Record()
    token = _RECORD.set(record)
    try:
        yield record
    finally:
        _RECORD.reset(token)
        clear_caches()


def clear_caches() -> None:
    """Empty every functools cache of the render package, so nothing drawn is reused."""
    for name, module in list(sys.modules.items()):
        if module is None or not (name == "render" or name.startswith("render.")):
            continue
        for value in vars(module).values():
            clear = getattr(value, "cache_clear", None)
            if callable(clear) and getattr(value, "__module__", None) == name:
                clear()

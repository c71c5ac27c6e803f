"""What the renderers draw as text, recorded for the legibility check: a phone shows an image
390 px wide, so a label a player must read needs an em of 11 px there (em × 390 / width ≥ 11).

`draw_text` notes every text it draws while a `recording()` is open in this thread; code that
draws at another scale than the final image's (a supersampled layer, a sheet drawn large and
shrunk into a table) says so with `scaled(factor)`, so a record holds the em in the final
image's pixels. Recording clears the renderers' caches first, so cached layers and tiles are
drawn (and noted) again. Off by default: a render outside a recording notes nothing.
"""

from __future__ import annotations

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


@dataclass(frozen=True, slots=True)
class Drawn:
    """One text as drawn: its words and its em height in the final image's pixels."""

    text: str
    em_px: float

    def on_phone(self, image_width: int) -> float:
        """Its em height in CSS pixels when the image is shown `PHONE_WIDTH` wide."""
        return self.em_px * PHONE_WIDTH / image_width


_RECORD: ContextVar[list[Drawn] | None] = ContextVar("tablero_legibility", default=None)
_FACTOR: ContextVar[float] = ContextVar("tablero_legibility_factor", default=1.0)


def note(text: str, size: float) -> None:
    """A text drawn at `size` px (its em) on the image being drawn now."""
    record = _RECORD.get()
    if record is not None and text.strip():
        record.append(Drawn(text, size * _FACTOR.get()))


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
def recording() -> Iterator[list[Drawn]]:
    """Record every text drawn inside (in this thread), with the caches cleared first."""
    clear_caches()
    record: list[Drawn] = []
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

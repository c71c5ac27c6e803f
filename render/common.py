"""What every renderer shares: colours, one way to encode an image, and the words a render says
again and again (text: render.text).

Pure and thread-safe: cached images are never drawn on after they are built (callers copy them
first).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from PIL import Image

from render.png import png_bytes
from words import Words
from words.catalog import Arg

BACKGROUND: Final = (250, 246, 236)
INK: Final = (40, 36, 32)
MUTED: Final = (140, 132, 120)
GRID: Final = (200, 192, 178)
HIGHLIGHT: Final = (255, 214, 64)
CROSS: Final = (30, 30, 30)
CIRCLE: Final = (200, 40, 40)

PNG_COMPRESS_LEVEL: Final = 1
"""Chosen by measuring (benchmarks/render.py): level 1 keeps encoding fast and files small.
The renderers hand over palette ("P") images, drawn in RGB and quantised once per cached piece:
a 4-player table encodes in ~14 ms instead of ~57 ms as RGB, at half the size."""


def encode(image: Image.Image) -> bytes:
    """The image as PNG bytes (fast compression: Discord recompresses previews anyway; the rows
    an earlier image compressed are reused: render.png)."""
    return png_bytes(image, PNG_COMPRESS_LEVEL)


def canvas(width: int, height: int, colour: tuple[int, int, int] = BACKGROUND) -> Image.Image:
    """A fresh RGB image filled with `colour`."""
    return Image.new("RGB", (width, height), colour)


def said(words: Words, key: str, /, **args: Arg) -> str:
    """`words(key, **args)`, remembered: a render says the same few things as the last one did
    ("3 pts", "Round 2 of 3"), and formatting a message costs more than drawing its label."""
    return _said(words, key, tuple(sorted(args.items())))


@lru_cache(maxsize=8192)
def _said(words: Words, key: str, args: tuple[tuple[str, Arg], ...]) -> str:
    return words(key, **dict(args))

"""High Roll's images (the toy third game's render side): the totals as bars."""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

from render import GameImages
from words import Words


def board_png(state: Any, names: Sequence[str], words: Words) -> bytes:
    """One bar per player, as long as their total (no words: the same in every language)."""
    image = Image.new("RGB", (200, 20 + 20 * len(names)), "white")
    draw = ImageDraw.Draw(image)
    for seat, total in enumerate(state.totals):
        draw.rectangle((10, 10 + 20 * seat, 10 + 8 * total, 24 + 20 * seat), fill="black")
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def results_png(
    state: Any, names: Sequence[str], words: Words, places: Sequence[int] | None = None
) -> bytes:
    """The final bars (the places are the card's to say)."""
    return board_png(state, names, words)


IMAGES = GameImages(board=board_png, results=results_png)

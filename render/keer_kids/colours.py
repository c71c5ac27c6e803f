"""The colours Keer op Keer Kids images are drawn in, besides render.common's shared ones.

Kept apart so the layers, the tiles and the palette fitted to them all draw from one list.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

RGB = tuple[int, int, int]

FACE_RGB: Final[Mapping[str, RGB]] = MappingProxyType(
    {
        "blue": (88, 150, 224),
        "red": (230, 96, 86),
        "green": (108, 182, 96),
        "yellow": (244, 206, 70),
        "orange": (246, 152, 60),
        "purple": (154, 96, 196),
    }
)
"""The die faces' colours; each animal's squares use its die's colour."""

PAPER: Final = (255, 252, 245)
WHITE: Final = (255, 255, 255)
THIN: Final = (118, 110, 98)
CHAMELEON: Final = (120, 186, 160)
CHAMELEON_DARK: Final = (52, 112, 92)
PURPLE_INK: Final = (96, 48, 138)
BUCKET: Final = (214, 228, 240)

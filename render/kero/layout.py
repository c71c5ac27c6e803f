"""Where things go: the pixel geometry of the board, the dice strip and the results image.

Every image is `WIDTH` wide, so that a phone showing it 390 px wide shows each text at its
size × 390 / 600: `SMALL` (18 px, the smallest size a text is laid out at) is 11.7 px there,
above the 11 px a label needs (render/legibility.py); a game word too long for its room is
drawn down to `FLOOR` (17 px, 11.05 px there) rather than cut. The tests measure regions of the
images with these constants, so they are re-exported by the package.
"""

from __future__ import annotations

from typing import Final

from render.legibility import floor_size

# --- text sizes (pixels of the final image) ----------------------------------------------------

WIDTH: Final = 600
SMALL: Final = 18
"""The smallest size a Kero text is laid out at: 18 × 390 / 600 = 11.7 px on a phone."""
FLOOR: Final = floor_size(WIDTH)
"""The size a game word too long for its room may shrink to, never under: 17 px, 11.05 px on
a phone (render/legibility.py)."""
BODY: Final = 20
LARGE: Final = 24
CHIP_H: Final = 28
"""A chip's height (its text is `SMALL`)."""

# --- board layout (pixels) -------------------------------------------------------------------

MARGIN: Final = 12
INNER: Final = WIDTH - 2 * MARGIN
HEADER_H: Final = 76
"""Two lines: whose turn it is, then the round, the deck and the jerrycan supply."""
TURN_Y, TURN_H = HEADER_H + 10, 158
"""The turn panel: the dice in play (or the shack before the roll) and what is left to spend."""
DIE: Final = 64
DIE_GAP: Final = 6
MAX_DICE: Final = 8
DICE_TOP: Final = 38
"""Where the dice start inside the turn panel (and the dice strip)."""
TABLE_Y: Final = TURN_Y + TURN_H
"""Where the table image starts (the board under the turn panel; above it, the turn strip)."""
ROW_Y: Final = TABLE_Y + 10
CARD_W, CARD_H, CARD_GAP = 186, 132, 9
"""Six cards in two lines of three: 3 × 186 + 2 × 9 = 576."""
BURNS_Y: Final = ROW_Y + 2 * CARD_H + CARD_GAP + 14
"""The middle of the line under the last slot that says it burns first."""
TERR_Y: Final = BURNS_Y + 16
TERR_W, TERR_H, TERR_GAP = 284, 126, 8
BAND_Y: Final = 84
"""Where a territory tile's Explorer band starts (inside the tile)."""
CAMP_Y: Final = TERR_Y + 2 * TERR_H + TERR_GAP + 12
CAMP_W: Final = INNER
CAMP_H, CAMP_GAP = 230, 10
CAMP_HEAD: Final = 42
GAUGE_X, GAUGE_Y, GAUGE_W, GAUGE_H = 12, 52, 180, 24
"""The tanker gauge, relative to its camp panel (its words follow it on the right)."""
STATS_Y, CARDS_Y, TILES_Y, LAND_Y = 100, 136, 172, 208
"""Rows of a camp panel (the vertical middle of each line), relative to the panel."""
LABEL_W: Final = 92
"""Room for a camp row's label (Cards, Tiles, Land) left of its chips."""
HEIGHT: Final = CAMP_Y + 2 * CAMP_H + CAMP_GAP + MARGIN

# --- dice strip and results layout --------------------------------------------------------------

DICE_W: Final = WIDTH
DICE_H: Final = TURN_H
RESULTS_W, RESULTS_H = WIDTH, 560
COLUMN_W: Final = (INNER - 8) // 2
"""A clan's column on the results image."""


def card_x(slot: int) -> int:
    """The left edge of a row slot (0-5): three to a line."""
    return MARGIN + (slot % 3) * (CARD_W + CARD_GAP)


def card_y(slot: int) -> int:
    return ROW_Y + (slot // 3) * (CARD_H + CARD_GAP)


def terr_x(slot: int) -> int:
    """The left edge of a New Territory slot (0-3): two to a line."""
    return MARGIN + (slot % 2) * (TERR_W + TERR_GAP)


def terr_y(slot: int) -> int:
    return TERR_Y + (slot // 2) * (TERR_H + TERR_GAP)


def camp_x(seat: int) -> int:
    return MARGIN


def camp_y(seat: int) -> int:
    """Camps are stacked: Brown above Grey."""
    return CAMP_Y + seat * (CAMP_H + CAMP_GAP)


def die_x(index: int) -> int:
    """The left edge of the index-th die of a roll (in the turn panel and the dice strip)."""
    return MARGIN + 8 + index * (DIE + DIE_GAP)

"""Where things go: the pixel geometry of the board, the dice strip and the results image.

The tests measure regions of the images with these constants, so they are re-exported by the
package.
"""

from __future__ import annotations

from typing import Final

# --- board layout (pixels) -------------------------------------------------------------------

WIDTH: Final = 1280
HEIGHT: Final = 810
MARGIN: Final = 22
HEADER_H: Final = 52
CARD_W, CARD_H, CARD_GAP = 196, 186, 12
ROW_Y: Final = 82
TERR_W, TERR_H, TERR_GAP = 240, 172, 12
TERR_Y: Final = 300
BAND_Y: Final = 114
"""Where a territory tile's Explorer band starts (inside the tile)."""
SHACK_X: Final = MARGIN + 4 * TERR_W + 4 * TERR_GAP
SHACK_W: Final = WIDTH - MARGIN - SHACK_X
CAMP_Y, CAMP_H, CAMP_GAP = 486, 310, 16
CAMP_W: Final = (WIDTH - 2 * MARGIN - CAMP_GAP) // 2
CAMP_HEAD: Final = 44
GAUGE_X, GAUGE_Y, GAUGE_W, GAUGE_H = 76, 58, 340, 28
"""The tanker gauge, relative to its camp panel."""
STATS_Y, CARDS_Y, TILES_Y, LAND_Y = 112, 152, 192, 250
"""Rows of a camp panel (the vertical middle of the first line), relative to the panel."""
CHIP_H: Final = 28

# --- dice strip and results layout --------------------------------------------------------------

DIE: Final = 96
DIE_GAP: Final = 14
MAX_DICE: Final = 8
DICE_W: Final = 2 * 16 + MAX_DICE * DIE + (MAX_DICE - 1) * DIE_GAP
DICE_H: Final = 182
DICE_TOP: Final = 46
RESULTS_W, RESULTS_H = 1000, 600


def card_x(slot: int) -> int:
    return MARGIN + slot * (CARD_W + CARD_GAP)


def terr_x(slot: int) -> int:
    return MARGIN + slot * (TERR_W + TERR_GAP)


def camp_x(seat: int) -> int:
    return MARGIN + seat * (CAMP_W + CAMP_GAP)

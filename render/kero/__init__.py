"""Kero as pictures: the board, the dice strip of the current roll, and the final results.

Pure and thread-safe. Everything that does not change during a match (the board's background
and frames, every card face and territory tile keyed by its id, icons, and each short text once
drawn) is built once per language (every drawn word comes from the catalogs, images.ftl), cached,
and never drawn on again: a render copies the cached background
and pastes cached pieces onto the copy, so it costs a fraction of the PNG encoding.

The images are palette ("P") images on one shared palette (see `palette`): PNG encodes them
about five times faster than RGB, and smaller. Convert with `.convert("RGB")` to draw on them.

Hidden information is never drawn: a camp shows how many Tuareks lie face down (its hand and
its armed Dust Storms together, since arming is secret), never their types, whoever looks.

This package re-exports the public API and the layout the tests measure; the modules hold:
palette (colours), layout (geometry), drawing (labels, chips), words (card and territory text),
cards, territories, camps, board, dice, results.
"""

from __future__ import annotations

from render.kero.board import board_background, board_image, board_png
from render.kero.camps import ability_chip, territory_chip
from render.kero.cards import card_face, empty_card
from render.kero.dice import dice_background, dice_image, dice_png, die_face, shack_die
from render.kero.drawing import chip, text_label
from render.kero.icons import crown_icon, explorer_icon, face_down_tuarek, flame_icon
from render.kero.layout import (
    BAND_Y,
    BURNS_Y,
    CAMP_GAP,
    CAMP_H,
    CAMP_HEAD,
    CAMP_W,
    CAMP_Y,
    CARD_GAP,
    CARD_H,
    CARD_W,
    CARDS_Y,
    CHIP_H,
    DICE_H,
    DICE_TOP,
    DICE_W,
    DIE,
    DIE_GAP,
    GAUGE_H,
    GAUGE_W,
    GAUGE_X,
    GAUGE_Y,
    HEADER_H,
    HEIGHT,
    LAND_Y,
    MARGIN,
    MAX_DICE,
    RESULTS_H,
    RESULTS_W,
    ROW_Y,
    SMALL,
    STATS_Y,
    TERR_GAP,
    TERR_H,
    TERR_W,
    TERR_Y,
    TILES_Y,
    TURN_H,
    TURN_Y,
    WIDTH,
    camp_x,
    camp_y,
    card_x,
    card_y,
    die_x,
    terr_x,
    terr_y,
)
from render.kero.palette import (
    BASE_COLOURS,
    CLAN_COLOURS,
    FIRE,
    FUEL,
    PANEL,
    ink,
    shared_palette,
)
from render.kero.results import column_x, results_background, results_image, results_png
from render.kero.territories import empty_territory, explorer_badge, territory_tile

__all__ = [
    "BAND_Y",
    "BASE_COLOURS",
    "BURNS_Y",
    "CAMP_GAP",
    "CAMP_H",
    "CAMP_HEAD",
    "CAMP_W",
    "CAMP_Y",
    "CARDS_Y",
    "CARD_GAP",
    "CARD_H",
    "CARD_W",
    "CHIP_H",
    "CLAN_COLOURS",
    "DICE_H",
    "DICE_TOP",
    "DICE_W",
    "DIE",
    "DIE_GAP",
    "FIRE",
    "FUEL",
    "GAUGE_H",
    "GAUGE_W",
    "GAUGE_X",
    "GAUGE_Y",
    "HEADER_H",
    "HEIGHT",
    "LAND_Y",
    "MARGIN",
    "MAX_DICE",
    "PANEL",
    "RESULTS_H",
    "RESULTS_W",
    "ROW_Y",
    "SMALL",
    "STATS_Y",
    "TERR_GAP",
    "TERR_H",
    "TERR_W",
    "TERR_Y",
    "TILES_Y",
    "TURN_H",
    "TURN_Y",
    "WIDTH",
    "board_image",
    "board_png",
    "camp_x",
    "camp_y",
    "card_x",
    "card_y",
    "clear_caches",
    "column_x",
    "dice_image",
    "dice_png",
    "die_x",
    "ink",
    "results_image",
    "results_png",
    "terr_x",
    "terr_y",
]


def clear_caches() -> None:
    """Forget every cached piece (tests use it to build them again from several threads)."""
    for cached in (
        text_label,
        chip,
        card_face,
        empty_card,
        territory_tile,
        empty_territory,
        explorer_badge,
        shack_die,
        face_down_tuarek,
        explorer_icon,
        crown_icon,
        flame_icon,
        board_background,
        dice_background,
        results_background,
        die_face,
        ability_chip,
        territory_chip,
    ):
        cached.cache_clear()
    ink.cache_clear()
    shared_palette.cache_clear()

"""Kero as pictures: the board, the dice strip of the current roll, and the final results.

Phone-first (issue 30). A phone shows a message's image 390 px wide, and a label needs an em of
11 px there; the old 1280 px board drew 14-16 px text, 4-5 px on a phone. So every image is 600
px wide and no text is laid out smaller than 18 px (11.7 px on a phone; render/kero/layout.py):
a game word too long for its room is wrapped or drawn down to 17 px (11.05 px there), never cut,
and only a player's name is ever shortened, so that every text keeps to its room
(tests/render/test_texts_fit.py). The board is stacked top to bottom in the order a turn is
read: the header (whose turn, round, deck, supply), the turn panel (the dice as they lie, or the
shack before the roll; what is left to spend), the row in two lines of three cards, the New
Territories two by two, then each camp full width under its player's name and clan. 600 px
rather than 720: the same content needs 21 px text at 720, so nothing would gain room; narrower
would leave a card (186 px) too little for its cost chips. The board is therefore tall (600 ×
1311): a phone scrolls it once, which beats text no one can read. Fewer, larger labels: a card
carries its id, colour word and points large, its cost as chips; slot and section titles are
gone (the grid's order is the row's; the last slot is ringed in fire with "burns first" and a
flame under it). Icons stand in where a word can't fit — a flame, an Explorer pawn, a face-down
Tuarek tile, the Boss's crown (on a territory, crowning the clan's disc, so its name keeps its
room) — and each also appears next to its word (a camp's figures, the row's note), and colour is
never the only cue (cards and dice name their colour or letter, clans their name).

The board draws the turn as it stands from the state, since the bot redraws it at every roll,
stop and camp action: dice rolled, burnt, or in the air ("?", never a face to come), the KERO
the last throw had used of what the tank was tipped with (a static figure, never a clock: the
bot's message carries the live countdown), what is left to spend, free Explorers owed, the
cards taken this turn (by id) and the Explorers placed this turn (ringed, "+1"). The bot posts
it as two images, the turn strip (header and turn panel, `turn_png`) above the table (the rest,
`table_png`): a roll, a re-roll and its credit change only the strip, so the table is drawn
again only when a camp action or a new turn changes it. A tipped tank's gauge therefore shows
the level it was tipped at until the tank stops; the turn panel counts what flows.

Pure and thread-safe. Everything that does not change during a match (the board's background
and frames, every card face and territory tile keyed by its id, icons, and each short text once
drawn) is built once per language (every drawn word comes from the catalogs, images.ftl),
cached, and never drawn on again: a render copies the cached background and pastes cached
pieces onto the copy, so it costs a fraction of the PNG encoding.

The images are palette ("P") images on one shared palette (see `palette`): PNG encodes them
about five times faster than RGB, and smaller. Convert with `.convert("RGB")` to draw on them.

Hidden information is never drawn: a camp shows how many Tuareks lie face down (its hand and
its armed Dust Storms together, since arming is secret), never their types, whoever looks.

This package re-exports the public API and the layout the tests measure; the modules hold:
palette (colours), layout (geometry and text sizes), drawing (labels, chips), icons, words
(card and territory text, ids), turn (what this turn did, from the record), cards,
territories, camps, dice (the turn panel), board, results.
"""

from __future__ import annotations

from render.kero.board import (
    board_background,
    board_image,
    board_png,
    table_image,
    table_png,
    turn_background,
    turn_image,
    turn_png,
)
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
    TABLE_Y,
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
    "TABLE_Y",
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
    "table_image",
    "table_png",
    "terr_x",
    "terr_y",
    "turn_image",
    "turn_png",
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
        turn_background,
        dice_background,
        results_background,
        die_face,
        ability_chip,
        territory_chip,
    ):
        cached.cache_clear()
    ink.cache_clear()
    shared_palette.cache_clear()

"""Keer op Keer Kids images: one player's sheet, the whole table, and the results card.

Pure and thread-safe. The images are palette ("P") PNGs: every image shares one 256-colour
palette, which PNG encodes several times faster than RGB (an RGB table took longer to encode
than the whole budget for rendering and encoding it).

Nothing is drawn at render time except text not seen before. Everything a state cannot
change — the grid with its animal colours and letters, enclosure borders, stars, buckets,
visitors, food squares, chameleons and labels — is drawn once per (sheet, scale, language),
supersampled for smooth edges, and cached. So is every mark a state can add: the same layer is
drawn once more with every square crossed and every circle drawn, and cut into tiles (one per
square, visitor, bucket, food pair and mark). Text is rendered into small cached tiles too. A
render copies the static layer and pastes the tiles the state calls for. Cached images are never
drawn on.

Every drawn word comes from the catalogs (words/locales/*/images.ftl), and so do the animals'
letters: an animal's letter in the image's language (animal-*-letter: a Dutch elephant's squares
read "O", its enclosure E3 reads O3), while the game data's ids stay what the rules use.

Colour is never the only cue: every square carries its animal's letter, each die shows the
letter of the animal it crosses ("!" for purple), and whatever is crossed is struck through.

The table shows each player's pick for the last roll once the roll has resolved. While a roll is
in progress it only says who has chosen: the choices are simultaneous, and a public image must
not give them away before everyone has chosen.

The package: `colours` and `layout` (what to draw with, and where), `pen` (drawing and text
fitting), `static` (the cached static and all-marks layers), `tiles` (the shared palette and the
cached tiles), then the images: `sheet`, `table` and `results`. This module is the public API.
"""

from __future__ import annotations

from render.keer_kids.colours import FACE_RGB
from render.keer_kids.layout import MIN_TEXT, TABLE_SCALE
from render.keer_kids.results import RESULTS_WIDTH, results_image, results_png
from render.keer_kids.sheet import sheet_image, sheet_png
from render.keer_kids.table import table_image, table_png

__all__ = [
    "FACE_RGB",
    "MIN_TEXT",
    "RESULTS_WIDTH",
    "TABLE_SCALE",
    "results_image",
    "results_png",
    "sheet_image",
    "sheet_png",
    "table_image",
    "table_png",
]

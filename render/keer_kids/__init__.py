"""Keer op Keer Kids images: one player's sheet, the table, and the results card.

Phone first. A phone shows an image 390 px wide, and a label is legible there with an em of
11 px (render/legibility.py; tests/render/test_keer_legible.py checks every text drawn). The old
table put every sheet side by side, 1897 px wide, which left a sheet's letters 3 px high on a
phone. So every image is now 800 px wide with no text laid out under 24 px (11.7 px on a phone;
a game word too long for its room is wrapped or drawn down to 23 px, 11.2 px there, never cut:
only a player's name is shortened, tests/render/test_texts_fit.py):

- The sheet: the 13 columns fill the width (58 px squares); what stood to their right (the
  chameleons) now sits under the food, and the score box is gone: the header says the points,
  the circles show where they come from, and the results card itemises them.
- The strip: the roll (who rolled, the dice, the die kept, who is still choosing), a small
  image of its own, as it changes at every step while the table changes once per roll.
- The table: the active player's sheet drawn as the sheet image draws it — the roller's, since
  their die decides what everyone may cross; at the end the leader's — then one card per other
  player: a map of their sheet, their name, points and pick, and each animal's enclosures
  crossed ("4/6"). Everyone crosses on every roll, so each player also sees their own sheet
  large through the bot's "My sheet" (sheet_png).
- The results: one row per player, the place, name, circles by kind and animals done.

What did not fit at a size a phone shows went, rather than shrink: the visitors' names (each
badge now shows its column's number, which is how the bot's options name columns), the score
box's labels and the 3-player table's legend (the food row names each animal under its letter).

Pure and thread-safe. The images are palette ("P") PNGs: every image shares one 256-colour
palette, which PNG encodes several times faster than RGB.

Nothing is drawn at render time except text not seen before. Everything a state cannot
change — the grid with its animal colours and letters, enclosure borders, stars, buckets,
visitors, food squares, chameleons, the others' cards — is drawn once per (sheet, scale,
language), supersampled for smooth edges, and cached. So is every mark a state can add: the
same layer is drawn once more with every square crossed and every circle drawn, and cut into
tiles (one per square, visitor, bucket, food pair and mark; one per square of a card's map).
Text is rendered into small cached tiles too. A render copies the static layer and pastes the
tiles the state calls for. Cached images are never drawn on.

Every drawn word comes from the catalogs (words/locales/*/images.ftl), and so do the animals'
letters: an animal's letter in the image's language (animal-*-letter: a Dutch elephant's squares
read "O", its enclosure E3 reads O3, on the sheet as in the bot's options), while the game
data's ids stay what the rules use.

Colour is never the only cue: every square carries its animal's letter (the first square of an
enclosure its name, "O3"), each die and each animal's chip shows the letter, whatever is crossed
is struck through, a kept die is ringed and captioned, a complete animal's count reads "6/6".

The table shows each player's pick for the last roll once the roll has resolved. While a roll is
in progress it only says who has chosen: the choices are simultaneous, and a public image must
not give them away before everyone has chosen.

The package: `colours` and `layout` (what to draw with, and where), `pen` (drawing and text
fitting), `static` (the cached static and all-marks layers), `tiles` (the shared palette and the
cached tiles), then the images: `sheet`, `summary` (a card of the table), `table` and
`results`. This module is the public API.
"""

from __future__ import annotations

from render.keer_kids.colours import FACE_RGB
from render.keer_kids.layout import IMAGE_WIDTH, MIN_TEXT, TABLE_SCALE
from render.keer_kids.results import RESULTS_WIDTH, results_image, results_png
from render.keer_kids.sheet import sheet_image, sheet_png
from render.keer_kids.table import strip_image, strip_png, table_image, table_png

__all__ = [
    "FACE_RGB",
    "IMAGE_WIDTH",
    "MIN_TEXT",
    "RESULTS_WIDTH",
    "TABLE_SCALE",
    "results_image",
    "results_png",
    "sheet_image",
    "sheet_png",
    "strip_image",
    "strip_png",
    "table_image",
    "table_png",
]

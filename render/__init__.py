"""Pillow renders: game state (+ viewer, language) → image bytes. Imports games and words (the
catalogs every drawn word comes from), nothing else of Tablero's.

Every game registers its images here, so the bot and `tablero demo` look them up by game name.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from render import keer_kids, kero
from words import Words

Drawing = Callable[[Any, Sequence[str], Words], bytes]
"""A game's image: its state, the players' names and a language → PNG bytes."""


class Results(Protocol):
    """A game's results image, with the places the match was stored with (a seat that left
    placed last, whoever played it out; None: the board's own)."""

    def __call__(
        self, state: Any, names: Sequence[str], words: Words, places: Sequence[int] | None = None
    ) -> bytes:
        """PNG bytes."""
        ...


@dataclass(frozen=True, slots=True)
class GameImages:
    """The images a game posts: the state after an action, and the results, drawn with the
    players' names in a language."""

    board: Drawing
    results: Results
    strip: Drawing | None = None
    """What changes between the board's redraws, drawn small above it (Keer: the roll, as the
    table changes only when a roll resolves; Kero: the header and the turn panel, as the camps
    change only when a camp action or a new turn does); None: the board shows everything."""
    whole: Drawing | None = None
    """The strip and the board as one image, for a file (`tablero demo`); None: the board."""


RENDERERS: dict[str, GameImages] = {
    "keer-kids": GameImages(
        board=lambda state, names, words: keer_kids.table_png(state, names, words=words),
        results=lambda state, names, words, places=None: keer_kids.results_png(
            state, names, words=words, places=places
        ),
        strip=lambda state, names, words: keer_kids.strip_png(state, names, words=words),
    ),
    "kero": GameImages(
        board=lambda state, names, words: kero.table_png(state, names, words=words),
        results=lambda state, names, words, places=None: kero.results_png(
            state, names, words=words, places=places
        ),
        strip=lambda state, names, words: kero.turn_png(state, names, words=words),
        whole=lambda state, names, words: kero.board_png(state, names, words=words),
    ),
}


def images_for(game: str) -> GameImages:
    """The renderers of a registered game; KeyError names the unknown game."""
    try:
        return RENDERERS[game]
    except KeyError:
        raise KeyError(
            f"no images for game {game!r}; known: {', '.join(sorted(RENDERERS))}"
        ) from None

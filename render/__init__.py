"""Pillow renders: game state (+ viewer) → image bytes. Imports games, nothing else of Tablero's.

Every game registers its images here, so the bot and `tablero demo` look them up by game name.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from render import keer_kids, kero


@dataclass(frozen=True, slots=True)
class GameImages:
    """The images a game posts: the state after an action, and the results."""

    board: Callable[[Any, Sequence[str]], bytes]
    results: Callable[[Any, Sequence[str]], bytes]


RENDERERS: dict[str, GameImages] = {
    "keer-kids": GameImages(board=keer_kids.table_png, results=keer_kids.results_png),
    "kero": GameImages(board=lambda state, names: kero.board_png(state), results=kero.results_png),
}


def images_for(game: str) -> GameImages:
    """The renderers of a registered game; KeyError names the unknown game."""
    try:
        return RENDERERS[game]
    except KeyError:
        raise KeyError(
            f"no images for game {game!r}; known: {', '.join(sorted(RENDERERS))}"
        ) from None

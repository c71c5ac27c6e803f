"""Every registered game has images, looked up by name."""

from __future__ import annotations

import pytest

from games.registry import GAMES
from render import RENDERERS, images_for


def test_every_game_has_a_board_and_a_results_image() -> None:
    assert set(RENDERERS) == set(GAMES)


def test_an_unknown_game_is_named() -> None:
    with pytest.raises(KeyError, match="no images for game 'chess'"):
        images_for("chess")

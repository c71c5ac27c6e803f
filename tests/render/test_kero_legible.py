"""Every Kero image a player acts on is legible on a phone (issue 30): shown 390 px wide, every
text the renderer draws has an em of at least 11 px — recorded from the renderer's own draw
calls, over each image (board, dice strip, results), in both variants, at the start of a match,
in the middle of a turn with dice in play, in camp, and late, in English, Spanish and Dutch."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PIL import Image

from games.kero.state import KeroState
from render import kero, legibility
from render.text import draw_text
from tests.render.helpers import KERO_POINTS as POINTS
from tests.render.helpers import kero_finished
from words import Words, words_for

LANGUAGES = ("en", "es", "nl")
NAMES = ("Ana", "Ωmega 🦁 Bartholomew the Long")


def _images(state: KeroState, words: Words) -> dict[str, Callable[[], Image.Image]]:
    return {
        "board": lambda: kero.board_image(state, NAMES, words=words, viewer=state.active),
        "dice": lambda: kero.dice_image(state, NAMES, words=words),
        "results": lambda: kero.results_image(state, NAMES, words=words),
    }


def _too_small(draw: Callable[[], Image.Image]) -> tuple[list[legibility.Drawn], list[str]]:
    with legibility.recording() as drawn:
        image = draw()
    small = [
        f"{d.text!r}: {d.on_phone(image.width):.1f} px"
        for d in drawn
        if d.on_phone(image.width) < legibility.MIN_PHONE_EM
    ]
    return drawn, small


@pytest.mark.parametrize("locale", LANGUAGES)
@pytest.mark.parametrize("variant", ["base", "boss"])
def test_every_text_is_legible_on_a_phone(variant: str, locale: str) -> None:
    words = words_for(locale)
    for point, reach in POINTS.items():
        state = reach(variant)
        for kind, draw in _images(state, words).items():
            drawn, small = _too_small(draw)
            assert len(drawn) >= 5, f"{kind} at {point}: the recorder saw almost no text"
            assert small == [], f"{kind} at {point} ({locale}, {variant}): {small}"


def test_the_finished_match_results_are_legible() -> None:
    drawn, small = _too_small(
        lambda: kero.results_image(kero_finished(), NAMES, words=words_for("es"))
    )
    assert len(drawn) >= 10 and small == []


def test_the_check_fails_on_a_text_too_small() -> None:
    """The check itself: a 14 px label on a 600 px image is 9.1 px on a phone."""

    def draw() -> Image.Image:
        image = Image.new("RGB", (600, 100))
        draw_text(image, (0, 0), "tiny", 14, (255, 255, 255))
        return image

    drawn, small = _too_small(draw)
    assert [d.text for d in drawn] == ["tiny"] and small == ["'tiny': 9.1 px"]

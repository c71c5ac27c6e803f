"""The legibility recorder notes what draw_text draws, in the final image's pixels."""

from PIL import Image

from games.kero.state import KeroState
from render import kero, legibility
from render.text import draw_text
from words import words_for


def test_records_only_while_recording_and_scales() -> None:
    image = Image.new("RGB", (200, 100))
    draw_text(image, (0, 0), "outside", 20, (255, 255, 255))
    with legibility.recording() as drawn:
        draw_text(image, (0, 0), "plain", 20, (255, 255, 255))
        with legibility.scaled(0.5):
            draw_text(image, (0, 0), "half", 40, (255, 255, 255))
        draw_text(image, (0, 0), "  ", 40, (255, 255, 255))
    assert drawn == [legibility.Drawn("plain", 20), legibility.Drawn("half", 20)]
    assert drawn[0].on_phone(780) == 10


def test_recording_redraws_cached_tiles() -> None:
    state = KeroState({})
    kero.board_png(state, ["Ana", "Ben"], words=words_for("en"))
    with legibility.recording() as drawn:
        kero.board_png(state, ["Ana", "Ben"], words=words_for("en"))
    assert drawn, "a cached board drew no text: the caches were not cleared"

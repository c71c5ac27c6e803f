"""The legibility recorder notes what draw_text draws: its em in the final image's pixels, and
where it went (its box, its image's size, its room)."""

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
    assert [(d.text, d.em_px) for d in drawn] == [("plain", 20), ("half", 20)]
    assert drawn[0].on_phone(780) == 10
    assert drawn[0].canvas == (200, 100) and drawn[0].room is None
    assert drawn[0].box is not None and 0 <= drawn[0].box[0] < drawn[0].box[2] < 100
    assert not legibility.active()


def test_a_text_past_its_room_or_its_image_is_told() -> None:
    image = Image.new("RGB", (200, 100))
    with legibility.recording() as drawn:
        draw_text(image, (10, 10), "fits", 20, (255, 255, 255), room=legibility.across(0, 100))
        draw_text(image, (10, 40), "too wide here", 20, (255, 255, 255), room=(0, 0, 60, 100))
        draw_text(image, (190, 70), "out", 20, (255, 255, 255))
    fits, wide, out = drawn
    assert fits.overflow() == []
    assert [spill.split(" by ")[0] for spill in wide.overflow()] == ["right of its room"]
    assert [spill.split(" by ")[0] for spill in out.overflow()] == ["right of the image"]


def test_recording_redraws_cached_tiles() -> None:
    state = KeroState({})
    kero.board_png(state, ["Ana", "Ben"], words=words_for("en"))
    with legibility.recording() as drawn:
        kero.board_png(state, ["Ana", "Ben"], words=words_for("en"))
    assert drawn, "a cached board drew no text: the caches were not cleared"

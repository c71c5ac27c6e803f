"""An image carries the match and version it shows, readable by PNG readers."""

import io

import pytest
from PIL import Image

from games.kero.state import KeroState
from render import kero
from render.stamp import Stamp, read_stamp, stamp
from words import words_for


def test_stamp_round_trips_and_keeps_the_image() -> None:
    png = kero.board_png(KeroState({}), ["Ana", "Bo"], words=words_for("en"))
    assert read_stamp(png) is None
    once = stamp(png, Stamp(12, 34))
    twice = stamp(once, Stamp(12, 35))
    assert read_stamp(once) == Stamp(12, 34)
    assert read_stamp(twice) == Stamp(12, 35)
    with Image.open(io.BytesIO(twice)) as image:
        assert image.text["tablero"] == "match=12 version=35"
        drawn = image.convert("RGB").tobytes()
    with Image.open(io.BytesIO(png)) as plain:
        assert plain.convert("RGB").tobytes() == drawn


def test_stamp_refuses_what_is_not_a_png() -> None:
    with pytest.raises(ValueError, match="not a PNG"):
        stamp(b"GIF89a", Stamp(1, 1))

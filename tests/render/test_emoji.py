"""The bot's own emoji (render/emoji.py): every key draws a small transparent PNG Discord takes,
each different from the others, named by a hash that follows the drawing; the Keer faces differ
by their shapes and the Kero dice by their pips, not by colour alone."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image

from games.keer_kids.dice import FACES
from games.kero.components import SPECIAL_DICE
from games.kero.resources import RESOURCES
from render import emoji
from render.emoji import (
    FALLBACK,
    KEER_FACES,
    KERO_DICE,
    KERO_RESOURCES,
    MAX_BYTES,
    SIZE,
    EmojiImage,
    EmojiKey,
    emoji_image,
    emoji_images,
)
from render.kero.palette import WHITE_DIE

DISCORD_NAME = re.compile(r"^[A-Za-z0-9_]{2,32}$")


@pytest.mark.parametrize("key", list(EmojiKey))
def test_each_key_draws_a_small_transparent_png(key: EmojiKey) -> None:
    image = emoji_image(key)
    assert image.png.startswith(b"\x89PNG\r\n\x1a\n")
    assert len(image.png) <= MAX_BYTES
    picture = Image.open(io.BytesIO(image.png))
    assert picture.size == (SIZE, SIZE) and picture.mode == "RGBA"
    alpha = picture.getchannel("A")
    assert alpha.getextrema() == (0, 255), "a piece on a transparent ground"
    assert DISCORD_NAME.match(image.name) and image.name.startswith(key.value + "_")


def test_every_picture_differs_and_so_does_every_name() -> None:
    images = emoji_images()
    assert [image.key for image in images] == list(EmojiKey)
    assert len({image.png for image in images}) == len(images)
    assert len({image.name for image in images}) == len(images)


def test_the_hash_follows_the_drawing() -> None:
    key = EmojiKey.KERO_BRICK
    drawn = emoji_image(key)
    again = EmojiImage(key, emoji.emoji_png(key))
    assert again.name == drawn.name  # the same drawing, the same name
    picture = emoji.draw_emoji(key)
    picture.putpixel((SIZE // 2, SIZE // 2), (0, 0, 0, 255))
    buffer = io.BytesIO()
    picture.save(buffer, format="PNG")
    changed = EmojiImage(key, buffer.getvalue())
    assert changed.digest != drawn.digest and changed.name != drawn.name
    assert re.fullmatch(r"[0-9a-f]{8}", changed.digest)


def test_colour_is_not_the_only_cue_between_the_keer_faces() -> None:
    """Grey, the faces still differ: each carries its own shape."""
    greys = {emoji.draw_emoji(KEER_FACES[face]).convert("LA").tobytes() for face in FACES}
    assert len(greys) == len(FACES)
    shapes = {
        emoji.draw_emoji(KEER_FACES[face])
        .convert("L")
        .point(lambda v: 255 if v > 240 else 0)
        .tobytes()
        for face in FACES
    }
    assert len(shapes) == len(FACES), "the white shapes alone tell the faces apart"


def test_the_pips_tell_the_kero_dice_apart_without_colour() -> None:
    """White, then the special dice in the shack's order: none, 1, 2 and 3 pips, drawn in each
    die's dark edge colour (the dark pixels grow with the pips)."""
    order = (WHITE_DIE, *SPECIAL_DICE)
    dark = [sum(emoji.draw_emoji(KERO_DICE[c]).convert("L").histogram()[1:150]) for c in order]
    assert dark == sorted(dark) and len(set(dark)) == len(order), dark


def test_every_game_piece_has_a_key_and_every_key_a_unicode_fallback() -> None:
    assert set(KEER_FACES) == set(FACES)
    assert set(KERO_RESOURCES) == set(RESOURCES)
    assert set(KERO_DICE) == {WHITE_DIE, *SPECIAL_DICE}
    assert set(FALLBACK) == set(EmojiKey)
    assert all(FALLBACK[key] and not FALLBACK[key].isascii() for key in EmojiKey)

"""The band-by-band PNG writer: what it writes decodes to the image drawn (checked by Pillow and
by zlib's own Adler-32), and an image that differs from an earlier one compresses only the bands
that changed."""

from __future__ import annotations

import io
import random
import struct
import zlib

import pytest
from PIL import Image, ImageDraw

from render import png
from render.png import BAND_ROWS, Bands, png_bytes


class CountedBands(Bands):
    """Bands that count how many were compressed (each `put` is one)."""

    def __init__(self, kept_bytes: int = png.BANDS_KEPT_BYTES) -> None:
        super().__init__(kept_bytes)
        self.compressed = 0

    def put(self, key: png.Key, band: png.Band) -> None:
        self.compressed += 1
        super().put(key, band)


def _drawn(mode: str, width: int, height: int, seed: int) -> Image.Image:
    """A picture with flat areas, lines and text, as the renderers draw."""
    rng = random.Random(seed)
    image = Image.new("RGB", (width, height), (250, 246, 236))
    draw = ImageDraw.Draw(image)
    for _ in range(12):
        x, y = rng.randrange(width), rng.randrange(height)
        colour = (rng.randrange(256), rng.randrange(256), rng.randrange(256))
        draw.rectangle((x, y, x + rng.randrange(1, 60), y + rng.randrange(1, 40)), fill=colour)
        draw.text((x, y), "Kero 3 pts", fill=(40, 36, 32))
    return image if mode == "RGB" else image.quantize(64)


def _decoded(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def _zlib_stream(data: bytes) -> bytes:
    """The concatenated IDAT data of a PNG."""
    at, stream = len(png.SIGNATURE), b""
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        if data[at + 4 : at + 8] == b"IDAT":
            stream += data[at + 8 : at + 8 + length]
        at += 12 + length
    return stream


@pytest.mark.parametrize("mode", ["RGB", "P"])
@pytest.mark.parametrize("size", [(600, 1067), (1, 1), (37, BAND_ROWS), (80, BAND_ROWS * 3 + 1)])
def test_what_is_written_decodes_to_the_image(mode: str, size: tuple[int, int]) -> None:
    image = _drawn(mode, *size, seed=size[0] * size[1])
    data = png_bytes(image, 1, Bands())
    back = _decoded(data)
    assert (back.mode, back.size) == (mode, size)
    assert back.tobytes() == image.tobytes()
    if mode == "P":
        assert back.getpalette() == image.getpalette()
    zlib.decompress(_zlib_stream(data))  # the combined Adler-32 is the stream's (else: error)


def test_an_image_a_few_rows_different_compresses_only_their_bands() -> None:
    bands = CountedBands()
    first = _drawn("P", 600, 1067, seed=1)
    png_bytes(first, 1, bands)
    stride, pixels = 600, first.tobytes()
    distinct = {pixels[top * stride : (top + BAND_ROWS) * stride] for top in range(0, 1067, 32)}
    assert bands.compressed == len(distinct) < -(-1067 // BAND_ROWS)  # alike bands: once
    second = first.copy()
    ImageDraw.Draw(second).rectangle((10, BAND_ROWS * 5 + 3, 200, BAND_ROWS * 5 + 9), fill=3)
    before = bands.compressed
    data = png_bytes(second, 1, bands)
    assert bands.compressed - before == 1
    assert _decoded(data).tobytes() == second.tobytes()
    assert png_bytes(second, 1, Bands()) == data  # kept bands write the same bytes as fresh


def test_the_same_bytes_in_rows_of_another_width_are_another_band() -> None:
    bands = Bands()
    narrow, wide = Image.new("P", (600, BAND_ROWS), 5), Image.new("P", (800, 24), 5)
    assert narrow.tobytes() == wide.tobytes()
    for image in (narrow, wide, narrow):
        assert _decoded(png_bytes(image, 1, bands)).size == image.size


def test_bands_past_the_kept_bytes_are_dropped_and_compressed_again() -> None:
    bands = CountedBands(kept_bytes=2_000)
    image = _drawn("RGB", 300, BAND_ROWS * 8, seed=2)
    first = png_bytes(image, 1, bands)
    assert png_bytes(image, 1, bands) == first
    assert bands.compressed > 8  # the first bands were dropped, so compressed again
    assert _decoded(first).tobytes() == image.tobytes()


def test_other_modes_and_transparency_go_through_pillow() -> None:
    rgba = Image.new("RGBA", (40, 40), (10, 20, 30, 128))
    assert _decoded(png_bytes(rgba, 1, Bands())).tobytes() == rgba.tobytes()
    clear = _drawn("P", 40, 40, seed=3)
    clear.info["transparency"] = 0
    back = _decoded(png_bytes(clear, 1, Bands()))
    assert back.tobytes() == clear.tobytes() and back.info.get("transparency") == 0


def test_adler_combined_is_the_adler_of_both() -> None:
    rng = random.Random(4)
    for _ in range(200):
        first = rng.randbytes(rng.randrange(0, 70_000))
        second = rng.randbytes(rng.randrange(0, 70_000))
        combined = png._adler_combine(zlib.adler32(first), zlib.adler32(second), len(second))
        assert combined == zlib.adler32(first + second)

"""PNG bytes written band by band, each band of rows compressed once and kept by its content.

A match's image is drawn again after every step, and most of it is what was drawn before: a
Kero table after Stop differs in one tank gauge, a Keer sheet after a pick in one enclosure. Each
band of `BAND_ROWS` rows is compressed on its own (a raw deflate stream flushed to a byte
boundary, so the bands' streams laid end to end are one valid stream), and kept by a digest of
its pixels; an image then compresses only the bands that changed. The zlib stream's Adler-32 is
combined from the bands' own (RFC 1950), so nothing is read twice.

Pillow still draws and decodes every image; it has no way to reuse compressed rows.
"""

from __future__ import annotations

import hashlib
import io
import struct
import threading
import zlib
from collections import OrderedDict
from typing import Final

from PIL import Image

BAND_ROWS: Final = 32
"""Rows per band: a change touches few bands, and the compression lost at each band's start is
about 1 % (measured on a Kero table)."""
BANDS_KEPT_BYTES: Final = 12 * 1024 * 1024
"""How much compressed band data is kept (about the tables of the matches played at once)."""
SIGNATURE: Final = b"\x89PNG\r\n\x1a\n"
_ZLIB_HEADER: Final = b"\x78\x01"  # deflate, 32 KB window, fastest (RFC 1950 header check: 0)
_LAST_BLOCK: Final = b"\x03\x00"  # an empty final block with fixed codes (RFC 1951)
_COLOUR_TYPES: Final = {"RGB": (2, 3), "P": (3, 1)}
"""PNG colour type and bytes per pixel of each image mode written here."""
_ADLER_BASE: Final = 65521

Key = tuple[int, int, bytes]
"""A band by its row length in bytes, its compression level and its pixels' SHA-1 digest (not
for security: a name no two bands share). The same bytes cut into rows of another length are
another band: each row starts with its filter byte."""
Band = tuple[bytes, int, int]
"""A band compressed, with the Adler-32 and length of the bytes it decompresses to."""


class Bands:
    """Compressed bands by the pixels they hold, the least recently used dropped past
    `kept_bytes` (thread-safe: render threads and the event loop encode at once)."""

    def __init__(self, kept_bytes: int = BANDS_KEPT_BYTES) -> None:
        self._kept_bytes = kept_bytes
        self._bytes = 0
        self._bands: OrderedDict[Key, Band] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Key) -> Band | None:
        """The band kept for these pixels, if any."""
        with self._lock:
            band = self._bands.get(key)
            if band is not None:
                self._bands.move_to_end(key)
            return band

    def put(self, key: Key, band: Band) -> None:
        """Keep a band just compressed."""
        with self._lock:
            if key not in self._bands:
                self._bands[key] = band
                self._bytes += len(band[0])
            while self._bytes > self._kept_bytes:
                self._bytes -= len(self._bands.popitem(last=False)[1][0])


BANDS: Final = Bands()
"""The process's bands, shared by every renderer."""


def png_bytes(image: Image.Image, level: int, bands: Bands = BANDS) -> bytes:
    """`image` as PNG bytes compressed at zlib `level` (RGB and palette images band by band;
    any other mode, or a palette with transparency, through Pillow)."""
    kind = _COLOUR_TYPES.get(image.mode)
    if kind is None or "transparency" in image.info:
        return _through_pillow(image, level)
    colour_type, depth = kind
    width, height = image.size
    stride = width * depth
    pixels = memoryview(image.tobytes())
    parts, adler, length = [_ZLIB_HEADER], 1, 0
    for top in range(0, height, BAND_ROWS):
        rows = pixels[top * stride : min(height, top + BAND_ROWS) * stride]
        data, band_adler, band_length = _band(rows, stride, level, bands)
        parts.append(data)
        adler, length = _adler_combine(adler, band_adler, band_length), length + band_length
    parts += [_LAST_BLOCK, struct.pack(">I", adler)]
    header = struct.pack(">IIBBBBB", width, height, 8, colour_type, 0, 0, 0)
    chunks = [_chunk(b"IHDR", header)]
    if image.mode == "P":
        chunks.append(_chunk(b"PLTE", bytes(image.getpalette() or [])))
    chunks += [_chunk(b"IDAT", b"".join(parts)), _chunk(b"IEND", b"")]
    return SIGNATURE + b"".join(chunks)


def _band(rows: memoryview, stride: int, level: int, bands: Bands) -> Band:
    """One band compressed: kept from an earlier image, or compressed now and kept."""
    key = (stride, level, hashlib.sha1(rows, usedforsecurity=False).digest())
    band = bands.get(key)
    if band is None:
        lines = (rows[at : at + stride] for at in range(0, len(rows), stride))
        filtered = b"\x00" + b"\x00".join(lines)  # each row with filter type 0 (none)
        squeeze = zlib.compressobj(level, zlib.DEFLATED, -15)
        data = squeeze.compress(filtered) + squeeze.flush(zlib.Z_FULL_FLUSH)
        band = (data, zlib.adler32(filtered), len(filtered))
        bands.put(key, band)
    return band


def _adler_combine(first: int, second: int, second_length: int) -> int:
    """The Adler-32 of two byte strings laid end to end, from each one's (zlib's
    adler32_combine)."""
    base, remainder = _ADLER_BASE, second_length % _ADLER_BASE
    low = (first & 0xFFFF) + (second & 0xFFFF) + base - 1
    high = remainder * (first & 0xFFFF) % base
    high += (first >> 16) + (second >> 16) + base - remainder
    return (low % base) | ((high % base) << 16)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _through_pillow(image: Image.Image, level: int) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", compress_level=level)
    return buffer.getvalue()

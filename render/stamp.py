"""The match and state version an image shows, written into the PNG itself (a tEXt chunk), so
a message's image can be checked against the buttons beside it, which carry the same version.

Stamping splices one chunk into already encoded bytes (no re-encoding): a render cached for a
version is stamped again for free.
"""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass
from typing import Final

KEYWORD: Final = b"tablero"
_SIGNATURE: Final = b"\x89PNG\r\n\x1a\n"


@dataclass(frozen=True, slots=True)
class Stamp:
    """What an image was drawn for: a match and its state version."""

    match_id: int
    version: int

    def text(self) -> bytes:
        """The chunk's text: `match=12 version=34`."""
        return f"match={self.match_id} version={self.version}".encode("ascii")


def stamp(png: bytes, mark: Stamp) -> bytes:
    """The PNG with `mark` written after its header chunk (any earlier stamp removed)."""
    if not png.startswith(_SIGNATURE):
        raise ValueError("not a PNG")
    chunks = [c for c in _chunks(png) if not _is_stamp(c)]
    data = KEYWORD + b"\x00" + mark.text()
    ours = struct.pack(">I", len(data)) + b"tEXt" + data
    ours += struct.pack(">I", zlib.crc32(b"tEXt" + data) & 0xFFFFFFFF)
    return _SIGNATURE + chunks[0] + ours + b"".join(chunks[1:])


def read_stamp(png: bytes) -> Stamp | None:
    """The stamp of a PNG, None when it has none."""
    if not png.startswith(_SIGNATURE):
        return None
    for chunk in _chunks(png):
        if _is_stamp(chunk):
            text = chunk[8 + len(KEYWORD) + 1 : -4].decode("ascii")
            fields = dict(part.split("=", 1) for part in text.split())
            return Stamp(int(fields["match"]), int(fields["version"]))
    return None


def _chunks(png: bytes) -> list[bytes]:
    """The PNG's chunks, each whole (length, type, data, CRC)."""
    out, at = [], len(_SIGNATURE)
    while at < len(png):
        (length,) = struct.unpack(">I", png[at : at + 4])
        end = at + 12 + length
        out.append(png[at:end])
        at = end
    return out


def _is_stamp(chunk: bytes) -> bool:
    return chunk[4:8] == b"tEXt" and chunk[8:].startswith(KEYWORD + b"\x00")

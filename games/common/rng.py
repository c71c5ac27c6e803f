"""The match's chance stream: seeded, stateless per draw, identical on every Python version.

Draw k of seed s depends only on (s, k): the bytes of SHA-256("s:k:block") for block = 0, 1, …,
one byte per value with rejection sampling, so every outcome is exactly equally likely. Nothing
beyond the seed needs storing, and a restarted bot draws the same next roll. The recorded rolls,
not the seed, remain the truth.
"""

from __future__ import annotations

from hashlib import sha256

MAX_RANGE = 256
_BLOCK = 32
"""Bytes in one SHA-256 digest."""


_Limits = tuple[int, int, tuple[int, ...]]
_LIMITS: dict[tuple[int, ...], _Limits] = {}
"""By sizes already checked: their rejection limits (the same few sizes recur)."""
_MAX_LIMITS = 1024
"""Sizes kept at most (a draw's sizes may vary from match to match)."""


def _limits(sizes: tuple[int, ...]) -> _Limits:
    """Check every size; then (n, its limit) if all sizes are n, else (0, 0), and every limit.

    A value's limit is the first byte it rejects: bytes at or past it would bias the value.
    """
    for n in sizes:
        if not 1 <= n <= MAX_RANGE:
            raise ValueError(f"a draw takes a range of 1 to {MAX_RANGE} values, not {n}")
    limits = tuple([MAX_RANGE - MAX_RANGE % n for n in sizes])
    uniform = sizes[0] if sizes and len(set(sizes)) == 1 else 0
    found = (uniform, MAX_RANGE - MAX_RANGE % uniform if uniform else 0, limits)
    if len(_LIMITS) < _MAX_LIMITS and type(sizes) is tuple:
        _LIMITS[sizes] = found
    return found


class ChanceRng:
    """Uniform integers for the k-th chance draw of a match."""

    __slots__ = ("_prefix", "_seed")

    def __init__(self, seed: int | str) -> None:
        self._seed = str(seed)
        self._prefix = f"{self._seed}:"
        """The text every draw's digest input starts with, joined once."""

    @property
    def seed(self) -> str:
        """The seed as recorded (always text, so large integers survive JSON)."""
        return self._seed

    def draw(self, index: int, sizes: tuple[int, ...]) -> tuple[int, ...]:
        """For draw `index`, one uniform integer in range(n) for each n in `sizes` (n ≤ 256)."""
        found = _LIMITS.get(sizes)
        if found is None:
            found = _limits(sizes)
        if len(sizes) <= _BLOCK:
            # The common case: no byte of the first block is rejected, so value i is byte i.
            digest = sha256(f"{self._prefix}{index}:0".encode()).digest()
            n, limit, limits = found
            if n:  # every size is n: one comparison with the largest byte checks them all
                head = digest[: len(sizes)]
                if max(head) < limit:
                    return tuple([byte % n for byte in head])
                return self._draw_slowly(index, sizes)
            for byte, limit in zip(digest, limits, strict=False):
                if byte >= limit:
                    return self._draw_slowly(index, sizes)
            return tuple([byte % n for byte, n in zip(digest, sizes, strict=False)])
        return self._draw_slowly(index, sizes)

    def _draw_slowly(self, index: int, sizes: tuple[int, ...]) -> tuple[int, ...]:
        """The draw byte by byte from block 0, rejecting any byte that would bias its value."""
        out: list[int] = []
        block = 0
        while len(out) < len(sizes):
            digest = sha256(f"{self._seed}:{index}:{block}".encode()).digest()
            block += 1
            for byte in digest:
                n = sizes[len(out)]
                if byte < MAX_RANGE - MAX_RANGE % n:
                    out.append(byte % n)
                    if len(out) == len(sizes):
                        break
        return tuple(out)

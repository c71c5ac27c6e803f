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


class ChanceRng:
    """Uniform integers for the k-th chance draw of a match."""

    __slots__ = ("_seed",)

    def __init__(self, seed: int | str) -> None:
        self._seed = str(seed)

    @property
    def seed(self) -> str:
        """The seed as recorded (always text, so large integers survive JSON)."""
        return self._seed

    def draw(self, index: int, sizes: tuple[int, ...]) -> tuple[int, ...]:
        """For draw `index`, one uniform integer in range(n) for each n in `sizes` (n ≤ 256)."""
        for n in sizes:
            if not 1 <= n <= MAX_RANGE:
                raise ValueError(f"a draw takes a range of 1 to {MAX_RANGE} values, not {n}")
        if len(sizes) <= _BLOCK:
            # The common case: no byte of the first block is rejected, so value i is byte i.
            out: list[int] = []
            digest = sha256(f"{self._seed}:{index}:0".encode()).digest()
            for byte, n in zip(digest, sizes, strict=False):
                if byte >= MAX_RANGE - MAX_RANGE % n:
                    return self._draw_slowly(index, sizes)
                out.append(byte % n)
            return tuple(out)
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

"""The match's chance stream: seeded, stateless per draw, identical on every Python version.

Draw k of seed s depends only on (s, k): the bytes of SHA-256("s:k:block") for block = 0, 1, …,
one byte per value with rejection sampling, so every outcome is exactly equally likely. Nothing
beyond the seed needs storing, and a restarted bot draws the same next roll. The recorded rolls,
not the seed, remain the truth.
"""

from __future__ import annotations

import hashlib

MAX_RANGE = 256


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
        out: list[int] = []
        block = 0
        pool = b""
        pos = 0
        for n in sizes:
            if not 1 <= n <= MAX_RANGE:
                raise ValueError(f"a draw takes a range of 1 to {MAX_RANGE} values, not {n}")
            limit = MAX_RANGE - MAX_RANGE % n
            while True:
                if pos == len(pool):
                    pool = hashlib.sha256(f"{self._seed}:{index}:{block}".encode()).digest()
                    block += 1
                    pos = 0
                byte = pool[pos]
                pos += 1
                if byte < limit:
                    out.append(byte % n)
                    break
        return tuple(out)

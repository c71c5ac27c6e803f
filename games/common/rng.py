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
        wanted = len(sizes)
        if not wanted:
            return ()
        if min(sizes) < 1 or max(sizes) > MAX_RANGE:
            bad = next(n for n in sizes if not 1 <= n <= MAX_RANGE)
            raise ValueError(f"a draw takes a range of 1 to {MAX_RANGE} values, not {bad}")
        out: list[int] = []
        prefix = f"{self._seed}:{index}:"
        block = 0
        n, limit = sizes[0], _LIMITS[sizes[0]]
        while True:
            digest = hashlib.sha256(f"{prefix}{block}".encode()).digest()
            block += 1
            for byte in digest:
                if byte < limit:
                    out.append(byte % n)
                    done = len(out)
                    if done == wanted:
                        return tuple(out)
                    n = sizes[done]
                    limit = _LIMITS[n]


_LIMITS: tuple[int, ...] = tuple(
    MAX_RANGE - MAX_RANGE % n if n else 0 for n in range(MAX_RANGE + 1)
)
"""For each range n, the bytes below which `byte % n` is exactly uniform."""

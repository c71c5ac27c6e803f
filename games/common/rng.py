"""The match's chance stream: seeded, stateless per draw, identical on every Python version.

Draw k of seed s depends only on (s, k): the bytes of SHA-256("s:k:block") for block = 0, 1, …,
one byte per value with rejection sampling, so every outcome is exactly equally likely. Nothing
beyond the seed needs storing, and a restarted bot draws the same next roll. The recorded rolls,
not the seed, remain the truth.
"""

from __future__ import annotations

import hashlib
from functools import cache

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
        if sizes and (min(sizes) < 1 or max(sizes) > MAX_RANGE):
            for n in sizes:
                if not 1 <= n <= MAX_RANGE:
                    raise ValueError(f"a draw takes a range of 1 to {MAX_RANGE} values, not {n}")
        quick = _all_accepted(f"{self._seed}:{index}:0", sizes)
        if quick is not None:
            return quick
        out: list[int] = []
        block = 0
        while len(out) < len(sizes):
            digest = hashlib.sha256(f"{self._seed}:{index}:{block}".encode()).digest()
            block += 1
            for byte in digest:
                n = sizes[len(out)]
                if byte < MAX_RANGE - MAX_RANGE % n:
                    out.append(byte % n)
                    if len(out) == len(sizes):
                        break
        return tuple(out)


def _all_accepted(key: str, sizes: tuple[int, ...]) -> tuple[int, ...] | None:
    """`draw`'s answer when every value has one range and the first block's leading bytes are
    all accepted (nearly always, for dice), worked out in C; None otherwise."""
    wanted = len(sizes)
    if not 0 < wanted <= _BLOCK_BYTES or sizes.count(sizes[0]) != wanted:
        return None
    n = sizes[0]
    if type(n) is not int:
        return None
    lead = hashlib.sha256(key.encode()).digest()[:wanted]
    if max(lead) >= MAX_RANGE - MAX_RANGE % n:
        return None
    return tuple(lead.translate(_remainders(n)))


_BLOCK_BYTES = hashlib.sha256().digest_size


@cache
def _remainders(n: int) -> bytes:
    """The translation table byte → byte % n."""
    return bytes(byte % n for byte in range(MAX_RANGE))

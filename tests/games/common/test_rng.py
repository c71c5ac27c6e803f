"""The chance stream: reproducible per (seed, draw), uniform, and independent of Python's random."""

from __future__ import annotations

import hashlib
from collections import Counter

import pytest

from games.common import ChanceRng


def test_the_same_seed_and_index_give_the_same_draw() -> None:
    assert ChanceRng(42).draw(7, (6, 6, 6)) == ChanceRng("42").draw(7, (6, 6, 6))


def test_draws_do_not_depend_on_earlier_draws() -> None:
    rng = ChanceRng("s")
    later = rng.draw(5, (6, 6, 6))
    for index in range(5):
        rng.draw(index, (6, 6, 6))
    assert rng.draw(5, (6, 6, 6)) == later


def test_known_values_pin_the_documented_algorithm() -> None:
    """docs/match-records.md: byte b of SHA-256("seed:k:0") gives b mod n if b < 256 - 256 mod n."""
    digest = hashlib.sha256(b"abc:3:0").digest()
    expected = [b % 6 for b in digest if b < 252][:3]
    assert list(ChanceRng("abc").draw(3, (6, 6, 6))) == expected


def test_different_seeds_or_indices_differ() -> None:
    draws = {ChanceRng(seed).draw(index, (6,) * 8) for seed in range(20) for index in range(20)}
    assert len(draws) == 400


def test_values_are_in_range_and_roughly_uniform() -> None:
    rng = ChanceRng("uniform")
    counts = Counter(v for index in range(3000) for v in rng.draw(index, (6, 6)))
    assert set(counts) == set(range(6))
    expected = 6000 / 6
    chi2 = sum((c - expected) ** 2 / expected for c in counts.values())
    assert chi2 < 25, counts  # 5 degrees of freedom: p < 0.0002 for a fair stream


def test_rejection_keeps_non_power_of_two_ranges_exact() -> None:
    rng = ChanceRng("r")
    assert {v for index in range(500) for v in rng.draw(index, (3,))} == {0, 1, 2}
    assert all(v < 256 for v in rng.draw(0, (256,) * 40))


@pytest.mark.parametrize("size", [0, -1, 257])
def test_impossible_ranges_are_refused(size: int) -> None:
    with pytest.raises(ValueError, match="range"):
        ChanceRng(1).draw(0, (size,))


def _documented_draw(seed: str, index: int, sizes: tuple[int, ...]) -> tuple[int, ...]:
    """docs/match-records.md, byte by byte: blocks 0, 1, … of SHA-256("seed:k:block")."""
    out: list[int] = []
    block = 0
    while len(out) < len(sizes):
        for byte in hashlib.sha256(f"{seed}:{index}:{block}".encode()).digest():
            n = sizes[len(out)]
            if byte < 256 - 256 % n:
                out.append(byte % n)
                if len(out) == len(sizes):
                    break
        block += 1
    return tuple(out)


@pytest.mark.parametrize("sizes", [(6, 6, 6), (3,), (200, 200, 200, 200), (7,) * 33, (129,) * 5])
def test_every_draw_follows_the_documented_algorithm_rejections_included(
    sizes: tuple[int, ...],
) -> None:
    rng = ChanceRng("ref")
    draws = [rng.draw(index, sizes) for index in range(300)]
    assert draws == [_documented_draw("ref", index, sizes) for index in range(300)]

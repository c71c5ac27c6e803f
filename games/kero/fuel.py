"""Fuel-up at the refinery: the opponent throws the dice until every one shows a flame.

Each throw is a chance node: of the r dice still thrown, k show a flame (Binomial(r, 1/6): every
die has one flame face in six) and are set aside. When one die is left, it is thrown at most
`last_die_throws` more times; if it still shows no flame it counts as one (the "7 flames" rule,
applied to a 5-dice fuel-up too). The KERO gained is the time it took: in `auto` mode the number
of throws times a fixed cadence, in `live` mode the opponent's own timestamps.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb

FLAME_CHANCE = Fraction(1, 6)


@dataclass(frozen=True, slots=True)
class FuelUp:
    """A fuel-up under way: dice still to flame, throws made, throws of the last die alone."""

    dice: int
    throws: int = 0
    last_die_throws: int = 0
    cap: int = 5

    @property
    def done(self) -> bool:
        """True once every die shows (or counts as) a flame."""
        return self.dice == 0

    def outcomes(self) -> list[tuple[int, Fraction]]:
        """The flames the next throw may show, with their probabilities (they sum to 1)."""
        r = self.dice
        return [
            (k, comb(r, k) * FLAME_CHANCE**k * (1 - FLAME_CHANCE) ** (r - k)) for k in range(r + 1)
        ]

    def after(self, flames: int) -> FuelUp:
        """The fuel-up after a throw showing `flames` new flames (the last-die rule applied)."""
        if not 0 <= flames <= self.dice:
            raise ValueError(f"a throw of {self.dice} dice cannot show {flames} flames")
        if self.done:
            raise ValueError("the fuel-up is over: every die shows a flame")
        left = self.dice - flames
        alone = self.last_die_throws + 1 if self.dice == 1 else 0
        if left == 1 and alone >= self.cap:
            left = 0
        return FuelUp(left, self.throws + 1, alone, self.cap)


def kero_gained(throws: int, throw_ms: int) -> int:
    """Auto mode: the KERO a fuel-up of `throws` throws adds (capping is the tank's job)."""
    return throws * throw_ms


def throw_count_distribution(dice: int, cap: int = 5, limit: int = 150) -> dict[int, float]:
    """The probability of each number of throws a fuel-up takes (mass beyond `limit` dropped)."""
    states: dict[tuple[int, int], float] = {(dice, 0): 1.0}
    finished: dict[int, float] = {}
    for throws in range(1, limit + 1):
        following: dict[tuple[int, int], float] = {}
        for (left, alone), p in states.items():
            fuel = FuelUp(left, throws - 1, alone, cap)
            for flames, q in fuel.outcomes():
                nxt = fuel.after(flames)
                if nxt.done:
                    finished[throws] = finished.get(throws, 0.0) + p * float(q)
                else:
                    key = (nxt.dice, nxt.last_die_throws)
                    following[key] = following.get(key, 0.0) + p * float(q)
        states = following
    return finished

"""How strong a computer player is, and how much thinking a searching one may spend.

A game offers one computer player per level. `hard` searches: it plays out sampled futures of
the match, so it takes a budget. The engines read no clock, so a budget counts playouts; the
caller that owns a clock (the bot's worker) may also hand in one and a CPU-time allowance.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Final


class Level(StrEnum):
    """The computer's strength, as players choose it."""

    EASY = "easy"
    """Legal and plausible, beatable by a child: takes obvious moves, misses combinations."""
    NORMAL = "normal"
    """The heuristic player."""
    HARD = "hard"
    """Searches sampled futures of the match within a budget."""


LEVELS: Final = tuple(Level)


@dataclass(frozen=True, slots=True)
class Budget:
    """What one decision of a searching player may spend."""

    playouts: int = 400
    """At most this many sampled playouts (or search iterations) per decision."""
    cpu_ms: float = 100.0
    """With a clock: stop once this much of it has passed since the decision began."""
    clock: Callable[[], float] | None = None
    """Seconds of CPU time (e.g. time.process_time), from a caller allowed to read one; without
    it the search is bounded by `playouts` only, and so is deterministic."""

    def deadline(self) -> Callable[[], bool]:
        """A check that says when this decision has spent its budget of time."""
        clock = self.clock
        if clock is None:
            return lambda: False
        end = clock() + self.cpu_ms / 1000
        return lambda: clock() >= end


def parse_level(text: str) -> Level:
    """The level named `text`; ValueError listing the levels for anything else."""
    try:
        return Level(text)
    except ValueError:
        names = ", ".join(level.value for level in LEVELS)
        raise ValueError(f"unknown level {text!r}; levels: {names}") from None

"""Kero's chance actions: setup shuffles, fuel-up throws, dice faces and Tuarek reshuffles."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from itertools import product
from typing import TYPE_CHECKING

from games.common.rng import ChanceRng
from games.kero.actions import Action, Faces, Flames, Reshuffle, Setup
from games.kero.components import Components

if TYPE_CHECKING:
    from games.kero.state import KeroState

FACES_PER_DIE = 6
FLAME_FACE = 5
"""The index of the flame face on every die (dice.toml lists it last)."""
LISTED_DICE = 5
"""Throws of more dice than this have too many outcomes to list (6^n); sample them instead."""


def outcomes(state: KeroState) -> list[tuple[Action, Fraction]]:
    """The pending chance action's outcomes; empty for shuffles (uniform over orders)."""
    due = state.chance_due()
    if due == "flames":
        assert state.turn.fuel is not None
        return [(Flames(k), p) for k, p in state.turn.fuel.outcomes()]
    if due == "faces" and len(state.turn.to_throw) <= LISTED_DICE:
        n = len(state.turn.to_throw)
        p = Fraction(1, FACES_PER_DIE**n)
        return [(Faces(f), p) for f in product(range(FACES_PER_DIE), repeat=n)]
    return []


def sample(state: KeroState, rng: ChanceRng) -> Action:
    """Draw the pending chance action: draw number = chance actions applied so far."""
    due = state.chance_due()
    index = state.rolls
    if due == "setup":
        return setup(state.box, rng, index)
    if due == "reshuffle":
        return Reshuffle(
            shuffled(state.tuarek_used, rng.draw(index, _fisher_yates(len(state.tuarek_used))))
        )
    if due == "flames":
        assert state.turn.fuel is not None
        draws = rng.draw(index, (FACES_PER_DIE,) * state.turn.fuel.dice)
        return Flames(draws.count(FLAME_FACE))
    if due == "faces":
        return Faces(rng.draw(index, (FACES_PER_DIE,) * len(state.turn.to_throw)))
    raise ValueError("no chance action is due")


def setup(box: Components, rng: ChanceRng, index: int = 0) -> Setup:
    """The rulebook's setup: 3 piles of Regular cards each topped by a Claim card and shuffled,
    stacked, the shuffled Start cards on top; territories and Tuareks shuffled; a first player."""
    regular = [c.id for c in box.regular]
    sizes = pile_sizes(box)
    tuareks = [t.id for t in box.tuareks for _ in range(t.count)]
    territories = [t.id for t in box.territories]
    start = [c.id for c in box.start]
    plan = [len(regular)] + [s + 1 for s in sizes] + [len(start), len(territories), len(tuareks)]
    draws = iter(rng.draw(index, (2, *(n for size in plan for n in _fisher_yates(size)))))
    first = next(draws)
    regular = _shuffle(regular, draws)
    deck: list[str] = []
    offset = 0
    for size, claim in zip(sizes, box.claim, strict=True):
        deck += _shuffle([claim.id, *regular[offset : offset + size]], draws)
        offset += size
    deck = _shuffle(start, draws) + deck
    return Setup(
        first, tuple(deck), tuple(_shuffle(territories, draws)), tuple(_shuffle(tuareks, draws))
    )


def pile_sizes(box: Components) -> list[int]:
    """How many Regular cards go into each of the piles that a Claim card tops."""
    piles, regular = box.supply.regular_piles, len(box.regular)
    return [regular // piles + (i < regular % piles) for i in range(piles)]


def deal_problem(box: Components, deck: tuple[str, ...], stacked: bool) -> str | None:
    """Why a deck order is not a deal this match accepts (None if it is): the rulebook's deal
    puts the Start cards on top, then piles each holding one Claim card; a stacked deal (tests,
    puzzles) may order the cards freely but never shows a Claim card in the opening row."""
    claims = {c.id for c in box.claim}
    if any(card in claims for card in deck[: box.supply.row_size]):
        return "a Claim card can't be dealt into the opening row"
    if stacked:
        return None
    start = len(box.start)
    if set(deck[:start]) != {c.id for c in box.start}:
        return f"a rulebook deal puts the {start} Start cards on top of the deck"
    offset = start
    for size in pile_sizes(box):
        pile = deck[offset : offset + size + 1]
        offset += size + 1
        if sum(card in claims for card in pile) != 1:
            return (
                f"a rulebook deal stacks {len(box.claim)} piles of {size} Regular cards "
                "under the Start cards, each with one Claim card shuffled in"
            )
    return None


def shuffled(items: list[str], draws: tuple[int, ...]) -> tuple[str, ...]:
    """`items` shuffled by Fisher–Yates with the given draws."""
    return tuple(_shuffle(list(items), iter(draws)))


def _fisher_yates(n: int) -> tuple[int, ...]:
    """The ranges a Fisher–Yates shuffle of n items draws from: n, n-1, …, 2."""
    return tuple(range(n, 1, -1))


def _shuffle(items: list[str], draws: Iterator[int]) -> list[str]:
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = next(draws)
        out[i], out[j] = out[j], out[i]
    return out

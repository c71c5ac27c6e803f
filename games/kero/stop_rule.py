"""When to lay the truck flat, by expected value: a re-roll is worth its click only if the camp
it is expected to buy beats the camp the dice buy now by more than the KERO the click costs.

A camp is valued by a greedy plan (the cards worth most for what they cost, then Explorers where
they lead), with the die faces a re-roll may bring sampled or, for one or two dice, enumerated.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product
from typing import Final

from games.common.protocol import Seat
from games.kero.chance import FACES_PER_DIE, FLAME_FACE
from games.kero.components import Face
from games.kero.rules import WHITE
from games.kero.state import KeroState
from games.kero.valuation import JERRYCAN, TUAREK, card_value, lead_share

SAMPLES: Final = 24
"""Sampled outcomes per candidate re-roll (fewer outcomes than this are enumerated)."""
FIRE: Final = 0.2
"""A card burns: the row loses a card someone wanted, and burnt dice yield nothing."""
MARGIN: Final = 0.05
"""A re-roll must beat stopping by at least this much (it risks flames and wastes a turn)."""

Pool = tuple[int, int, int, int, int]
"""brick, wheat, metal, recruit, jerrycan."""


@dataclass(frozen=True, slots=True)
class _Offer:
    """A card of the row as the plan sees it: its cost and its worth to the seat."""

    cost: Pool
    value: float


class CampPlan:
    """The greedy camp a set of final faces would buy, priced once per decision."""

    def __init__(self, state: KeroState, seat: Seat) -> None:
        self.state, self.seat = state, seat
        box, camp = state.box, state.camps[seat]
        self.faces: list[tuple[Face, ...]] = [
            (box.white if colour == WHITE else box.special[colour]).faces
            for colour in state.turn.dice
        ]
        offers = []
        for card_id in state.row:
            card = box.card(card_id or "")
            if card is not None:
                value = card_value(state, seat, card) - JERRYCAN * card.cost.jerrycan
                offers.append(_Offer(card.cost.as_tuple(), value))
        self.offers = sorted(offers, key=lambda o: -o.value)
        self.bonus = [0, 0, 0, 0, camp.jerrycans]
        for tile_id in camp.tiles:
            effect = box.tiles[tile_id].effect
            if effect.kind == "bonus" and isinstance(effect.arg, str):
                self.bonus[("brick", "wheat", "metal", "recruit").index(effect.arg)] += 1
        self.territories = [
            (
                box.territories_by_id[t].points,
                state.explorers[s][seat] - state.explorers[s][1 - seat],
            )
            for s, t in enumerate(state.territories)
            if t is not None
        ]
        self.fire_proof = bool(
            {"fire_eater"} & set(camp.tuareks)
            or any(box.tiles[t].effect.kind == "ignore_flames" for t in camp.tiles)
        )

    def value(self, faces: Sequence[int | None]) -> float:
        """The worth of the best greedy camp these final faces buy."""
        pool, extra, places, flames = list(self.bonus), 0.0, 0, 0
        for options, index in zip(self.faces, faces, strict=True):
            if index is None or index == FLAME_FACE:
                flames += 1
                continue
            face = options[index]
            if face.tuarek:
                extra += TUAREK
            elif face.explorer:
                places += 1
            else:
                for kind, amount in enumerate(face.resources.as_tuple()):
                    pool[kind] += amount
        if flames >= 2 and not (self.fire_proof and flames == 2):
            extra -= FIRE
        return extra + max(self._spend(list(pool), places, first) for first in (True, False))

    def _spend(self, pool: list[int], places: int, cards_first: bool) -> float:
        """Buy cards (best first) and place Explorers, in either order; leftover cans count."""
        value = 0.0
        if cards_first:
            value += self._cards(pool)
        value += self._explorers(pool, places)
        if not cards_first:
            value += self._cards(pool)
        return value + JERRYCAN * pool[4]

    def _cards(self, pool: list[int]) -> float:
        value = 0.0
        for offer in self.offers:
            if offer.value > 0 and all(p >= c for p, c in zip(pool, offer.cost, strict=True)):
                for kind, amount in enumerate(offer.cost):
                    pool[kind] -= amount
                value += offer.value
        return value

    def _explorers(self, pool: list[int], places: int) -> float:
        home = self.state.camps[self.seat].explorers
        leads = list(self.territories)
        value = 0.0
        while leads and home > 0 and (places > 0 or (pool[2] and pool[3])):
            gains = [p * (lead_share(d + 1) - lead_share(d)) for p, d in leads]
            best = max(range(len(leads)), key=gains.__getitem__)
            if places > 0:
                places -= 1
            else:
                pool[2], pool[3] = pool[2] - 1, pool[3] - 1
            home -= 1
            value += gains[best]
            leads[best] = (leads[best][0], leads[best][1] + 1)
        return value


def best_reroll(
    state: KeroState, seat: Seat, click_cost: float, rnd: random.Random
) -> tuple[int, ...] | None:
    """The dice whose re-roll gains most over stopping now, or None when stopping is best."""
    plan = CampPlan(state, seat)
    faces = list(state.turn.faces)
    now = plan.value(faces)
    draws = [[rnd.randrange(FACES_PER_DIE) for _ in faces] for _ in range(SAMPLES)]
    best: tuple[float, tuple[int, ...] | None] = (now + click_cost + MARGIN, None)
    for dice in _candidates(plan, faces):
        gain = _expected(plan, faces, dice, draws)
        if gain > best[0]:
            best = (gain, dice)
    return best[1]


def _expected(
    plan: CampPlan, faces: list[int | None], dice: tuple[int, ...], draws: list[list[int]]
) -> float:
    """The mean camp value after re-rolling `dice` (every outcome when there are few)."""
    if FACES_PER_DIE ** len(dice) <= 2 * SAMPLES:
        outcomes: Sequence[Sequence[int]] = list(product(range(FACES_PER_DIE), repeat=len(dice)))
    else:
        outcomes = [[draw[d] for d in dice] for draw in draws]
    total = 0.0
    trial = list(faces)
    for outcome in outcomes:
        for die, face in zip(dice, outcome, strict=True):
            trial[die] = face
        total += plan.value(trial)
    return total / len(outcomes)


def _candidates(plan: CampPlan, faces: list[int | None]) -> list[tuple[int, ...]]:
    """For each card of the row (and for an Explorer), the unburnt dice that do not help pay it;
    each die alone; and every unburnt die."""
    unburnt = [d for d, f in enumerate(faces) if f is not None and f != FLAME_FACE]
    targets = [o.cost for o in plan.offers] + [(0, 0, 1, 1, 0)]
    found: set[tuple[int, ...]] = {(d,) for d in unburnt}
    found.add(tuple(unburnt))
    for cost in targets:
        need = list(cost)
        spare = []
        for die in unburnt:
            face = plan.faces[die][faces[die] or 0]
            amounts = face.resources.as_tuple()
            helps = face.tuarek or face.explorer or amounts[4] > 0
            for kind in range(4):
                if amounts[kind] and need[kind] > 0:
                    helps = True
                    need[kind] -= amounts[kind]
            if not helps:
                spare.append(die)
        if spare:
            found.add(tuple(spare))
    return sorted(c for c in found if c)

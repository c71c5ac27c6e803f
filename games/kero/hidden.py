"""What one clan cannot see, resampled: a determinized copy of a Kero match for look-ahead.

A seat knows its own hand, everything face up and every count, but not the opponent's Tuareks
(held or armed as a Dust Storm), the order of the Tuarek pile, the deck or the territory pile.
`determinize` rebuilds exactly those parts from what the seat knows, in a canonical order first,
so two matches that differ only in what the seat cannot see give the same samples.
"""

from __future__ import annotations

import random

from games.common.protocol import Seat
from games.kero.ai import DUST_STORM
from games.kero.chance import pile_sizes
from games.kero.state import KeroState


def determinize(state: KeroState, seat: Seat, rnd: random.Random) -> KeroState:
    """A clone of `state` whose hidden parts are redrawn consistently with what `seat` sees."""
    world = state.clone()
    world.history = []  # the record holds the deal: a look-ahead must not read it
    _deal_tuareks(world, seat, rnd)
    world.deck = _deck(world, rnd)
    world.territory_pile = _shuffled(world.territory_pile, rnd)
    return world


def _shuffled(items: list[str], rnd: random.Random) -> list[str]:
    """The items in a random order drawn from their sorted order (so their order is not read)."""
    out = sorted(items)
    rnd.shuffle(out)
    return out


def _deal_tuareks(world: KeroState, seat: Seat, rnd: random.Random) -> None:
    """Redeal the opponent's hand (held and armed) and the pile from the Tuareks not seen.

    A Dust Storm dealt to the opponent counts as armed: the computer arms them at once, and
    whether one is held or armed is exactly what the seat cannot tell."""
    other = world.camps[1 - seat]
    unseen = _shuffled([*world.tuarek_pile, *other.tuareks, *[DUST_STORM] * other.armed], rnd)
    size = len(other.tuareks) + other.armed
    hand, world.tuarek_pile = unseen[:size], unseen[size:]
    other.armed = hand.count(DUST_STORM)
    other.tuareks = [t for t in hand if t != DUST_STORM]


def _deck(world: KeroState, rnd: random.Random) -> list[str]:
    """The deck's cards in a new order the deal allows: the Start cards still on top, then what
    is left of each pile of Regular cards, with one Claim card in each pile whose Claim card has
    not come up yet."""
    box = world.box
    cards = sorted(world.deck)
    claim_ids, start_ids = {k.id for k in box.claim}, {k.id for k in box.start}
    claims = [c for c in cards if c in claim_ids]
    starts = [c for c in cards if c in start_ids]
    regular = [c for c in cards if c not in claim_ids and c not in start_ids]
    piles = _piles_left(len(box.start), pile_sizes(box), len(cards))
    revealed = len(box.claim) - len(claims)  # the piles are drawn in order, so are their claims
    holding = [index >= revealed for index, _ in piles]
    in_piles = sum(size for _, size in piles)
    if (
        world.deal != "rulebook"
        or len(starts) + in_piles != len(cards)
        or sum(holding) != len(claims)
        or any(size < has for (_, size), has in zip(piles, holding, strict=True))
    ):
        rnd.shuffle(cards)  # not a deal this sampler knows: every order is as good a guess
        return cards
    for group in (starts, regular, claims):
        rnd.shuffle(group)
    deck = starts
    for (_, size), has_claim in zip(piles, holding, strict=True):
        take = size - has_claim
        pile, regular = regular[:take] + ([claims.pop()] if has_claim else []), regular[take:]
        rnd.shuffle(pile)
        deck += pile
    return deck


def _piles_left(starts: int, piles: list[int], left: int) -> list[tuple[int, int]]:
    """(pile index, cards left) of each pile of the deal still (partly) in a deck of `left`."""
    drawn = starts + sum(size + 1 for size in piles) - left
    out, top = [], starts
    for index, size in enumerate(piles):
        bottom = top + size + 1
        if bottom > drawn:
            out.append((index, bottom - max(top, drawn)))
        top = bottom
    return out

"""Kero's end-game score: card points and territory points with their conditions; the tie-break."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from games.common.protocol import Outcome, Seat
from games.kero.components import Territory

if TYPE_CHECKING:
    from games.kero.state import KeroState


def points(state: KeroState, seat: Seat) -> int:
    """The clan's points if the game ended now."""
    box, camp = state.box, state.camps[seat]
    cards = [c for c in (box.card(i) for i in camp.cards) if c is not None]
    colours = Counter(c.colour for c in cards)
    total = sum(c.points + (colours[c.per_colour] if c.per_colour else 0) for c in cards)
    owned = [t for t in box.territories if t.id in camp.territories]
    return total + sum(
        _territory_points(t, colours, len(owned), len(box.supply.card_colours)) for t in owned
    )


def _territory_points(
    territory: Territory, colours: Counter[str | None], owned: int, all_colours: int
) -> int:
    condition = territory.condition
    extra = 0
    if condition is None:
        pass
    elif condition.kind == "same_colour":
        extra = condition.points if max(colours.values(), default=0) >= condition.count else 0
    elif condition.kind == "per_colour":
        extra = condition.points * colours[condition.colour]
    elif condition.kind == "per_territory":
        extra = condition.points * (owned - 1)
    elif condition.kind == "all_colours":
        extra = condition.points if len([c for c in colours if c]) >= all_colours else 0
    return territory.points + extra


def outcome(state: KeroState) -> Outcome:
    """Most points wins; ties broken by territories, then jerrycans, then KERO left."""
    scores = [points(state, seat) for seat in (0, 1)]
    keys = [
        (scores[seat], len(camp.territories), camp.jerrycans, camp.tank.level_ms)
        for seat, camp in enumerate(state.camps)
    ]
    return Outcome.ranked(scores, keys)

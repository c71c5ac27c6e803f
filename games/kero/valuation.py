"""What a Kero position is worth to a clan, in points: the searching player's yardstick.

Final points are all that count, so a position is scored as the points it already holds plus
estimates of what its tokens, tiles and Explorers will turn into before the end.
"""

from __future__ import annotations

from collections import Counter
from typing import Final

from games.common.protocol import Seat
from games.kero import scoring
from games.kero.components import Card
from games.kero.state import KeroState

JERRYCAN: Final = 0.6
"""A jerrycan token: a special die, half a Tuarek, or ~24 s of KERO at the refinery."""
TUAREK: Final = 0.8
"""A Tuarek in hand: roughly one resource or one free die later."""
KERO_PER_MS: Final = JERRYCAN / 24_000
"""A fuel-up of 8 dice pours ~13 throws of 1.8 s for one jerrycan."""
EXPLORER_HOME: Final = 0.3
"""An Explorer still at home can yet decide a territory."""
TILE_PER_CARD_LEFT: Final = 0.08
"""An ability tile yields about a resource a turn: worth more the more of the deck is left."""
WIN: Final = 20.0
"""A finished match: a win is worth far more than any margin."""
_LEAD_SHARE: Final = {-2: -0.9, -1: -0.65, 0: 0.0, 1: 0.65, 2: 0.9}
"""The share of a territory's points an Explorer lead is expected to bring at the claim."""


def evaluate(state: KeroState, seat: Seat) -> float:
    """The seat's expected final margin over the opponent (a win bonus once the match is over)."""
    outcome = state.outcome()
    if outcome is not None:
        margin = outcome.scores[seat] - outcome.scores[1 - seat]
        won, lost = seat in outcome.winners, (1 - seat) in outcome.winners
        return margin + WIN * (won - lost)
    return _holdings(state, seat) - _holdings(state, 1 - seat) + territory_leads(state, seat)


def _holdings(state: KeroState, seat: Seat) -> float:
    camp = state.camps[seat]
    tiles = len(camp.tiles) * TILE_PER_CARD_LEFT * len(state.deck)
    return (
        scoring.points(state, seat)
        + JERRYCAN * camp.jerrycans
        + TUAREK * (len(camp.tuareks) + camp.armed)
        + KERO_PER_MS * camp.tank.level_ms
        + EXPLORER_HOME * camp.explorers
        + tiles
    )


def territory_leads(state: KeroState, seat: Seat) -> float:
    """The points the shown territories are expected to bring the seat, less the opponent's."""
    total = 0.0
    for slot, territory_id in enumerate(state.territories):
        if territory_id is None:
            continue
        points = state.box.territories_by_id[territory_id].points
        mine, theirs = state.explorers[slot][seat], state.explorers[slot][1 - seat]
        total += points * lead_share(mine - theirs)
    return total


def lead_share(lead: int) -> float:
    """The expected share (−1 … 1) of a territory's points for an Explorer lead."""
    return _LEAD_SHARE[max(-2, min(2, lead))]


def card_value(state: KeroState, seat: Seat, card: Card) -> float:
    """What taking this card brings the seat: points (its colour bonuses included), its tile,
    and what it gives at once."""
    camp, box = state.camps[seat], state.box
    colours = Counter(box.cards_by_id[c].colour for c in camp.cards)
    value = float(card.points)
    if card.per_colour:
        value += colours[card.per_colour] + 1 + 0.08 * len(state.deck)
    value += sum(
        1
        for c in camp.cards
        if box.cards_by_id[c].per_colour and box.cards_by_id[c].per_colour == card.colour
    )
    if card.ability and len(camp.tiles) < box.supply.max_ability_tiles:
        value += TILE_PER_CARD_LEFT * len(state.deck)
    for gain in card.effects:
        value += gain.amount * _GAIN.get(gain.kind, 1.0)
    return value


_GAIN: Final = {"jerrycan": JERRYCAN, "tuarek": TUAREK, "explorer": 1.0}

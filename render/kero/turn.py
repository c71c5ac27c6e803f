"""What the turn in progress has done so far, read from the match's record: the cards the
active clan took and the Explorers it placed since it laid its truck flat (its camp phase)."""

from __future__ import annotations

from collections import Counter

from games.kero import actions as a
from games.kero.board import Phase
from games.kero.state import KeroState


def _camp_actions(state: KeroState) -> list[a.Action]:
    """The active clan's actions since its truck was laid flat (none outside its camp phase)."""
    if state.phase is not Phase.CAMP:
        return []
    done: list[a.Action] = []
    for seat, action in reversed(state.history):
        if isinstance(action, a.Stop):
            break
        if seat == state.active:
            done.append(action)
    return done[::-1]


def cards_taken(state: KeroState) -> list[str]:
    """The ids of the cards the active clan took this turn, in the order taken."""
    taken = sum(isinstance(action, a.Take) for action in _camp_actions(state))
    cards = state.camps[state.active].cards
    return cards[len(cards) - taken :] if taken else []


def explorers_placed(state: KeroState) -> Counter[int]:
    """Territory slot (0-based) → Explorers the active clan placed there this turn."""
    return Counter(
        action.slot - 1 for action in _camp_actions(state) if isinstance(action, a.Place)
    )

"""Refilling the row and claims: majorities, Boss decisions, the tie-breaker, the end."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.common.errors import (
    IllegalAction,
    Reason,
)
from games.common.protocol import Seat
from games.kero import actions as a
from games.kero.board import ClaimVote, Phase
from games.kero.rules.economy import gain, next_turn, show_territories

if TYPE_CHECKING:
    from games.kero.state import KeroState


def refill_or_pass(state: KeroState) -> None:
    """Refill the row; a revealed Claim card starts a claim, otherwise the other clan plays."""
    if _refill(state):
        start_claim(state)
    else:
        next_turn(state)


def slide(state: KeroState) -> None:
    """Slide the row's cards to the right, keeping their order."""
    cards = [c for c in state.row if c is not None]
    state.row = [None] * (len(state.row) - len(cards)) + cards


def _refill(state: KeroState) -> bool:
    """Fill empty slots right to left; True if a Claim card was revealed (it is discarded)."""
    claim_ids = {c.id for c in state.box.claim}
    for slot in range(len(state.row) - 1, -1, -1):
        if state.row[slot] is None and state.deck:
            card = state.deck.pop(0)
            if card in claim_ids:
                state.discard.append(card)
                return True
            state.row[slot] = card
    return False


def start_claim(state: KeroState) -> None:
    """A Claim card was revealed: ask for the decisions it needs, or resolve at once."""
    state.claims += 1
    vote = _claim_vote(state)
    if vote.waiting():
        state.vote = vote
        state.phase = Phase.CLAIM
    else:
        _finish_claim(state, vote)


def _claim_vote(state: KeroState) -> ClaimVote:
    """Boss owners on tied territories are asked; the tie-breaker tile chooses if it must."""
    vote = ClaimVote()
    tied = [
        slot
        for slot, territory in enumerate(state.territories)
        if territory is not None and state.explorers[slot][0] == state.explorers[slot][1] > 0
    ]
    bossed = set()
    for seat, camp in enumerate(state.camps):
        if camp.boss_side and camp.boss_slot in tied:
            vote.boss_asks[seat] = [camp.boss_slot]
            bossed.add(camp.boss_slot)
    for seat, camp in enumerate(state.camps):
        if any(state.box.tiles[t].effect.kind == "win_ties" for t in camp.tiles):
            vote.tiebreak_seat = seat
            vote.tiebreak_slots = tuple(slot for slot in tied if slot not in bossed)
            if len(vote.tiebreak_slots) == 1:
                vote.tiebreak_choice = vote.tiebreak_slots[0]
    return vote


def boss_choice(state: KeroState, seat: Seat, action: a.BossChoice) -> None:
    assert state.vote is not None
    slot = action.slot - 1
    if slot not in state.vote.boss_asks.get(seat, []) or (seat, slot) in state.vote.boss_answers:
        raise IllegalAction(
            f"no Boss decision is asked of you for slot {action.slot}", Reason.WRONG_PHASE
        )
    state.vote.boss_answers[(seat, slot)] = action.activate
    _maybe_finish_claim(state)


def tiebreak(state: KeroState, seat: Seat, action: a.TieBreak) -> None:
    assert state.vote is not None
    vote, slot = state.vote, action.slot - 1
    if seat != vote.tiebreak_seat or vote.tiebreak_choice is not None:
        raise IllegalAction("no tie-breaker choice is asked of you", Reason.WRONG_PHASE)
    if slot not in vote.tiebreak_slots:
        raise IllegalAction(
            f"slot {action.slot} is not a tie your tile may break", Reason.WRONG_PHASE
        )
    vote.tiebreak_choice = slot
    _maybe_finish_claim(state)


def _maybe_finish_claim(state: KeroState) -> None:
    assert state.vote is not None
    if not state.vote.waiting():
        vote, state.vote = state.vote, None
        _finish_claim(state, vote)


def _finish_claim(state: KeroState, vote: ClaimVote) -> None:
    """Resolve majorities with the decisions taken; then new territories, or the end."""
    for slot, territory in enumerate(state.territories):
        if territory is not None:
            winner = _decide_territory(state, slot, vote)
            if winner is None:
                state.boxed.append(territory)
            else:
                state.camps[winner].territories.append(territory)
                gain(state, winner, state.box.territories_by_id[territory].on_claim)
        for seat, camp in enumerate(state.camps):
            camp.explorers += state.explorers[slot][seat]
            if camp.boss_slot == slot:
                camp.boss_slot = None
        state.explorers[slot] = [0, 0]
        state.territories[slot] = None
    if state.claims >= len(state.box.claim):
        state.phase = Phase.OVER
        state.turns += 1
        return
    show_territories(state)
    refill_or_pass(state)


def _decide_territory(state: KeroState, slot: int, vote: ClaimVote) -> Seat | None:
    """Who wins a territory: strict majority; on a tie an activated Boss (two cancel out), then
    the tie-breaker. Every activated Boss flips to its normal side here."""
    counts = state.explorers[slot]
    if counts[0] != counts[1]:
        return 0 if counts[0] > counts[1] else 1
    activated = [seat for seat in (0, 1) if vote.boss_answers.get((seat, slot))]
    for seat in activated:
        state.camps[seat].boss_side = False
    if len(activated) == 1:
        return activated[0]
    if not activated and vote.tiebreak_choice == slot:
        return vote.tiebreak_seat
    return None

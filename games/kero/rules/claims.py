"""Refilling the row and claims: majorities, Boss decisions, the tie-breaker, the end."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.common.errors import (
    IllegalAction,
    Reason,
)
from games.common.protocol import Seat
from games.kero import actions as a
from games.kero.board import Claimed, ClaimReport, ClaimVote, Phase
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
    """The owner of the only Boss on a tied territory is asked (two Bosses settle it without a
    question: the FAQ); the tie-breaker tile chooses among the ties with no Boss, if it must."""
    vote = ClaimVote()
    tied = [
        slot
        for slot, territory in enumerate(state.territories)
        if territory is not None and state.explorers[slot][0] == state.explorers[slot][1] > 0
    ]
    bossed = {slot for slot in tied if bosses_on(state, slot)}
    for seat, camp in enumerate(state.camps):
        if camp.boss_slot in bossed and bosses_on(state, camp.boss_slot) == (seat,):
            vote.boss_asks[seat] = [camp.boss_slot]
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
            f"nobody asked you about a Boss on territory {action.slot}", Reason.WRONG_PHASE
        )
    state.vote.boss_answers[(seat, slot)] = action.activate
    _maybe_finish_claim(state)


def tiebreak(state: KeroState, seat: Seat, action: a.TieBreak) -> None:
    assert state.vote is not None
    vote, slot = state.vote, action.slot - 1
    if seat != vote.tiebreak_seat or vote.tiebreak_choice is not None:
        raise IllegalAction("nobody asked you to break a tie", Reason.WRONG_PHASE)
    if slot not in vote.tiebreak_slots:
        raise IllegalAction(
            f"territory {action.slot} is not a tie your tie-breaker may win", Reason.WRONG_PHASE
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
    settled: list[Claimed] = []
    for slot, territory in enumerate(state.territories):
        if territory is not None:
            winner, how = _decide_territory(state, slot, vote)
            settled.append(Claimed(territory, winner, how))
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
    state.last_claim = ClaimReport(state.turns, tuple(settled))
    if state.claims >= len(state.box.claim):
        state.phase = Phase.OVER
        state.turns += 1
        return
    show_territories(state)
    refill_or_pass(state)


def bosses_on(state: KeroState, slot: int) -> tuple[Seat, ...]:
    """The clans whose Boss stands Boss side up on this territory slot."""
    return tuple(
        seat for seat, camp in enumerate(state.camps) if camp.boss_side and camp.boss_slot == slot
    )


def _decide_territory(state: KeroState, slot: int, vote: ClaimVote) -> tuple[Seat | None, str]:
    """Who wins a territory, and how: strict majority; on a tie the Boss its owner activated,
    then the tie-breaker. Two Bosses on one tie (the FAQ): nobody wins, both are turned over."""
    counts = state.explorers[slot]
    if counts[0] != counts[1]:
        return (0 if counts[0] > counts[1] else 1), "majority"
    if counts[0] == 0:
        return None, "empty"
    bosses = bosses_on(state, slot)
    if len(bosses) == 2:
        for seat in bosses:
            state.camps[seat].boss_side = False
        return None, "bosses"
    activated = [seat for seat in bosses if vote.boss_answers.get((seat, slot))]
    for seat in activated:
        state.camps[seat].boss_side = False
    if activated:
        return activated[0], "boss"
    if not bosses and vote.tiebreak_choice == slot:
        return vote.tiebreak_seat, "tiebreak"
    return None, "tie"

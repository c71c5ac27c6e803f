"""Kero's computer levels: legal whole matches, a deterministic search that sees only what its
seat may see, a deadline that stops it, and a stop rule that respects the tank."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from games.common import ChanceRng
from games.common.levels import Budget, Level
from games.common.play import step
from games.common.protocol import GameState, Policy
from games.kero import actions as a
from games.kero import computer
from games.kero.ai import KeroAI
from games.kero.board import Phase
from games.kero.hidden import determinize
from games.kero.levels import EasyAI
from games.kero.search import HardAI
from games.kero.state import KeroState

from .helpers import BRICK, CLAIMS, T, new_match, roll

SMALL = Budget(playouts=24)
"""Enough for the search to compare its choices, cheap enough for a unit test."""


def play_checked(state: KeroState, policies: list[Policy], seed: str) -> KeroState:
    """Play the match out; every action a policy chooses must be accepted by the rules."""
    rng = ChanceRng(seed)
    while not state.is_terminal():
        for seat in state.seats_to_act():
            trial: GameState = state.clone()
            trial.apply(seat, policies[seat].choose(state, seat))
        step(state, policies, rng)
    return state


@pytest.mark.parametrize("variant", ["base", "boss"])
@pytest.mark.parametrize("fuel_up", ["auto", "live"])
def test_every_level_plays_whole_matches_with_legal_actions(variant: str, fuel_up: str) -> None:
    options = {"variant": variant, "fuel_up": fuel_up}
    hard, easy = computer(Level.HARD, SMALL, "t"), computer(Level.EASY, seed="t")
    for i, policies in enumerate(([hard, easy], [computer(Level.NORMAL), hard])):
        state = play_checked(KeroState(options), policies, f"levels/{variant}/{fuel_up}/{i}")
        assert state.claims == 3


def test_the_levels_are_the_players_they_name() -> None:
    assert type(computer()) is KeroAI
    assert type(computer(Level.EASY)) is EasyAI
    assert type(computer(Level.HARD, SMALL)) is HardAI


def test_easy_never_stalls_and_is_beaten_by_normal() -> None:
    wins = 0
    for i in range(12):
        seat = i % 2
        policies: list[Policy] = [KeroAI(), KeroAI()]
        policies[seat] = EasyAI(seed=str(i))
        state = play_checked(KeroState(), policies, f"easy/{i}")
        outcome = state.outcome()
        assert outcome is not None
        wins += outcome.winners == {1 - seat}
    assert wins >= 8


def test_easy_takes_the_first_card_it_can_pay() -> None:
    state = camp_state()
    easy = EasyAI()
    choice = easy.choose(state, state.active)
    assert choice == easy.choose(state.clone(), state.active)
    affordable = [x for x in state.legal_actions(state.active) if isinstance(x, a.Take)]
    if affordable:
        assert choice == min(affordable, key=lambda x: x.slot)


def camp_state(
    seed: str = "camp", turn: int = 6, keep: Callable[[KeroState], bool] | None = None
) -> KeroState:
    """A match played by the normal player until a camp decision with several legal choices."""
    state, rng, ai = KeroState({"variant": "boss"}), ChanceRng(seed), KeroAI()
    while not state.is_terminal():
        ready = state.phase is Phase.CAMP and state.turns >= turn and state.node().value != "chance"
        if ready and len(state.legal_actions(state.active)) > 2 and (keep is None or keep(state)):
            return state
        step(state, [ai, ai], rng)
    raise AssertionError("no camp decision found")


def fingerprint(state: KeroState) -> tuple[Any, ...]:
    """Everything the search could disturb, hidden parts included."""
    camps = tuple(
        (c.tank, c.jerrycans, tuple(c.tuareks), c.armed, tuple(c.cards)) for c in state.camps
    )
    return (
        state.summary(),
        tuple(state.deck),
        tuple(state.tuarek_pile),
        tuple(state.territory_pile),
        camps,
        tuple(state.history),
        state.turn.pool,
    )


def test_hard_is_deterministic_without_a_clock_and_leaves_the_state_alone() -> None:
    state = camp_state()
    before = fingerprint(state)
    first = HardAI(SMALL, "s").choose(state, state.active)
    assert fingerprint(state) == before
    assert HardAI(SMALL, "s").choose(state, state.active) == first
    assert first in state.legal_actions(state.active)


def single_choice() -> KeroState:
    """A camp decision of a normal-player match where ending the turn is all the rules allow."""
    ai = KeroAI()
    for seed in range(20):
        state, rng = KeroState(), ChanceRng(f"single/{seed}")
        while not state.is_terminal():
            if state.phase is Phase.CAMP and len(state.legal_actions(state.active)) == 1:
                return state
            step(state, [ai, ai], rng)
    raise AssertionError("no single-choice camp found")


def test_hard_answers_at_once_when_only_one_action_is_legal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = single_choice()
    monkeypatch.setattr(HardAI, "_playout", lambda *args: pytest.fail("searched"))
    assert HardAI().choose(state, state.active) == a.EndTurn()


def test_the_deadline_stops_a_search(monkeypatch: pytest.MonkeyPatch) -> None:
    playouts = 0
    real = HardAI._playout

    def counted(self: HardAI, *args: Any) -> float:
        nonlocal playouts
        playouts += 1
        return real(self, *args)

    ticks = iter(range(10**6))
    monkeypatch.setattr(HardAI, "_playout", counted)
    fake_clock = Budget(playouts=10**6, cpu_ms=100, clock=lambda: next(ticks) * 0.03)
    state = camp_state()
    choice = HardAI(fake_clock).choose(state, state.active)
    assert choice in state.legal_actions(state.active)
    assert 0 < playouts <= 4 * len(state.legal_actions(state.active))


def hide_differently(state: KeroState) -> KeroState:
    """The same match as the active clan sees it, with the opponent's hand, the Tuarek pile and
    the deck and territory pile in other orders."""
    other = state.clone()
    seat = other.active
    theirs = other.camps[1 - seat]
    unseen = [*theirs.tuareks, *other.tuarek_pile]
    random.Random(5).shuffle(unseen)
    theirs.tuareks, other.tuarek_pile = unseen[: len(theirs.tuareks)], unseen[len(theirs.tuareks) :]
    other.deck = list(reversed(other.deck))
    other.territory_pile = list(reversed(other.territory_pile))
    return other


def test_hard_decides_the_same_whatever_it_cannot_see() -> None:
    def shuffled_hand(state: KeroState) -> bool:
        other = hide_differently(state)
        return other.camps[1 - state.active].tuareks != state.camps[1 - state.active].tuareks

    state = camp_state(keep=shuffled_hand)
    other = hide_differently(state)
    assert fingerprint(other) != fingerprint(state)
    seat = state.active
    assert HardAI(SMALL, "h").choose(other, seat) == HardAI(SMALL, "h").choose(state, seat)
    worlds = [determinize(s, seat, random.Random(3)) for s in (state, other)]
    assert fingerprint(worlds[0]) == fingerprint(worlds[1])


def test_a_sampled_world_keeps_what_the_seat_knows_and_the_deal_s_shape() -> None:
    state = camp_state(turn=3)
    seat = state.active
    box = state.box
    for n in range(20):
        world = determinize(state, seat, random.Random(n))
        assert world.camps[seat].tuareks == state.camps[seat].tuareks
        assert world.row == state.row and world.territories == state.territories
        theirs, was = world.camps[1 - seat], state.camps[1 - seat]
        assert len(theirs.tuareks) + theirs.armed == len(was.tuareks) + was.armed
        assert sorted(world.deck) == sorted(state.deck)
        assert unseen_tuareks(world, seat) == unseen_tuareks(state, seat)
        starts = {c.id for c in box.start}
        tops = [card in starts for card in world.deck]
        assert tops == sorted(tops, reverse=True)  # the Start cards still on top
        drawn = 39 - len(world.deck)
        piles = [(drawn + i - 12) // 9 for i, card in enumerate(world.deck) if card in CLAIMS]
        assert piles == list(range(3 - len(piles), 3))  # one Claim card in each pile not done
        assert world.history == []


def unseen_tuareks(state: KeroState, seat: int) -> list[str]:
    theirs = state.camps[1 - seat]
    return sorted([*state.tuarek_pile, *theirs.tuareks, *["dust_storm"] * theirs.armed])


def rolled(faces: tuple[int, ...]) -> KeroState:
    state = new_match(first=0, row=("S1", "S3", "S8", "S12", "S7", "S9"))
    roll(state, T, faces)
    return state


def test_hard_rerolls_useless_dice_while_the_tank_is_full() -> None:
    state = rolled((BRICK,) * 5)
    choice = HardAI(seed="r").choose(state, 0)
    assert isinstance(choice, a.Reroll)
    assert choice.at == state.clock_ms + HardAI().pace.think_ms


def test_hard_stops_when_the_tank_cannot_afford_another_click() -> None:
    think = HardAI().pace.think_ms
    state = rolled((BRICK,) * 5)
    window = state.turn.window
    assert window is not None
    late = window.empty_at - 2 * think
    state.apply(0, a.Reroll((0, 1, 2, 3, 4), late))
    state.apply(-1, a.Faces((BRICK,) * 5))
    assert HardAI(seed="r").choose(state, 0) == a.Stop(late + think)
    dry = rolled((BRICK,) * 5)
    dry.apply(0, a.Reroll((0,), window.empty_at - think // 2))
    dry.apply(-1, a.Faces((BRICK,)))
    assert HardAI(seed="r").choose(dry, 0) == a.TankEmpty(window.empty_at)


def test_a_hard_match_replays_identically() -> None:
    runs = []
    for _ in range(2):
        state = KeroState()
        play_checked(state, [HardAI(Budget(playouts=8), "m"), KeroAI()], "replay")
        runs.append(state.history)
    assert runs[0] == runs[1]

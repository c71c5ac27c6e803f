"""Every reachable state gives the seat to act a legal action: 1,000 computer matches per
variant and fuel-up mode finish, checked at every state. A quarter of the seats play recklessly
(re-rolling until the tank runs dry, never refuelling) and another quarter click instantly, so
outages, free refuels thrown at the empty moment and near-empty tanks are reached too."""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor

import pytest

from games.common import CHANCE, ChanceRng, Node
from games.kero import actions as a
from games.kero.ai import KeroAI, Pace
from games.kero.state import KeroState

MATCHES = 1_000
PACES = (
    Pace(),
    Pace(think_ms=5_000, low_tank_ms=0, keep_ms=0, max_rerolls=1_000),
    Pace(),
    Pace(think_ms=0, low_tank_ms=30_000),
)
"""Normal, reckless (runs dry, never refuels), normal, instant (throws at the same ms)."""


def play_checked(variant: str, fuel_mode: str, index: int) -> tuple[int, int]:
    """One match; at every decision the seats to act have a legal action. Returns the number
    of outages and of states checked."""
    state = KeroState({"variant": variant, "fuel_up": fuel_mode})
    players = [KeroAI(PACES[index % 4]), KeroAI(PACES[(index // 4) % 4])]
    rng = ChanceRng(f"always/{variant}/{fuel_mode}/{index}")
    checked = 0
    for _ in range(20_000):
        if state.is_terminal():
            dry = sum(isinstance(act, a.TankEmpty) for _, act in state.history)
            return dry, checked
        if state.node() is Node.CHANCE:
            state.apply(CHANCE, state.sample_chance(rng))
            continue
        for seat in state.seats_to_act():
            checked += 1
            assert state.has_legal_action(seat), (index, seat, state.phase, state.history[-4:])
            state.apply(seat, players[seat].choose(state, seat))
    raise AssertionError(f"match {index} did not end")


def play_range(variant: str, fuel_mode: str, start: int, step: int) -> tuple[int, int]:
    """Every `step`-th match from `start`: their outages and states checked, summed."""
    outages = checked = 0
    for index in range(start, MATCHES, step):
        dry, states = play_checked(variant, fuel_mode, index)
        outages, checked = outages + dry, checked + states
    return outages, checked


@pytest.mark.parametrize("fuel_mode", ["auto", "live"])
@pytest.mark.parametrize("variant", ["base", "boss"])
def test_the_seat_to_act_always_has_a_legal_action(variant: str, fuel_mode: str) -> None:
    cores = max(1, min(4, os.cpu_count() or 1))  # the matches shared between processes
    spawn = multiprocessing.get_context("spawn")  # no fork of a process that holds threads
    with ProcessPoolExecutor(cores, mp_context=spawn) as pool:
        shares = [pool.submit(play_range, variant, fuel_mode, i, cores) for i in range(cores)]
        outages = checked = 0
        for share in shares:
            dry, states = share.result()
            outages, checked = outages + dry, checked + states
    assert outages > MATCHES // 10  # the reckless seats did run dry
    assert checked > 100 * MATCHES

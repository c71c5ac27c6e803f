"""Drive a match to its end with computer players and the seeded chance stream."""

from __future__ import annotations

from collections.abc import Sequence

from games.common.protocol import CHANCE, GameState, Node, Policy
from games.common.rng import ChanceRng

_CHANCE = Node.CHANCE
"""Read once: in Python 3.11 `Node.CHANCE` costs a descriptor call."""


def step(state: GameState, policies: Sequence[Policy], rng: ChanceRng) -> None:
    """Apply the next chance draw, or one action from every seat the state waits for."""
    if state.node() is _CHANCE:
        state.apply(CHANCE, state.sample_chance(rng))
        return
    for seat in state.seats_to_act():
        state.apply(seat, policies[seat].choose(state, seat))


def play_out(
    state: GameState, policies: Sequence[Policy], rng: ChanceRng, max_steps: int = 100_000
) -> int:
    """Play until the match ends; return the number of steps taken."""
    steps = 0
    node, apply, is_terminal = state.node, state.apply, state.is_terminal
    while not is_terminal():
        if steps >= max_steps:
            raise RuntimeError(f"match did not end within {max_steps} steps")
        # step(), inline: a call less per step counts when matches are played by the thousand
        if node() is _CHANCE:
            apply(CHANCE, state.sample_chance(rng))
        else:
            for seat in state.seats_to_act():
                apply(seat, policies[seat].choose(state, seat))
        steps += 1
    return steps

"""The hard computer player: determinized Monte-Carlo in camp and at claims, an expected-value
stop rule in the tanker window, and the normal player's habits everywhere else.

In camp each legal choice is tried in sampled worlds (the hidden Tuareks and pile orders
redrawn from what the seat can know), played on with the normal player for both clans to the end
of the opponent's next turn, and scored by `valuation.evaluate`. Every choice sees the same
worlds and dice (common random numbers); successive halving spends the playouts on the best.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from games.common.levels import Budget
from games.common.protocol import Seat
from games.kero import actions as a
from games.kero.ai import KeroAI, Pace, rescue_burnt
from games.kero.board import Phase
from games.kero.chance import FACES_PER_DIE, FLAME_FACE
from games.kero.hidden import determinize
from games.kero.state import KeroState
from games.kero.stop_rule import best_reroll
from games.kero.valuation import KERO_PER_MS, evaluate

PLAYOUT_COST: Final = 4
"""Budget playouts per Kero playout: one plays about two turns of the engine (~0.2-0.3 ms), so
the default budget (400) gives 100 playouts a decision, within its ~100 ms of CPU."""
HORIZON_TURNS: Final = 2
"""A playout ends after this many turn changes: this turn's end and the opponent's reply."""


class HardAI:
    """A searching opponent; deterministic for a given seed when the budget has no clock."""

    def __init__(
        self, budget: Budget | None = None, seed: str = "", pace: Pace | None = None
    ) -> None:
        self.budget = budget or Budget()
        self.seed = seed
        self.pace = pace or Pace()
        self.fast = KeroAI(self.pace)

    def choose(self, state: KeroState, seat: Seat) -> a.Action:
        """The action this seat takes now (the state must be waiting for it)."""
        if state.phase is Phase.ROLLING:
            return self._rolling(state, seat)
        if state.phase in (Phase.CAMP, Phase.CLAIM):
            return self._search(state, seat)
        return self.fast.choose(state, seat)

    def _rng(self, state: KeroState, seat: Seat) -> random.Random:
        return random.Random(f"kero-hard/{self.seed}/{state.version}/{seat}")

    def _rolling(self, state: KeroState, seat: Seat) -> a.Action:
        """Re-roll the dice whose expected gain beats the click's KERO while a click (and the
        Stop after it) still fits in the tank; otherwise stop."""
        turn, think = state.turn, self.pace.think_ms
        assert turn.window is not None
        now = state.clock_ms + think
        if now >= turn.window.empty_at:
            return a.TankEmpty(turn.window.empty_at)
        if now + think >= turn.window.empty_at:
            return a.Stop(now)
        rescue = rescue_burnt(state, seat, now)
        if rescue is not None:
            return rescue
        dice = best_reroll(state, seat, think * KERO_PER_MS, self._rng(state, seat))
        return a.Stop(now) if dice is None else a.Reroll(dice, now)

    def _search(self, state: KeroState, seat: Seat) -> a.Action:
        """The legal choice with the best mean value over sampled worlds (successive halving:
        every choice still in the running has seen the same worlds)."""
        choices = _choices(state, seat)
        if len(choices) == 1:
            return choices[0]
        rnd = self._rng(state, seat)
        playouts = max(1, self.budget.playouts // PLAYOUT_COST)
        rounds = max(1, (len(choices) - 1).bit_length())
        totals = [0.0] * len(choices)
        alive = list(range(len(choices)))
        deadline = self.budget.deadline()
        spent, worlds = 0, 0
        while True:
            for _ in range(max(1, playouts // (rounds * len(alive)))):
                if worlds and deadline():
                    return choices[max(alive, key=totals.__getitem__)]
                world_seed = rnd.random()
                world = determinize(state, seat, random.Random(world_seed))
                for index in alive:
                    totals[index] += self._playout(world, seat, choices[index], world_seed)
                spent, worlds = spent + len(alive), worlds + 1
            alive.sort(key=lambda i: -totals[i])
            if len(alive) == 1 or spent >= playouts:
                return choices[alive[0]]
            alive = alive[: (len(alive) + 1) // 2]

    def _playout(self, world: KeroState, seat: Seat, choice: a.Action, dice_seed: float) -> float:
        """One sampled world: apply the choice, play on with the fast player, score it."""
        rnd = random.Random(dice_seed)
        end = world.turns + HORIZON_TURNS
        world = world.clone()
        world.apply(seat, choice)
        policy = self.fast.choose
        while not world.is_terminal() and world.turns < end:
            _advance(world, policy, rnd)
        return evaluate(world, seat)


def _advance(
    world: KeroState, policy: Callable[[KeroState, Seat], a.Action], rnd: random.Random
) -> None:
    """One step of a playout: a chance draw from `rnd`, or every waiting seat's choice."""
    due = world.chance_due()
    if due is None:
        for seat in world.seats_to_act():
            world.apply(seat, policy(world, seat))
        return
    world.apply(-1, _chance(world, due, rnd))


def _chance(world: KeroState, due: str, rnd: random.Random) -> a.Action:
    """A chance action drawn from a plain generator (a look-ahead needs no match stream)."""
    if due == "faces":
        return a.Faces(tuple(rnd.randrange(FACES_PER_DIE) for _ in world.turn.to_throw))
    if due == "flames":
        assert world.turn.fuel is not None
        return a.Flames(
            sum(rnd.randrange(FACES_PER_DIE) == FLAME_FACE for _ in range(world.turn.fuel.dice))
        )
    used = sorted(world.tuarek_used)
    rnd.shuffle(used)
    return a.Reshuffle(tuple(used))


def _choices(state: KeroState, seat: Seat) -> list[a.Action]:
    """The legal actions worth comparing (one Trader per resource it could add, and so on)."""
    return list(dict.fromkeys(state.legal_actions(seat)))

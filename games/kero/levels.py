"""Kero's computer players by level: easy (plain moves), normal (KeroAI), hard (search).

Every level keeps the same pace: each click takes `pace.think_ms` of game time, so the bot plays
it by Discord's clock in the tanker window and a slow computer runs dry like a person.
"""

from __future__ import annotations

import random

from games.common.levels import Budget, Level
from games.common.protocol import Policy, Seat
from games.kero import actions as a
from games.kero.ai import KeroAI, Pace, rerolls_this_turn, territory_points
from games.kero.board import Phase
from games.kero.rules import can_pay
from games.kero.search import HardAI
from games.kero.state import KeroState

EASY_REROLLS = 1
"""The easy player re-rolls its flames-free dice at most once a turn, then stops."""


def computer(
    level: Level = Level.NORMAL,
    budget: Budget | None = None,
    seed: str = "",
    pace: Pace | None = None,
) -> Policy:
    """Kero's computer player of this level (`budget` and `seed` matter to hard; `seed` also
    varies easy's choices)."""
    if level is Level.EASY:
        return EasyAI(seed, pace)
    if level is Level.HARD:
        return HardAI(budget, seed, pace)
    return KeroAI(pace)


class EasyAI:
    """A plain opponent a child can beat: refuels when nearly dry, rolls the white dice only,
    re-rolls once, buys the first card it can pay, places Explorers on the biggest territory,
    and never hires, plays a Tuarek or protects the row."""

    def __init__(self, seed: str = "", pace: Pace | None = None) -> None:
        self.seed = seed
        self.pace = pace or Pace()

    def choose(self, state: KeroState, seat: Seat) -> a.Action:
        """The action this seat takes now (the state must be waiting for it)."""
        now = state.clock_ms + self.pace.think_ms
        if state.phase is Phase.FUELING:
            return a.Throw(now)
        if state.phase is Phase.START:
            return self._start(state, seat, now)
        if state.phase is Phase.ROLLING:
            return self._rolling(state, seat, now)
        if state.phase is Phase.CLAIM:
            return _claim(state, seat)
        return self._camp(state, seat)

    def _start(self, state: KeroState, seat: Seat, now: int) -> a.Action:
        camp, turn = state.camps[seat], state.turn
        dry = camp.tank.level_ms < self.pace.keep_ms * 3
        if dry and camp.jerrycans and not turn.refinery_closed and turn.fuel_ups == 0:
            return a.FuelUp(now if state.fuel_mode == "live" else None)
        return a.Roll(now)

    def _rolling(self, state: KeroState, seat: Seat, now: int) -> a.Action:
        window = state.turn.window
        assert window is not None
        if now >= window.empty_at:
            return a.TankEmpty(window.empty_at)
        rerolls = rerolls_this_turn(state)
        fits = now + self.pace.think_ms < window.empty_at
        rnd = random.Random(f"kero-easy/{self.seed}/{state.version}/{seat}")
        dice = tuple(d for d, f in enumerate(state.turn.faces) if f in _DULL_FACES)
        if dice and fits and rerolls < EASY_REROLLS and rnd.random() < 0.5:
            return a.Reroll(dice, now)
        return a.Stop(now)

    def _camp(self, state: KeroState, seat: Seat) -> a.Action:
        for slot, card_id in enumerate(state.row):
            card = state.box.card(card_id or "")
            if card is not None and can_pay(state, seat, card.cost):
                return a.Take(slot + 1)
        camp = state.camps[seat]
        paid = can_pay(state, seat, state.box.supply.explorer_cost)
        shown = [s for s, t in enumerate(state.territories) if t is not None]
        if shown and camp.explorers and (state.turn.owed_places or paid):
            slot = max(shown, key=lambda s: territory_points(state, s + 1))
            alone = camp.boss_side and camp.boss_slot is None and camp.explorers == 1
            return a.Place(slot + 1, boss=alone)
        return a.EndTurn()


_DULL_FACES = frozenset({0})
"""Bricks: the face the easy player throws again (it wants wheat, metal and recruits)."""


def _claim(state: KeroState, seat: Seat) -> a.Action:
    """Say yes to the Boss; break the first tie offered."""
    vote = state.vote
    assert vote is not None
    for slot in vote.boss_asks.get(seat, []):
        if (seat, slot) not in vote.boss_answers:
            return a.BossChoice(slot + 1, True)
    return a.TieBreak(vote.tiebreak_slots[0] + 1)

"""Choosing dice and the rolling window: tip, throw, re-roll, stop, credits, the outage."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from games.common.errors import (
    IllegalAction,
    Reason,
)
from games.kero import actions as a
from games.kero.board import Phase, Turn
from games.kero.chance import FLAME_FACE
from games.kero.fuel import FuelUp as FuelProcess
from games.kero.rules.camp import WHITE, collect
from games.kero.rules.economy import checked, pay_jerrycans, tank_op, tile_with

if TYPE_CHECKING:
    from games.kero.state import KeroState


MAX_CREDIT_MS: Final = 2_000
"""The most processing time one credit may hand back (the bot caps its measurement too)."""


def add_die(state: KeroState, action: a.Action) -> None:
    assert isinstance(action, a.AddDie)
    turn, camp = state.turn, state.camps[state.active]
    check_special_die(state, action.colour)
    free = tile_with(state, "free_die", action.colour)
    if free is None:
        pay_jerrycans(state, camp, state.box.supply.special_die_cost.jerrycan)
    else:
        turn.tiles_used.append(free)
    turn.dice.append(action.colour)


def check_special_die(state: KeroState, colour: str | None) -> None:
    """A special die can be added this turn: the shack has it, it is not taken, room is left."""
    if colour is None or colour not in state.box.special:
        raise IllegalAction(f"the shack has no {colour} die", Reason.DIE_NOT_AVAILABLE)
    if colour in state.turn.dice:
        raise IllegalAction(
            f"the {colour} die is already yours this turn", Reason.DIE_NOT_AVAILABLE
        )
    if len(state.turn.dice) >= state.box.supply.max_special_dice:
        limit = state.box.supply.max_special_dice
        raise IllegalAction(f"at most {limit} special dice a turn", Reason.DIE_NOT_AVAILABLE)


def roll(state: KeroState, action: a.Action) -> None:
    assert isinstance(action, a.Roll)
    turn, camp = state.turn, state.camps[state.active]
    window = tank_op(lambda: camp.tank.tip(action.at))
    turn.dice = [WHITE] * state.box.white_count + turn.dice
    turn.faces = [None] * len(turn.dice)
    turn.window = window.check(action.at)
    turn.to_throw = tuple(range(len(turn.dice)))
    state.phase = Phase.ROLLING


def faces(state: KeroState, action: a.Action) -> None:
    assert isinstance(action, a.Faces)
    turn = state.turn
    thrown = action.faces
    if len(thrown) != len(turn.to_throw) or (thrown and (min(thrown) < 0 or max(thrown) >= 6)):
        raise IllegalAction(
            f"a throw of {len(turn.to_throw)} dice needs a face 0-5 each", Reason.BAD_ROLL
        )
    for die, face in zip(turn.to_throw, thrown, strict=True):
        turn.faces[die] = face
    turn.to_throw = ()


def reroll(state: KeroState, action: a.Action) -> None:
    assert isinstance(action, a.Reroll)
    turn, tipped = state.turn, state.turn.window
    assert tipped is not None
    window = checked(tipped, action.at)
    dice = action.dice
    if not dice or len(set(dice)) != len(dice) or min(dice) < 0 or max(dice) >= len(turn.dice):
        raise IllegalAction(
            f"a re-roll names some of your {len(turn.dice)} dice, each once",
            Reason.DIE_NOT_AVAILABLE,
        )
    burnt = [d for d in dice if turn.faces[d] == FLAME_FACE]
    if burnt:
        raise IllegalAction(
            "a die showing a flame is burnt: it can't be re-rolled", Reason.DIE_BURNT
        )
    turn.window = window
    turn.to_throw = tuple(sorted(dice))


def stop(state: KeroState, action: a.Action) -> None:
    assert isinstance(action, a.Stop)
    turn, camp, tipped = state.turn, state.camps[state.active], state.turn.window
    assert tipped is not None
    camp.tank = tank_op(lambda: tipped.stop(action.at))
    turn.flat = True
    collect(state)
    state.phase = Phase.CAMP


def truck_flat(state: KeroState, action: a.Action) -> None:
    raise IllegalAction("the truck is flat: it cannot be tipped again this turn", Reason.TRUCK_FLAT)


def no_pass(state: KeroState, action: a.Action) -> None:
    raise IllegalAction(
        "a rolling turn is not passed: the tank's own deadline ends it", Reason.WRONG_PHASE
    )


def credit(state: KeroState, action: a.Action) -> None:
    assert isinstance(action, a.Credit)
    assert state.turn.window is not None
    if not 0 <= action.ms <= MAX_CREDIT_MS:
        raise IllegalAction(f"a credit is 0 to {MAX_CREDIT_MS} ms", Reason.STALE)
    state.turn.window = state.turn.window.credited(action.ms)


def tank_empty(state: KeroState, action: a.Action) -> None:
    assert isinstance(action, a.TankEmpty)
    turn, camp = state.turn, state.camps[state.active]
    assert turn.window is not None
    if action.at < turn.window.empty_at:
        raise IllegalAction(f"the tank holds KERO until {turn.window.empty_at} ms", Reason.STALE)
    camp.tank = turn.window.run_dry()
    live = state.fuel_mode == "live"
    state.turn = Turn(
        free_refuel=True,
        fuel=FuelProcess(state.box.white_count, cap=state.box.supply.last_die_throws),
        fuel_from=turn.window.empty_at if live else None,
    )
    state.phase = Phase.FUELING

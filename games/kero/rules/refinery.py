"""Fuel-ups at the refinery: paid or by Water-carrier, auto or live throws, Dust Storms."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from games.common.errors import (
    IllegalAction,
    Reason,
    WrongPhase,
)
from games.kero import actions as a
from games.kero.board import Phase
from games.kero.fuel import FuelUp as FuelProcess
from games.kero.fuel import kero_gained
from games.kero.rules.economy import next_turn, pay_jerrycans

if TYPE_CHECKING:
    from games.kero.state import KeroState


DUST_STORM: Final = "dust_storm"


def fuel_up(state: KeroState, action: a.Action) -> None:
    assert isinstance(action, a.FuelUp)
    check_fuel_up(state, action.at)
    pay_jerrycans(state, state.camps[state.active], state.box.supply.fuel_up_cost.jerrycan)
    start_fuel_up(state, action.at)


def check_fuel_up(state: KeroState, at: int | None) -> None:
    """A fuel-up is the turn's first step: before any other action, at most twice in a row."""
    turn, supply = state.turn, state.box.supply
    if state.phase is not Phase.START or turn.refinery_closed:
        raise WrongPhase("fuel-ups come first in a turn, before anything else you do")
    if turn.fuel_ups >= supply.max_fuel_ups:
        raise IllegalAction(
            f"you can fuel up at most {supply.max_fuel_ups} times a turn", Reason.WRONG_PHASE
        )
    if (at is None) != (state.fuel_mode == "auto"):
        need = "the time it starts" if at is None else "no time (fuel-ups are thrown by the bot)"
        raise IllegalAction(f"a fuel-up in this match takes {need}", Reason.WRONG_PHASE)


def start_fuel_up(state: KeroState, at: int | None) -> None:
    """The opponent throws all 8 dice, or only the white ones if they armed a Dust Storm."""
    box, opponent = state.box, state.camps[1 - state.active]
    dice = box.white_count + len(box.special)
    if opponent.armed:
        opponent.armed -= 1
        state.tuarek_used.append(DUST_STORM)
        dice = box.white_count
    state.turn.fuel_ups += 1
    state.turn.fuel = FuelProcess(dice, cap=box.supply.last_die_throws)
    state.turn.fuel_from = at
    state.phase = Phase.FUELING


def flames(state: KeroState, action: a.Action) -> None:
    assert isinstance(action, a.Flames)
    turn = state.turn
    fuel = turn.fuel
    assert fuel is not None
    if not 0 <= action.count <= fuel.dice:
        raise IllegalAction(f"{fuel.dice} dice cannot show {action.count} flames", Reason.BAD_ROLL)
    fuel = turn.fuel = fuel.after(action.count)
    if turn.throw_pending:
        turn.throw_pending = False
    else:
        turn.auto_throws += 1
    if not fuel.done:
        return
    camp = state.camps[state.active]
    camp.tank = camp.tank.filled(
        turn.live_ms + kero_gained(turn.auto_throws, state.box.supply.fuel_up_throw_ms)
    )
    turn.fuel, turn.fuel_from, turn.fuel_last = None, None, None
    turn.live_ms = turn.auto_throws = 0
    if turn.free_refuel:
        next_turn(state)
    else:
        state.phase = Phase.START


def throw(state: KeroState, action: a.Action) -> None:
    """A live throw pours the time since the previous one, but never less than a throw of the
    dice takes (the auto cadence): a fast thrower cannot shrink the refuel below auto's."""
    assert isinstance(action, a.Throw)
    turn = state.turn
    if turn.fuel_from is None:
        raise WrongPhase("this fuel-up is thrown by the bot")
    since = turn.fuel_from if turn.fuel_last is None else turn.fuel_last
    turn.live_ms += max(action.at - since, state.box.supply.fuel_up_throw_ms)
    turn.fuel_last = action.at
    turn.throw_pending = True


def auto_fuel(state: KeroState, action: a.Action) -> None:
    """The thrower went quiet: the wait since the last throw counts, the bot throws the rest."""
    assert isinstance(action, a.AutoFuel)
    turn = state.turn
    if turn.fuel_from is None:
        raise WrongPhase("this fuel-up is already thrown by the bot")
    turn.live_ms += action.at - (turn.fuel_from if turn.fuel_last is None else turn.fuel_last)
    turn.fuel_from = turn.fuel_last = None

"""Paying, gaining and drawing: the bookkeeping every Kero rule shares."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from games.common.errors import (
    IllegalAction,
    Reason,
    WrongPhase,
)
from games.common.protocol import Seat
from games.kero.board import Camp, Phase, Turn
from games.kero.components import Gain
from games.kero.resources import NOTHING, Resources
from games.kero.tanker import Dry, OutOfOrder, TankError, Window

if TYPE_CHECKING:
    from games.kero.state import KeroState


T = TypeVar("T")


def can_pay(state: KeroState, seat: Seat, cost: Resources) -> bool:
    """Whether the seat could pay `cost` now from this turn's resources and its jerrycans."""
    pool = state.turn.pool if seat == state.active else NOTHING
    return (
        pool.brick >= cost.brick
        and pool.wheat >= cost.wheat
        and pool.metal >= cost.metal
        and pool.recruit >= cost.recruit
        and state.camps[seat].jerrycans >= cost.jerrycan
    )


def pay(state: KeroState, camp: Camp, cost: Resources) -> None:
    """Pay from this turn's resources and jerrycan tokens, or refuse and change nothing."""
    need = Resources(cost.brick, cost.wheat, cost.metal, cost.recruit)  # the jerrycans apart
    if not state.turn.pool.covers(need) or camp.jerrycans < cost.jerrycan:
        have = state.turn.pool + Resources(jerrycan=camp.jerrycans)
        raise IllegalAction(
            f"that costs {cost.words()} and you have {have.words()}",
            Reason.NOT_ENOUGH,
            cost=cost,
            have=have,
        )
    state.turn.pool -= need
    pay_jerrycans(state, camp, cost.jerrycan)


def pay_jerrycans(state: KeroState, camp: Camp, n: int) -> None:
    if camp.jerrycans < n:
        cost, have = Resources(jerrycan=n), Resources(jerrycan=camp.jerrycans)
        raise IllegalAction(
            f"that costs {cost.words()} and you have {camp.jerrycans}",
            Reason.NOT_ENOUGH,
            cost=cost,
            have=have,
        )
    camp.jerrycans -= n
    state.jerrycans += n


def take_jerrycans(state: KeroState, camp: Camp, n: int) -> None:
    """Take up to n jerrycans from the supply (house rule: only what is left)."""
    n = min(n, state.jerrycans)
    state.jerrycans -= n
    camp.jerrycans += n


def gain(state: KeroState, seat: Seat, gains: tuple[Gain, ...]) -> None:
    for gain in gains:
        if gain.kind == "jerrycan":
            take_jerrycans(state, state.camps[seat], gain.amount)
        elif gain.kind == "tuarek":
            state.owed_tuareks += [seat] * gain.amount
        elif seat == state.active and state.phase is Phase.CAMP:
            state.turn.owed_places += gain.amount
    draw_owed_tuareks(state)


def draw_owed_tuareks(state: KeroState) -> None:
    """Hand out owed Tuareks from the pile; an empty pile waits for a reshuffle (chance)."""
    while state.owed_tuareks and state.tuarek_pile:
        state.camps[state.owed_tuareks.pop(0)].tuareks.append(state.tuarek_pile.pop(0))
    if state.owed_tuareks and not state.tuarek_pile and not state.tuarek_used:
        state.owed_tuareks.clear()


def show_territories(state: KeroState) -> None:
    for slot in range(len(state.territories)):
        if state.territories[slot] is None and state.territory_pile:
            state.territories[slot] = state.territory_pile.pop(0)


def tank_op(operation: Callable[[], T]) -> T:
    """Run a tanker operation, turning its refusal into the matching typed rejection."""
    try:
        return operation()
    except TankError as exc:
        raise tank_refusal(exc) from None


def checked(window: Window, at: int) -> Window:
    """`window.check(at)` with its refusal typed (tank_op without a closure, for re-rolls)."""
    try:
        return window.check(at)
    except TankError as exc:
        raise tank_refusal(exc) from None


def tank_refusal(exc: TankError) -> IllegalAction:
    """The typed rejection matching a tanker refusal."""
    if isinstance(exc, OutOfOrder):
        return IllegalAction(str(exc), Reason.STALE)
    if isinstance(exc, Dry):
        return IllegalAction(str(exc), Reason.NO_KERO)
    return IllegalAction(str(exc), Reason.TANK_EMPTY)


def tile_with(state: KeroState, kind: str, arg: str | None = None) -> str | None:
    """The active clan's tile with this effect (and argument) not yet used this turn."""
    for tile_id in state.camps[state.active].tiles:
        effect = state.box.tiles[tile_id].effect
        unused = tile_id not in state.turn.tiles_used
        if effect.kind == kind and (arg is None or effect.arg == arg) and unused:
            return tile_id
    return None


def next_turn(state: KeroState) -> None:
    state.active = 1 - state.active
    state.turn = Turn()
    state.turns += 1
    state.phase = Phase.START


def in_camp(state: KeroState, message: str) -> None:
    if state.phase is not Phase.CAMP:
        raise WrongPhase(message)

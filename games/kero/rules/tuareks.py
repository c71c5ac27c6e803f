"""Playing Tuareks and using ability tiles."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from games.common.errors import (
    IllegalAction,
    Reason,
    WrongPhase,
)
from games.kero import actions as a
from games.kero.board import Phase
from games.kero.chance import FLAME_FACE
from games.kero.resources import RESOURCES, Resources
from games.kero.rules.economy import checked, in_camp, take_jerrycans
from games.kero.rules.refinery import check_fuel_up, start_fuel_up
from games.kero.rules.rolling import check_special_die

if TYPE_CHECKING:
    from games.kero.state import KeroState


def play(state: KeroState, action: a.Action) -> None:
    assert isinstance(action, a.Play)
    camp = state.camps[state.active]
    kind = next((t for t in state.box.tuareks if t.id == action.tuarek), None)
    if kind is None:
        raise IllegalAction("there is no such Tuarek", Reason.NO_TUAREK)
    if action.tuarek not in camp.tuareks:
        raise IllegalAction(f"you hold no {kind.name}", Reason.NO_TUAREK)
    effect = kind.effect
    if effect.kind == "white_dice_fuel_up":
        _no_arg(action)
        camp.tuareks.remove(action.tuarek)
        camp.armed += 1
        return
    _TUAREK_EFFECTS[effect.kind](state, action, effect.arg)
    camp.tuareks.remove(action.tuarek)
    state.tuarek_used.append(action.tuarek)


def _guide(state: KeroState, action: a.Play, arg: object) -> None:
    if state.phase is not Phase.START:
        raise WrongPhase("a Guide brings a die while you choose your dice, before rolling")
    if action.at is not None:
        raise IllegalAction(
            "a Guide is played before rolling, not on the clock", Reason.WRONG_PHASE
        )
    check_special_die(state, action.arg)
    assert action.arg is not None
    state.turn.dice.append(action.arg)


def _trader(state: KeroState, action: a.Play, arg: object) -> None:
    in_camp(state, "a Trader trades when you collect, in your camp phase")
    if action.arg not in RESOURCES or action.at is not None:
        raise IllegalAction(
            f"a Trader gives one of {', '.join(RESOURCES[:-1])} or {RESOURCES[-1]}",
            Reason.WRONG_PHASE,
        )
    amount = arg if isinstance(arg, int) else 1
    if action.arg == "jerrycan":
        take_jerrycans(state, state.camps[state.active], amount)
    else:
        state.turn.pool += Resources.of({action.arg: amount})


def _scout(state: KeroState, action: a.Play, arg: object) -> None:
    in_camp(state, "a Scout places an Explorer in your camp phase")
    _no_arg(action)
    state.turn.owed_places += arg if isinstance(arg, int) else 1


def _water_carrier(state: KeroState, action: a.Play, arg: object) -> None:
    if action.arg is not None:
        raise IllegalAction("a Water-carrier needs no choice", Reason.WRONG_PHASE)
    check_fuel_up(state, action.at)
    start_fuel_up(state, action.at)


def _fire_eater(state: KeroState, action: a.Play, arg: object) -> None:
    in_camp(state, "a Fire-eater acts at your Fire step, before you end your turn")
    _no_arg(action)
    state.turn.no_fire = True


def _smith(state: KeroState, action: a.Play, arg: object) -> None:
    _reroll_burnt(state, action.arg, action.at)


def use(state: KeroState, action: a.Action) -> None:
    assert isinstance(action, a.Use)
    camp, turn = state.camps[state.active], state.turn
    tile = state.box.tiles.get(action.tile)
    if tile is None or action.tile not in camp.tiles:
        raise IllegalAction("you don't hold that ability tile", Reason.NOT_HELD)
    effect, name = tile.effect, f"your {action.tile} {tile.name} tile"
    if effect.kind not in _PLAYED_TILES:
        raise IllegalAction(f"{name} works by itself: there is nothing to play", Reason.WRONG_PHASE)
    if action.tile in turn.tiles_used:
        raise IllegalAction(f"you already used {name} this turn", Reason.ALREADY_USED)
    if effect.kind == "ignore_flames" and action.arg is None and action.at is None:
        in_camp(state, "ignoring flames is decided in camp, before you end your turn")
        turn.ignored_flames += effect.arg if isinstance(effect.arg, int) else 1
    elif effect.kind == "reroll_burnt":
        _reroll_burnt(state, action.arg, action.at)
    else:
        raise IllegalAction(f"{name} needs no choice", Reason.WRONG_PHASE)
    turn.tiles_used.append(action.tile)


def _reroll_burnt(state: KeroState, die: str | None, at: int | None) -> None:
    """Smith or A10: throw one burnt die again while KERO flows (a flame burns it again)."""
    turn, tipped = state.turn, state.turn.window
    if state.phase is not Phase.ROLLING or tipped is None or at is None:
        raise WrongPhase("a burnt die can only be re-rolled while your truck is tipped")
    window = checked(tipped, at)
    index = int(die) if die is not None and die.isascii() and die.isdigit() else -1
    if not 0 <= index < len(turn.dice) or turn.faces[index] != FLAME_FACE:
        raise IllegalAction(
            "only a burnt die (a flame) is re-rolled this way", Reason.DIE_NOT_AVAILABLE
        )
    turn.window = window
    turn.to_throw = (index,)


def _no_arg(action: a.Play) -> None:
    if action.arg is not None or action.at is not None:
        raise IllegalAction("that Tuarek needs no choice", Reason.WRONG_PHASE)


_PLAYED_TILES: Final = ("ignore_flames", "reroll_burnt")
"""The tile effects a player uses on purpose; the others apply by themselves."""
_TUAREK_EFFECTS: Final[dict[str, Callable[[KeroState, a.Play, object], None]]] = {
    "free_special_die": _guide,
    "bonus_any": _trader,
    "explorer": _scout,
    "free_fuel_up": _water_carrier,
    "ignore_fire": _fire_eater,
    "reroll_burnt": _smith,
}

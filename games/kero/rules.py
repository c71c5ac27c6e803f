"""Kero's rules: what each phase accepts, and what applying an action does (all or nothing).

Implemented so far (docs/rules/kero.md): setup, fuel-ups in `auto` mode, special dice at the
shack, the rolling window with timestamps and credits, the KERO outage, collecting, taking
cards (immediate effects and ability tiles), hiring Tuareks, placing Explorers, Fire, sliding and
refilling, claims and the end. Still to come (issue 3): using Tuareks and abilities, the Boss
Variant and `live` fuel-ups.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, TypeVar

from games.common.errors import (
    GameOver,
    IllegalAction,
    NotYourTurn,
    Reason,
    UnknownPlayer,
    WrongPhase,
)
from games.common.protocol import CHANCE, Seat
from games.kero import actions as a
from games.kero.board import Camp, Phase, Turn
from games.kero.chance import FLAME_FACE
from games.kero.components import Card, Gain
from games.kero.fuel import FuelUp as FuelProcess
from games.kero.resources import Resources
from games.kero.tanker import OutOfOrder, TankError

if TYPE_CHECKING:
    from games.kero.state import KeroState

T = TypeVar("T")
MAX_CREDIT_MS: Final = 2_000
"""The most processing time one credit may hand back (the bot caps its measurement too)."""
WHITE: Final = "white"

_CHANCE_KIND: Final = {
    "setup": a.Setup,
    "reshuffle": a.Reshuffle,
    "flames": a.Flames,
    "faces": a.Faces,
}


def apply(state: KeroState, seat: Seat, action: a.Action) -> tuple[Any, ...]:
    """Validate and apply an action; raise an IllegalAction subclass and change nothing."""
    if state.phase is Phase.OVER:
        raise GameOver("the match is over")
    if seat not in (CHANCE, 0, 1):
        raise UnknownPlayer(f"seat {seat} is not in this two-player match")
    due = state.chance_due()
    if due is not None:
        if seat != CHANCE:
            raise NotYourTurn(f"the match waits for chance ({due}) first")
        if not isinstance(action, _CHANCE_KIND[due]):
            raise WrongPhase(f"chance owes {due}, not {action.to_text()!r}")
    elif seat != state.active:
        raise NotYourTurn(f"it is seat {state.active}'s turn")
    events = _dispatch(state, action)
    state.version += 1
    state.history.append((seat, action))
    if seat == CHANCE:
        state.rolls += 1
    return events


def _dispatch(state: KeroState, action: a.Action) -> tuple[Any, ...]:
    handler = _HANDLERS.get((state.phase, type(action))) or _ANY_PHASE.get(type(action))
    if handler is None:
        raise WrongPhase(f"{action.to_text()!r} is not possible in the {state.phase.value} phase")
    handler(state, action)
    return ()


# --- chance -----------------------------------------------------------------------------------


def _setup(state: KeroState, action: a.Action) -> None:
    assert isinstance(action, a.Setup)
    box = state.box
    expected_deck = sorted(c.id for c in (*box.start, *box.regular, *box.claim))
    if sorted(action.deck) != expected_deck or action.first not in (0, 1):
        raise IllegalAction("a setup deals every card exactly once", Reason.BAD_ROLL)
    if sorted(action.territories) != sorted(t.id for t in box.territories):
        raise IllegalAction("a setup deals every territory exactly once", Reason.BAD_ROLL)
    if sorted(action.tuareks) != sorted(t.id for t in box.tuareks for _ in range(t.count)):
        raise IllegalAction("a setup deals every Tuarek exactly once", Reason.BAD_ROLL)
    state.deck = list(action.deck)
    state.territory_pile = list(action.territories)
    state.tuarek_pile = list(action.tuareks)
    for camp in state.camps:
        _take_jerrycans(state, camp, box.supply.start_jerrycans)
        camp.tuareks += [state.tuarek_pile.pop(0) for _ in range(box.supply.start_tuareks)]
    for slot in range(len(state.row)):
        state.row[slot] = state.deck.pop(0)
    _show_territories(state)
    state.active = action.first
    state.phase = Phase.START


def _reshuffle(state: KeroState, action: a.Action) -> None:
    assert isinstance(action, a.Reshuffle)
    if sorted(action.tuareks) != sorted(state.tuarek_used):
        raise IllegalAction("a reshuffle puts back exactly the used Tuareks", Reason.BAD_ROLL)
    state.tuarek_pile, state.tuarek_used = list(action.tuareks), []
    _draw_owed_tuareks(state)


def _flames(state: KeroState, action: a.Action) -> None:
    assert isinstance(action, a.Flames)
    fuel = state.turn.fuel
    assert fuel is not None
    if not 0 <= action.count <= fuel.dice:
        raise IllegalAction(f"{fuel.dice} dice cannot show {action.count} flames", Reason.BAD_ROLL)
    fuel = state.turn.fuel = fuel.after(action.count)
    if not fuel.done:
        return
    camp = state.camps[state.active]
    camp.tank = camp.tank.filled(fuel.throws * state.box.supply.fuel_up_throw_ms)
    state.turn.fuel = None
    if state.turn.free_refuel:
        _next_turn(state)
    else:
        state.phase = Phase.START


def _faces(state: KeroState, action: a.Action) -> None:
    assert isinstance(action, a.Faces)
    turn = state.turn
    if len(action.faces) != len(turn.to_throw) or not all(0 <= f < 6 for f in action.faces):
        raise IllegalAction(
            f"a throw of {len(turn.to_throw)} dice needs a face 0-5 each", Reason.BAD_ROLL
        )
    for die, face in zip(turn.to_throw, action.faces, strict=True):
        turn.faces[die] = face
    turn.to_throw = ()


# --- start of the turn ------------------------------------------------------------------------


def _fuel_up(state: KeroState, action: a.Action) -> None:
    turn, camp, supply = state.turn, state.camps[state.active], state.box.supply
    if turn.dice:
        raise WrongPhase("fuel up comes first, before choosing dice")
    if turn.fuel_ups >= supply.max_fuel_ups:
        raise IllegalAction(f"at most {supply.max_fuel_ups} fuel-ups a turn", Reason.WRONG_PHASE)
    _pay_jerrycans(state, camp, supply.fuel_up_cost.jerrycan)
    turn.fuel_ups += 1
    turn.fuel = FuelProcess(
        state.box.white_count + len(state.box.special), cap=supply.last_die_throws
    )
    state.phase = Phase.FUELING


def _add_die(state: KeroState, action: a.Action) -> None:
    assert isinstance(action, a.AddDie)
    turn, camp = state.turn, state.camps[state.active]
    if action.colour in turn.dice:
        raise IllegalAction(
            f"the {action.colour} die is already yours this turn", Reason.DIE_NOT_AVAILABLE
        )
    _pay_jerrycans(state, camp, state.box.supply.special_die_cost.jerrycan)
    turn.dice.append(action.colour)


def _roll(state: KeroState, action: a.Action) -> None:
    assert isinstance(action, a.Roll)
    turn, camp = state.turn, state.camps[state.active]
    window = _tank(lambda: camp.tank.tip(action.at))
    turn.dice = [WHITE] * state.box.white_count + turn.dice
    turn.faces = [None] * len(turn.dice)
    turn.window = window.check(action.at)
    turn.to_throw = tuple(range(len(turn.dice)))
    state.phase = Phase.ROLLING


# --- the rolling window ----------------------------------------------------------------------


def _reroll(state: KeroState, action: a.Action) -> None:
    assert isinstance(action, a.Reroll)
    turn = state.turn
    assert turn.window is not None
    window = _tank(lambda: turn.window.check(action.at))  # type: ignore[union-attr]
    dice = action.dice
    if not dice or len(set(dice)) != len(dice) or not all(0 <= d < len(turn.dice) for d in dice):
        raise IllegalAction(
            f"re-roll names dice 0-{len(turn.dice) - 1}, each once", Reason.DIE_NOT_AVAILABLE
        )
    burnt = [d for d in dice if turn.faces[d] == FLAME_FACE]
    if burnt:
        raise IllegalAction(f"die {burnt[0]} shows a flame: it is burnt", Reason.DIE_BURNT)
    turn.window = window
    turn.to_throw = tuple(sorted(dice))


def _stop(state: KeroState, action: a.Action) -> None:
    assert isinstance(action, a.Stop)
    turn, camp = state.turn, state.camps[state.active]
    assert turn.window is not None
    camp.tank = _tank(lambda: turn.window.stop(action.at))  # type: ignore[union-attr]
    turn.flat = True
    _collect(state)
    state.phase = Phase.CAMP


def _credit(state: KeroState, action: a.Action) -> None:
    assert isinstance(action, a.Credit)
    assert state.turn.window is not None
    if not 0 <= action.ms <= MAX_CREDIT_MS:
        raise IllegalAction(f"a credit is 0 to {MAX_CREDIT_MS} ms", Reason.STALE)
    state.turn.window = state.turn.window.credited(action.ms)


def _tank_empty(state: KeroState, action: a.Action) -> None:
    assert isinstance(action, a.TankEmpty)
    turn, camp = state.turn, state.camps[state.active]
    assert turn.window is not None
    if action.at < turn.window.empty_at:
        raise IllegalAction(f"the tank holds KERO until {turn.window.empty_at} ms", Reason.STALE)
    camp.tank = turn.window.run_dry()
    state.turn = Turn(
        free_refuel=True,
        fuel=FuelProcess(state.box.white_count, cap=state.box.supply.last_die_throws),
    )
    state.phase = Phase.FUELING


# --- camp -------------------------------------------------------------------------------------


def _collect(state: KeroState) -> None:
    """The final faces: resources to this turn's pool, jerrycans to tokens, Tuarek/Explorer owed."""
    turn, camp, box = state.turn, state.camps[state.active], state.box
    gained = Resources()
    for colour, face_index in zip(turn.dice, turn.faces, strict=True):
        assert face_index is not None
        die = box.white if colour == WHITE else box.special[colour]
        face = die.faces[face_index]
        if face.tuarek:
            state.owed_tuareks.append(state.active)
        elif face.explorer:
            turn.owed_places += 1
        else:
            gained += face.resources
    _take_jerrycans(state, camp, gained.jerrycan)
    turn.pool = gained - Resources(jerrycan=gained.jerrycan)
    _draw_owed_tuareks(state)


def _take(state: KeroState, action: a.Action) -> None:
    assert isinstance(action, a.Take)
    card_id = state.row[action.slot - 1]
    if card_id is None:
        raise IllegalAction(f"slot {action.slot} of the row is empty", Reason.EMPTY_SLOT)
    card = state.box.card(card_id)
    assert card is not None
    camp = state.camps[state.active]
    _pay(state, camp, card.cost)
    state.row[action.slot - 1] = None
    camp.cards.append(card.id)
    if card.ability and len(camp.tiles) < state.box.supply.max_ability_tiles:
        camp.tiles.append(card.ability)
    _gain(state, state.active, card.effects)


def _hire(state: KeroState, action: a.Action) -> None:
    camp = state.camps[state.active]
    if not state.tuarek_pile and not state.tuarek_used:
        raise IllegalAction("no Tuarek is left to hire", Reason.NO_TUAREK)
    _pay_jerrycans(state, camp, state.box.supply.tuarek_cost.jerrycan)
    state.owed_tuareks.append(state.active)
    _draw_owed_tuareks(state)


def _place(state: KeroState, action: a.Action) -> None:
    assert isinstance(action, a.Place)
    turn, camp = state.turn, state.camps[state.active]
    if state.territories[action.slot - 1] is None:
        raise IllegalAction(f"territory slot {action.slot} is empty", Reason.EMPTY_SLOT)
    if camp.explorers == 0:
        raise IllegalAction("all your Explorers are out", Reason.NO_EXPLORER)
    if turn.owed_places:
        turn.owed_places -= 1
    else:
        _pay(state, camp, state.box.supply.explorer_cost)
    camp.explorers -= 1
    state.explorers[action.slot - 1][state.active] += 1


def _end_turn(state: KeroState, action: a.Action) -> None:
    flames = sum(f == FLAME_FACE for f in state.turn.faces)
    if flames >= 2:
        cards = [(slot, card) for slot, card in enumerate(state.row) if card is not None]
        if cards:
            slot, card = cards[-1]
            state.discard.append(card)
            state.row[slot] = None
    _slide(state)
    if _refill(state) and _claim(state):
        return
    _next_turn(state)


def _slide(state: KeroState) -> None:
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


def _claim(state: KeroState) -> bool:
    """Resolve majorities; True if this was the last claim (the match is over)."""
    state.claims += 1
    for slot, territory in enumerate(state.territories):
        counts = state.explorers[slot]
        if territory is not None and counts[0] != counts[1]:
            winner = 0 if counts[0] > counts[1] else 1
            state.camps[winner].territories.append(territory)
            _gain(state, winner, state.box.territories_by_id[territory].on_claim)
        elif territory is not None:
            state.boxed.append(territory)
        for seat in (0, 1):
            state.camps[seat].explorers += counts[seat]
        state.explorers[slot] = [0, 0]
        state.territories[slot] = None
    if state.claims >= len(state.box.claim):
        state.phase = Phase.OVER
        return True
    _show_territories(state)
    if _refill(state):
        return _claim(state)
    return False


def _next_turn(state: KeroState) -> None:
    state.active = 1 - state.active
    state.turn = Turn()
    state.turns += 1
    state.phase = Phase.START


# --- resources --------------------------------------------------------------------------------


def can_pay(state: KeroState, seat: Seat, cost: Resources) -> bool:
    """Whether the seat could pay `cost` now from this turn's resources and its jerrycans."""
    need = cost - Resources(jerrycan=cost.jerrycan)
    pool = state.turn.pool if seat == state.active else Resources()
    return pool.covers(need) and state.camps[seat].jerrycans >= cost.jerrycan


def _pay(state: KeroState, camp: Camp, cost: Resources) -> None:
    """Pay from this turn's resources and jerrycan tokens, or refuse and change nothing."""
    need = cost - Resources(jerrycan=cost.jerrycan)
    if not state.turn.pool.covers(need) or camp.jerrycans < cost.jerrycan:
        have = state.turn.pool + Resources(jerrycan=camp.jerrycans)
        raise IllegalAction(
            f"it costs {cost.to_text()}; you have {have.to_text()}", Reason.NOT_ENOUGH
        )
    state.turn.pool -= need
    _pay_jerrycans(state, camp, cost.jerrycan)


def _pay_jerrycans(state: KeroState, camp: Camp, n: int) -> None:
    if camp.jerrycans < n:
        raise IllegalAction(
            f"it costs {n} jerrycan(s); you have {camp.jerrycans}", Reason.NOT_ENOUGH
        )
    camp.jerrycans -= n
    state.jerrycans += n


def _take_jerrycans(state: KeroState, camp: Camp, n: int) -> None:
    """Take up to n jerrycans from the supply (house rule: only what is left)."""
    n = min(n, state.jerrycans)
    state.jerrycans -= n
    camp.jerrycans += n


def _gain(state: KeroState, seat: Seat, gains: tuple[Gain, ...]) -> None:
    for gain in gains:
        if gain.kind == "jerrycan":
            _take_jerrycans(state, state.camps[seat], gain.amount)
        elif gain.kind == "tuarek":
            state.owed_tuareks += [seat] * gain.amount
        elif seat == state.active and state.phase is Phase.CAMP:
            state.turn.owed_places += gain.amount
    _draw_owed_tuareks(state)


def _draw_owed_tuareks(state: KeroState) -> None:
    """Hand out owed Tuareks from the pile; an empty pile waits for a reshuffle (chance)."""
    while state.owed_tuareks and state.tuarek_pile:
        state.camps[state.owed_tuareks.pop(0)].tuareks.append(state.tuarek_pile.pop(0))
    if state.owed_tuareks and not state.tuarek_pile and not state.tuarek_used:
        state.owed_tuareks.clear()


def _show_territories(state: KeroState) -> None:
    for slot in range(len(state.territories)):
        if state.territories[slot] is None and state.territory_pile:
            state.territories[slot] = state.territory_pile.pop(0)


def _tank(operation: Callable[[], T]) -> T:
    """Run a tanker operation, turning its refusal into the matching typed rejection."""
    try:
        return operation()
    except OutOfOrder as exc:
        raise IllegalAction(str(exc), Reason.STALE) from None
    except TankError as exc:
        raise IllegalAction(str(exc), Reason.TANK_EMPTY) from None


def legal_actions(state: KeroState, seat: Seat) -> list[a.Action]:
    """The actions the seat may apply now; timed ones are stamped at the latest time seen."""
    if state.phase is Phase.OVER or seat != state.active or state.chance_due():
        return []
    candidates: list[a.Action] = []
    now = _now(state)
    if state.phase is Phase.START:
        candidates += [a.FuelUp(), *(a.AddDie(c) for c in state.box.special), a.Roll(now)]
    elif state.phase is Phase.ROLLING:
        turn = state.turn
        unburnt = tuple(d for d, f in enumerate(turn.faces) if f != FLAME_FACE)
        candidates += [a.Stop(now), *([a.Reroll(unburnt, now)] if unburnt else [])]
        candidates += [a.Reroll((d,), now) for d in unburnt if len(unburnt) > 1]
    elif state.phase is Phase.CAMP:
        candidates += [a.Take(s + 1) for s, c in enumerate(state.row) if c is not None]
        candidates += [a.Place(s + 1) for s, t in enumerate(state.territories) if t is not None]
        candidates += [a.Hire(), a.EndTurn()]
    return [c for c in candidates if _accepts(state, seat, c)]


def _accepts(state: KeroState, seat: Seat, action: a.Action) -> bool:
    trial = state.clone()
    try:
        trial.apply(seat, action)
    except IllegalAction:
        return False
    return True


def _now(state: KeroState) -> int:
    """The latest timestamp the match has seen (0 before any)."""
    for _, action in reversed(state.history):
        at = getattr(action, "at", None)
        if isinstance(at, int):
            return at
    return 0


_HANDLERS: Final = {
    (Phase.SETUP, a.Setup): _setup,
    (Phase.FUELING, a.Flames): _flames,
    (Phase.START, a.FuelUp): _fuel_up,
    (Phase.START, a.AddDie): _add_die,
    (Phase.START, a.Roll): _roll,
    (Phase.ROLLING, a.Faces): _faces,
    (Phase.ROLLING, a.Reroll): _reroll,
    (Phase.ROLLING, a.Stop): _stop,
    (Phase.ROLLING, a.Credit): _credit,
    (Phase.ROLLING, a.TankEmpty): _tank_empty,
    (Phase.CAMP, a.Take): _take,
    (Phase.CAMP, a.Place): _place,
    (Phase.CAMP, a.EndTurn): _end_turn,
}
_ANY_PHASE: Final = {
    a.Reshuffle: _reshuffle,
    a.Hire: _hire,
}

__all__ = ["Card", "apply", "legal_actions"]

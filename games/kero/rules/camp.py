"""The camp phase: collecting, taking cards, hiring Tuareks, placing Explorers, ending."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from games.common.errors import (
    IllegalAction,
    Reason,
)
from games.kero import actions as a
from games.kero.chance import FLAME_FACE
from games.kero.resources import Resources
from games.kero.rules.claims import refill_or_pass, slide
from games.kero.rules.economy import (
    draw_owed_tuareks,
    gain,
    pay,
    pay_jerrycans,
    take_jerrycans,
    tile_with,
)

if TYPE_CHECKING:
    from games.kero.state import KeroState


WHITE: Final = "white"


def collect(state: KeroState) -> None:
    """The final faces: resources to this turn's pool, jerrycans to tokens, Tuarek/Explorer owed."""
    turn, camp, box = state.turn, state.camps[state.active], state.box
    brick = wheat = metal = recruit = jerrycan = 0  # summed by hand: Resources + is slow
    for colour, face_index in zip(turn.dice, turn.faces, strict=True):
        assert face_index is not None
        die = box.white if colour == WHITE else box.special[colour]
        face = die.faces[face_index]
        if face.tuarek:
            state.owed_tuareks.append(state.active)
        elif face.explorer:
            turn.owed_places += 1
        else:
            got = face.resources
            brick, wheat, metal = brick + got.brick, wheat + got.wheat, metal + got.metal
            recruit, jerrycan = recruit + got.recruit, jerrycan + got.jerrycan
    got = tile_bonus(state, state.active)
    brick, wheat, metal = brick + got.brick, wheat + got.wheat, metal + got.metal
    recruit, jerrycan = recruit + got.recruit, jerrycan + got.jerrycan
    take_jerrycans(state, camp, jerrycan)
    turn.pool = Resources(brick, wheat, metal, recruit)
    draw_owed_tuareks(state)


def tile_bonus(state: KeroState, seat: int) -> Resources:
    """What the clan's ability tiles add to every collect: +1 of a resource per bonus tile."""
    amounts: dict[str, int] = {}
    for tile_id in state.camps[seat].tiles:
        effect = state.box.tiles[tile_id].effect
        if effect.kind == "bonus" and isinstance(effect.arg, str):
            amounts[effect.arg] = amounts.get(effect.arg, 0) + 1
    return Resources.of(amounts)


def take(state: KeroState, action: a.Action) -> None:
    assert isinstance(action, a.Take)
    card_id = state.row[action.slot - 1] if 1 <= action.slot <= len(state.row) else None
    if card_id is None:
        raise IllegalAction(f"there is no card in slot {action.slot} of the row", Reason.EMPTY_SLOT)
    card = state.box.card(card_id)
    assert card is not None
    camp = state.camps[state.active]
    pay(state, camp, card.cost)
    state.row[action.slot - 1] = None
    camp.cards.append(card.id)
    if card.ability and len(camp.tiles) < state.box.supply.max_ability_tiles:
        camp.tiles.append(card.ability)
    gain(state, state.active, card.effects)


def hire(state: KeroState, action: a.Action) -> None:
    camp = state.camps[state.active]
    if not state.tuarek_pile and not state.tuarek_used:
        raise IllegalAction("no Tuarek is left to hire", Reason.NO_TUAREK)
    cost = state.box.supply.tuarek_cost.jerrycan
    cheap = tile_with(state, "tuarek_cost")
    if cheap is not None:
        arg = state.box.tiles[cheap].effect.arg
        cost = arg if isinstance(arg, int) else cost
    pay_jerrycans(state, camp, cost)
    if cheap is not None:
        state.turn.tiles_used.append(cheap)
    state.owed_tuareks.append(state.active)
    draw_owed_tuareks(state)


def place(state: KeroState, action: a.Action) -> None:
    assert isinstance(action, a.Place)
    turn, camp = state.turn, state.camps[state.active]
    if not 1 <= action.slot <= len(state.territories) or state.territories[action.slot - 1] is None:
        raise IllegalAction(f"there is no territory in slot {action.slot}", Reason.EMPTY_SLOT)
    if camp.explorers == 0:
        raise IllegalAction("all your Explorers are out", Reason.NO_EXPLORER)
    if action.boss and not (camp.boss_side and camp.boss_slot is None):
        raise IllegalAction("you have no Boss at home to place", Reason.NO_EXPLORER)
    if not action.boss and camp.boss_side and camp.boss_slot is None and camp.explorers == 1:
        raise IllegalAction("only your Boss is at home: place it as the Boss", Reason.NO_EXPLORER)
    if turn.owed_places:
        turn.owed_places -= 1
    else:
        pay(state, camp, state.box.supply.explorer_cost)
    camp.explorers -= 1
    state.explorers[action.slot - 1][state.active] += 1
    if action.boss:
        camp.boss_slot = action.slot - 1


def end_turn(state: KeroState, action: a.Action) -> None:
    """`end` (and `pass` in camp): the Fire step, then the row slides and refills."""
    turn = state.turn
    flames = 0 if turn.no_fire else turn.faces.count(FLAME_FACE) - turn.ignored_flames
    if flames >= 2:
        cards = [(slot, card) for slot, card in enumerate(state.row) if card is not None]
        if cards:
            slot, card = cards[-1]
            state.discard.append(card)
            state.row[slot] = None
    _close_turn(state)


def skip_turn(state: KeroState, action: a.Action) -> None:
    """`pass` before rolling (house rule, async play): the turn ends with nothing gained and no
    Fire step. What was paid this turn is lost; the special dice go back to the shack."""
    state.turn.dice = []
    _close_turn(state)


def _close_turn(state: KeroState) -> None:
    """After every turn: slide and refill the row; a Claim card revealed starts the claim,
    otherwise the other clan plays."""
    slide(state)
    refill_or_pass(state)

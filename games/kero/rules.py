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
from games.kero.board import Camp, ClaimVote, Phase, Turn
from games.kero.chance import FLAME_FACE
from games.kero.components import Card, Gain
from games.kero.fuel import FuelUp as FuelProcess
from games.kero.resources import NOTHING, RESOURCES, Resources
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
    elif seat not in state.seats_to_act():
        waiting = " and ".join(f"seat {s}" for s in state.seats_to_act())
        raise NotYourTurn(f"the match waits for {waiting}")
    at = getattr(action, "at", None)
    if at is not None and at < state.clock_ms:
        raise IllegalAction(
            f"stamped {at} ms, before the latest action at {state.clock_ms} ms", Reason.STALE
        )
    events = _dispatch(state, seat, action)
    if at is not None:
        state.clock_ms = at
    state.version += 1
    state.history.append((seat, action))
    if seat == CHANCE:
        state.rolls += 1
    return events


def _dispatch(state: KeroState, seat: Seat, action: a.Action) -> tuple[Any, ...]:
    if state.phase is Phase.CLAIM:
        if isinstance(action, a.BossChoice):
            _boss_choice(state, seat, action)
        elif isinstance(action, a.TieBreak):
            _tiebreak(state, seat, action)
        else:
            raise WrongPhase(f"a claim waits for decisions, not {action.to_text()!r}")
        return ()
    handler = _HANDLERS.get((state.phase, type(action))) or _ANY_PHASE.get(type(action))
    if handler is None:
        raise WrongPhase(f"{action.to_text()!r} is not possible in the {state.phase.value} phase")
    handler(state, action)
    return ()


# --- chance -----------------------------------------------------------------------------------


def _setup(state: KeroState, action: a.Action) -> None:
    """Deal a setup. Any order of the whole deck is accepted, so tests and puzzles can stack it;
    the chance stream (`chance.setup`) deals it as the rulebook says."""
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
    live = turn.live_ms
    if turn.fuel_from is not None and turn.fuel_last is not None:
        live += turn.fuel_last - turn.fuel_from
    camp = state.camps[state.active]
    camp.tank = camp.tank.filled(live + turn.auto_throws * state.box.supply.fuel_up_throw_ms)
    turn.fuel, turn.fuel_from, turn.fuel_last = None, None, None
    turn.live_ms = turn.auto_throws = 0
    if turn.free_refuel:
        _next_turn(state)
    else:
        state.phase = Phase.START


def _throw(state: KeroState, action: a.Action) -> None:
    assert isinstance(action, a.Throw)
    turn = state.turn
    if turn.fuel_from is None:
        raise WrongPhase("this fuel-up is thrown automatically")
    turn.fuel_last = action.at
    turn.throw_pending = True


def _auto_fuel(state: KeroState, action: a.Action) -> None:
    assert isinstance(action, a.AutoFuel)
    turn = state.turn
    if turn.fuel_from is None:
        raise WrongPhase("this fuel-up is already thrown automatically")
    turn.live_ms = action.at - turn.fuel_from
    turn.fuel_from = turn.fuel_last = None


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
    assert isinstance(action, a.FuelUp)
    _check_fuel_up(state, action.at)
    _pay_jerrycans(state, state.camps[state.active], state.box.supply.fuel_up_cost.jerrycan)
    _start_fuel_up(state, action.at)


def _check_fuel_up(state: KeroState, at: int | None) -> None:
    turn, supply = state.turn, state.box.supply
    if state.phase is not Phase.START or turn.dice:
        raise WrongPhase("fuel up comes first, before choosing dice")
    if turn.fuel_ups >= supply.max_fuel_ups:
        raise IllegalAction(f"at most {supply.max_fuel_ups} fuel-ups a turn", Reason.WRONG_PHASE)
    if (at is None) != (state.fuel_mode == "auto"):
        need = "a timestamp (live mode)" if at is None else "no timestamp (auto mode)"
        raise IllegalAction(f"a fuel-up takes {need}", Reason.WRONG_PHASE)


def _start_fuel_up(state: KeroState, at: int | None) -> None:
    """The opponent throws all 8 dice, or only the white ones if they armed a Dust Storm."""
    box, opponent = state.box, state.camps[1 - state.active]
    dice = box.white_count + len(box.special)
    if opponent.armed:
        opponent.armed -= 1
        state.tuarek_used.append(_DUST_STORM)
        dice = box.white_count
    state.turn.fuel_ups += 1
    state.turn.fuel = FuelProcess(dice, cap=box.supply.last_die_throws)
    state.turn.fuel_from = at
    state.phase = Phase.FUELING


def _add_die(state: KeroState, action: a.Action) -> None:
    assert isinstance(action, a.AddDie)
    turn, camp = state.turn, state.camps[state.active]
    if action.colour not in state.box.special:
        raise IllegalAction(f"the shack has no {action.colour!r} die", Reason.DIE_NOT_AVAILABLE)
    if action.colour in turn.dice:
        raise IllegalAction(
            f"the {action.colour} die is already yours this turn", Reason.DIE_NOT_AVAILABLE
        )
    free = _tile_with(state, "free_die", action.colour)
    if free is None:
        _pay_jerrycans(state, camp, state.box.supply.special_die_cost.jerrycan)
    else:
        turn.tiles_used.append(free)
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


def _truck_flat(state: KeroState, action: a.Action) -> None:
    raise IllegalAction("the truck is flat: it cannot be tipped again this turn", Reason.TRUCK_FLAT)


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
    live = state.fuel_mode == "live"
    state.turn = Turn(
        free_refuel=True,
        fuel=FuelProcess(state.box.white_count, cap=state.box.supply.last_die_throws),
        fuel_from=turn.window.empty_at if live else None,
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
    for tile_id in camp.tiles:
        effect = box.tiles[tile_id].effect
        if effect.kind == "bonus" and isinstance(effect.arg, str):
            gained += Resources.of({effect.arg: 1})
    _take_jerrycans(state, camp, gained.jerrycan)
    turn.pool = gained - Resources(jerrycan=gained.jerrycan)
    _draw_owed_tuareks(state)


def _take(state: KeroState, action: a.Action) -> None:
    assert isinstance(action, a.Take)
    card_id = state.row[action.slot - 1] if 1 <= action.slot <= len(state.row) else None
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
    cost = state.box.supply.tuarek_cost.jerrycan
    cheap = _tile_with(state, "tuarek_cost")
    if cheap is not None:
        arg = state.box.tiles[cheap].effect.arg
        cost = arg if isinstance(arg, int) else cost
    _pay_jerrycans(state, camp, cost)
    if cheap is not None:
        state.turn.tiles_used.append(cheap)
    state.owed_tuareks.append(state.active)
    _draw_owed_tuareks(state)


def _place(state: KeroState, action: a.Action) -> None:
    assert isinstance(action, a.Place)
    turn, camp = state.turn, state.camps[state.active]
    if not 1 <= action.slot <= len(state.territories) or state.territories[action.slot - 1] is None:
        raise IllegalAction(f"territory slot {action.slot} is empty", Reason.EMPTY_SLOT)
    if camp.explorers == 0:
        raise IllegalAction("all your Explorers are out", Reason.NO_EXPLORER)
    if action.boss and not (camp.boss_side and camp.boss_slot is None):
        raise IllegalAction("you have no Boss at home to place", Reason.NO_EXPLORER)
    if not action.boss and camp.boss_side and camp.boss_slot is None and camp.explorers == 1:
        raise IllegalAction("only your Boss is at home: place it as the Boss", Reason.NO_EXPLORER)
    if turn.owed_places:
        turn.owed_places -= 1
    else:
        _pay(state, camp, state.box.supply.explorer_cost)
    camp.explorers -= 1
    state.explorers[action.slot - 1][state.active] += 1
    if action.boss:
        camp.boss_slot = action.slot - 1


def _end_turn(state: KeroState, action: a.Action) -> None:
    turn = state.turn
    flames = 0 if turn.no_fire else sum(f == FLAME_FACE for f in turn.faces) - turn.ignored_flames
    if flames >= 2:
        cards = [(slot, card) for slot, card in enumerate(state.row) if card is not None]
        if cards:
            slot, card = cards[-1]
            state.discard.append(card)
            state.row[slot] = None
    _slide(state)
    _refill_or_pass(state)


def _refill_or_pass(state: KeroState) -> None:
    """Refill the row; a revealed Claim card starts a claim, otherwise the other clan plays."""
    if _refill(state):
        _start_claim(state)
    else:
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


def _start_claim(state: KeroState) -> None:
    """A Claim card was revealed: ask for the decisions it needs, or resolve at once."""
    state.claims += 1
    vote = _claim_vote(state)
    if vote.waiting():
        state.vote = vote
        state.phase = Phase.CLAIM
    else:
        _finish_claim(state, vote)


def _claim_vote(state: KeroState) -> ClaimVote:
    """Boss owners on tied territories are asked; the tie-breaker tile chooses if it must."""
    vote = ClaimVote()
    tied = [
        slot
        for slot, territory in enumerate(state.territories)
        if territory is not None and state.explorers[slot][0] == state.explorers[slot][1] > 0
    ]
    bossed = set()
    for seat, camp in enumerate(state.camps):
        if camp.boss_side and camp.boss_slot in tied:
            vote.boss_asks[seat] = [camp.boss_slot]
            bossed.add(camp.boss_slot)
    for seat, camp in enumerate(state.camps):
        if any(state.box.tiles[t].effect.kind == "win_ties" for t in camp.tiles):
            vote.tiebreak_seat = seat
            vote.tiebreak_slots = tuple(slot for slot in tied if slot not in bossed)
            if len(vote.tiebreak_slots) == 1:
                vote.tiebreak_choice = vote.tiebreak_slots[0]
    return vote


def _boss_choice(state: KeroState, seat: Seat, action: a.BossChoice) -> None:
    assert state.vote is not None
    slot = action.slot - 1
    if slot not in state.vote.boss_asks.get(seat, []) or (seat, slot) in state.vote.boss_answers:
        raise IllegalAction(
            f"no Boss decision is asked of you for slot {action.slot}", Reason.WRONG_PHASE
        )
    state.vote.boss_answers[(seat, slot)] = action.activate
    _maybe_finish_claim(state)


def _tiebreak(state: KeroState, seat: Seat, action: a.TieBreak) -> None:
    assert state.vote is not None
    vote, slot = state.vote, action.slot - 1
    if seat != vote.tiebreak_seat or vote.tiebreak_choice is not None:
        raise IllegalAction("no tie-breaker choice is asked of you", Reason.WRONG_PHASE)
    if slot not in vote.tiebreak_slots:
        raise IllegalAction(
            f"slot {action.slot} is not a tie your tile may break", Reason.WRONG_PHASE
        )
    vote.tiebreak_choice = slot
    _maybe_finish_claim(state)


def _maybe_finish_claim(state: KeroState) -> None:
    assert state.vote is not None
    if not state.vote.waiting():
        vote, state.vote = state.vote, None
        _finish_claim(state, vote)


def _finish_claim(state: KeroState, vote: ClaimVote) -> None:
    """Resolve majorities with the decisions taken; then new territories, or the end."""
    for slot, territory in enumerate(state.territories):
        if territory is not None:
            winner = _territory_winner(state, slot, vote)
            if winner is None:
                state.boxed.append(territory)
            else:
                state.camps[winner].territories.append(territory)
                _gain(state, winner, state.box.territories_by_id[territory].on_claim)
        for seat, camp in enumerate(state.camps):
            camp.explorers += state.explorers[slot][seat]
            if camp.boss_slot == slot:
                camp.boss_slot = None
        state.explorers[slot] = [0, 0]
        state.territories[slot] = None
    if state.claims >= len(state.box.claim):
        state.phase = Phase.OVER
        return
    _show_territories(state)
    _refill_or_pass(state)


def _territory_winner(state: KeroState, slot: int, vote: ClaimVote) -> Seat | None:
    """Strict majority; on a tie an activated Boss (both cancel out), then the tie-breaker."""
    counts = state.explorers[slot]
    if counts[0] != counts[1]:
        return 0 if counts[0] > counts[1] else 1
    activated = [seat for seat in (0, 1) if vote.boss_answers.get((seat, slot))]
    for seat in activated:
        state.camps[seat].boss_side = False
    if len(activated) == 1:
        return activated[0]
    if not activated and vote.tiebreak_choice == slot:
        return vote.tiebreak_seat
    return None


def _next_turn(state: KeroState) -> None:
    state.active = 1 - state.active
    state.turn = Turn()
    state.turns += 1
    state.phase = Phase.START


# --- Tuareks and abilities ------------------------------------------------------------------


def _play(state: KeroState, action: a.Action) -> None:
    assert isinstance(action, a.Play)
    camp = state.camps[state.active]
    kind = next((t for t in state.box.tuareks if t.id == action.tuarek), None)
    if kind is None or action.tuarek not in camp.tuareks:
        raise IllegalAction(f"you hold no {action.tuarek!r} Tuarek", Reason.NO_TUAREK)
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
    turn = state.turn
    if state.phase is not Phase.START:
        raise WrongPhase("a Guide brings a die while you choose your dice, before rolling")
    colour = action.arg
    if action.at is not None:
        raise IllegalAction("a Guide takes no timestamp", Reason.WRONG_PHASE)
    if colour is None or colour not in state.box.special or colour in turn.dice:
        raise IllegalAction(
            f"name a special die you do not have yet, not {colour!r}", Reason.DIE_NOT_AVAILABLE
        )
    turn.dice.append(colour)


def _trader(state: KeroState, action: a.Play, arg: object) -> None:
    _in_camp(state, "a Trader trades when you collect, in your camp phase")
    if action.arg not in RESOURCES or action.at is not None:
        raise IllegalAction(f"name a resource of {', '.join(RESOURCES)}", Reason.WRONG_PHASE)
    amount = arg if isinstance(arg, int) else 1
    if action.arg == "jerrycan":
        _take_jerrycans(state, state.camps[state.active], amount)
    else:
        state.turn.pool += Resources.of({action.arg: amount})


def _scout(state: KeroState, action: a.Play, arg: object) -> None:
    _in_camp(state, "a Scout places an Explorer in your camp phase")
    _no_arg(action)
    state.turn.owed_places += arg if isinstance(arg, int) else 1


def _water_carrier(state: KeroState, action: a.Play, arg: object) -> None:
    if action.arg is not None:
        raise IllegalAction(f"{action.tuarek} takes no argument", Reason.WRONG_PHASE)
    _check_fuel_up(state, action.at)
    _start_fuel_up(state, action.at)


def _fire_eater(state: KeroState, action: a.Play, arg: object) -> None:
    _in_camp(state, "a Fire-eater acts at your Fire step, before you end your turn")
    _no_arg(action)
    state.turn.no_fire = True


def _smith(state: KeroState, action: a.Play, arg: object) -> None:
    _reroll_burnt(state, action.arg, action.at)


def _use(state: KeroState, action: a.Action) -> None:
    assert isinstance(action, a.Use)
    camp, turn = state.camps[state.active], state.turn
    if action.tile not in camp.tiles:
        raise IllegalAction(f"you hold no ability tile {action.tile}", Reason.WRONG_PHASE)
    if action.tile in turn.tiles_used:
        raise IllegalAction(f"{action.tile} was already used this turn", Reason.WRONG_PHASE)
    effect = state.box.tiles[action.tile].effect
    if effect.kind == "ignore_flames" and action.arg is None and action.at is None:
        _in_camp(state, "ignoring flames is decided in camp, before you end your turn")
        turn.ignored_flames += effect.arg if isinstance(effect.arg, int) else 1
    elif effect.kind == "reroll_burnt":
        _reroll_burnt(state, action.arg, action.at)
    else:
        raise IllegalAction(f"{action.tile} works by itself; it is not played", Reason.WRONG_PHASE)
    turn.tiles_used.append(action.tile)


def _reroll_burnt(state: KeroState, die: str | None, at: int | None) -> None:
    """Smith or A10: throw one burnt die again while KERO flows (a flame burns it again)."""
    turn = state.turn
    if state.phase is not Phase.ROLLING or turn.window is None or at is None:
        raise WrongPhase("a burnt die is re-rolled while you roll, with a timestamp")
    window = _tank(lambda: turn.window.check(at))  # type: ignore[union-attr]
    index = int(die) if die is not None and die.isascii() and die.isdigit() else -1
    if not 0 <= index < len(turn.dice) or turn.faces[index] != FLAME_FACE:
        raise IllegalAction(f"die {die} is not a burnt die", Reason.DIE_NOT_AVAILABLE)
    turn.window = window
    turn.to_throw = (index,)


def _in_camp(state: KeroState, message: str) -> None:
    if state.phase is not Phase.CAMP:
        raise WrongPhase(message)


def _no_arg(action: a.Play) -> None:
    if action.arg is not None or action.at is not None:
        raise IllegalAction(f"{action.tuarek} takes no argument", Reason.WRONG_PHASE)


def _tile_with(state: KeroState, kind: str, arg: str | None = None) -> str | None:
    """The active clan's tile with this effect (and argument) not yet used this turn."""
    for tile_id in state.camps[state.active].tiles:
        effect = state.box.tiles[tile_id].effect
        unused = tile_id not in state.turn.tiles_used
        if effect.kind == kind and (arg is None or effect.arg == arg) and unused:
            return tile_id
    return None


_DUST_STORM: Final = "dust_storm"
_TUAREK_EFFECTS: Final[dict[str, Callable[[KeroState, a.Play, object], None]]] = {
    "free_special_die": _guide,
    "bonus_any": _trader,
    "explorer": _scout,
    "free_fuel_up": _water_carrier,
    "ignore_fire": _fire_eater,
    "reroll_burnt": _smith,
}


# --- resources --------------------------------------------------------------------------------


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
    if state.phase is Phase.OVER or seat not in state.seats_to_act():
        return []
    candidates: list[a.Action] = []
    now = _now(state)
    live = state.fuel_mode == "live"
    if state.phase is Phase.FUELING:
        return [a.Throw(now), a.AutoFuel(now)]
    if state.phase is Phase.START:
        candidates += [a.FuelUp(now if live else None), *(a.AddDie(c) for c in state.box.special)]
        candidates += [a.Roll(now), a.Hire()]
    elif state.phase is Phase.ROLLING:
        turn = state.turn
        unburnt = tuple(d for d, f in enumerate(turn.faces) if f != FLAME_FACE)
        candidates += [a.Stop(now), *([a.Reroll(unburnt, now)] if unburnt else [])]
        candidates += [a.Reroll((d,), now) for d in unburnt if len(unburnt) > 1]
    elif state.phase is Phase.CAMP:
        candidates += [a.Take(s + 1) for s, c in enumerate(state.row) if c is not None]
        shown = [s + 1 for s, t in enumerate(state.territories) if t is not None]
        candidates += [a.Place(slot) for slot in shown]
        if state.camps[seat].boss_side:
            candidates += [a.Place(slot, boss=True) for slot in shown]
        candidates += [a.Hire(), a.EndTurn()]
    elif state.phase is Phase.CLAIM and state.vote is not None:
        vote = state.vote
        for slot in vote.boss_asks.get(seat, []):
            candidates += [a.BossChoice(slot + 1, True), a.BossChoice(slot + 1, False)]
        candidates += [a.TieBreak(slot + 1) for slot in vote.tiebreak_slots]
        return [c for c in candidates if _accepts(state, seat, c)]
    candidates += _tuarek_and_tile_candidates(state, seat, now)
    return [c for c in candidates if _accepts(state, seat, c)]


def _tuarek_and_tile_candidates(state: KeroState, seat: Seat, now: int) -> list[a.Action]:
    """Every way to play a held Tuarek or use a held tile now (filtered by the rules after)."""
    camp, turn = state.camps[seat], state.turn
    burnt = [str(d) for d, f in enumerate(turn.faces) if f == FLAME_FACE]
    args: dict[str, list[str | None]] = {
        "free_special_die": list(state.box.special),
        "bonus_any": list(RESOURCES),
        "reroll_burnt": list(burnt),
    }
    out: list[a.Action] = []
    for kind in state.box.tuareks:
        if kind.id in camp.tuareks:
            timed = kind.effect.kind == "reroll_burnt" or (
                kind.effect.kind == "free_fuel_up" and state.fuel_mode == "live"
            )
            for arg in args.get(kind.effect.kind, [None]):
                out.append(a.Play(kind.id, arg, now if timed else None))
    for tile_id in camp.tiles:
        if state.box.tiles[tile_id].effect.kind == "ignore_flames":
            out.append(a.Use(tile_id))
        elif state.box.tiles[tile_id].effect.kind == "reroll_burnt":
            out += [a.Use(tile_id, die, now) for die in burnt]
    return out


def _accepts(state: KeroState, seat: Seat, action: a.Action) -> bool:
    trial = state.clone()
    try:
        trial.apply(seat, action)
    except IllegalAction:
        return False
    return True


def _now(state: KeroState) -> int:
    """The latest timestamp the match has seen (0 before any)."""
    return state.clock_ms


_HANDLERS: Final = {
    (Phase.SETUP, a.Setup): _setup,
    (Phase.FUELING, a.Flames): _flames,
    (Phase.FUELING, a.Throw): _throw,
    (Phase.FUELING, a.AutoFuel): _auto_fuel,
    (Phase.START, a.FuelUp): _fuel_up,
    (Phase.START, a.AddDie): _add_die,
    (Phase.START, a.Roll): _roll,
    (Phase.ROLLING, a.Faces): _faces,
    (Phase.ROLLING, a.Reroll): _reroll,
    (Phase.ROLLING, a.Stop): _stop,
    (Phase.ROLLING, a.Credit): _credit,
    (Phase.ROLLING, a.TankEmpty): _tank_empty,
    (Phase.CAMP, a.Take): _take,
    (Phase.CAMP, a.Roll): _truck_flat,
    (Phase.CAMP, a.Reroll): _truck_flat,
    (Phase.CAMP, a.Stop): _truck_flat,
    (Phase.CAMP, a.Place): _place,
    (Phase.CAMP, a.EndTurn): _end_turn,
}
_ANY_PHASE: Final = {
    a.Reshuffle: _reshuffle,
    a.Hire: _hire,
    a.Play: _play,
    a.Use: _use,
}

__all__ = ["Card", "apply", "legal_actions"]

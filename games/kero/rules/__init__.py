"""Kero's rules: what each phase accepts, and what applying an action does (all or nothing).

`apply` checks who may act and the match clock, then hands the action to the module of its
phase: refinery (fuel-ups), rolling (dice and the window), camp, claims, tuareks (Tuareks and
ability tiles); economy holds the bookkeeping they share. See docs/rules/kero.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

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
from games.kero.board import Phase
from games.kero.chance import FLAME_FACE, deal_problem
from games.kero.resources import RESOURCES
from games.kero.rules.camp import WHITE, end_turn, hire, place, skip_turn, take
from games.kero.rules.claims import boss_choice, tiebreak
from games.kero.rules.economy import (
    can_pay,
    draw_owed_tuareks,
    show_territories,
    take_jerrycans,
)
from games.kero.rules.refinery import auto_fuel, flames, fuel_up, throw
from games.kero.rules.rolling import (
    MAX_CREDIT_MS,
    add_die,
    credit,
    faces,
    no_pass,
    reroll,
    roll,
    stop,
    tank_empty,
    truck_flat,
)
from games.kero.rules.tuareks import play, use

if TYPE_CHECKING:
    from games.kero.state import KeroState


_CHANCE_KIND: Final = {
    "setup": a.Setup,
    "reshuffle": a.Reshuffle,
    "flames": a.Flames,
    "faces": a.Faces,
}


def apply(state: KeroState, seat: Seat, action: a.Action) -> tuple[Any, ...]:
    """Validate and apply an action; raise an IllegalAction subclass and change nothing."""
    if state.phase is _OVER:
        raise GameOver("the match is over")
    if seat not in _SEATS:
        raise UnknownPlayer(f"seat {seat} is not in this two-player match")
    due = state.chance_due()
    if due is not None:
        if seat != CHANCE:
            raise NotYourTurn(f"the match waits for chance ({due}) first")
        if not isinstance(action, _CHANCE_KIND[due]):
            raise WrongPhase(f"chance owes {due}, not {action.to_text()!r}")
    elif seat not in deciders(state):
        waiting = " and ".join(f"seat {s}" for s in state.seats_to_act())
        raise NotYourTurn(f"it is not your move: the match waits for {waiting}")
    at = action.at
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


def deciders(state: KeroState) -> tuple[Seat, ...]:
    """The seats that decide now, when no chance action is due and the match is not over."""
    phase = state.phase
    if phase is _CLAIM:
        return state.vote.waiting() if state.vote else ()
    if phase is _FUELING:
        return (state.thrower(),)
    return (state.active,)


def _dispatch(state: KeroState, seat: Seat, action: a.Action) -> tuple[Any, ...]:
    phase = state.phase
    if phase is _CLAIM:
        if isinstance(action, a.BossChoice):
            boss_choice(state, seat, action)
        elif isinstance(action, a.TieBreak):
            tiebreak(state, seat, action)
        else:
            raise WrongPhase("a claim only waits for the Boss and tie-breaker decisions")
        return ()
    thrower = phase is _FUELING and seat == state.thrower()
    if thrower and not isinstance(action, _THROWER_KINDS):
        raise NotYourTurn("while the other clan fuels up, you only throw the dice")
    kind = type(action)
    handler = _HANDLERS.get((phase, kind)) or _ANY_PHASE.get(kind)
    if handler is None:
        raise WrongPhase(f"you can't do that {_PHASE_WORDS[phase]}")
    turn = state.turn if phase is _START else None
    handler(state, action)
    if turn is not None and not _is_fuel_up(state, action):
        turn.refinery_closed = True  # the turn it was taken in (a pass may have begun the next)
    return ()


_SEATS: Final = (CHANCE, 0, 1)
_START, _FUELING, _CLAIM, _OVER = Phase.START, Phase.FUELING, Phase.CLAIM, Phase.OVER
"""Enum members read from the module (in Python 3.11 `Phase.X` costs a descriptor call)."""
_THROWER_KINDS: Final = (a.Throw, a.AutoFuel)


def _is_fuel_up(state: KeroState, action: a.Action) -> bool:
    """A fuel-up paid with a jerrycan or by a Water-carrier (the turn's optional first step)."""
    if isinstance(action, a.FuelUp):
        return True
    return isinstance(action, a.Play) and any(
        t.id == action.tuarek and t.effect.kind == "free_fuel_up" for t in state.box.tuareks
    )


_PHASE_WORDS: Final = {
    Phase.SETUP: "before the match is dealt",
    Phase.START: "before you roll",
    Phase.FUELING: "while a truck fuels up",
    Phase.ROLLING: "while your truck is tipped",
    Phase.CAMP: "in your camp, after rolling",
    Phase.CLAIM: "during a claim",
}


def _setup(state: KeroState, action: a.Action) -> None:
    """Deal a setup: every component once, the deck built as the rulebook says (or, with the
    `deal: stacked` option for tests and puzzles, in any order with no Claim card in the row)."""
    assert isinstance(action, a.Setup)
    box = state.box
    expected_deck = sorted(c.id for c in (*box.start, *box.regular, *box.claim))
    if sorted(action.deck) != expected_deck or action.first not in (0, 1):
        raise IllegalAction("a setup deals every card exactly once", Reason.BAD_ROLL)
    problem = deal_problem(box, action.deck, stacked=state.deal == "stacked")
    if problem is not None:
        raise IllegalAction(problem, Reason.BAD_ROLL)
    if sorted(action.territories) != sorted(t.id for t in box.territories):
        raise IllegalAction("a setup deals every territory exactly once", Reason.BAD_ROLL)
    if sorted(action.tuareks) != sorted(t.id for t in box.tuareks for _ in range(t.count)):
        raise IllegalAction("a setup deals every Tuarek exactly once", Reason.BAD_ROLL)
    state.deck = list(action.deck)
    state.territory_pile = list(action.territories)
    state.tuarek_pile = list(action.tuareks)
    for camp in state.camps:
        take_jerrycans(state, camp, box.supply.start_jerrycans)
        camp.tuareks += [state.tuarek_pile.pop(0) for _ in range(box.supply.start_tuareks)]
    for slot in range(len(state.row)):
        state.row[slot] = state.deck.pop(0)
    show_territories(state)
    state.active = action.first
    state.phase = Phase.START


def _reshuffle(state: KeroState, action: a.Action) -> None:
    assert isinstance(action, a.Reshuffle)
    if sorted(action.tuareks) != sorted(state.tuarek_used):
        raise IllegalAction("a reshuffle puts back exactly the used Tuareks", Reason.BAD_ROLL)
    state.tuarek_pile, state.tuarek_used = list(action.tuareks), []
    draw_owed_tuareks(state)


def legal_actions(state: KeroState, seat: Seat) -> list[a.Action]:
    """The actions the seat may apply now; timed ones are stamped at the latest time seen.
    `Pass` is never listed: only the bot applies it, for a clan whose turn clock ran out."""
    return [c for c in _candidates(state, seat) if _accepts(state, seat, c)]


def has_legal_action(state: KeroState, seat: Seat) -> bool:
    """Whether the seat may apply anything now (stops at the first action the rules accept,
    trying first those that are nearly always legal)."""
    candidates = sorted(_candidates(state, seat), key=lambda c: not isinstance(c, _USUALLY_LEGAL))
    return any(_accepts(state, seat, c) for c in candidates)


_USUALLY_LEGAL: Final = (a.EndTurn, a.Stop, a.Roll, a.Throw, a.BossChoice, a.TieBreak)


def _candidates(state: KeroState, seat: Seat) -> list[a.Action]:
    """Every action worth trying for the seat now; the rules then keep the legal ones."""
    phase = state.phase
    if phase is _OVER or seat not in state.seats_to_act():
        return []
    now = state.clock_ms
    if phase is _FUELING:
        return [a.Throw(now), a.AutoFuel(now)]
    if phase is _CLAIM:
        return _claim_candidates(state, seat)
    candidates: list[a.Action] = []
    if phase is _START:
        live = state.fuel_mode == "live"
        candidates += [a.FuelUp(now if live else None), *(a.AddDie(c) for c in state.box.special)]
        candidates += [a.Roll(now), a.Hire()]
    elif phase is Phase.ROLLING:
        turn = state.turn
        unburnt = tuple(d for d, f in enumerate(turn.faces) if f != FLAME_FACE)
        candidates += [a.Stop(now), *([a.Reroll(unburnt, now)] if unburnt else [])]
        candidates += [a.Reroll((d,), now) for d in unburnt if len(unburnt) > 1]
    elif phase is Phase.CAMP:
        candidates += [a.Take(s + 1) for s, c in enumerate(state.row) if c is not None]
        shown = [s + 1 for s, t in enumerate(state.territories) if t is not None]
        candidates += [a.Place(slot) for slot in shown]
        if state.camps[seat].boss_side:
            candidates += [a.Place(slot, boss=True) for slot in shown]
        candidates += [a.Hire(), a.EndTurn()]
    return candidates + _tuarek_and_tile_candidates(state, seat, now)


def _claim_candidates(state: KeroState, seat: Seat) -> list[a.Action]:
    vote = state.vote
    if vote is None:
        return []
    candidates: list[a.Action] = []
    for slot in vote.boss_asks.get(seat, []):
        candidates += [a.BossChoice(slot + 1, True), a.BossChoice(slot + 1, False)]
    return candidates + [a.TieBreak(slot + 1) for slot in vote.tiebreak_slots]


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


_HANDLERS: Final = {
    (Phase.SETUP, a.Setup): _setup,
    (Phase.FUELING, a.Flames): flames,
    (Phase.FUELING, a.Throw): throw,
    (Phase.FUELING, a.AutoFuel): auto_fuel,
    (Phase.START, a.FuelUp): fuel_up,
    (Phase.START, a.AddDie): add_die,
    (Phase.START, a.Roll): roll,
    (Phase.START, a.Pass): skip_turn,
    (Phase.ROLLING, a.Faces): faces,
    (Phase.ROLLING, a.Reroll): reroll,
    (Phase.ROLLING, a.Stop): stop,
    (Phase.ROLLING, a.Credit): credit,
    (Phase.ROLLING, a.TankEmpty): tank_empty,
    (Phase.ROLLING, a.Pass): no_pass,
    (Phase.CAMP, a.Take): take,
    (Phase.CAMP, a.Roll): truck_flat,
    (Phase.CAMP, a.Reroll): truck_flat,
    (Phase.CAMP, a.Stop): truck_flat,
    (Phase.CAMP, a.Place): place,
    (Phase.CAMP, a.EndTurn): end_turn,
    (Phase.CAMP, a.Pass): end_turn,
}


_ANY_PHASE: Final = {
    a.Reshuffle: _reshuffle,
    a.Hire: hire,
    a.Play: play,
    a.Use: use,
}


__all__ = [
    "MAX_CREDIT_MS",
    "WHITE",
    "apply",
    "can_pay",
    "deciders",
    "has_legal_action",
    "legal_actions",
]

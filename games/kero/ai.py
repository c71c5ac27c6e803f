"""A computer player for Kero: refuels when low, rolls like a human with a target card in mind,
re-rolls what does not help while KERO lasts, then buys, places Explorers and hires Tuareks.

It keeps its own pace: each decision takes `think_ms` of game time, so it spends its tank the way
a person would and can run dry (it then reports the empty tank, as the bot's deadline would).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.common.protocol import Seat
from games.kero import actions as a
from games.kero.board import Phase
from games.kero.chance import FLAME_FACE
from games.kero.components import Card, Components, Face
from games.kero.resources import NOTHING, RESOURCES, Resources
from games.kero.rules import WHITE, can_pay
from games.kero.state import KeroState


@dataclass(frozen=True, slots=True)
class Pace:
    """How fast and how bold the computer plays (milliseconds of game time)."""

    think_ms: int = 1_500
    """Time each click takes."""
    low_tank_ms: int = 20_000
    """Fuel up below this much KERO."""
    keep_ms: int = 4_000
    """Stop re-rolling when less than this is left."""
    max_rerolls: int = 4


class KeroAI:
    """A sensible opponent for the implemented rules."""

    def __init__(self, pace: Pace | None = None) -> None:
        self.pace = pace or Pace()

    def choose(self, state: KeroState, seat: Seat) -> a.Action:
        """The action this seat takes now (the state must be waiting for it)."""
        now = state.clock_ms + self.pace.think_ms
        phase = state.phase
        if phase is _START:
            return self._start(state, seat, now)
        if phase is _ROLLING:
            return self._rolling(state, seat, now)
        if phase is _CLAIM:
            return self._claim(state, seat)
        if phase is _FUELING:
            return a.Throw(now)
        return self._camp(state, seat)

    def _claim(self, state: KeroState, seat: Seat) -> a.Action:
        """Activate a Boss on any tie it is asked about; break the tie worth most."""
        vote = state.vote
        assert vote is not None
        for slot in vote.boss_asks.get(seat, []):
            if (seat, slot) not in vote.boss_answers:
                return a.BossChoice(slot + 1, True)
        best = max(vote.tiebreak_slots, key=lambda slot: territory_points(state, slot + 1))
        return a.TieBreak(best + 1)

    def _start(self, state: KeroState, seat: Seat, now: int) -> a.Action:
        camp, turn, supply = state.camps[seat], state.turn, state.box.supply
        low = camp.tank.level_ms < self.pace.low_tank_ms
        if not turn.refinery_closed and low and turn.fuel_ups < supply.max_fuel_ups:
            at = now if state.fuel_mode == "live" else None
            if WATER_CARRIER in camp.tuareks:
                return a.Play(WATER_CARRIER, None, at)
            if camp.jerrycans >= 1:
                return a.FuelUp(at)
        if DUST_STORM in camp.tuareks:
            return a.Play(DUST_STORM)  # after the fuel-ups: they come first
        for colour in ("green", "blue", "yellow"):
            if colour in turn.dice:
                continue
            if GUIDE in camp.tuareks:
                return a.Play(GUIDE, colour)
            if _has_free_die(state, seat, colour) or camp.jerrycans >= 3:
                return a.AddDie(colour)
        return a.Roll(now)

    def _rolling(self, state: KeroState, seat: Seat, now: int) -> a.Action:
        turn = state.turn
        assert turn.window is not None
        empty_at = turn.window.empty_at
        if now >= empty_at:
            return a.TankEmpty(empty_at)
        left = empty_at - now
        if left < self.pace.keep_ms:
            return a.Stop(now)
        rescue = rescue_burnt(state, seat, now)
        if rescue is not None:
            return rescue
        if rerolls_this_turn(state) >= self.pace.max_rerolls:
            return a.Stop(now)
        useless = self._useless_dice(state, seat)
        if not useless:
            return a.Stop(now)
        return a.Reroll(useless, now)

    def _useless_dice(self, state: KeroState, seat: Seat) -> tuple[int, ...]:
        """Unburnt dice whose faces help neither the target card nor an Explorer."""
        turn, facts = state.turn, _facts(state.box)
        target = _target(state, facts)
        need = list(facts.explorer_need if target is None else facts.need[target])
        useless = []
        faces = facts.faces
        for die, (colour, face_index) in enumerate(zip(turn.dice, turn.faces, strict=True)):
            if face_index is None or face_index == FLAME_FACE:
                continue
            amounts = faces[colour][face_index]
            if amounts is None:
                continue
            useful = False
            for kind, amount in amounts:
                if need[kind] > 0:
                    useful = True
                    need[kind] = max(0, need[kind] - amount)
            if not useful:
                useless.append(die)
        return tuple(useless)

    def _target_cost(self, state: KeroState, seat: Seat) -> Resources:
        """The cost of the card worth most for its price in the row (what to roll for)."""
        target = _target(state, _facts(state.box))
        card = state.box.card(target or "")
        return Resources() if card is None else card.cost

    def _camp(self, state: KeroState, seat: Seat) -> a.Action:
        return (
            self._camp_tuarek(state, seat)
            or self._buy_or_place(state, seat)
            or self._protect_row(state, seat)
            or a.EndTurn()
        )

    def _camp_tuarek(self, state: KeroState, seat: Seat) -> a.Action | None:
        camp = state.camps[seat]
        if TRADER in camp.tuareks:
            return a.Play(TRADER, self._trade(state, seat))
        if SCOUT in camp.tuareks and camp.explorers and any(state.territories):
            return a.Play(SCOUT)
        return None

    def _buy_or_place(self, state: KeroState, seat: Seat) -> a.Action | None:
        """Take the best affordable card, else place an Explorer, else hire with spare jerrycans."""
        camp, supply, facts = state.camps[seat], state.box.supply, _facts(state.box)
        worth, cost = facts.worth, facts.cost
        pool = state.turn.pool if seat == state.active else NOTHING
        jerrycans = camp.jerrycans
        best_take, best_worth = 0, 0.0
        for slot, card_id in enumerate(state.row):
            if not card_id:
                continue
            price = cost[card_id]  # `can_pay`, inlined: this loop runs at every camp decision
            if (
                pool.brick < price.brick
                or pool.wheat < price.wheat
                or pool.metal < price.metal
                or pool.recruit < price.recruit
                or jerrycans < price.jerrycan
            ):
                continue
            if not best_take or worth[card_id] > best_worth:
                best_take, best_worth = slot + 1, worth[card_id]
        if best_take:
            return a.Take(best_take)
        can_place = state.turn.owed_places > 0 or can_pay(state, seat, supply.explorer_cost)
        places = [s + 1 for s, t in enumerate(state.territories) if t is not None]
        if places and camp.explorers and can_place:
            best = max(places, key=lambda slot: _territory_value(state, seat, slot))
            return a.Place(best, boss=_boss_goes(state, seat, best))
        if camp.jerrycans >= 5 and (state.tuarek_pile or state.tuarek_used):
            return a.Hire()
        return None

    def _protect_row(self, state: KeroState, seat: Seat) -> a.Action | None:
        """With 2+ flames, ignore one with A9 (if that is enough) or play a Fire-eater."""
        camp, turn = state.camps[seat], state.turn
        flames = turn.faces.count(FLAME_FACE) - turn.ignored_flames
        if flames < 2 or turn.no_fire:
            return None
        for tile in camp.tiles:
            kind = state.box.tiles[tile].effect.kind
            if kind == "ignore_flames" and tile not in turn.tiles_used and flames == 2:
                return a.Use(tile)
        return a.Play(FIRE_EATER) if FIRE_EATER in camp.tuareks else None

    def _trade(self, state: KeroState, seat: Seat) -> str:
        """The resource that lets the seat take the best card, else one towards an Explorer."""
        best: tuple[float, str] = (-1.0, "metal")
        have = (state.turn.pool + Resources(jerrycan=state.camps[seat].jerrycans)).as_tuple()
        worth = _facts(state.box).worth
        for card_id in state.row:
            card = state.box.card(card_id or "")
            if card is None or can_pay(state, seat, card.cost):
                continue
            for resource in _one_more_covers(have, card.cost.as_tuple()):
                best = max(best, (worth[card.id], resource))
        return best[1]


_START, _ROLLING, _CLAIM, _FUELING = Phase.START, Phase.ROLLING, Phase.CLAIM, Phase.FUELING
"""Enum members read from the module (in Python 3.11 `Phase.X` costs a descriptor call)."""
DUST_STORM, GUIDE, TRADER, SCOUT = "dust_storm", "guide", "trader", "scout"
WATER_CARRIER, FIRE_EATER, SMITH = "water_carrier", "fire_eater", "smith"


def _one_more_covers(have: tuple[int, ...], cost: tuple[int, ...]) -> tuple[str, ...]:
    """The resources of which one more would let `have` pay `cost` (all of them if it does)."""
    short = [kind for kind, n in enumerate(cost) if have[kind] < n]
    if not short:
        return RESOURCES
    kind = short[0]
    return (RESOURCES[kind],) if len(short) == 1 and have[kind] + 1 >= cost[kind] else ()


def _has_free_die(state: KeroState, seat: Seat, colour: str) -> bool:
    return any(
        state.box.tiles[t].effect.kind == "free_die" and state.box.tiles[t].effect.arg == colour
        for t in state.camps[seat].tiles
    )


def _boss_goes(state: KeroState, seat: Seat, slot: int) -> bool:
    """Place the Boss first, but not beside the opponent's Boss (two Bosses on a tie cancel
    out), unless it is the only one left at home."""
    camp, theirs = state.camps[seat], state.camps[1 - seat]
    if not camp.boss_side or camp.boss_slot is not None:
        return False
    return camp.explorers == 1 or not (theirs.boss_side and theirs.boss_slot == slot - 1)


def rescue_burnt(state: KeroState, seat: Seat, now: int) -> a.Action | None:
    """With two flames, re-roll the first burnt die with the A10 tile, else a Smith, to keep a
    card from burning (None: fewer flames, or nothing to rescue with)."""
    turn, camp = state.turn, state.camps[seat]
    burnt = [d for d, f in enumerate(turn.faces) if f == FLAME_FACE]
    if len(burnt) < 2:
        return None
    for tile in camp.tiles:
        effect = state.box.tiles[tile].effect
        if effect.kind == "reroll_burnt" and tile not in turn.tiles_used:
            return a.Use(tile, str(burnt[0]), now)
    if SMITH in camp.tuareks:
        return a.Play(SMITH, str(burnt[0]), now)
    return None


def territory_points(state: KeroState, slot: int) -> int:
    """The points of the territory shown in slot `slot` (1-based, as actions name slots)."""
    return state.box.territories_by_id[state.territories[slot - 1] or ""].points


def _card(state: KeroState, slot: int) -> Card:
    card = state.box.card(state.row[slot - 1] or "")
    assert card is not None
    return card


def _worth(card: Card) -> float:
    """Rough worth of a card: its points, an ability, and its immediate gains."""
    return (
        card.points
        + (2.5 if card.ability else 0)
        + (1.5 if card.per_colour else 0)
        + sum(g.amount for g in card.effects)
    )


def _territory_value(state: KeroState, seat: Seat, slot: int) -> float:
    """Prefer territories worth more where one more Explorer takes or keeps the lead."""
    territory_id = state.territories[slot - 1]
    territory = state.box.territories_by_id[territory_id or ""]
    mine, theirs = state.explorers[slot - 1][seat], state.explorers[slot - 1][1 - seat]
    swing = 2.0 if mine <= theirs else 0.5
    return territory.points * swing


@dataclass(frozen=True, slots=True)
class _Facts:
    """What the computer reads of a box over and over, worked out once per box."""

    worth: dict[str, float]
    """Card id → `_worth`."""
    target_key: dict[str, float]
    """Card id → worth for its price (the rolling target is the highest)."""
    need: dict[str, tuple[int, ...]]
    """Card id → its cost plus an Explorer's, in RESOURCES order."""
    explorer_need: tuple[int, ...]
    cost: dict[str, Resources]
    """Card id → its cost."""
    faces: dict[str, tuple[tuple[tuple[int, int], ...] | None, ...]]
    """Die colour → each face's resources as (RESOURCES index, amount) pairs, or None for a face
    that always helps (a Tuarek, an Explorer or a jerrycan)."""


_FACTS: dict[int, tuple[Components, _Facts]] = {}


def _facts(box: Components) -> _Facts:
    """The box's facts (cached by identity: components are immutable)."""
    entry = _FACTS.get(id(box))
    if entry is not None and entry[0] is box:
        return entry[1]
    if len(_FACTS) >= 16:
        _FACTS.clear()
    cards = box.cards_by_id.values()
    explorer = box.supply.explorer_cost
    dice = {**box.special, WHITE: box.white}
    facts = _Facts(
        worth={c.id: _worth(c) for c in cards},
        target_key={c.id: _worth(c) / (1 + c.cost.total()) for c in cards},
        need={c.id: (c.cost + explorer).as_tuple() for c in cards},
        explorer_need=(Resources() + explorer).as_tuple(),
        cost={c.id: c.cost for c in cards},
        faces={
            colour: tuple(_face_amounts(face) for face in die.faces) for colour, die in dice.items()
        },
    )
    _FACTS[id(box)] = (box, facts)
    return facts


def _face_amounts(face: Face) -> tuple[tuple[int, int], ...] | None:
    """A face's resources as (RESOURCES index, amount) pairs; None if it always helps."""
    if face.tuarek or face.explorer or face.resources.jerrycan:
        return None
    return tuple((kind, n) for kind, n in enumerate(face.resources.as_tuple()) if n)


def _target(state: KeroState, facts: _Facts) -> str | None:
    """The row's card worth most for its price (the leftmost of equals), if any."""
    best, best_key = None, 0.0
    keys = facts.target_key
    for card_id in state.row:
        if card_id:
            key = keys.get(card_id)
            if key is not None and (best is None or key > best_key):
                best, best_key = card_id, key
    return best


def rerolls_this_turn(state: KeroState) -> int:
    """The re-rolls made since this turn's roll (a player's own count, read from the log)."""
    count = 0
    for _, action in reversed(state.history):
        if isinstance(action, a.Roll):
            return count
        count += isinstance(action, a.Reroll)
    return count

"""What a Kero turn did, read from the match's history so that its messages can say it: the
cards taken, the Explorers placed, the fuel-ups and the KERO they poured, a dry tank, a burnt
card. Nothing hidden is told: a hired Tuarek's type and an armed Dust Storm stay secret (a
storm is told when it strikes, as the rules say).

The history is replayed on a fresh state, so each action is read against the board it was played
on: `take:3` names the card slot 3 held then. A match's replay is carried on from click to click
(a whole match replays in a few milliseconds, which every click of a long match paid before).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable
from dataclasses import dataclass, field, replace
from weakref import WeakKeyDictionary

from games.common.protocol import Seat
from games.kero import KeroState
from games.kero import actions as a
from games.kero.board import Phase
from games.kero.chance import FLAME_FACE
from games.kero.resources import NOTHING, Resources

SECRET_TUAREKS = frozenset({"dust_storm"})
"""Tuareks played face down: arming one is never told."""


@dataclass(frozen=True, slots=True)
class Fuelled:
    """A fuel-up: paid with a jerrycan, by a Water-carrier, or the free refuel after an outage.
    `gained_ms` is None while the dice are still thrown."""

    paid: str
    dice: int
    storm: bool
    start_ms: int
    throws: int = 0
    gained_ms: int | None = None
    full: bool = False


@dataclass(frozen=True, slots=True)
class RanDry:
    """The tank ran dry while the dice rolled: they count for nothing."""


@dataclass(frozen=True, slots=True)
class AddedDie:
    """A special die taken from the shack, for `cost` jerrycans (0: a tile's free die)."""

    colour: str
    cost: int


@dataclass(frozen=True, slots=True)
class Stopped:
    """The truck laid flat: the KERO left and what the dice gave."""

    left_ms: int
    got: Resources


@dataclass(frozen=True, slots=True)
class Took:
    """A card taken from the row, and its printed cost."""

    card: str
    cost: Resources


@dataclass(frozen=True, slots=True)
class Placed:
    """An Explorer (or the Boss) placed on a territory, free or for `cost`."""

    territory: str
    boss: bool
    cost: Resources


@dataclass(frozen=True, slots=True)
class Hired:
    """A Tuarek hired for `cost` jerrycans (its type stays secret)."""

    cost: int


@dataclass(frozen=True, slots=True)
class TuarekPlayed:
    """A Tuarek played face up, with its choice."""

    tuarek: str
    arg: str | None


@dataclass(frozen=True, slots=True)
class TileUsed:
    """An ability tile used, with its choice."""

    tile: str
    arg: str | None


@dataclass(frozen=True, slots=True)
class Burned:
    """The Fire step burnt the rightmost card of the row."""

    card: str
    flames: int


@dataclass(frozen=True, slots=True)
class Unplaced:
    """Free placements left unused when the turn ended: lost."""

    count: int


@dataclass(frozen=True, slots=True)
class Skipped:
    """The turn was skipped before rolling (async play): nothing gained."""


@dataclass(frozen=True, slots=True)
class ClaimCame:
    """The refill revealed a Claim card."""


Event = (
    Fuelled
    | RanDry
    | AddedDie
    | Stopped
    | Took
    | Placed
    | Hired
    | TuarekPlayed
    | TileUsed
    | Burned
    | Unplaced
    | Skipped
    | ClaimCame
)


@dataclass(frozen=True, slots=True)
class Story:
    """One turn: the clan that played it and what happened, in order."""

    seat: Seat
    events: tuple[Event, ...]


TELLINGS_KEPT = 256
"""How many matches' tellings are carried on (about the matches played at once): one holds a
replayed state and its stories, a few tens of KB."""


@dataclass(slots=True)
class _Telling:
    """One match's history replayed as far as `read`, with each turn's clan and events so far:
    carried on as the history grows, so a click's story replays only the actions since the
    last one (the state is copied at every step, so nothing keyed by the state lasts)."""

    replay: KeroState
    read: list[tuple[Seat, a.Action]]
    turns: dict[int, tuple[Seat, list[Event]]]
    starts: dict[int, tuple[KeroState, int]] = field(default_factory=dict)
    """The replay as the last turns began, and how much it had read then: an earlier state's
    turn is told again from its start, not from the match's first action."""

    @classmethod
    def of(cls, state: KeroState) -> _Telling:
        """A telling of `state`'s match that has read nothing yet."""
        return cls(_fresh(state), [], {})

    def leads_to(self, history: list[tuple[Seat, a.Action]]) -> bool:
        """Whether what was read is how `history` begins (the same actions, mostly the same
        objects: a copied state shares them)."""
        return len(history) >= len(self.read) and history[: len(self.read)] == self.read

    def catch_up(self, history: list[tuple[Seat, a.Action]]) -> None:
        """Read the rest of `history`, which `leads_to`."""
        replay = self.replay
        for actor, action in history[len(self.read) :]:
            turn = replay.turns
            before = replay.clone() if replay.phase not in (Phase.SETUP, Phase.CLAIM) else None
            replay.apply(actor, action)
            self.read.append((actor, action))
            if replay.turns != turn:
                self._began(replay.turns)
            if before is not None:
                events = self.turns.get(turn, (before.active, []))[1]
                self.turns[turn] = (before.active, events)
                _told(before, replay, action, events)

    def _began(self, turn: int) -> None:
        """Keep the replay as `turn` begins (the last two turns' only)."""
        self.starts[turn] = (self.replay.clone(), len(self.read))
        for old in [t for t in self.starts if t < turn - 1]:
            del self.starts[old]

    def earlier(self, state: KeroState, turn: int) -> _Telling | None:
        """A telling of an earlier `state` (whose history begins what this one read) from the
        start of its turn `turn`, if this one kept it; None otherwise."""
        start = self.starts.get(turn)
        if start is None or start[1] > len(state.history):
            return None
        replay, read = start
        return _Telling(replay.clone(), list(state.history[:read]), {})

    def story(self, state: KeroState, turn: int) -> Story:
        """Turn `turn` as far as the history goes."""
        seat, events = self.turns.get(turn, (state.active, []))
        return Story(seat, tuple(events))


_TELLINGS: OrderedDict[Hashable, _Telling] = OrderedDict()
"""The tellings of the last matches told, by the match's options and first action (its deal);
read and carried on by one thread (the bot tells stories on its event loop only)."""
_TOLD: WeakKeyDictionary[KeroState, tuple[int, dict[int, Story]]] = WeakKeyDictionary()
"""The stories told of an earlier state of a match whose telling went past it, at its version."""


def story(state: KeroState, turn: int) -> Story:
    """What turn `turn` (0-based) of the match did, as far as the history goes."""
    history = state.history
    if not history:
        return Story(state.active, ())
    key = (state.variant, state.fuel_mode, state.deal, state.box, history[0])
    telling = _TELLINGS.get(key)
    if telling is not None and not telling.leads_to(history):
        if history == telling.read[: len(history)]:  # an earlier state: the telling went past
            if turn < state.turns:
                return telling.story(state, turn)
            return _told_once(state, turn, telling.earlier(state, turn))
        telling = None
    if telling is None:
        telling = _TELLINGS[key] = _Telling.of(state)
        while len(_TELLINGS) > TELLINGS_KEPT:
            _TELLINGS.popitem(last=False)
    _TELLINGS.move_to_end(key)
    telling.catch_up(history)
    return telling.story(state, turn)


def _told_once(state: KeroState, turn: int, since: _Telling | None) -> Story:
    """Turn `turn` of an earlier state, told once per state and version: from the turn's start
    (`since`, a telling kept then), else from the match's first action."""
    version, told = _TOLD.get(state, (-1, {}))
    if version != state.version:
        told = {}
        _TOLD[state] = (state.version, told)
    found = told.get(turn)
    if found is None:
        telling = since or _Telling.of(state)
        telling.catch_up(state.history)
        found = told[turn] = telling.story(state, turn)
    return found


def fuel_ups(told: Story) -> list[Fuelled]:
    """The story's fuel-ups, the one under way last."""
    return [e for e in told.events if isinstance(e, Fuelled)]


def _fresh(state: KeroState) -> KeroState:
    options = {"variant": state.variant, "fuel_up": state.fuel_mode, "deal": state.deal}
    return KeroState(options, box=state.box)


def _told(before: KeroState, after: KeroState, action: a.Action, events: list[Event]) -> None:
    """The events one action adds to the story."""
    if isinstance(action, a.TankEmpty):
        events.append(RanDry())
    if after.phase is Phase.FUELING and before.phase is not Phase.FUELING:
        events.append(_fuel_start(before, after, action))
    elif before.phase is Phase.FUELING and after.phase is not Phase.FUELING:
        _fuel_done(before, after, events)
    else:
        events += _deed(before, after, action)


def _fuel_start(before: KeroState, after: KeroState, action: a.Action) -> Fuelled:
    opponent = 1 - before.active
    storm = after.camps[opponent].armed < before.camps[opponent].armed
    paid = "outage" if isinstance(action, a.TankEmpty) else "jerrycan"
    if isinstance(action, a.Play):
        paid = "water_carrier"
    fuel = after.turn.fuel
    dice = fuel.dice if fuel is not None else after.box.white_count
    return Fuelled(paid, dice, storm, after.camps[before.active].tank.level_ms)


def _fuel_done(before: KeroState, after: KeroState, events: list[Event]) -> None:
    """The fuel-up under way ends: its throws and the KERO it poured in."""
    index = max(i for i, e in enumerate(events) if isinstance(e, Fuelled))
    started = events[index]
    assert isinstance(started, Fuelled) and before.turn.fuel is not None
    tank = after.camps[before.active].tank
    events[index] = replace(
        started,
        throws=before.turn.fuel.throws + 1,
        gained_ms=tank.level_ms - started.start_ms,
        full=tank.level_ms == tank.capacity_ms,
    )


def _deed(before: KeroState, after: KeroState, action: a.Action) -> list[Event]:
    """What a player's own move did (chance actions and credits tell nothing by themselves)."""
    if isinstance(action, a.Take | a.Place):
        return [_on_board(before, action)]
    if isinstance(action, a.EndTurn | a.Pass):
        return _turn_end(before, after)
    if isinstance(action, a.Play) and action.tuarek not in SECRET_TUAREKS:
        return [TuarekPlayed(action.tuarek, action.arg)]
    if isinstance(action, a.Use):
        return [TileUsed(action.tile, action.arg)]
    return _spent(before, after, action)


def _on_board(before: KeroState, action: a.Take | a.Place) -> Event:
    """A card taken from the row, or an Explorer placed on a territory, as they were then."""
    if isinstance(action, a.Take):
        card = before.box.card(before.row[action.slot - 1] or "")
        assert card is not None
        return Took(card.id, card.cost)
    free = before.turn.owed_places > 0
    cost = NOTHING if free else before.box.supply.explorer_cost
    return Placed(before.territories[action.slot - 1] or "", action.boss, cost)


def _spent(before: KeroState, after: KeroState, action: a.Action) -> list[Event]:
    """A die or a Tuarek paid in jerrycans; the truck laid flat and what the dice gave."""
    seat = before.active
    jerrycans = before.camps[seat].jerrycans - after.camps[seat].jerrycans
    if isinstance(action, a.AddDie):
        return [AddedDie(action.colour, jerrycans)]
    if isinstance(action, a.Hire):
        return [Hired(jerrycans)]
    if isinstance(action, a.Stop):
        gained = Resources(jerrycan=-jerrycans)
        return [Stopped(after.camps[seat].tank.level_ms, after.turn.pool + gained)]
    return []


def _turn_end(before: KeroState, after: KeroState) -> list[Event]:
    """The end of a turn: a skip, free placements lost, a burnt card, a Claim card."""
    if before.phase is Phase.START:
        return [Skipped()]
    events: list[Event] = []
    if before.turn.owed_places:
        events.append(Unplaced(before.turn.owed_places))
    claims = {c.id for c in before.box.claim}
    burnt = [c for c in after.discard[len(before.discard) :] if c not in claims]
    if burnt:
        events.append(Burned(burnt[0], before.turn.faces.count(FLAME_FACE)))
    if after.claims > before.claims:
        events.append(ClaimCame())
    return events

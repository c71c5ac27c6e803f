"""The rules: which actions are legal, and what applying one does (all or nothing)."""

from __future__ import annotations

from enum import StrEnum
from functools import cache
from typing import TYPE_CHECKING, Final

from games.common.errors import (
    GameOver,
    IllegalAction,
    NotYourTurn,
    Reason,
    UnknownPlayer,
    WrongPhase,
)
from games.common.protocol import CHANCE, Seat
from games.keer_kids import events as ev
from games.keer_kids.actions import Action, Cross, Keep, Mark, Miss, Roll, Skip
from games.keer_kids.dice import DICE_PER_ROLL, FACES, PURPLE

if TYPE_CHECKING:
    from games.keer_kids.sheet import Sheet
    from games.keer_kids.state import KeerState, PlayerSheet

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 4
ANIMALS_TO_END: Final = 2
"""The match ends after the roll on which a player has completed this many animals."""


_FACE_SET: Final = frozenset(FACES)


class Phase(StrEnum):
    """Where a roll stands."""

    ROLL = "roll"
    KEEP = "keep"
    CHOOSE = "choose"
    OVER = "over"


_ROLL: Final = Phase.ROLL
_KEEP: Final = Phase.KEEP
_CHOOSE: Final = Phase.CHOOSE
_OVER: Final = Phase.OVER
"""The phases bound once: an enum member looked up on its class costs a slow attribute lookup."""

_ROLL_DUE: Final = tuple(ev.RollDue(seat) for seat in range(MAX_PLAYERS))
_ROLLED: Final[dict[tuple[int, tuple[str, ...]], tuple[ev.Event]]] = {}
_KEPT: Final[dict[tuple[int, int, str], tuple[ev.Event]]] = {}
_CROSSED: Final[dict[tuple[int, str], ev.Crossed]] = {}
"""The commonest events, built once each: events are values, and building one is slow.

Their keys are few (seats, dice and faces are checked before they are used; ids are a sheet's).
"""

_Row = tuple[tuple[tuple[int, int, int], ...], str, int, int, str]


@cache
def _rows(sheet: Sheet) -> tuple[_Row, ...]:
    """Per enclosure: (column, column mask, buckets) per column, animal, its mask, neighbours, id.

    Applying a crossing reads these once instead of several sheet fields and dicts.
    """
    return tuple(
        (
            tuple((c, sheet.column_masks[c], sheet.buckets[c]) for c in e.columns),
            e.animal,
            sheet.animal_masks[e.animal],
            sheet.neighbours[e.index],
            e.colour,
        )
        for e in sheet.enclosures
    )


def colour_targets(state: KeerState, player: PlayerSheet, face: str) -> int:
    """Mask of enclosures a die face may cross on this sheet (purple crosses none)."""
    if face == PURPLE:
        return 0
    return player.frontier & ~player.crossed & state.sheet.colour_masks[face]


def marks_left(state: KeerState, player: PlayerSheet) -> bool:
    """Whether a purple die still fits: an exclamation mark is left to cross (house rule)."""
    return player.marks < state.sheet.total_marks


def earns_chameleon(state: KeerState, player: PlayerSheet) -> bool:
    """Whether the player's next mark completes a chameleon (every second mark)."""
    return (player.marks + 1) % state.sheet.marks_per_chameleon == 0


def face_fits(state: KeerState, player: PlayerSheet, face: str) -> bool:
    """Whether a die of this face gives the player something to cross."""
    if face == PURPLE:
        return marks_left(state, player)
    return colour_targets(state, player, face) != 0


def seat_can_cross(state: KeerState, seat: Seat) -> bool:
    """Whether any die the seat may choose fits their sheet."""
    assert state.dice is not None
    player = state.players[seat]
    return any(face_fits(state, player, state.dice[d]) for d in state.allowed_dice(seat))


def legal_actions(state: KeerState, seat: Seat) -> list[Action]:
    """Every action the seat may apply now (the roll itself is a chance action).

    `Miss` is never listed: only the bot applies it, when the seat's turn clock runs out, so
    no player or computer chooses it.
    """
    if state.phase is _ROLL and seat == CHANCE:
        return [roll for roll, _ in state.chance_outcomes()]
    if seat not in state.seats_to_act() or state.dice is None:
        return []
    player = state.players[seat]
    if state.phase is _KEEP:
        fitting: list[Action] = [
            Keep(d) for d in range(DICE_PER_ROLL) if face_fits(state, player, state.dice[d])
        ]
        return fitting or [Keep(d) for d in range(DICE_PER_ROLL)]
    actions: list[Action] = []
    for die in state.allowed_dice(seat):
        actions.extend(_die_choices(state, player, die))
    return actions or [Skip()]


def _die_choices(state: KeerState, player: PlayerSheet, die: int) -> list[Action]:
    assert state.dice is not None
    face = state.dice[die]
    sheet = state.sheet
    if face != PURPLE:
        mask = colour_targets(state, player, face)
        return [Cross(die, e.id) for e in sheet.enclosures if mask >> e.index & 1]
    if not marks_left(state, player):
        return []
    reachable = player.reachable()
    if not earns_chameleon(state, player) or not reachable:
        return [Mark(die)]
    return [Mark(die, e.id) for e in sheet.enclosures if reachable >> e.index & 1]


def apply(state: KeerState, seat: Seat, action: Action) -> tuple[ev.Event, ...]:
    """Validate and apply an action; raise an IllegalAction subclass and change nothing."""
    phase = state.phase
    if phase is _OVER:
        raise GameOver("the match is over")
    if not (seat == CHANCE or 0 <= seat < state.num_players):
        raise UnknownPlayer(f"seat {seat} is not in this match of {state.num_players} players")
    if phase is _CHOOSE:
        events = _apply_choice(state, seat, action)
    elif phase is _ROLL:
        events = _apply_roll(state, seat, action)
    else:
        events = _apply_keep(state, seat, action)
    state.version += 1
    state.history.append((seat, action))
    return events


def _apply_roll(state: KeerState, seat: Seat, action: Action) -> tuple[ev.Event, ...]:
    if seat != CHANCE:
        if isinstance(action, Miss):
            raise WrongPhase("a roll is due: there is no choice to miss yet")
        raise NotYourTurn(f"the dice must be rolled first (seat {state.roller} rolls)")
    if not isinstance(action, Roll):
        raise WrongPhase(f"a roll is due, not {action.to_text()!r}")
    dice = action.dice
    if len(dice) != DICE_PER_ROLL or not _FACE_SET.issuperset(dice):
        raise IllegalAction(f"a roll is {DICE_PER_ROLL} faces of {FACES}", Reason.BAD_ROLL)
    state.dice = dice
    state.rolls += 1
    state.phase = _KEEP
    if type(dice) is not tuple:
        return (ev.Rolled(state.roller, dice),)
    key = (state.roller, dice)
    events = _ROLLED.get(key)
    if events is None:
        events = _ROLLED[key] = (ev.Rolled(state.roller, dice),)
    return events


def _apply_keep(state: KeerState, seat: Seat, action: Action) -> tuple[ev.Event, ...]:
    if seat != state.roller:
        if isinstance(action, Miss):
            raise WrongPhase("the roller keeps a die first: there is no choice to miss yet")
        raise NotYourTurn(f"seat {state.roller} rolled and keeps a die first")
    if not isinstance(action, Keep):
        raise WrongPhase(f"the roller keeps a die first, not {action.to_text()!r}")
    dice = state.dice
    assert dice is not None
    die = action.die
    if not 0 <= die < DICE_PER_ROLL:
        raise IllegalAction(f"there is no die {die}", Reason.DIE_NOT_AVAILABLE)
    face, player, sheet = dice[die], state.players[seat], state.sheet
    if face == PURPLE:
        fits = player.marks < sheet.total_marks  # marks_left
    else:
        fits = player.frontier & ~player.crossed & sheet.colour_masks[face] != 0
    if not fits and seat_can_cross(state, seat):
        raise IllegalAction(
            f"the {face} die fits nowhere on your sheet, but another die does",
            Reason.MUST_CROSS,
            face=face,
            fits=tuple(dict.fromkeys(f for f in dice if face_fits(state, player, f))),
        )
    state.kept = die
    state.phase = _CHOOSE
    key = (seat, die, face)
    events = _KEPT.get(key)
    if events is None:
        events = _KEPT[key] = (ev.Kept(seat, die, face),)
    return events


def _apply_choice(state: KeerState, seat: Seat, action: Action) -> tuple[ev.Event, ...]:
    if seat == CHANCE:
        raise NotYourTurn(f"no roll is due: {_still_to_choose(state)}")
    choices = state.choices
    if choices[seat] is not None:
        _check_change(choices[seat], action)
    if type(action) is Cross:
        # The common case in one pass: every check `_check_cross` makes, without its messages.
        die, dice, sheet, player = action.die, state.dice, state.sheet, state.players[seat]
        if not (
            (die == state.kept) == (seat == state.roller)
            and 0 <= die < DICE_PER_ROLL
            and dice is not None
            and (index := sheet.by_id.get(action.enclosure)) is not None
            and _rows(sheet)[index][4] == dice[die] != PURPLE
            and (player.frontier & ~player.crossed) >> index & 1
        ):
            _check_cross(state, seat, action)
    else:
        _check_choice(state, seat, action)
    choices[seat] = action
    for choice in choices:
        if choice is None:  # not `None in choices`: that calls each action's __eq__
            return ()
    return tuple(_resolve(state))


def _check_change(previous: Action | None, action: Action) -> None:
    """Raise why a seat that has chosen may not choose `action` instead (house rule: a cross or
    mark may be changed until the roll resolves; a skip or a miss may not)."""
    if not isinstance(previous, Cross | Mark) or not isinstance(action, Cross | Mark):
        raise NotYourTurn("you have already chosen for this roll", Reason.ALREADY_CHOSEN)
    if action == previous:
        raise IllegalAction(f"{action.to_text()!r} is already your choice", Reason.SAME_CHOICE)


def choice_options(state: KeerState, seat: Seat, die: int) -> list[Cross | Mark]:
    """What the seat may choose for this die of the roll being chosen, their own choice so far
    included (it may be changed until the roll resolves); none outside the choice."""
    if state.phase is not _CHOOSE or die not in state.allowed_dice(seat):
        return []
    choice = state.choices[seat]
    if choice is not None and not isinstance(choice, Cross | Mark):
        return []  # a skip or a miss is final
    return [a for a in _die_choices(state, state.players[seat], die) if isinstance(a, Cross | Mark)]


def _check_choice(state: KeerState, seat: Seat, action: Action) -> None:
    """Raise why the choice is refused, if it is."""
    if isinstance(action, Cross):
        _check_cross(state, seat, action)
    elif isinstance(action, Mark):
        _check_mark(state, seat, action)
    elif isinstance(action, Skip):
        if seat_can_cross(state, seat):
            raise IllegalAction(
                "one of your dice fits: you must cross if you can", Reason.MUST_CROSS
            )
    elif not isinstance(action, Miss):
        raise WrongPhase(f"choose a die and an enclosure, not {action.to_text()!r}")


def _still_to_choose(state: KeerState) -> str:
    """Who the roll still waits for, so a refused roll says why it is not due."""
    seats = [str(s) for s in state.seats_to_act()]
    if len(seats) == 1:
        return f"seat {seats[0]} still has to choose"
    return f"seats {', '.join(seats[:-1])} and {seats[-1]} still have to choose"


def _check_die(state: KeerState, seat: Seat, die: int) -> str:
    assert state.dice is not None
    if (die == state.kept) != (seat == state.roller) or not 0 <= die < DICE_PER_ROLL:
        which = "the die you kept" if seat == state.roller else "one of the two dice left"
        raise IllegalAction(
            f"die {die} is not yours to choose: take {which}", Reason.DIE_NOT_AVAILABLE
        )
    return state.dice[die]


def _check_target(
    state: KeerState, player: PlayerSheet, enclosure_id: str, colour: str | None
) -> int:
    index = state.sheet.by_id.get(enclosure_id)
    if index is None:
        raise IllegalAction(f"the sheet has no enclosure {enclosure_id}", Reason.UNKNOWN_ENCLOSURE)
    enclosure = state.sheet.enclosures[index]
    if colour is not None and enclosure.colour != colour:
        raise IllegalAction(
            f"enclosure {enclosure_id} is {enclosure.colour}, not {colour}", Reason.WRONG_COLOUR
        )
    if player.crossed >> enclosure.index & 1:
        raise IllegalAction(f"enclosure {enclosure_id} is already crossed", Reason.ALREADY_CROSSED)
    if not player.frontier >> enclosure.index & 1:
        raise IllegalAction(
            f"enclosure {enclosure_id} has no star and shares no side with your crosses",
            Reason.NOT_REACHABLE,
        )
    return enclosure.index


def _check_cross(state: KeerState, seat: Seat, action: Cross) -> None:
    face = _check_die(state, seat, action.die)
    if face == PURPLE:
        raise IllegalAction(
            "a purple die crosses an exclamation mark: use mark", Reason.WRONG_COLOUR
        )
    _check_target(state, state.players[seat], action.enclosure, face)


def _check_mark(state: KeerState, seat: Seat, action: Mark) -> None:
    face = _check_die(state, seat, action.die)
    player = state.players[seat]
    if face != PURPLE:
        raise IllegalAction(f"die {action.die} is {face}, not purple", Reason.WRONG_COLOUR)
    if not marks_left(state, player):
        raise IllegalAction("every exclamation mark is already crossed", Reason.NO_MARKS_LEFT)
    earned = earns_chameleon(state, player)
    if action.chameleon is not None:
        if not earned:
            raise IllegalAction("this mark does not complete a chameleon", Reason.NO_CHAMELEON)
        _check_target(state, player, action.chameleon, None)
    elif earned and player.reachable():
        raise IllegalAction(
            "this mark completes a chameleon: choose the enclosure it crosses",
            Reason.CHAMELEON_REQUIRED,
        )


def _resolve(state: KeerState) -> list[ev.Event]:
    """Apply every choice of the roll together, then score columns, visitors, animals, the end."""
    out: list[ev.Event] = []
    fillers: dict[int, list[Seat]] = {}
    sheet, players = state.sheet, state.players
    by_id, rows = sheet.by_id, _rows(sheet)
    for seat, choice in enumerate(state.choices):
        if type(choice) is Cross:
            key = (seat, choice.enclosure)
            event = _CROSSED.get(key)
            if event is None:
                event = _CROSSED[key] = ev.Crossed(seat, choice.enclosure)
            out.append(event)
            index = by_id[choice.enclosure]
        else:
            found = _resolve_choice(state, seat, choice, out)
            if found is None:
                continue
            index = found
        # Cross the enclosure: columns and the animal it completes.
        player = players[seat]
        columns, animal, animal_mask, neighbours, _ = rows[index]
        crossed = player.crossed = player.crossed | 1 << index
        player.frontier |= neighbours
        for column, column_mask, buckets in columns:
            if column_mask & ~crossed == 0:
                player.columns |= 1 << column
                fillers.setdefault(column, []).append(seat)
                out.append(ev.ColumnFilled(seat, column, buckets))
        if animal_mask & ~crossed == 0:
            player.animals.append(animal)
            out.append(ev.AnimalCompleted(seat, animal, sheet.food_per_animal))
    if fillers:
        for column in sorted(fillers):
            _award_visitor(state, column, fillers[column], out)
    state.choices = [None] * state.num_players
    state.dice = state.kept = None
    for player in players:
        if len(player.animals) >= ANIMALS_TO_END:
            state.phase = _OVER
            outcome = state.outcome()
            assert outcome is not None
            out.append(ev.GameEnded(outcome))
            return out
    state.roller = (state.roller + 1) % state.num_players
    state.phase = _ROLL
    out.append(_ROLL_DUE[state.roller])
    return out


def _resolve_choice(
    state: KeerState, seat: Seat, choice: Action | None, out: list[ev.Event]
) -> int | None:
    player = state.players[seat]
    if isinstance(choice, Cross):
        out.append(ev.Crossed(seat, choice.enclosure))
        return state.sheet.by_id[choice.enclosure]
    if isinstance(choice, Mark):
        earned = earns_chameleon(state, player)
        player.marks += 1
        out.append(ev.MarkCrossed(seat, player.marks))
        if choice.chameleon is not None:
            index = state.sheet.by_id[choice.chameleon]
            player.chameleons.append(index)
            out.append(ev.Crossed(seat, choice.chameleon, chameleon=True))
            return index
        if earned:
            out.append(ev.ChameleonLost(seat))
        return None
    out.append(ev.Missed(seat) if isinstance(choice, Miss) else ev.Skipped(seat))
    return None


def _award_visitor(state: KeerState, column: int, seats: list[Seat], out: list[ev.Event]) -> None:
    if state.visitors_gone >> column & 1:
        return
    state.visitors_gone |= 1 << column
    for seat in seats:
        state.players[seat].visitors |= 1 << column
        out.append(ev.VisitorCircled(seat, column))
    others = tuple([s for s in range(state.num_players) if s not in seats])
    out.append(ev.VisitorGone(column, others))

"""Match records: the JSON event log that storage keeps, `tablero replay` reads and tests compare.

The format is specified in docs/match-records.md. Recorded rolls are the truth; a record may omit
them and give a seed, and then the seeded chance stream supplies every roll the log lacks.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import reprlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from games.common.errors import ActionParseError, IllegalAction
from games.common.protocol import CHANCE, Action, GameState, Node, Seat
from games.common.rng import ChanceRng
from games.fairness import Fairness, FairnessError
from games.registry import UnknownGame, get_game

FORMAT: Final = "tablero.match/1"
_CHANCE_TEXT: Final = "chance"
_ROLL_ON_A_SEAT: Final = 'a dice roll or shuffle is chance\'s to make — its seat must be "chance"'
SHOWN_CHARS: Final = 80
"""The most of a record's own text an error quotes: a 3 MB action is shown cut, with an ellipsis."""
MESSAGE_CHARS: Final = 240
"""The longest reason an error passes on from a game (it may quote the record, too)."""

PARSED_KEPT: Final = 4_096
"""Distinct action texts whose parse `replay` keeps (a Keer op Keer Kids match uses a few
hundred in all)."""


class RecordError(ValueError):
    """A record that cannot be read or replayed; the message says which entry and why."""


class _EntryError(ValueError):
    """What is wrong with one entry, before replay names the entry in front of it."""


AI_PREFIX: Final = "ai:"
"""A seat whose player id starts with this is played by the computer (`ai:N`, `ai:hard:N`)."""

GONE_PREFIX: Final = "gone:"
"""A seat whose player id starts with this was a member who had their data deleted: the same
random pseudonym in every record, rating and result of theirs, linked to them nowhere."""


def is_gone(player_id: str) -> bool:
    """Whether this seat's member had their data deleted (`/privacy delete`)."""
    return player_id.startswith(GONE_PREFIX)


@dataclass(frozen=True, slots=True)
class Player:
    """Who sits in a seat: a stable id (a Discord user id, or `ai:…`) and a display name."""

    id: str
    name: str


@dataclass(frozen=True, slots=True)
class Entry:
    """One applied action: the seat (CHANCE for dice), its text, and where it came from."""

    seat: Seat
    action: str
    at: int | None = None
    """Milliseconds since the Unix epoch, on Discord's clock, for timed actions."""
    interaction: str | None = None
    """The Discord interaction id that carried it, so a redelivered click applies once."""


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """A whole match as data: replaying its entries rebuilds the identical state."""

    game: str
    players: tuple[Player, ...]
    entries: tuple[Entry, ...] = ()
    options: Mapping[str, Any] = field(default_factory=dict)
    seed: str | None = None
    fair: Fairness | None = None
    """The commitment the match's dice answer to (docs/fairness.md); None for a match that
    began before the bot made them."""

    def sealed(self) -> MatchRecord:
        """The record as an open match may show it: no seed, and the commitment's secret kept."""
        fair = None if self.fair is None else self.fair.sealed()
        return dataclasses.replace(self, seed=None, fair=fair)

    def to_json(self) -> dict[str, Any]:
        """The record as JSON-ready data."""
        out: dict[str, Any] = {
            "format": FORMAT,
            "game": self.game,
            "options": dict(self.options),
            "players": [{"id": p.id, "name": p.name} for p in self.players],
        }
        if self.seed is not None:
            out["seed"] = self.seed
        if self.fair is not None:
            out["fair"] = self.fair.to_json()
        out["actions"] = [_entry_json(e) for e in self.entries]
        return out

    def dumps(self) -> str:
        """The record as readable JSON text: one player or action per line, easy to diff."""
        parts = []
        for key, value in self.to_json().items():
            if isinstance(value, list) and value:
                items = ",\n".join("    " + json.dumps(v, ensure_ascii=False) for v in value)
                parts.append(f"  {json.dumps(key)}: [\n{items}\n  ]")
            else:
                parts.append(f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}")
        return "{\n" + ",\n".join(parts) + "\n}\n"

    @classmethod
    def from_json(cls, data: object) -> MatchRecord:
        """Read a record; raise RecordError naming the first thing that is wrong."""
        if not isinstance(data, dict):
            raise RecordError("a match record is a JSON object")
        if data.get("format", FORMAT) != FORMAT:
            raise RecordError(
                f"unsupported record format {_shown(data.get('format'))}; expected {FORMAT!r}"
            )
        game = data.get("game")
        if not isinstance(game, str):
            raise RecordError("'game' must be a game name such as 'keer-kids'")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise RecordError("'options' must be an object")
        seed = data.get("seed")
        if seed is not None and not isinstance(seed, (str, int)):
            raise RecordError("'seed' must be a string or an integer")
        try:
            fair = None if data.get("fair") is None else Fairness.from_json(data["fair"])
        except FairnessError as exc:
            raise RecordError(str(exc)) from None
        return cls(
            game=game,
            players=_players(data.get("players")),
            entries=tuple(_entry(i, raw) for i, raw in enumerate(_list(data, "actions"))),
            options=options,
            seed=None if seed is None else str(seed),
            fair=fair,
        )


def record_of(
    game: str,
    state: GameState,
    players: Sequence[Player],
    *,
    options: Mapping[str, Any] | None = None,
    seed: str | int | None = None,
) -> MatchRecord:
    """The record of a state's history (every action applied so far, rolls included)."""
    return MatchRecord(
        game=game,
        players=tuple(players),
        entries=tuple(Entry(seat, action.to_text()) for seat, action in state.history),
        options=dict(options or {}),
        seed=None if seed is None else str(seed),
    )


def replay(record: MatchRecord) -> GameState:
    """Rebuild the state by applying every entry; draw from the seed where a roll is missing."""
    try:
        spec = get_game(record.game)
    except UnknownGame as exc:
        raise RecordError(
            _clipped(str(exc).replace(repr(record.game), _shown(record.game)))
        ) from None
    try:
        state = spec.new_match(len(record.players), record.options)
    except ValueError as exc:
        raise RecordError(f"cannot set up the match: {_clipped(str(exc))}") from None
    rng = None if record.seed is None else ChanceRng(record.seed)
    for number, entry in enumerate(record.entries, start=1):
        try:
            _check_seat(state, entry.seat)
            action = _parsed(record.game, entry.action)
            if entry.seat != CHANCE:
                _draw_missing_rolls(state, rng, action)
            state.apply(entry.seat, action)
        except (ActionParseError, IllegalAction, _EntryError) as exc:
            raise RecordError(_entry_refusal(number, entry, exc)) from None
    return state


@functools.lru_cache(maxsize=PARSED_KEPT)
def _parsed(game: str, text: str) -> Action:
    """An action's text parsed once: actions are frozen values, so the matches a start-up
    replays share them (a third of replay's time was parsing, and each parse an object kept)."""
    return get_game(game).parse_action(text)


def _entry_refusal(number: int, entry: Entry, exc: Exception) -> str:
    """The entry quoted once, cut short: a game's reason that repeats the text says "it"."""
    where = f"action #{number} ({_seat_text(entry.seat)} {_shown(entry.action)})"
    return f"{where}: {_clipped(str(exc).replace(repr(entry.action), 'it'))}"


def _shown(value: object) -> str:
    """A record's value as an error quotes it, at most about SHOWN_CHARS long (it may be huge)."""
    if isinstance(value, str):
        return repr(value if len(value) <= SHOWN_CHARS else value[: SHOWN_CHARS - 1] + "…")
    return _SHORT_REPR.repr(value)


def _clipped(message: str) -> str:
    """A message cut to MESSAGE_CHARS, so an error stays one short line whatever it quotes."""
    return message if len(message) <= MESSAGE_CHARS else message[: MESSAGE_CHARS - 1] + "…"


def _short_repr() -> reprlib.Repr:
    short = reprlib.Repr()
    short.maxstring = short.maxother = SHOWN_CHARS
    short.maxlevel, short.maxlist, short.maxdict = 2, 4, 4
    return short


_SHORT_REPR: Final = _short_repr()


def _check_seat(state: GameState, seat: Seat) -> None:
    """Refuse a seat the match does not have, whatever the engine would make of it."""
    if seat != CHANCE and not 0 <= seat < state.num_players:
        raise _EntryError(f"seat {seat} is not in this match of {state.num_players} players")


def _draw_missing_rolls(state: GameState, rng: ChanceRng | None, action: Action) -> None:
    """Draw the rolls a seat's entry needs first; refuse an entry that is itself the roll."""
    while state.node() is Node.CHANCE:
        if _is_chance_action(state, action):
            raise _EntryError(_ROLL_ON_A_SEAT)
        if rng is None:
            raise _EntryError("the match needs a roll first, and the record has no seed")
        state.apply(CHANCE, state.sample_chance(rng))


def _is_chance_action(state: GameState, action: Action) -> bool:
    """Whether chance could apply this action now: then a seat's entry of it is misattributed."""
    try:
        state.clone().apply(CHANCE, action)
    except IllegalAction:
        return False
    return True


def _seat_text(seat: Seat) -> str:
    return _CHANCE_TEXT if seat == CHANCE else f"seat {_shown(seat)}"


def _entry_json(entry: Entry) -> dict[str, Any]:
    out: dict[str, Any] = {
        "seat": _CHANCE_TEXT if entry.seat == CHANCE else entry.seat,
        "action": entry.action,
    }
    if entry.at is not None:
        out["at"] = entry.at
    if entry.interaction is not None:
        out["interaction"] = entry.interaction
    return out


def _list(data: Mapping[str, Any], key: str) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise RecordError(f"{key!r} must be a list")
    return value


def _players(raw: object) -> tuple[Player, ...]:
    if not isinstance(raw, list) or not raw:
        raise RecordError("'players' must be a non-empty list of {id, name} objects")
    players = []
    for seat, item in enumerate(raw):
        if not isinstance(item, dict) or not isinstance(item.get("id"), (str, int)):
            raise RecordError(f"player {seat} must be an object with an 'id'")
        players.append(Player(str(item["id"]), str(item.get("name", item["id"]))))
    return tuple(players)


def _entry(index: int, raw: object) -> Entry:
    where = f"action #{index + 1}"
    if not isinstance(raw, dict):
        raise RecordError(f"{where} must be an object with 'seat' and 'action'")
    seat, action = _seat(where, raw.get("seat")), raw.get("action")
    if not isinstance(action, str):
        raise RecordError(f"{where}: 'action' must be the action's text form")
    at, interaction = raw.get("at"), raw.get("interaction")
    if at is not None and (not isinstance(at, int) or isinstance(at, bool)):
        raise RecordError(f"{where}: 'at' must be milliseconds since the epoch")
    if interaction is not None and not isinstance(interaction, (str, int)):
        raise RecordError(f"{where}: 'interaction' must be an id")
    return Entry(seat, action, at, None if interaction is None else str(interaction))


def _seat(where: str, raw: object) -> Seat:
    """A seat number or "chance"; -1 (CHANCE inside Tablero) is refused, not taken as chance."""
    if raw == _CHANCE_TEXT:
        return CHANCE
    if not isinstance(raw, int) or isinstance(raw, bool) or raw < 0:
        raise RecordError(f"{where}: 'seat' must be a seat number or \"chance\", not {_shown(raw)}")
    return raw

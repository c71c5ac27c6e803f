"""Kero's components as validated data: cards, ability tiles, territories, Tuareks, dice, supply.

The files live in games/kero/data/; `load_components` reads them all and refuses, with a message
naming the file and the item, anything that does not match the rulebook's counts or refers to
something that does not exist.
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Final, TypeVar

from games.kero.resources import NOTHING, RESOURCES, Resources

T = TypeVar("T")
FILES: Final = ("cards", "abilities", "territories", "tuareks", "dice", "supply")
SPECIAL_DICE: Final = ("green", "yellow", "blue")
COUNTS: Final = {"start": 12, "regular": 24, "claim": 3, "tile": 10, "territory": 12, "tuarek": 17}
"""The rulebook's counts (docs/rules/kero.md, Components)."""
GAINS: Final = ("explorer", "jerrycan", "tuarek")
ABILITY_EFFECTS: Final = {
    "free_die": "die",
    "bonus": "resource",
    "tuarek_cost": "count",
    "win_ties": None,
    "ignore_flames": "count",
    "reroll_burnt": "count",
}
TUAREK_EFFECTS: Final = {
    "white_dice_fuel_up": None,
    "free_special_die": "count",
    "bonus_any": "count",
    "explorer": "count",
    "free_fuel_up": None,
    "ignore_fire": None,
    "reroll_burnt": "count",
}
TUAREK_TIMING: Final = ("own_turn", "opponent_fuel_up")
CONDITIONS: Final = {
    "same_colour": ("count", "points"),
    "per_colour": ("colour", "points"),
    "per_territory": ("points",),
    "all_colours": ("points",),
}


class ComponentError(ValueError):
    """Component data that does not hold together; the message names the file and the item."""


@dataclass(frozen=True, slots=True)
class Gain:
    """An immediate bonus: place Explorers free, take jerrycans, or draw Tuareks."""

    kind: str
    amount: int


@dataclass(frozen=True, slots=True)
class Effect:
    """A named effect with its argument (a die colour, a resource, a count, or none)."""

    kind: str
    arg: str | int | None = None


@dataclass(frozen=True, slots=True)
class Card:
    """One card: a Start, Regular or Claim card."""

    id: str
    kind: str
    colour: str | None = None
    cost: Resources = NOTHING
    effects: tuple[Gain, ...] = ()
    ability: str | None = None
    points: int = 0
    per_colour: str | None = None


@dataclass(frozen=True, slots=True)
class AbilityTile:
    """A permanent-ability tile, usable once per turn."""

    id: str
    name: str
    effect: Effect


@dataclass(frozen=True, slots=True)
class Condition:
    """A territory's conditional end-game points."""

    kind: str
    points: int
    count: int = 0
    colour: str | None = None


@dataclass(frozen=True, slots=True)
class Territory:
    """A New Territory: points, a bonus when claimed, maybe a condition."""

    id: str
    name: str
    points: int
    on_claim: tuple[Gain, ...] = ()
    condition: Condition | None = None


@dataclass(frozen=True, slots=True)
class TuarekType:
    """A kind of Tuarek tile: how many there are, when it is played, what it does."""

    id: str
    name: str
    count: int
    when: str
    effect: Effect


@dataclass(frozen=True, slots=True)
class Face:
    """One face of a die."""

    text: str
    resources: Resources = NOTHING
    flame: bool = False
    tuarek: bool = False
    explorer: bool = False


@dataclass(frozen=True, slots=True)
class Die:
    """A die: white or a special colour, with its six faces."""

    colour: str
    faces: tuple[Face, ...]


@dataclass(frozen=True, slots=True)
class Supply:
    """Counts, costs and the clock."""

    clans: tuple[str, ...]
    card_colours: tuple[str, ...]
    explorers_per_clan: int
    jerrycans: int
    start_jerrycans: int
    start_tuareks: int
    row_size: int
    territories_shown: int
    max_ability_tiles: int
    regular_piles: int
    tank_capacity_ms: int
    fuel_up_throw_ms: int
    last_die_throws: int
    explorer_cost: Resources
    tuarek_cost: Resources
    special_die_cost: Resources
    fuel_up_cost: Resources
    max_fuel_ups: int
    max_special_dice: int


@dataclass(frozen=True, slots=True, eq=False)
class Components:
    """Everything in the box (compared by identity)."""

    start: tuple[Card, ...]
    regular: tuple[Card, ...]
    claim: tuple[Card, ...]
    tiles: Mapping[str, AbilityTile]
    territories: tuple[Territory, ...]
    tuareks: tuple[TuarekType, ...]
    white: Die
    white_count: int
    special: Mapping[str, Die]
    supply: Supply
    cards_by_id: Mapping[str, Card]
    territories_by_id: Mapping[str, Territory]

    def card(self, card_id: str) -> Card | None:
        """The card with this id, or None."""
        return self.cards_by_id.get(card_id)


@cache
def default_components() -> Components:
    """The components shipped with Tablero (games/kero/data/*.toml), loaded once."""
    folder = resources.files("games.kero").joinpath("data")
    texts = {name: folder.joinpath(f"{name}.toml").read_text("utf-8") for name in FILES}
    return load_components(texts)


def load_components(texts: Mapping[str, str]) -> Components:
    """Parse and validate the component files (name → TOML text); raise ComponentError."""
    raw = {name: _toml(name, texts) for name in FILES}
    supply = _in("supply", lambda: _supply(raw["supply"]))
    colours = supply.card_colours
    tiles = _in("abilities", lambda: _tiles(raw["abilities"]))
    cards = _in("cards", lambda: _cards(raw["cards"], colours, tiles))
    dice = _in("dice", lambda: _dice(raw["dice"]))
    territories = _in("territories", lambda: _territories(raw["territories"], colours))
    return Components(
        start=cards["start"],
        regular=cards["regular"],
        claim=cards["claim"],
        tiles=tiles,
        territories=territories,
        tuareks=_in("tuareks", lambda: _tuareks(raw["tuareks"])),
        white=dice[0],
        white_count=dice[1],
        special=dice[2],
        supply=supply,
        cards_by_id={c.id: c for kind in cards.values() for c in kind},
        territories_by_id={t.id: t for t in territories},
    )


def _toml(name: str, texts: Mapping[str, str]) -> dict[str, Any]:
    if name not in texts:
        raise ComponentError(f"{name}.toml: missing")
    try:
        return tomllib.loads(texts[name])
    except tomllib.TOMLDecodeError as exc:
        raise ComponentError(f"{name}.toml: not valid TOML: {exc}") from exc


def _in(name: str, build: Callable[[], T]) -> T:
    try:
        return build()
    except (ComponentError, ValueError, TypeError, KeyError) as exc:
        raise ComponentError(f"{name}.toml: {exc}") from None


def _get(table: Mapping[str, Any], key: str, kind: type, where: str, default: Any = ...) -> Any:
    if key not in table:
        if default is ...:
            raise ComponentError(f"{where}: missing {key!r}")
        return default
    value = table[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        raise ComponentError(f"{where}: {key!r} must be a {kind.__name__}, not {value!r}")
    if isinstance(value, int) and value < 0:
        raise ComponentError(f"{where}: {key!r} must not be negative")
    return value


def _items(raw: Mapping[str, Any], key: str, expected: int) -> list[dict[str, Any]]:
    items = raw.get(key, [])
    if not isinstance(items, list) or not all(isinstance(i, dict) for i in items):
        raise ComponentError(f"[[{key}]] must be a list of tables")
    if len(items) != expected:
        raise ComponentError(f"expected {expected} [[{key}]] entries, found {len(items)}")
    ids = [i.get("id") for i in items]
    dupes = sorted(str(i) for i, n in Counter(ids).items() if n > 1)
    if dupes:
        raise ComponentError(f"duplicate id(s) {', '.join(dupes)}")
    return items


def _count(text: str, where: str) -> int:
    if not re.fullmatch(r"[1-9][0-9]*", text):
        raise ComponentError(f"{where}: {text!r} is not a count ≥ 1")
    return int(text)


def _gain(text: object, where: str) -> Gain:
    kind, _, amount = str(text).partition(":")
    if kind not in GAINS:
        raise ComponentError(
            f"{where}: unknown effect {text!r}; known: {', '.join(GAINS)} (e.g. 'jerrycan:2')"
        )
    return Gain(kind, _count(amount, where))


def _effect(text: object, table: Mapping[str, str | None], where: str) -> Effect:
    kind, _, arg = str(text).partition(":")
    if kind not in table:
        raise ComponentError(f"{where}: unknown effect {text!r}; known: {', '.join(table)}")
    wants = table[kind]
    if wants is None:
        if arg:
            raise ComponentError(f"{where}: effect {kind!r} takes no argument")
        return Effect(kind)
    if wants == "count":
        return Effect(kind, _count(arg, where))
    allowed = SPECIAL_DICE if wants == "die" else RESOURCES
    if arg not in allowed:
        raise ComponentError(
            f"{where}: {kind!r} needs a {wants} of {', '.join(allowed)}, not {arg!r}"
        )
    return Effect(kind, arg)


def _cost(value: object, where: str) -> Resources:
    if not isinstance(value, dict) or not all(
        isinstance(n, int) and n >= 1 for n in value.values()
    ):
        raise ComponentError(f"{where}: cost must be a table of resource = count ≥ 1")
    try:
        return Resources.of(value)
    except ValueError as exc:
        raise ComponentError(f"{where}: {exc}") from None


def _colour(value: object, colours: tuple[str, ...], where: str) -> str:
    if value not in colours:
        raise ComponentError(f"{where}: colour {value!r} is not one of {', '.join(colours)}")
    return str(value)


_SUPPLY_INTS: Final = (
    "explorers_per_clan",
    "jerrycans",
    "start_jerrycans",
    "start_tuareks",
    "row_size",
    "territories_shown",
    "max_ability_tiles",
    "regular_piles",
    "tank_capacity_ms",
    "fuel_up_throw_ms",
    "last_die_throws",
    "max_fuel_ups",
    "max_special_dice",
)


def _supply(raw: Mapping[str, Any]) -> Supply:
    ints = {name: _get(raw, name, int, "supply") for name in _SUPPLY_INTS}
    for name, value in ints.items():
        if value < 1:
            raise ComponentError(f"supply: {name!r} must be at least 1")
    clans = tuple(_get(raw, "clans", list, "supply"))
    colours = tuple(_get(raw, "card_colours", list, "supply"))
    if len(clans) != 2 or len(set(clans)) != 2:
        raise ComponentError("supply: 'clans' must name two different clans")
    if not colours or len(set(colours)) != len(colours):
        raise ComponentError("supply: 'card_colours' must list distinct colours")
    supply = Supply(
        clans=clans,
        card_colours=colours,
        explorer_cost=_cost(raw.get("explorer_cost"), "supply explorer_cost"),
        tuarek_cost=_cost(raw.get("tuarek_cost"), "supply tuarek_cost"),
        special_die_cost=_cost(raw.get("special_die_cost"), "supply special_die_cost"),
        fuel_up_cost=_cost(raw.get("fuel_up_cost"), "supply fuel_up_cost"),
        **ints,
    )
    if supply.jerrycans < 2 * supply.start_jerrycans:
        raise ComponentError("supply: fewer jerrycans than the clans start with")
    return supply


def _tiles(raw: Mapping[str, Any]) -> dict[str, AbilityTile]:
    tiles = {}
    for item in _items(raw, "tile", COUNTS["tile"]):
        where = f"tile {item.get('id')}"
        tiles[_get(item, "id", str, where)] = AbilityTile(
            item["id"],
            _get(item, "name", str, where),
            _effect(_get(item, "effect", str, where), ABILITY_EFFECTS, where),
        )
    return tiles


def _cards(
    raw: Mapping[str, Any], colours: tuple[str, ...], tiles: Mapping[str, AbilityTile]
) -> dict[str, tuple[Card, ...]]:
    out: dict[str, tuple[Card, ...]] = {}
    for kind in ("start", "regular", "claim"):
        cards = []
        for item in _items(raw, kind, COUNTS[kind]):
            where = f"{kind} card {item.get('id')}"
            cards.append(
                Card(id=_get(item, "id", str, where), kind=kind)
                if kind == "claim"
                else _card(item, kind, colours, where)
            )
        out[kind] = tuple(cards)
    every = [c.id for cards in out.values() for c in cards]
    if len(set(every)) != len(every):
        raise ComponentError(
            f"card ids repeat across kinds: {sorted(i for i, n in Counter(every).items() if n > 1)}"
        )
    granted = Counter(c.ability for cards in out.values() for c in cards if c.ability)
    for tile_id in tiles:
        if granted[tile_id] != 1:
            raise ComponentError(
                f"ability tile {tile_id} must be granted by one card, not {granted[tile_id]}"
            )
    unknown = set(granted) - set(tiles)
    if unknown:
        raise ComponentError(f"cards grant unknown ability tile(s) {sorted(unknown)}")
    return out


def _card(item: Mapping[str, Any], kind: str, colours: tuple[str, ...], where: str) -> Card:
    per = item.get("per_colour")
    return Card(
        id=_get(item, "id", str, where),
        kind=kind,
        colour=_colour(item.get("colour"), colours, where),
        cost=_cost(item.get("cost"), where),
        effects=tuple(_gain(e, where) for e in _get(item, "effects", list, where, [])),
        ability=_get(item, "ability", str, where, None),
        points=_get(item, "points", int, where, 0),
        per_colour=None if per is None else _colour(per, colours, where),
    )


def _territories(raw: Mapping[str, Any], colours: tuple[str, ...]) -> tuple[Territory, ...]:
    territories = []
    for item in _items(raw, "territory", COUNTS["territory"]):
        where = f"territory {item.get('id')}"
        condition = item.get("condition")
        territories.append(
            Territory(
                id=_get(item, "id", str, where),
                name=_get(item, "name", str, where),
                points=_get(item, "points", int, where),
                on_claim=tuple(_gain(g, where) for g in _get(item, "on_claim", list, where, [])),
                condition=None if condition is None else _condition(condition, colours, where),
            )
        )
    return tuple(territories)


def _condition(raw: object, colours: tuple[str, ...], where: str) -> Condition:
    if not isinstance(raw, dict) or raw.get("kind") not in CONDITIONS:
        raise ComponentError(f"{where}: condition needs a kind of {', '.join(CONDITIONS)}")
    kind = raw["kind"]
    needed = set(CONDITIONS[kind])
    if set(raw) - {"kind"} != needed:
        raise ComponentError(
            f"{where}: a {kind!r} condition takes exactly {', '.join(sorted(needed))}"
        )
    colour = _colour(raw["colour"], colours, where) if "colour" in needed else None
    return Condition(
        kind, _get(raw, "points", int, where), _get(raw, "count", int, where, 0), colour
    )


def _tuareks(raw: Mapping[str, Any]) -> tuple[TuarekType, ...]:
    types = []
    for item in raw.get("type", []):
        where = f"tuarek {item.get('id')}"
        when = _get(item, "when", str, where)
        if when not in TUAREK_TIMING:
            raise ComponentError(f"{where}: 'when' must be one of {', '.join(TUAREK_TIMING)}")
        types.append(
            TuarekType(
                _get(item, "id", str, where),
                _get(item, "name", str, where),
                _get(item, "count", int, where),
                when,
                _effect(_get(item, "effect", str, where), TUAREK_EFFECTS, where),
            )
        )
    total = sum(t.count for t in types)
    if total != COUNTS["tuarek"] or len({t.id for t in types}) != len(types):
        raise ComponentError(
            f"expected {COUNTS['tuarek']} Tuareks of distinct types, found {total}"
        )
    return tuple(types)


def _face(text: object, where: str) -> Face:
    text = str(text)
    if text in ("flame", "tuarek", "explorer"):
        return Face(
            text, flame=text == "flame", tuarek=text == "tuarek", explorer=text == "explorer"
        )
    amounts: dict[str, int] = {}
    for part in text.split("+"):
        name, _, n = part.partition(":")
        amounts[name] = amounts.get(name, 0) + (_count(n, where) if n else 1)
    try:
        return Face(text, Resources.of(amounts))
    except ValueError as exc:
        raise ComponentError(f"{where}: face {text!r}: {exc}") from None


def _die(colour: str, table: object) -> Die:
    where = f"{colour} die"
    if not isinstance(table, dict) or not isinstance(table.get("faces"), list):
        raise ComponentError(f"{where}: needs a list of faces")
    faces = tuple(_face(f, where) for f in table["faces"])
    if len(faces) != 6 or not any(f.flame for f in faces):
        raise ComponentError(f"{where}: a die has 6 faces, one of them a flame")
    return Die(colour, faces)


def _dice(raw: Mapping[str, Any]) -> tuple[Die, int, dict[str, Die]]:
    white = _die("white", raw.get("white"))
    if sorted(f.text for f in white.faces) != sorted((*RESOURCES, "flame")):
        raise ComponentError(f"white die: faces must be {', '.join(RESOURCES)} and flame, one each")
    count = _get(raw.get("white", {}), "count", int, "white die")
    special = raw.get("special", {})
    if not isinstance(special, dict) or sorted(special) != sorted(SPECIAL_DICE):
        raise ComponentError(f"special dice must be exactly {', '.join(SPECIAL_DICE)}")
    return white, count, {colour: _die(colour, special[colour]) for colour in SPECIAL_DICE}

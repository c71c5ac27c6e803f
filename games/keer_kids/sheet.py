"""The score sheet as validated data, with the bitmasks the rules and the AI work on.

Enclosure i is bit i of every mask, so a player's crossings are one int and reachability,
full columns and complete animals are a few bitwise operations.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from games.keer_kids.dice import COLOURS

MAX_ENCLOSURE = 4
_ID = re.compile(r"^([A-Z])([1-9][0-9]?)$")


class SheetError(ValueError):
    """The sheet data is malformed; the message says what and where."""


@dataclass(frozen=True, slots=True)
class Animal:
    """One animal type: its grid letter, name, die colour and number of squares."""

    letter: str
    name: str
    colour: str
    squares: int


@dataclass(frozen=True, slots=True)
class Enclosure:
    """A group of 1–4 side-connected squares of one animal, always crossed whole."""

    index: int
    id: str
    animal: str
    colour: str
    squares: tuple[tuple[int, int], ...]
    columns: tuple[int, ...]


@dataclass(frozen=True, slots=True, eq=False)
class Sheet:
    """The sheet every player shares a copy of, with precomputed masks (compared by identity)."""

    name: str
    rows: int
    columns: int
    star_column: int
    buckets: tuple[int, ...]
    visitors: tuple[str, ...]
    food_per_animal: int
    chameleons: int
    marks_per_chameleon: int
    animals: tuple[Animal, ...]
    enclosures: tuple[Enclosure, ...]
    grid: tuple[tuple[int, ...], ...]
    neighbours: tuple[int, ...]
    star_mask: int
    colour_masks: Mapping[str, int]
    animal_masks: Mapping[str, int]
    column_masks: tuple[int, ...]
    by_id: Mapping[str, int]

    @property
    def total_marks(self) -> int:
        """Exclamation marks on the sheet."""
        return self.chameleons * self.marks_per_chameleon

    def enclosure(self, enclosure_id: str) -> Enclosure | None:
        """The enclosure with this id, or None if the sheet has none."""
        index = self.by_id.get(enclosure_id)
        return None if index is None else self.enclosures[index]

    def animal_of_colour(self, colour: str) -> Animal:
        """The animal a die colour crosses."""
        return next(a for a in self.animals if a.colour == colour)


@cache
def default_sheet() -> Sheet:
    """The sheet shipped with Tablero (games/keer_kids/data/sheet.toml), loaded once."""
    text = resources.files("games.keer_kids").joinpath("data/sheet.toml").read_text("utf-8")
    return parse_sheet(text, "games/keer_kids/data/sheet.toml")


def parse_sheet(text: str, source: str = "<sheet>") -> Sheet:
    """Parse and validate sheet TOML; raise SheetError saying what is wrong."""
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise SheetError(f"{source}: not valid TOML: {exc}") from exc
    try:
        return _build(raw)
    except SheetError as exc:
        raise SheetError(f"{source}: {exc}") from None


def _field(raw: Mapping[str, Any], key: str, kind: type) -> Any:
    if key not in raw:
        raise SheetError(f"missing field {key!r}")
    value = raw[key]
    if not isinstance(value, kind) or isinstance(value, bool) != (kind is bool):
        raise SheetError(f"field {key!r} must be a {kind.__name__}, not {value!r}")
    return value


def _int_list(raw: Mapping[str, Any], key: str, length: int) -> tuple[int, ...]:
    values = _field(raw, key, list)
    whole = all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in values)
    if len(values) != length or not whole:
        raise SheetError(f"{key!r} must list {length} whole numbers ≥ 0, got {values!r}")
    return tuple(values)


def _animals(raw: Mapping[str, Any]) -> tuple[Animal, ...]:
    animals = []
    for entry in _field(raw, "animals", list):
        if not isinstance(entry, dict):
            raise SheetError(f"each [[animals]] entry must be a table, got {entry!r}")
        letter = _field(entry, "letter", str)
        if not re.fullmatch(r"[A-Z]", letter):
            raise SheetError(f"animal letter {letter!r} must be one capital letter")
        animal = Animal(
            letter,
            _field(entry, "name", str),
            _field(entry, "colour", str),
            _field(entry, "squares", int),
        )
        if animal.colour not in COLOURS:
            raise SheetError(
                f"{animal.name}: colour {animal.colour!r} is not a die colour {COLOURS}"
            )
        animals.append(animal)
    if sorted(a.colour for a in animals) != sorted(COLOURS):
        raise SheetError(f"the animals must use each die colour {COLOURS} exactly once")
    if len({a.letter for a in animals}) != len(animals):
        raise SheetError("two animals share a letter")
    return tuple(animals)


def _grid(raw: Mapping[str, Any], rows: int, columns: int) -> list[list[str]]:
    lines = [line.split() for line in _field(raw, "enclosures", str).strip().splitlines()]
    if len(lines) != rows or any(len(line) != columns for line in lines):
        shape = [len(line) for line in lines]
        raise SheetError(
            f"enclosures must be {rows} rows of {columns} ids; row lengths are {shape}"
        )
    return lines


def _group(
    grid: list[list[str]], animals: Mapping[str, Animal]
) -> dict[str, list[tuple[int, int]]]:
    groups: dict[str, list[tuple[int, int]]] = {}
    for r, line in enumerate(grid):
        for c, token in enumerate(line):
            match = _ID.match(token)
            if not match or match.group(1) not in animals:
                raise SheetError(f"r{r + 1}c{c + 1}: {token!r} is not an animal letter + number")
            groups.setdefault(token, []).append((r, c))
    for animal in animals.values():
        count = sum(len(sq) for eid, sq in groups.items() if eid[0] == animal.letter)
        if count != animal.squares:
            raise SheetError(f"{animal.name} has {count} squares on the grid, not {animal.squares}")
    return groups


def _side_neighbours(square: tuple[int, int]) -> list[tuple[int, int]]:
    r, c = square
    return [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]


def _check_enclosure(eid: str, squares: list[tuple[int, int]]) -> None:
    if not 1 <= len(squares) <= MAX_ENCLOSURE:
        raise SheetError(f"enclosure {eid} has {len(squares)} squares; an enclosure has 1-4")
    seen = {squares[0]}
    todo = [squares[0]]
    members = set(squares)
    while todo:
        for nb in _side_neighbours(todo.pop()):
            if nb in members and nb not in seen:
                seen.add(nb)
                todo.append(nb)
    if len(seen) != len(squares):
        cells = ", ".join(f"r{r + 1}c{c + 1}" for r, c in sorted(members - seen))
        raise SheetError(f"enclosure {eid} is not connected side to side ({cells} cut off)")


def _build(raw: Mapping[str, Any]) -> Sheet:
    rows, columns = _field(raw, "rows", int), _field(raw, "columns", int)
    if rows < 1 or columns < 1 or columns % 2 == 0:
        raise SheetError(
            f"a sheet needs ≥ 1 row and an odd number of columns, got {rows}×{columns}"
        )
    star_column = _field(raw, "star_column", int)
    if star_column != columns // 2 + 1:
        raise SheetError(
            f"star_column must be the middle column {columns // 2 + 1}, not {star_column}"
        )
    visitors = tuple(_field(raw, "visitors", list))
    if len(visitors) != columns or not all(isinstance(v, str) and v.strip() for v in visitors):
        raise SheetError(f"'visitors' must name one visitor for each of the {columns} columns")
    chameleons, per = _field(raw, "chameleons", int), _field(raw, "marks_per_chameleon", int)
    food = _field(raw, "food_per_animal", int)
    if chameleons < 0 or per < 1 or food < 0:
        raise SheetError(
            "chameleons, marks_per_chameleon and food_per_animal must be ≥ 0, ≥ 1, ≥ 0"
        )
    animals = _animals(raw)
    letters = {a.letter: a for a in animals}
    grid = _grid(raw, rows, columns)
    groups = _group(grid, letters)
    for eid, squares in groups.items():
        _check_enclosure(eid, squares)
    order = sorted(groups, key=lambda e: (list(letters).index(e[0]), int(e[1:])))
    by_id = {eid: i for i, eid in enumerate(order)}
    enclosures = tuple(
        Enclosure(
            i,
            eid,
            eid[0],
            letters[eid[0]].colour,
            tuple(groups[eid]),
            tuple(sorted({c for _, c in groups[eid]})),
        )
        for i, eid in enumerate(order)
    )
    index_grid = tuple(tuple(by_id[token] for token in line) for line in grid)
    neighbours = _neighbour_masks(index_grid, enclosures)
    return Sheet(
        name=_field(raw, "name", str),
        rows=rows,
        columns=columns,
        star_column=star_column - 1,
        buckets=_int_list(raw, "buckets", columns),
        visitors=visitors,
        food_per_animal=food,
        chameleons=chameleons,
        marks_per_chameleon=per,
        animals=animals,
        enclosures=enclosures,
        grid=index_grid,
        neighbours=neighbours,
        star_mask=_mask(e.index for e in enclosures if star_column - 1 in e.columns),
        colour_masks={
            a.colour: _mask(e.index for e in enclosures if e.animal == a.letter) for a in animals
        },
        animal_masks={
            a.letter: _mask(e.index for e in enclosures if e.animal == a.letter) for a in animals
        },
        column_masks=tuple(_mask(row[c] for row in index_grid) for c in range(columns)),
        by_id=by_id,
    )


def _neighbour_masks(
    grid: tuple[tuple[int, ...], ...], enclosures: tuple[Enclosure, ...]
) -> tuple[int, ...]:
    masks = [0] * len(enclosures)
    rows, columns = len(grid), len(grid[0])
    for e in enclosures:
        for square in e.squares:
            for r, c in _side_neighbours(square):
                if 0 <= r < rows and 0 <= c < columns and grid[r][c] != e.index:
                    other = grid[r][c]
                    if enclosures[other].animal == e.animal:
                        raise SheetError(
                            f"enclosures {e.id} and {enclosures[other].id} share a side: "
                            "squares of one animal that touch form one enclosure"
                        )
                    masks[e.index] |= 1 << other
    return tuple(masks)


def _mask(indices: Any) -> int:
    mask = 0
    for i in indices:
        mask |= 1 << i
    return mask

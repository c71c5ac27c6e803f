"""docs/rules/traceability.md names real code and real tests.

The document maps every rule sentence of the original rulebooks to the engine code that
implements it and the tests that check it, as `path::name` or `path::Class.method`. These tests
parse the document and check every such reference against the source: the file exists and
defines that function, class or method. All missing references are reported at once, and no
rule is left as `TODO`.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Final

ROOT: Final = Path(__file__).resolve().parents[1]
DOC: Final = ROOT / "docs" / "rules" / "traceability.md"
COLUMNS: Final = ("rule (quoted)", "implemented in", "tested by", "note")
TESTED_BY: Final = COLUMNS.index("tested by")

REFERENCE: Final = re.compile(
    r"(?P<path>(?:[A-Za-z0-9_.-]+/)*[A-Za-z0-9_-]+\.py)"
    r"::(?P<name>[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)?)"
)
"""`path/to/file.py::name` or `path/to/file.py::Class.method`, with or without backticks."""

SEEDS: Final = {
    "000": ("antes de realizar cualquier otra acción", "Paga 2 bidones por Tuarek."),
    "001": ("Each Boss can be used once per game.",),
    "003": ("Just touching at a corner does not count.",),
}
"""A heading `## Seed NNN` for each rulebook, and a few sentences its section must quote."""


@dataclass(frozen=True, slots=True)
class Reference:
    """One `path::name` found in the document, with where it was found."""

    line: int
    path: str
    name: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.path}::{self.name}"


def doc_lines() -> list[str]:
    return DOC.read_text(encoding="utf-8").splitlines()


def table_cells(line: str) -> list[str] | None:
    """The cells of a markdown table row; None if the line is not a row."""
    stripped = line.strip()
    if not stripped.startswith("|") or not stripped.endswith("|"):
        return None
    return [cell.strip() for cell in stripped[1:-1].split("|")]


def is_separator(cells: list[str]) -> bool:
    return all(re.fullmatch(r":?-{3,}:?", cell) for cell in cells)


def is_todo(cell: str) -> bool:
    return cell.strip("` ").upper().startswith("TODO")


def references() -> list[Reference]:
    """Every `path::name` in the document."""
    found: list[Reference] = []
    for number, line in enumerate(doc_lines(), start=1):
        found += [Reference(number, m["path"], m["name"]) for m in REFERENCE.finditer(line)]
    return found


@cache
def definitions(path: str) -> frozenset[str] | None:
    """Names a Python file defines: top-level functions and classes, and `Class.method` for the
    functions defined in a class's body. None if the file does not exist or does not parse."""
    source = ROOT / path
    if not source.is_file():
        return None
    try:
        tree = ast.parse(source.read_text(encoding="utf-8"), filename=str(source))
    except SyntaxError:
        return None
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            names.add(node.name)
        elif isinstance(node, ast.ClassDef):
            names.add(node.name)
            names.update(
                f"{node.name}.{item.name}"
                for item in node.body
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef)
            )
    return frozenset(names)


def problem(reference: Reference) -> str | None:
    """Why the reference does not resolve, or None if it does."""
    defined = definitions(reference.path)
    if defined is None:
        return f"{reference}: no such Python file"
    if reference.name not in defined:
        kind = "method" if "." in reference.name else "function or class"
        return f"{reference}: {reference.path} defines no {kind} {reference.name}"
    return None


def rows() -> list[tuple[int, list[str]]]:
    """The data rows of the document's tables, with their line numbers."""
    found: list[tuple[int, list[str]]] = []
    for number, line in enumerate(doc_lines(), start=1):
        cells = table_cells(line)
        if cells is None or is_separator(cells) or [c.lower() for c in cells] == list(COLUMNS):
            continue
        found.append((number, cells))
    return found


def seed_section(seed: str) -> str:
    """The text under the heading `## Seed NNN`, up to the next `## ` heading."""
    text = DOC.read_text(encoding="utf-8")
    match = re.search(rf"^## Seed {seed}\b.*?(?=^## |\Z)", text, re.MULTILINE | re.DOTALL)
    assert match is not None, f"no heading '## Seed {seed}' in {DOC.relative_to(ROOT)}"
    return match.group(0)


# --- tests ---------------------------------------------------------------------------------------


def test_every_reference_names_an_existing_definition() -> None:
    found = references()
    assert len(found) > 100, "the document should name the engine code and tests it maps"
    missing = [p for p in (problem(r) for r in found) if p is not None]
    assert not missing, (
        f"{len(missing)} reference(s) in {DOC.relative_to(ROOT)} do not exist:\n"
        + ("\n".join(missing))
    )


def test_references_point_into_the_engine_and_its_tests() -> None:
    paths = {r.path for r in references()}
    for prefix in (
        "games/kero/",
        "games/keer_kids/",
        "tests/games/kero/",
        "tests/games/keer_kids/",
    ):
        assert any(p.startswith(prefix) for p in paths), f"no reference under {prefix}"


def test_every_table_has_the_four_columns() -> None:
    wrong = [f"line {n}: {len(cells)} cells" for n, cells in rows() if len(cells) != len(COLUMNS)]
    assert not wrong, "rows without exactly 4 cells:\n" + "\n".join(wrong)


def test_no_rule_is_left_to_do() -> None:
    """Every rule in the document is implemented and named with its tests (or a Gap)."""
    pending = [f"line {n}" for n, cells in rows() if any(is_todo(cell) for cell in cells)]
    assert not pending, "rows still marked TODO:\n" + "\n".join(pending)


def test_every_rule_with_code_names_its_tests_or_a_gap() -> None:
    """A row that names engine code says what tests it: tests, or an entry in Gaps."""
    untested = [
        f"line {n}"
        for n, cells in rows()
        if len(cells) == len(COLUMNS)
        and REFERENCE.search(cells[1])
        and not REFERENCE.search(cells[TESTED_BY])
        and "Gaps" not in cells[-1]
    ]
    assert not untested, "rows with code but no tests:\n" + "\n".join(untested)


def test_each_seed_has_a_section_that_quotes_it() -> None:
    for seed, sentences in SEEDS.items():
        section = seed_section(seed)
        quoted = [
            cells
            for line in section.splitlines()
            if (cells := table_cells(line)) is not None and cells[0].startswith("“")
        ]
        assert quoted, f"seed {seed}: no row quotes the rulebook"
        for sentence in sentences:
            assert sentence in section, f"seed {seed}: {sentence!r} is not quoted"


def test_the_parser_reads_backticked_and_bare_references() -> None:
    line = "| `games/kero/fuel.py::FuelUp.after`, tests/x_y.py::test_z | TODO |"
    cells = table_cells(line)
    assert cells is not None and is_todo(cells[1])
    found = [(m["path"], m["name"]) for m in REFERENCE.finditer(line)]
    assert found == [("games/kero/fuel.py", "FuelUp.after"), ("tests/x_y.py", "test_z")]

"""The layering holds: games is pure, render, storage and ratings sit on games, bot is on top."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
OURS = {"games", "render", "storage", "ratings", "bot"}
ALLOWED = {
    "games": {"games"},
    "render": {"games", "render"},
    "storage": {"games", "storage"},
    "ratings": {"games", "ratings"},
    "bot": OURS,
}
FORBIDDEN_IN_GAMES = {
    "discord",
    "PIL",
    "aiosqlite",
    "asyncpg",
    "random",
    "time",
    "datetime",
    "os",
    "socket",
    "threading",
    "asyncio",
}
DISCORD_ONLY_IN_BOT = {"discord"}
THIRD_PARTY_IN_RATINGS = {"openskill"}


def imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def modules(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


@pytest.mark.parametrize("package", sorted(OURS))
def test_imports_point_down_only(package: str) -> None:
    for path in modules(package):
        wrong = (imports(path) & OURS) - ALLOWED[package]
        assert not wrong, f"{path.relative_to(ROOT)} imports {wrong}"


def test_games_touch_no_clock_io_or_global_random() -> None:
    for path in modules("games"):
        wrong = imports(path) & FORBIDDEN_IN_GAMES
        assert not wrong, f"{path.relative_to(ROOT)} imports {wrong}"


def test_ratings_are_pure_and_use_openskill_only() -> None:
    for path in modules("ratings"):
        names = imports(path)
        wrong = names & FORBIDDEN_IN_GAMES
        assert not wrong, f"{path.relative_to(ROOT)} imports {wrong}"
        outside = names - OURS - set(sys.stdlib_module_names) - {"__future__"}
        extra = outside - THIRD_PARTY_IN_RATINGS
        assert not extra, f"{path.relative_to(ROOT)} imports {extra}"


@pytest.mark.parametrize("package", ["games", "render", "storage", "ratings"])
def test_only_bot_imports_discord(package: str) -> None:
    for path in modules(package):
        assert not imports(path) & DISCORD_ONLY_IN_BOT, f"{path.relative_to(ROOT)} imports discord"


def test_the_packages_exist() -> None:
    for package in OURS:
        assert (ROOT / package / "__init__.py").is_file()

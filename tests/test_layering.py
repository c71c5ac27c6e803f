"""The layering holds: games is pure, render and storage sit on games only, bot is on top."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
OURS = {"games", "render", "storage", "bot"}
ALLOWED = {
    "games": {"games"},
    "render": {"games", "render"},
    "storage": {"games", "storage"},
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


@pytest.mark.parametrize("package", ["games", "render", "storage"])
def test_only_bot_imports_discord(package: str) -> None:
    for path in modules(package):
        assert not imports(path) & DISCORD_ONLY_IN_BOT, f"{path.relative_to(ROOT)} imports discord"


def test_the_packages_exist() -> None:
    for package in OURS:
        assert (ROOT / package / "__init__.py").is_file()

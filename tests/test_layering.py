"""The layering holds: games is pure, words (the message catalogs) stands alone, render sits on
games and words, ratings on games, storage on ratings (it keeps ratings' rating-history
records) and games, bot is on top.

Beside them, fakediscord (the Discord test double) stands on discord.py alone: the product
never imports it, and it imports none of the product. Tests and benchmarks both use it, and
benchmarks never import tests (tests run the benchmarks)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
OURS = {"games", "words", "render", "storage", "ratings", "bot"}
ALLOWED = {
    "games": {"games"},
    "words": {"words"},
    "render": {"games", "render", "words"},
    "storage": {"games", "ratings", "storage"},
    "ratings": {"games", "ratings"},
    "bot": OURS,
}
FORBIDDEN_IN_GAMES = {
    "discord",
    "PIL",
    "aiosqlite",
    "asyncpg",
    "time",
    "datetime",
    "os",
    "socket",
    "threading",
    "asyncio",
}
DISCORD_ONLY_IN_BOT = {"discord"}
THIRD_PARTY_IN_RATINGS = {"openskill"}
DOUBLE = "fakediscord"
THIRD_PARTY_IN_DOUBLE = {"discord", "aiohttp", "yarl"}
"""discord.py and the two libraries it is built on (its HTTP client and URLs)."""


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
        assert not global_random(path), f"{path.relative_to(ROOT)}: {global_random(path)}"


def global_random(path: Path) -> list[str]:
    """Uses of the random module other than a generator seeded on the spot (`random.Random(x)`):
    its module-level functions share one hidden global state, and an unseeded generator reads
    the operating system's entropy."""
    tree = ast.parse(path.read_text(), filename=str(path))
    seeded: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _is_random_attr(node.func, "Random") and node.args:
            seeded.add(id(node.func))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "random":
            found.append(f"line {node.lineno}: from random import …")
        elif isinstance(node, ast.Import) and any(
            a.asname for a in node.names if a.name == "random"
        ):
            found.append(f"line {node.lineno}: random imported under another name")
        elif _is_random_attr(node) and id(node) not in seeded:
            attr = node.attr if isinstance(node, ast.Attribute) else "?"
            in_annotation = attr == "Random" and not _called(tree, node)
            if not in_annotation:
                found.append(f"line {node.lineno}: random.{attr}")
    return found


def _is_random_attr(node: ast.AST, attr: str | None = None) -> bool:
    return (
        isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == "random"
        and (attr is None or node.attr == attr)
    )


def _called(tree: ast.AST, target: ast.AST) -> bool:
    """Whether `target` is the function of some call (else it names the type, e.g. a hint)."""
    return any(isinstance(n, ast.Call) and n.func is target for n in ast.walk(tree))


def test_the_global_random_check_catches_what_it_should(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "import random\n"
        "def ok(seed: str, rnd: random.Random) -> random.Random:\n"
        "    return random.Random(seed)\n"
        "def bad() -> float:\n"
        "    random.shuffle([1])\n"
        "    return random.Random().random() + random.random()\n"
    )
    assert [f.split(":")[0] for f in global_random(sample)] == ["line 5", "line 6", "line 6"]


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


def private_imports(path: Path) -> list[str]:
    """Each `from module import _name`: a name private to another module (a leading underscore,
    but not a dunder). A helper two modules share gets a public name in a module named for it."""
    tree = ast.parse(path.read_text(), filename=str(path))
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            module = "." * node.level + (node.module or "")
            found += [
                f"{path.relative_to(ROOT)}:{node.lineno} imports {alias.name} from {module}"
                for alias in node.names
                if alias.name.startswith("_") and not alias.name.startswith("__")
            ]
    return found


@pytest.mark.parametrize("package", sorted(OURS))
def test_no_module_imports_another_modules_private_names(package: str) -> None:
    found = [line for path in modules(package) for line in private_imports(path)]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("package", sorted(OURS))
def test_the_product_never_imports_the_discord_double(package: str) -> None:
    for path in modules(package):
        assert DOUBLE not in imports(path), f"{path.relative_to(ROOT)} imports {DOUBLE}"


def test_the_discord_double_imports_only_discord_py() -> None:
    for path in modules(DOUBLE):
        names = imports(path)
        ours = names & (OURS | {"tests", "benchmarks"})
        assert not ours, f"{path.relative_to(ROOT)} imports {ours}"
        outside = names - set(sys.stdlib_module_names) - {"__future__"}
        extra = outside - THIRD_PARTY_IN_DOUBLE
        assert not extra, f"{path.relative_to(ROOT)} imports {extra}"


def test_benchmarks_never_import_tests() -> None:
    for path in modules("benchmarks"):
        assert "tests" not in imports(path), f"{path.relative_to(ROOT)} imports tests"


def test_the_packages_exist() -> None:
    for package in [*OURS, DOUBLE, "benchmarks"]:
        assert (ROOT / package / "__init__.py").is_file()


def full_imports(path: Path) -> set[str]:
    """Every module a file imports, by its full dotted name."""
    tree = ast.parse(path.read_text(), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


GAME_FOLDERS = sorted(
    p.name for p in (ROOT / "bot" / "games").iterdir() if (p / "__init__.py").is_file()
)
"""Each game's bot side: bot/games/<game>/."""


def _names_a_game(module: str, game: str) -> bool:
    return any(
        module == prefix or module.startswith(prefix + ".")
        for prefix in (f"games.{game}", f"render.{game}", f"bot.games.{game}")
    )


def test_each_game_has_a_bot_folder() -> None:
    assert GAME_FOLDERS == ["keer_kids", "kero"]


@pytest.mark.parametrize("game", GAME_FOLDERS)
def test_a_games_bot_folder_never_imports_another_games(game: str) -> None:
    others = [g for g in GAME_FOLDERS if g != game]
    for path in sorted((ROOT / "bot" / "games" / game).rglob("*.py")):
        wrong = {m for m in full_imports(path) for other in others if _names_a_game(m, other)}
        assert not wrong, f"{path.relative_to(ROOT)} imports {wrong}"


def test_generic_bot_modules_reach_games_only_through_their_adapters() -> None:
    """Outside bot/games/<game>/, only the adapter table (bot/games/__init__.py) names a game."""
    table = ROOT / "bot" / "games" / "__init__.py"
    for path in modules("bot"):
        if path == table or path.parent.parent == ROOT / "bot" / "games":
            continue
        wrong = {m for m in full_imports(path) for g in GAME_FOLDERS if _names_a_game(m, g)}
        assert not wrong, f"{path.relative_to(ROOT)} imports {wrong}"

"""The layering holds: games is pure, words (the message catalogs) stands alone, render sits on
games and words, ratings on games, storage on ratings (it keeps ratings' rating-history
records) and games, bot is on top.

Beside them, fakediscord (the Discord test double) stands on discord.py alone: the product
never imports it, and it imports none of the product. Tests and benchmarks both use it, and
benchmarks never import tests (tests run the benchmarks)."""

from __future__ import annotations

import ast
import re
import subprocess
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
OPTIONAL_IN_DOUBLE = {"fakediscord/schema.py": {"jsonschema", "referencing"}}
"""The schema check's validator: a dev dependency, imported only where installed."""


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
        optional = OPTIONAL_IN_DOUBLE.get(path.relative_to(ROOT).as_posix(), set())
        extra = outside - THIRD_PARTY_IN_DOUBLE - optional
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


# -- inside bot/: a composition root and three layers (docs/architecture.md) ----------------

BOT = ROOT / "bot"
PROCESS_MODULES = {"bot/wiring.py", "bot/run.py", "bot/cli.py"}
"""The process's modules: the only ones that may import the bot class (bot/app.py)."""
CORE_MAY_NOT = ("discord", "PIL", "bot.delivery", "bot.ui", "bot.cogs", "bot.app", "bot.games")
"""What the Discord-free core (and each game's rules half) never imports."""
RULES_HALVES = sorted(BOT.glob("games/*/rules.py"))


def _rel(path: Path) -> str:
    return str(path.relative_to(ROOT))


def _imported(path: Path) -> set[str]:
    """Every module a file names in an import, typing imports included (by full name, and the
    modules it takes names from)."""
    return full_imports(path)


def _names(imported: set[str], prefixes: tuple[str, ...]) -> set[str]:
    return {m for m in imported for p in prefixes if m == p or m.startswith(p + ".")}


def test_only_the_process_imports_the_bot_class() -> None:
    for path in modules("bot"):
        if _rel(path) in PROCESS_MODULES or path == BOT / "app.py":
            continue
        wrong = _names(_imported(path), ("bot.app",))
        assert not wrong, f"{_rel(path)} imports {wrong}"


def test_the_core_and_the_rules_halves_are_discord_free() -> None:
    for path in [*sorted((BOT / "core").rglob("*.py")), *RULES_HALVES]:
        imported = _imported(path)
        wrong = _names(imported, CORE_MAY_NOT)
        if path in RULES_HALVES:  # its own folder's ui half or package init would load discord
            game = f"bot.games.{path.parent.name}"
            wrong = {m for m in wrong if not m.startswith(f"{game}.rules")}
        assert not wrong, f"{_rel(path)} imports {wrong}"


def test_delivery_imports_no_ui() -> None:
    for path in sorted((BOT / "delivery").rglob("*.py")):
        wrong = _names(_imported(path), ("bot.ui", "bot.cogs", "bot.app", "bot.games"))
        assert not wrong, f"{_rel(path)} imports {wrong}"


def test_importing_the_match_service_loads_neither_discord_nor_pillow() -> None:
    probe = (
        "import sys, bot.core.service\n"
        "loaded = [m for m in ('discord', 'discord.ui', 'PIL') if m in sys.modules]\n"
        "print(','.join(loaded))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert done.stdout.strip() == "", f"import bot.core.service loaded {done.stdout.strip()}"


CLIENT_ATTRIBUTES = frozenset({"user"})
"""What a cog may read of discord.py's client through `self.bot` (its own user)."""
BOT_USERS = ("bot/cogs/", "bot/games/")
"""Where `self.bot` may appear at all: cogs, and a game's commands."""


def _self_bot_uses(path: Path) -> list[tuple[int, str]]:
    """Each `self.bot.<attribute>` in a file, with its line."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Attribute)
            and node.value.attr == "bot"
            and isinstance(node.value.value, ast.Name)
            and node.value.value.id == "self"
        ):
            found.append((node.lineno, node.attr))
    return found


def test_self_bot_is_discord_s_client_only() -> None:
    for path in modules("bot"):
        uses = _self_bot_uses(path)
        rel = _rel(path)
        allowed = rel.startswith("bot/cogs/") or (
            rel.startswith("bot/games/") and path.name == "commands.py"
        )
        wrong = [
            (line, name) for line, name in uses if not allowed or name not in CLIENT_ATTRIBUTES
        ]
        assert not wrong, f"{rel} reaches through self.bot: {wrong}"


def _constructors(path: Path) -> list[tuple[str, str]]:
    """Each class's `__init__` parameters with their annotations, as written."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if not isinstance(node, ast.ClassDef):
            continue
        for item in node.body:
            if isinstance(item, ast.FunctionDef) and item.name == "__init__":
                arguments = [*item.args.args, *item.args.kwonlyargs]
                found += [
                    (f"{node.name}.{a.arg}", ast.unparse(a.annotation))
                    for a in arguments
                    if a.annotation is not None
                ]
    return found


def test_no_component_is_built_with_the_bot_or_the_whole_runtime() -> None:
    for path in modules("bot"):
        for parameter, annotation in _constructors(path):
            named = set(re.findall(r"\w+", annotation))
            wrong = named & {"TableroBot", "ShardedTableroBot", "Runtime"}
            assert not wrong, f"{_rel(path)}: {parameter} takes {annotation}"


def _own_attributes(tree: ast.AST) -> dict[str, set[str]]:
    """Per class that is not a record (no @dataclass), the attributes it sets on `self`."""
    owned: dict[str, set[str]] = {}
    for node in ast.walk(tree):
        if not isinstance(node, ast.ClassDef) or _is_record(node):
            continue
        names = owned.setdefault(node.name, set())
        for sub in ast.walk(node):
            if (
                isinstance(sub, ast.Attribute)
                and isinstance(sub.ctx, ast.Store)
                and isinstance(sub.value, ast.Name)
                and sub.value.id == "self"
            ):
                names.add(sub.attr)
    return owned


def _is_record(node: ast.ClassDef) -> bool:
    """A dataclass, or a class whose slots say it is a plain record of fields."""
    return any("dataclass" in ast.unparse(d) for d in node.decorator_list)


def test_no_attribute_is_set_on_a_component_from_outside_its_class() -> None:
    trees = {path: ast.parse(path.read_text()) for path in modules("bot")}
    components: dict[str, str] = {}
    for tree in trees.values():
        for owner, names in _own_attributes(tree).items():
            for name in names:
                components.setdefault(name, owner)
    records = {
        field.target.id
        for tree in trees.values()
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef) and _is_record(node)
        for field in node.body
        if isinstance(field, ast.AnnAssign) and isinstance(field.target, ast.Name)
    }
    for path, tree in trees.items():
        for node in ast.walk(tree):
            if not isinstance(node, ast.Attribute) or not isinstance(node.ctx, ast.Store):
                continue
            if isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
                continue
            if node.attr in components and node.attr not in records:
                pytest.fail(
                    f"{_rel(path)}:{node.lineno} sets {ast.unparse(node)} of a "
                    f"{components[node.attr]} from outside its class: give it to the constructor"
                )


AFTER_STEP_CALLS = frozenset({"rearm", "rearm_all", "member_acted", "answer_then_deliver"})
"""What follows a stored step, made only by the after-step pipeline (bot/delivery/steps.py)."""
AFTER_STEP_ON = {
    "clocks": frozenset({"update", "start", "restore", "forget"}),
    "outbox": frozenset({"owe", "refresh", "restore", "bring_back"}),
    "publisher": frozenset({"after", "closed", "post_first"}),
}
"""The same, by the component they are called on (turn clocks, outbox, publisher)."""
STEPS = BOT / "delivery" / "steps.py"
OWN_RETRY = BOT / "core" / "timers.py"
"""The timers re-arm themselves (a deadline that failed is tried again): their one exception."""


def after_step_calls(path: Path) -> list[str]:
    """The after-step calls a file makes on other components."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text())):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
            continue
        method, on = node.func.attr, ast.unparse(node.func.value)
        if on in {"self", "cls"}:
            continue
        by_name = any(
            part in on.lower() and method in methods for part, methods in AFTER_STEP_ON.items()
        )
        if method in AFTER_STEP_CALLS or by_name:
            found.append((node.lineno, f"line {node.lineno}: {on}.{method}(…)"))
    return [call for _, call in sorted(found)]


def test_after_a_step_only_the_pipeline_delivers_times_and_re_arms() -> None:
    for path in modules("bot"):
        if path == STEPS:
            continue
        calls = after_step_calls(path)
        if path == OWN_RETRY:
            calls = [c for c in calls if not c.endswith("self.rearm(…)")]
        assert not calls, f"{_rel(path)} makes the pipeline's calls: {calls}"


def test_the_after_step_check_catches_what_it_should(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "async def f(self, live):\n"
        "    self._timers.rearm(live)\n"
        "    await self.turn_clocks.update(live)\n"
        "    self.outbox.owe(1, live)\n"
        "    self.rearm(live)\n"
        "    self.publisher.render(1)\n"
    )
    assert [c.split(":")[0] for c in after_step_calls(sample)] == ["line 2", "line 3", "line 4"]


def import_graph() -> dict[str, set[str]]:
    """Every product module and the product modules it imports (typing imports included): a
    `from package import module` is an edge to that module, not to the package."""
    names = {
        ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__"): path
        for package in sorted(OURS)
        for path in modules(package)
    }
    graph: dict[str, set[str]] = {name: set() for name in names}
    for name, path in names.items():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                graph[name] |= {a.name for a in node.names if a.name in names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                for alias in node.names:
                    full = f"{node.module}.{alias.name}"
                    target = full if full in names else node.module
                    if target in names and target != name:
                        graph[name].add(target)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in graph[node]:
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def _one_game(component: list[str]) -> bool:
    """Whether a cycle stays inside one game's folder of one layer (a game package's modules
    and its `__init__`, which re-exports them)."""
    folders = {".".join(m.split(".")[:2]) if m.startswith("games.") else m for m in component}
    return len(folders) == 1 and next(iter(folders)).count(".") == 1


def test_the_import_graph_has_no_cycle_outside_one_game_s_folder() -> None:
    wrong = [c for c in cycles(import_graph()) if not _one_game(c)]
    assert not wrong, f"import cycles: {wrong}"


def test_the_cycle_check_catches_what_it_should() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]


ACTION_PREFIXES = ("keep:", "reroll:", "cross:", "mark:", "roll:", "roll@", "stop@", "take:")
"""How the engines' action texts begin (games/*/actions.py): the bot never writes one by hand."""
CUSTOM_ID_PARSER = BOT / "ui" / "ids.py"
"""The custom_id grammar, which keeps every button already posted working."""


def action_literals(path: Path) -> list[str]:
    """The string literals in a file that look like an action's text (or the old `roll`
    sentinel), outside docstrings."""
    tree = ast.parse(path.read_text())
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Constant) or not isinstance(node.value, str):
            continue
        if id(node) in docstrings:
            continue
        text = node.value
        if text == "roll" or text.startswith(ACTION_PREFIXES):
            found.append(f"line {node.lineno}: {text!r}")
    return found


def test_action_texts_come_only_from_the_engines() -> None:
    for path in modules("bot"):
        if path == CUSTOM_ID_PARSER:
            continue
        found = action_literals(path)
        assert not found, f"{_rel(path)} writes action texts by hand: {found}"


def test_the_action_text_check_catches_what_it_should(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        '"""A docstring may say keep:1."""\n'
        "def f(die: int) -> list[str]:\n"
        '    """`roll` is fine here."""\n'
        '    return ["roll", f"keep:{die}", "reroll:none", "rolled"]\n'
    )
    assert [f.split(":")[0] for f in action_literals(sample)] == ["line 4"] * 3


def test_every_dynamic_item_derives_from_the_one_base() -> None:
    import discord  # noqa: PLC0415 - only here: the other checks read the files

    import bot.wiring  # noqa: F401, PLC0415 - loads every item class
    from bot.ui.items import TableroItem  # noqa: PLC0415

    def subclasses(cls: type) -> list[type]:
        return [cls, *(s for sub in cls.__subclasses__() for s in subclasses(sub))]

    ours = [c for c in subclasses(discord.ui.DynamicItem) if c.__module__.startswith("bot.")]
    assert len({c.__name__ for c in ours}) >= 7
    wrong = [c.__qualname__ for c in ours if c is not TableroItem and TableroItem not in c.__mro__]
    assert not wrong, f"DynamicItems outside TableroItem: {wrong}"


def test_no_two_classes_in_the_bot_share_a_name() -> None:
    seen: dict[str, str] = {}
    for path in modules("bot"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef):
                other = seen.setdefault(node.name, _rel(path))
                assert other == _rel(path), f"class {node.name} in {other} and {_rel(path)}"


SERVICE = BOT / "core" / "service.py"
SERVICE_LINES = 400
BOT_FILE_LINES = 450


def test_the_bot_s_modules_stay_small() -> None:
    assert len(SERVICE.read_text().splitlines()) <= SERVICE_LINES
    for path in modules("bot"):
        lines = len(path.read_text().splitlines())
        assert lines <= BOT_FILE_LINES, f"{_rel(path)} has {lines} lines"


SETTINGS_MODULE = BOT / "core" / "settings.py"
RAW_SETTINGS = frozenset(
    {
        "get_guild_settings",
        "set_guild_settings",
        "get_user_settings",
        "set_user_settings",
        "update_guild_settings",
        "update_user_settings",
        "guild_values",
        "guilds_with",
    }
)
"""The store's settings calls: only the typed settings (bot/core/settings.py) make them."""


def settings_by_hand(path: Path) -> list[str]:
    """Settings read or written as a dict: `settings.get("…")`, `{**settings, …}`, or the
    store's settings calls (one finding per line, in order)."""
    found: list[str] = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            on = ast.unparse(node.func.value)
            if node.func.attr == "get" and "settings" in on.lower():
                found.append(f"line {node.lineno}: {ast.unparse(node)}")
            elif node.func.attr in RAW_SETTINGS:
                found.append(f"line {node.lineno}: {ast.unparse(node.func)}(…)")
        elif isinstance(node, ast.Dict):
            spread = [v for k, v in zip(node.keys, node.values, strict=True) if k is None]
            if any("settings" in ast.unparse(v).lower() for v in spread):
                found.append(f"line {node.lineno}: {ast.unparse(node)[:40]}")
    by_line = {int(f.split(":")[0].removeprefix("line ")): f for f in reversed(found)}
    return [by_line[line] for line in sorted(by_line)]


def test_settings_are_typed_and_written_in_one_place() -> None:
    for path in modules("bot"):
        if path != SETTINGS_MODULE:
            found = settings_by_hand(path)
            assert not found, f"{_rel(path)} handles settings by hand: {found}"


def test_the_settings_check_catches_what_it_should(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "async def f(store, settings, guild):\n"
        "    s = await store.get_guild_settings(guild)\n"
        "    on = settings.get('threads')\n"
        "    await store.set_guild_settings(guild, {**settings, 'threads': True})\n"
        "    return (await settings.guild(guild)).threads\n"
    )
    assert [f.split(":")[0] for f in settings_by_hand(sample)] == ["line 2", "line 3", "line 4"]

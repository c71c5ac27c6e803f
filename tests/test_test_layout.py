"""Tests share code only through `helpers.py`, `*_driver.py` and `conftest.py`: no module under
tests/ imports a test module (`test_*`), whose helpers would tie one test file to another's
insides and whose tests an import would bring into a second namespace."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def imports_of_tests(source: str, filename: str = "<sample>") -> list[tuple[int, str]]:
    """Each import of a `test_*` module in `source`: its line and the statement, as written
    (`import a.test_b`, `from .test_b import c`, `from a import test_b`)."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source, filename)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, f"import {a.name}") for a in node.names if _is_test(a.name)]
        elif isinstance(node, ast.ImportFrom):
            module = "." * node.level + (node.module or "")
            names = [a.name for a in node.names]
            if _is_test(node.module or ""):
                found.append((node.lineno, f"from {module} import {', '.join(names)}"))
            else:  # `from package import test_module` (or a test function: no better)
                found += [(node.lineno, f"from {module} import {n}") for n in names if _is_test(n)]
    return found


def _is_test(dotted: str) -> bool:
    return any(part.startswith("test_") for part in dotted.split("."))


def offenders(root: Path) -> list[str]:
    """`path:line: statement` for every import of a test module in a .py file under `root`."""
    return [
        f"{path.relative_to(root).as_posix()}:{line}: {statement}"
        for path in sorted(root.rglob("*.py"))
        for line, statement in imports_of_tests(path.read_text(encoding="utf-8"), str(path))
    ]


def test_no_module_under_tests_imports_a_test_module() -> None:
    scanned = {path.relative_to(TESTS).as_posix() for path in TESTS.rglob("*.py")}
    assert {"test_test_layout.py", "bot/conftest.py", "bot/helpers.py"} <= scanned
    found = offenders(TESTS)
    where = "share through helpers.py, a *_driver.py or conftest.py"
    assert not found, f"test modules imported ({where}):\n" + "\n".join(found)


def test_the_check_finds_every_form_of_import(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    samples = {
        "__init__.py": "",
        "helpers.py": "def shared(): ...\n",
        "test_a.py": "from pkg.helpers import shared\n\ndef test_x(): shared()\n",
        "test_b.py": "from pkg.test_a import shared\n",
        "c_driver.py": "import pkg.test_a\nimport os.path\n",
        "conftest.py": "from . import helpers, test_a\n",
        "sub/__init__.py": "",
        "sub/test_d.py": "from ..test_a import shared as again\nfrom .. import helpers\n",
        "sub/e.py": "def later():\n    import pkg.test_a as a\n    return a\n",
        "sub/f.py": "from pkg import sub\nfrom pkg.sub import e\nimport testing_tools\n",
    }
    for name, source in samples.items():
        (package / name).write_text(source)
    assert offenders(tmp_path) == [
        "pkg/c_driver.py:1: import pkg.test_a",
        "pkg/conftest.py:1: from . import test_a",
        "pkg/sub/e.py:2: import pkg.test_a",
        "pkg/sub/test_d.py:1: from ..test_a import shared",
        "pkg/test_b.py:1: from pkg.test_a import shared",
    ]

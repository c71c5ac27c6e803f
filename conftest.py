"""pytest's collection beyond tests/: the doctests of the games' action modules.

pyproject.toml's `testpaths` has `python -m pytest` search games/ as well as tests/; this hook
collects the doctests of games/*/actions.py (the actions' text forms, shown as examples) and
of no other module: the product is never imported wholesale as doctest modules (some of its
modules act on import, bot/core/thinking.py among them).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from _pytest.doctest import DoctestModule  # pytest's --doctest-modules collector (not exported)


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> DoctestModule | None:
    """The doctests of each games/<game>/actions.py, as `--doctest-modules` would collect them
    (which, when given, collects them itself)."""
    games = parent.config.rootpath / "games"
    if file_path.name != "actions.py" or file_path.parent.parent != games:
        return None
    if parent.config.option.doctestmodules:
        return None
    return DoctestModule.from_parent(parent, path=file_path)

"""The numbered SQL migrations, one folder per database dialect (they differ in types only)."""

from __future__ import annotations

import re
from importlib import resources

from storage.errors import StorageError

DIALECTS = ("sqlite", "postgres")


def migrations(dialect: str) -> list[tuple[int, str, str]]:
    """The migrations shipped for a dialect: (number, name, sql), numbered 1, 2, … in order."""
    if dialect not in DIALECTS:
        raise StorageError(f"no migrations for {dialect!r}; known: {', '.join(DIALECTS)}")
    folder = resources.files("storage").joinpath(f"migrations/{dialect}")
    found = []
    for item in folder.iterdir():
        match = re.fullmatch(r"(\d{4})_(\w+)\.sql", item.name)
        if match:
            found.append((int(match.group(1)), match.group(2), item.read_text("utf-8")))
    found.sort()
    if [n for n, _, _ in found] != list(range(1, len(found) + 1)):
        raise StorageError(f"{dialect} migrations must be numbered 0001, 0002, … without gaps")
    return found


def latest(dialect: str) -> int:
    """The schema version this Tablero writes."""
    return len(migrations(dialect))

"""The SQLite event store: migrations, optimistic appends, one row per interaction, rebuild."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from games.records import Player
from storage import NewMatch, SchemaTooNew, SqliteStore, rebuild_open
from storage.schema import migrations

PLAYERS = (Player("111", "Ana"), Player("222", "Bo"))


@pytest.fixture
async def sqlite_store(tmp_path: Path) -> AsyncIterator[SqliteStore]:
    opened = await SqliteStore.open(tmp_path / "data" / "tablero.db")
    yield opened
    await opened.close()


def keer_match(seed: str = "s") -> NewMatch:
    return NewMatch("keer-kids", PLAYERS, seed, {}, guild_id="1", channel_id="2")


async def test_the_file_and_its_folder_are_created_and_migrated(tmp_path: Path) -> None:
    path = tmp_path / "new" / "tablero.db"
    opened = await SqliteStore.open(path)
    await opened.close()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == len(migrations("sqlite"))
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"matches", "seats", "match_events"} <= tables


async def test_reopening_applies_nothing_twice(tmp_path: Path) -> None:
    path = tmp_path / "t.db"
    first = await SqliteStore.open(path)
    match_id = await first.create_match(keer_match())
    await first.close()
    second = await SqliteStore.open(path)
    assert (await second.load(match_id)).record.players == PLAYERS
    await second.close()


async def test_a_database_newer_than_the_code_is_refused_and_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / "future.db"
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {len(migrations('sqlite')) + 1}")
    before = path.read_bytes()
    with pytest.raises(SchemaTooNew, match="upgrade Tablero"):
        await SqliteStore.open(path)
    assert path.read_bytes() == before


async def test_corrupt_options_are_reported_not_raised(
    sqlite_store: SqliteStore, tmp_path: Path
) -> None:
    match_id = await sqlite_store.create_match(keer_match())
    await sqlite_store.close()
    with sqlite3.connect(tmp_path / "data" / "tablero.db") as db:
        db.execute("UPDATE matches SET options = '{not json' WHERE id = ?", (match_id,))
    reopened = await SqliteStore.open(tmp_path / "data" / "tablero.db")
    rebuilt = await rebuild_open(reopened)
    assert "options is not valid JSON" in rebuilt.problems[match_id]
    await reopened.close()

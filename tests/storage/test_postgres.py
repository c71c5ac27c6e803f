"""PostgreSQL specifics: migrations recorded once, a newer schema refused and left untouched."""

from __future__ import annotations

import asyncpg
import pytest

from games.records import Player
from storage import NewMatch, PostgresStore, SchemaTooNew, rebuild_open
from storage.schema import latest

from .conftest import postgres_url, reset_postgres


async def test_migrations_are_recorded_once_and_reopening_applies_nothing() -> None:
    url = postgres_url()
    await reset_postgres(url)
    first = await PostgresStore.open(url)
    await first.close()
    second = await PostgresStore.open(url)
    await second.close()
    db = await asyncpg.connect(url)
    try:
        versions = [r["version"] for r in await db.fetch("SELECT version FROM tablero_schema")]
    finally:
        await db.close()
    assert versions == list(range(1, latest("postgres") + 1))


async def test_a_newer_schema_is_refused_and_left_untouched() -> None:
    url = postgres_url()
    await reset_postgres(url)
    db = await asyncpg.connect(url)
    try:
        await db.execute("CREATE TABLE tablero_schema (version INTEGER NOT NULL)")
        await db.execute("INSERT INTO tablero_schema VALUES ($1)", latest("postgres") + 1)
        with pytest.raises(SchemaTooNew, match="upgrade Tablero"):
            await PostgresStore.open(url)
        tables = {
            r["tablename"]
            for r in await db.fetch("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
        }
    finally:
        await db.close()
    assert tables == {"tablero_schema"}


async def test_corrupt_options_are_reported_not_raised() -> None:
    url = postgres_url()
    await reset_postgres(url)
    store = await PostgresStore.open(url)
    players = (Player("1", "Ana"), Player("2", "Bo"))
    match_id = await store.create_match(NewMatch("keer-kids", players, "s", {}))
    db = await asyncpg.connect(url)
    try:
        await db.execute("UPDATE matches SET options = '{not json' WHERE id = $1", match_id)
    finally:
        await db.close()
    rebuilt = await rebuild_open(store)
    assert "options is not valid JSON" in rebuilt.problems[match_id]
    await store.close()

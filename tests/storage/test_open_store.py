"""Choosing the backend: a postgresql:// DATABASE_URL, else the SQLite file."""

from __future__ import annotations

from pathlib import Path

import pytest

from storage import PostgresStore, SqliteStore, StorageError, open_store

from .conftest import postgres_url, reset_postgres


async def test_without_a_url_the_sqlite_file_is_used(tmp_path: Path) -> None:
    store = await open_store(None, tmp_path / "x" / "t.db")
    assert isinstance(store, SqliteStore) and (tmp_path / "x" / "t.db").is_file()
    await store.close()


async def test_a_postgresql_url_opens_postgres() -> None:
    url = postgres_url()
    await reset_postgres(url)
    store = await open_store(url)
    assert isinstance(store, PostgresStore)
    await store.close()


async def test_another_url_is_refused_with_a_clear_message() -> None:
    with pytest.raises(StorageError, match="must be a postgresql:// URL"):
        await open_store("mysql://nope")


async def test_an_unreachable_postgres_is_a_storage_error() -> None:
    with pytest.raises(StorageError, match="cannot connect to PostgreSQL"):
        await open_store("postgresql://nobody@127.0.0.1:1/none")

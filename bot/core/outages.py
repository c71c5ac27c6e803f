"""Whether an error means the database can't take writes now: an outage to wait out and say
so, not a bug and not damage."""

from __future__ import annotations

import sqlite3

import aiohttp
import asyncpg

_OUTAGES: tuple[type[BaseException], ...] = (
    sqlite3.OperationalError,  # a locked, read-only or full SQLite file, or I/O failing
    OSError,  # disk full, connection refused
    asyncpg.PostgresConnectionError,
    asyncpg.InterfaceError,
    asyncpg.CannotConnectNowError,
)


_DISCORDS: tuple[type[BaseException], ...] = (aiohttp.ClientError,)
"""Errors of the HTTP client the bot reaches Discord with: some are OSErrors too (a refused or
timed-out connection), and they are Discord's, never the database's."""


def store_outage(error: BaseException) -> bool:
    """Whether an error means the database can't take writes now (not a bug, not damage)."""
    return isinstance(error, _OUTAGES) and not isinstance(error, _DISCORDS)

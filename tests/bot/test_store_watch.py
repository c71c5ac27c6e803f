"""A database outage is logged in three kinds of line only — when it starts, once a minute while
it lasts, when it ends — however many operations fail meanwhile, and what waited for the
database runs the moment it answers, in the order it was registered."""

from __future__ import annotations

import asyncio
import logging
import sqlite3

import pytest
from aiohttp import ClientConnectorError, ClientOSError
from aiohttp.client_reqrep import ConnectionKey

from bot.core.outages import store_outage
from bot.core.store_watch import StoreWatch
from fakediscord import FakeClock


class Database:
    """A database that refuses `failing` more pings, each taking `each_s` of virtual time."""

    def __init__(self, clock: FakeClock, failing: int, each_s: float) -> None:
        self.clock, self.failing, self.each_s = clock, failing, each_s

    async def ping(self) -> None:
        self.clock.advance(self.each_s)
        if self.failing > 0:
            self.failing -= 1
            raise ConnectionRefusedError(111, "Connection refused")


async def test_an_outage_is_logged_when_it_starts_once_a_minute_and_when_it_ends(
    caplog: pytest.LogCaptureFixture,
) -> None:
    clock = FakeClock()
    database = Database(clock, failing=30, each_s=5.0)  # 150 s of outage, asked every 5 s
    watch = StoreWatch(database, lambda: int(clock() * 1000), every_s=0.001)
    ran: list[str] = []
    back = asyncio.Event()

    async def first() -> None:
        ran.append("kept clicks")

    async def second() -> None:
        ran.append("timers")
        back.set()

    watch.on_back(first)
    watch.on_back(second)
    with caplog.at_level(logging.DEBUG, logger="bot.core.store_watch"):
        for _ in range(50):  # every click and timer of the outage reports it
            watch.failed(ConnectionRefusedError(111, "Connection refused"))
        assert not watch.up
        await asyncio.wait_for(back.wait(), 10)
    lines = [(r.levelno, r.getMessage()) for r in caplog.records]
    assert [level for level, _ in lines] == [logging.ERROR] * 3 + [logging.WARNING]
    assert "can't take writes" in lines[0][1]
    assert [text.split(" after ")[1].split(" s")[0] for _, text in lines[1:3]] == ["60", "120"]
    assert lines[3][1] == "the database takes writes again, after 155.0 s"
    assert ran == ["kept clicks", "timers"] and watch.up
    watch.stop()


def test_a_connection_error_of_discord_s_http_client_is_no_database_outage() -> None:
    """A post to Discord that could not connect (an OSError too) is retried as Discord's error:
    the store's watch is not told the database is down."""
    key = ConnectionKey("discord.com", 443, True, True, None, None, None)
    refused = ClientConnectorError(key, ConnectionRefusedError(111, "Connection refused"))
    assert isinstance(refused, OSError) and not store_outage(refused)
    assert not store_outage(ClientOSError(104, "Connection reset by peer"))
    assert store_outage(ConnectionRefusedError(111, "Connection refused"))  # the database's
    assert store_outage(sqlite3.OperationalError("database is locked"))

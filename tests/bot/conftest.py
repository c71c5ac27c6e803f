"""Tablero's bot against the fake Discord: a server, a channel, members, and bots to restart."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bot.app import TableroBot
from bot.config import Config
from tests.bot.fakediscord import FakeChannel, FakeClock, FakeDiscord, FakeGuild, FakeUser


@dataclass
class Server:
    """One guild with a games channel and a few members."""

    fake: FakeDiscord
    guild: FakeGuild
    channel: FakeChannel
    ana: FakeUser
    bo: FakeUser
    cas: FakeUser
    eve: FakeUser
    """A member who plays in nothing."""
    mod: FakeUser
    """A member with Manage Server."""
    db_path: Path
    clock: FakeClock | None = None
    """Virtual time shared by the fake Discord and the bot (Kero's tanker tests)."""

    async def start_bot(self, **options: Any) -> TableroBot:
        """A new bot process on the same database and the same fake Discord."""
        config = Config(
            token="fake-token",
            dev_guild_id=None,
            database_url=None,
            db_path=self.db_path,
            log_level="INFO",
        )
        if self.clock is not None:
            options.setdefault("local_clock", self.clock)
        bot = TableroBot(config, **options)
        await self.fake.connect(bot)
        return bot


@pytest.fixture
async def server(tmp_path: Path) -> AsyncIterator[Server]:
    """A fake Discord with one server; fails the test if Discord refused any call."""
    async for made in _server(tmp_path, None):
        yield made


@pytest.fixture
async def timed_server(tmp_path: Path) -> AsyncIterator[Server]:
    """The same on virtual time: the test moves the clock of Discord and of the bot."""
    async for made in _server(tmp_path, FakeClock()):
        yield made


async def _server(tmp_path: Path, clock: FakeClock | None) -> AsyncIterator[Server]:
    fake = FakeDiscord(clock=clock) if clock is not None else FakeDiscord()
    # Generous waits: a busy CI machine may be slow; Discord's own 3 s rule is still enforced.
    fake.response_timeout = fake.settle_timeout = 30.0
    guild = fake.add_guild("Test server")
    channel = fake.add_channel(guild, "games")
    members = [fake.add_member(guild, name) for name in ("Ana", "Bo", "Cas", "Eve")]
    mod = fake.add_member(guild, "Mod", manage_guild=True)
    yield Server(fake, guild, channel, *members, mod, tmp_path / "tablero.db", clock)
    await fake.settle()
    await fake.close()
    assert fake.violations == []


@pytest.fixture
async def bot(server: Server) -> AsyncIterator[TableroBot]:
    """A running bot; its background work must not have failed."""
    started = await server.start_bot()
    yield started
    await server.fake.settle()
    assert started.publisher.errors == []

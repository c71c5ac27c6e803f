"""Tablero's bot against the fake Discord: a server, a channel, members, and bots to restart."""

from __future__ import annotations

import itertools
import os
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from bot.app import TableroBot
from bot.config import Config, Secret
from bot.delivery import outbox
from fakediscord import FakeChannel, FakeClock, FakeDiscord, FakeGuild, FakeUser


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
    seed: str = "tests"
    """Prefix of the matches' chance seeds: reproducible runs (TABLERO_TEST_SEED varies them)."""
    _made: itertools.count[int] = field(default_factory=itertools.count)

    def next_seed(self) -> str:
        """The next match's seed."""
        return f"{self.seed}/{next(self._made)}"

    def config(self) -> Config:
        """The bot's configuration: this server's database."""
        return Config(Secret("fake-token"), None, None, self.db_path, "INFO")

    def new_bot(self, **options: Any) -> TableroBot:
        """A new bot process on the same database, on this server's clock and seeds, not yet
        connected (a loopback test runs its unmodified `start()`)."""
        if self.clock is not None:
            options.setdefault("local_clock", self.clock)
        options.setdefault("match_seeds", self.next_seed)
        return TableroBot(self.config(), **options)

    async def start_bot(self, **options: Any) -> TableroBot:
        """A new bot process on the same database, connected to the same fake Discord."""
        bot = self.new_bot(**options)
        await self.fake.connect(bot)
        return bot


@pytest.fixture(autouse=True)
def _edits_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Edits of a shown message go at once here: `settle()` waits for the bot's work, and a
    refresh's window for more changes is real time (tests/bot/test_refresh_window.py runs it;
    the chaos tests' processes run with it)."""
    monkeypatch.setattr(outbox, "REFRESH_WINDOW_S", 0.0)


@pytest.fixture
async def server(tmp_path: Path, request: pytest.FixtureRequest) -> AsyncIterator[Server]:
    """A fake Discord with one server; fails the test if Discord refused any call."""
    async for made in _server(tmp_path, None, _seed(request)):
        yield made


@pytest.fixture
async def timed_server(tmp_path: Path, request: pytest.FixtureRequest) -> AsyncIterator[Server]:
    """The same on virtual time: the test moves the clock of Discord and of the bot."""
    async for made in _server(tmp_path, FakeClock(), _seed(request)):
        yield made


def _seed(request: pytest.FixtureRequest) -> str:
    return f"{os.environ.get('TABLERO_TEST_SEED', 'tests')}/{request.node.name}"


async def _server(
    tmp_path: Path, clock: FakeClock | None, seed: str = "tests"
) -> AsyncIterator[Server]:
    fake = FakeDiscord(clock=clock) if clock is not None else FakeDiscord()
    assert fake.schema.active, "install the dev extras: the double checks Discord's schema"
    # Generous waits: a busy CI machine may be slow; Discord's own 3 s rule is still enforced.
    fake.response_timeout = fake.settle_timeout = 30.0
    guild = fake.add_guild("Test server")
    channel = fake.add_channel(guild, "games")
    members = [fake.add_member(guild, name) for name in ("Ana", "Bo", "Cas", "Eve")]
    mod = fake.add_member(guild, "Mod", manage_guild=True)
    yield Server(fake, guild, channel, *members, mod, tmp_path / "tablero.db", clock, seed)
    await fake.settle()
    await fake.close()
    assert fake.violations == []


@pytest.fixture
async def bot(server: Server) -> AsyncIterator[TableroBot]:
    """A running bot; its background work must not have failed."""
    started = await server.start_bot()
    yield started
    await server.fake.settle()
    assert started.runtime.publisher.errors == []


def said(res: Any) -> str:
    """The text of an interaction's first response."""
    return str((res.response or {}).get("data", {}).get("content") or "")


def recorded_bots(monkeypatch: pytest.MonkeyPatch) -> list[TableroBot]:
    """The bots `tablero run`'s `serve` makes from now on, in order (its `new_bot` records)."""
    from bot import run as tablero_run  # noqa: PLC0415 - only the tests that run `serve`

    made: list[TableroBot] = []

    class Recorded(TableroBot):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            made.append(self)

    monkeypatch.setattr(tablero_run, "new_bot", Recorded)
    return made

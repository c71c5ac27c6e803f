"""PostgreSQL stopped and started mid-match under a running bot (issue 16's chaos test): a click
is refused in words and changes nothing, a tank deadline due meanwhile runs dry once the server
is back, a message posted while the step could not be settled is settled afterwards, and play
goes on — all without restarting the bot.

The bot runs in-process on the fake Discord with `database_url` pointing at the test server,
which `.ci/postgres.sh`'s script stops and starts (tests/storage/helpers.py).
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import time
from collections.abc import AsyncIterator, Callable
from typing import Any

import pytest

from bot.app import TableroBot
from bot.config import Config, Secret, database_secret
from bot.core.live import LiveMatch
from bot.games.kero.rules import GRACE_MS, kero_state
from bot.ui.answers import HELD, OUTAGE
from fakediscord import FakeClock, FakeMessage, InteractionResult
from games.keer_kids import Phase as KeerPhase
from games.kero import actions as a
from games.kero.board import Phase
from tests.bot.conftest import Server, said
from tests.bot.helpers import controls
from tests.bot.keer_driver import keer, members, play_roll, start_match
from tests.bot.kero_driver import KeroDriver, empty_at, rolling
from tests.storage.helpers import PgServer, kept_running
from words import words_for

log = logging.getLogger(__name__)

QUICK_S = 0.05
"""The first retry's wait of timers and deliveries here (a second and half a second in the bot):
the outage lasts a fraction of a second."""
WITHIN_S = 10.0
"""How long the bot may take to get over the outage once the server is back."""
BESIDE = "test-pg-outage"
"""The name of the test's own task that starts the server while the bot works."""


@dataclasses.dataclass
class PgDiscord(Server):
    """The fake Discord server, with bots that store on the test PostgreSQL."""

    database_url: str = ""

    def config(self) -> Config:
        """The bot on the PostgreSQL database, as `DATABASE_URL` would make it."""
        return Config(
            Secret("fake-token"), None, database_secret(self.database_url), self.db_path, "INFO"
        )


def on_postgres(server: Server, pg: PgServer) -> PgDiscord:
    """The same fake Discord server, its bots on PostgreSQL."""
    fields = {f.name: getattr(server, f.name) for f in dataclasses.fields(server)}
    return PgDiscord(**fields, database_url=pg.url)


@pytest.fixture
async def pg() -> AsyncIterator[PgServer]:
    """The test PostgreSQL, emptied, and running again after the test."""
    async with kept_running() as server:
        yield server


@pytest.fixture
def pg_server(server: Server, pg: PgServer) -> PgDiscord:
    """The fake Discord server on PostgreSQL."""
    return on_postgres(server, pg)


@pytest.fixture
def pg_timed_server(timed_server: Server, pg: PgServer) -> PgDiscord:
    """The same on virtual time."""
    return on_postgres(timed_server, pg)


async def until(
    done: Callable[[], bool],
    what: str,
    within_s: float = WITHIN_S,
    clock: FakeClock | None = None,
) -> float:
    """Poll until `done`; the seconds it took (the test fails after `within_s`). With a virtual
    `clock`, it moves as real time does meanwhile."""
    began = last = time.monotonic()
    while not done():
        now = time.monotonic()
        if now - began > within_s:
            raise AssertionError(f"{what}: not within {within_s} s")
        if clock is not None:
            clock.advance(now - last)
        last = now
        await asyncio.sleep(0.01)
    return time.monotonic() - began


async def test_a_click_while_postgres_is_down_is_refused_then_works_once_it_is_back(
    pg_server: PgDiscord, pg: PgServer
) -> None:
    server, fake = pg_server, pg_server.fake
    bot = await server.start_bot()
    live = await start_match(server, bot, [server.bo], ais=0)
    await play_roll(server, bot, live)  # mid-match: a roll played, the next one's message up
    assert keer(live).phase is KeerPhase.ROLL
    message = fake.message(int(live.message_id or 0))
    shown = (message.text, [c.custom_id for c in message.interactive()])
    roller = members(server)[live.players[keer(live).roller].id]
    version = live.state.version

    await pg.stop()
    began = time.monotonic()
    refused = await fake.click(bot, roller, message, "Roll")
    log.info("refused %.3f s after the click", time.monotonic() - began)
    assert refused.ephemeral and said(refused) == words_for("en")(OUTAGE)
    assert live.state.version == version and keer(live).phase is KeerPhase.ROLL
    assert (message.text, [c.custom_id for c in message.interactive()]) == shown

    began = time.monotonic()
    await pg.start()
    assert (await bot.runtime.store.load(live.id)).version == version  # nothing was stored either
    again = await fake.click(bot, roller, message, "Roll")
    log.info("the click worked %.3f s after the server was started", time.monotonic() - began)
    assert not again.ephemeral and live.state.version > version
    await fake.settle()
    await play_roll(server, bot, live)  # play goes on: the rest of the roll, the next message
    assert live.message_id != str(message.id)
    assert (await bot.runtime.store.load(live.id)).version == live.state.version
    assert await bot.runtime.store.owed_messages() == []
    assert bot.runtime.publisher.errors == []
    await fake.disconnect(bot)


async def test_a_message_posted_while_postgres_went_down_is_settled_once_it_is_back(
    pg_server: PgDiscord,
    pg: PgServer,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    server, fake = pg_server, pg_server.fake
    bot = await server.start_bot()
    bot.runtime.outbox.first_wait_s = QUICK_S
    live = await start_match(server, bot, [server.bo], ais=0)
    remember, stopped = bot.runtime.service.set_message, asyncio.Event()

    async def down_while_remembering(*args: Any, **kwargs: Any) -> None:
        """The next roll's message is posted; the database goes down as the bot stores it."""
        if not stopped.is_set():
            stopped.set()
            await pg.stop()
        await remember(*args, **kwargs)

    def retries() -> int:
        return sum("delivering its message failed" in r.getMessage() for r in caplog.records)

    monkeypatch.setattr(bot.runtime.service, "set_message", down_while_remembering)
    fake.background_prefixes += (BESIDE,)  # the bot's work is done without waiting for it
    with caplog.at_level(logging.DEBUG, logger="bot.delivery.outbox"):
        back = asyncio.create_task(start_after(retries, server, bot, pg, live.id), name=BESIDE)
        await play_roll(server, bot, live)  # its last pick owes the next roll's message
        recovered = await back
    log.info("the owed message was settled %.3f s after the server was started", recovered)
    assert await bot.runtime.store.owed_messages() == []
    assert [str(m.id) for m in clickable(server)] == [live.message_id]  # posted once
    assert (await bot.runtime.store.load(live.id)).message_id == live.message_id
    await play_roll(server, bot, live)  # the new message works
    assert await bot.runtime.store.owed_messages() == []
    assert bot.runtime.publisher.errors == []
    await fake.disconnect(bot)


async def start_after(
    retries: Callable[[], int], server: Server, bot: TableroBot, pg: PgServer, match_id: int
) -> float:
    """Once the outbox retried twice (the message it posted is still owed), start the server;
    the seconds until the match owes nothing."""
    try:
        await until(lambda: retries() >= 2, "the outbox retried its delivery")
        assert bot.runtime.outbox.owes_post(match_id)
        assert [str(m.id) for m in clickable(server)] == [
            bot.runtime.service.matches[match_id].message_id
        ]
    finally:
        began = time.monotonic()
        await pg.start()
    await until(lambda: bot.runtime.outbox.pending() == 0, "the owed message was settled")
    return time.monotonic() - began


def clickable(server: Server) -> list[FakeMessage]:
    """The channel's messages that still have buttons."""
    return [m for m in server.fake.channel_messages(server.channel) if controls(m)]


async def test_a_tank_deadline_due_while_postgres_is_down_runs_dry_once_it_is_back(
    pg_timed_server: PgDiscord, pg: PgServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("bot.core.timers.RETRY_FIRST_MS", int(QUICK_S * 1000))
    driver = await rolling(pg_timed_server)
    bot, live, fake = driver.bot, driver.live, pg_timed_server.fake
    bot.runtime.outbox.first_wait_s = QUICK_S
    empty, version = empty_at(driver), live.state.version

    await pg.stop()
    driver.clock.now = (empty + GRACE_MS + 1) / 1000  # the deadline is due during the outage
    bot.runtime.timers.rearm(live)
    first = bot.runtime.timers.pending(live.id)
    assert first is not None
    await asyncio.wait_for(first, WITHIN_S)  # it failed: the store is down
    assert kero_state(live.state).phase is Phase.ROLLING and live.state.version == version
    retry = bot.runtime.timers.pending(live.id)
    assert retry is not None and retry is not first and not retry.done()  # re-armed

    await pg.start()
    dry = await until(lambda: ran_dry(live) > 0, "the tank ran dry", clock=driver.clock)
    log.info("the tank ran dry %.3f s after the server was started", dry)
    await fake.settle()
    await until(lambda: bot.runtime.outbox.pending() == 0, "the step's message was delivered")
    assert ran_dry(live) == 1
    assert await bot.runtime.store.owed_messages() == []
    stored = await bot.runtime.store.load(live.id)
    assert sum(e.action == a.TankEmpty(empty).to_text() for e in stored.record.entries) == 1
    await driver.step()  # play goes on after the free refuel
    assert ran_dry(live) == 1 and bot.runtime.publisher.errors == []
    await fake.disconnect(bot)


async def test_a_deadline_waiting_on_the_database_fires_once_it_answers_not_at_its_backoff(
    pg_timed_server: PgDiscord, pg: PgServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The retry's backoff is 30 s here: only the store probe can bring the deadline back
    within WITHIN_S of the server's return."""
    monkeypatch.setattr("bot.core.timers.RETRY_FIRST_MS", 30_000)
    driver = await rolling(pg_timed_server)
    bot, live = driver.bot, driver.live
    bot.runtime.outbox.first_wait_s = QUICK_S
    empty = empty_at(driver)

    await pg.stop()
    driver.clock.now = (empty + GRACE_MS + 1) / 1000
    bot.runtime.timers.rearm(live)
    first = bot.runtime.timers.pending(live.id)
    assert first is not None
    await asyncio.wait_for(first, WITHIN_S)  # it failed: the store is down
    assert ran_dry(live) == 0

    await pg.start()
    dry = await until(lambda: ran_dry(live) > 0, "the tank ran dry", clock=driver.clock)
    log.info("the tank ran dry %.3f s after the server was started (backoff: 30 s)", dry)
    await pg_timed_server.fake.settle()
    await until(lambda: bot.runtime.outbox.pending() == 0, "the step's message was delivered")
    assert ran_dry(live) == 1 and bot.runtime.publisher.errors == []
    await pg_timed_server.fake.disconnect(bot)


def ran_dry(live: LiveMatch) -> int:
    """How often the match's tank ran dry at its empty moment."""
    return sum(isinstance(act, a.TankEmpty) for _, act in kero_state(live.state).history)


async def test_a_tank_deadline_that_failed_leaves_no_computer_move_waiting(
    pg_timed_server: PgDiscord, pg: PgServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("bot.core.timers.RETRY_FIRST_MS", int(QUICK_S * 1000))
    driver = await rolling(pg_timed_server)
    bot, live = driver.bot, driver.live
    await pg.stop()
    driver.clock.now = (empty_at(driver) + GRACE_MS + 1) / 1000
    bot.runtime.timers.rearm(live)
    first = bot.runtime.timers.pending(live.id)
    assert first is not None
    await asyncio.wait_for(first, WITHIN_S)
    assert live.wake_at is None  # nothing the computer would do next was stored
    retry = bot.runtime.timers.pending(live.id)
    assert retry is not None and not retry.done()  # the deadline's own retry
    await pg.start()
    await until(lambda: ran_dry(live) > 0, "the tank ran dry", clock=driver.clock)
    await pg_timed_server.fake.settle()
    assert ran_dry(live) == 1 and bot.runtime.publisher.errors == []
    await pg_timed_server.fake.disconnect(bot)


async def stop_clicked(driver: KeroDriver, at_ms: int) -> asyncio.Task[InteractionResult]:
    """Ana clicks Stop at Discord time `at_ms` (a task: the answer may take a while)."""
    driver.clock.now = at_ms / 1000
    fake, stop = driver.server.fake, driver.button_id(":act:stop@")
    click = fake.click(driver.bot, driver.user(0), driver.message, stop, at_ms=at_ms)
    return asyncio.create_task(click, name="fakediscord-bg-stop")


async def test_a_stop_while_postgres_is_down_is_kept_and_counts_once_it_is_back(
    pg_timed_server: PgDiscord, pg: PgServer
) -> None:
    driver = await rolling(pg_timed_server)
    bot, live = driver.bot, driver.live
    empty = empty_at(driver)

    await pg.stop()
    began = time.monotonic()
    answer = await asyncio.wait_for(await stop_clicked(driver, empty - 1_000), WITHIN_S)
    assert time.monotonic() - began < 3.0  # within Discord's 3 s
    assert answer.ephemeral and said(answer) == words_for("en")(HELD)
    driver.clock.now = (empty + 15_000) / 1000  # the outage outlasts E and its grace
    bot.runtime.timers.rearm(live)
    assert not bot.runtime.timers.is_due(live) and ran_dry(live) == 0

    await pg.start()
    back = await until(lambda: kero_state(live.state).phase is Phase.CAMP, "the Stop counted")
    log.info("the kept Stop counted %.3f s after the server was started", back)
    assert back < 1.0  # clickable again within a second of the database answering
    await pg_timed_server.fake.settle()
    assert kero_state(live.state).camps[0].tank.level_ms == 1_000 and ran_dry(live) == 0
    assert clickable(pg_timed_server)[-1].id == int(live.message_id or 0)
    await pg_timed_server.fake.disconnect(bot)


async def test_a_stop_while_postgres_hangs_is_answered_in_time_and_counts(
    pg_timed_server: PgDiscord, pg: PgServer
) -> None:
    driver = await rolling(pg_timed_server)
    bot, live = driver.bot, driver.live
    empty = empty_at(driver)

    await pg.freeze()
    try:
        began = time.monotonic()
        stop = await stop_clicked(driver, empty - 1_000)
        answer = await asyncio.wait_for(stop, WITHIN_S)
        assert time.monotonic() - began < 3.0  # within Discord's 3 s
        assert answer.ephemeral and said(answer) == words_for("en")(HELD)
        driver.clock.now = (empty + 5_000) / 1000
        assert ran_dry(live) == 0
    finally:
        await pg.thaw()
    await until(lambda: kero_state(live.state).phase is Phase.CAMP, "the Stop counted")
    await pg_timed_server.fake.settle()
    assert kero_state(live.state).camps[0].tank.level_ms == 1_000 and ran_dry(live) == 0
    await pg_timed_server.fake.disconnect(bot)

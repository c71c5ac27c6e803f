"""A tanker turn is never decided by the bot's own fault: a timed click the database refuses, or
does not answer within Discord's 3 s, is kept with its Discord stamp, answered "kept", and
applied in click order once the database answers — before the tank's deadline, with the wait
given back to the tank — and a journal keeps it over a restart (docs/tanker-clock.md)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from bot.app import TableroBot
from bot.core.held import JOURNAL_NAME
from bot.games.kero.rules import kero_state
from bot.ui.answers import HELD, HELD_ALREADY
from games.kero import actions as a
from games.kero.board import Phase
from tests.bot.conftest import Server, said
from tests.bot.keer_driver import live_here
from tests.bot.kero_driver import KeroDriver, empty_at, rolling
from words import words_for

EN = words_for("en")
WITHIN_S = 10.0
"""How long the bot may take to apply the kept clicks once the database answers (the probe
asks every 0.25 s)."""


class Outage:
    """The bot's database refusing writes and pings until `end` (a connection refused)."""

    def __init__(self, bot: TableroBot, monkeypatch: pytest.MonkeyPatch) -> None:
        self.down = True
        store = bot.runtime.store
        for name in ("append", "ping"):
            monkeypatch.setattr(store, name, self._failing(getattr(store, name)))

    def _failing(self, real: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        async def call(*args: Any, **kwargs: Any) -> Any:
            if self.down:
                raise ConnectionRefusedError(111, "Connection refused")
            return await real(*args, **kwargs)

        return call

    def end(self) -> None:
        """The database answers again."""
        self.down = False


async def until(done: Callable[[], bool], what: str) -> None:
    """Poll until `done` (the store's probe runs on real time)."""
    for _ in range(int(WITHIN_S / 0.01)):
        if done():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"{what}: not within {WITHIN_S} s")


def tank_empties(driver: KeroDriver) -> int:
    """How often the tank's deadline applied `empty@E`."""
    return sum(isinstance(act, a.TankEmpty) for _, act in kero_state(driver.live.state).history)


async def click(driver: KeroDriver, suffix: str, at_ms: int) -> Any:
    """Ana clicks the current message's button ending with `suffix` at Discord time `at_ms`."""
    driver.clock.now = at_ms / 1000
    fake = driver.server.fake
    custom_id = driver.button_id(suffix)
    return await fake.click(driver.bot, driver.user(0), driver.message, custom_id, at_ms=at_ms)


async def reroll(driver: KeroDriver, at_ms: int) -> Any:
    """Ana marks her first die and re-rolls it at Discord time `at_ms`."""
    fake, bot = driver.server.fake, driver.bot
    await fake.click(bot, driver.user(0), driver.message, driver.first_toggle())
    driver.clock.now = at_ms / 1000
    custom_id = next(
        str(c.custom_id)
        for c in driver.message.interactive()
        if ":act:reroll:" in str(c.custom_id) and not c.disabled
    )
    return await fake.click(bot, driver.user(0), driver.message, custom_id, at_ms=at_ms)


async def test_a_stop_the_database_refused_is_kept_and_counts_once_it_is_back(
    timed_server: Server, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    driver = await rolling(timed_server)
    bot, live = driver.bot, driver.live
    empty = empty_at(driver)
    outage = Outage(bot, monkeypatch)
    journal = timed_server.db_path.parent / JOURNAL_NAME

    with caplog.at_level(logging.INFO):
        kept = await click(driver, ":act:stop@", empty - 2_000)
        assert kept.ephemeral and said(kept) == EN(HELD)
        assert [c.action for c in live.held] == [a.Stop(empty - 2_000)]
        assert journal.exists()  # a restart now would not lose it
        again = await click(driver, ":act:stop@", empty - 1_000)  # a retry is not kept twice
        assert again.ephemeral and said(again) == EN(HELD_ALREADY) and len(live.held) == 1

        driver.clock.now = (empty + 20_000) / 1000  # the outage outlasts the tank and its grace
        bot.runtime.timers.rearm(live)
        assert not bot.runtime.timers.is_due(live)  # the deadline waits for the kept click
        assert kero_state(live.state).phase is Phase.ROLLING

        outage.end()
        await until(lambda: kero_state(live.state).phase is not Phase.ROLLING, "the Stop applied")
        await timed_server.fake.settle()
    state = kero_state(live.state)
    assert state.phase is Phase.CAMP and tank_empties(driver) == 0
    assert state.camps[0].tank.level_ms == 2_000  # what Ana had left when she clicked
    assert live.held == [] and not journal.exists()
    assert not [c for c in driver.message.interactive() if str(c.custom_id).endswith("stop@")]
    outages = [r for r in caplog.records if r.name == "bot.core.store_watch"]
    assert [r.levelno for r in outages] == [logging.ERROR, logging.WARNING]  # began, ended
    await timed_server.fake.disconnect(bot)


async def test_a_reroll_kept_through_an_outage_gives_the_whole_wait_back(
    timed_server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    driver = await rolling(timed_server)
    bot, live = driver.bot, driver.live
    empty = empty_at(driver)
    outage = Outage(bot, monkeypatch)
    clicked = empty - 3_000
    kept = await reroll(driver, clicked)
    assert kept.ephemeral and said(kept) == EN(HELD)
    assert isinstance(live.held[0].action, a.Reroll)

    driver.clock.now = (empty + 10_000) / 1000
    outage.end()
    back = bot.runtime.clock_sync.now_ms()
    await until(lambda: not live.held, "the re-roll applied")
    await timed_server.fake.settle()
    state = kero_state(live.state)
    assert state.phase is Phase.ROLLING and tank_empties(driver) == 0
    # The dice were seen only now: Ana has what she had when she clicked, from now on.
    assert empty_at(driver) - back == empty - clicked
    await timed_server.fake.disconnect(bot)


async def test_a_click_the_database_does_not_answer_is_answered_within_three_seconds(
    timed_server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A hung database: the member is told at once; the Stop counts when the store fails at
    last (kept), and a re-roll that is stored late gets the wait back."""
    monkeypatch.setattr("bot.ui.patience.ANSWER_BY_MS", 200)
    driver = await rolling(timed_server)
    bot, live, store = driver.bot, driver.live, driver.bot.runtime.store
    empty = empty_at(driver)
    release = asyncio.Event()
    append = store.append

    async def hung(*args: Any, **kwargs: Any) -> Any:
        await release.wait()
        return await append(*args, **kwargs)

    monkeypatch.setattr(store, "append", hung)
    clicked = empty - 4_000
    version = live.state.version
    answered = asyncio.create_task(reroll(driver, clicked), name="fakediscord-bg-reroll")
    done, _ = await asyncio.wait({answered}, timeout=3.0)
    assert done, "no answer within Discord's 3 s"
    assert answered.result().ephemeral and said(answered.result()) == EN(HELD)
    assert live.state.version == version  # not stored yet
    driver.clock.now = (empty + 5_000) / 1000
    back = bot.runtime.clock_sync.now_ms()
    release.set()  # the database answers at last: stored late
    await until(lambda: not live.lock.locked() and live.state.version > version, "stored")
    await until(lambda: empty_at(driver) > empty + 2_000, "the wait given back")
    await timed_server.fake.settle()
    assert empty_at(driver) - back == empty - clicked  # Ana has what she had at her click
    await timed_server.fake.disconnect(bot)


async def test_a_kept_stop_survives_a_restart(
    timed_server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    driver = await rolling(timed_server)
    bot, empty = driver.bot, empty_at(driver)
    Outage(bot, monkeypatch)
    kept = await click(driver, ":act:stop@", empty - 1_500)
    assert said(kept) == EN(HELD)
    monkeypatch.undo()  # the next process's database works
    await timed_server.fake.disconnect(bot)  # the process ends with the Stop kept

    driver.clock.now = (empty + 30_000) / 1000
    again = await timed_server.start_bot(ai_think_ms=1_500)
    await timed_server.fake.settle()
    live = live_here(again, timed_server)
    assert live is not None
    state = kero_state(live.state)
    assert state.phase is Phase.CAMP and state.camps[0].tank.level_ms == 1_500
    assert not any(isinstance(act, a.TankEmpty) for _, act in state.history)
    assert not (timed_server.db_path.parent / JOURNAL_NAME).exists()
    await timed_server.fake.disconnect(again)


async def test_a_damaged_journal_is_read_past_and_never_stops_a_start(
    server: Server, caplog: pytest.LogCaptureFixture
) -> None:
    journal = server.db_path.parent / JOURNAL_NAME
    journal.parent.mkdir(parents=True, exist_ok=True)
    lines = ['{"held": {"id": "1", "match": "x"}}', "not json", '{"held": {"id": "2"}}']
    journal.write_text("\n".join([*lines, '{"held": {"id": "3", "match": 99}}']) + "\n")
    with caplog.at_level(logging.WARNING, logger="bot.core.held"):
        bot = await server.start_bot()
    unread = [r for r in caplog.records if "can't be read" in r.getMessage()]
    assert len(unread) == 2  # the two lines naming no match that can be read
    assert not journal.exists()  # nothing is kept any more
    assert bot.runtime.service.matches == {}
    await server.fake.disconnect(bot)

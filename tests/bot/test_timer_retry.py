"""A timer whose work fails (the database or Discord down) is retried with a growing wait until
it succeeds: the tank still runs dry, once, after the outage — never silently dropped. A
database outage is logged once, by the store's watch, not by every try."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from bot.games.kero.rules import GRACE_MS, kero_state
from games.kero import actions as a
from games.kero.board import Phase
from tests.bot.conftest import Server
from tests.bot.kero_driver import empty_at, fire_due, rolling

QUICK_MS = 50
"""The first retry's wait in this test (a second in the bot)."""


async def test_a_failed_tank_deadline_is_retried_until_it_fires(
    timed_server: Server, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    driver = await rolling(timed_server)
    bot, live = driver.bot, driver.live
    system, failures = bot.runtime.service.system, [2]

    async def down_then_up(*args: Any, **kwargs: Any) -> Any:
        if failures[0]:
            failures[0] -= 1
            raise ConnectionRefusedError("the database is down")
        return await system(*args, **kwargs)

    monkeypatch.setattr(bot.runtime.service, "system", down_then_up)
    monkeypatch.setattr("bot.core.timers.RETRY_FIRST_MS", QUICK_MS)
    empty = empty_at(driver)
    driver.clock.now = (empty + GRACE_MS + 1) / 1000
    with caplog.at_level(logging.WARNING):
        await fire_due(timed_server, bot, live)
        assert kero_state(live.state).phase is Phase.ROLLING  # not applied: the store failed
        retry = bot.runtime.timers.pending(live.id)
        assert retry is not None and not retry.done()  # re-armed, not dropped
        for _ in range(2):  # the second attempt fails too, the third applies the deadline
            driver.clock.advance(2 * QUICK_MS / 1000)
            task = bot.runtime.timers.pending(live.id)
            assert task is not None
            await task
    await timed_server.fake.settle()
    history = [act for _, act in kero_state(live.state).history]
    assert history.count(a.TankEmpty(empty)) == 1
    assert [r for r in caplog.records if "retrying" in r.getMessage()] == []
    began = [r for r in caplog.records if "can't take writes" in r.getMessage()]
    assert [(r.name, r.levelno) for r in began] == [("bot.core.store_watch", logging.ERROR)]
    assert not any(r.exc_info for r in caplog.records)  # no traceback for an outage
    await timed_server.fake.disconnect(bot)

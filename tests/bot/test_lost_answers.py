"""A stored step whose answer Discord lost: its message is edited instead, at once after
Discord's 3 seconds (not after discord.py's retries of a 5xx), and Kero gives the wait back to
the tank — the player never pays for dice they could not see."""

from __future__ import annotations

import asyncio
import time

from bot.delivery.steps import ANSWER_WINDOW_MS
from bot.games.kero.rules import kero_state
from games.kero import actions as a
from games.kero.board import Phase
from games.kero.rules.rolling import MAX_CREDIT_MS
from tests.bot.conftest import Server
from tests.bot.helpers import delivered, quick
from tests.bot.kero_driver import KeroDriver, against_the_computer_over_loopback, empty_at, rolling

CALLBACKS = r"/interactions/\d+/[^/]+/callback$"
EDITS = r"/channels/\d+/messages/\d+$"


async def lost(driver: KeroDriver, custom_id: str) -> None:
    """Ana clicks; Discord loses the answer. Returns once the bot has handled the click."""
    fake = driver.server.fake
    click = fake.click(driver.bot, driver.user(0), driver.message, custom_id)
    task = asyncio.create_task(click, name="fakediscord-bg-lost")
    await asyncio.sleep(0)
    await fake.settle()
    assert list(fake.world.interactions.values())[-1].response_type is None
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)


def credits_after(driver: KeroDriver, version: int) -> list[int]:
    """The credits stored after `version` (the click's own and any given back later)."""
    history = kero_state(driver.live.state).history
    return [act.ms for _, act in history[version:] if isinstance(act, a.Credit)]


async def test_dice_shown_late_give_the_wait_back_to_the_tank(timed_server: Server) -> None:
    server, fake = timed_server, timed_server.fake
    driver = await rolling(server)
    quick(driver.bot)
    await fake.click(driver.bot, driver.user(0), driver.message, driver.first_toggle())
    reroll, empty, version = driver.button_id("@"), empty_at(driver), driver.live.state.version
    fake.background_prefixes += ("tablero-out",)
    fake.fail_next("POST", CALLBACKS, 503)
    fake.fail_next("PATCH", EDITS, 503, times=10**6)  # and the edit that shows it, a while

    await lost(driver, reroll)
    assert any(isinstance(act, a.Reroll) for _, act in kero_state(driver.live.state).history)
    assert credits_after(driver, version) == [], "no credit: the bot stored the click at once"
    assert driver.clock is not None
    driver.clock.advance(1.2)  # the players see the dice 1.2 s after the bot stored them
    fake.clear_failures()
    await delivered(server, driver.bot)

    assert credits_after(driver, version) == [1_200]
    assert empty_at(driver) == empty + 1_200
    assert f"<t:{(empty + 1_200) // 1000}:R>" in driver.message.text
    again = await fake.click(driver.bot, driver.user(0), driver.message, driver.first_toggle())
    assert again.acknowledged and not again.ephemeral  # the edited message is the one to click
    assert driver.bot.runtime.publisher.errors == []
    await fake.disconnect(driver.bot)


async def test_a_step_not_shown_late_gives_nothing_back(timed_server: Server) -> None:
    """The answer that showed the dice was taken: the later refreshes credit nothing."""
    server, fake = timed_server, timed_server.fake
    driver = await rolling(server)
    version = driver.live.state.version
    await fake.click(driver.bot, driver.user(0), driver.message, driver.first_toggle())
    assert driver.clock is not None
    driver.clock.advance(1.0)
    res = await fake.click(driver.bot, driver.user(0), driver.message, driver.button_id("@"))
    assert res.acknowledged and not res.ephemeral
    await delivered(server, driver.bot)
    assert credits_after(driver, version) == []
    await fake.disconnect(driver.bot)


async def test_a_lost_answer_is_not_waited_for_past_discords_three_seconds(
    server: Server,
) -> None:
    """Over real HTTP, discord.py retries a 5xx answer after 1, 3, 5 … s; Discord would refuse
    it after 3 s anyway, so the bot edits the message then, and credits the wait (capped)."""
    fake = server.fake
    async with fake.loopback() as loop:
        task, driver = await against_the_computer_over_loopback(server, loop)
        bot, live = driver.bot, driver.live
        await driver.press(0, "roll@")
        await fake.settle()
        assert kero_state(live.state).phase is Phase.ROLLING
        await fake.click(bot, driver.user(0), driver.message, driver.first_toggle())
        reroll, version = driver.button_id("@"), live.state.version
        shown = driver.message.edited_ms

        fake.fail_next("POST", CALLBACKS, 503, times=10)
        began = time.monotonic()
        click = asyncio.create_task(
            fake.click(bot, driver.user(0), driver.message, reroll), name="fakediscord-bg-x"
        )
        while driver.message.edited_ms == shown:
            assert time.monotonic() - began < 6, "the message was never edited"
            await asyncio.sleep(0.02)
        waited = time.monotonic() - began
        click.cancel()
        await asyncio.gather(click, return_exceptions=True)
        assert ANSWER_WINDOW_MS / 1000 - 0.5 <= waited <= ANSWER_WINDOW_MS / 1000 + 1.0, waited
        assert MAX_CREDIT_MS in credits_after(driver, version)
        assert bot.runtime.publisher.errors == []
        await bot.close()
        await task

"""What the browser tests do on the play page as a member does: type a command, press a card's
button until the bot takes it, find and take the choice an ephemeral offers."""

from __future__ import annotations

import asyncio
import contextlib
import re
import time

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page

from tests.web.cards import STEP_S


async def slash(page: Page, command: str) -> None:
    """Type a command in the composer and send it."""
    await page.get_by_test_id("composer-input").fill(command)
    await page.get_by_test_id("composer-send").click()


async def choice_offered(page: Page, match: int, version: int, die: str) -> str:
    """The test id of the choice for die `die` an ephemeral offers: its select, or the mark's
    button when a purple's only choice is the mark (not one an earlier roll left on the page)."""
    pattern = re.compile(rf"^(?:select-tbs|button-tb):{match}:(\d+):(?:pick:{die}:|mark:{die}$)")
    css = 'select[data-testid^="select-tbs:"], button[data-testid*=":mark:"]'
    limit = time.monotonic() + STEP_S
    while time.monotonic() < limit:
        found = await page.locator(css).evaluate_all(
            "elements => elements.map(e => e.dataset.testid)"
        )
        fresh = [t for t in found if (m := pattern.match(t)) and int(m[1]) >= version]
        if fresh:
            return fresh[-1]
        await asyncio.sleep(0.1)
    shown = await page.locator(".message.ephemeral").all_inner_texts()
    raise AssertionError(f"no choice of die {die} was offered at {version}+: {found} {shown[-3:]}")


async def choose(page: Page, testid: str) -> list[str]:
    """Take the first option of a choice's select (or click its mark button); the values it
    offered."""
    control = page.get_by_test_id(testid)
    if not testid.startswith("select-"):
        await control.click()
        return []
    values: list[str] = await control.locator("option:not([disabled])").evaluate_all(
        "options => options.map(o => o.value)"
    )
    await control.select_option(values[0])
    return values


async def press(page: Page, testid: str, *, tries: int = 3) -> bool:
    """Click a card's button until the bot has taken it (its card, redrawn for the next step,
    no longer has it): a click that lands while the page redraws the message is lost. False
    if the bot refused it every time (the rules may refuse a die: an ephemeral says why)."""
    button = page.get_by_test_id(testid)
    for _ in range(tries):
        with contextlib.suppress(PlaywrightError):
            await button.click(timeout=3_000)
            await button.wait_for(state="detached", timeout=5_000)
            return True
    return False


async def slash_with(page: Page, command: str, **options: str) -> None:
    """Type a command, fill its option fields (a choice by its shown name, else the text), and
    send it."""
    await page.get_by_test_id("composer-input").fill(command + " ")
    for name, value in options.items():
        field = page.get_by_test_id(f"option-{name}")
        await field.wait_for()
        if await field.evaluate("e => e.tagName") == "SELECT":
            await field.select_option(label=value)
        else:
            await field.fill(value)
    await page.get_by_test_id("composer-send").click()

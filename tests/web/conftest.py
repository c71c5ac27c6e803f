"""Browser tests: `tablero play` driven through its page in headless Chromium (the
distribution's package, `TABLERO_TEST_CHROMIUM` or /usr/bin/chromium) with Playwright."""

from __future__ import annotations

import os
import shutil
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import pytest
from playwright.async_api import Browser, Page, async_playwright

from tests.playing import Play, running_play

OpenPage = Callable[..., Awaitable[Page]]
DESKTOP, PHONE = 1280, 390
"""The widths the page is tested at: a laptop's, and a phone's (a touch screen at 2x)."""


def chromium() -> str:
    """The Chromium to drive, or skip (fail under CI) when there is none."""
    found = os.environ.get("TABLERO_TEST_CHROMIUM") or shutil.which("chromium")
    if found:
        return found
    if os.environ.get("CI"):
        pytest.fail("CI must run the browser tests: no Chromium (.ci/chromium.sh installs it)")
    pytest.skip("no Chromium (set TABLERO_TEST_CHROMIUM, or install the chromium package)")


@pytest.fixture
async def browser() -> AsyncIterator[Browser]:
    executable = chromium()
    async with async_playwright() as driver:
        launched = await driver.chromium.launch(
            executable_path=executable, headless=True, args=["--no-sandbox"]
        )
        try:
            yield launched
        finally:
            await launched.close()


@pytest.fixture
async def play(tmp_path: Path) -> AsyncIterator[Play]:
    async with running_play(tmp_path) as running:
        await running.until("the bot to connect", running.online, timeout=30)
        yield running


@pytest.fixture
def open_page(browser: Browser, play: Play) -> OpenPage:
    """A new tab on the page as a member, in a channel (a phone-sized one with `phone=True`)."""

    async def open_as(member: str, channel: str, *, phone: bool = False) -> Page:
        if phone:
            context = await browser.new_context(
                viewport={"width": PHONE, "height": 844},
                device_scale_factor=2,
                is_mobile=True,
                has_touch=True,
            )
        else:
            context = await browser.new_context(viewport={"width": DESKTOP, "height": 900})
        page = await context.new_page()
        page.set_default_timeout(15_000)
        await page.goto(f"{play.base}/play/?as={member}&channel={channel}")
        await page.get_by_test_id("composer-input").wait_for()
        return page

    return open_as

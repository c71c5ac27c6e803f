"""Keer op Keer Kids in the page, as a person plays it: `/keer start` typed in the composer,
Add AI twice, Start, then every roll by clicking the dice and choosing enclosures in the
ephemeral select, until the results image shows; a second member's tab sees the public
messages but none of Ana's ephemeral ones."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page

from tests.web.conftest import OpenPage

MATCH_S = 420.0
VERBS = (":roll", ":keep:", ":die:")


async def slash(page: Page, command: str) -> None:
    """Type a command in the composer and send it."""
    await page.get_by_test_id("composer-input").fill(command)
    await page.get_by_test_id("composer-send").click()


class Seat:
    """Ana's side of the match: what she already tried at each step (custom_ids carry the
    state version, so a new step offers new ones)."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.tried: set[str] = set()
        self.moves: list[str] = []

    async def move(self) -> bool:
        """One click or choice the page offers Ana now; False if there is none to try."""
        for testid in await self._offered('select[data-testid^="select-tbs:"]:enabled'):
            self.tried.add(testid)
            select = self.page.get_by_test_id(testid)
            values = await select.locator("option:not([disabled])").evaluate_all(
                "options => options.map(o => o.value)"
            )
            return bool(values) and await self._act("pick", select.select_option(values[0]))
        for verb in VERBS:
            css = f'button[data-testid^="button-tb:"][data-testid*="{verb}"]:enabled'
            for testid in await self._offered(css):
                self.tried.add(testid)
                return await self._act(verb.strip(":"), self.page.get_by_test_id(testid).click())
        return False

    async def _offered(self, css: str) -> list[str]:
        """The test ids of what matches now and was not tried yet (read in one go: the page
        re-renders a message when the bot edits it)."""
        found: list[str] = await self.page.locator(css).evaluate_all(
            "elements => elements.map(e => e.dataset.testid)"
        )
        return [testid for testid in found if testid not in self.tried]

    async def _act(self, kind: str, action: Awaitable[None]) -> bool:
        try:
            await asyncio.wait_for(action, 5)
        except (PlaywrightError, TimeoutError):  # re-rendered meanwhile: look again
            return False
        self.moves.append(kind)
        return True


async def test_a_whole_keer_match_against_two_computers(open_page: OpenPage) -> None:
    ana = await open_page("Ana", "keer")
    await slash(ana, "/keer start")
    add_ai = ana.locator('button[data-testid*=":ai"]')
    for _ in range(2):
        await add_ai.last.click()
        await ana.wait_for_timeout(300)
    await ana.locator('button[data-testid*=":start"]').last.click()
    await ana.locator('button[data-testid*=":roll"]').first.wait_for()

    bo = await open_page("Bo", "keer")  # a member with no seat, watching
    await ana.locator('button[data-testid*=":sheet"]').last.click()  # Ana's own sheet…
    sheet = ana.locator('[data-testid^="message-"]', has_text="Only you can see this")
    await sheet.locator("img").first.wait_for()
    seat, began = Seat(ana), time.monotonic()
    while not await ana.get_by_text("🏆").count():
        assert time.monotonic() - began < MATCH_S, f"the match did not end: {seat.moves[-20:]}"
        if not await seat.move():
            await ana.wait_for_timeout(250)
    assert {"roll", "keep", "die", "pick"} <= set(seat.moves)

    results = ana.locator('[data-testid^="message-"]', has_text="🏆").last
    images = results.locator("img")  # the final table and the results card
    assert await images.count() == 2
    for image in await images.all():
        assert await image.get_attribute("alt")
        assert await image.evaluate("img => img.complete && img.naturalWidth > 0")

    await bo.get_by_text("🏆").wait_for()  # Bo's tab sees the public results…
    assert await ana.get_by_text("Only you can see this").count() > 1  # her sheet, her picks
    assert await bo.get_by_text("Only you can see this").count() == 0  # …and none of Ana's

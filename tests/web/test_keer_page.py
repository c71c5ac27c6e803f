"""Keer op Keer Kids in the page, as a person plays it: `/keer start` typed in the composer,
Add AI twice, Start, then every roll by clicking the dice and choosing enclosures in the
ephemeral select, until the results image shows; a second member's tab sees the public
messages but none of Ana's ephemeral ones.

Two of Ana's rolls are played step by step and checked as she sees them (`tests/web/cards.py`),
the first on her phone (390 px), the next on her laptop (1280 px): Roll, keep a die (which
opens her choice for it at once, her sheet framing the options), her pick while the computers
pick from the other two, the roll's summary and the next roll's card, each step's card showing
a new board image stamped with the version of its buttons."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page

from tests.web.cards import Watch, cards, shoot
from tests.web.conftest import DESKTOP, PHONE, OpenPage
from tests.web.page_driver import choice_offered, choose, press, slash

MATCH_S = 420.0
VERBS = (":roll", ":keep:", ":mark:", ":die:")


class Seat:
    """Ana's side of the match: what she already tried at each step (custom_ids carry the
    state version, so a new step offers new ones)."""

    def __init__(self, page: Page, verbs: tuple[str, ...] = VERBS) -> None:
        self.page = page
        self.verbs = verbs
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
        for verb in self.verbs:
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


async def ana_rolls(page: Page) -> bool:
    """Whether the newest card offers Roll with Ana marked ▶."""
    shown = await cards(page)
    return (
        bool(shown)
        and any(":roll" in c for c in shown[-1].controls)
        and any(line.startswith("▶") and "Ana" in line for line in shown[-1].players)
    )


async def play_anas_roll(page: Page, width: int, shot: str) -> bool:
    """Ana's roll, step by step, each step's card checked: Roll, keep a die, her pick of it
    (the computers pick from the other two), the roll's summary, the next roll's card. False
    when nothing on her sheet took the die she kept: the bot skips a pick that has no other
    choice (`KeerRules.forced`), so the roll resolved and the next began without her pick."""
    watch = Watch(page, accented=False)  # Keer's players have no colours
    rolling = await watch.step(acting="Ana", wanting=":roll")
    assert await press(page, rolling.control(":roll"))
    rolled = await watch.step(acting="Ana", wanting=":keep:")
    keeps = [c for c in rolled.controls if ":keep:" in c]
    for keep in keeps:  # the first die the rules let Ana keep
        if await press(page, keep, tries=1):
            break
    else:
        raise AssertionError(f"the bot took none of {keeps}")
    die = keep.rsplit(":", 1)[-1]
    kept = await watch.step(acting=("Ana", "Ada", "Bert"), wanting=":die:")
    if kept.message != rolled.message:
        return False
    assert any(line.startswith("▶") and "Ana" in line for line in kept.players), kept.players
    # Her keep opened her choice at once, only for her: no click on the kept die (issue 31).
    testid = await choice_offered(page, kept.match, kept.version, die)
    control = page.get_by_test_id(testid)
    box = await control.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, box
    ephemeral = page.locator(".message.ephemeral", has=control)
    if testid.startswith("select-"):  # the sheet framing the options follows the options
        await ephemeral.locator("figure.attachment img").first.wait_for()
    await shoot(page, shot, page.get_by_test_id(kept.message), ephemeral)
    await choose(page, testid)
    await watch.summary(kept.message)
    # Ada rolls next; when nothing on Ana's sheet fits Ada's dice, her roll passes without a
    # card Ana waits on, and Bert's is next — and when nothing fits Bert's either, Ana rolls.
    following = await watch.step(acting=("Ada", "Bert", "Ana"))
    assert following.message != kept.message, "the next roll is a new message"
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

    phone = await open_page("Ana", "keer", phone=True)  # Ana's first roll on her phone…
    assert await play_anas_roll(phone, PHONE, "play-keer-phone.png")  # an empty sheet takes any
    await phone.context.close()
    seat, began = Seat(ana, verbs=(":mark:", ":die:")), time.monotonic()
    seat.tried.update(await seat._offered('select[data-testid^="select-tbs:"]'))  # roll 1's
    played = False
    while not played:  # …her picks while the computers roll…
        while not await ana_rolls(ana):
            assert time.monotonic() - began < MATCH_S, f"Ana never rolled: {seat.moves[-20:]}"
            if not await seat.move():
                await ana.wait_for_timeout(250)
        played = await play_anas_roll(ana, DESKTOP, "play-keer.png")  # …her roll on her laptop

    bo = await open_page("Bo", "keer")  # a member with no seat, watching
    await ana.locator('button[data-testid*=":sheet"]').last.click()  # Ana's own sheet…
    sheet = ana.locator('[data-testid^="message-"]', has_text="Only you can see this")
    await sheet.locator("img").first.wait_for()
    seat = Seat(ana)
    while not await ana.get_by_text("🏆").count():
        assert time.monotonic() - began < MATCH_S, f"the match did not end: {seat.moves[-20:]}"
        if not await seat.move():
            await ana.wait_for_timeout(250)
    assert {"roll", "keep", "die", "pick"} <= set(seat.moves)

    results = ana.locator('[data-testid^="message-"]', has_text="🏆").last
    images = results.locator('[data-testid="gallery"] img')  # strip, final table, results card
    assert await images.count() == 3
    for image in await images.all():
        assert await image.get_attribute("alt")
        assert await image.evaluate("img => img.complete && img.naturalWidth > 0")

    await bo.get_by_text("🏆").wait_for()  # Bo's tab sees the public results…
    assert await ana.get_by_text("Only you can see this").count() > 1  # her sheet, her picks
    assert await bo.get_by_text("Only you can see this").count() == 0  # …and none of Ana's


async def test_a_watching_member_looks_at_a_players_sheet(open_page: OpenPage) -> None:
    """Bo, with no seat, presses 👁 beside Ana's line on his phone: her sheet, as large as My
    sheet draws it, shows only in his tab."""
    ana = await open_page("Ana", "keer")
    await slash(ana, "/keer start")
    add_ai = ana.locator('button[data-testid*=":ai"]')
    for _ in range(2):
        await add_ai.last.click()
        await ana.wait_for_timeout(300)
    await ana.locator('button[data-testid*=":start"]').last.click()
    await ana.locator('button[data-testid*=":roll"]').first.wait_for()

    bo = await open_page("Bo", "keer", phone=True)
    section = bo.get_by_test_id("section").filter(has_text="Ana").last
    look = section.locator('button[data-testid$=":look:0"]')
    assert "Sheet" in await look.inner_text()
    await look.click()
    answer = bo.locator('[data-testid^="message-"]', has_text="Only you can see this").last
    image = answer.locator("img").first
    await image.wait_for()
    await bo.wait_for_function(
        "img => img.complete && img.naturalWidth > 0", arg=await image.element_handle()
    )
    assert await image.evaluate("img => img.naturalWidth") == 800  # My sheet's size
    alt = await image.get_attribute("alt") or ""
    assert "Ana" in alt and "'s sheet" in alt, alt
    box = await image.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE, box
    assert await ana.get_by_text("Only you can see this").count() == 0

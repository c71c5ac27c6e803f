"""What the page shows of a message, as Discord would: a `<t:…:R>` countdown that ticks,
markdown and mentions, a disabled button that can't be pressed, a select with 25 options, an
image with its alt text; and the same at a phone's width. The message is posted through the
embedded Discord's REST API as the bot would post it (no bot runs here)."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest
from PIL import Image
from playwright.async_api import Browser, Page

from fakediscord import FakeDiscord
from fakediscord.model import FakeChannel, Upload
from fakediscord.play import build_world
from fakediscord.web import Playground
from render.common import encode

OPTIONS = [{"label": f"Enclosure {n}", "value": f"e{n}"} for n in range(25)]


@dataclass
class Shown:
    """The embedded Discord with one channel's messages, and its page's address."""

    fake: FakeDiscord
    channel: FakeChannel
    base: str


@pytest.fixture
async def shown() -> AsyncIterator[Shown]:
    fake = FakeDiscord()
    guild = build_world(fake)
    page = Playground(fake, guild)
    channel = next(c for c in fake.world.channels.values() if c.name == "general")
    async with fake.loopback(routes=page.add_routes) as server:
        yield Shown(fake, channel, server.base)


def post(shown: Shown, payload: dict[str, object], files: list[Upload] | None = None) -> str:
    """A message in #general as the bot posts it (REST); its id."""
    status, body = shown.fake.handle(
        "POST", f"/channels/{shown.channel.id}/messages", payload, files or []
    )
    assert status == 200, body
    return str(body["id"])  # type: ignore[index]


async def open_as(browser: Browser, shown: Shown, member: str, *, phone: bool = False) -> Page:
    size = {"width": 390, "height": 844} if phone else {"width": 1280, "height": 900}
    page = await (await browser.new_context(viewport=size)).new_page()
    page.set_default_timeout(10_000)
    await page.goto(f"{shown.base}/play/?as={member}&channel=general")
    await page.get_by_test_id("composer-input").wait_for()
    return page


async def test_a_countdown_ticks_and_markdown_and_mentions_show(
    browser: Browser,
    shown: Shown,
) -> None:
    bo = next(u for u in shown.fake.world.users.values() if u.name == "Bo")
    soon = int(time.time()) + 40
    message = post(shown, {"content": f"**Tank** for <@{bo.id}>: runs dry <t:{soon}:R>"})
    page = await open_as(browser, shown, "Ana")
    shown_message = page.get_by_test_id(f"message-{message}")
    await shown_message.wait_for()
    assert await shown_message.locator("strong", has_text="Tank").count() == 1
    assert "@Bo" in await shown_message.inner_text()
    countdown = shown_message.get_by_test_id("countdown")
    first = await countdown.inner_text()
    assert first.startswith("in ") and "second" in first, first
    await page.wait_for_function(
        "([el, before]) => el.textContent !== before", arg=[await countdown.element_handle(), first]
    )


async def test_buttons_selects_and_images_show_as_discord_shows_them(
    browser: Browser,
    shown: Shown,
) -> None:
    png = encode(Image.new("RGB", (320, 200), "white"))
    components = [
        {
            "type": 1,
            "components": [
                {"type": 2, "style": 1, "label": "Roll", "custom_id": "demo:roll"},
                {
                    "type": 2,
                    "style": 2,
                    "label": "Stop",
                    "custom_id": "demo:stop",
                    "disabled": True,
                },
            ],
        },
        {
            "type": 1,
            "components": [
                {"type": 3, "custom_id": "demo:pick", "placeholder": "Where?", "options": OPTIONS}
            ],
        },
    ]
    payload = {
        "content": "Your roll",
        "components": components,
        "attachments": [{"id": 0, "description": "Ana's sheet: 3 enclosures crossed"}],
    }
    message = post(shown, payload, [Upload(0, "sheet.png", png)])
    for phone in (False, True):
        page = await open_as(browser, shown, "Ana", phone=phone)
        await page.get_by_test_id(f"message-{message}").wait_for()
        assert await page.get_by_test_id("button-demo:stop").is_disabled()
        assert await page.get_by_test_id("button-demo:roll").is_enabled()
        select = page.get_by_test_id("select-demo:pick")
        labels = await select.locator("option:not([disabled])").all_inner_texts()
        assert labels == [o["label"] for o in OPTIONS]
        image = page.get_by_test_id(f"message-{message}").locator("img")
        assert await image.get_attribute("alt") == "Ana's sheet: 3 enclosures crossed"
        await page.wait_for_function(
            "img => img.complete && img.naturalWidth === 320", arg=await image.element_handle()
        )
        box = await image.bounding_box()
        assert box is not None and box["width"] <= (390 if phone else 1280)

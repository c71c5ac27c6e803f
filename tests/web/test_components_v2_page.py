"""What the page shows of a Components V2 message (flag 1 << 15), as Discord's client would: a
container with its accent bar, a section with its button, markdown with a countdown and a custom
emoji, a separator, a gallery image that fits a phone; a click on the container's button reaches
the bot, whose ephemeral V2 answer shows; an edit that swaps the image shows the new one; an
image's description waits behind its ALT badge; a spoiler container keeps its thumbnail and
file out of reach until pressed. Messages are posted through the embedded Discord's REST API as
the bot would post them (no bot runs here; the test answers a click as the bot would)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import pytest
from PIL import Image
from playwright.async_api import Browser, Locator, Page, expect

from fakediscord import FakeDiscord
from fakediscord.model import FakeChannel, FakeEmoji, FakeInteraction, FakeUser, Upload
from fakediscord.play import build_world
from fakediscord.web import Playground
from render.common import encode

V2, EPHEMERAL = 1 << 15, 64
ACCENT = 0x3BA55C
EMOJI_ID = "112233445566778899"
"""The bot's application emoji the cards use (the double refuses a component's emoji the bot
does not own)."""
PHONE, DESKTOP = 390, 1280


@dataclass
class Shown:
    """The embedded Discord with one channel's messages, and its page's address."""

    fake: FakeDiscord
    channel: FakeChannel
    base: str

    def member(self, name: str) -> FakeUser:
        return next(u for u in self.fake.world.users.values() if u.name == name)


@pytest.fixture
async def shown() -> AsyncIterator[Shown]:
    fake = FakeDiscord()
    guild = build_world(fake)
    page = Playground(fake, guild)
    channel = next(c for c in fake.world.channels.values() if c.name == "general")
    die = encode(Image.new("RGBA", (64, 64), "white"))
    fake.world.app_emojis[int(EMOJI_ID)] = FakeEmoji(
        int(EMOJI_ID), "die", die, "image/png", fake.world.bot
    )
    async with fake.loopback(routes=page.add_routes) as server:
        yield Shown(fake, channel, server.base)


def png(width: int, height: int) -> Upload:
    """A real image to attach as board.png."""
    return Upload(0, "board.png", encode(Image.new("RGB", (width, height), "teal")))


def call(shown: Shown, method: str, path: str, payload: dict[str, Any], files: list[Upload]) -> Any:
    """A REST call as the bot makes it; its answer (which must be a success)."""
    status, body = shown.fake.handle(method, path, payload, files)
    assert status in (200, 204), body
    return body


def post(shown: Shown, payload: dict[str, Any], files: list[Upload] | None = None) -> str:
    """A message in #general as the bot posts it; its id."""
    body = call(shown, "POST", f"/channels/{shown.channel.id}/messages", payload, files or [])
    return str(body["id"])


def match_card(bo: FakeUser, ends: int) -> list[dict[str, Any]]:
    """A turn as the bot will show it in V2: heading, scores beside a button, the board."""
    text = (
        f"## Round 3\n**Ana** rolled <:die:{EMOJI_ID}> — <@{bo.id}> is next\n"
        f"-# the turn ends <t:{ends}:R>"
    )
    roll = {"type": 2, "style": 1, "label": "Roll", "custom_id": "v2:roll"}
    scores = [{"type": 10, "content": "Ana 12"}, {"type": 10, "content": "Bo 9"}]
    board = {"media": {"url": "attachment://board.png"}, "description": "The board, 3 crossed"}
    passing = {"type": 2, "style": 2, "label": "Pass", "custom_id": "v2:pass"}
    passing["emoji"] = {"id": EMOJI_ID, "name": "die"}
    keep = {"label": "Keep the die", "value": "die", "emoji": {"id": EMOJI_ID, "name": "die"}}
    keeping = {
        "type": 3,
        "custom_id": "v2:keep",
        "options": [keep, {"label": "Keep none", "value": "no"}],
    }
    card = [
        {"type": 10, "content": text},
        {"type": 14, "divider": True, "spacing": 2},
        {"type": 9, "components": scores, "accessory": roll},
        {"type": 12, "items": [board]},
        {"type": 1, "components": [passing]},
        {"type": 1, "components": [keeping]},
    ]
    return [{"type": 17, "accent_color": ACCENT, "components": card}]


async def open_as(browser: Browser, shown: Shown, member: str, width: int) -> Page:
    size = {"width": width, "height": 844 if width == PHONE else 900}
    page = await (await browser.new_context(viewport=size)).new_page()
    page.set_default_timeout(10_000)
    await page.goto(f"{shown.base}/play/?as={member}&channel=general")
    await page.get_by_test_id("composer-input").wait_for()
    return page


async def loaded_width(page: Page, img: Locator) -> int:
    """The image's natural width once it has loaded (0 would be a broken image)."""
    handle = await img.element_handle()
    await page.wait_for_function("i => i.complete && i.naturalWidth > 0", arg=handle)
    return int(await img.evaluate("i => i.naturalWidth"))


async def no_sideways_scroll(page: Page) -> None:
    """Nothing wider than the screen: neither the page nor the message list scrolls sideways."""
    widths = await page.evaluate(
        """() => { const l = document.getElementById('messages'), d = document.documentElement;
        return [d.scrollWidth, innerWidth, l.scrollWidth, l.clientWidth]; }"""
    )
    assert widths[0] <= widths[1] and widths[2] <= widths[3], widths


@pytest.mark.parametrize("width", [DESKTOP, PHONE])
async def test_a_v2_card_shows_as_discord_shows_it(
    browser: Browser, shown: Shown, width: int
) -> None:
    ends = int(time.time()) + 90
    payload = {"flags": V2, "components": match_card(shown.member("Bo"), ends)}
    message = post(shown, payload, [png(320, 200)])
    page = await open_as(browser, shown, "Ana", width)
    shown_message = page.get_by_test_id(f"message-{message}")
    container = shown_message.get_by_test_id("container")
    await container.wait_for()
    await expect(container).to_have_css("border-left-color", "rgb(59, 165, 92)")
    section = container.get_by_test_id("section")
    assert await section.get_by_test_id("text-display").all_inner_texts() == ["Ana 12", "Bo 9"]
    assert await section.get_by_test_id("button-v2:roll").is_enabled()
    text = container.get_by_test_id("text-display").first
    assert await text.locator("h4", has_text="Round 3").count() == 1
    assert await text.locator("strong", has_text="Ana").count() == 1
    assert "@Bo" in await text.inner_text()
    subtext = text.locator(".md-small")
    assert (await subtext.get_by_test_id("countdown").inner_text()).startswith("in ")
    emoji = text.get_by_test_id(f"emoji-{EMOJI_ID}")
    assert await emoji.get_attribute("src") == f"/play/api/emojis/{EMOJI_ID}.png"
    assert await emoji.get_attribute("alt") == ":die:"
    on_button = container.get_by_test_id("button-v2:pass").get_by_test_id(f"emoji-{EMOJI_ID}")
    assert await on_button.get_attribute("alt") == ":die:"
    in_option = container.get_by_test_id("select-v2:keep").locator(
        "option", has_text="Keep the die"
    )
    assert await in_option.get_by_test_id(f"emoji-{EMOJI_ID}").get_attribute("alt") == ":die:"
    assert await container.get_by_test_id("separator").count() == 1
    image = container.get_by_test_id("gallery").locator("img")
    assert await image.get_attribute("alt") == "The board, 3 crossed"
    assert await loaded_width(page, image) == 320
    box = await image.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
    await no_sideways_scroll(page)


async def answer(shown: Shown, custom_id: str, reply: dict[str, Any]) -> FakeInteraction:
    """The bot's side of a click: wait for the interaction, then answer it with `reply`."""
    while True:
        found = [
            rec
            for rec in shown.fake.world.interactions.values()
            if rec.payload["data"].get("custom_id") == custom_id
        ]
        if found:
            rec = found[0]
            path = f"/interactions/{rec.id}/{rec.token}/callback"
            call(shown, "POST", path, {"type": 4, "data": reply}, [])
            return rec
        await asyncio.sleep(0.02)


async def test_a_button_in_a_container_reaches_the_bot_and_its_ephemeral_v2_answer_shows(
    browser: Browser, shown: Shown
) -> None:
    payload = {"flags": V2, "components": match_card(shown.member("Bo"), int(time.time()) + 90)}
    post(shown, payload, [png(320, 200)])
    page = await open_as(browser, shown, "Ana", PHONE)
    again = {"type": 2, "style": 3, "label": "Again", "custom_id": "v2:again"}
    said = [
        {"type": 17, "components": [{"type": 10, "content": "You rolled **6**"}]},
        {"type": 1, "components": [again]},
    ]
    reply = {"flags": V2 | EPHEMERAL, "components": said}
    bot = asyncio.create_task(answer(shown, "v2:roll", reply))
    await page.get_by_test_id("container").get_by_test_id("button-v2:roll").click()
    rec = await asyncio.wait_for(bot, 10)
    assert rec.type == 3 and rec.user.name == "Ana"
    assert rec.payload["data"]["component_type"] == 2
    mine = page.locator(".message.ephemeral", has_text="You rolled 6")
    await mine.get_by_test_id("container").locator("strong", has_text="6").wait_for()
    assert "Only you can see this" in await mine.inner_text()
    assert await mine.get_by_test_id("button-v2:again").is_enabled()
    assert await page.get_by_test_id("toast").is_hidden()
    await no_sideways_scroll(page)


async def test_an_edit_swaps_the_card_and_its_image_in_place(
    browser: Browser, shown: Shown
) -> None:
    payload = {"flags": V2, "components": match_card(shown.member("Bo"), int(time.time()) + 90)}
    message = post(shown, payload, [png(320, 200)])
    page = await open_as(browser, shown, "Ana", DESKTOP)
    image = page.get_by_test_id(f"message-{message}").get_by_test_id("gallery").locator("img")
    assert await loaded_width(page, image) == 320
    after = [
        {"type": 10, "content": "**Bo** won"},
        {"type": 12, "items": [{"media": {"url": "attachment://board.png"}}]},
    ]
    edit = {"components": [{"type": 17, "components": after}], "attachments": [{"id": 0}]}
    path = f"/channels/{shown.channel.id}/messages/{message}"
    call(shown, "PATCH", path, edit, [png(200, 120)])
    edited = page.get_by_test_id(f"message-{message}")
    await edited.locator("strong", has_text="Bo").wait_for()
    assert await edited.get_by_test_id("button-v2:roll").count() == 0
    assert "(edited)" in await edited.inner_text()
    assert await loaded_width(page, edited.get_by_test_id("gallery").locator("img")) == 200
    assert await page.locator(".message").count() == 1


async def test_an_images_description_waits_behind_its_alt_badge(
    browser: Browser, shown: Shown
) -> None:
    classic = {"content": "Your sheet", "attachments": [{"id": 0, "description": "Ana's sheet"}]}
    post(shown, classic, [png(320, 200)])
    board = {"media": {"url": "attachment://board.png"}, "description": "The board"}
    post(shown, {"flags": V2, "components": [{"type": 12, "items": [board]}]}, [png(320, 200)])
    page = await open_as(browser, shown, "Ana", PHONE)
    badges = page.get_by_test_id("alt-badge")
    await badges.nth(1).wait_for()
    notes = page.get_by_test_id("alt-text")
    assert [await n.is_visible() for n in await notes.all()] == [False, False]
    await badges.nth(0).click()
    assert await notes.nth(0).inner_text() == "Ana's sheet"
    assert await notes.nth(0).is_visible() and not await notes.nth(1).is_visible()
    await badges.nth(1).click()
    assert await notes.nth(1).inner_text() == "The board"
    assert await badges.nth(1).get_attribute("aria-expanded") == "true"


async def test_a_spoiler_container_hides_its_thumbnail_and_file_until_pressed(
    browser: Browser, shown: Shown
) -> None:
    face = {"type": 11, "media": {"url": "attachment://board.png"}, "description": "Bo's hand"}
    hand = [
        {"type": 9, "components": [{"type": 10, "content": "Bo holds"}], "accessory": face},
        {"type": 13, "file": {"url": "attachment://rules.txt"}},
    ]
    files = [png(320, 200), Upload(1, "rules.txt", b"the rules")]
    payload = {"flags": V2, "components": [{"type": 17, "spoiler": True, "components": hand}]}
    message = post(shown, payload, files)
    page = await open_as(browser, shown, "Ana", PHONE)
    shown_message = page.get_by_test_id(f"message-{message}")
    thumb = shown_message.get_by_test_id("section").locator("img")
    assert await thumb.get_attribute("alt") == "Bo's hand"
    assert await loaded_width(page, thumb) == 320
    file = shown_message.get_by_test_id("file")
    assert "rules.txt" in await file.inner_text()
    assert await file.evaluate("a => a.closest('[inert]') !== null")
    await shown_message.get_by_test_id("spoiler-cover").click()
    assert await file.evaluate("a => a.closest('[inert]') === null")
    assert await file.get_attribute("download") == "rules.txt"
    await no_sideways_scroll(page)

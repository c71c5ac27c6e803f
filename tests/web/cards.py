"""A match card (Components V2) as a player sees it on the page, step by step: its container
and accent bar, its board image loaded and inside the screen's width, a section per player with
the acting one marked ▶ and a 👁 button beside each line, its buttons clickable, nothing
scrolling sideways — and after every step a new image, whose PNG stamp (`render/stamp.py`:
`match=<id> version=<v>`) names the match and the version the card's buttons carry
(`button-tb:<match>:<version>:…`), the 👁 ones too.

`TABLERO_SCREENSHOTS=1` makes `shoot` write the README's screenshots to docs/images/."""

from __future__ import annotations

import asyncio
import dataclasses
import io
import os
import re
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import parse_qs, urljoin, urlparse

from PIL import Image
from playwright.async_api import Locator, Page

from render.stamp import Stamp, read_stamp

STEP_S = 30.0
"""How long the bot and the computers get to show a step."""
SETTLE_S = 0.25
"""A card read twice this far apart, the same both times, is what the player sees."""
SHOTS = Path(__file__).resolve().parents[2] / "docs" / "images"
CARD_ID = re.compile(r"^button-tb:(?P<match>\d+):(?P<version>\d+):")
SRC = re.compile(r"/play/api/attachments/(?P<message>\d+)/(?P<index>\d+)\?as=\d+&v=(?P<id>\d+)$")

CONTROL = '[data-testid^="button-tb:"]:enabled:not([data-testid="section"] *)'
"""A card's buttons but the 👁 accessories of its player sections."""
SECTION_BUTTON = '[data-testid="section"] [data-testid^="button-tb:"]:enabled'
"""The 👁 accessories of a card's player sections."""
TEST_IDS = "elements => elements.map(e => e.dataset.testid)"
LOOK_ID = re.compile(r"^button-tb:(?P<match>\d+):(?P<version>\d+):look:(?P<seat>\d+)$")

READ_CARDS = """elements => elements.map(m => {
  const box = m.querySelector('[data-testid="container"]');
  if (!box) return null;
  const img = box.querySelector('[data-testid="gallery"] img');
  const sections = [...box.querySelectorAll('[data-testid="section"]')];
  const look = s => s.querySelector('.v2-accessory [data-testid^="button-tb:"]:enabled');
  return {
    message: m.dataset.testid,
    src: img ? img.getAttribute('src') : '',
    loaded: !!img && img.complete && img.naturalWidth > 0,
    players: sections.map(s => s.querySelector('.v2-section-text').innerText.trim()),
    looks: sections.map(s => look(s) ? look(s).dataset.testid : ''),
    controls: [...box.querySelectorAll('[data-testid^="button-tb:"]:enabled')]
      .filter(b => !b.closest('[data-testid="section"]')).map(b => b.dataset.testid),
  };
}).filter(Boolean)"""

LOOK = """m => {
  const box = m.querySelector('[data-testid="container"]'), style = getComputedStyle(box);
  const img = box.querySelector('[data-testid="gallery"] img');
  const gallery = box.querySelector('[data-testid="gallery"]').getBoundingClientRect();
  const r = img.getBoundingClientRect(), d = document.documentElement;
  const list = document.getElementById('messages');
  const clickable = [...box.querySelectorAll('[data-testid^="button-tb:"]:enabled')].map(b => {
    b.scrollIntoView({ block: 'nearest' });
    const at = b.getBoundingClientRect();
    const hit = document.elementFromPoint(at.left + at.width / 2, at.top + at.height / 2);
    return { testid: b.dataset.testid, inside: at.left >= 0 && at.right <= innerWidth,
      hit: !!hit && hit.closest('button') === b };
  });
  return {
    accented: box.classList.contains('accented'), bar: style.borderLeftWidth,
    colour: style.borderLeftColor, alt: img.getAttribute('alt') || '',
    natural: img.naturalWidth, left: r.left, right: r.right, width: r.width,
    gallery: gallery.width, viewport: innerWidth, clickable,
    broken: [...box.querySelectorAll('img')].filter(i => i.complete && i.naturalWidth === 0)
      .map(i => i.getAttribute('alt')),
    sideways: [d.scrollWidth, innerWidth, list.scrollWidth, list.clientWidth],
  };
}"""


@dataclass(frozen=True)
class Card:
    """A match card as the page showed it, with the bytes of its image."""

    message: str
    src: str
    players: tuple[str, ...]
    controls: tuple[str, ...]
    """The card's buttons but the 👁 beside the players' lines (a summary has none)."""
    looks: tuple[str, ...] = ()
    """The 👁 button beside each player's line, in seat order."""
    image: bytes = b""

    @property
    def match(self) -> int:
        return int(self._id()["match"])

    @property
    def version(self) -> int:
        return int(self._id()["version"])

    def _id(self) -> re.Match[str]:
        found = CARD_ID.match(self.controls[0])
        assert found, self.controls
        return found

    def control(self, part: str) -> str:
        """The test id of the card's first enabled button whose id has `part`."""
        found = [c for c in self.controls if part in c]
        assert found, (part, self.controls)
        return found[0]


async def cards(page: Page) -> list[Card]:
    """The match cards with enabled buttons the page shows now, oldest first (read in one go:
    the page re-renders a message when the bot edits it)."""
    found = await page.locator('[data-testid^="message-"]').evaluate_all(READ_CARDS)
    return [
        Card(c["message"], c["src"], tuple(c["players"]), tuple(c["controls"]), tuple(c["looks"]))
        for c in found
        if c["loaded"] and any(CARD_ID.match(t) for t in c["controls"])
    ]


async def image_bytes(page: Page, src: str) -> bytes | None:
    """The bytes of the attachment `src` shows, None if the bot has replaced it meanwhile (the
    page's address names the attachment's id; the double serves the message's current file)."""
    found = SRC.search(src)
    assert found, src
    body = await (await page.request.get(urljoin(page.url, src))).body()
    query = parse_qs(urlparse(page.url).query)
    listed = await page.request.get(
        urljoin(page.url, "/play/api/messages"),
        params={"channel": query["channel"][0], "as": query["as"][0]},
    )
    messages = (await listed.json())["messages"]
    held = next((m for m in messages if m["id"] == found["message"]), None)
    if held is None or len(held["attachments"]) <= int(found["index"]):
        return None
    return body if held["attachments"][int(found["index"])]["id"] == found["id"] else None


def stamp_of(image: bytes) -> Stamp:
    stamp = read_stamp(image)
    assert stamp is not None, "the board image carries no stamp"
    return stamp


class Watch:
    """One tab's view of a match, step by step: every step's card shows a new image, stamped
    with the match and the version of the card's buttons."""

    def __init__(self, page: Page, *, accented: bool) -> None:
        """`accented`: the game's cards carry the acting player's colour as their bar (Keer's
        players have no colours: its cards have none)."""
        self.page = page
        self.accented = accented
        self.last: Card | None = None

    async def step(
        self, *, acting: str | tuple[str, ...], wanting: str = "", within: float = STEP_S
    ) -> Card:
        """The newest card once it shows a step after the last one (with a button whose id has
        `wanting`), checked as the player sees it; `acting` is the name marked ▶ (or one of
        the names)."""
        newer_than = self.last.version if self.last else -1
        limit = time.monotonic() + within
        while time.monotonic() < limit:
            card = await self._settled(newer_than, wanting)
            if card is not None:
                await looks_right(self.page, card, acting, accented=self.accented)
                if self.last is not None:
                    assert card.src != self.last.src, "the step kept the old image"
                    assert card.image != self.last.image, "the step's image has the old bytes"
                self.last = card
                return card
            await asyncio.sleep(0.1)
        shown = [(c.message, c.controls, c.players) for c in (await cards(self.page))[-2:]]
        raise AssertionError(f"no card after version {newer_than} offering {wanting!r}: {shown}")

    async def summary(self, message: str, *, within: float = STEP_S) -> Stamp:
        """The last step's message once play moved on: no buttons left but the 👁 beside each
        player's line, and a new image stamped with a later version of the same match (the
        state right after its step), which the 👁 buttons carry too."""
        assert self.last is not None and self.last.message == message
        limit = time.monotonic() + within
        while time.monotonic() < limit:
            shown = self.page.get_by_test_id(message)
            controls = shown.locator(CONTROL)
            # the first image: the strip where the game has one, else the board
            src = await shown.locator('[data-testid="gallery"] img').first.get_attribute("src")
            if src and src != self.last.src and not await controls.count():
                image = await image_bytes(self.page, src)
                if image is not None:
                    stamp = stamp_of(image)
                    assert stamp.match_id == self.last.match
                    assert stamp.version > self.last.version, (stamp, self.last.version)
                    looks = await shown.locator(SECTION_BUTTON).evaluate_all(TEST_IDS)
                    assert len(looks) == len(self.last.players), looks
                    for testid in looks:
                        found = LOOK_ID.match(testid)
                        assert found and int(found["version"]) == stamp.version, (looks, stamp)
                    return stamp
            await asyncio.sleep(0.1)
        shown = await self.page.get_by_test_id(message).inner_text()
        raise AssertionError(f"{message} never became a summary: {shown}")

    async def _settled(self, newer_than: int, wanting: str) -> Card | None:
        shown = [c for c in await cards(self.page) if c.version > newer_than]
        if not shown or not any(wanting in t for t in shown[-1].controls):
            return None
        await asyncio.sleep(SETTLE_S)
        again = await cards(self.page)
        if not again or again[-1] != shown[-1]:
            return None
        image = await image_bytes(self.page, shown[-1].src)
        if image is None:
            return None
        card = dataclasses.replace(shown[-1], image=image)
        stamp = stamp_of(image)
        assert (stamp.match_id, stamp.version) == (card.match, card.version), (
            "the image shows another step than the buttons beside it",
            stamp,
            card.controls,
        )
        return card


async def looks_right(
    page: Page, card: Card, acting: str | tuple[str, ...], *, accented: bool
) -> None:
    """The card as a player sees it: its container (with the acting player's colour as its
    bar if `accented`), a described board image that fills its gallery inside the screen, one
    player line marked ▶ (the acting one), a 👁 beside each line naming its seat and the card's
    version, every enabled button on screen and on top, nothing wider than the screen."""
    seen = await page.get_by_test_id(card.message).evaluate(LOOK)
    if accented:
        assert seen["accented"] and seen["bar"] == "4px", seen
        assert seen["colour"] not in ("rgba(0, 0, 0, 0)", "transparent"), seen
    assert seen["alt"], "the board image has no description"
    assert seen["natural"] > 0
    assert not seen["broken"], ("images that failed to load", seen["broken"])
    assert seen["left"] >= 0 and seen["right"] <= seen["viewport"], seen
    assert seen["width"] >= 0.95 * seen["gallery"], ("the image does not fill its card", seen)
    marked = [line for line in card.players if line.startswith("▶")]
    names = (acting,) if isinstance(acting, str) else acting
    assert len(marked) == 1 and any(name in marked[0] for name in names), (
        card.players,
        card.controls,
        await page.get_by_test_id(card.message).inner_text(),
    )
    looked = [LOOK_ID.match(testid) for testid in card.looks]
    assert len(looked) == len(card.players) > 1, (card.looks, card.players)
    for seat, found in enumerate(looked):
        assert found, card.looks
        assert (int(found["match"]), int(found["version"]), int(found["seat"])) == (
            card.match,
            card.version,
            seat,
        ), (card.looks, card.controls)
    for button in seen["clickable"]:
        assert button["inside"] and button["hit"], button
    page_width, screen, list_width, list_screen = seen["sideways"]
    assert page_width <= screen and list_width <= list_screen, seen["sideways"]


async def shoot(page: Page, name: str, top: Locator, bottom: Locator) -> None:
    """With TABLERO_SCREENSHOTS=1: docs/images/<name>, the chat from `top`'s message to
    `bottom`'s, in 256 colours (the README's screenshots; CI leaves them alone)."""
    if not os.environ.get("TABLERO_SCREENSHOTS"):
        return
    await page.wait_for_function(  # what shows (a closed select's options draw nothing)
        """() => [...document.images].every(
          i => i.closest('select') || (i.complete && i.naturalWidth > 0))"""
    )
    size = page.viewport_size
    assert size
    for _ in range(3):  # a taller window, so the whole span shows at once (images grow too)
        first, last = await top.bounding_box(), await bottom.bounding_box()
        now, listed = page.viewport_size, await page.locator("#messages").bounding_box()
        assert first and last and now and listed
        span = last["y"] + last["height"] - first["y"] + 24
        if span <= listed["height"]:
            break
        grown = now["height"] + int(span - listed["height"])
        await page.set_viewport_size({"width": size["width"], "height": grown})
        await page.wait_for_timeout(100)
    await top.evaluate("e => e.scrollIntoView({ block: 'start' })")
    await page.wait_for_timeout(100)
    first, last = await top.bounding_box(), await bottom.bounding_box()
    chat = await page.locator(".chat").bounding_box()
    assert first and last and chat
    y = max(first["y"] - 8, 0)
    clip = {
        "x": chat["x"],
        "y": y,
        "width": chat["width"],
        "height": min(last["y"] + last["height"] + 8, chat["y"] + chat["height"]) - y,
    }
    shot = Image.open(io.BytesIO(await page.screenshot(clip=clip)))
    shot.convert("RGB").quantize(256).save(SHOTS / name, optimize=True)
    await page.set_viewport_size(size)

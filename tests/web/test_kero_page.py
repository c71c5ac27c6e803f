"""Kero against the computer in the page, as a person plays it: `/kero challenge` typed in the
composer with the bot chosen in its `member` field, then Ana's turn by clicking — Roll, dice
marked and re-rolled (twice or more) while the tanker window's countdown ticks, Stop, a card
taken in the camp, End turn — and what the page shows after it: the camp's resources are the
faces the last re-roll left, the card's cost left them, and a new board image is posted.

Ana plays her turns until one of them offers a card she can pay for (the dice decide), waiting
for the computer's turns (real time, its clicks paced) in between. Her first turn she plays on
her phone (390 px), the others on her laptop (1280 px); every step of a turn — Roll, each
re-roll, Stop, the camp's action, End turn and the computer's turn after it — is checked as she
sees it (`tests/web/cards.py`): a new board image stamped with the version of the card's
buttons, the card's accent bar, her line marked ▶, nothing wider than the screen."""

from __future__ import annotations

import asyncio
import contextlib
import re
import time
from collections import Counter
from dataclasses import dataclass

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Locator, Page

from tests.web.cards import Watch, shoot
from tests.web.conftest import OpenPage

MATCH_S = 300.0
"""The whole test: Ana's turns until one takes a card, and the computer's between them."""
STEP_S = 30.0
"""One step of a turn: the bot answering a click, or the computer finishing its turn."""
REROLLS = 2
TICK_S = 3.5
"""How long the countdown gets to change its text (it ticks every second)."""

CONTROLS = '[data-testid^="button-tb:"], [data-testid^="select-tbs:"]'
READ_CONTROLS = """elements => elements.map(e => {
  const message = e.closest('[data-testid^="message-"]');
  return {
    testid: e.dataset.testid,
    enabled: !e.disabled,
    label: e.textContent.trim(),
    message: message ? message.dataset.testid : '',
  };
})"""
READ_MESSAGES = """elements => elements.map(e => {
  const texts = [...e.querySelectorAll('.text, .text-display')].map(t => t.textContent);
  const img = e.querySelector('[data-testid="gallery"] img');
  return {
    testid: e.dataset.testid,
    text: texts.join('\\n'),
    alt: img ? img.getAttribute('alt') || '' : '',
  };
})"""
CONTROL_ID = re.compile(
    r"^(?:button|select)-tbs?:(?P<match>\d+):(?P<version>\d+):(?P<verb>[a-z]+)(?::(?P<arg>.*))?$"
)
AMOUNT = re.compile(r"(\d+) (brick|wheat|metal|recruit|jerrycan)")
POOL = re.compile(r"is in camp: (?P<pool>.*?) to spend")
BONUS = re.compile(r"ability tiles added (?P<bonus>.*?) to the dice")


async def message_text(message: Locator) -> str:
    """A message's words: its content, or its text displays (Components V2)."""
    await message.locator(".text, .text-display").first.wait_for(timeout=2_000)
    texts = await message.locator(".text, .text-display").all_text_contents()
    return "\n".join(texts)


@dataclass(frozen=True)
class Control:
    """A match button or select as the page shows it now."""

    testid: str
    enabled: bool
    label: str
    message: str

    @property
    def version(self) -> int:
        return int(self._parts()["version"])

    @property
    def action(self) -> str:
        """`act:roll@`, `tog:3:1`, `act:take`…: the verb and its argument."""
        parts = self._parts()
        return parts["verb"] + (f":{parts['arg']}" if parts["arg"] is not None else "")

    def _parts(self) -> re.Match[str]:
        found = CONTROL_ID.match(self.testid)
        assert found, self.testid
        return found


@dataclass(frozen=True)
class Shown:
    """A message as the page shows it now: its text and its image's alt ('' with none)."""

    testid: str
    text: str
    alt: str


def resources(text: str) -> Counter[str]:
    """`🧱 1 brick and 🌾 2 wheat` → {brick: 1, wheat: 2} (a flame or `nothing` is empty)."""
    found: Counter[str] = Counter()
    for amount, name in AMOUNT.findall(text):
        found[name] += int(amount)
    return found


def spendable(faces: list[str]) -> Counter[str]:
    """What the dice's faces put in the camp's pool: their resources but jerrycans, which go
    to the clan's tokens."""
    pool: Counter[str] = Counter()
    for face in faces:
        pool += resources(face)
    del pool["jerrycan"]
    return pool


class Table:
    """Ana's tab on the match: what the page offers her, and her clicks."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.began = time.monotonic()
        self.log: list[str] = []

    async def controls(self) -> list[Control]:
        """The match's controls on the page now (read in one go: the page re-renders a
        message when the bot edits it)."""
        found = await self.page.locator(CONTROLS).evaluate_all(READ_CONTROLS)
        return [Control(**c) for c in found if CONTROL_ID.match(c["testid"])]

    async def messages(self) -> list[Shown]:
        found = await self.page.locator('[data-testid^="message-"]').evaluate_all(READ_MESSAGES)
        return [Shown(**m) for m in found]

    async def offered(self, prefix: str, *, newer_than: int = -1) -> Control | None:
        """The newest enabled control whose action starts with `prefix`, drawn at a version
        after `newer_than`."""
        found = [
            c
            for c in await self.controls()
            if c.enabled and c.action.startswith(prefix) and c.version > newer_than
        ]
        return found[-1] if found else None

    async def wait_for(
        self, prefix: str, *, newer_than: int = -1, within: float = STEP_S
    ) -> Control:
        limit = time.monotonic() + within
        while time.monotonic() < limit:
            self.check_deadline()
            found = await self.offered(prefix, newer_than=newer_than)
            if found is not None:
                return found
            await asyncio.sleep(0.1)
        raise AssertionError(f"the page never offered {prefix!r}: {self.log[-12:]}")

    async def click(self, control: Control) -> bool:
        """Click a button; False if it went away meanwhile (the caller looks again)."""
        try:
            await self.page.get_by_test_id(control.testid).click(timeout=3_000)
        except PlaywrightError:
            return False
        self.log.append(control.action)
        return True

    async def press(self, prefix: str, *, newer_than: int = -1) -> Control:
        """Click what the page offers for `prefix` as soon as it does (again if a re-render
        took the button away first); the control clicked."""
        limit = time.monotonic() + STEP_S
        while time.monotonic() < limit:
            control = await self.wait_for(prefix, newer_than=newer_than)
            if await self.click(control):
                return control
        raise AssertionError(f"could not click {prefix!r}: {self.log[-12:]}")

    async def dice(self, newer_than: int) -> tuple[int, list[Control]]:
        """The window's dice toggles once a throw newer than `newer_than` shows its faces:
        the version and the toggles, in die order."""
        limit = time.monotonic() + STEP_S
        while time.monotonic() < limit:
            self.check_deadline()
            toggles = [c for c in await self.controls() if c.action.startswith("tog:")]
            version = max((c.version for c in toggles), default=-1)
            toggles = [c for c in toggles if c.version == version]
            if version > newer_than:
                thrown = all("…" not in c.label for c in toggles)
                if thrown and len(toggles) == len({c.action.split(":")[-1] for c in toggles}):
                    return version, sorted(toggles, key=lambda c: int(c.action.split(":")[-1]))
            await asyncio.sleep(0.1)
        raise AssertionError(f"no dice after version {newer_than}: {self.log[-12:]}")

    def check_deadline(self) -> None:
        assert time.monotonic() - self.began < MATCH_S, f"out of time: {self.log[-20:]}"


async def challenge_the_computer(page: Page) -> None:
    """`/kero challenge ` typed in full, the bot chosen in the `member` field, Send."""
    await page.get_by_test_id("composer-input").fill("/kero challenge ")
    member = page.get_by_test_id("option-member")
    await member.wait_for(state="visible", timeout=5_000)
    assert await page.locator("#option-fields").is_visible()
    assert await page.locator("#option-legend").text_content() == "/kero challenge"
    people = await member.locator("option").evaluate_all("os => os.map(o => o.textContent)")
    assert "Tablero (bot)" in people, people
    await member.select_option(label="Tablero (bot)")
    await page.get_by_test_id("composer-send").click()
    await page.get_by_text("against the computer has started").wait_for(timeout=STEP_S * 1000)
    assert await page.get_by_test_id("composer-input").input_value() == ""


async def countdown_ticks(page: Page) -> None:
    """The window's `<t:…:R>` shows as a countdown whose text changes within seconds."""
    countdown = page.get_by_test_id("countdown").last
    first = await countdown.text_content(timeout=5_000)
    assert first and first.startswith("in "), first
    limit = time.monotonic() + TICK_S
    while time.monotonic() < limit:
        await asyncio.sleep(0.2)
        now = await page.get_by_test_id("countdown").last.text_content(timeout=2_000)
        if now != first:
            return
    raise AssertionError(f"the countdown stayed at {first!r} for {TICK_S} s")


async def window_open(page: Page, message: str) -> None:
    """The turn's message still says the tank runs dry in the future, with its countdown."""
    shown = page.get_by_test_id(message)
    text = await message_text(shown)
    assert text and "is rolling" in text, text
    countdown = await shown.get_by_test_id("countdown").text_content(timeout=2_000)
    assert countdown and countdown.startswith("in "), countdown


@dataclass
class Turn:
    """What one of Ana's turns showed."""

    rerolls: int = 0
    took: str | None = None
    pool: Counter[str] | None = None
    after: Counter[str] | None = None
    hired: bool = False


async def play_a_turn(table: Table, *, camp: bool = False, shot: str = "") -> Turn:
    """Roll, re-roll while the window is open, Stop, take a card if one is affordable (else,
    with `camp`, hire a Tuarek if she can), End turn; what the page showed, each step's card
    checked. `shot`: the screenshot of the window with a die marked to re-roll."""
    turn, watch = Turn(), Watch(table.page, accented=True)
    await watch.step(acting="Ana", wanting="act:roll@")
    rolled = await table.press("act:roll@")
    version, toggles = await table.dice(rolled.version)
    await watch.step(acting="Ana", wanting="act:stop@")
    await countdown_ticks(table.page)
    faces = [t.label for t in toggles]
    while turn.rerolls < REROLLS:
        unburnt = [t for t in toggles if t.enabled]
        if not unburnt:
            break  # every die shows a flame: nothing left to re-roll
        # A jerrycan pays for little: re-roll that die, else the first one that may be.
        die = next((t for t in unburnt if "jerrycan" in t.label), unburnt[0])
        number = die.action.split(":")[-1]
        await window_open(table.page, die.message)
        if not await table.click(die):
            version, toggles = await table.dice(version - 1)
            continue
        if shot and not turn.rerolls:
            marked = await table.wait_for(f"act:reroll:{number}@", newer_than=version - 1)
            card = table.page.get_by_test_id(marked.message)
            await shoot(table.page, shot, card, card)
        reroll = await table.press(f"act:reroll:{number}@", newer_than=version - 1)
        assert reroll.version == version, "a toggle only redraws the buttons"
        version, toggles = await table.dice(version)
        await watch.step(acting="Ana", wanting="act:stop@")
        kept = [f for i, f in enumerate(faces) if i != int(number)]
        assert kept == [t.label for i, t in enumerate(toggles) if i != int(number)], (
            "only the marked die is thrown again",
            faces,
            toggles,
        )
        faces = [t.label for t in toggles]
        turn.rerolls += 1
    await window_open(table.page, toggles[0].message)
    await table.press("act:stop@", newer_than=version - 1)
    end = await table.wait_for("act:end", newer_than=version)
    await watch.step(acting="Ana", wanting="act:end")
    turn.pool = await camp_pool(table, end.message)
    bonus = await tile_bonus(table, end.message)
    assert turn.pool == spendable(faces) + bonus, (turn.pool, faces, bonus)
    take = await table.offered("act:take", newer_than=end.version - 1)
    if take is not None:
        turn.took = await take_a_card(table, take)
        assert turn.took is not None
        end = await table.wait_for("act:end", newer_than=end.version)
        await watch.step(acting="Ana", wanting="act:end")
        turn.after = await camp_pool(table, end.message)
        paid = resources(turn.took.split("—")[-1])
        del paid["jerrycan"]  # paid from the clan's tokens, not the pool
        assert turn.after == turn.pool - paid, (turn.pool, turn.took, turn.after)
    elif camp and (hire := await table.offered("act:hire", newer_than=end.version - 1)):
        await table.click(hire)
        end = await table.wait_for("act:end", newer_than=end.version)
        await watch.step(acting="Ana", wanting="act:end")
        turn.hired = True
    board = {m.testid for m in await table.messages() if m.alt}
    await table.press("act:end", newer_than=end.version - 1)
    await watch.summary(end.message)
    await new_board(table, board, end.message)
    await watch.step(acting="Ada")  # the computer's turn, on a new card
    return turn


async def camp_pool(table: Table, message: str) -> Counter[str]:
    """The resources the camp's message says Ana has to spend."""
    text = await message_text(table.page.get_by_test_id(message))
    found = POOL.search(text or "")
    assert found, text
    return resources(found["pool"])


async def tile_bonus(table: Table, message: str) -> Counter[str]:
    """What the camp's message says Ana's ability tiles added to her dice (none without)."""
    text = await message_text(table.page.get_by_test_id(message))
    found = BONUS.search(text or "")
    return resources(found["bonus"]) if found else Counter()


async def take_a_card(table: Table, take: Control) -> str:
    """The first card the camp's select offers; its label."""
    select = table.page.get_by_test_id(take.testid)
    options = await select.locator("option:not([disabled])").evaluate_all(
        "os => os.map(o => [o.value, o.textContent])"
    )
    assert options, take
    value, label = options[0]
    await select.select_option(value, timeout=3_000)
    table.log.append(f"take {label}")
    return str(label)


async def new_board(table: Table, before: set[str], ended: str) -> None:
    """After End turn: a new message with the board image (its alt describing it), and the
    ended turn's message says the turn is over."""
    limit = time.monotonic() + STEP_S
    while time.monotonic() < limit:
        shown = await table.messages()
        posted = [m for m in shown if m.alt and m.testid not in before]
        summary = next((m.text for m in shown if m.testid == ended), "")
        if posted and "is over" in summary:
            shown_image = '[data-testid="gallery"] img'  # the turn strip, the table
            images = table.page.get_by_test_id(posted[-1].testid).locator(shown_image)
            with contextlib.suppress(PlaywrightError):  # re-rendered meanwhile: look again
                loaded = (
                    "imgs => imgs.length == 2 && imgs.every(i => i.complete && i.naturalWidth > 0)"
                )
                if await images.evaluate_all(loaded):
                    return
        await asyncio.sleep(0.1)
    raise AssertionError(f"no new board image after End turn: {table.log[-12:]}")


async def test_a_kero_turn_with_rerolls_against_the_computer(open_page: OpenPage) -> None:
    ana = await open_page("Ana", "kero")
    await challenge_the_computer(ana)
    phone = await open_page("Ana", "kero", phone=True)
    on_phone = Table(phone)
    await on_phone.wait_for("act:roll@", within=MATCH_S)
    first = await play_a_turn(on_phone, camp=True, shot="play-kero-phone.png")
    assert first.took or first.hired, "the phone's turn did something in the camp"
    await phone.context.close()
    table, turns = Table(ana), [first]
    while len(turns) < 2 or not any(t.took and t.rerolls >= REROLLS for t in turns):
        table.check_deadline()
        await table.wait_for("act:roll@", within=MATCH_S)
        turns.append(await play_a_turn(table, shot="" if len(turns) > 1 else "play-kero.png"))
    for played in (on_phone, table):
        assert {"act:roll@", "act:stop@", "act:end"} <= set(played.log)
    assert sum(a.startswith("act:reroll:") for a in on_phone.log + table.log) >= REROLLS

"""Keer picks in the page, as members make them (issue 31): the roller's keep opens their choice
at once; a die's choice shows the player's sheet with exactly the enclosures the rules allow
framed and lettered as the options are (checked against the engine, for every die of several
rolls); a pick is changed before the roll resolves, and a choice left open is turned down once
it has: what the roll left open is closed when it resolves."""

from __future__ import annotations

import asyncio
import contextlib
import re
import time
from collections.abc import Callable
from pathlib import Path

from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page

from games.keer_kids import Cross, Keep, KeerState, Mark, Phase
from games.records import replay
from storage.sqlite import SqliteStore
from tests.web.cards import STEP_S
from tests.web.conftest import OpenPage
from tests.web.page_driver import choice_offered, choose, press, slash

ROLLS = 4
"""How many rolls' choices are checked against the engine."""
FRAMED = re.compile(r"\b([A-Z]{1,2}) ([A-Z][0-9]{1,2})\b")
"""A framed enclosure in an English choice image's alt text: its letter and its name."""


class Match:
    """The match the page plays, as its database has it (the engine's state, replayed)."""

    def __init__(self, db: Path) -> None:
        self.db = db
        self.id: int | None = None

    async def state(self) -> KeerState:
        """The state now, replayed from the stored record."""
        state = await self._read()
        assert state is not None, "no match is open"
        return state

    async def _read(self) -> KeerState | None:
        store = await SqliteStore.open(self.db)
        try:
            if self.id is None:
                ids = await store.open_match_ids()
                if not ids:
                    return None  # still a lobby
                self.id = ids[0]
            state = replay((await store.load(self.id)).record)
        finally:
            await store.close()
        assert isinstance(state, KeerState)
        return state

    async def until(self, what: str, check: Callable[[KeerState], bool]) -> KeerState:
        """Poll until the state passes `check`."""
        limit = time.monotonic() + STEP_S
        while time.monotonic() < limit:
            state = await self._read()
            if state is not None and check(state):
                return state
            await asyncio.sleep(0.1)
        raise AssertionError(f"the match never reached {what}")


def legal_targets(state: KeerState, seat: int, die: int) -> list[str]:
    """What the engine lets the seat's die cross: the enclosures of its legal picks (a mark's
    chameleon's; a bare mark crosses none), in the engine's order."""
    targets = []
    for action in state.legal_actions(seat):
        if isinstance(action, Cross) and action.die == die:
            targets.append(action.enclosure)
        elif isinstance(action, Mark) and action.die == die and action.chameleon:
            targets.append(action.chameleon)
    return targets


async def framed_on(page: Page, testid: str) -> list[tuple[str, str]]:
    """The (letter, enclosure) pairs the choice's image frames, read from its alt text."""
    message = page.locator(".message.ephemeral", has=page.get_by_test_id(testid))
    image = message.locator("figure.attachment img").first
    await image.wait_for()
    alt = await image.get_attribute("alt") or ""
    assert await image.evaluate("img => img.complete && img.naturalWidth > 0"), alt
    return FRAMED.findall(alt.split("framed", 1)[1]) if "framed" in alt else []


def kept_at(state: KeerState) -> int:
    """The version the roll's keep left: every choice of the roll is offered at it or later."""
    keeps = [i for i, (_, action) in enumerate(state.history) if isinstance(action, Keep)]
    return keeps[-1] + 1


async def check_choice(
    page: Page, match: Match, state: KeerState, seat: int, die: int
) -> str | None:
    """The choice the page offers for the die: its framed enclosures are the engine's legal
    ones, lettered A, B, C… as the select's options; returns the choice's test id (None when
    the engine allows the die nothing: the page says it fits nowhere)."""
    if not [a for a in state.legal_actions(seat) if isinstance(a, Cross | Mark) and a.die == die]:
        await page.locator(".message.ephemeral", has_text="fits nowhere").last.wait_for()
        return None
    testid = await choice_offered(page, match.id or 0, kept_at(state), str(die))
    expected = legal_targets(state, seat, die)
    if testid.startswith("button-"):  # a bare mark: nothing to frame, one button
        assert expected == [], expected
        return testid
    framed = await framed_on(page, testid)
    assert [where for _, where in framed] == expected, (framed, expected)
    letters = [letter for letter, _ in framed]
    assert letters == [chr(ord("A") + i) for i in range(len(letters))], letters
    labels = await page.get_by_test_id(testid).locator("option").all_inner_texts()
    lettered = [label.split(" — ")[0] for label in labels if " — " in label]
    assert set(letters) <= set(lettered), (letters, lettered)
    return testid


async def test_every_choice_frames_exactly_what_the_engine_allows(
    open_page: OpenPage, tmp_path: Path
) -> None:
    ana, match = await open_page("Ana", "keer"), Match(tmp_path / "play.db")
    await slash(ana, "/keer start")
    await ana.locator('button[data-testid*=":ai"]').last.click()
    await ana.wait_for_timeout(300)
    await ana.locator('button[data-testid*=":start"]').last.click()
    checked, keeps, began = 0, 0, time.monotonic()
    while checked < ROLLS:
        assert time.monotonic() - began < 300, f"{checked} rolls checked"
        state = await match.until("a move of Ana's", _ana_moves)
        # The card of this very step (the database may be ahead of the page: an older card's
        # button would be answered "out of date").
        at = kept_at(state) if state.phase is Phase.CHOOSE else state.version
        card = f'button[data-testid="button-tb:{match.id}:{at}:'
        if state.phase is Phase.ROLL:
            assert await press(ana, await _testid(ana, f'{card}roll"]'))
        elif state.phase is Phase.KEEP:
            keep = next(a for a in state.legal_actions(0))
            assert await press(ana, await _testid(ana, f'{card}keep:{keep.die}"]'))  # type: ignore[union-attr]
            kept = await match.until("Ana's keep", lambda s: s.phase is not Phase.KEEP)
            same_roll = kept.rolls == state.rolls and kept.phase is Phase.CHOOSE
            if same_roll and 0 in kept.seats_to_act():  # else nothing fitted: she skipped
                assert kept.kept is not None
                testid = await check_choice(ana, match, kept, 0, kept.kept)  # no die click
                assert testid is not None, "a keep that fits opens her choice"
                await choose(ana, testid)
                checked, keeps = checked + 1, keeps + 1
                picked = kept.rolls  # her pick stored: the keep alone moved the version
                await match.until("Ana's pick", lambda s, r=picked: _picked(s, r))
        else:
            offered = []
            for die in state.allowed_dice(0):
                await answered(ana, f'{card}die:{die}"]')
                offered.append(await check_choice(ana, match, state, 0, die))
            await choose(ana, next(t for t in reversed(offered) if t is not None))
            checked += 1
        await match.until("Ana's move stored", lambda s, v=state.version: s.version > v)
    assert keeps >= 1, "a keep of Ana's opened her choice"


def _picked(state: KeerState, rolls: int) -> bool:
    """Whether Ana's pick of roll `rolls` is stored (or the roll is over)."""
    return state.rolls != rolls or state.choices[0] is not None


def _ana_moves(state: KeerState) -> bool:
    """Whether the match waits on Ana (seat 0): her roll, her keep or her pick."""
    if state.phase is Phase.ROLL:
        return state.roller == 0
    return 0 in state.seats_to_act() and not state.is_terminal()


async def answered(page: Page, css: str, tries: int = 3) -> None:
    """Click the card's button until an ephemeral answers it: a click that lands while the
    page redraws the card (the computer's moves edit it) is lost."""
    private = page.locator(".message.ephemeral")
    for _ in range(tries):
        before = await private.count()
        await page.locator(css).last.click()
        with contextlib.suppress(PlaywrightError):
            await private.nth(before).wait_for(timeout=3_000)
            return
    raise AssertionError(f"nothing answered {css}")


async def _testid(page: Page, css: str) -> str:
    control = page.locator(css).last
    await control.wait_for()
    return str(await control.get_attribute("data-testid"))


async def test_bo_changes_his_pick_until_the_roll_resolves(
    open_page: OpenPage, tmp_path: Path
) -> None:
    ana, bo = await open_page("Ana", "keer"), await open_page("Bo", "keer")
    match = Match(tmp_path / "play.db")
    await slash(ana, "/keer start")
    await bo.locator('button[data-testid*=":join"]').last.click()
    await bo.wait_for_timeout(300)
    await ana.locator('button[data-testid*=":start"]').last.click()
    state = await match.until("Ana's roll", lambda s: s.phase is Phase.ROLL)
    card = f'button[data-testid^="button-tb:{match.id}:'
    assert await press(ana, await _testid(ana, f'{card}"][data-testid$=":roll"]'))
    state = await match.until("Ana's keep", lambda s: s.phase is Phase.KEEP)
    keep = state.legal_actions(0)[0]
    assert await press(ana, await _testid(ana, f'{card}"][data-testid$=":keep:{keep.die}"]'))  # type: ignore[union-attr]
    state = await match.until("the picks", lambda s: s.phase is Phase.CHOOSE)
    anas = await choice_offered(ana, match.id or 0, kept_at(state), str(state.kept))

    first_die, second_die = state.allowed_dice(1)
    await answered(bo, f'{card}"][data-testid$=":die:{first_die}"]')
    first = await choice_offered(bo, match.id or 0, kept_at(state), str(first_die))
    said = bo.locator(".message.ephemeral", has=bo.get_by_test_id(first))
    message = await said.get_attribute("data-testid")
    picked = await choose(bo, first)
    await (
        bo.get_by_test_id(str(message)).get_by_text("change it until the roll resolves").wait_for()
    )
    state = await match.until("Bo's pick", lambda s: s.choices[1] is not None)
    before = state.choices[1]

    await answered(bo, f'{card}"][data-testid$=":die:{second_die}"]')
    second = await choice_offered(bo, match.id or 0, state.version, str(second_die))
    changing = bo.locator(".message.ephemeral", has=bo.get_by_test_id(second))
    assert "Your pick so far" in await changing.inner_text()
    message = await changing.get_attribute("data-testid")
    offered = await choose(bo, second)
    assert before is not None and before.to_text() not in offered
    await bo.get_by_test_id(str(message)).get_by_text("Changed:").wait_for()
    state = await match.until("Bo's change", lambda s: s.choices[1] != before)
    after = state.choices[1]
    assert after is not None and after != before and picked is not None

    await answered(bo, f'{card}"][data-testid$=":die:{first_die}"]')
    spare = await choice_offered(bo, match.id or 0, state.version, str(first_die))
    left_open = await bo.locator(".message.ephemeral", has=bo.get_by_test_id(spare)).get_attribute(
        "data-testid"
    )
    await choose(ana, anas)  # the last pick: the roll resolves, and closes what it left open
    state = await match.until("the roll to resolve", lambda s: s.phase is not Phase.CHOOSE)
    over = bo.get_by_test_id(str(left_open))
    await over.get_by_text("This roll is over").wait_for()
    assert await over.locator("select").count() == 0, "no choice is left looking live"
    assert await bo.get_by_test_id(spare).count() == 0
    changes = state.summary()["changed_picks"]
    assert [(c["seat"], c["from"], c["to"]) for c in changes] == [
        (1, before.to_text(), after.to_text())
    ]


def one_pick_keep(state: KeerState) -> int | None:
    """A die Ana (the roller) may keep that leaves her exactly one pick."""
    for keep in state.legal_actions(0):
        trial = state.clone()
        trial.apply(0, keep)
        legal = trial.legal_actions(0)
        if len(legal) == 1 and isinstance(legal[0], Cross | Mark):
            return int(keep.die)  # type: ignore[union-attr]
    return None


async def test_with_autopick_on_a_pick_without_alternative_is_made_for_ana(
    open_page: OpenPage, tmp_path: Path
) -> None:
    ana, match = await open_page("Ana", "keer"), Match(tmp_path / "play.db")
    await ana.get_by_test_id("composer-input").fill("/settings me ")
    autopick = ana.get_by_test_id("option-autopick")
    await autopick.wait_for(state="visible", timeout=5_000)
    await autopick.select_option(label="on")
    await ana.get_by_test_id("composer-send").click()
    await ana.get_by_text("A Keer pick with only one option is now made for you").wait_for()
    await slash(ana, "/keer start")
    await ana.locator('button[data-testid*=":ai"]').last.click()
    await ana.wait_for_timeout(300)
    await ana.locator('button[data-testid*=":start"]').last.click()
    card = 'button[data-testid^="button-tb:'
    began = time.monotonic()
    while True:  # play until Ana keeps a die that leaves her one pick
        assert time.monotonic() - began < 300, "Ana never had a keep with one pick"
        state = await match.until("a move of Ana's", _ana_moves)
        if state.phase is Phase.KEEP and (die := one_pick_keep(state)) is not None:
            break
        if state.phase is Phase.ROLL:
            assert await press(
                ana, await _testid(ana, f'{card}{match.id}:"][data-testid$=":roll"]')
            )
        elif state.phase is Phase.KEEP:
            keep = state.legal_actions(0)[0]
            css = f'{card}{match.id}:"][data-testid$=":keep:{keep.die}"]'  # type: ignore[union-attr]
            assert await press(ana, await _testid(ana, css))
        else:
            die_now = state.allowed_dice(0)[0]
            await answered(ana, f'{card}{match.id}:"][data-testid$=":die:{die_now}"]')
            testid = await choice_offered(ana, match.id or 0, kept_at(state), str(die_now))
            await choose(ana, testid)
        await match.until("Ana's move stored", lambda s, v=state.version: s.version > v)
    assert await press(ana, await _testid(ana, f'{card}{match.id}:"][data-testid$=":keep:{die}"]'))
    made = await match.until("Ana's pick made for her", lambda s: s.phase is not Phase.KEEP)
    roll = [a for i, (seat, a) in enumerate(made.history) if seat == 0 and i >= state.version]
    assert isinstance(roll[1], Cross | Mark), f"her only pick was made for her: {roll}"
    # the roll resolved at once (the computer picked too): its summary says who made her pick
    await ana.get_by_text("only choice, made for them").first.wait_for()
    offered = await ana.locator(
        'select[data-testid^="select-tbs:"], button[data-testid*=":mark:"]'
    ).evaluate_all("elements => elements.map(e => e.dataset.testid)")
    opened = [t for t in offered if int(t.split(":")[2]) > state.version]
    assert opened == [], f"no choice was opened for the pick made: {opened}"

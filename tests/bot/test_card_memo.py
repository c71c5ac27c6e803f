"""A step card built from what the layouts kept of a match (bot/ui/card_memo.py) is the card they
would build anew, byte for byte, at every click of played matches of both games: after a pick
(a new version whose buttons are the keep's, kept), a name change, a language change, a member
away or stood in for, a seat that left, the application emoji found, the clock's look at its
mentions and a Kero die toggled. What is kept is reused (a Keer pick's 👁 buttons are the keep's
own); a match that is over is forgotten, and no more than `KEPT` matches are kept."""

from __future__ import annotations

import asyncio
import dataclasses
import itertools
import json
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any, cast

import discord
import pytest

from bot.core.clock_book import ClockBook, TurnClock
from bot.core.live import LiveMatch
from bot.core.settings import ClockMode
from bot.delivery.layouts import Shown
from bot.games import adapter_for
from bot.games.kero import views
from bot.ui.card_memo import CardMemo
from bot.ui.emoji import AppEmoji
from bot.ui.layouts import Layouts
from games.common import ChanceRng
from games.common.protocol import CHANCE, Node
from games.keer_kids import HeuristicAI
from games.keer_kids import Phase as KeerPhase
from games.kero.ai import KeroAI
from games.kero.board import Phase as KeroPhase
from games.records import Player
from games.registry import get_game
from render.emoji import emoji_images
from tests.bot.computers_driver import IMAGE, STRIP, played
from words import words_for

DAY_MS = 86_400_000
LANGUAGES = tuple(words_for(code) for code in ("en", "es", "nl"))


def clicked(
    game: str, players: int, options: dict[str, Any], seed: str = "memo"
) -> Iterator[LiveMatch]:
    """A match the computers play for members' seats, one action at a time (a click: one Keer
    pick), each applied to a copy of the state as the bot applies it."""
    spec = get_game(game)
    seats = tuple(Player(str(100 + s), name) for s, name in enumerate(("Ana", "Bo", "Cas", "Dee")))
    live = LiveMatch(
        7, spec, adapter_for(game).rules, spec.new_match(players, options), seats[:players],
        seed, options, "1", "2", "3",
    )  # fmt: skip
    ai: Any = HeuristicAI() if game == "keer-kids" else KeroAI()
    rng = ChanceRng(seed)
    while not live.state.is_terminal():
        yield live
        work = live.state.clone()
        if work.node() is Node.CHANCE:
            work.apply(CHANCE, work.sample_chance(rng))
        else:
            seat = work.seats_to_act()[0]
            work.apply(seat, ai.choose(work, seat))
        live.state = work


def sent(shown: Shown) -> str:
    """A card as Discord gets it: its components and its text."""
    components = cast("Any", shown.view).to_components()
    return json.dumps(components, sort_keys=True) + "\n" + shown.text


def looks(shown: Shown) -> list[discord.ui.Item[Any]]:
    return [i.accessory for i in shown.view.walk_children() if isinstance(i, discord.ui.Section)]


def changed(live: LiveMatch, click: int) -> None:
    """What changes now and then besides the state: a name, the language, who is away or stood
    in for, a seat that left, the picks the bot made for a member."""
    if click % 13 == 5:
        live.players = tuple(Player(p.id, p.name + "!") for p in live.players)
    words = LANGUAGES[click // 11 % len(LANGUAGES)]
    live.language = lambda guild: words
    live.paused = {1} if click % 17 in (6, 7) else set()
    live.stand_in = {0} if click % 17 in (9, 10) else set()
    live.departed = {1: "resigned"} if click % 23 in (7, 8) else {}  # not for long: a test
    if click % 19 == 4:
        live.made_for.update(range(live.state.version))


def same(kept: Layouts, fresh: Layouts, live: LiveMatch, first: bool) -> Shown:
    """Every card of the match now, built from what `kept` kept, is the card `fresh` (nothing
    kept) builds: the step with its images and without, again, frozen, its mentions, a Kero die
    toggled; the first step card."""
    card = kept.step(live, [STRIP, IMAGE], how_to_play=first)
    assert sent(card) == sent(fresh.step(live, [STRIP, IMAGE], how_to_play=first))
    for images in ([STRIP, IMAGE], []):
        again = kept.step(live, images)
        assert sent(again) == sent(fresh.step(live, images))
        assert sent(kept.frozen(live, images)) == sent(fresh.frozen(live, images))
        assert looks(again) == looks(card)  # the same objects: kept
    assert kept.mentioned(live) == fresh.mentioned(live)
    state: Any = live.state
    if live.spec.name == "kero" and state.phase is KeroPhase.ROLLING and state.turn.faces:
        toggled = kept.step(live, [IMAGE], buttons=views.rolling_view(live, 1))
        assert sent(toggled) == sent(fresh.step(live, [IMAGE], buttons=views.rolling_view(live, 1)))
    return card


class Listing:
    """An application whose emoji the bot lists: none until they are uploaded."""

    def __init__(self) -> None:
        self.emoji: list[SimpleNamespace] = []

    async def fetch_application_emojis(self) -> list[SimpleNamespace]:
        return list(self.emoji)

    def upload(self, first: int = 10**17) -> None:
        """Every picture uploaded (again: under other ids, from `first`)."""
        self.emoji = [
            SimpleNamespace(name=image.name, id=first + n) for n, image in enumerate(emoji_images())
        ]


async def never(seconds: float) -> None:
    """A wait the test never lets end (the looking again is stopped)."""
    await asyncio.Event().wait()


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [("keer-kids", 4, {}), ("keer-kids", 2, {}), ("kero", 2, {}), ("kero", 2, {"variant": "boss"})],
)
async def test_every_card_built_from_what_was_kept_is_the_card_built_anew(
    game: str, players: int, options: dict[str, Any]
) -> None:
    listing = Listing()
    emoji = AppEmoji(cast("discord.Client", listing), uploads=False, now_ms=int, sleep=never)
    await emoji.start()  # nothing uploaded: Unicode, and a look again later
    await emoji.stop()
    book = ClockBook(lambda: 0)
    kept, reused, dressed, last = Layouts(emoji, book), 0, 0, None
    for click, live in enumerate(clicked(game, players, options)):
        if click == 300:
            break
        if click % 3:
            book.clocks[live.id] = TurnClock(ClockMode.ASYNC, DAY_MS, 7 * DAY_MS, -1, 0, 0)
        else:
            book.clocks.pop(live.id, None)
        card = same(kept, Layouts(emoji, book), live, first=click % 5 == 0)
        reused += last is not None and looks(card)[0] is last
        dressed += "<:" in sent(card)  # an application emoji
        last = looks(card)[0]
        if click in (40, 80):  # found; then uploaded again under other ids
            listing.upload(10**17 + click)
            await emoji.start()
        changed(live, click)  # at the same state
        same(kept, Layouts(emoji, book), live, first=False)
    if game == "keer-kids":  # a pick's buttons are the keep's
        assert reused > 10, reused
    assert dressed > 20, dressed


def test_a_pick_shows_the_new_waiting_list_and_a_renamed_player_with_the_keep_s_buttons() -> None:
    layouts = Layouts()
    picking = (
        live
        for live in clicked("keer-kids", 4, {})
        if cast("Any", live.state).phase is KeerPhase.CHOOSE
    )
    live = next(picking)
    before = layouts.step(live, [IMAGE])
    live = next(picking)  # the next pick
    live.players = (Player(live.players[0].id, "Zoë"), *live.players[1:])
    after = layouts.step(live, [IMAGE])
    assert "Zoë" in after.text and "Ana" not in after.text
    assert after.text != before.text
    assert sent(after) == sent(Layouts().step(live, [IMAGE]))
    live.language = lambda guild: LANGUAGES[2]
    dutch = layouts.step(live, [IMAGE])
    assert dutch.text != after.text and sent(dutch) == sent(Layouts().step(live, [IMAGE]))


def test_a_state_the_bot_applies_actions_to_itself_is_shown_anew_at_each_version() -> None:
    """A test's match whose state object takes the actions itself (computers_driver): each
    version's texts are its own."""
    kept = Layouts()
    for live in itertools.islice(played("kero", 2, {}, KeroAI()), 60):
        assert sent(kept.step(live, [IMAGE])) == sent(Layouts().step(live, [IMAGE]))
        assert kept.mentioned(live) == Layouts().mentioned(live)


def test_the_same_picture_version_of_another_history_gets_its_own_buttons() -> None:
    """A state not carried on from the one the buttons were made of (read back from the log, or
    a test's own) is never taken for it, whatever its picture version."""
    mine = next(itertools.islice(clicked("keer-kids", 4, {}), 3, None))  # a pick of the first roll
    theirs = next(itertools.islice(clicked("keer-kids", 4, {}, "theirs"), 3, None))
    rules = mine.rules
    assert rules.picture_version(mine.state) == rules.picture_version(theirs.state) > 0
    layouts = Layouts()
    mine_card = layouts.step(mine, [IMAGE])
    mine.state = theirs.state
    fresh = Layouts().step(mine, [IMAGE])
    assert sent(layouts.step(mine, [IMAGE])) == sent(fresh) != sent(mine_card)


def test_what_is_kept_is_bounded_and_a_match_that_is_over_is_forgotten() -> None:
    memo = CardMemo(kept=2)
    first = next(clicked("kero", 2, {}))
    matches = [dataclasses.replace(first, id=n) for n in range(3)]
    for live in matches:
        assert memo.kept(live, 0, 0) is not None
    assert len(memo) == 2  # the first shown, forgotten
    matches[2].open = False
    assert memo.kept(matches[2], 0, 0) is None and len(memo) == 1
    matches[1].open = False
    memo.drop(matches[1])
    assert len(memo) == 0

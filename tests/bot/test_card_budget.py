"""Every match card, at every step of played matches of both games (2 and 4 players, the Boss
Variant, Kero's dice all marked), stays within its component budget and Discord's text limit —
its section per player (a text and a 👁 button: three components each) counted.

The most each kind of card used, measured here on an async clock (its "Give more time"
counted): Keer's step card 20 (2 players) and 26 (4), its summary 11 and 17 (a gallery each for
the strip and the table); Kero's step card 29 (was 26), its summary 10; the
results 6 (Kero) and 7 (Keer: strip, table, results card; they list the players in their
text)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import discord
import pytest

from bot.core.clock_book import ClockBook, TurnClock
from bot.core.live import LiveMatch
from bot.core.settings import ClockMode
from bot.games.kero import views
from bot.ui.layouts import Layouts
from bot.ui.match_cards import CARD_BUDGET, MAX_COMPONENTS, TEXT_LIMIT, card_text
from games.keer_kids import HeuristicAI
from games.kero.ai import KeroAI
from games.kero.board import Phase
from tests.bot.computers_driver import IMAGE, images_of, played


def async_clock(live: LiveMatch) -> ClockBook:
    """The match on an async clock nobody gave more time yet: its step cards carry the clock
    line and "Give more time" (the most a card carries)."""
    book = ClockBook(lambda: 0)
    book.clocks[live.id] = TurnClock(ClockMode.ASYNC, 86_400_000, 7 * 86_400_000, -1, 0, 0)
    return book


def cards(live: LiveMatch) -> Iterator[discord.ui.LayoutView]:
    """Every card the bot may show of this state."""
    layouts = Layouts(clocks=async_clock(live))
    for images in (images_of(live), []):
        if live.state.is_terminal():
            yield layouts.results(live, [*images, IMAGE] if images else []).view
            continue
        yield layouts.step(live, images, how_to_play=True).view
        yield layouts.summary(live, live.rules.message_key(live.state), images).view
        state: Any = live.state
        if live.spec.name == "kero" and state.phase is Phase.ROLLING:
            every = (1 << len(state.turn.faces)) - 1
            yield layouts.step(live, images, buttons=views.rolling_view(live, every)).view


@pytest.mark.parametrize(
    ("game", "players", "options", "ai"),
    [
        ("keer-kids", 2, {}, HeuristicAI()),
        ("keer-kids", 4, {}, HeuristicAI()),
        ("kero", 2, {}, KeroAI()),
        ("kero", 2, {"variant": "boss"}, KeroAI()),
    ],
)
def test_every_card_keeps_its_budget(
    game: str, players: int, options: dict[str, Any], ai: Any
) -> None:
    most = counted = 0
    for live in played(game, players, options, ai):
        for view in cards(live):
            used = view.total_children_count
            assert used <= CARD_BUDGET < MAX_COMPONENTS, (used, card_text(view)[:200])
            sections = [i for i in view.walk_children() if isinstance(i, discord.ui.Section)]
            assert len(sections) == (0 if live.state.is_terminal() else players)
            assert len(card_text(view)) <= TEXT_LIMIT
            most, counted = max(most, used), counted + 1
    assert counted > 100 and most >= 8 + 3 * players, (counted, most)  # buttons, sections

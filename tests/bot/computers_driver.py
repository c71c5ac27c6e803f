"""Matches the computers play to their end, as the bot holds them after each action, and the
images a card of each carries: what the card tests (budgets, sections) walk through."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from bot.core.live import LiveMatch
from bot.delivery.messenger import Image
from bot.games import adapter_for
from games.common import ChanceRng
from games.common.play import step
from games.records import Player
from games.registry import get_game
from render import images_for

IMAGE = Image(b"png", "board.png", "alt")
STRIP = Image(b"png", "strip.png", "alt")
NAMES = ("Ana", "Bo", "Cas", "Dee")


def played(game: str, players: int, options: dict[str, Any], ai: Any) -> Iterator[LiveMatch]:
    """A match of computers, as the bot would hold it after each action."""
    spec = get_game(game)
    state = spec.new_match(players, options)
    seats = tuple(Player(str(100 + s), NAMES[s]) for s in range(players))
    live = LiveMatch(
        1, spec, adapter_for(game).rules, state, seats, "budget", options, "1", "2", "3"
    )
    rng = ChanceRng("budget")
    for _ in range(4000):
        yield live
        if state.is_terminal():
            return
        step(state, [ai] * players, rng)


def images_of(live: LiveMatch) -> list[Image]:
    """The images a card of the match carries: its strip (where the game has one), its board."""
    return [STRIP, IMAGE] if images_for(live.spec.name).strip is not None else [IMAGE]

"""The one table of the games the bot runs: each game's adapter (bot/games/<game>/), looked up
by the name games.registry gives it."""

from __future__ import annotations

from typing import Final

from discord import app_commands

from bot.core.rules import GameRules
from bot.games import keer_kids, kero
from bot.games.adapter import GameAdapter
from bot.ui.titles import title_key
from bot.ui.translator import text
from games.registry import GAMES
from words import DEFAULT, words_for

ADAPTERS: Final[dict[str, GameAdapter]] = {
    adapter.name: adapter for adapter in (keer_kids.ADAPTER, kero.ADAPTER)
}


def adapter_for(game: str) -> GameAdapter:
    """The bot side of a registered game; KeyError names an unknown one."""
    try:
        return ADAPTERS[game]
    except KeyError:
        raise KeyError(f"no bot adapter for game {game!r}; known: {sorted(ADAPTERS)}") from None


def rules_table() -> dict[str, GameRules]:
    """Each game's rules half by name: what the composition root hands the core."""
    return {name: adapter.rules for name, adapter in ADAPTERS.items()}


def game_choices() -> list[app_commands.Choice[str]]:
    """Every registered game as a slash-command choice (its title, its registry name)."""
    english = words_for(DEFAULT)
    return [
        app_commands.Choice(
            name=text(title_key(name)) if english.has(title_key(name)) else spec.title, value=name
        )
        for name, spec in GAMES.items()
    ]

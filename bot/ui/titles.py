"""The games' titles in words: the catalogs keep them (a game's own name, the same in every
language, through its term), so even a title passes through the catalogs."""

from __future__ import annotations

from bot.core.refusals import Listed
from games.registry import get_game
from words import DEFAULT, Words, words_for


def title_key(game: str) -> str:
    """The message id of a game's title."""
    return f"game-{game}"


def title_value(game: str) -> Listed | str:
    """A game's title as a refusal's value: said in the member's language when it is."""
    key = title_key(game)
    return Listed((key,)) if words_for(DEFAULT).has(key) else get_game(game).title


def game_title(game: str, words: Words) -> str:
    """A game's title as the catalogs write it in a language (a game they don't know: its
    engine's title)."""
    key = title_key(game)
    return words(key) if words.has(key) else get_game(game).title

"""Computer seats: their ids and names (a seat whose player id starts with `ai:` is played by
the bot)."""

from __future__ import annotations

from typing import Final

from games.records import Player

AI_PREFIX: Final = "ai:"
AI_NAMES: Final = ("Ada (AI)", "Bert (AI)", "Cleo (AI)", "Dirk (AI)")


def ai_player(index: int) -> Player:
    """The computer player for the index-th AI seat of a match."""
    return Player(f"{AI_PREFIX}{index + 1}", AI_NAMES[index % len(AI_NAMES)])

"""Computer seats: their ids and names (a seat whose player id starts with `ai:` is played by
the bot)."""

from __future__ import annotations

from typing import Final

from games.records import Player
from words import Words

AI_PREFIX: Final = "ai:"
AI_NAMES: Final = ("Ada (AI)", "Bert (AI)", "Cleo (AI)", "Dirk (AI)")
"""As stored in a match's seats; shown as `computer-name` in the reader's language."""
_MARK: Final = " (AI)"


def ai_player(index: int) -> Player:
    """The computer player for the index-th AI seat of a match."""
    return Player(f"{AI_PREFIX}{index + 1}", AI_NAMES[index % len(AI_NAMES)])


def shown_name(player: Player, words: Words) -> str:
    """A seat's name as players read it: a member's own, a computer's marked in the language
    ("Ada (AI)", "Ada (IA)", "Ada (computer)")."""
    if not player.id.startswith(AI_PREFIX):
        return player.name
    return words("computer-name", name=player.name.removesuffix(_MARK))

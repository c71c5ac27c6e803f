"""Computer seats: their ids, levels and names (a seat whose player id starts with `ai:` is
played by the bot).

A computer's id is `ai:<n>` at the normal level (every match before levels existed) and
`ai:<level>:<n>` at another, so the level is stored with the seat in the match record.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from games.common.levels import LEVELS, Level
from games.common.protocol import Policy
from games.records import AI_PREFIX, Player, is_gone
from games.registry import GameSpec
from words import Words
from words.catalog import one_line

AI_NAMES: Final = ("Ada (AI)", "Bert (AI)", "Cleo (AI)", "Dirk (AI)")
"""As stored in a match's seats; shown as `computer-name` in the reader's language."""
_MARK: Final = " (AI)"
_BY_NAME: Final = {level.value: level for level in LEVELS}


def is_computer(player_id: str) -> bool:
    """Whether the bot plays this seat from the start."""
    return player_id.startswith(AI_PREFIX)


def computer_id(level: Level, number: int) -> str:
    """The id of the number-th computer seat (from 1) of a lobby or match at `level`."""
    if level is Level.NORMAL:
        return f"{AI_PREFIX}{number}"
    return f"{AI_PREFIX}{level.value}:{number}"


def level_of(player_id: str) -> Level:
    """A computer seat's level (normal for `ai:<n>`, and for anything unreadable: a damaged
    row still gets a player)."""
    parts = player_id.removeprefix(AI_PREFIX).split(":")
    return _BY_NAME.get(parts[0], Level.NORMAL) if len(parts) == 2 else Level.NORMAL


def ai_player(index: int, level: Level = Level.NORMAL) -> Player:
    """The computer player for the index-th AI seat of a match."""
    return Player(computer_id(level, index + 1), AI_NAMES[index % len(AI_NAMES)])


def shown_name(player: Player, words: Words) -> str:
    """A seat's name as players read it: a member's own, a computer's marked with its level in
    the language ("Ada (AI, hard)", "Ada (IA, difícil)", "Ada (computer, moeilijk)")."""
    if is_gone(player.id):
        return words("player-deleted")
    if not is_computer(player.id):
        return one_line(player.name)
    level = words(f"level-{level_of(player.id).value}")
    return words("computer-name", name=player.name.removesuffix(_MARK), level=level)


def computer_maker(think_ms: int | None) -> Callable[[GameSpec, Level], Policy]:
    """Makes a game's computer player at a level, clicking at this pace."""

    def make(spec: GameSpec, level: Level) -> Policy:
        return spec.new_ai(level, think_ms=think_ms)

    return make

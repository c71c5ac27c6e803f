"""The one table of games, so simulate, replay, storage and the bot look games up by name."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from games import keer_kids, kero
from games.common.protocol import Action, GameState, Policy


@dataclass(frozen=True, slots=True)
class GameSpec:
    """What the rest of Tablero needs to know to run a game without naming it."""

    name: str
    title: str
    min_players: int
    max_players: int
    new_match: Callable[[int, Mapping[str, Any]], GameState]
    parse_action: Callable[[str], Action]
    new_ai: Callable[[], Policy]
    figures: Callable[[Any], Mapping[str, float]]
    """A finished match's own figures for `tablero simulate` (`…_rate` names are averaged)."""


class UnknownGame(ValueError):
    """No game is registered under that name."""


GAMES: Mapping[str, GameSpec] = {
    keer_kids.NAME: GameSpec(
        name=keer_kids.NAME,
        title=keer_kids.TITLE,
        min_players=keer_kids.MIN_PLAYERS,
        max_players=keer_kids.MAX_PLAYERS,
        new_match=keer_kids.new_match,
        parse_action=keer_kids.parse_action,
        new_ai=keer_kids.HeuristicAI,
        figures=keer_kids.figures,
    ),
    kero.NAME: GameSpec(
        name=kero.NAME,
        title=kero.TITLE,
        min_players=2,
        max_players=2,
        new_match=kero.new_match,
        parse_action=kero.parse_action,
        new_ai=kero.KeroAI,
        figures=kero.figures,
    ),
}


def get_game(name: str) -> GameSpec:
    """The game registered under `name`; raise UnknownGame listing the known ones."""
    try:
        return GAMES[name]
    except KeyError:
        raise UnknownGame(
            f"unknown game {name!r}; known games: {', '.join(sorted(GAMES))}"
        ) from None

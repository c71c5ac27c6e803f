"""The one table of games, so simulate, replay, storage and the bot look games up by name."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from games import keer_kids, kero
from games.common.levels import Budget, Level
from games.common.protocol import Action, GameState, Policy
from games.kero.ai import Pace


class NewComputer(Protocol):
    """Makes a game's computer player: its level, a searching one's budget, the game time each
    of its clicks takes (games played on a clock), and the seed its sampling starts from."""

    def __call__(
        self,
        level: Level = Level.NORMAL,
        budget: Budget | None = None,
        *,
        think_ms: int | None = None,
        seed: str = "",
    ) -> Policy: ...


@dataclass(frozen=True, slots=True)
class GameSpec:
    """What the rest of Tablero needs to know to run a game without naming it."""

    name: str
    title: str
    min_players: int
    max_players: int
    new_match: Callable[[int, Mapping[str, Any]], GameState]
    parse_action: Callable[[str], Action]
    new_ai: NewComputer
    figures: Callable[[Any], Mapping[str, float]]
    """A finished match's own figures for `tablero simulate` (`…_rate` names are averaged)."""


def _keer_computer(
    level: Level = Level.NORMAL,
    budget: Budget | None = None,
    *,
    think_ms: int | None = None,
    seed: str = "",
) -> Policy:
    """Keer op Keer Kids has no clock of its own: its computer's clicks take no game time."""
    return keer_kids.computer(level, budget, seed)


def _kero_computer(
    level: Level = Level.NORMAL,
    budget: Budget | None = None,
    *,
    think_ms: int | None = None,
    seed: str = "",
) -> Policy:
    """Kero's computer spends its tank at `think_ms` a click (the bot's pace)."""
    pace = None if think_ms is None else Pace(think_ms=think_ms)
    return kero.computer(level, budget, seed, pace)


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
        new_ai=_keer_computer,
        figures=keer_kids.figures,
    ),
    kero.NAME: GameSpec(
        name=kero.NAME,
        title=kero.TITLE,
        min_players=2,
        max_players=2,
        new_match=kero.new_match,
        parse_action=kero.parse_action,
        new_ai=_kero_computer,
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

"""Each game's messages in Discord, looked up by game name like the engines and renderers."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

import discord

from bot import keer_ui, kero_ui
from bot.service import LiveMatch
from games.common.protocol import GameState


@dataclass(frozen=True, slots=True)
class GameUI:
    """What the publisher and commands need to show a game without naming it."""

    step_content: Callable[[LiveMatch], str]
    """The current message's text: whose move, and what is on the table."""
    step_view: Callable[[LiveMatch], discord.ui.View | None]
    """The current message's buttons."""
    message_key: Callable[[GameState], int]
    """Which public message a state belongs to; a new key means a new message (and image)."""
    step_summary: Callable[[LiveMatch, int], str]
    """What a message says once the play moved on to the next one."""
    results_content: Callable[[LiveMatch], str]
    text_board: Callable[[LiveMatch], str]
    """The board as text, where the bot may not attach images."""
    progress_line: Callable[[LiveMatch], str]


UIS: Mapping[str, GameUI] = {
    "keer-kids": GameUI(
        step_content=keer_ui.step_content,
        step_view=keer_ui.step_view,
        message_key=keer_ui.roll_number,
        step_summary=keer_ui.roll_summary,
        results_content=keer_ui.results_content,
        text_board=keer_ui.text_board,
        progress_line=keer_ui.progress_line,
    ),
    "kero": GameUI(
        step_content=kero_ui.step_content,
        step_view=kero_ui.step_view,
        message_key=kero_ui.turn_key,
        step_summary=kero_ui.turn_summary,
        results_content=kero_ui.results_content,
        text_board=kero_ui.text_board,
        progress_line=kero_ui.progress_line,
    ),
}


def ui_for(live: LiveMatch) -> GameUI:
    """The messages of the match's game."""
    return UIS[live.spec.name]

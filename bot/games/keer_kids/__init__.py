"""Keer op Keer Kids in Discord: a message per roll, picks in ephemeral selects."""

from __future__ import annotations

from bot.games.adapter import DemoMatch, GameAdapter, GameUI
from bot.games.keer_kids import play, ui
from bot.games.keer_kids.commands import KeerCog
from bot.games.keer_kids.pace import KeerPace
from games.keer_kids import NAME
from render import images_for

ADAPTER = GameAdapter(
    name=NAME,
    ui=GameUI(
        step_content=ui.step_content,
        step_view=ui.step_view,
        message_key=ui.roll_number,
        step_summary=ui.roll_summary,
        results_content=ui.results_content,
        text_board=ui.text_board,
        progress_line=ui.progress_line,
    ),
    pace=KeerPace(),
    images=images_for(NAME),
    buttons=play.BUTTONS,
    selects=play.SELECTS,
    commands=KeerCog,
    demo=DemoMatch(("Ana", "Bo", "Cas", "Dee"), {}, lambda s: s.rolls, "roll"),
)

"""Keer op Keer Kids in Discord: a message per roll, picks in ephemeral selects."""

from __future__ import annotations

from bot.games.adapter import DemoMatch, GameAdapter, GameUI
from bot.games.keer_kids import play, text_board, ui
from bot.games.keer_kids.commands import KeerCog
from bot.games.keer_kids.rules import KeerRules

ADAPTER = GameAdapter(
    rules=KeerRules(),
    ui=GameUI(
        step_content=ui.step_content,
        step_view=ui.step_view,
        step_summary=ui.roll_summary,
        results_content=ui.results_content,
        text_board=ui.text_board,
        progress_line=ui.progress_line,
        players=ui.players,
        strip_alt=ui.strip_alt,
        look_label="keer-look-label",
        board_sections=text_board.board_sections,
    ),
    buttons=play.BUTTONS,
    selects=play.SELECTS,
    commands=KeerCog,
    demo=DemoMatch(("Ana", "Bo", "Cas", "Dee"), {}, lambda s: s.rolls, "rolls"),
)

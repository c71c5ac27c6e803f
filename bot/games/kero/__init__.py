"""Kero in Discord: one message per turn, the tanker window on Discord's clock."""

from __future__ import annotations

from bot.games.adapter import DemoMatch, GameAdapter, GameUI
from bot.games.kero import play, text_board, texts, ui, views
from bot.games.kero.commands import KeroCog
from bot.games.kero.rules import KeroRules

ADAPTER = GameAdapter(
    rules=KeroRules(),
    ui=GameUI(
        step_content=texts.step_content,
        step_view=views.step_view,
        step_summary=texts.turn_summary,
        results_content=texts.results_content,
        text_board=ui.text_board,
        progress_line=ui.progress_line,
        players=ui.players,
        look_label="kero-look-label",
        accent=ui.accent,
        strip_alt=ui.strip_alt,
        board_sections=text_board.board_sections,
    ),
    buttons=play.BUTTONS,
    selects=play.SELECTS,
    commands=KeroCog,
    demo=DemoMatch(("Ana", "Bo"), {"variant": "boss"}, lambda s: s.turns, "turns"),
)

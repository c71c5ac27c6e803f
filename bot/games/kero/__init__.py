"""Kero in Discord: one message per turn, the tanker window on Discord's clock."""

from __future__ import annotations

from bot.games.adapter import AiSettings, DemoMatch, GameAdapter, GameUI
from bot.games.kero import deadlines, play, ui
from bot.games.kero.commands import KeroCog
from bot.games.kero.pace import KeroPace
from games.common.protocol import Policy
from games.kero import NAME
from games.kero.ai import KeroAI, Pace
from render import images_for


def _new_ai(settings: AiSettings) -> Policy:
    """The computer clicks at the bot's pace: each of its clicks takes real time."""
    return KeroAI(Pace(think_ms=settings.ai_think_ms))


ADAPTER = GameAdapter(
    name=NAME,
    ui=GameUI(
        step_content=ui.step_content,
        step_view=ui.step_view,
        message_key=ui.turn_key,
        step_summary=ui.turn_summary,
        results_content=ui.results_content,
        text_board=ui.text_board,
        progress_line=ui.progress_line,
    ),
    pace=KeroPace(),
    images=images_for(NAME),
    new_ai=_new_ai,
    buttons=play.BUTTONS,
    selects=play.SELECTS,
    commands=KeroCog,
    demo=DemoMatch(("Ana (AI)", "Bo (AI)"), {"variant": "boss"}, lambda s: s.turns, "turn"),
    deadline=deadlines.deadline,
    follow_up=play.credit,
    shown_late=play.shown_late,
)

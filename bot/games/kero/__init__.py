"""Kero in Discord: one message per turn, the tanker window on Discord's clock."""

from __future__ import annotations

from bot.core.refusals import Listed, Refused
from bot.games.adapter import DemoMatch, GameAdapter, GameUI
from bot.games.kero import deadlines, play, ui
from bot.games.kero.commands import KeroCog
from bot.games.kero.pace import KeroPace
from games.common.errors import IllegalAction, Reason
from games.kero import NAME
from games.kero.resources import RESOURCES, Resources
from render import images_for


def listed(bundle: Resources) -> Listed:
    """Resources as the member's language lists them ("2 bricks and 1 metal"; `nothing`)."""
    amounts = [
        (n, amount) for n, amount in zip(RESOURCES, bundle.as_tuple(), strict=True) if amount
    ]
    if not amounts:
        return Listed(("resource-nothing",))
    return Listed(
        tuple(f"resource-{name}" for name, _ in amounts),
        values=tuple({"count": amount} for _, amount in amounts),
    )


def explain(error: IllegalAction) -> Refused | None:
    """What a move costs and what the player has, when that is why the rules turned it down
    ("That costs 2 bricks and 1 metal and you have 1 brick"); None for any other reason."""
    cost, have = error.details.get("cost"), error.details.get("have")
    if error.reason is not Reason.NOT_ENOUGH:
        return None
    if not isinstance(cost, Resources) or not isinstance(have, Resources):
        return None
    return Refused("kero-costs-more", cost=listed(cost), have=listed(have))


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
    buttons=play.BUTTONS,
    selects=play.SELECTS,
    commands=KeroCog,
    demo=DemoMatch(("Ana", "Bo"), {"variant": "boss"}, lambda s: s.turns, "turn"),
    deadline=deadlines.deadline,
    follow_up=play.credit,
    shown_late=play.shown_late,
    explain=explain,
)

"""High Roll's bot side (the toy third game): its rules half, messages, its one button, and its
slash command, as one adapter — what a new game's folder under bot/games/ would hold."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.core.computer import ai_player
from bot.core.rules import THROW, GameRules, MissedTurn
from bot.games.adapter import CommandKit, DemoMatch, GameAdapter, GameClicks, GameUI
from bot.ui.components import view_of
from bot.ui.ids import MatchRef
from bot.ui.items import match_button
from games.common.protocol import GameState, Seat
from games.records import Player
from tests.bot.third_game import engine

if TYPE_CHECKING:
    from bot.core.live import LiveMatch

THROW_VERB = "throw"
"""The custom_id verb of High Roll's one button."""


def _state(live: LiveMatch) -> engine.HighRollState:
    assert isinstance(live.state, engine.HighRollState)
    return live.state


def step_content(live: LiveMatch) -> str:
    state = _state(live)
    totals = ", ".join(f"{n} {t}" for n, t in zip(live.names, state.totals, strict=True))
    thrower = live.names[state.thrower]
    return f"🎲 High Roll #{live.id} · round {state.round} · {totals} · {thrower} throws"


def step_view(live: LiveMatch) -> discord.ui.View | None:
    state = _state(live)
    if live.is_ai(state.thrower):
        return None
    ref = MatchRef(live.id, state.version, THROW_VERB)
    return view_of(match_button(ref, "Throw", emoji="🎲"))


def results_content(live: LiveMatch) -> str:
    outcome = _state(live).outcome()
    assert outcome is not None
    return "🏆 " + " and ".join(live.names[s] for s in sorted(outcome.winners)) + " win High Roll"


@dataclass(frozen=True, slots=True)
class HighRollRules(GameRules):
    """The thrower's click throws; nothing is forced, missed throws are thrown by the bot."""

    name: str = engine.NAME

    def chance_trigger(self, state: engine.HighRollState) -> Seat | None:
        return None if state.is_terminal() else state.thrower

    def forced(self, state: Any, seat: Seat) -> None:
        return None

    def step_version(self, state: engine.HighRollState) -> int:
        return state.version

    def missed(self, state: engine.HighRollState, seat: Seat) -> MissedTurn | None:
        return THROW if seat == state.thrower else None

    def skip(self, state: Any, seat: Seat) -> None:
        return None

    def message_key(self, state: GameState) -> int:
        assert isinstance(state, engine.HighRollState)
        return state.round


async def throw(clicks: GameClicks, interaction: discord.Interaction[Any], ref: MatchRef) -> None:
    """The thrower's click: the bot throws their die."""
    await clicks.act_public(interaction, ref, THROW)


class HighRollCog(commands.GroupCog, group_name="highroll", group_description="High Roll"):
    """`/highroll start`: a match against the computer."""

    def __init__(self, kit: CommandKit) -> None:
        self.kit = kit
        super().__init__()

    @app_commands.command(name="start", description="Play High Roll against the computer")
    async def start(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.defer()
        players = [Player(str(interaction.user.id), interaction.user.display_name), ai_player(0)]
        live = await self.kit.starts.start(interaction, engine.NAME, players, {})
        await interaction.edit_original_response(content=f"High Roll #{live.id} has started.")


ADAPTER = GameAdapter(
    rules=HighRollRules(),
    ui=GameUI(
        step_content=step_content,
        step_view=step_view,
        step_summary=lambda live, key: f"High Roll #{live.id}: round {key} is over",
        results_content=results_content,
        text_board=step_content,
        progress_line=step_content,
    ),
    buttons={THROW_VERB: throw},
    selects={},
    commands=HighRollCog,
    demo=DemoMatch(("Ana", "Bo"), {}, lambda s: s.rolls, "throw"),
)

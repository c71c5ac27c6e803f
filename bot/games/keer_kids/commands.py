"""`/keer start`: a lobby for 2–4 players, AI seats too, whose host chooses who rolls first."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.core.clock_book import AwayPolicy
from bot.games.adapter import CommandKit
from bot.ui.hours import AWAY_CHOICES, AWAY_KEY, HOURS_KEY, chosen_hours, chosen_policy
from bot.ui.lobby_texts import FIRST, LOBBY_MS, place_of
from bot.ui.options import BoundedGroupCog
from bot.ui.permissions import require_server
from bot.ui.translator import choice, text
from games.keer_kids import NAME
from storage import Lobby, now_ms


@app_commands.guild_only()
class KeerCog(BoundedGroupCog, group_name="keer", group_description=text("keer-cmd")):
    """Keer op Keer Kids commands (in servers only: Discord ignores `guild_only` on
    subcommands, so the group carries it)."""

    def __init__(self, kit: CommandKit) -> None:
        self.kit = kit
        super().__init__()

    @app_commands.command(name="start", description=text("keer-start-cmd"))
    @app_commands.describe(
        clock=text("keer-start-clock-cmd"),
        rated=text("keer-start-rated-cmd"),
        hours=text("start-hours-cmd"),
        zone=text("start-zone-cmd"),
        away=text("start-away-cmd"),
    )
    @app_commands.choices(
        clock=[
            choice("keer-clock-live-choice", "live"),
            choice("keer-clock-async-choice", "async"),
        ],
        away=AWAY_CHOICES,
    )
    async def start(  # noqa: PLR0917 - discord.py maps each slash option to a parameter
        self,
        interaction: discord.Interaction[Any],
        clock: str | None = None,
        rated: bool = True,
        hours: str | None = None,
        zone: str | None = None,
        away: str = AwayPolicy.PAUSE.value,
    ) -> None:
        """Post a lobby with Join, Leave, Add AI, Start and who rolls first (house rule: the
        host, unless they choose another seat)."""
        require_server(interaction)
        window = chosen_hours(hours, zone)
        guild, channel = place_of(interaction)
        host = str(interaction.user.id)
        await self.kit.starts.check_can_start(interaction, host)
        lobby = Lobby(
            id=None,
            kind="lobby",
            game=NAME,
            options={
                "names": {host: interaction.user.display_name},
                "game": {},
                "rated": rated,
                **({"clock": clock} if clock else {}),
                **({HOURS_KEY: window.stored()} if window else {}),
                AWAY_KEY: chosen_policy(away).value,
                FIRST: host,
            },
            host_id=host,
            members=(host,),
            expires_at=now_ms() + LOBBY_MS,
            guild_id=guild,
            channel_id=channel,
        )
        await self.kit.lobbies.open(interaction, lobby)

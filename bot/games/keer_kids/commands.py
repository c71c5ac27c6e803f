"""`/keer start`: a lobby for 2–4 players, AI seats too."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.ui.lobbies import LOBBY_MS, place_of
from bot.ui.options import BoundedGroupCog
from bot.ui.permissions import require_server
from bot.ui.translator import choice, text
from storage import Lobby, now_ms

if TYPE_CHECKING:
    from bot.app import TableroBot


@app_commands.guild_only()
class KeerCog(BoundedGroupCog, group_name="keer", group_description=text("keer-cmd")):
    """Keer op Keer Kids commands (in servers only: Discord ignores `guild_only` on
    subcommands, so the group carries it)."""

    def __init__(self, bot: TableroBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="start", description=text("keer-start-cmd"))
    @app_commands.describe(clock=text("keer-start-clock-cmd"), rated=text("keer-start-rated-cmd"))
    @app_commands.choices(
        clock=[choice("keer-clock-live-choice", "live"), choice("keer-clock-async-choice", "async")]
    )
    async def start(
        self,
        interaction: discord.Interaction[Any],
        clock: str | None = None,
        rated: bool = True,
    ) -> None:
        """Post a lobby with Join, Leave, Add AI and Start."""
        require_server(interaction)
        guild, channel = place_of(interaction)
        await self.bot.matches.check_bot_permissions(interaction)
        await self.bot.matches.check_channel_free(channel, guild)
        host = str(interaction.user.id)
        await self.bot.matches.check_member_limit(host, guild)
        lobby = Lobby(
            id=None,
            kind="lobby",
            game="keer-kids",
            options={
                "names": {host: interaction.user.display_name},
                "game": {},
                "rated": rated,
                **({"clock": clock} if clock else {}),
            },
            host_id=host,
            members=(host,),
            expires_at=now_ms() + LOBBY_MS,
            guild_id=guild,
            channel_id=channel,
        )
        await self.bot.lobbies.open(interaction, lobby)

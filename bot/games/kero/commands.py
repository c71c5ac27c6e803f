"""`/kero challenge`: a member, or the bot itself for a match against the computer."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands

from bot.computer import ai_player
from bot.lobbies import LOBBY_MS, place_of
from bot.options import BoundedGroupCog
from bot.permissions import require_server
from bot.refusals import Refused
from games.records import Player
from storage import Lobby, now_ms

if TYPE_CHECKING:
    from bot.app import TableroBot


@app_commands.guild_only()
class KeroCog(BoundedGroupCog, group_name="kero", group_description="Kero"):
    """Kero commands (in servers only: the group carries `guild_only`)."""

    def __init__(self, bot: TableroBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="challenge", description="Challenge a member (or me) to Kero")
    @app_commands.describe(
        member="who you challenge (pick Tablero itself to play the computer)",
        variant="base game, or the Boss Variant",
        refuel="fuel-ups thrown automatically, or live by the opponent",
        clock="live: minutes per turn; async: hours (the server's default)",
        rated="false for a casual match that changes no rating",
    )
    async def challenge(  # noqa: PLR0917 - discord.py maps each slash option to a parameter
        self,
        interaction: discord.Interaction[Any],
        member: discord.User,
        variant: Literal["base", "boss"] = "base",
        refuel: Literal["auto", "live"] = "auto",
        clock: Literal["live", "async"] | None = None,
        rated: bool = True,
    ) -> None:
        """Post a challenge only the challenged member can accept; against the bot, start now."""
        require_server(interaction)
        guild, channel = place_of(interaction)
        challenger = str(interaction.user.id)
        options = {"variant": variant, "fuel_up": refuel}
        if member.id == interaction.user.id:
            raise Refused("You can't challenge yourself.")
        await self.bot.matches.check_bot_permissions(interaction)
        await self.bot.matches.check_channel_free(channel, guild)
        await self.bot.matches.check_member_limit(challenger, guild)
        if self.bot.user is not None and member.id == self.bot.user.id:
            # Ephemeral: should the match still not start, the refusal fills this answer.
            await interaction.response.defer(ephemeral=True, thinking=True)
            players = [Player(challenger, interaction.user.display_name), ai_player(0)]
            live = await self.bot.matches.start(interaction, "kero", players, options, clock)
            await interaction.edit_original_response(
                content=f"⚔️ Kero match #{live.id} against the computer has started."
            )
            return
        if member.bot:
            raise Refused("Bots can't play; challenge me to play the computer.")
        names = {challenger: interaction.user.display_name, str(member.id): member.display_name}
        lobby = Lobby(
            id=None,
            kind="challenge",
            game="kero",
            options={
                "names": names,
                "game": options,
                "rated": rated,
                **({"clock": clock} if clock else {}),
            },
            host_id=challenger,
            members=(challenger, str(member.id)),
            expires_at=now_ms() + LOBBY_MS,
            guild_id=guild,
            channel_id=channel,
        )
        await self.bot.lobbies.open(interaction, lobby)

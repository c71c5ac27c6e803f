"""`/keer start` (a lobby) and `/kero challenge` (a member, or the bot itself for the AI)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

from bot.lobbies import LOBBY_MS
from bot.refusals import Refused
from bot.service import ai_player
from games.records import Player
from storage import Lobby, now_ms

if TYPE_CHECKING:
    from bot.app import TableroBot


def _place(interaction: discord.Interaction[Any]) -> tuple[str | None, str]:
    guild = None if interaction.guild_id is None else str(interaction.guild_id)
    return guild, str(interaction.channel_id)


class KeerCog(commands.GroupCog, group_name="keer", group_description="Keer op Keer Kids"):
    """Keer op Keer Kids commands."""

    def __init__(self, bot: TableroBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="start", description="Open a lobby for 2–4 players (AI seats too)")
    @app_commands.describe(
        clock="live: minutes per turn; async: hours (the server's default)",
        rated="false for a casual match that changes no rating",
    )
    @app_commands.guild_only()
    async def start(
        self,
        interaction: discord.Interaction[Any],
        clock: Literal["live", "async"] | None = None,
        rated: bool = True,
    ) -> None:
        """Post a lobby with Join, Leave, Add AI and Start."""
        guild, channel = _place(interaction)
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


class KeroCog(commands.GroupCog, group_name="kero", group_description="Kero"):
    """Kero commands."""

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
    @app_commands.guild_only()
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
        guild, channel = _place(interaction)
        challenger = str(interaction.user.id)
        options = {"variant": variant, "fuel_up": refuel}
        if member.id == interaction.user.id:
            raise Refused("You can't challenge yourself.")
        await self.bot.matches.check_channel_free(channel, guild)
        await self.bot.matches.check_member_limit(challenger, guild)
        if self.bot.user is not None and member.id == self.bot.user.id:
            await interaction.response.defer()
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

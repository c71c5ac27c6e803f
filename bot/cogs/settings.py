"""`/settings`: per-server choices, for members with Manage Server."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands

if TYPE_CHECKING:
    from bot.app import TableroBot


@app_commands.default_permissions(manage_guild=True)
class SettingsCog(
    commands.GroupCog,
    group_name="settings",
    group_description="Tablero's settings for this server",
):
    """Server settings."""

    def __init__(self, bot: TableroBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="threads", description="Play each new match in its own thread")
    @app_commands.describe(mode="on: one thread per match; off: one match per channel")
    @app_commands.guild_only()
    @app_commands.checks.has_permissions(manage_guild=True)
    async def threads(
        self, interaction: discord.Interaction[Any], mode: Literal["on", "off"]
    ) -> None:
        """Save the setting; it applies to matches started from now on."""
        guild = str(interaction.guild_id)
        settings = await self.bot.store.get_guild_settings(guild)
        on = mode == "on"
        await self.bot.store.set_guild_settings(guild, {**settings, "threads": on})
        state = "in its own thread" if on else "in the channel it was started in (one at a time)"
        await interaction.response.send_message(
            f"From now on each new match plays {state}.", ephemeral=True
        )

    @app_commands.command(name="limit", description="How many open matches a member may play")
    @app_commands.describe(matches="at most this many open matches per member (1–25)")
    @app_commands.guild_only()
    @app_commands.checks.has_permissions(manage_guild=True)
    async def limit(
        self, interaction: discord.Interaction[Any], matches: app_commands.Range[int, 1, 25]
    ) -> None:
        """Save the per-member limit; matches already running are not touched."""
        guild = str(interaction.guild_id)
        settings = await self.bot.store.get_guild_settings(guild)
        await self.bot.store.set_guild_settings(guild, {**settings, "max_matches": matches})
        await interaction.response.send_message(
            f"From now on a member may play at most {matches} open matches at once here.",
            ephemeral=True,
        )

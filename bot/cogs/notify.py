"""`/notify on|off`: a member's own choice of DM reminders before their turn clock runs out."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands

from bot.options import BoundedCog

if TYPE_CHECKING:
    from bot.app import TableroBot


class NotifyCog(BoundedCog):
    """Members' reminder choice (kept per member, across servers)."""

    def __init__(self, bot: TableroBot) -> None:
        self.bot = bot

    @app_commands.command(name="notify", description="DM me once before my turn clock runs out")
    @app_commands.describe(mode="on: one DM per turn before your clock runs out; off: none")
    async def notify(
        self, interaction: discord.Interaction[Any], mode: Literal["on", "off"]
    ) -> None:
        """Save the member's choice."""
        user = str(interaction.user.id)
        settings = await self.bot.store.get_user_settings(user)
        await self.bot.store.set_user_settings(user, {**settings, "notify": mode == "on"})
        text = (
            "I'll DM you once per turn before your clock runs out."
            if mode == "on"
            else "No more reminder DMs."
        )
        await interaction.response.send_message(text, ephemeral=True)

"""`/notify on|off`: a member's own choice of DM reminders before their turn clock runs out."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.core.settings import Settings
from bot.ui.languages import member_words
from bot.ui.options import BoundedCog
from bot.ui.translator import choice, text


class NotifyCog(BoundedCog):
    """Members' reminder choice (kept per member, across servers)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    @app_commands.command(name="notify", description=text("notify-cmd"))
    @app_commands.describe(mode=text("notify-mode-cmd"))
    @app_commands.choices(
        mode=[choice("notify-on-choice", "on"), choice("notify-off-choice", "off")]
    )
    async def notify(self, interaction: discord.Interaction[Any], mode: str) -> None:
        """Save the member's choice."""
        user = str(interaction.user.id)
        await self.settings.set_member(user, notify=mode == "on")
        said = member_words(interaction)("notify-on" if mode == "on" else "notify-off")
        await interaction.response.send_message(said, ephemeral=True)

"""`/rules game` and `/help`: paged, ephemeral, never noisy."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.games import game_choices
from bot.options import BoundedCog
from bot.rules_pages import page_embed, page_view

if TYPE_CHECKING:
    from bot.app import TableroBot


class InfoCog(BoundedCog):
    """Rules and help."""

    def __init__(self, bot: TableroBot) -> None:
        self.bot = bot

    @app_commands.command(name="rules", description="The rules of a game, page by page")
    @app_commands.describe(game="which game")
    @app_commands.choices(game=game_choices())
    async def rules(self, interaction: discord.Interaction[Any], game: str) -> None:
        """The first page of the game's rules summary, with paging buttons."""
        await _send_page(interaction, game)

    @app_commands.command(name="help", description="What Tablero does and its commands")
    async def help(self, interaction: discord.Interaction[Any]) -> None:
        """The help page."""
        await _send_page(interaction, "help")


async def _send_page(interaction: discord.Interaction[Any], name: str) -> None:
    view = page_view(name, 0)
    extra: dict[str, Any] = {"view": view} if view is not None else {}
    await interaction.response.send_message(embed=page_embed(name, 0), ephemeral=True, **extra)

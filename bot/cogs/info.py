"""`/rules game` and `/help`: paged, ephemeral, never noisy, in the member's language."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.games import game_choices
from bot.ui.languages import member_words
from bot.ui.options import BoundedCog
from bot.ui.rules_pages import page_embed, page_view
from bot.ui.translator import text


class InfoCog(BoundedCog):
    """Rules and help."""

    @app_commands.command(name="rules", description=text("pages-rules-cmd"))
    @app_commands.describe(game=text("pages-rules-game-cmd"))
    @app_commands.choices(game=game_choices())
    async def rules(self, interaction: discord.Interaction[Any], game: str) -> None:
        """The first page of the game's rules summary, with paging buttons."""
        await _send_page(interaction, game)

    @app_commands.command(name="help", description=text("pages-help-cmd"))
    async def help(self, interaction: discord.Interaction[Any]) -> None:
        """The help page."""
        await _send_page(interaction, "help")


async def _send_page(interaction: discord.Interaction[Any], name: str) -> None:
    """The book's first page, in the member's language, only for them."""
    words = member_words(interaction)
    view = page_view(name, 0, words)
    extra: dict[str, Any] = {"view": view} if view is not None else {}
    await interaction.response.send_message(
        embed=page_embed(name, 0, words), ephemeral=True, **extra
    )

"""`/match status`, `/match resign`, `/match cancel`: the match in this channel or thread;
`/match list`: the member's open matches in the server; `/match record`."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.cogs.ratings import send_record
from bot.ui.desk import MatchDesk
from bot.ui.options import BoundedGroupCog
from bot.ui.translator import text
from storage import Store


@app_commands.guild_only()
class MatchCog(BoundedGroupCog, group_name="match", group_description=text("match-cmd")):
    """Commands about the match running in this channel (in servers only: the group carries
    `guild_only`, which Discord ignores on subcommands)."""

    def __init__(self, desk: MatchDesk, store: Store) -> None:
        self.desk = desk
        self.store = store
        super().__init__()

    @app_commands.command(name="status", description=text("match-status-cmd"))
    async def status(self, interaction: discord.Interaction[Any]) -> None:
        """Players, whose move, and a link to the current message."""
        await self.desk.status(interaction)

    @app_commands.command(name="here", description=text("match-here-cmd"))
    async def here(self, interaction: discord.Interaction[Any]) -> None:
        """For a player who lost the message: the old one loses its buttons."""
        await self.desk.bring_here(interaction)

    @app_commands.command(name="list", description=text("match-list-cmd"))
    async def list_matches(self, interaction: discord.Interaction[Any]) -> None:
        """Each with where it plays, whose move, and a link, a page at a time (only you see
        it)."""
        await self.desk.list_page(interaction)

    @app_commands.command(name="record", description=text("match-record-cmd"))
    @app_commands.describe(match=text("match-record-match-cmd"))
    async def record(
        self, interaction: discord.Interaction[Any], match: app_commands.Range[int, 1]
    ) -> None:
        """Upload the match record JSON (only you see it); `tablero replay` reads it."""
        await send_record(interaction, self.store, match)

    @app_commands.command(name="resign", description=text("match-resign-cmd"))
    async def resign(self, interaction: discord.Interaction[Any]) -> None:
        """The computer takes your seat, or a two-player match ends."""
        await self.desk.resign(interaction)

    @app_commands.command(name="cancel", description=text("match-cancel-cmd"))
    async def cancel(self, interaction: discord.Interaction[Any]) -> None:
        """Ask the other players, or cancel at once with Manage Server."""
        await self.desk.cancel(interaction)

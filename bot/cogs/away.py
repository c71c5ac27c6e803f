"""`/away on days hours` and `/away off`: a member away from their async matches for a while —
each table pauses their clock or has the computer play for them, as it chose — and back."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.core.away import DAY_MS, Aways, WentAway
from bot.core.clock_book import HOUR_MS
from bot.delivery.away_watch import AwayDelivery, deliver
from bot.ui.languages import member_words
from bot.ui.names import shown
from bot.ui.options import BoundedGroupCog
from bot.ui.translator import text
from words import Words, isolate


@app_commands.guild_only()
class AwayCog(BoundedGroupCog, group_name="away", group_description=text("away-cmd")):
    """Away from async matches, in every server the member plays in with the bot."""

    def __init__(self, aways: Aways, delivery: AwayDelivery) -> None:
        self.aways = aways
        self.delivery = delivery
        super().__init__()

    @app_commands.command(name="on", description=text("away-on-cmd"))
    @app_commands.describe(days=text("away-on-days-cmd"), hours=text("away-on-hours-cmd"))
    async def on(
        self,
        interaction: discord.Interaction[Any],
        days: app_commands.Range[int, 0, 30] = 0,
        hours: app_commands.Range[int, 0, 23] = 0,
    ) -> None:
        """Away from now: told privately where it applies, then each match's channel once."""
        user = str(interaction.user.id)
        went = await self.aways.go_away(user, days * DAY_MS + hours * HOUR_MS)
        words = member_words(interaction)
        await interaction.response.send_message(
            self._said(interaction, went, words), ephemeral=True
        )
        await deliver(self.delivery, went.changes)

    @app_commands.command(name="off", description=text("away-off-cmd"))
    async def off(self, interaction: discord.Interaction[Any]) -> None:
        """Back now: every table waits for the member again."""
        user = str(interaction.user.id)
        was_away = bool(self.aways.away_in(user))
        changes = await self.aways.come_back(user)
        words = member_words(interaction)
        said = words("away-back" if was_away or changes else "away-not-away")
        await interaction.response.send_message(said, ephemeral=True)
        await deliver(self.delivery, changes)

    def _said(self, interaction: discord.Interaction[Any], went: WentAway, words: Words) -> str:
        """Until when and in how many matches, what each server's budget cut, and that live
        matches are not touched."""
        user = str(interaction.user.id)
        away = self.aways.away_in(user)
        lines = []
        if away:
            until = max(self.aways.until(user, live.guild_id) or 0 for live in away)
            lines.append(words("away-set", until=f"<t:{until // 1000}:f>", count=len(away)))
        elif not went.short:
            lines.append(words("away-none"))
        for guild_id, until in went.short:
            server = isolate(shown(_server_name(interaction, guild_id)))
            if any(live.guild_id == guild_id for live in away):
                lines.append(words("away-short", server=server, until=f"<t:{until // 1000}:f>"))
            else:
                lines.append(words("away-spent", server=server))
        if self.aways.plays_live(user):
            lines.append(words("away-live"))
        return "\n".join(lines)


def _server_name(interaction: discord.Interaction[Any], guild_id: str) -> str:
    """A server's name as the bot sees it (its id where it sees none)."""
    guild = interaction.client.get_guild(int(guild_id))
    return guild.name if guild is not None else guild_id

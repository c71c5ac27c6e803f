"""`/privacy export`, `/privacy delete` and `/privacy board`: a member's data theirs — all of it
in a file only they see, deleted after a confirmation, kept off the global leaderboard; and the
servers the bot is removed from, dated for their purge (docs/privacy.md)."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.core.privacy import Forgetting, export_member
from bot.core.settings import Settings
from bot.delivery.privacy_watch import settle
from bot.delivery.steps import Steps
from bot.ui.components import view_of
from bot.ui.ids import PRIVACY_TEMPLATE
from bot.ui.items import TableroItem
from bot.ui.languages import member_words
from bot.ui.options import BoundedGroupCog
from bot.ui.translator import choice, text
from storage import Store
from words import Words


class PrivacyButton(TableroItem, template=PRIVACY_TEMPLATE):
    """The answer to `/privacy delete`: `tbp:forget` or `tbp:keep` (the member is whoever
    clicks: the question is ephemeral, so only its member can)."""

    @classmethod
    def make(cls, verb: str, label: str, style: discord.ButtonStyle) -> PrivacyButton:
        """The button that answers the question with `verb`."""
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=label, style=style, custom_id=f"tbp:{verb}"
        )
        return cls(button)

    def parse(self, custom_id: str) -> str:
        """The answer: forget or keep."""
        found: re.Match[str] = super().parse(custom_id)
        return found["verb"]


@app_commands.guild_only()
class PrivacyCog(BoundedGroupCog, group_name="privacy", group_description=text("privacy-cmd")):
    """A member's own data, whichever server they ask in: it is the same everywhere."""

    def __init__(
        self,
        store: Store,
        settings: Settings,
        forgetting: Forgetting,
        steps: Steps,
        *,
        now_ms: Callable[[], int],
    ) -> None:
        self.store = store
        self.settings = settings
        self.forgetting = forgetting
        self.steps = steps
        self.now_ms = now_ms
        super().__init__()

    @app_commands.command(name="export", description=text("privacy-export-cmd"))
    async def export(self, interaction: discord.Interaction[Any]) -> None:
        """The member's data as a zip, in an ephemeral answer (gathered after a deferral: a
        long history takes more than Discord's 3 s)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        user, words = str(interaction.user.id), member_words(interaction)
        made = await export_member(self.store, self.settings, user, self.now_ms())
        said = words("privacy-export-done", records=made.records)
        if made.left_out:
            said += "\n" + words("privacy-export-left-out", left=made.left_out)
        name = f"tablero-data-{user}.zip"
        await interaction.followup.send(
            said, file=discord.File(io.BytesIO(made.data), filename=name), ephemeral=True
        )

    @app_commands.command(name="delete", description=text("privacy-delete-cmd"))
    async def delete(self, interaction: discord.Interaction[Any]) -> None:
        """Ask first, privately: what goes, and how many open matches the member resigns."""
        user, words = str(interaction.user.id), member_words(interaction)
        seats = await self.store.member_seats(user)
        still = sum(1 for seat in seats if seat.status == "open" and seat.departed is None)
        await interaction.response.send_message(
            words("privacy-delete-ask", open=still), view=_question(words), ephemeral=True
        )

    async def confirmed(self, interaction: discord.Interaction[Any], verb: str) -> None:
        """The member's answer: their data deleted (their seats here resigned at once, other
        processes' within their watch), or nothing."""
        words = member_words(interaction)
        if verb != "forget":
            await interaction.response.edit_message(content=words("privacy-kept"), view=None)
            return
        forgotten = await self.forgetting.forget(str(interaction.user.id))
        said = words("privacy-deleted", seats=forgotten.seats)
        await interaction.response.edit_message(content=said, view=None)
        await settle(self.forgetting, self.steps)

    @app_commands.command(name="board", description=text("privacy-board-cmd"))
    @app_commands.describe(mode=text("privacy-board-mode-cmd"))
    @app_commands.choices(
        mode=[
            choice("privacy-board-shown-choice", "shown"),
            choice("privacy-board-hidden-choice", "hidden"),
        ]
    )
    async def board(self, interaction: discord.Interaction[Any], mode: str | None = None) -> None:
        """Keep the member off (or put them back on) boards that gather several servers; with
        no mode, say which it is."""
        user, words = str(interaction.user.id), member_words(interaction)
        if mode is not None:
            await self.store.hide_from_board(user, mode == "hidden", self.now_ms())
        hidden = await self.store.hidden_from_board(user)
        said = words("privacy-board-now-hidden" if hidden else "privacy-board-now-shown")
        await interaction.response.send_message(said, ephemeral=True)

    @commands.Cog.listener()
    async def on_guild_remove(self, guild: discord.Guild) -> None:
        """Removed from a server: its matches here end, its data goes PURGE_DAYS later."""
        for live in await self.forgetting.left_guild(str(guild.id)):
            self.steps.unreachable(live)

    @commands.Cog.listener()
    async def on_guild_join(self, guild: discord.Guild) -> None:
        """Added (back) to a server: nothing of it is to be removed."""
        await self.forgetting.back_in_guild(str(guild.id))


def _question(words: Words) -> discord.ui.View:
    """Delete my data / Keep it."""
    return view_of(
        PrivacyButton.make("forget", words("privacy-delete-label"), discord.ButtonStyle.danger),
        PrivacyButton.make("keep", words("privacy-keep-label"), discord.ButtonStyle.secondary),
    )

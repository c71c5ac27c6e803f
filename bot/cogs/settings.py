"""`/settings`: per-server choices, for members with Manage Server; what is set, and a member's
own choices, for anyone.

The group is visible to every member (Discord sets a default permission per command, not per
subcommand, and `show` and `me` are for anyone), so every subcommand that changes the server's
settings checks Manage Server itself and says so when it is missing."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands

from bot.languages import SETTING as LANGUAGE
from bot.languages import member_words
from bot.options import BoundedGroupCog
from bot.permissions import require_manage_server
from bot.play import IMAGES_SETTING
from bot.translator import choice, text
from bot.turnclock import abandon_ms, default_mode, turn_ms
from words import LOCALES, negotiate

AUTO = "auto"
"""The language choice that follows the server's own Discord locale."""

if TYPE_CHECKING:
    from bot.app import TableroBot


@app_commands.guild_only()
class SettingsCog(
    BoundedGroupCog,
    group_name="settings",
    group_description="Tablero's settings for this server",
):
    """Server settings."""

    def __init__(self, bot: TableroBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="threads", description="Play each new match in its own thread")
    @app_commands.describe(mode="on: one thread per match; off: one match per channel")
    async def threads(
        self, interaction: discord.Interaction[Any], mode: Literal["on", "off"]
    ) -> None:
        """Save the setting; it applies to matches started from now on."""
        guild = require_manage_server(interaction)
        settings = await self.bot.store.get_guild_settings(guild)
        on = mode == "on"
        await self.bot.store.set_guild_settings(guild, {**settings, "threads": on})
        state = "in its own thread" if on else "in the channel it was started in (one at a time)"
        await interaction.response.send_message(
            f"From now on each new match plays {state}.", ephemeral=True
        )

    @app_commands.command(name="limit", description="How many open matches a member may play")
    @app_commands.describe(matches="at most this many open matches per member (1–25)")
    async def limit(
        self, interaction: discord.Interaction[Any], matches: app_commands.Range[int, 1, 25]
    ) -> None:
        """Save the per-member limit; matches already running are not touched."""
        guild = require_manage_server(interaction)
        settings = await self.bot.store.get_guild_settings(guild)
        await self.bot.store.set_guild_settings(guild, {**settings, "max_matches": matches})
        await interaction.response.send_message(
            f"From now on a member may play at most {matches} open matches at once here.",
            ephemeral=True,
        )

    @app_commands.command(name="clock", description="Turn clocks: the default and their lengths")
    @app_commands.describe(
        default="the clock new matches get unless their lobby or challenge says",
        live_minutes="a live turn (1–120 minutes)",
        async_hours="an async turn (1–168 hours)",
        abandon_days="close a match nobody played for this long (1–60 days)",
    )
    async def clock(
        self,
        interaction: discord.Interaction[Any],
        default: Literal["live", "async"],
        live_minutes: app_commands.Range[int, 1, 120] | None = None,
        async_hours: app_commands.Range[int, 1, 168] | None = None,
        abandon_days: app_commands.Range[int, 1, 60] | None = None,
    ) -> None:
        """Save the clock settings for matches started from now on."""
        guild = require_manage_server(interaction)
        settings = await self.bot.store.get_guild_settings(guild)
        given = {"live_minutes": live_minutes, "async_hours": async_hours}
        given["abandon_days"] = abandon_days
        changed = {key: value for key, value in given.items() if value is not None}
        settings = {**settings, "clock": default, **changed}
        await self.bot.store.set_guild_settings(guild, settings)
        await interaction.response.send_message(
            f"New matches get the {default} clock: live turns {turn_minutes(settings)} min, "
            f"async turns {turn_hours(settings)} h; a match nobody plays for "
            f"{abandon(settings)} days is closed.",
            ephemeral=True,
        )

    @app_commands.command(
        name="global", description="Show this server's players on the global board"
    )
    @app_commands.describe(mode="on: list this server's players on the global leaderboard")
    async def global_board(
        self, interaction: discord.Interaction[Any], mode: Literal["on", "off"]
    ) -> None:
        """Opt the server in or out (off by default); only ratings are shown, never the server."""
        guild = require_manage_server(interaction)
        settings = await self.bot.store.get_guild_settings(guild)
        await self.bot.store.set_guild_settings(guild, {**settings, "global_board": mode == "on"})
        text = (
            "This server's players now appear on the global leaderboard, under the name they "
            "last played with (never this server's name)."
            if mode == "on"
            else "This server's players no longer appear on the global leaderboard."
        )
        await interaction.response.send_message(text, ephemeral=True)

    @app_commands.command(name="language", description=text("settings-language-cmd"))
    @app_commands.describe(language=text("settings-language-option-cmd"))
    @app_commands.choices(
        language=[
            choice("settings-language-auto-choice", AUTO),
            *(choice(f"language-{code}-choice", code) for code in LOCALES),
        ]
    )
    async def language(self, interaction: discord.Interaction[Any], language: str) -> None:
        """Choose the language of the server's public messages and images (members' own
        answers keep following their Discord app)."""
        guild = require_manage_server(interaction)
        settings = await self.bot.store.get_guild_settings(guild)
        chosen = None if language == AUTO else language
        kept = {k: v for k, v in settings.items() if k != LANGUAGE}
        await self.bot.store.set_guild_settings(
            guild, kept if chosen is None else {**kept, LANGUAGE: chosen}
        )
        self.bot.languages.remember(guild, chosen)
        now = self.bot.languages.public(guild).locale
        key = "settings-language-auto" if chosen is None else "settings-language-set"
        words = member_words(interaction)
        said = words(key, language=words(f"language-name-{negotiate(now.split('-')[0])}"))
        await interaction.response.send_message(said, ephemeral=True)

    @app_commands.command(name="show", description="This server's Tablero settings")
    async def show(self, interaction: discord.Interaction[Any]) -> None:
        """What is set here (defaults included), only for the member who asked."""
        guild = str(interaction.guild_id)
        settings = await self.bot.store.get_guild_settings(guild)
        limit = await self.bot.matches.limit(guild)
        threads = (
            "on: each new match plays in its own thread"
            if settings.get("threads", False)
            else "off: one match at a time per channel"
        )
        board = "on" if settings.get("global_board", False) else "off"
        lines = [
            "**Tablero's settings for this server**",
            f"Threads: {threads}",
            f"Member limit: {limit} open matches at once per member",
            f"Clock: new matches get the {default_mode(settings)} clock; live turns "
            f"{turn_minutes(settings)} min, async turns {turn_hours(settings)} h",
            f"Abandon: a match nobody plays for {abandon(settings)} days is closed",
            f"Global leaderboard: {board}",
        ]
        await interaction.response.send_message("\n".join(lines), ephemeral=True)

    @app_commands.command(name="me", description="Your own choices: boards as images or text")
    @app_commands.describe(
        images="off: what Tablero shows only you (My sheet, /stats) comes as text, not images"
    )
    async def me(self, interaction: discord.Interaction[Any], images: Literal["on", "off"]) -> None:
        """Save the member's choice (kept per member, across servers)."""
        user = str(interaction.user.id)
        settings = await self.bot.store.get_user_settings(user)
        await self.bot.store.set_user_settings(user, {**settings, IMAGES_SETTING: images == "on"})
        text = (
            "What I show only you comes with images again."
            if images == "on"
            else "What I show only you (My sheet, /stats) now comes as text instead of images. "
            "Every match message has a 📝 Text board button for the board itself."
        )
        await interaction.response.send_message(text, ephemeral=True)


def turn_minutes(settings: dict[str, Any]) -> int:
    """A live turn's minutes under these settings."""
    return turn_ms(settings, "live") // 60_000


def turn_hours(settings: dict[str, Any]) -> int:
    """An async turn's hours under these settings."""
    return turn_ms(settings, "async") // 3_600_000


def abandon(settings: dict[str, Any]) -> int:
    """Days without a member's move before a match is closed."""
    return abandon_ms(settings) // 86_400_000

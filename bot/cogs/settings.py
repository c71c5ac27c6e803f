"""`/settings`: per-server choices, for members with Manage Server; what is set, and a member's
own choices, for anyone.

The group is visible to every member (Discord sets a default permission per command, not per
subcommand, and `show` and `me` are for anyone), so every subcommand that changes the server's
settings checks Manage Server itself and says so when it is missing."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.core.turn_clocks import abandon_ms, default_mode, turn_ms
from bot.ui.languages import SETTING as LANGUAGE
from bot.ui.languages import Languages, chosen_language, member_words
from bot.ui.options import BoundedGroupCog
from bot.ui.permissions import require_manage_server
from bot.ui.router import IMAGES_SETTING
from bot.ui.starts import MatchStarts
from bot.ui.translator import choice, text
from storage import Store
from words import LOCALES, negotiate

AUTO = "auto"
"""The language choice that follows the server's own Discord locale."""
ON_OFF = [choice("settings-on-choice", "on"), choice("settings-off-choice", "off")]
"""The choices of an on/off option (the same values and order as ever: `on`, `off`)."""
CLOCKS = [choice("settings-live-choice", "live"), choice("settings-async-choice", "async")]
"""The choices of a turn clock option (`live`, `async`)."""


@app_commands.guild_only()
class SettingsCog(
    BoundedGroupCog,
    group_name="settings",
    group_description=text("settings-cmd"),
):
    """Server settings."""

    def __init__(self, store: Store, languages: Languages, starts: MatchStarts) -> None:
        self.store = store
        self.languages = languages
        self.starts = starts
        super().__init__()

    @app_commands.command(name="threads", description=text("settings-threads-cmd"))
    @app_commands.describe(mode=text("settings-threads-mode-cmd"))
    @app_commands.choices(mode=ON_OFF)
    async def threads(self, interaction: discord.Interaction[Any], mode: str) -> None:
        """Save the setting; it applies to matches started from now on."""
        guild = require_manage_server(interaction)
        settings = await self.store.get_guild_settings(guild)
        on = mode == "on"
        await self.store.set_guild_settings(guild, {**settings, "threads": on})
        said = member_words(interaction)("settings-threads-on" if on else "settings-threads-off")
        await interaction.response.send_message(said, ephemeral=True)

    @app_commands.command(name="limit", description=text("settings-limit-cmd"))
    @app_commands.describe(matches=text("settings-limit-matches-cmd"))
    async def limit(
        self, interaction: discord.Interaction[Any], matches: app_commands.Range[int, 1, 25]
    ) -> None:
        """Save the per-member limit; matches already running are not touched."""
        guild = require_manage_server(interaction)
        settings = await self.store.get_guild_settings(guild)
        await self.store.set_guild_settings(guild, {**settings, "max_matches": matches})
        said = member_words(interaction)("settings-limit-set", count=matches)
        await interaction.response.send_message(said, ephemeral=True)

    @app_commands.command(name="clock", description=text("settings-clock-cmd"))
    @app_commands.describe(
        default=text("settings-clock-default-cmd"),
        live_minutes=text("settings-clock-live-minutes-cmd"),
        async_hours=text("settings-clock-async-hours-cmd"),
        abandon_days=text("settings-clock-abandon-days-cmd"),
    )
    @app_commands.choices(default=CLOCKS)
    async def clock(
        self,
        interaction: discord.Interaction[Any],
        default: str,
        live_minutes: app_commands.Range[int, 1, 120] | None = None,
        async_hours: app_commands.Range[int, 1, 168] | None = None,
        abandon_days: app_commands.Range[int, 1, 60] | None = None,
    ) -> None:
        """Save the clock settings for matches started from now on."""
        guild = require_manage_server(interaction)
        settings = await self.store.get_guild_settings(guild)
        given = {"live_minutes": live_minutes, "async_hours": async_hours}
        given["abandon_days"] = abandon_days
        changed = {key: value for key, value in given.items() if value is not None}
        settings = {**settings, "clock": default, **changed}
        await self.store.set_guild_settings(guild, settings)
        said = member_words(interaction)(
            "settings-clock-set",
            mode=default,
            minutes=turn_minutes(settings),
            hours=turn_hours(settings),
            days=abandon(settings),
        )
        await interaction.response.send_message(said, ephemeral=True)

    @app_commands.command(name="global", description=text("settings-global-cmd"))
    @app_commands.describe(mode=text("settings-global-mode-cmd"))
    @app_commands.choices(mode=ON_OFF)
    async def global_board(self, interaction: discord.Interaction[Any], mode: str) -> None:
        """Opt the server in or out (off by default); only ratings are shown, never the server."""
        guild = require_manage_server(interaction)
        settings = await self.store.get_guild_settings(guild)
        await self.store.set_guild_settings(guild, {**settings, "global_board": mode == "on"})
        key = "settings-global-on" if mode == "on" else "settings-global-off"
        await interaction.response.send_message(member_words(interaction)(key), ephemeral=True)

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
        settings = await self.store.get_guild_settings(guild)
        chosen = None if language == AUTO else language
        kept = {k: v for k, v in settings.items() if k != LANGUAGE}
        await self.store.set_guild_settings(
            guild, kept if chosen is None else {**kept, LANGUAGE: chosen}
        )
        self.languages.remember(guild, chosen)
        now = self.languages.public(guild).locale
        key = "settings-language-auto" if chosen is None else "settings-language-set"
        words = member_words(interaction)
        said = words(key, language=words(f"language-name-{negotiate(now.split('-')[0])}"))
        await interaction.response.send_message(said, ephemeral=True)

    @app_commands.command(name="show", description=text("settings-show-cmd"))
    async def show(self, interaction: discord.Interaction[Any]) -> None:
        """What is set here (defaults included), only for the member who asked."""
        guild = str(interaction.guild_id)
        settings = await self.store.get_guild_settings(guild)
        limit = await self.starts.limit(guild)
        words = member_words(interaction)
        threads = settings.get("threads", False)
        board = settings.get("global_board", False)
        now = self.languages.public(guild).locale
        language = words(f"language-name-{negotiate(now.split('-')[0])}")
        chosen = chosen_language(settings) is not None
        lines = [
            words("settings-show-head"),
            words("settings-show-threads-on" if threads else "settings-show-threads-off"),
            words("settings-show-limit", count=limit),
            words(
                "settings-show-clock",
                mode=default_mode(settings),
                minutes=turn_minutes(settings),
                hours=turn_hours(settings),
            ),
            words("settings-show-abandon", days=abandon(settings)),
            words("settings-show-global-on" if board else "settings-show-global-off"),
            words(
                "settings-show-language-set" if chosen else "settings-show-language-auto",
                language=language,
            ),
        ]
        await interaction.response.send_message("\n".join(lines), ephemeral=True)

    @app_commands.command(name="me", description=text("settings-me-cmd"))
    @app_commands.describe(images=text("settings-me-images-cmd"))
    @app_commands.choices(images=ON_OFF)
    async def me(self, interaction: discord.Interaction[Any], images: str) -> None:
        """Save the member's choice (kept per member, across servers)."""
        user = str(interaction.user.id)
        settings = await self.store.get_user_settings(user)
        await self.store.set_user_settings(user, {**settings, IMAGES_SETTING: images == "on"})
        key = "settings-me-images-on" if images == "on" else "settings-me-images-off"
        await interaction.response.send_message(member_words(interaction)(key), ephemeral=True)


def turn_minutes(settings: dict[str, Any]) -> int:
    """A live turn's minutes under these settings."""
    return turn_ms(settings, "live") // 60_000


def turn_hours(settings: dict[str, Any]) -> int:
    """An async turn's hours under these settings."""
    return turn_ms(settings, "async") // 3_600_000


def abandon(settings: dict[str, Any]) -> int:
    """Days without a member's move before a match is closed."""
    return abandon_ms(settings) // 86_400_000

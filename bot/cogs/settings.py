"""`/settings`: per-server choices, for members with Manage Server; what is set, and a member's
own choices, for anyone.

The group is visible to every member (Discord sets a default permission per command, not per
subcommand, and `show` and `me` are for anyone), so every subcommand that changes the server's
settings checks Manage Server itself and says so when it is missing. Every change is one atomic
update of the settings it names (bot/core/settings.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import discord
from discord import app_commands

from bot.core.settings import (
    ABANDON_DAYS_MOST,
    AWAY_DAYS_MOST,
    GUILD_FIELDS,
    ClockMode,
    GuildSettings,
    Settings,
)
from bot.ui.languages import Languages, member_words
from bot.ui.options import BoundedGroupCog
from bot.ui.permissions import require_manage_server
from bot.ui.translator import choice, text
from words import LOCALES, Words, negotiate

AUTO = "auto"
"""The language choice that follows the server's own Discord locale."""
ON_OFF = [choice("settings-on-choice", "on"), choice("settings-off-choice", "off")]
"""The choices of an on/off option (the same values and order as ever: `on`, `off`)."""
CLOCKS = [choice("settings-live-choice", "live"), choice("settings-async-choice", "async")]
"""The choices of a turn clock option (`live`, `async`)."""

Line = Callable[[GuildSettings, Words, str], str | None]
"""One setting's line of `/settings show` (the server's public language's name given), or
None for a setting another line shows."""


def _threads(s: GuildSettings, words: Words, language: str) -> str:
    return words("settings-show-threads-on" if s.threads else "settings-show-threads-off")


def _limit(s: GuildSettings, words: Words, language: str) -> str:
    return words("settings-show-limit", count=s.max_matches)


def _clock(s: GuildSettings, words: Words, language: str) -> str:
    return words(
        "settings-show-clock", mode=s.clock.value, minutes=s.live_minutes, hours=s.async_hours
    )


def _shown_with_the_clock(s: GuildSettings, words: Words, language: str) -> None:
    return None


def _abandon(s: GuildSettings, words: Words, language: str) -> str:
    return words("settings-show-abandon", days=s.abandon_days)


def _away(s: GuildSettings, words: Words, language: str) -> str:
    return words("settings-show-away", days=s.away_days)


def _board(s: GuildSettings, words: Words, language: str) -> str:
    return words("settings-show-global-on" if s.global_board else "settings-show-global-off")


def _language(s: GuildSettings, words: Words, language: str) -> str:
    key = "settings-show-language-auto" if s.language is None else "settings-show-language-set"
    return words(key, language=language)


SHOW: Final[dict[str, Line]] = {
    "threads": _threads,
    "max_matches": _limit,
    "clock": _clock,
    "live_minutes": _shown_with_the_clock,
    "async_hours": _shown_with_the_clock,
    "abandon_days": _abandon,
    "away_days": _away,
    "global_board": _board,
    "language": _language,
}
"""How `/settings show` says each of a server's settings, in their order (a test checks every
field has its line)."""


def show_lines(settings: GuildSettings, words: Words, language: str) -> list[str]:
    """`/settings show`: a head, then each setting in its order (`language`: the name of the
    server's public language now)."""
    lines = [words("settings-show-head")]
    for name in GUILD_FIELDS:
        line = SHOW[name](settings, words, language)
        if line is not None:
            lines.append(line)
    return lines


@app_commands.guild_only()
class SettingsCog(
    BoundedGroupCog,
    group_name="settings",
    group_description=text("settings-cmd"),
):
    """Server settings."""

    def __init__(
        self,
        settings: Settings,
        languages: Languages,
        *,
        autopick_changed: Callable[[str, bool], None],
    ) -> None:
        self.settings = settings
        self.languages = languages
        self._autopick_changed = autopick_changed
        """Tells this process's open matches a member's `autopick` now (MatchService)."""
        super().__init__()

    @app_commands.command(name="threads", description=text("settings-threads-cmd"))
    @app_commands.describe(mode=text("settings-threads-mode-cmd"))
    @app_commands.choices(mode=ON_OFF)
    async def threads(self, interaction: discord.Interaction[Any], mode: str) -> None:
        """Save the setting; it applies to matches started from now on."""
        guild = require_manage_server(interaction)
        on = mode == "on"
        await self.settings.set_guild(guild, threads=on)
        said = member_words(interaction)("settings-threads-on" if on else "settings-threads-off")
        await interaction.response.send_message(said, ephemeral=True)

    @app_commands.command(name="limit", description=text("settings-limit-cmd"))
    @app_commands.describe(matches=text("settings-limit-matches-cmd"))
    async def limit(
        self, interaction: discord.Interaction[Any], matches: app_commands.Range[int, 1, 25]
    ) -> None:
        """Save the per-member limit; matches already running are not touched."""
        guild = require_manage_server(interaction)
        await self.settings.set_guild(guild, max_matches=matches)
        said = member_words(interaction)("settings-limit-set", count=matches)
        await interaction.response.send_message(said, ephemeral=True)

    @app_commands.command(name="clock", description=text("settings-clock-cmd"))
    @app_commands.describe(
        default=text("settings-clock-default-cmd"),
        live_minutes=text("settings-clock-live-minutes-cmd"),
        async_hours=text("settings-clock-async-hours-cmd"),
        abandon_days=text("settings-clock-abandon-days-cmd"),
        away_days=text("settings-clock-away-days-cmd"),
    )
    @app_commands.choices(default=CLOCKS)
    async def clock(  # noqa: PLR0917 - discord.py maps each slash option to a parameter
        self,
        interaction: discord.Interaction[Any],
        default: str,
        live_minutes: app_commands.Range[int, 1, 120] | None = None,
        async_hours: app_commands.Range[int, 1, 168] | None = None,
        abandon_days: app_commands.Range[int, 1, ABANDON_DAYS_MOST] | None = None,
        away_days: app_commands.Range[int, 0, AWAY_DAYS_MOST] | None = None,
    ) -> None:
        """Save the clock settings for matches started from now on."""
        guild = require_manage_server(interaction)
        given = {
            "live_minutes": live_minutes,
            "async_hours": async_hours,
            "abandon_days": abandon_days,
            "away_days": away_days,
        }
        changed = {key: value for key, value in given.items() if value is not None}
        now = await self.settings.set_guild(guild, clock=ClockMode(default), **changed)
        words = member_words(interaction)
        said = words(
            "settings-clock-set",
            mode=now.clock.value,
            minutes=now.live_minutes,
            hours=now.async_hours,
            days=now.abandon_days,
        )
        said += " " + words("settings-show-away", days=now.away_days)
        await interaction.response.send_message(said, ephemeral=True)

    @app_commands.command(name="global", description=text("settings-global-cmd"))
    @app_commands.describe(mode=text("settings-global-mode-cmd"))
    @app_commands.choices(mode=ON_OFF)
    async def global_board(self, interaction: discord.Interaction[Any], mode: str) -> None:
        """Opt the server in or out (off by default); only ratings are shown, never the server."""
        guild = require_manage_server(interaction)
        await self.settings.set_guild(guild, global_board=mode == "on")
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
        chosen = None if language == AUTO else language
        await self.settings.set_guild(guild, language=chosen)
        self.languages.remember(guild, chosen)
        key = "settings-language-auto" if chosen is None else "settings-language-set"
        words = member_words(interaction)
        said = words(key, language=self._public_name(guild, words))
        await interaction.response.send_message(said, ephemeral=True)

    def _public_name(self, guild: str, words: Words) -> str:
        """The name (in `words`) of the language the server's public messages are in now."""
        now = self.languages.public(guild).locale
        return words(f"language-name-{negotiate(now.split('-')[0])}")

    @app_commands.command(name="show", description=text("settings-show-cmd"))
    async def show(self, interaction: discord.Interaction[Any]) -> None:
        """What is set here (defaults included), only for the member who asked."""
        guild = str(interaction.guild_id)
        words = member_words(interaction)
        settings = await self.settings.guild(guild)
        lines = show_lines(settings, words, self._public_name(guild, words))
        await interaction.response.send_message("\n".join(lines), ephemeral=True)

    @app_commands.command(name="me", description=text("settings-me-cmd"))
    @app_commands.describe(
        images=text("settings-me-images-cmd"), autopick=text("settings-me-autopick-cmd")
    )
    @app_commands.choices(images=ON_OFF, autopick=ON_OFF)
    async def me(
        self,
        interaction: discord.Interaction[Any],
        images: str | None = None,
        autopick: str | None = None,
    ) -> None:
        """Save the member's choices (kept per member, across servers); with none given, say
        what they are."""
        user, words = str(interaction.user.id), member_words(interaction)
        changes = {
            name: value == "on"
            for name, value in (("images", images), ("autopick", autopick))
            if value is not None
        }
        if not changes:
            now = await self.settings.member(user)
            said = words(
                "settings-me-now",
                images=words("settings-on-choice" if now.images else "settings-off-choice"),
                autopick=words("settings-on-choice" if now.autopick else "settings-off-choice"),
            )
            await interaction.response.send_message(said, ephemeral=True)
            return
        await self.settings.set_member(user, **changes)
        lines = [
            words(f"settings-me-{name}-{'on' if on else 'off'}") for name, on in changes.items()
        ]
        if "autopick" in changes:
            self._autopick_changed(user, changes["autopick"])
        await interaction.response.send_message("\n".join(lines), ephemeral=True)

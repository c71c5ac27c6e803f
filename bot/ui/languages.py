"""The language each message is in (docs/words.md): what only a member sees follows their
Discord client; what a channel sees follows the server — the language an admin chose with
`/settings language`, else the server's own Discord locale."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord

from bot.core.settings import Settings
from words import DEFAULT, Words, words_for


def member_words(interaction: discord.Interaction[Any]) -> Words:
    """The language of what only the member sees: their Discord client's."""
    return words_for(interaction.locale.value)


class Languages:
    """Each server's public language: its setting (all read at start-up; one process answers
    every command of its servers, so none changes elsewhere), else its Discord locale as the
    gateway reported it."""

    def __init__(self, settings: Settings, guild_locale: Callable[[str], str | None]) -> None:
        self._settings = settings
        self._guild_locale = guild_locale
        """A server's Discord locale as the gateway reported it (None: not known here)."""
        self._chosen: dict[str, str] = {}

    async def restore(self) -> None:
        """Read every server's chosen language (start-up)."""
        self._chosen = await self._settings.chosen_languages()

    def remember(self, guild_id: str, language: str | None) -> None:
        """A server's setting changed (`/settings language`; None: back to its locale)."""
        if language is None:
            self._chosen.pop(guild_id, None)
        else:
            self._chosen[guild_id] = language

    def public(self, guild_id: str | None) -> Words:
        """The language of a server's public messages and images."""
        chosen = self._chosen.get(guild_id) if guild_id is not None else None
        if chosen is not None:
            return words_for(chosen)
        locale = self._guild_locale(guild_id) if guild_id is not None else None
        return words_for(locale or DEFAULT)


def guild_locales(client: discord.Client) -> Callable[[str], str | None]:
    """A server's Discord locale from a client's cache (None for a server it does not see)."""

    def locale(guild_id: str) -> str | None:
        guild = client.get_guild(int(guild_id))
        return None if guild is None else guild.preferred_locale.value

    return locale

"""Slash commands in the member's language: descriptions, option descriptions and choice names
carry Discord localisations from the catalogs (command and option names stay English in every
language, so `/keer start` is one word for a whole server — docs/words.md).

In a command's decorators, `text("keer-start-cmd")` is the English text with its message id;
`choice("on-choice", "on")` a choice whose name is translated. When the commands are synced,
discord.py asks `CatalogTranslator` for each language Discord offers; it answers for the
languages Tablero speaks.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from words import DEFAULT, LOCALES, negotiate, words_for

KEY = "key"
"""The extra of a `locale_str` that holds its message id."""


def text(key: str) -> app_commands.locale_str:
    """A description (or choice name) by message id: English, localised when synced."""
    return app_commands.locale_str(words_for(DEFAULT)(key), **{KEY: key})


def choice(key: str, value: str) -> app_commands.Choice[str]:
    """A choice whose name is the message `key` in the member's language."""
    return app_commands.Choice(name=text(key), value=value)


class CatalogTranslator(app_commands.Translator):
    """Translates the strings made with `text` into Spanish and Dutch (English is the text
    itself; other languages see English)."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        """The catalog's text for the language, None where Discord should show the English."""
        key: Any = string.extras.get(KEY)
        language = negotiate(locale.value)
        if not isinstance(key, str) or language == DEFAULT or language not in LOCALES:
            return None
        return words_for(language)(key)

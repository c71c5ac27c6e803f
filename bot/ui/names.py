"""Member names inside message text: shown as typed, never as markdown and never as a mention
(a display name may hold `**`, `_`, `@everyone` or `<@id>`). Button labels and select options
are plain text already and take names as they are."""

from __future__ import annotations

import discord


def shown(name: str) -> str:
    """A name safe to put in message content."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(name))

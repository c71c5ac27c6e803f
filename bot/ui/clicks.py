"""When and where a click was made, as Discord tells it."""

from __future__ import annotations

from typing import Any

import discord

from bot.core.clock_sync import snowflake_ms
from bot.core.live import Place


def interaction_ms(interaction: discord.Interaction[Any]) -> int:
    """When Discord created the interaction (its click time), in ms since the Unix epoch."""
    return snowflake_ms(interaction.id)


def clicked_at(interaction: discord.Interaction[Any]) -> Place:
    """Where a click was made: its guild (None in DMs) and its channel or thread."""
    guild, channel = interaction.guild_id, interaction.channel_id
    return (None if guild is None else str(guild), None if channel is None else str(channel))

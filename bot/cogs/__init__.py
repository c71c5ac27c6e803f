"""The generic slash commands, one cog per group (each game brings its own: bot/games/)."""

from __future__ import annotations

from bot.cogs.info import InfoCog
from bot.cogs.match import MatchCog
from bot.cogs.notify import NotifyCog
from bot.cogs.ratings import RatingsCog
from bot.cogs.settings import SettingsCog

COGS = (MatchCog, InfoCog, SettingsCog, NotifyCog, RatingsCog)
"""Loaded in this order by `TableroBot.setup_hook`, after each game's own commands."""

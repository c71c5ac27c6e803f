"""`tablero run`: start the bot with the token from the environment or `.env`."""

from __future__ import annotations

import logging
import sys
from pathlib import Path
from typing import TextIO

import discord

from bot.app import TableroBot
from bot.config import TOKEN_HELP, Config, ConfigError


def run(env_file: Path = Path(".env"), err: TextIO = sys.stderr) -> int:
    """Run until stopped; exit status 2 with instructions when there is no usable token."""
    try:
        config = Config.load(env_file=env_file)
    except ConfigError as exc:
        print(f"tablero run: {exc}", file=err)
        return 2
    if config.token is None:
        print(TOKEN_HELP, file=err, end="")
        return 2
    discord.utils.setup_logging(level=getattr(logging, config.log_level, logging.INFO))
    try:
        TableroBot(config).run(config.token, log_handler=None)
    except discord.LoginFailure:
        print("tablero run: Discord refused DISCORD_TOKEN; reset the token and retry.", file=err)
        return 2
    return 0

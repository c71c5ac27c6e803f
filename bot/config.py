"""The bot's settings: the environment first, then a `.env` file, then defaults."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from dotenv import dotenv_values

from storage import DEFAULT_SQLITE_PATH

TOKEN_HELP = """\
No Discord token: set DISCORD_TOKEN in the environment or in a .env file (see .env.example).

To get one:
  1. Open https://discord.com/developers/applications → New Application, and name it.
  2. Bot → Reset Token → copy it into DISCORD_TOKEN. Keep it secret.
     No privileged gateway intents are needed (Tablero uses slash commands and buttons only).
  3. OAuth2 → URL Generator: scopes `bot` and `applications.commands`; bot permissions
     View Channels, Send Messages, Send Messages in Threads, Create Public Threads,
     Embed Links, Attach Files, Read Message History. Open the URL to invite the bot.
  4. Optional while developing: DEV_GUILD_ID=<your server id> syncs commands to it instantly.

`tablero demo` plays both games and writes the images without any token.
"""


class ConfigError(ValueError):
    """A setting that cannot be used; the message says which and why."""


@dataclass(frozen=True, slots=True)
class Config:
    """Everything `tablero run` needs to know."""

    token: str | None
    dev_guild_id: int | None
    database_url: str | None
    db_path: Path
    log_level: str
    http_port: int | None = None
    """TABLERO_HTTP_PORT: where `/healthz` and `/metrics` answer (None: no HTTP listener)."""
    http_host: str = "0.0.0.0"
    """TABLERO_HTTP_HOST: the address the HTTP listener binds."""
    shard_count: int = 1
    """SHARD_COUNT: how many Discord shards the whole bot runs (one per process)."""
    shard_id: int = 0
    """SHARD_ID: the shard this process runs (0 … SHARD_COUNT − 1); it owns the matches of the
    servers on that shard (and the direct messages, on shard 0)."""

    @classmethod
    def load(
        cls, environ: Mapping[str, str] | None = None, env_file: Path | None = Path(".env")
    ) -> Config:
        """Read the settings (the environment wins over the .env file)."""
        values: dict[str, str] = {}
        if env_file is not None and env_file.is_file():
            values.update({k: v for k, v in dotenv_values(env_file).items() if v is not None})
        values.update(os.environ if environ is None else environ)
        return cls(
            token=values.get("DISCORD_TOKEN", "").strip() or None,
            dev_guild_id=_snowflake(values.get("DEV_GUILD_ID", ""), "DEV_GUILD_ID"),
            database_url=values.get("DATABASE_URL", "").strip() or None,
            db_path=Path(values.get("TABLERO_DB_PATH", "").strip() or DEFAULT_SQLITE_PATH),
            log_level=(values.get("LOG_LEVEL", "").strip() or "INFO").upper(),
            http_port=_port(values.get("TABLERO_HTTP_PORT", "")),
            http_host=values.get("TABLERO_HTTP_HOST", "").strip() or "0.0.0.0",
            **_shards(values.get("SHARD_COUNT", ""), values.get("SHARD_ID", "")),
        )


def _snowflake(text: str, name: str) -> int | None:
    text = text.strip()
    if not text:
        return None
    if not text.isdigit():
        raise ConfigError(f"{name} must be a Discord id (digits only), not {text!r}")
    return int(text)


def _port(text: str) -> int | None:
    text = text.strip()
    if not text:
        return None
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise ConfigError(f"TABLERO_HTTP_PORT must be a port number (1–65535), not {text!r}")
    return int(text)


def _shards(count_text: str, id_text: str) -> dict[str, int]:
    """SHARD_COUNT and SHARD_ID, checked together (unset: one shard, this one)."""
    count_text, id_text = count_text.strip() or "1", id_text.strip() or "0"
    if not count_text.isdigit() or int(count_text) < 1:
        raise ConfigError(f"SHARD_COUNT must be a whole number of at least 1, not {count_text!r}")
    count = int(count_text)
    if not id_text.isdigit() or int(id_text) >= count:
        raise ConfigError(f"SHARD_ID must be a whole number from 0 to {count - 1}, not {id_text!r}")
    return {"shard_count": count, "shard_id": int(id_text)}

"""The bot's settings: the environment first, then a `.env` file, then defaults."""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn
from urllib.parse import unquote

from dotenv import dotenv_values

from bot.loops import EventLoop
from storage import DEFAULT_SQLITE_PATH, LEASE_TTL_S, ONE_SHARD, Shards

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


MASK = "***"
"""What a repr, a log line or an error message shows in place of a secret."""
_QUERY_PASSWORD = re.compile(r"((?:^|[?&])[^=&?]*password[^=&]*=)([^&]*)", re.IGNORECASE)
"""A password given as a URL parameter (`?password=…`, `&sslpassword=…`), which libpq takes."""


class Secret:
    """A setting that must never reach a repr, a log line or an error message: printing it
    shows `shown`, and only reveal() gives the value, to the one call that must send it. Not a
    dataclass, so that `dataclasses.asdict(config)` keeps it whole instead of opening it."""

    __slots__ = ("_hides", "_shown", "_value")
    _value: str
    _shown: str
    _hides: tuple[str, ...]

    def __init__(self, value: str, shown: str = MASK, hides: tuple[str, ...] = ()) -> None:
        """`shown` is what printing shows; `hides`, parts scrub() masks besides the value."""
        for name, given in (("_value", value), ("_shown", shown), ("_hides", hides)):
            object.__setattr__(self, name, given)

    @property
    def shown(self) -> str:
        """What repr and str show: "***", or a database URL with its password masked."""
        return self._shown

    def reveal(self) -> str:
        """The value itself: for Discord's login or the database driver, never for printing."""
        return self._value

    def scrub(self, text: str) -> str:
        """`text` (say, an error that quotes its input) with the value and its parts masked."""
        for part, mask in ((self._value, self._shown), *((part, MASK) for part in self._hides)):
            text = text.replace(part, mask) if part else text
        return text

    def __str__(self) -> str:
        return self._shown

    def __repr__(self) -> str:
        return f"Secret({self._shown!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Secret):
            return NotImplemented
        return (self._value, self._shown) == (other._value, other._shown)

    def __hash__(self) -> int:
        return hash((Secret, self._value, self._shown))

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"a Secret is frozen: cannot set {name}")

    def __delattr__(self, name: str) -> NoReturn:
        raise AttributeError(f"a Secret is frozen: cannot delete {name}")

    def __reduce__(self) -> tuple[type[Secret], tuple[str, str, tuple[str, ...]]]:
        """Copied and pickled through __init__ (a frozen object takes no attribute afterwards)."""
        return Secret, (self._value, self._shown, self._hides)


def database_secret(url: str) -> Secret:
    """DATABASE_URL as a Secret shown with its passwords masked (in the user part and in any
    `password=` parameter); a URL that is not `scheme://…` is masked whole."""
    scheme, sep, rest = url.partition("://")
    if not sep:
        return Secret(url)
    userinfo, at, place = rest.rpartition("@")  # the last @: a password may hold one
    user, colon, password = userinfo.partition(":")
    hidden = [password] if colon else []
    hidden += [match[2] for match in _QUERY_PASSWORD.finditer(place)]
    place = _QUERY_PASSWORD.sub(rf"\g<1>{MASK}", place)
    login = f"{user}:{MASK}{at}" if colon else f"{userinfo}{at}"
    hides = {form for text in hidden if text for form in (text, unquote(text))}
    return Secret(url, f"{scheme}://{login}{place}", tuple(sorted(hides, key=len, reverse=True)))


def revealed(secret: Secret | None) -> str | None:
    """A setting's secret value for the call that needs it, or None when it is not set."""
    return None if secret is None else secret.reveal()


@dataclass(frozen=True, slots=True)
class Config:
    """Everything `tablero run` needs to know; its repr and str hold no secret."""

    token: Secret | None
    """DISCORD_TOKEN."""
    dev_guild_id: int | None
    database_url: Secret | None
    """DATABASE_URL (a password in it is masked when shown)."""
    db_path: Path
    log_level: str
    http_port: int | None = None
    """TABLERO_HTTP_PORT: where `/healthz` and `/metrics` answer (None: no HTTP listener)."""
    http_host: str = "0.0.0.0"
    """TABLERO_HTTP_HOST: the address the HTTP listener binds."""
    shards: Shards = ONE_SHARD
    """The Discord shards this process runs, of SHARD_COUNT in all (SHARD_IDS, or its share
    as CLUSTER_INDEX of CLUSTER_COUNT processes; default: every shard): it owns the matches
    of the servers on them (and the direct messages, on shard 0)."""
    ai_workers: int = 1
    """AI_WORKERS: the processes hard computers think in (each takes one decision at a time)."""
    ai_cpu_ms: int = 100
    """AI_CPU_MS: the CPU time a hard computer's decision may take in its worker."""
    lease_ttl_s: float = LEASE_TTL_S
    """LEASE_TTL_S (PostgreSQL): how long after its last renewal this process may still serve
    a shard, so how long a process taking the shard over waits (docs/deploy.md)."""
    event_loop: EventLoop = EventLoop.UVLOOP
    """TABLERO_EVENT_LOOP: `uvloop` (the default, where installed) or `asyncio`."""

    @property
    def leads(self) -> bool:
        """Whether this process does the whole bot's once-only start-up chores (syncing the slash
        commands, uploading the application emoji): shard 0's, one process of a cluster."""
        return 0 in self.shards.indices

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
            token=_secret(values.get("DISCORD_TOKEN", "")),
            dev_guild_id=_snowflake(values.get("DEV_GUILD_ID", ""), "DEV_GUILD_ID"),
            database_url=_database_url(values.get("DATABASE_URL", "")),
            db_path=Path(values.get("TABLERO_DB_PATH", "").strip() or DEFAULT_SQLITE_PATH),
            log_level=(values.get("LOG_LEVEL", "").strip() or "INFO").upper(),
            http_port=_port(values.get("TABLERO_HTTP_PORT", "")),
            http_host=values.get("TABLERO_HTTP_HOST", "").strip() or "0.0.0.0",
            shards=_shards(values),
            ai_workers=_whole(values.get("AI_WORKERS", "") or "1", "AI_WORKERS", 1),
            ai_cpu_ms=_whole(values.get("AI_CPU_MS", "") or "100", "AI_CPU_MS", 10),
            lease_ttl_s=_ttl(values.get("LEASE_TTL_S", "")),
            event_loop=_event_loop(values.get("TABLERO_EVENT_LOOP", "")),
        )


def _event_loop(text: str) -> EventLoop:
    text = text.strip().lower() or EventLoop.UVLOOP.value
    try:
        return EventLoop(text)
    except ValueError:
        kinds = " or ".join(k.value for k in EventLoop)
        raise ConfigError(f"TABLERO_EVENT_LOOP must be {kinds}, not {text!r}") from None


def _secret(text: str) -> Secret | None:
    text = text.strip()
    return Secret(text) if text else None


def _database_url(text: str) -> Secret | None:
    text = text.strip()
    return database_secret(text) if text else None


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


def _shards(values: Mapping[str, str]) -> Shards:
    """SHARD_COUNT with SHARD_IDS or CLUSTER_INDEX/CLUSTER_COUNT, checked together (unset:
    one shard; SHARD_COUNT alone: this process runs them all)."""
    count = _whole(values.get("SHARD_COUNT", "") or "1", "SHARD_COUNT", 1)
    ids = values.get("SHARD_IDS", "").strip()
    cluster = values.get("CLUSTER_INDEX", "").strip(), values.get("CLUSTER_COUNT", "").strip()
    if ids and any(cluster):
        raise ConfigError("set SHARD_IDS or CLUSTER_INDEX and CLUSTER_COUNT, not both")
    if ids:
        return Shards(_shard_ids(ids, count), count)
    if any(cluster):
        return Shards(_cluster_share(*cluster, count), count)
    return Shards(tuple(range(count)), count)


def _shard_ids(text: str, count: int) -> tuple[int, ...]:
    """`3`, `0,2` or `4-7`: each shard once, from 0 to SHARD_COUNT − 1."""
    ids: set[int] = set()
    for part in text.split(","):
        first, _, last = part.strip().partition("-")
        if not (first.isdigit() and (last.isdigit() or not last)):
            raise ConfigError(f"SHARD_IDS lists shards like 3, 0,2 or 4-7, not {text!r}")
        ids.update(range(int(first), int(last or first) + 1))
    if not ids or max(ids) >= count:
        top = "0" if count == 1 else f"0 to {count - 1}"
        raise ConfigError(f"SHARD_IDS must be shards {top} (SHARD_COUNT={count}), not {text!r}")
    return tuple(sorted(ids))


def _cluster_share(index_text: str, processes_text: str, count: int) -> tuple[int, ...]:
    """Process `index` of `processes` takes its slice of the shards, in order (as even as
    they divide: 5 shards on 2 processes are 0-1 and 2-4)."""
    processes = _whole(processes_text, "CLUSTER_COUNT", 1)
    if processes > count:
        raise ConfigError(
            f"CLUSTER_COUNT={processes} is more processes than shards (SHARD_COUNT={count})"
        )
    index = _whole(index_text, "CLUSTER_INDEX", 0)
    if index >= processes:
        raise ConfigError(f"CLUSTER_INDEX must be 0 to {processes - 1}, not {index_text!r}")
    return tuple(range(index * count // processes, (index + 1) * count // processes))


def _ttl(text: str) -> float:
    """LEASE_TTL_S: seconds, from 1 to 15 (unset: the default)."""
    text = text.strip()
    if not text:
        return LEASE_TTL_S
    try:
        seconds = float(text)
    except ValueError:
        seconds = 0.0
    if not 1 <= seconds <= 15:
        raise ConfigError(f"LEASE_TTL_S must be a number of seconds from 1 to 15, not {text!r}")
    return seconds


def _whole(text: str, name: str, least: int) -> int:
    text = text.strip()
    if not text.isdigit() or int(text) < least:
        raise ConfigError(f"{name} must be a whole number of at least {least}, not {text!r}")
    return int(text)

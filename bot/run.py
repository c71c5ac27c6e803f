"""`tablero run`: start the bot with the token from the environment or `.env`.

The runner opens the database before it contacts Discord, reports every start-up failure it
expects (no route to Discord, a refused token, a database it cannot open) as one line on stderr,
and stops cleanly on SIGTERM (`docker stop`) or SIGINT (Ctrl-C): see `TableroBot.close`.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any, TextIO

import aiohttp
import discord

from bot import memory
from bot.app import TableroBot, new_bot
from bot.config import TOKEN_HELP, Config, ConfigError, revealed
from bot.loops import loop_factory, running_loop_name
from storage import ShardTaken, open_store

log = logging.getLogger(__name__)

CONFIG_ERROR = 2
"""Exit status for settings to fix: no token, a refused token, a malformed setting."""
START_ERROR = 1
"""Exit status for a start that failed on its surroundings: no route to Discord, no database."""
LOGIN_TIMEOUT_S = 30.0
"""How long the first answer from Discord may take before the start counts as failed."""
STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)
LOG_HANDLER_NAME = "tablero"
UNREACHABLE = (
    OSError,  # aiohttp.ClientConnectorError (refused, DNS) is one too
    aiohttp.ClientError,
    TimeoutError,
    discord.GatewayNotFound,
    discord.DiscordServerError,
)


class Unreachable(Exception):
    """Discord did not answer the login in time."""


def run(env_file: Path = Path(".env"), err: TextIO | None = None) -> int:
    """Run until stopped by a signal (exit 0); one line on `err` (stderr) and a non-zero status
    when the bot cannot start."""
    err = sys.stderr if err is None else err
    try:
        config = Config.load(env_file=env_file)
    except ConfigError as exc:
        print(f"tablero: {exc}", file=err)
        return CONFIG_ERROR
    if config.token is None:
        print(TOKEN_HELP, file=err, end="")
        return CONFIG_ERROR
    setup_logging(config.log_level)
    memory.tune_allocator()
    with asyncio.Runner(loop_factory=loop_factory(config.event_loop)) as runner:
        return runner.run(serve(config, config.token.reveal(), err, freeze=True))


def setup_logging(level: str, stream: IO[str] | None = None) -> logging.Handler:
    """Log to stderr (or `stream`) through the root logger: discord.py's colours on a terminal,
    plain text otherwise (discord.py would colour inside Docker even without a terminal).
    Calling it again replaces the handler it installed."""
    target = sys.stderr if stream is None else stream
    handler: logging.StreamHandler[IO[str]] = logging.StreamHandler(target)
    handler.set_name(LOG_HANDLER_NAME)
    root = logging.getLogger()
    for old in [h for h in root.handlers if h.get_name() == LOG_HANDLER_NAME]:
        root.removeHandler(old)
        old.close()
    options: dict[str, Any] = {}
    if not _is_terminal(target):
        options["formatter"] = logging.Formatter(
            "[{asctime}] [{levelname:<8}] {name}: {message}", "%Y-%m-%d %H:%M:%S", style="{"
        )
    discord.utils.setup_logging(
        handler=handler, level=getattr(logging, level, logging.INFO), **options
    )
    return handler


def _is_terminal(stream: IO[str]) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # a closed or odd stream
        return False


async def serve(
    config: Config, token: str, err: TextIO = sys.stderr, *, freeze: bool = False
) -> int:
    """Open the database, run the bot until a stop signal, close everything; the exit status.
    `freeze`: once the bot is ready, exempt what start-up made from garbage collection (the
    process is the bot's alone)."""
    log.info("running on the %s event loop", running_loop_name())
    try:
        store = await open_store(revealed(config.database_url), config.db_path)
    except Exception as exc:
        reason = _reason(exc)
        if config.database_url is not None:  # a driver's error may quote the URL or password
            reason = config.database_url.scrub(reason)
        print(f"tablero: cannot open the database {_where(config)}: {reason}", file=err)
        return START_ERROR
    try:  # before Discord: a second process on the same shard must not even connect
        await store.claim_shards(config.shards, config.lease_ttl_s)
    except ShardTaken as exc:
        await store.close()
        print(f"tablero: {exc}", file=err)
        return START_ERROR
    discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False  # Tablero uses no voice
    trimming = asyncio.create_task(memory.trim_forever(), name=memory.TASK_NAME)
    try:
        stop = asyncio.Event()
        with _stop_signals(stop):
            bot = new_bot(config, store=store)
            if freeze:
                _freeze_when_ready(bot)
            return await _run_bot(bot, token, stop, err)
    finally:
        trimming.cancel()
        await store.close()


def _freeze_when_ready(bot: TableroBot) -> None:
    """`memory.freeze_startup_objects` at the first on_ready (every shard connected, every
    open match rebuilt)."""

    async def freeze() -> None:
        bot.remove_listener(freeze, "on_ready")
        memory.freeze_startup_objects()
        log.info(
            "start-up objects frozen: %d exempt from garbage collection", gc.get_freeze_count()
        )

    bot.add_listener(freeze, "on_ready")


async def _run_bot(bot: TableroBot, token: str, stop: asyncio.Event, err: TextIO) -> int:
    try:
        async with bot:
            await _until_stopped(bot, token, stop)
    except discord.LoginFailure:
        print("tablero: Discord refused DISCORD_TOKEN; reset the token and retry.", file=err)
        return CONFIG_ERROR
    except (Unreachable, *UNREACHABLE) as exc:
        print(f"tablero: cannot reach Discord: {_reason(exc)}", file=err)
        return START_ERROR
    return 0


async def _until_stopped(bot: TableroBot, token: str, stop: asyncio.Event) -> None:
    """Run the bot until `stop` is set (then close it) or until it fails (then raise)."""
    started = asyncio.create_task(bot.start(token), name="tablero-run")
    stopped = asyncio.create_task(stop.wait(), name="tablero-stop-signal")
    try:
        done, _ = await asyncio.wait(
            {started, stopped}, timeout=LOGIN_TIMEOUT_S, return_when=asyncio.FIRST_COMPLETED
        )
        if not done and bot.user is None:
            raise Unreachable(f"no answer in {LOGIN_TIMEOUT_S:g} s")
        if not done:
            await asyncio.wait({started, stopped}, return_when=asyncio.FIRST_COMPLETED)
        if not stopped.done():
            started.result()  # the bot stopped by itself: raise what stopped it
            return
        log.info("stopping: closing matches, posts, the database and the Discord connection")
        await bot.close()
        await asyncio.wait({started}, timeout=5)
    finally:
        for task in (started, stopped):
            if not task.done():
                task.cancel()
        await asyncio.gather(started, stopped, return_exceptions=True)


@contextmanager
def _stop_signals(stop: asyncio.Event) -> Iterator[None]:
    """Set `stop` on SIGTERM and SIGINT while inside (no KeyboardInterrupt in the middle of a
    database write); the previous handlers come back on exit."""
    loop = asyncio.get_running_loop()
    installed: list[signal.Signals] = []

    def received(sig: signal.Signals) -> None:
        log.info("%s received", sig.name)
        stop.set()

    for sig in STOP_SIGNALS:
        try:
            loop.add_signal_handler(sig, received, sig)
        except (NotImplementedError, RuntimeError, ValueError):  # not the main thread
            continue
        installed.append(sig)
    try:
        yield
    finally:
        for sig in installed:
            loop.remove_signal_handler(sig)


def _where(config: Config) -> str:
    """The database by name: the SQLite file, or the URL without its password."""
    return str(config.db_path if config.database_url is None else config.database_url)


def _reason(exc: BaseException) -> str:
    """An exception as a short phrase (an OSError's own words, without its errno)."""
    if isinstance(exc, OSError) and exc.strerror and not isinstance(exc, aiohttp.ClientError):
        return f"{exc.strerror}: {exc.filename}" if exc.filename else exc.strerror
    text = " ".join(str(exc).split())
    return text or type(exc).__name__

"""A Tablero bot process for the chaos tests (tests/bot/test_chaos.py), killed with SIGKILL.

It runs the unmodified `TableroBot.start()` against the test's loopback Discord. Nothing in the
product knows about it: the seams where the test may kill it are wrapped here, in this process
only, and each checks an arm file the test writes just before the click it wants cut short:

- `commit`: the step's events are committed, its answer not yet sent (`store.append` returned);
- `answer`: Discord took the answer, the next message is not posted (the after-step
  pipeline's first move, `Steps._after`);
- `recorded`: Discord made the next message, the bot has not recorded it
  (`MatchService.set_message`).

Run as `python -m tests.bot.chaos_child`; the environment says where everything is (`ENV_*`).
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, Final

import discord

from bot.app import TableroBot, new_bot
from bot.config import Config, Secret, database_secret
from bot.core.live import LiveMatch, Played
from bot.core.service import MatchService
from bot.delivery.steps import Steps
from bot.loops import EventLoop, loop_factory
from bot.run import setup_logging
from fakediscord.pointed import point_at_loopback
from storage import LEASE_TTL_S, Shards, ShardTaken, SqliteStore, Store, open_store

ENV_PORT: Final = "TABLERO_CHAOS_PORT"
"""The loopback double's port on 127.0.0.1."""
ENV_DB: Final = "TABLERO_CHAOS_DB"
"""The SQLite file every bot process of a test shares (one at a time)."""
ENV_DIR: Final = "TABLERO_CHAOS_DIR"
"""Where the test writes the arm file and this process its ready marker."""
ENV_SHIFT: Final = "TABLERO_CHAOS_SHIFT"
"""Seconds the test moved Discord's clock ahead of the real one (a restart that took long)."""
ENV_SEED: Final = "TABLERO_CHAOS_SEED"
"""The prefix of new matches' chance seeds (reproducible runs)."""
ENV_URL: Final = "TABLERO_CHAOS_DATABASE_URL"
"""A PostgreSQL database instead of the SQLite file (several processes: test_cluster.py)."""
ENV_SHARD: Final = "TABLERO_CHAOS_SHARD"
"""`ids/count` (`0,2/3`): the Discord shards this process runs (default 0/1)."""
ENV_TTL: Final = "TABLERO_CHAOS_LEASE_TTL"
"""The lease TTL in seconds on PostgreSQL (default the bot's; the cluster tests shorten it)."""
ENV_WAIT: Final = "TABLERO_CHAOS_WAIT_FOR_SHARD"
"""Set: a shard held by another process is claimed again every `CLAIM_EVERY_S` until it is
free (a replacement an orchestrator keeps restarting, only faster), not refused at once."""
CLAIM_EVERY_S: Final = 0.05
WAITING: Final = "waiting"
"""The file written once a claim was refused and the process waits for the shard."""
ARM: Final = "arm"
"""The file naming the seam to die at."""
READY: Final = "ready"
"""The file written once the bot is connected and ready."""
SEAMS: Final = ("commit", "answer", "recorded")


def armed(seam: str) -> None:
    """Die here, at once and without cleaning up, if the test armed this seam."""
    try:
        wanted = (Path(os.environ[ENV_DIR]) / ARM).read_text().strip()
    except FileNotFoundError:
        return
    if wanted == seam:
        print(f"chaos: killed at {seam}", file=sys.stderr, flush=True)
        os.kill(os.getpid(), signal.SIGKILL)


def wrap_seams() -> None:
    """Check the arm file at each seam (in this process only: the product is unchanged)."""
    append = SqliteStore.append
    after = Steps._after
    set_message = MatchService.set_message

    async def committed(self: SqliteStore, *args: Any, **kwargs: Any) -> int:
        version = await append(self, *args, **kwargs)
        armed("commit")
        return version

    def answered(self: Steps, played: Played, **how: bool) -> None:
        armed("answer")
        after(self, played, **how)

    async def posted(
        self: MatchService, live: LiveMatch, message_id: str, settled: int | None = None
    ) -> None:
        armed("recorded")
        await set_message(self, live, message_id, settled)

    SqliteStore.append = committed  # type: ignore[method-assign]
    Steps._after = answered  # type: ignore[method-assign]
    MatchService.set_message = posted  # type: ignore[method-assign]


def seeds(prefix: str) -> Callable[[], str]:
    """New matches' seeds: the same in every run of a test."""
    made = iter(range(1_000_000))
    return lambda: f"{prefix}/{next(made)}"


def make_config() -> Config:
    """The bot's settings: the shared database, its shards, the lease TTL."""
    ids, count = os.environ.get(ENV_SHARD, "0/1").split("/")
    shards = Shards(tuple(int(i) for i in ids.split(",")), int(count))
    url = os.environ.get(ENV_URL)
    database = database_secret(url) if url else None
    return Config(
        Secret("fake-token"),
        None,
        database,
        Path(os.environ[ENV_DB]),
        "INFO",
        shards=shards,
        lease_ttl_s=float(os.environ.get(ENV_TTL, LEASE_TTL_S)),
    )


async def claimed(config: Config) -> Store | None:
    """With `ENV_WAIT`: the store, opened and its shards claimed once they are free; None: the
    bot opens it and claims them itself (refused at once when one is taken)."""
    if not os.environ.get(ENV_WAIT):
        return None
    store = await open_store(os.environ.get(ENV_URL), config.db_path)
    while True:
        try:
            await store.claim_shards(config.shards, config.lease_ttl_s)
        except ShardTaken:
            (Path(os.environ[ENV_DIR]) / WAITING).touch()
            await asyncio.sleep(CLAIM_EVERY_S)
            continue
        return store


def make_bot(config: Config, store: Store | None = None) -> TableroBot:
    """The bot on the shared database, with Discord's clock as the test set it."""
    shift = float(os.environ.get(ENV_SHIFT, "0"))
    return new_bot(
        config,
        store=store,
        local_clock=lambda: time.time() + shift,
        ai_think_ms=5,
        match_seeds=seeds(os.environ.get(ENV_SEED, "chaos")),
        guild_ready_timeout=0.05,
    )


def on_ready(bot: TableroBot) -> Callable[[], Awaitable[None]]:
    """A listener that tells the test the bot is connected (the ready marker)."""

    async def mark() -> None:
        (Path(os.environ[ENV_DIR]) / READY).write_text(str(os.getpid()))

    return mark


async def main() -> None:
    """Run the bot until SIGTERM (or SIGKILL)."""
    point_at_loopback(int(os.environ[ENV_PORT]))
    wrap_seams()
    setup_logging("INFO")
    discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
    config = make_config()
    bot = make_bot(config, await claimed(config))
    bot.add_listener(on_ready(bot), "on_ready")
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    async with bot:
        running = asyncio.create_task(bot.start("fake-token"), name="chaos-bot")
        stopping = asyncio.create_task(stop.wait(), name="chaos-stop")
        await asyncio.wait({running, stopping}, return_when=asyncio.FIRST_COMPLETED)
        await bot.close()
        for task in (running, stopping):
            task.cancel()
        await asyncio.gather(running, stopping, return_exceptions=True)


if __name__ == "__main__":
    with asyncio.Runner(loop_factory=loop_factory(EventLoop.UVLOOP)) as runner:  # as `tablero run`
        runner.run(main())

"""A restart after a crash: 1,000 open mid-game Keer matches in the database, 100 of which owe
their next message (the step was stored, the post never made). Measured: the time from
`bot.start()` (the unmodified bot over the loopback Discord double: real HTTP and websocket)
until it is ready (every open match rebuilt and clickable, the gateway connected), and until
every owed message is posted and settled.

Usage: python -m benchmarks.owed_delivery [--matches 1000 | 10000] [--owed 100] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import platform
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks.storage import PLAYERS, midgame_entries
from bot.app import TableroBot
from bot.config import Config, Secret
from fakediscord import FakeChannel, FakeDiscord
from storage import NewMatch, SqliteStore


async def fill(path: Path, guild_id: int, channels: list[FakeChannel], owed: int) -> None:
    """One open match per channel; all but the first `owed` have their message posted."""
    store = await SqliteStore.open(path)
    entries = [midgame_entries(f"owed/{i}") for i in range(50)]
    for i, channel in enumerate(channels):
        new = NewMatch("keer-kids", PLAYERS, f"owed/{i}", {}, str(guild_id), str(channel.id))
        match_id = await store.create_match(new)
        version = await store.append(match_id, 0, entries[i % 50])
        if i >= owed:
            await store.settle(match_id, version)
    await store.close()


async def measure(matches: int, owed: int) -> dict[str, Any]:
    """Seconds from start to ready, and from start until nothing is owed."""
    fake = FakeDiscord(check_schema=False)  # in this process: time the bot, not the double
    guild = fake.add_guild("Owed")
    channels = [fake.add_channel(guild, f"table-{i}") for i in range(matches)]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "owed.db"
        await fill(path, guild.id, channels, owed)
        posts_before = _posts(fake)
        async with fake.loopback():
            bot = TableroBot(
                Config(Secret("fake-token"), None, None, path, "WARNING"), guild_ready_timeout=0.05
            )
            started = time.perf_counter()
            task = await _ready(bot)
            ready = time.perf_counter() - started
            while bot.runtime.outbox.pending() or bot.runtime.outbox.delivered < owed:
                await asyncio.sleep(0.005)
            done = time.perf_counter() - started
            left = await bot.runtime.store.owed_messages()
            posted = _posts(fake) - posts_before
            await bot.close()
            await task
    return {
        "benchmark": "owed-delivery",
        "open_matches": matches,
        "owed_messages": owed,
        "posted": posted,
        "still_owed": len(left),
        "ready_s": round(ready, 2),
        "all_delivered_s": round(done, 2),
        "python": platform.python_version(),
    }


async def _ready(bot: TableroBot) -> asyncio.Task[None]:
    """`bot.start()` in the background, once the bot is ready (the double's `run_client` gives
    up after 10 s; a start-up with 10,000 open matches may take longer)."""
    task = asyncio.create_task(bot.start("fake-token"), name="owed-bot")
    ready = asyncio.create_task(bot.wait_until_ready(), name="owed-ready")
    await asyncio.wait({task, ready}, return_when=asyncio.FIRST_COMPLETED)
    if not ready.done():
        ready.cancel()
        task.result()  # why it stopped
        raise RuntimeError("the bot stopped before it was ready")
    return task


def _posts(fake: FakeDiscord) -> int:
    """Channel posts Discord took so far."""
    return sum(
        1
        for method, path, status in fake.requests
        if method == "POST" and status == 200 and path.endswith("/messages")
    )


def main() -> None:
    """Parse arguments, measure, print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=1_000)
    parser.add_argument("--owed", type=int, default=100)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    result = asyncio.run(measure(args.matches, min(args.owed, args.matches)))
    if args.json:
        print(json.dumps(result))
    else:
        print(
            f"restart with {result['open_matches']} open matches, {result['owed_messages']} owing"
            f" their message: ready after {result['ready_s']} s, every owed message posted after"
            f" {result['all_delivered_s']} s ({result['posted']} posts, "
            f"{result['still_owed']} still owed)"
        )


if __name__ == "__main__":
    main()

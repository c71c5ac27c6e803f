"""The bot process's memory with many open matches: 1,000 (or `--matches`) mid-game 4-player
Keer op Keer Kids matches in the database, rebuilt by `TableroBot`'s start-up against the fake
Discord.

Usage: python -m benchmarks.bot_memory [--matches 1000 | 10000] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import platform
import tempfile
from pathlib import Path
from typing import Any

from benchmarks.storage import PLAYERS, midgame_entries
from bot.app import TableroBot
from bot.config import Config, Secret
from fakediscord import FakeDiscord
from storage import NewMatch, SqliteStore

TARGET_MB = 300.0
"""The bot process with 1,000 open matches (developers' guide)."""
TARGET_10K_MB = 500.0
"""With more than 1,000, up to 10,000 (issue 36)."""


def rss_mb() -> float:
    """The process's resident memory now (Linux /proc)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS in /proc/self/status")


async def fill(path: Path, matches: int) -> None:
    """Store `matches` open mid-game matches, each in its own channel, their messages
    delivered."""
    store = await SqliteStore.open(path)
    for i in range(matches):
        entries = midgame_entries(f"memory/{i % 50}")
        new = NewMatch("keer-kids", PLAYERS, f"memory/{i}", {}, "1", str(1000 + i))
        match_id = await store.create_match(new)
        version = await store.append(match_id, 0, entries)
        await store.settle(match_id, version)  # its message was posted: nothing is owed
    await store.close()


async def measure(matches: int) -> dict[str, Any]:
    """RSS before the bot starts and with every match rebuilt and held."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "memory.db"
        await fill(path, matches)
        gc.collect()
        before = rss_mb()
        fake = FakeDiscord(check_schema=False)  # in this process: time the bot, not the double
        fake.add_guild("Memory")
        bot = TableroBot(Config(Secret("fake-token"), None, None, path, "WARNING"))
        await fake.connect(bot)
        held = len(bot.runtime.service.matches)
        gc.collect()
        after = rss_mb()
        await fake.close()
    target = TARGET_MB if matches <= 1_000 else TARGET_10K_MB
    return {
        "benchmark": "bot-memory",
        "matches": held,
        "rss_before_bot_mb": round(before, 1),
        "rss_with_matches_mb": round(after, 1),
        "target_mb": target,
        "meets_target": after <= target and held == matches,
        "python": platform.python_version(),
    }


def main() -> None:
    """Parse arguments, measure, print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=1_000)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    result = asyncio.run(measure(args.matches))
    if args.json:
        print(json.dumps(result))
    else:
        print(
            f"bot with {result['matches']} open matches: {result['rss_with_matches_mb']} MB RSS "
            f"(target ≤ {result['target_mb']:.0f}; {result['rss_before_bot_mb']} MB before the bot"
            " started)"
        )


if __name__ == "__main__":
    main()

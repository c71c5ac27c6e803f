"""Event store speed on SQLite (WAL, synchronous=NORMAL): appends per second, one action per
transaction as the bot stores them, and the start-up rebuild of 1,000 open matches.

Usage: python -m benchmarks.storage [--appends 3000] [--matches 1000] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import platform
import resource
import tempfile
import time
from pathlib import Path
from typing import Any

from games.common import ChanceRng
from games.common.play import step
from games.keer_kids import HeuristicAI, new_match
from games.records import Entry, Player
from storage import NewMatch, SqliteStore, rebuild_open

APPEND_TARGET = 2_000.0
"""Issue 5; also reported: the process's peak memory with all the rebuilt matches held."""
REBUILD_TARGET_S = 10.0
PLAYERS = (Player("1", "Ana"), Player("2", "Bo"), Player("3", "Cas"), Player("4", "Dee"))


def midgame_entries(seed: str, rolls: int = 12) -> list[Entry]:
    """The actions of a 4-player match after `rolls` rolls of computer play."""
    state, ai, rng = new_match(4), HeuristicAI(), ChanceRng(seed)
    while state.rolls < rolls and not state.is_terminal():
        step(state, [ai] * 4, rng)
    return [Entry(seat, action.to_text()) for seat, action in state.history]


async def measure_appends(store: SqliteStore, count: int) -> float:
    """Single-action appends per second, each its own committed transaction."""
    entries = midgame_entries("append")
    match_id = await store.create_match(NewMatch("keer-kids", PLAYERS, "append", {}))
    started = time.perf_counter()
    version = 0
    for i in range(count):
        version = await store.append(match_id, version, [entries[i % len(entries)]])
    return count / (time.perf_counter() - started)


async def measure_rebuild(store: SqliteStore, matches: int) -> tuple[float, int]:
    """Seconds to replay `matches` open mid-game matches, and the events they hold."""
    events = 0
    for i in range(matches):
        entries = midgame_entries(f"rebuild/{i % 50}")
        match_id = await store.create_match(NewMatch("keer-kids", PLAYERS, f"rebuild/{i}", {}))
        await store.append(match_id, 0, entries)
        events += len(entries)
    started = time.perf_counter()
    rebuilt = await rebuild_open(store)
    elapsed = time.perf_counter() - started
    assert not rebuilt.problems and len(rebuilt.states) == matches
    return elapsed, events


async def measure(appends: int, matches: int) -> dict[str, Any]:
    """Both figures, each on a fresh database file in a temporary folder."""
    with tempfile.TemporaryDirectory() as folder:
        store = await SqliteStore.open(Path(folder) / "append.db")
        rate = await measure_appends(store, appends)
        await store.close()
        store = await SqliteStore.open(Path(folder) / "rebuild.db")
        seconds, events = await measure_rebuild(store, matches)
        await store.close()
    return {
        "benchmark": "storage-sqlite",
        "appends_per_s": round(rate, 1),
        "append_target_per_s": APPEND_TARGET,
        "rebuild_matches": matches,
        "rebuild_events": events,
        "rebuild_s": round(seconds, 3),
        "rebuild_target_s": REBUILD_TARGET_S,
        "max_rss_mb_with_matches_rebuilt": round(
            resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1
        ),
        "meets_target": rate >= APPEND_TARGET and seconds <= REBUILD_TARGET_S,
        "python": platform.python_version(),
    }


def main() -> None:
    """Parse arguments, measure, print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--appends", type=int, default=3_000)
    parser.add_argument("--matches", type=int, default=1_000)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    result = asyncio.run(measure(args.appends, args.matches))
    if args.json:
        print(json.dumps(result))
    else:
        print(
            f"SQLite: {result['appends_per_s']} appends/s (target ≥ {APPEND_TARGET:.0f}); "
            f"rebuilt {args.matches} open matches ({result['rebuild_events']} events) in "
            f"{result['rebuild_s']} s (target ≤ {REBUILD_TARGET_S:.0f} s)"
        )


if __name__ == "__main__":
    main()

"""A cluster's speed: two bot processes — the unmodified `tablero run`, each running one of two
Discord shards — on one PostgreSQL, and the loopback Discord double in this process, so that
the double and the players' driver do not share the bots' CPU.

1. Both processes start on 2 × `--matches` open mid-game 4-player Keer matches stored
   beforehand, each owing its message (the processes post them at start-up). Then moves
   started at `--rate` per second (a move is one click, or a die and its pick), spread over
   every match: the first-response p50/p99 of each process,
   from the double sending the INTERACTION_CREATE until the callback reaches it (what
   Discord's 3 s rule measures), and each process's RSS.
2. The first process alone at rising rates (`--sweep`): its first-response p99 at each, and
   the most clicks per second it answers with a p99 ≤ 50 ms.

The driver chooses each legal click from the match's state, read beside the bots from the
database (as the players would read their sheets). Needs a PostgreSQL server
(`--database-url`, default $TABLERO_BENCH_DATABASE_URL or $DATABASE_URL) on which it may create
a database: it makes one of its own there and drops it after.

Usage: python -m benchmarks.cluster [--matches 500] [--moves 3000] [--rate 100]
       [--sweep 50,75,100,150,200] [--sweep-moves 2000] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import tempfile
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import discord

from benchmarks.click_seed import stored_in_channel
from benchmarks.keer_choice import choose
from benchmarks.loopback_run import START_S, Bots
from benchmarks.storage import midgame_entries
from benchmarks.timing import percentiles
from fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser, InteractionResult
from fakediscord.loopback import LoopbackServer
from games.keer_kids import Cross, KeerState, Mark, Phase, parse_action
from games.records import Player, replay
from storage import PostgresStore

SHARDS: Final = 2
P99_TARGET_MS: Final = 50.0
"""Issue 18: the click rate one process sustains is the highest with first-response p99 ≤ this."""
MAX_LAG_S: Final = 0.5
"""A step kept its pace if no move started later than this behind the schedule."""


class NotReady(Exception):
    """The match's next message is still on its way; a member would wait for it."""


@dataclass
class Table:
    """One channel's match, the four members who play it and the shard it is on."""

    shard: int
    channel: FakeChannel
    match_id: int
    seats: tuple[FakeUser, ...]
    over: bool = False
    state: KeerState | None = None
    """The match as last read (the driver applies only the entries stored since)."""
    applied: int = 0


class Players:
    """Everyone's clicks through the double, and when each was answered."""

    def __init__(self, fake: FakeDiscord, reader: PostgresStore) -> None:
        self.fake, self.reader = fake, reader
        self.client = discord.Client(intents=discord.Intents.none())
        """The bots as the driver sees them: never attached, so clicks go over loopback."""
        self.times: dict[int, list[float]] = {}
        self.refused = self.not_ready = self.waited = self.failed = 0
        self.lag_s = 0.0
        """How late the driver started a move at worst (seconds behind its schedule)."""
        self.reset()

    def reset(self) -> None:
        """Forget the times so far (a new phase)."""
        self.times = {shard: [] for shard in range(SHARDS)}
        self.refused = self.not_ready = self.waited = self.failed = 0
        self.lag_s = 0.0

    async def move(self, table: Table) -> None:
        """The match's next member click (a die and its pick are two)."""
        state = await self._state(table)
        if state.is_terminal():
            table.over = True
            return
        if state.phase is Phase.ROLL:
            await self._click(table, state.roller, ":roll")
        elif state.phase is Phase.KEEP:
            keep = state.legal_actions(state.roller)[0]
            await self._click(table, state.roller, f":keep:{keep.die}")  # type: ignore[union-attr]
        else:
            seat = state.seats_to_act()[0]
            action = state.legal_actions(seat)[0]
            assert isinstance(action, Cross | Mark)
            opened = await self._click(table, seat, f":die:{action.die}")
            user = table.seats[seat]
            res = await choose(self.fake, self.client, user, opened.messages[0], action)
            if res is None:
                return  # refused: the step moved on meanwhile
            self._took(table, res)

    async def _state(self, table: Table) -> KeerState:
        """The match now: the stored entries it did not apply yet, applied to the last read."""
        record = (await self.reader.load(table.match_id)).record
        entries = record.entries
        if table.state is None:
            state = replay(record)
            assert isinstance(state, KeerState)
            table.state = state
        else:
            for entry in entries[table.applied :]:
                table.state.apply(entry.seat, parse_action(entry.action))
        table.applied = len(entries)
        return table.state

    async def _click(self, table: Table, seat: int, verb: str) -> InteractionResult:
        message = self._current(table, verb)
        custom_id = next(
            str(c.custom_id) for c in message.interactive() if verb in str(c.custom_id)
        )
        res = await self.fake.click(self.client, table.seats[seat], message, custom_id)
        self._took(table, res)
        return res

    def _current(self, table: Table, verb: str) -> FakeMessage:
        """The match's newest message offering `verb`."""
        prefix = f"tb:{table.match_id}:"
        for message in reversed(self.fake.channel_messages(table.channel)):
            ids = [str(c.custom_id) for c in message.interactive()]
            if any(i.startswith(prefix) and verb in i for i in ids):
                return message
        raise NotReady(table.match_id)

    def _took(self, table: Table, res: InteractionResult) -> None:
        rec = res.interaction
        assert rec.answered_at is not None  # the driver returns once the bot called back
        self.times[table.shard].append((rec.answered_at - rec.sent_at) * 1000)
        shown = res.message
        if res.ephemeral and (shown is None or not shown.interactive()):
            self.refused += 1  # a stale step: answered, changed nothing


async def steady(
    players: Players, tables: list[Table], moves: int, rate: float, rng: random.Random
) -> float:
    """Start `moves` moves at `rate` per second (Poisson arrivals), one at a time per match;
    the seconds until the last was answered."""
    busy: set[int] = set()
    running: set[asyncio.Task[None]] = set()

    async def one(index: int) -> None:
        try:
            await players.move(tables[index])
        except NotReady:
            players.not_ready += 1
        except AssertionError:  # no answer at all: the member sees "This interaction failed"
            players.failed += 1
        finally:
            busy.discard(index)

    started = due = time.perf_counter()
    made = 0
    while made < moves:
        free = [i for i in range(len(tables)) if i not in busy and not tables[i].over]
        if not free:
            if all(table.over for table in tables):
                raise RuntimeError("every match is over: ask for fewer moves or more matches")
            players.waited += 1  # every match is waiting for its answer: the bot is behind
            await asyncio.sleep(0.001)
            continue
        index = free[int(rng.random() * len(free))]
        busy.add(index)
        task = asyncio.create_task(one(index))
        running.add(task)
        task.add_done_callback(running.discard)
        made += 1
        players.lag_s = max(players.lag_s, time.perf_counter() - due)
        due += rng.expovariate(rate)  # on a schedule: a late start makes the next one sooner
        await asyncio.sleep(max(0.0, due - time.perf_counter()))
    await asyncio.gather(*running)
    return time.perf_counter() - started


# -- the database, the seeded matches and the processes -------------------------------------


@asynccontextmanager
async def scratch_database(server_url: str) -> AsyncIterator[str]:
    """A database of the benchmark's own on the server (dropped after): its URL."""
    name = f"tablero_cluster_bench_{os.getpid()}"
    await _admin(server_url, f'CREATE DATABASE "{name}"')
    try:
        parts = urlsplit(server_url)
        yield urlunsplit((parts.scheme, parts.netloc, "/" + name, parts.query, parts.fragment))
    finally:
        await _admin(server_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


async def _admin(server_url: str, sql: str) -> None:
    """One statement on a connection of its own (none is held through the whole run)."""
    admin = await asyncpg.connect(server_url)
    try:
        await admin.execute(sql)
    finally:
        await admin.close()


async def seed(url: str, fake: FakeDiscord, matches: int) -> list[Table]:
    """`matches` open mid-game matches per shard, one per channel, each owing its message."""
    store = await PostgresStore.open(url)
    logs = [midgame_entries(f"cluster/{i}") for i in range(25)]
    tables: list[Table] = []
    try:
        for shard in range(SHARDS):
            guild = fake.add_guild(f"Shard {shard}", shard=(shard, SHARDS))
            seats = tuple(
                fake.add_member(guild, f"{n}{shard}") for n in ("Ana", "Bo", "Cas", "Dee")
            )
            players = tuple(Player(str(u.id), u.name) for u in seats)
            for i in range(matches):
                entries = logs[i % len(logs)]
                channel, match_id = await stored_in_channel(
                    store, fake, guild, players=players, number=i, entries=entries
                )
                tables.append(Table(shard, channel, match_id, seats))
    finally:
        await store.close()
    return tables


async def start(bots: Bots, shard: int, loop: LoopbackServer, url: str, folder: Path) -> None:
    """`tablero run` for one shard, pointed at the double (fakediscord.pointed)."""
    shards = {"SHARD_COUNT": str(SHARDS), "SHARD_IDS": str(shard)}
    await bots.run_tablero(shard, loop.port, folder, DATABASE_URL=url, **shards)


async def posted(fake: FakeDiscord, tables: list[Table]) -> None:
    """Until every match shows its message (the owed posts made at start-up)."""
    limit = time.monotonic() + START_S
    waiting = list(tables)
    while waiting:
        waiting = [t for t in waiting if not _shows(fake, t)]
        if time.monotonic() > limit:
            raise RuntimeError(f"{len(waiting)} matches still owed their message")
        await asyncio.sleep(0.1)


def _shows(fake: FakeDiscord, table: Table) -> bool:
    prefix = f"tb:{table.match_id}:"
    return any(
        str(c.custom_id).startswith(prefix)
        for m in fake.channel_messages(table.channel)
        for c in m.interactive()
    )


# -- the measurement --------------------------------------------------------------------------


@dataclass(frozen=True)
class Load:
    """What to measure: matches per process, phase 1's moves and rate, phase 2's rates."""

    matches: int = 500
    moves: int = 3_000
    rate: float = 100.0
    sweep: tuple[float, ...] = (50.0, 75.0, 100.0, 150.0, 200.0)
    sweep_moves: int = 2_000


async def measure(server_url: str, load: Load) -> dict[str, Any]:
    """Both phases on a fresh database; the figures."""
    with tempfile.TemporaryDirectory() as logs:
        return await _measure(server_url, load, Path(logs))


async def _measure(server_url: str, load: Load, folder: Path) -> dict[str, Any]:
    rng = random.Random(18)
    fake = FakeDiscord()
    fake.response_timeout = fake.settle_timeout = 60.0
    bots = Bots()
    async with scratch_database(server_url) as url:
        tables = await seed(url, fake, load.matches)
        reader = await PostgresStore.open(url)
        try:
            async with fake.loopback() as loop:
                began = time.perf_counter()
                for shard in range(SHARDS):
                    await start(bots, shard, loop, url, folder)
                try:
                    await asyncio.gather(*(bots.ready(shard) for shard in range(SHARDS)))
                    ready_s = time.perf_counter() - began
                    await posted(fake, tables)
                    posted_s = time.perf_counter() - began
                    players = Players(fake, reader)
                    both = await _both(players, tables, load, rng=rng, bots=bots)
                    alone = await _sweep(players, tables, load, rng=rng, bots=bots)
                finally:
                    await bots.stop()
        finally:
            await reader.close()
    return {
        "benchmark": "cluster",
        "database": urlsplit(url).path.lstrip("/"),
        "processes": SHARDS,
        "open_matches_per_process": load.matches,
        "ready_s": round(ready_s, 1),
        "all_posted_s": round(posted_s, 1),
        "both": both,
        "one_process": alone,
        "violations": len(fake.violations),
        "violation_examples": list(fake.violations)[:5],
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
    }


async def _both(
    players: Players, tables: list[Table], load: Load, *, rng: random.Random, bots: Bots
) -> dict[str, Any]:
    """Phase 1: clicks over both processes' matches."""
    before = bots.cpu()
    elapsed = await steady(players, tables, load.moves, load.rate, rng)
    cores = _cores(before, bots.cpu(), elapsed)
    made = sum(len(t) for t in players.times.values())
    return {
        "moves_per_s": load.rate,
        "clicks_per_s": round(made / elapsed, 1),
        "refused": players.refused,
        "not_ready": players.not_ready,
        "failed": players.failed,
        "lag_s": round(players.lag_s, 2),
        "cores": cores,
        "by_process": [
            {"shard": shard, **percentiles(players.times[shard]), **bots.rss_mb(shard)}
            for shard in range(SHARDS)
        ],
    }


def _cores(before: dict[str, float], after: dict[str, float], elapsed: float) -> dict[str, float]:
    """How much of one core each process used meanwhile."""
    return {name: round((after[name] - before[name]) / elapsed, 2) for name in before}


async def _sweep(
    players: Players, tables: list[Table], load: Load, *, rng: random.Random, bots: Bots
) -> dict[str, Any]:
    """Phase 2: shard 0's process alone, at each rate, until one is more than it can answer."""
    mine = [t for t in tables if t.shard == 0]
    steps: list[dict[str, Any]] = []
    for rate in load.sweep:
        if steps and (not steps[-1]["kept_pace"] or steps[-1]["p99_ms"] > 4 * P99_TARGET_MS):
            break  # overloaded already: a higher rate only queues more
        await asyncio.sleep(2)  # the last step's posts and edits drain
        players.reset()
        before = bots.cpu()
        elapsed = await steady(players, mine, load.sweep_moves, rate, rng)
        cores = _cores(before, bots.cpu(), elapsed)
        times = players.times[0]
        steps.append(
            {
                "moves_per_s": rate,
                "kept_pace": players.lag_s < MAX_LAG_S and not players.waited,
                "lag_s": round(players.lag_s, 2),
                "not_ready": players.not_ready,
                "refused": players.refused,
                "failed": players.failed,
                "cores": cores,
                "clicks_per_s": round(len(times) / elapsed, 1),
                **percentiles(times),
            }
        )
    kept = [s for s in steps if s["p99_ms"] <= P99_TARGET_MS and s["kept_pace"]]
    return {
        "steps": steps,
        "sustained_clicks_per_s": max((s["clicks_per_s"] for s in kept), default=None),
        "target_p99_ms": P99_TARGET_MS,
    }


def main() -> None:
    """Parse arguments, measure, print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--database-url",
        default=os.environ.get("TABLERO_BENCH_DATABASE_URL") or os.environ.get("DATABASE_URL"),
        help="a PostgreSQL server where the benchmark may create its own database",
    )
    parser.add_argument("--matches", type=int, default=500, help="open matches per process")
    parser.add_argument("--moves", type=int, default=3_000, help="phase 1: moves started")
    parser.add_argument(
        "--rate", type=float, default=100.0, help="phase 1: moves started per second"
    )
    parser.add_argument(
        "--sweep", default="50,75,100,150,200", help="phase 2: rates, comma-separated"
    )
    parser.add_argument("--sweep-moves", type=int, default=2_000, help="phase 2: per rate")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    if not args.database_url:
        parser.error("needs a PostgreSQL server: --database-url or TABLERO_BENCH_DATABASE_URL")
    sweep = tuple(float(r) for r in args.sweep.split(",") if r.strip())
    load = Load(args.matches, args.moves, args.rate, sweep, args.sweep_moves)
    result = asyncio.run(measure(args.database_url, load))
    if args.json:
        print(json.dumps(result))
        return
    _print(result)


def _used(phase: dict[str, Any]) -> str:
    """`cores used: shard 0 0.61, …`."""
    return "cores used: " + ", ".join(f"{name} {share}" for name, share in phase["cores"].items())


def _print(result: dict[str, Any]) -> None:
    both = result["both"]
    print(
        f"{result['processes']} processes × {result['open_matches_per_process']} open matches: "
        f"ready after {result['ready_s']} s, every message posted after {result['all_posted_s']} s"
    )
    print(
        f"both, {both['moves_per_s']:g} moves/s ({both['clicks_per_s']} clicks/s), {_used(both)}:"
    )
    for one in both["by_process"]:
        print(
            f"  shard {one['shard']}: n={one['count']} p50 {one['p50_ms']} ms "
            f"p99 {one['p99_ms']} ms max {one['max_ms']} ms; "
            f"RSS {one['rss_mb']} MB (peak {one['peak_mb']} MB)"
        )
    alone = result["one_process"]
    print("one process alone:")
    for step in alone["steps"]:
        pace = "" if step["kept_pace"] else " (the driver fell behind)"
        print(
            f"  {step['moves_per_s']:g} moves/s, {step['clicks_per_s']} clicks/s: "
            f"p50 {step['p50_ms']} ms p99 {step['p99_ms']} ms{pace}; {_used(step)}"
        )
    best = alone["sustained_clicks_per_s"]
    print(f"  answered with p99 ≤ {alone['target_p99_ms']:.0f} ms: {best} clicks/s")
    if result["violations"]:
        print(
            f"{result['violations']} violations, e.g.:", *result["violation_examples"], sep="\n  "
        )


if __name__ == "__main__":
    main()

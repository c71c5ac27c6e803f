"""What one click costs a server owner, against discord.py's floor (issue 36): the unmodified
`tablero run` (SQLite, the default single-process deployment) in a process of its own, the
loopback Discord double and the players' driver in this one.

For each count of open matches (`--matches`), that many matches are stored before the bot
starts, 100 to a server, each owing its message: the bot posts them at start-up, and the time
until every match is clickable is reported. Clicks go to `--active` of them (100, spread over
the servers) — the others stay open and wait, as most of a large server's async matches do — so
the click stream is the same whatever the count of open matches. After a warm-up (`--warmup` s
at the first rate, not reported), clicks are started at each rate of `--rates` (clicks per
second, Poisson arrivals, one click at a time per match) for `--seconds` each.

The click mix: Keer op Keer Kids between 4 members, stored 1-6 rolls in and waiting at one of
six places of a roll — Roll, the roller's keep (which opens the roller's choice), a die (which
opens the member's choice, their sheet drawn with it) and a pick in an open choice: in steady
play 1 roll, 1 keep, 3 dice and 4 picks in 9 clicks; and in 1 of `--kero-every` played matches
(4; 0 for none) Kero between 2 members, stored waiting for their first Roll, played as the
computer would: Roll, each die marked for a re-roll (a click each), Re-roll, Stop, End turn (a
camp's choices are left out). Each phase reports its clicks by kind. At each rate, per click:

- CPU ms of the bot process (/proc utime+stime from the phase's first click until the bot was
  quiet for `QUIET_S`: the edits and posts its clicks made due are in it), and its RSS;
- first-response p50/p99 (the double sends the INTERACTION_CREATE → the callback reaches it);
- counted at the double: edits (PATCH of a channel's message or of an interaction's answer;
  UPDATE_MESSAGE callbacks are counted apart), new messages, uploads and the distinct images
  among them; counted in the store: appends (match_events rows, grouped by match and time
  stamp: the rows of one transaction) and events;
- image rendering: the CPU the bot's threads spent drawing and encoding images, as the bot
  counts it (`tablero_render_cpu_seconds_total` on its /metrics, read before and after the
  phase) — and the CPU without it. For reference, the ms `benchmarks/render.py`'s measure gives
  each kind in this process before the bots start (render + encode with the image's bands
  kept, as the bot encodes) is printed too: an earlier version subtracted uploads × those ms,
  which missed about two thirds of the drawing (images not uploaded, colder caches);
- the driver's own CPU (this process: the doubles and the players), to show it is no
  bottleneck; and the highest rate answered with p99 ≤ 20 ms.

The floor is measured in the same run, rate by rate right after Tablero: `floor_bot.py`, a bare
discord.py client with Tablero's intents in a process of its own, behind a second double in this
process (so neither bot sees the other's clicks), is sent the same clicks at the same moments on
copies of the same messages, and gives each the first answer Tablero gave (callback type,
payload, upload sizes) after one SQLite commit. Tablero's CPU per click is printed as a multiple
of the floor's for each count of open matches — the issue's bar: ≤ 1.6× at 1,000 without
images, within 10 % of that at 100 and 10,000.

Usage: python -m benchmarks.clicks [--matches 100,1000] [--active 100] [--kero-every 4]
       [--rates 50,100,200,300] [--seconds 8] [--warmup 3] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import platform
import random
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from benchmarks.click_images import image_costs
from benchmarks.click_players import Events, NotReady, Players, Table, clickable
from benchmarks.click_report import Clicks, Measured, Size, Step, step_of, summary, table
from benchmarks.click_seed import played, seed
from benchmarks.double_tally import Tally
from benchmarks.floor_bot import loop_factory
from benchmarks.floor_replay import FloorWorld
from benchmarks.kero_players import KERO, kero_move
from benchmarks.loopback_run import START_S, Bots
from benchmarks.timing import percentiles
from fakediscord import FakeDiscord

QUIET_S: Final = 1.0
"""A bot is done with a phase's clicks once the double heard nothing from it this long
(Tablero holds an edit of a shown message up to 0.75 s for more changes)."""
DRAIN_S: Final = 30.0
"""At most this long to wait for a bot to be quiet."""
IDLE_S: Final = 2.0
"""How long each bot's CPU is measured with no click to answer, before the clicks."""
ERRORS_KEPT: Final = 5
"""How many of a bot's logged errors a start-up failure reports (the first)."""
TRIES: Final = 5
"""Matches a click is tried on before it is given up (one waiting for its next message has
none to take: another is clicked in its place, so the rate holds)."""
START_S_PER_MATCH: Final = 0.05
"""How much longer than `START_S` the bot may take to start, per open match."""
OVERLOADED_MS: Final = 1_000.0
"""A p99 past this (or clicks unanswered): Tablero is overloaded at that rate (its queue only
grows), and no higher rate is tried."""


@dataclass(frozen=True)
class Plan:
    """What to measure: the counts of open matches, how many of them are played, the click
    rates, each phase's length and the warm-up's."""

    matches: tuple[int, ...] = (100, 1_000)
    active: int = 100
    kero_every: int = 4
    rates: tuple[float, ...] = (50.0, 100.0, 200.0, 300.0)
    seconds: float = 8.0
    warmup: float = 3.0
    render_repeats: int = 8


async def measure(plan: Plan) -> dict[str, Any]:
    """Every count of open matches on a fresh database; the figures."""
    per_image = image_costs(plan.render_repeats)  # before any bot runs: the driver's CPU
    sizes = []
    with tempfile.TemporaryDirectory() as folder:
        for count in plan.matches:
            where = Path(folder) / str(count)
            where.mkdir()
            sizes.append(await _size(count, plan, per_image, where))
    return summary(sizes, per_image, plan.kero_every) | {
        "benchmark": "clicks",
        "played_matches": plan.active,
        "kero_every": plan.kero_every,
        "seconds_per_phase": plan.seconds,
        "warmup_s": plan.warmup,
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
    }


class Run:
    """One count of open matches: the doubles, the bots and the players."""

    def __init__(self, tables: list[Table], fake: FakeDiscord, folder: Path, active: int) -> None:
        self.tables, self.fake, self.folder = tables, fake, folder
        self.played = played(tables, active)
        self.tally = Tally(fake, {t.channel.id: t.game for t in tables})
        self.floor = FloorWorld(tables)
        floor_games = {c.id: t.game for c, t in zip(self.floor.channels, tables, strict=True)}
        self.floor_tally = Tally(self.floor.fake, floor_games)
        self.events = Events(folder / "tablero.db")
        self.players = Players(fake, self.events, self.tally)
        self.bots = Bots()
        self.rng = random.Random(36)


@dataclass(frozen=True)
class Started:
    """Tablero's start-up: until ready, until every match was clickable, its memory then; both
    bots' idle CPU; or why it did not start."""

    ready_s: float | None = None
    clickable_s: float | None = None
    memory: dict[str, float] = field(default_factory=dict)
    idle: dict[str, float] = field(default_factory=dict)
    error: str | None = None


async def _size(count: int, plan: Plan, per_image: dict[str, Any], folder: Path) -> Size:
    """Start-up, then every rate: Tablero's phase and the floor's."""
    fake = FakeDiscord(check_schema=False)  # the driver's CPU goes to the players, not checks
    fake.response_timeout = fake.settle_timeout = 60.0
    began = time.monotonic()
    tables = await seed(folder / "tablero.db", fake, count, plan.active, plan.kero_every)
    seeded_s = time.monotonic() - began
    run = Run(tables, fake, folder, plan.active)
    steps: list[Step] = []
    try:
        async with fake.loopback() as loop, run.floor.fake.loopback() as floor_loop:
            try:
                started = await _start(run, loop.port, floor_loop.port)
                if started.error is None:
                    steps = await _rates(run, plan, per_image)
            finally:
                await run.bots.stop()
    finally:
        run.events.close()
    return Size(
        open_matches=count,
        seeded_s=round(seeded_s, 1),
        ready_s=started.ready_s,
        clickable_s=started.clickable_s,
        started_rss_mb=started.memory.get("rss_mb"),
        idle_cpu_ms_per_s=started.idle,
        start_error=started.error,
        clickable_matches=sum(clickable(fake, t) for t in tables),
        finished_matches=sum(t.over for t in tables),
        steps=tuple(steps),
        violations=len(fake.violations) + len(run.floor.fake.violations),
        violation_examples=(*fake.violations[:3], *run.floor.fake.violations[:3]),
    )


async def _start(run: Run, port: int, floor_port: int) -> Started:
    """Tablero until every match is clickable, then the floor; both bots' idle CPU."""
    bots, began = run.bots, time.monotonic()
    limit_s = START_S + START_S_PER_MATCH * len(run.tables)
    await bots.run_tablero("tablero", port, run.folder, TABLERO_DB_PATH=str(run.events.path))
    try:
        await bots.ready("tablero", limit_s)
        ready_s = time.monotonic() - began
        clickable = _all_clickable(run.fake, run.tables)
        await bots.until("tablero", clickable, "clickable matches", limit_s)
    except RuntimeError as exc:  # it exited, or took too long: said, and no clicks
        return Started(error=f"after {time.monotonic() - began:.0f} s: {_gist(str(exc))}")
    clickable_s = time.monotonic() - began
    memory = bots.rss_mb("tablero")
    run.floor.knows_emoji_of(run.fake)
    await _start_floor(bots, floor_port, run.folder)
    await _quiet(run.tally)
    before = bots.cpu()
    await asyncio.sleep(IDLE_S)
    after = bots.cpu()
    idle = {k: round((after[k] - before[k]) * 1000 / IDLE_S, 1) for k in ("tablero", "floor")}
    return Started(round(ready_s, 1), round(clickable_s, 1), memory, idle)


def _gist(failure: str) -> str:
    """What a start-up failure says: its first line, the log's first errors, its last line."""
    lines = [line for line in failure.splitlines() if line.strip()]
    errors = [line for line in lines[1:] if "ERROR" in line][:ERRORS_KEPT]
    return "\n".join(dict.fromkeys([*lines[:1], *errors, *lines[-1:]]))


def _all_clickable(fake: FakeDiscord, tables: list[Table]) -> Callable[[], Awaitable[bool]]:
    """A check that every match shows its message (looking again only at those that did not)."""
    waiting = list(tables)

    async def done() -> bool:
        waiting[:] = [t for t in waiting if not clickable(fake, t)]
        return not waiting

    return done


async def _start_floor(bots: Bots, port: int, folder: Path) -> None:
    """The floor bot, until it says it is ready."""
    ready = folder / "floor.ready"
    command = ["benchmarks.floor_bot", str(folder / "floor.db"), str(ready)]
    await bots.start("floor", port, command, os.environ, folder)

    async def said() -> bool:
        return ready.exists()

    await bots.until("floor", said, "ready")


async def _rates(run: Run, plan: Plan, per_image: dict[str, Any]) -> list[Step]:
    """A warm-up at the first rate (not reported), then each rate: Tablero's phase, then the
    floor's with the same clicks; no higher rate once Tablero is overloaded (its queue would
    only grow)."""
    if plan.warmup > 0:
        warming = max(1, round(plan.rates[0] * plan.warmup))
        await _phase(run, "tablero", _tablero(run, plan.rates[0], warming))
        await _phase(run, "floor", run.floor.replay(run.players.sent))
    steps: list[Step] = []
    for rate in plan.rates:
        clicks = max(1, round(rate * plan.seconds))
        mine, done = await _phase(run, "tablero", _tablero(run, rate, clicks))
        steps.append(step_of("tablero", rate, mine, done, per_image))
        theirs, done = await _phase(run, "floor", run.floor.replay(run.players.sent))
        steps.append(step_of("floor", rate, theirs, done, {}))  # it draws nothing
        tablero = steps[-2]
        if tablero.p99_ms > OVERLOADED_MS or tablero.failed:
            break
    return steps


async def _phase(run: Run, bot: str, clicking: Awaitable[Clicks]) -> tuple[Measured, Clicks]:
    """One bot's phase: its CPU, the driver's and what it asked of its double, from the first
    click (`clicking` starts when awaited) until the bot was quiet."""
    tally = run.tally if bot == "tablero" else run.floor_tally
    await _quiet(tally)
    tally.reset()
    run.events.mark()
    gc.collect()
    gc.freeze()  # the double's messages so far are never looked at by a collection again
    gc.disable()  # and none pauses the driver while clicks are timed
    try:
        drawn = await run.bots.render_cpu_s(bot) if bot == "tablero" else None
        before, began, waited = run.bots.cpu(), time.monotonic(), run.bots.waited_s(bot)
        done = await clicking
        sending = time.monotonic() - began
        await _quiet(tally)
        after, elapsed = run.bots.cpu(), time.monotonic() - began
        waited = run.bots.waited_s(bot) - waited
        if drawn is not None:
            drawn = await run.bots.render_cpu_s(bot) - drawn
    finally:
        gc.enable()
    measured = Measured(
        sending_s=sending,
        elapsed_s=elapsed,
        cpu_s=after[bot] - before[bot],
        driver_cpu_s=after["driver"] - before["driver"],
        waited_s=waited,
        counts=dict(tally.counts),
        memory=run.bots.rss_mb(bot),
        appended=run.events.appended() if bot == "tablero" else None,
        render_cpu_s=drawn,
    )
    return measured, done


async def _quiet(tally: Tally) -> None:
    """Until the double heard nothing from the bot for `QUIET_S` (`DRAIN_S` at most)."""
    limit = time.monotonic() + DRAIN_S
    while time.monotonic() - tally.last < QUIET_S and time.monotonic() < limit:
        await asyncio.sleep(QUIET_S / 3)


async def _tablero(run: Run, rate: float, clicks: int) -> Clicks:
    """Start `clicks` clicks at `rate` per second (Poisson arrivals) on free matches, one at a
    time per match, on schedule however late the answers."""
    players, rng = run.players, run.rng
    players.reset()
    busy: set[int] = set()
    running: set[asyncio.Task[None]] = set()

    async def one(table: Table) -> None:
        """A click on the match, or on another if it has none to take now."""
        for attempt in range(TRIES):
            try:
                await (kero_move(players, table) if table.game == KERO else players.move(table))
                return
            except NotReady as why:
                players.not_ready[str(why)] += 1
            except AssertionError:  # no answer at all: the member sees "This interaction failed"
                players.failed += 1
                return
            finally:
                busy.discard(table.index)
            if attempt + 1 < TRIES:
                table = await _free(run.played, busy, rng)
                busy.add(table.index)

    lag, due = 0.0, time.monotonic()
    for _ in range(clicks):
        table = await _free(run.played, busy, rng)
        busy.add(table.index)
        task = asyncio.create_task(one(table))
        running.add(task)
        task.add_done_callback(running.discard)
        lag = max(lag, time.monotonic() - due)
        due += rng.expovariate(rate)  # on a schedule: a late start makes the next one sooner
        await asyncio.sleep(max(0.0, due - time.monotonic()))
    await asyncio.gather(*running)
    return Clicks(
        tuple(players.times),
        lag,
        {kind: percentiles(times) for kind, times in players.kinds.items()},
        dict(players.not_ready),
        players.failed,
        players.refused,
    )


async def _free(tables: list[Table], busy: set[int], rng: random.Random) -> Table:
    """A match no click is waiting on, at random (a few draws: O(1) with thousands open)."""
    while True:
        for _ in range(32):
            table = tables[int(rng.random() * len(tables))]
            if not table.over and table.index not in busy:
                return table
        free = [t for t in tables if not t.over and t.index not in busy]
        if free:
            return rng.choice(free)
        if all(t.over for t in tables):
            raise RuntimeError("every match is over: ask for fewer clicks or more matches")
        await asyncio.sleep(0.001)  # every open match waits for its answer


def main() -> None:
    """Parse arguments, measure, print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", default="100,1000", help="open matches, comma-separated")
    parser.add_argument("--rates", default="50,100,200,300", help="clicks per second, ramped")
    parser.add_argument("--active", type=int, default=100, help="open matches clicked on")
    parser.add_argument("--kero-every", type=int, default=4, help="1 in N played is Kero; 0: none")
    parser.add_argument("--seconds", type=float, default=8.0, help="each phase's clicks, in s")
    parser.add_argument("--warmup", type=float, default=3.0, help="s of clicks first, unreported")
    parser.add_argument("--render-repeats", type=int, default=8, help="per image kind")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    plan = Plan(
        matches=tuple(int(n) for n in args.matches.split(",") if n.strip()),
        active=args.active,
        kero_every=args.kero_every,
        rates=tuple(float(r) for r in args.rates.split(",") if r.strip()),
        seconds=args.seconds,
        warmup=args.warmup,
        render_repeats=args.render_repeats,
    )
    with asyncio.Runner(loop_factory=loop_factory()) as runner:  # the driver costs less
        result = runner.run(measure(plan))
    print(json.dumps(result) if args.json else table(result))


if __name__ == "__main__":
    main()

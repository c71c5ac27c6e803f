"""One writer per match across processes (storage/lease.py, bot/lease.py): two real bot
processes (the unmodified `bot.start()`, tests/bot/chaos_child.py) run one Discord shard each on
one PostgreSQL, with a 2 s lease; a replacement for shard 0 is up and claiming it again and again
(as an orchestrator restarting it would, only faster) when the session holding shard 0's lease
is ended (`pg_terminate_backend`) —

1. while the holder is alive: it takes its lease again at once (the replacement stays out), or
   — had the replacement been first — it stops at once and the replacement serves;
2. while the holder is frozen (SIGSTOP): the replacement takes the shard, waits out the frozen
   one's TTL and serves; the frozen one, once it runs again, stores nothing of the clicks it
   had been sent (the fence refuses them) and stops.

Throughout, a watch samples the table's channel: never more than one clickable message of the
match for longer than an edit takes; the match is clickable again within the TTL + 2 s of the
fault; every click Discord saw answered is stored once; the other shard never noticed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import re
import signal
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path

import asyncpg
import pytest

from fakediscord import ComponentInfo, FakeChannel, FakeDiscord, FakeMessage, FakeUser
from fakediscord.loopback import LoopbackServer
from games.keer_kids import KeerState, Phase
from games.records import replay
from storage import PostgresStore
from tests.bot import chaos_child as child
from tests.bot.helpers import RemoteBot, controls, until
from tests.bot.keer_driver import button_id, choose_on
from tests.bot.processes import spawn, stopped
from tests.storage.conftest import postgres_url, reset_postgres
from tests.storage.leases import cut_the_claim, holders

log = logging.getLogger(__name__)

SHARDS = 2
TTL_S = 2.0
START_S = 30.0
EDIT_S = 1.0
"""The longest two clickable messages of one match may both show: the time to edit one."""
ANSWER_S = 0.5
"""How long a click waits for its answer before it is tried again (a process answers in tens
of milliseconds)."""


@dataclass
class Table:
    """One server: its channel and its two players (host first)."""

    channel: FakeChannel
    host: FakeUser
    guest: FakeUser


@dataclass
class Watch:
    """Samples how many messages of a match offer buttons, every 10 ms."""

    fake: FakeDiscord
    table: Table
    match_id: int
    longest_s: float = 0.0
    """The longest span during which two or more did."""
    _since: float | None = None

    def sample(self) -> None:
        now = time.monotonic()
        if len(clickable(self.fake, self.table, self.match_id)) < 2:
            self._since = None
            return
        self._since = self._since or now
        self.longest_s = max(self.longest_s, now - self._since)

    async def run(self) -> None:
        while True:
            self.sample()
            await asyncio.sleep(0.01)


@dataclass
class Cluster:
    """The double over loopback, the database, and the bot processes by name."""

    fake: FakeDiscord
    loop: LoopbackServer
    url: str
    folder: Path
    tables: list[Table]
    client: RemoteBot = field(default_factory=RemoteBot)
    processes: dict[str, asyncio.subprocess.Process] = field(default_factory=dict)
    acked: set[str] = field(default_factory=set)
    """The clicks Discord saw answered (each must be stored once)."""
    reader: PostgresStore | None = None

    def _dir(self, name: str) -> Path:
        path = self.folder / name
        path.mkdir(exist_ok=True)
        return path

    async def launch(self, name: str, shard: int, *, wait: bool = False) -> None:
        """Start process `name` running `shard` (not waiting for it); `wait`: claiming it again
        and again while another process holds it."""
        where = self._dir(name)
        env = {
            **os.environ,
            child.ENV_PORT: str(self.loop.port),
            child.ENV_DB: str(where / "unused.db"),
            child.ENV_URL: self.url,
            child.ENV_SHARD: f"{shard}/{SHARDS}",
            child.ENV_DIR: str(where),
            child.ENV_SEED: f"failover/{name}",
            child.ENV_TTL: str(TTL_S),
            child.ENV_WAIT: "1" if wait else "",
        }
        self.processes[name] = await spawn(env, where / "bot.log")

    def ready(self, name: str) -> bool:
        """Whether process `name` is connected and ready (AssertionError if it exited)."""
        if self.processes[name].returncode is not None:
            raise AssertionError(f"{name} exited:\n{self.logs(name)}")
        return (self._dir(name) / child.READY).exists()

    async def start(self, name: str, shard: int) -> float:
        """Start process `name` and wait until it is ready; the seconds it took."""
        began = time.monotonic()
        await self.launch(name, shard)
        await until(lambda: self.ready(name), f"{name} to be ready", START_S)
        return time.monotonic() - began

    async def waiting(self, name: str, shard: int) -> None:
        """Start process `name` for `shard`, held by another: once it waits for it."""
        await self.launch(name, shard, wait=True)
        waiting = self._dir(name) / child.WAITING
        await until(waiting.exists, f"{name} to wait for shard {shard}", START_S)

    def logs(self, name: str) -> str:
        return (self._dir(name) / "bot.log").read_text(errors="replace")

    def running(self, name: str) -> bool:
        return self.processes[name].returncode is None

    async def stop(self) -> None:
        """Go on (SIGCONT) and stop (SIGTERM) every process, then close the reader."""
        await stopped(self.processes.values())
        if self.reader is not None:
            await self.reader.close()

    async def state(self, match_id: int) -> KeerState:
        """A match's state, replayed from the database."""
        if self.reader is None:
            self.reader = await PostgresStore.open(self.url)
        state = replay((await self.reader.load(match_id)).record)
        assert isinstance(state, KeerState)
        return state

    async def stored(self, match_id: int) -> list[str]:
        """The interactions a match's log holds, in order."""
        assert self.reader is not None
        entries = (await self.reader.load(match_id)).record.entries
        return [e.interaction for e in entries if e.interaction is not None]


@pytest.fixture
async def cluster(tmp_path: Path) -> AsyncIterator[Cluster]:
    url = postgres_url()
    await reset_postgres(url)
    fake = FakeDiscord()
    fake.settle_timeout = 30.0
    tables = []
    for shard in range(SHARDS):
        guild = fake.add_guild(f"Server {shard}", shard=(shard, SHARDS))
        channel = fake.add_channel(guild, "games")
        host, guest = (fake.add_member(guild, f"{n} {shard}") for n in ("Ana", "Bo"))
        tables.append(Table(channel, host, guest))
    async with fake.loopback() as loop:
        made = Cluster(fake, loop, url, tmp_path, tables)
        try:
            yield made
        finally:
            await made.stop()
            await fake.close()


def clickable(fake: FakeDiscord, table: Table, match_id: int) -> list[FakeMessage]:
    """The table's messages offering buttons of the match (newest last)."""
    prefix = f"tb:{match_id}:"
    return [
        m
        for m in fake.channel_messages(table.channel)
        if any(str(c.custom_id).startswith(prefix) for c in controls(m))
    ]


async def new_match(cluster: Cluster, table: Table) -> int:
    """The host opens a Keer lobby, the guest joins, the host starts: the match's id."""
    fake, client = cluster.fake, cluster.client
    fake.response_timeout = 30.0
    lobby = (await fake.slash(client, table.host, table.channel, "keer start")).message
    assert lobby is not None
    await fake.click(client, table.guest, lobby, button_id(lobby, ":join"))
    await fake.click(client, table.host, lobby, button_id(lobby, ":start"))
    ids: list[int] = []

    def started() -> bool:
        ids[:] = [int(str(c.custom_id).split(":")[1]) for c in _match_buttons(fake, table)]
        return bool(ids)

    await until(started, "the match's first message")
    return ids[0]


def _match_buttons(fake: FakeDiscord, table: Table) -> list[ComponentInfo]:
    return [
        c
        for m in fake.channel_messages(table.channel)
        for c in controls(m)
        if str(c.custom_id).startswith("tb:") and ":join" not in str(c.custom_id)
    ]


async def move(cluster: Cluster, table: Table, match_id: int, within_s: float = 0.0) -> float:
    """One member move of whatever the match waits for, on the newest message offering it,
    tried again until it is answered and stored (for up to `within_s` more); the seconds it
    took."""
    began = time.monotonic()
    while True:
        try:
            await _move(cluster, table, match_id)
            return time.monotonic() - began
        except AssertionError as error:
            if time.monotonic() - began > within_s:
                raise
            log.info("not yet: %s", error)
            await asyncio.sleep(0.05)


async def _move(cluster: Cluster, table: Table, match_id: int) -> None:
    fake, client = cluster.fake, cluster.client
    fake.response_timeout = ANSWER_S
    state = await cluster.state(match_id)
    verb = {Phase.ROLL: ":roll", Phase.KEEP: ":keep:"}.get(state.phase, ":die:")
    offering = [
        m
        for m in clickable(fake, table, match_id)
        if any(verb in str(c.custom_id) for c in controls(m))
    ]
    assert offering, f"no message offers {verb}"
    message, seats = offering[-1], (table.host, table.guest)
    if state.phase is Phase.ROLL:
        res = await fake.click(client, seats[state.roller], message, button_id(message, ":roll"))
    elif state.phase is Phase.KEEP:
        die = state.legal_actions(state.roller)[0].die  # type: ignore[union-attr]
        res = await fake.click(
            client, seats[state.roller], message, button_id(message, f":keep:{die}")
        )
    else:
        seat = state.seats_to_act()[0]
        action = state.legal_actions(seat)[0]
        die_id = button_id(message, f":die:{action.die}")  # type: ignore[union-attr]
        opened = await fake.click(client, seats[seat], message, die_id)
        assert opened.messages, f"no choice was opened: {opened.response}"
        res = await choose_on(fake, client, seats[seat], opened.messages[0], action)
    assert res.acknowledged and not res.ephemeral, res.response
    cluster.acked.add(str(res.interaction.id))
    await until(lambda: _moved(cluster, match_id, state.version), "the move to be stored", 5)


async def _moved(cluster: Cluster, match_id: int, version: int) -> bool:
    return (await cluster.state(match_id)).version > version


async def test_a_lost_lease_never_lets_two_processes_serve_one_match(cluster: Cluster) -> None:
    first_s = max(await asyncio.gather(cluster.start("p0", 0), cluster.start("p1", 1)))
    log.info("a process starts in %.2f s (nothing to wait out)", first_s)
    table, other = cluster.tables
    match, elsewhere = await new_match(cluster, table), await new_match(cluster, other)
    for _ in range(3):
        await move(cluster, table, match)
        await move(cluster, other, elsewhere)
    watch = Watch(cluster.fake, table, match)
    watching = asyncio.create_task(watch.run(), name="fakediscord-bg-watch")
    try:
        holder = await _live_holder_loses_its_session(cluster, match)
        await move(cluster, other, elsewhere)  # the other shard never noticed
        await _frozen_holder_loses_its_session(cluster, holder, match)
        await move(cluster, other, elsewhere)
    finally:
        watching.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await watching
    log.info("two clickable messages of the match for at most %.3f s", watch.longest_s)
    assert watch.longest_s < EDIT_S
    for match_id in (match, elsewhere):
        stored = await cluster.stored(match_id)
        assert len(stored) == len(set(stored)), "an interaction was stored twice"
    everything = set(await cluster.stored(match)) | set(await cluster.stored(elsewhere))
    assert cluster.acked <= everything, f"acknowledged but lost: {cluster.acked - everything}"
    world = cluster.fake.world.interactions.values()
    answered = {str(r.id) for r in world if r.response_type is not None}
    assert everything <= answered, "stored, never answered: a process that lost its shard"
    for name in cluster.processes:
        assert "Traceback" not in cluster.logs(name), cluster.logs(name)


async def _live_holder_loses_its_session(cluster: Cluster, match: int) -> str:
    """Shard 0's lease session ends under its live holder while a replacement waits for the
    shard: one of the two serves it; the name of the one that does."""
    table = cluster.tables[0]
    await cluster.waiting("r0", 0)
    fault = time.monotonic()
    before = await lease_of(cluster.url, 0)
    await cut_the_claim(cluster.url, 0)
    await until(lambda: holders(cluster.url, 0), "the shard to be held again", TTL_S)
    if (await lease_of(cluster.url, 0))[0] == before[0]:  # the holder took its lease again
        holder = "p0"
        cluster.processes["r0"].terminate()  # still waiting: no longer needed
    else:  # the replacement was first: the holder stopped at once
        holder = "r0"
        await until(lambda: not cluster.running("p0"), "the old holder to stop", TTL_S)
        assert "lost" in cluster.logs("p0")
    clickable_s = time.monotonic() - fault + await move(cluster, table, match, TTL_S + 2)
    log.info("live holder: %s serves; clickable %.2f s after the fault", holder, clickable_s)
    assert clickable_s <= TTL_S + 2
    assert cluster.running(holder)
    assert (await lease_of(cluster.url, 0))[1] == cluster.processes[holder].pid
    return holder


async def _frozen_holder_loses_its_session(cluster: Cluster, holder: str, match: int) -> None:
    """The holder is frozen and its lease session ends while a replacement waits for the
    shard: the replacement takes it, waits out the frozen one's TTL and serves; the frozen one,
    running again, stores none of the clicks it was sent (the fence) and stops."""
    table, fake = cluster.tables[0], cluster.fake
    await cluster.waiting("r1", 0)
    frozen = cluster.processes[holder]
    frozen.send_signal(signal.SIGSTOP)
    fault = time.monotonic()
    await cut_the_claim(cluster.url, 0)
    known = set(fake.world.interactions)
    with pytest.raises(AssertionError, match="got no response"):  # nobody serves the shard yet
        await _move(cluster, table, match)
    clickable_s = time.monotonic() - fault + await move(cluster, table, match, TTL_S + 2)
    log.info("frozen holder: clickable %.2f s after the fault", clickable_s)
    assert clickable_s <= TTL_S + 2
    assert "for the lease of" in cluster.logs("r1"), cluster.logs("r1")  # waited it out:
    assert clickable_s >= TTL_S * 3 / 4  # the frozen one renewed at most a quarter TTL before
    sent = {str(r.id) for token, r in fake.world.interactions.items() if token not in known}
    frozen.send_signal(signal.SIGCONT)  # it runs again, its clicks waiting in its socket
    await until(lambda: frozen.returncode is not None, "the stale holder to stop", 10)
    logs = cluster.logs(holder)
    assert "lost" in logs, logs
    refused = set(re.findall(r"interaction (\d+) left unanswered: match", logs))
    log.info("the stale holder's writes refused by the fence: %d", len(refused))
    assert refused <= sent
    await move(cluster, table, match)  # the replacement serves on
    assert (await lease_of(cluster.url, 0))[1] == cluster.processes["r1"].pid


async def lease_of(url: str, shard: int) -> tuple[int, int]:
    """The shard's lease generation and its holder's process id (its `owner` is host:pid)."""
    admin = await asyncpg.connect(url)
    try:
        row = await admin.fetchrow(
            "SELECT generation, owner FROM shard_leases WHERE shard = $1", shard
        )
    finally:
        await admin.close()
    assert row is not None
    return int(row["generation"]), int(str(row["owner"]).rsplit(":", 1)[1])

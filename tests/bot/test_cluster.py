"""A cluster: two real bot processes (the unmodified `bot.start()`) sharing three Discord
shards — one runs shards 0 and 2 (discord.py's AutoShardedBot), the other shard 1 — on one
PostgreSQL and the loopback Discord double serving three servers, one on each shard.

Matches in every server play through, each answered by the process of its shard; `kill -9` of
the two-shard process mid-match and its restart continue its matches from their old messages
with nothing acknowledged lost; the global leaderboard shows the players of every shard; a
third process claiming a held shard is refused in one line before it contacts Discord.
"""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from collections import defaultdict
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from bot.cogs.ratings import MIN_GAMES
from fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser
from fakediscord.loopback import LoopbackServer
from games.keer_kids import KeerState, Phase
from games.records import replay
from render.emoji import EmojiKey
from storage import PostgresStore
from tests.bot import chaos_child as child
from tests.bot.helpers import RemoteBot, controls, until
from tests.bot.keer_driver import button_id, choose_on
from tests.bot.processes import ROOT, spawn, stopped
from tests.storage.conftest import postgres_url, reset_postgres

SHARDS = 3
PROCESSES: dict[int, tuple[int, ...]] = {0: (0, 2), 1: (1,)}
"""Each process of the cluster and the shards it runs."""
START_S = 30.0
PLAYERS = ("Ana", "Bo", "Cas", "Dee", "Eva", "Fen")


@dataclass
class Table:
    """One server of the cluster: its channel and its two players (host first)."""

    guild_id: int
    channel: FakeChannel
    host: FakeUser
    guest: FakeUser
    moderator: FakeUser


@dataclass
class Cluster:
    """The double over loopback, the database, and the bot processes running now."""

    fake: FakeDiscord
    loop: LoopbackServer
    url: str
    folder: Path
    tables: list[Table]
    client: RemoteBot = field(default_factory=RemoteBot)
    processes: dict[int, asyncio.subprocess.Process] = field(default_factory=dict)
    starts: int = 0
    acked: dict[int, set[str]] = field(default_factory=lambda: defaultdict(set))
    """By match: the clicks Discord saw answered (each must be in the match's stored log)."""
    reader: PostgresStore | None = None

    def _dir(self, process: int) -> Path:
        path = self.folder / f"process-{process}"
        path.mkdir(exist_ok=True)
        return path

    async def start(self, process: int) -> None:
        """Process `process` of the cluster, once connected (all its shards) and ready."""
        where = self._dir(process)
        shards = ",".join(str(shard) for shard in PROCESSES[process])
        (where / child.READY).unlink(missing_ok=True)
        self.starts += 1
        env = {
            **os.environ,
            child.ENV_PORT: str(self.loop.port),
            child.ENV_DB: str(where / "unused.db"),
            child.ENV_URL: self.url,
            child.ENV_SHARD: f"{shards}/{SHARDS}",
            child.ENV_DIR: str(where),
            child.ENV_SEED: f"cluster/{process}/{self.starts}",
            child.ENV_TTL: "3",  # a restart after the kill waits out the killed one's lease
        }
        self.processes[process] = await spawn(env, where / f"bot-{self.starts}.log")
        await until(lambda: self._ready(process), f"process {process} to be ready", START_S)

    def _ready(self, number: int) -> bool:
        process = self.processes[number]
        if process.returncode is not None:
            raise AssertionError(f"process {number} exited:\n{self.logs(number)}")
        return (self._dir(number) / child.READY).exists()

    def logs(self, process: int) -> str:
        """Everything the process (each of its starts) logged, oldest first."""
        files = sorted(self._dir(process).glob("bot-*.log"))
        return "\n".join(path.read_text(errors="replace") for path in files)

    async def kill(self, number: int) -> None:
        """SIGKILL a process (no clean-up) and wait until its sessions are gone."""
        process = self.processes.pop(number)
        process.send_signal(signal.SIGKILL)
        await process.wait()
        left = sum(len(PROCESSES[n]) for n in self.processes)
        await until(lambda: len(self.loop.sessions) == left, "its sessions to go")

    async def stop(self) -> None:
        """SIGTERM every process (its clean shutdown), then close the reader."""
        await stopped(self.processes.values())
        self.processes.clear()
        if self.reader is not None:
            await self.reader.close()

    async def state(self, match_id: int) -> KeerState:
        """A match's state, replayed from the database beside the bots."""
        if self.reader is None:
            self.reader = await PostgresStore.open(self.url)
        state = replay((await self.reader.load(match_id)).record)
        assert isinstance(state, KeerState)
        return state

    def current(self, table: Table, match_id: int, verb: str) -> FakeMessage | None:
        """The match's one message with buttons, once it offers `verb` (the step the database
        holds: its message may still be on its way)."""
        prefix = f"tb:{match_id}:"
        shown = [
            m
            for m in self.fake.channel_messages(table.channel)
            if any(str(c.custom_id).startswith(prefix) for c in controls(m))
        ]
        if len(shown) != 1 or not any(verb in str(c.custom_id) for c in controls(shown[0])):
            return None
        return shown[0]


@pytest.fixture
async def cluster(tmp_path: Path) -> AsyncIterator[Cluster]:
    url = postgres_url()
    await reset_postgres(url)
    fake = FakeDiscord()
    fake.response_timeout = fake.settle_timeout = 30.0
    tables = []
    players = [fake.world.add_user(name) for name in PLAYERS]
    for shard in range(SHARDS):
        guild = fake.add_guild(f"Server {shard}", shard=(shard, SHARDS))
        channel = fake.add_channel(guild, "games")
        host, guest = players[2 * shard], players[2 * shard + 1]
        for member in (host, guest):
            fake.add_member(guild, member)
        moderator = fake.add_member(guild, f"Mod {shard}", manage_guild=True)
        tables.append(Table(guild.id, channel, host, guest, moderator))
    async with fake.loopback() as loop:
        made = Cluster(fake, loop, url, tmp_path, tables)
        try:
            yield made
        finally:
            await made.stop()
            await fake.close()


async def new_match(cluster: Cluster, table: Table) -> int:
    """The host opens a Keer lobby, the guest joins, the host starts: the new match's id."""
    fake, client = cluster.fake, cluster.client
    before = set(_match_ids(cluster, table))
    lobby = (await fake.slash(client, table.host, table.channel, "keer start")).message
    assert lobby is not None
    await fake.click(client, table.guest, lobby, button_id(lobby, ":join"))
    await fake.click(client, table.host, lobby, button_id(lobby, ":start"))
    await until(lambda: set(_match_ids(cluster, table)) - before, "the match's first message")
    (match_id,) = set(_match_ids(cluster, table)) - before
    return match_id


def _match_ids(cluster: Cluster, table: Table) -> list[int]:
    """The matches whose buttons the table's channel shows (Rematch buttons too)."""
    ids = [
        str(c.custom_id)
        for m in cluster.fake.channel_messages(table.channel)
        for c in controls(m)
        if str(c.custom_id).startswith("tb:")
    ]
    return [int(i.split(":")[1]) for i in ids]


async def move(cluster: Cluster, table: Table, match_id: int) -> bool:
    """One member move of whatever the match waits for; False once it is over."""
    state = await cluster.state(match_id)
    if state.is_terminal():
        return False
    verb = {Phase.ROLL: ":roll", Phase.KEEP: ":keep:"}.get(state.phase, ":die:")
    await until(lambda: cluster.current(table, match_id, verb) is not None, "the step's message")
    message = cluster.current(table, match_id, verb)
    assert message is not None
    fake, client = cluster.fake, cluster.client
    seats = (table.host, table.guest)
    if state.phase is Phase.ROLL:
        res = await fake.click(client, seats[state.roller], message, button_id(message, ":roll"))
    elif state.phase is Phase.KEEP:
        die = state.legal_actions(state.roller)[0].die  # type: ignore[union-attr]
        keep = button_id(message, f":keep:{die}")
        res = await fake.click(client, seats[state.roller], message, keep)
    else:
        seat = state.seats_to_act()[0]
        action = state.legal_actions(seat)[0]
        die = button_id(message, f":die:{action.die}")  # type: ignore[union-attr]
        opened = await fake.click(client, seats[seat], message, die)
        res = await choose_on(fake, client, seats[seat], opened.messages[0], action)
    assert res.acknowledged and not res.ephemeral, res.response
    cluster.acked[match_id].add(str(res.interaction.id))
    await until(lambda: _moved(cluster, match_id, state.version), "the move to be stored")
    return True


async def finished(cluster: Cluster, matches: list[int], each: int) -> None:
    """The matches are over and stored, every table shows `each` results (a duplicate would
    show one more), and every click Discord saw answered is in their logs."""
    for table in cluster.tables:
        await until(lambda t=table: len(results(cluster, t)) >= each, "the results")
    await asyncio.sleep(0.5)  # a duplicate would come right after
    for table in cluster.tables:
        assert len(results(cluster, table)) == each, "a match's results were posted twice"
    assert cluster.reader is not None
    for match_id in matches:
        stored = await cluster.reader.load(match_id)
        assert stored.status == "finished"
        lost = cluster.acked[match_id] - {e.interaction for e in stored.record.entries}
        assert not lost, f"match {match_id}: acknowledged but lost: {lost}"


def results(cluster: Cluster, table: Table) -> list[FakeMessage]:
    """The results messages posted in the table's channel."""
    return [m for m in cluster.fake.channel_messages(table.channel) if "🏆" in m.text]


def emoji_uploads(cluster: Cluster) -> int:
    """How many application emoji the cluster's processes uploaded, in all."""
    return sum(
        1
        for method, path, status in cluster.fake.requests
        if method == "POST" and path.endswith("/emojis") and status == 201
    )


async def _moved(cluster: Cluster, match_id: int, version: int) -> bool:
    return (await cluster.state(match_id)).version > version


async def test_two_processes_share_the_servers_by_shard_and_survive_a_kill(
    cluster: Cluster,
) -> None:
    for process in PROCESSES:
        await cluster.start(process)
    assert emoji_uploads(cluster) == len(EmojiKey), "shard 0's process uploads them, once"
    matches = [await new_match(cluster, table) for table in cluster.tables]
    for _ in range(6):  # every match under way, each played by its own shard's process
        for table, match_id in zip(cluster.tables, matches, strict=True):
            assert await move(cluster, table, match_id)

    await cluster.kill(0)  # mid-match, without any clean-up: shards 0 and 2 go down
    await cluster.start(0)
    began = time.monotonic()
    for shard in PROCESSES[0]:  # from their old messages
        assert await move(cluster, cluster.tables[shard], matches[shard])
    assert time.monotonic() - began < 10
    assert emoji_uploads(cluster) == len(EmojiKey), "a restart uploads no emoji again"
    for table, match_id in zip(cluster.tables, matches, strict=True):
        while await move(cluster, table, match_id):
            pass
    await finished(cluster, matches, 1)
    for _ in range(MIN_GAMES - 1):  # enough rated matches for the leaderboards
        more = [await new_match(cluster, table) for table in cluster.tables]
        for table, match_id in zip(cluster.tables, more, strict=True):
            while await move(cluster, table, match_id):
                pass
        matches += more
        await finished(cluster, more, len(matches) // SHARDS)

    fake, client = cluster.fake, cluster.client
    for table in cluster.tables:
        await fake.slash(client, table.moderator, table.channel, "settings global", mode="on")
    first = cluster.tables[0]
    board = await fake.slash(
        client, first.host, first.channel, "leaderboard", game="keer-kids", scope="global"
    )
    listed = str(board.response)
    for player in PLAYERS:
        assert player in listed, f"{player} is missing from the global board: {listed}"

    held = subprocess.run(
        [sys.executable, "-m", "bot", "run", "--env-file", "/dev/null"],
        env={
            **os.environ,
            "DISCORD_TOKEN": "fake-token",
            "DATABASE_URL": cluster.url,
            "SHARD_COUNT": str(SHARDS),
            "SHARD_IDS": "1-2",
        },
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert held.returncode == 1, held.stderr
    assert "shard 1 of 3 is already run by another Tablero process" in held.stderr
    for process in PROCESSES:
        assert "Traceback" not in cluster.logs(process), cluster.logs(process)

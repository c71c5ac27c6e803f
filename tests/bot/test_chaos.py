"""Chaos (issue 16): a real bot process killed with SIGKILL at every step boundary of a Keer roll
and a Kero turn, then started again on the same database; and Discord's 429 storms and 5xx bursts
on posts, edits and interaction callbacks while matches play to the end.

After each kill: nothing acknowledged is lost, exactly one match message carries buttons and a
click on it works within 5 s, no step has two messages, and the tanker deadline fires once at
Discord's E + grace.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import re
import signal
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from bot.app import TableroBot
from bot.core.downtime import ALIVE_NAME
from bot.core.live import LiveMatch
from bot.core.turn_clocks import ClockEvent, RanOut
from bot.games import adapter_for
from bot.games.kero.rules import GRACE_MS
from fakediscord import FakeClock, FakeMessage, InteractionResult
from fakediscord.loopback import LoopbackServer
from games.common.protocol import GameState
from games.keer_kids import KeerState, Miss, Phase
from games.kero import KeroState
from games.kero import actions as ka
from games.kero.board import Phase as KeroPhase
from games.records import replay
from storage import SqliteStore, StoredMatch
from tests.bot import chaos_child as child
from tests.bot.conftest import Server, _server, said
from tests.bot.helpers import RemoteBot, controls, delivered, looks, quick, until
from tests.bot.keer_driver import button_id, choose_on, keer, live_here, offered, start_match
from tests.bot.kero_driver import KeroDriver, fire_due
from tests.bot.processes import spawn, stopped

MESSAGES = re.compile(r"^/channels/\d+/messages(/\d+)?$")
START_S = 20.0
"""How long a bot process may take to start (imports, migrations, login, gateway)."""
CLICKABLE_S = 5.0
"""After a restart, a click on the match's message works within this (issue 16)."""
KERO_SEED = "chaos/kero-b"
"""Seeds with which Ana plays Kero's first turn."""


@dataclass(frozen=True)
class Call:
    """A message post or edit Discord took: when (Discord time), and which message."""

    method: str
    at_ms: int
    nonce: str | None
    message_id: int


class JumpClock(FakeClock):
    """Real time, which a test moves ahead between two bot processes (a restart that took
    that long): Discord's clock for the double and, through the environment, for each bot."""

    def __init__(self) -> None:
        super().__init__()
        self.shift = 0.0

    def __call__(self) -> float:
        """Real seconds plus the jumps made so far."""
        return time.time() + self.shift

    def advance(self, seconds: float) -> None:
        """Jump ahead (only while no bot process runs: a running one keeps its own shift)."""
        self.shift += seconds


@dataclass
class Chaos:
    """One test's Discord double, its database, and the bot process running now (if any)."""

    server: Server
    loop: LoopbackServer
    clock: JumpClock
    folder: Path
    bot: RemoteBot = field(default_factory=RemoteBot)
    process: asyncio.subprocess.Process | None = None
    starts: int = 0
    acked: set[str] = field(default_factory=set)
    """Ids of the action clicks Discord saw answered: each must be in the stored log."""
    calls: list[Call] = field(default_factory=list)
    """Every message post and edit Discord took, in order."""
    reader: SqliteStore | None = None

    @property
    def log(self) -> Path:
        return self.folder / f"bot-{self.starts}.log"

    async def start(self) -> float:
        """A new bot process on the shared database; the seconds it took to become ready."""
        assert self.process is None or self.process.returncode is not None
        (self.folder / child.READY).unlink(missing_ok=True)
        (self.folder / child.ARM).unlink(missing_ok=True)
        self.starts += 1
        env = {
            **os.environ,
            child.ENV_PORT: str(self.loop.port),
            child.ENV_DB: str(self.server.db_path),
            child.ENV_DIR: str(self.folder),
            child.ENV_SHIFT: repr(self.clock.shift),
            child.ENV_SEED: self.server.seed,
        }
        began = time.monotonic()
        self.process = await spawn(env, self.log)
        await until(self._ready, "the bot process to be ready", START_S)
        return time.monotonic() - began

    def _ready(self) -> bool:
        process = self.process
        assert process is not None
        if process.returncode is not None:
            raise AssertionError(f"the bot process exited ({process.returncode}):\n{self.tail()}")
        return (self.folder / child.READY).exists()

    def tail(self, lines: int = 40) -> str:
        """The end of the current process's log (for failure messages)."""
        text = self.log.read_text(errors="replace") if self.log.exists() else ""
        return "\n".join(text.splitlines()[-lines:])

    def arm(self, seam: str) -> None:
        """The bot process kills itself at `seam` (see chaos_child) when it next gets there."""
        assert seam in child.SEAMS
        (self.folder / child.ARM).write_text(seam)

    async def killed(self) -> None:
        """Wait until the armed seam killed the bot process (SIGKILL, no clean-up)."""
        process = self.process
        assert process is not None
        try:
            await asyncio.wait_for(process.wait(), 10)
        except TimeoutError:
            raise AssertionError(f"the bot was never killed:\n{self.tail()}") from None
        assert process.returncode == -signal.SIGKILL, self.tail()
        (self.folder / child.ARM).unlink(missing_ok=True)
        await until(lambda: not self.loop.sessions, "the dead bot's gateway session to close")

    async def stop(self) -> None:
        """Stop the running bot process, if any (SIGTERM: its clean shutdown)."""
        await stopped([self.process] if self.process is not None else [])
        if self.reader is not None:
            await self.reader.close()
            self.reader = None

    async def stored(self, match_id: int) -> StoredMatch:
        """The match as the database holds it now (read beside the bot process)."""
        if self.reader is None:
            self.reader = await SqliteStore.open(self.server.db_path)
        return await self.reader.load(match_id)

    async def state(self, match_id: int) -> GameState:
        """The match's state, replayed from its stored log."""
        return replay((await self.stored(match_id)).record)

    async def owes(self, match_id: int) -> bool:
        """Whether the match still owes a message (stored, not yet delivered)."""
        if self.reader is None:
            self.reader = await SqliteStore.open(self.server.db_path)
        return any(o.match_id == match_id for o in await self.reader.owed_messages())

    def clickable(self, match_id: int) -> list[FakeMessage]:
        """The public messages that carry the match's buttons or selects."""
        prefixes = (f"tb:{match_id}:", f"tbs:{match_id}:")
        found = self.server.fake.channel_messages(self.server.channel)
        return [
            m for m in found if any((c.custom_id or "").startswith(prefixes) for c in controls(m))
        ]

    async def current(self, match_id: int, timeout: float = 10.0) -> FakeMessage:
        """The match's one clickable message, once nothing is owed any more and it shows the
        stored step (a restart brings the shown message up to date by an edit, which is not
        stored)."""

        async def settled() -> bool:
            if await self.owes(match_id) or len(self.clickable(match_id)) != 1:
                return False
            stored = await self.stored(match_id)
            shown = _versions(self.clickable(match_id)[0], match_id)
            rules = adapter_for(stored.record.game).rules
            return bool(shown) and max(shown) >= rules.step_version(replay(stored.record))

        await until(settled, f"match {match_id}'s one clickable message", timeout)
        return self.clickable(match_id)[0]

    @property
    def posts(self) -> list[tuple[str | None, int]]:
        """Every message the bot posted: its nonce and the message Discord gave."""
        return [(c.nonce, c.message_id) for c in self.calls if c.method == "POST"]

    def watch_messages(self) -> None:
        """Note every message post and edit Discord takes (in the test: the double is
        unchanged)."""
        fake = self.server.fake
        handle = fake.handle

        def watched(
            method: str, path: str, payload: Any = None, files: Any = None, query: Any = None
        ) -> tuple[int, Any]:
            status, body = handle(method, path, payload, files, query)
            if MESSAGES.match(path) and method in ("POST", "PATCH") and status == 200:
                nonce = (payload or {}).get("nonce")
                self.calls.append(Call(method, fake.now_ms(), nonce, int(body["id"])))
            return status, body

        fake.handle = watched  # type: ignore[method-assign]

    async def edited_after(self, at_ms: int) -> int:
        """When a match message was first edited at or after Discord time `at_ms`."""
        edits: list[int] = []

        def edited() -> bool:
            edits[:] = [c.at_ms for c in self.calls if c.method == "PATCH" and c.at_ms >= at_ms]
            return bool(edits)

        await until(edited, "an edit of the match's message")
        return edits[0]

    def no_duplicates(self, match_id: int) -> None:
        """Each step's message was made once: a repeated post (same nonce) got the same one."""
        made: dict[str, set[int]] = {}
        for nonce, message_id in self.posts:
            if nonce is not None and nonce.startswith(f"tb{match_id}."):
                made.setdefault(nonce, set()).add(message_id)
        twice = {nonce: ids for nonce, ids in made.items() if len(ids) > 1}
        assert not twice, f"steps with two messages: {twice}"

    async def nothing_lost(self, match_id: int) -> None:
        """Every action click Discord saw answered is in the stored log."""
        logged = {e.interaction for e in (await self.stored(match_id)).record.entries}
        assert self.acked <= logged, f"acknowledged but lost: {self.acked - logged}"

    def action(self, res: InteractionResult) -> InteractionResult:
        """Note an action click's answer (when it got one)."""
        if res.acknowledged and not res.ephemeral:
            self.acked.add(str(res.interaction.id))
        return res


@pytest.fixture
async def chaos(tmp_path: Path, request: pytest.FixtureRequest) -> AsyncIterator[Chaos]:
    """The double served over loopback on a jumpable real clock; bot processes to start."""
    clock = JumpClock()
    async for server in _server(tmp_path, clock, f"chaos/{request.node.name}"):
        async with server.fake.loopback() as loop:
            made = Chaos(server, loop, clock, tmp_path)
            made.watch_messages()
            try:
                yield made
            finally:
                await made.stop()


Click = Callable[[], Any]


def last_interaction(server: Server) -> Any:
    """The interaction the double created last (the one a killed bot may not have answered)."""
    return list(server.fake.world.interactions.values())[-1]


async def keer_match(chaos: Chaos) -> int:
    """Ana opens a Keer lobby, adds the computer and starts: the match's id."""
    server, fake, bot = chaos.server, chaos.server.fake, chaos.bot
    lobby = await fake.slash(bot, server.ana, server.channel, "keer start")
    assert lobby.message is not None
    await fake.click(bot, server.ana, lobby.message, "Add AI")
    await fake.click(bot, server.ana, lobby.message, "Start")
    found: list[int] = []

    def posted() -> bool:
        ids = [
            c.custom_id or "" for m in fake.channel_messages(server.channel) for c in controls(m)
        ]
        found[:] = [int(i.split(":")[1]) for i in ids if i.startswith("tb:")]
        return bool(found)

    await until(posted, "the match's first message")
    return found[0]


async def keer_move(chaos: Chaos, match_id: int) -> tuple[str, Click]:
    """Ana's next move, ready to click (a pick's select already opened): what it is, and the
    click that makes it."""
    server, fake, bot = chaos.server, chaos.server.fake, chaos.bot
    state = await chaos.state(match_id)
    assert isinstance(state, KeerState)
    message = await chaos.current(match_id)
    if state.phase is Phase.ROLL:
        assert state.roller == 0, "the computer rolls by itself"
        return "Roll", lambda: fake.click(bot, server.ana, message, "Roll")
    if state.phase is Phase.KEEP:
        die = state.legal_actions(0)[0].die  # type: ignore[union-attr]
        keep = button_id(message, f":keep:{die}")
        return "keep", lambda: fake.click(bot, server.ana, message, keep)
    assert state.phase is Phase.CHOOSE and 0 in state.seats_to_act(), state.phase
    action = state.legal_actions(0)[0]
    die = button_id(message, f":die:{action.die}")  # type: ignore[union-attr]
    opened = await fake.click(bot, server.ana, message, die)
    assert opened.ephemeral and opened.messages, opened.response
    choice = opened.messages[0]
    offered(choice, action)  # the ephemeral offers it
    return "pick", lambda: choose_on(fake, bot, server.ana, choice, action)


async def keer_play(chaos: Chaos, match_id: int, until_move: str) -> Click:
    """Play Ana's moves until the next one is `until_move`; that click, ready."""
    for _ in range(40):
        move, click = await keer_move(chaos, match_id)
        if move == until_move:
            return click
        res = chaos.action(await click())
        assert res.acknowledged and not res.ephemeral, res.response
    raise AssertionError(f"Ana never got to {until_move}")


KEER_KILLS = [
    ("Roll", "commit"),
    ("Roll", "answer"),
    ("keep", "commit"),
    ("pick", "commit"),
    ("pick", "answer"),
    ("pick", "recorded"),
]
"""Where a Keer roll is cut short: each move of Ana's, at each seam that follows it."""


async def test_a_keer_roll_killed_at_every_step_boundary(chaos: Chaos) -> None:
    await chaos.start()
    match_id = await keer_match(chaos)
    for move, seam in KEER_KILLS:
        click = await keer_play(chaos, match_id, move)
        chaos.arm(seam)
        doomed = asyncio.create_task(click(), name="fakediscord-bg-doomed")
        await chaos.killed()
        rec = last_interaction(chaos.server)
        if rec.response_type is not None:
            chaos.acked.add(str(rec.id))
        doomed.cancel()
        await asyncio.gather(doomed, return_exceptions=True)
        await chaos.start()
        began = time.monotonic()
        _, next_click = await keer_move(chaos, match_id)
        res = chaos.action(await next_click())
        assert res.acknowledged and not res.ephemeral, (move, seam, res.response)
        assert time.monotonic() - began <= CLICKABLE_S, (move, seam)
        await anyone_looks(chaos, match_id)
        await chaos.nothing_lost(match_id)
        chaos.no_duplicates(match_id)


async def anyone_looks(chaos: Chaos, match_id: int) -> None:
    """A member with no seat presses 👁 beside a player's line on the match's message (the
    restarted process never drew it): a sheet, only for them."""
    server = chaos.server
    message = await chaos.current(match_id)
    target = str(looks(message)[0].custom_id)
    res = await server.fake.click(chaos.bot, server.eve, message, target)
    assert res.ephemeral, res.response
    await until(lambda: res.followups and res.followups[0].attachments, "the sheet, privately")
    assert not res.followups[0].visible_for(None)


def match_in_channel(chaos: Chaos) -> Callable[[], int | None]:
    """A poll for the id of the match whose buttons are in the channel."""

    def found() -> int | None:
        messages = chaos.server.fake.channel_messages(chaos.server.channel)
        ids = [c.custom_id or "" for m in messages for c in controls(m)]
        return next((int(i.split(":")[1]) for i in ids if i.startswith("tb:")), None)

    return found


async def kero_match(chaos: Chaos) -> int:
    """Ana challenges Bo to Kero with live fuel-ups; Bo accepts: the match's id."""
    server, fake, bot = chaos.server, chaos.server.fake, chaos.bot
    res = await fake.slash(
        bot, server.ana, server.channel, "kero challenge", member=server.bo, refuel="live"
    )
    assert res.message is not None
    await fake.click(bot, server.bo, res.message, "Accept")
    await until(match_in_channel(chaos), "the match's first message")
    match_id = match_in_channel(chaos)()
    assert match_id is not None
    return match_id


async def kero(chaos: Chaos, match_id: int) -> KeroState:
    """The Kero match's state, from its stored log."""
    state = await chaos.state(match_id)
    assert isinstance(state, KeroState)
    return state


async def press(chaos: Chaos, match_id: int, seat: int, suffix: str) -> Click:
    """The click of the match message's button ending `suffix`, by the member in `seat`."""
    server = chaos.server
    message = await chaos.current(match_id)
    user = (server.ana, server.bo)[seat]
    target = button_id(message, suffix)
    return lambda: server.fake.click(chaos.bot, user, message, target)


async def doomed(chaos: Chaos, click: Click, seam: str) -> Any:
    """Make a click that kills the bot at `seam`; the interaction (answered or not)."""
    chaos.arm(seam)
    task = asyncio.create_task(click(), name="fakediscord-bg-doomed")
    await chaos.killed()
    task.cancel()
    await asyncio.gather(task, return_exceptions=True)
    rec = last_interaction(chaos.server)
    if rec.response_type is not None:
        chaos.acked.add(str(rec.id))
    return rec


async def throw_until_fuelled(chaos: Chaos, match_id: int) -> None:
    """Bo throws for Ana's live fuel-up until it is over."""
    for _ in range(60):
        if (await kero(chaos, match_id)).phase is not KeroPhase.FUELING:
            return
        res = chaos.action(await (await press(chaos, match_id, 1, ":act:throw@"))())
        assert res.acknowledged and not res.ephemeral, res.response
    raise AssertionError("the fuel-up never ended")


async def reroll(chaos: Chaos, match_id: int) -> InteractionResult:
    """Ana marks her first die and re-rolls it (two clicks on the match message)."""
    server, fake = chaos.server, chaos.server.fake
    message = await chaos.current(match_id)
    toggle = next(str(c.custom_id) for c in message.interactive() if ":tog:" in str(c.custom_id))
    marked = await fake.click(chaos.bot, server.ana, message, toggle)
    assert marked.acknowledged and not marked.ephemeral, marked.response
    again = fake.message(message.id)
    target = next(
        str(c.custom_id) for c in again.interactive() if ":act:reroll:" in str(c.custom_id)
    )
    return chaos.action(await fake.click(chaos.bot, server.ana, again, target))


async def test_a_kero_turn_killed_in_a_live_fuel_up_and_in_the_tanker_window(
    chaos: Chaos,
) -> None:
    chaos.server.seed = KERO_SEED
    first_start = await chaos.start()
    match_id = await kero_match(chaos)
    state = await kero(chaos, match_id)
    assert state.phase is KeroPhase.START and state.active == 0, "the seed lets Ana start"

    # Room in Ana's tank (no fuel-up is offered into a full one): she rolls it nearly dry.
    chaos.action(await (await press(chaos, match_id, 0, ":act:roll@"))())
    window = (await kero(chaos, match_id)).turn.window
    assert window is not None
    chaos.clock.advance((window.empty_at - 2_000 - chaos.server.fake.now_ms()) / 1000)
    for seat, suffix in ((0, "stop@"), (0, "end"), (1, "roll@"), (1, "stop@"), (1, "end")):
        chaos.action(await (await press(chaos, match_id, seat, f":act:{suffix}"))())

    # During a live fuel-up: killed after Bo's throw is stored, before its answer.
    chaos.action(await (await press(chaos, match_id, 0, ":act:fuel@"))())
    chaos.action(await (await press(chaos, match_id, 1, ":act:throw@"))())
    throw = await doomed(chaos, await press(chaos, match_id, 1, ":act:throw@"), "commit")
    await chaos.start()
    began = time.monotonic()
    await throw_until_fuelled(chaos, match_id)
    assert time.monotonic() - began <= CLICKABLE_S + 5
    assert str(throw.id) in {e.interaction for e in (await chaos.stored(match_id)).record.entries}

    # In the tanker window: killed after Ana's Roll is stored, before its answer.
    await doomed(chaos, await press(chaos, match_id, 0, ":act:roll@"), "commit")
    window = (await kero(chaos, match_id)).turn.window
    assert window is not None
    empty = window.empty_at
    # The killed process had noted it was alive within the last second (Discord's time): the
    # next one would give the downtime back to the tank (tests/bot/test_downtime.py). Here the
    # note is dropped, so the restart finds the tank where the clock jump left it, near E.
    alive = chaos.server.db_path.parent / ALIVE_NAME
    assert (
        chaos.server.fake.now_ms() - 2_000 <= int(alive.read_text()) <= chaos.server.fake.now_ms()
    )
    alive.unlink()
    lead_ms = 2_000 + 1_000 * first_start  # back a little before E, whatever a start takes
    chaos.clock.advance((empty - lead_ms - chaos.server.fake.now_ms()) / 1000)
    await chaos.start()
    began = time.monotonic()
    res = await reroll(chaos, match_id)  # on the refreshed message: Ana still rolls
    assert res.acknowledged and not res.ephemeral and time.monotonic() - began <= CLICKABLE_S
    window = (await kero(chaos, match_id)).turn.window
    assert window is not None and window.empty_at >= empty, "the re-roll came too late"
    empty = window.empty_at  # the re-roll's credit moved E

    # The tank runs dry at E + grace: the free refuel that Bo throws is shown in place; his
    # last throw posts his turn's message, and the bot dies before recording it.
    edited = await chaos.edited_after(empty)
    assert empty + GRACE_MS <= edited <= empty + GRACE_MS + 1_000, edited - empty
    chaos.arm("recorded")
    await throw_until_fuelled(chaos, match_id)
    await chaos.killed()
    nonce, message_id = chaos.posts[-1]
    await chaos.start()
    state = await kero(chaos, match_id)
    assert state.active == 1 and state.phase is KeroPhase.START
    message = await chaos.current(match_id, CLICKABLE_S)
    assert message.id == message_id, "the repeated post made a second message"
    res = chaos.action(await (await press(chaos, match_id, 1, ":act:roll@"))())
    assert res.acknowledged and not res.ephemeral
    history = [act for _, act in (await kero(chaos, match_id)).history]
    assert history.count(ka.TankEmpty(empty)) == 1
    assert [n for n, _ in chaos.posts].count(nonce) == 2
    await chaos.nothing_lost(match_id)
    chaos.no_duplicates(match_id)


# -- Discord's 429 storms and 5xx bursts: every match finishes, nobody is timed out ---------------

POSTS = r"/channels/\d+/messages$"
EDITS = r"/channels/\d+/messages/\d+$"
CALLBACKS = r"/interactions/\d+/[^/]+/callback$"
LIVE_TURN_S = 5 * 60


@dataclass(frozen=True)
class Storm:
    """Discord answering the next `times` matching requests with `status` (429: `retry_after`)."""

    method: str
    path: str
    status: int
    times: int
    retry_after: float = 0.01

    def start(self, fake: Any) -> None:
        """From now on, until its answers are used up."""
        fake.fail_next(
            self.method, self.path, self.status, retry_after=self.retry_after, times=self.times
        )


STORMS = [
    Storm("POST", POSTS, 429, 12),  # longer than discord.py's five tries
    Storm("PATCH", EDITS, 503, 5),
    Storm("POST", CALLBACKS, 429, 3),
    Storm("POST", POSTS, 500, 3),
    Storm("PATCH", EDITS, 429, 12),
    Storm("POST", CALLBACKS, 503, 1),  # the answer is lost; the step is stored and shown
    Storm("POST", POSTS, 503, 6),
]
"""What Discord does during a match, one after the other, over and over."""


def skipped_by_clock(bot: TableroBot) -> list[list[int]]:
    """Record every turn clock that runs out (the seats it skips)."""
    ran_out: list[list[int]] = []
    steps = bot.runtime.steps
    clock_fired = steps.clock_fired

    async def noted(live: LiveMatch, event: ClockEvent | None) -> None:
        if isinstance(event, RanOut):
            ran_out.append(list(event.seats))
        await clock_fired(live, event)

    steps.clock_fired = noted  # type: ignore[method-assign]
    return ran_out


def one_clickable(server: Server, live: LiveMatch) -> None:
    """The match shows exactly one message with buttons: the one it records."""
    prefixes = (f"tb:{live.id}:", f"tbs:{live.id}:")
    shown = [
        m.id
        for m in server.fake.channel_messages(server.channel)
        if any((c.custom_id or "").startswith(prefixes) for c in controls(m))
    ]
    assert shown == [int(live.message_id or 0)], shown


async def keer_click(server: Server, bot: TableroBot, live: LiveMatch) -> Click:
    """Ana's next move against the computer, ready to click (a pick's select opened)."""
    fake, ana = server.fake, server.ana
    state = keer(live)
    message = fake.message(int(live.message_id or 0))
    if state.phase is Phase.ROLL:
        return partial(fake.click, bot, ana, message, "Roll")
    if state.phase is Phase.KEEP:
        die = state.legal_actions(0)[0].die  # type: ignore[union-attr]
        return partial(fake.click, bot, ana, message, button_id(message, f":keep:{die}"))
    action = state.legal_actions(0)[0]
    die = button_id(message, f":die:{action.die}")  # type: ignore[union-attr]
    choice = (await fake.click(bot, ana, message, die)).messages[0]
    offered(choice, action)  # the ephemeral offers it
    return partial(choose_on, fake, bot, ana, choice, action)


async def answer_of(server: Server, click: Click) -> InteractionResult | None:
    """Make a click and let the bot handle it; its answer, or None when Discord lost it."""
    task = asyncio.create_task(click(), name="fakediscord-bg-click")
    await asyncio.sleep(0)
    await server.fake.settle()
    if last_interaction(server).response_type is None:
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        return None
    res: InteractionResult = await task
    return res


async def keer_step(server: Server, bot: TableroBot, live: LiveMatch, storm: Storm | None) -> None:
    """Ana's next move, the storm raging from just before its click until its outcome shows."""
    click = await keer_click(server, bot, live)
    version = live.state.version
    if storm is not None:
        storm.start(server.fake)
    res = await answer_of(server, click)
    if res is None:  # only a server error on the answer loses it
        assert storm is not None and storm.path == CALLBACKS and storm.status >= 500
    else:
        assert res.acknowledged and "nothing was changed" not in said(res), res.response
    assert live.state.version > version, "Ana's move was not made"
    await delivered(server, bot)
    server.fake.clear_failures()


async def an_hour_without_posts(server: Server, bot: TableroBot, live: LiveMatch) -> None:
    """Ana's last pick of a roll while Discord refuses every post for an hour: the turn clock
    of the next roll waits for its message."""
    fake, clock = server.fake, server.clock
    assert clock is not None
    while keer(live).phase is not Phase.CHOOSE:
        await keer_step(server, bot, live, None)
    fake.background_prefixes += ("tablero-out",)
    click = await keer_click(server, bot, live)
    fake.fail_next("POST", POSTS, 503, times=10**6)
    assert (await click()).acknowledged
    await (
        fake.settle()
    )  # the click's own follow-ups (its stale choices closed) take ms, not an hour
    version = live.state.version
    assert bot.runtime.outbox.owes_post(live.id)
    clock.advance(3600)
    await fire_due(server, bot, live)
    assert live.state.version == version, "Ana was timed out for Discord's failure"
    fake.clear_failures()
    await delivered(server, bot)


async def test_a_keer_match_plays_through_discords_storms(timed_server: Server) -> None:
    server, fake = timed_server, timed_server.fake
    assert server.clock is not None
    bot = quick(await server.start_bot())
    ran_out = skipped_by_clock(bot)
    live = await start_match(server, bot, [], ais=1)
    storms = itertools.cycle(STORMS)
    for step in range(400):
        if live.id not in bot.runtime.service.matches:
            break
        await keer_step(server, bot, live, next(storms) if step % 2 else None)
        one_clickable(server, live)
        if step == 9:
            await an_hour_without_posts(server, bot, live)
    assert live.state.is_terminal() and "🏆" in fake.channel_messages(server.channel)[-1].text
    assert fake.failures_served >= 50, "the storms hardly hit anything"
    assert ran_out == [] and not any(isinstance(act, Miss) for _, act in keer(live).history)
    assert bot.runtime.publisher.errors == []
    await fake.disconnect(bot)


KERO_STORMS = [
    Storm("POST", POSTS, 429, 12),
    Storm("PATCH", EDITS, 503, 5),
    Storm("POST", CALLBACKS, 429, 3),
    Storm("POST", POSTS, 500, 3),
    Storm("PATCH", EDITS, 429, 12),
    Storm("POST", POSTS, 503, 6),
]
"""The same for Kero, but for lost answers (a Kero member's decision is several clicks; a lost
answer's message and the tank's credit: tests/bot/test_lost_answers.py)."""


async def test_a_kero_match_plays_through_discords_storms(timed_server: Server) -> None:
    server, fake = timed_server, timed_server.fake
    bot = quick(await server.start_bot(ai_think_ms=1_500))
    ran_out = skipped_by_clock(bot)
    await fake.slash(bot, server.ana, server.channel, "kero challenge", member=fake.bot)
    await fake.settle()
    live = live_here(bot, server)
    assert live is not None
    driver = KeroDriver(server, bot, live)
    storms = itertools.cycle(KERO_STORMS)
    for step in range(3000):
        if live.id not in bot.runtime.service.matches:
            break
        await driver.wait_for_bot()
        if step % 2 and live.id in bot.runtime.service.matches:
            next(storms).start(fake)
        await driver.step()
        await delivered(server, bot)
        fake.clear_failures()
        if live.id in bot.runtime.service.matches:
            one_clickable(server, live)
    assert live.state.is_terminal() and "🏆" in fake.channel_messages(server.channel)[-1].text
    assert fake.failures_served >= 50, "the storms hardly hit anything"
    assert ran_out == [] and bot.runtime.publisher.errors == []
    await fake.disconnect(bot)


def _versions(message: FakeMessage, match_id: int) -> set[int]:
    """The state versions the message's buttons and selects carry for the match."""
    prefixes = (f"tb:{match_id}:", f"tbs:{match_id}:")
    ids = [c.custom_id or "" for c in message.interactive()]
    return {int(i.split(":")[2]) for i in ids if i.startswith(prefixes)}

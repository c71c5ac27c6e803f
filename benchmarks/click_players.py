"""The players of `benchmarks.clicks`: the members' clicks through the loopback double, one
click at a time per match — in Keer op Keer Kids, Roll, the roller's keep (which opens the
roller's choice), a die (which opens the member's choice) and a pick in an opened choice (Kero's
clicks: `kero_players`).

Each legal click is chosen from the match as stored: the driver reads the events the bot
appended since its last look from the SQLite file (read-only, beside the bot), and finds the
match's newest message offering the click through the double's index by channel, so a move
costs the driver the same with 100 or 10,000 open matches.
"""

from __future__ import annotations

import copy
import sqlite3
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import discord

from benchmarks.double_tally import Tally
from benchmarks.keer_choice import choose
from fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser, InteractionResult
from games.common.protocol import GameState
from games.keer_kids import Cross, KeerState, Mark, Phase
from games.registry import get_game

NAMES: Final = ("Ana", "Bo", "Cas", "Dee")
"""The members of every server (a Kero match is Ana's and Bo's)."""


@dataclass
class Table:
    """One channel's match and the members who play it."""

    index: int
    channel: FakeChannel
    match_id: int
    seats: tuple[FakeUser, ...]
    game: str
    state: GameState
    """The match as the driver last read it."""
    seen: int = 0
    """The last event (sequence number) applied to `state`."""
    choices: dict[int, tuple[InteractionResult, int]] = field(default_factory=dict)
    """By seat, the click that opened a member's choice, and the roll it is for."""
    over: bool = False


@dataclass(frozen=True)
class Sent:
    """One click as the bot got it and first answered it: what the floor is sent again."""

    at: float
    """Seconds after the phase began."""
    table: int
    seat: int
    message: FakeMessage
    """The clicked message as it was when clicked."""
    data: dict[str, Any]
    """The interaction's data (custom_id, component_type, values)."""
    answer: dict[str, Any]
    """The bot's first answer: its callback type and data."""
    files: tuple[tuple[str, int], ...]
    """The files uploaded with it: their names and sizes."""


class NotReady(Exception):
    """The match has no click to take now — its next message is still on its way, a choice
    went stale, it is over — said in a word (the report counts them by it)."""


class Events:
    """The driver's view of the store: the SQLite file opened read-only beside the bot (WAL)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5.0)
        self.after = 0

    def since(self, match_id: int, seq: int) -> list[tuple[int, int, str]]:
        """(seq, seat, action) of the match's events after `seq`."""
        rows = self.db.execute(
            "SELECT seq, seat, action FROM match_events WHERE match_id = ? AND seq > ?"
            " ORDER BY seq",
            (match_id, seq),
        )
        return [(int(s), int(seat), str(a)) for s, seat, a in rows]

    def mark(self) -> None:
        """Count appends from now on."""
        self.after = int(
            self.db.execute("SELECT coalesce(max(rowid), 0) FROM match_events").fetchone()[0]
        )

    def appended(self) -> tuple[int, int]:
        """Events stored since `mark`, and the appends (transactions) they came in: the rows of
        one append share their match and their time stamp."""
        rows, appends = self.db.execute(
            "SELECT count(*), count(DISTINCT match_id || ':' || created_at) FROM match_events"
            " WHERE rowid > ?",
            (self.after,),
        ).fetchone()
        return int(rows), int(appends)

    def close(self) -> None:
        """Release the file."""
        self.db.close()


def _shown(opened: tuple[InteractionResult, int] | None, roll: int) -> FakeMessage | None:
    """The choice a click opened for this roll, if it has come (buttons or a select, only the
    member sees)."""
    if opened is None or opened[1] != roll:
        return None
    return next((m for m in opened[0].messages if m.interactive()), None)


def clickable(fake: FakeDiscord, table: Table) -> bool:
    """Whether the match's message is posted (any button of the match on it)."""
    return newest(fake, table, "") is not None


def newest(fake: FakeDiscord, table: Table, verb: str) -> FakeMessage | None:
    """The match's newest public message offering `verb`: the channel's messages, newest
    first, from the double's index (a few are looked at, never every message posted)."""
    prefix = f"tb:{table.match_id}:"
    for message in reversed(fake.world.messages.in_channel(table.channel.id)):
        if message.visible_for(None) and any(
            i.startswith(prefix) and verb in i
            for i in (str(c.custom_id) for c in message.interactive())
        ):
            return message
    return None


class Players:
    """Everyone's clicks through the double: their first-response times and what was sent."""

    def __init__(self, fake: FakeDiscord, events: Events, tally: Tally) -> None:
        self.fake, self.events, self.tally = fake, events, tally
        self.client = discord.Client(intents=discord.Intents.none())
        """The bot as the driver sees it: never attached, so clicks go over loopback."""
        self.began = time.monotonic()
        self.times: list[float] = []
        self.sent: list[Sent] = []
        self.kinds: dict[str, list[float]] = {}
        """First-response ms by kind of click."""
        self.refused = self.failed = 0
        self.not_ready: Counter[str] = Counter()

    def reset(self) -> None:
        """A new phase: forget the times and clicks so far."""
        self.began = time.monotonic()
        self.times, self.sent, self.kinds = [], [], {}
        self.refused = self.failed = 0
        self.not_ready = Counter()

    async def move(self, table: Table) -> None:
        """The match's next member click."""
        state = self._state(table)
        if state.is_terminal():
            table.over = True
            raise NotReady("over")
        if state.phase is Phase.ROLL:
            await self.button(table, "roll", state.roller, ":roll")
        elif state.phase is Phase.KEEP:
            die = state.legal_actions(state.roller)[0].die  # type: ignore[union-attr]
            kept = await self.button(table, "keep", state.roller, f":keep:{die}")
            self._opened(table, state.roller, kept)
        else:
            await self._choose(table, state)

    async def _choose(self, table: Table, state: KeerState) -> None:
        """A pick in a choice the member has open, or a die that opens one."""
        waiting = state.seats_to_act()
        for seat in waiting:
            choice = _shown(table.choices.pop(seat, None), state.rolls)
            if choice is not None:
                await self._pick(table, state, seat, choice)
                return
        seat = waiting[0]
        action = state.legal_actions(seat)[0]
        assert isinstance(action, Cross | Mark)
        opened = await self.button(table, "die", seat, f":die:{action.die}")
        self._opened(table, seat, opened)

    async def _pick(self, table: Table, state: KeerState, seat: int, choice: FakeMessage) -> None:
        """The first legal pick the choice offers."""
        shown = copy.copy(choice)
        user = table.seats[seat]
        for action in state.legal_actions(seat):
            if isinstance(action, Cross | Mark):
                res = await choose(self.fake, self.client, user, choice, action)
                if res is not None:
                    self._took(table, seat, shown, res, "pick")
                    return
        raise NotReady("stale choice")  # it offers nothing legal now

    def _opened(self, table: Table, seat: int, res: InteractionResult) -> None:
        """Keep the click's answer: the choice it opened (a die's answer, or a keep's
        follow-up, which may come only after the answer) is read from it when picking."""
        table.choices[seat] = (res, self._state(table).rolls)

    def state_of(self, table: Table) -> GameState:
        """The match now: the events stored since the driver last looked, applied."""
        parse = get_game(table.game).parse_action
        for seq, seat, action in self.events.since(table.match_id, table.seen):
            table.state.apply(seat, parse(action))
            table.seen = seq
        return table.state

    def _state(self, table: Table) -> KeerState:
        state = self.state_of(table)
        assert isinstance(state, KeerState)
        return state

    async def button(self, table: Table, kind: str, seat: int, verb: str) -> InteractionResult:
        """Click the button offering `verb` on the match's newest message offering it."""
        message = newest(self.fake, table, verb)
        if message is None:
            raise NotReady(f"no {kind} button yet")
        custom_id = next(
            str(c.custom_id) for c in message.interactive() if verb in str(c.custom_id)
        )
        shown = copy.copy(message)
        res = await self.fake.click(self.client, table.seats[seat], message, custom_id)
        self._took(table, seat, shown, res, kind)
        return res

    def _took(
        self, table: Table, seat: int, shown: FakeMessage, res: InteractionResult, kind: str
    ) -> None:
        rec = res.interaction
        assert rec.answered_at is not None  # the driver returns once the bot called back
        ms = (rec.answered_at - rec.sent_at) * 1000
        self.times.append(ms)
        self.kinds.setdefault(kind, []).append(ms)
        if res.ephemeral and not (res.message and res.message.interactive()):
            self.refused += 1  # a stale click: answered, changed nothing
        if rec.response_type is not None:
            answer = {"type": rec.response_type, "data": rec.response_data}
            at, files = rec.sent_at - self.began, self.tally.files.pop(rec.id, ())
            data = rec.payload["data"]
            self.sent.append(Sent(at, table.index, seat, shown, data, answer, files))

"""A simulated week of async play on virtual time, through the real bot and the project's Discord
double: a 4-seat Keer op Keer Kids match and a Kero duel in which one member is away for two
days (`/away on days:2` on day 2), once at a table that pauses for them and once at one with a
stand-in. Every other member answers each wait after a random 30 minutes to 8 hours.

Printed per run: rolls (Keer) or turns (Kero) played, hours waited per roll or turn (all week and
while the member was away), how often a wait was held for the away member, what the computer
played for them, and the away notices sent (one each way is right).

Usage: python -m benchmarks.async_week [--seed 1] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import random
import statistics
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from benchmarks.bot_latency import next_kero_click
from benchmarks.keer_choice import choose
from bot.app import TableroBot
from bot.config import Config, Secret
from bot.core.clock_book import waiting
from bot.core.live import LiveMatch
from fakediscord import FakeChannel, FakeClock, FakeDiscord, FakeMessage, FakeUser
from games.keer_kids import Cross, KeerState, Mark, Miss, Phase
from games.kero import KeroState
from games.kero.ai import KeroAI
from games.kero.ai import Pace as KeroPace

HOUR_S: Final = 3_600
DAY_S: Final = 24 * HOUR_S
STEP_S: Final = 600
"""The simulation's tick: members look at Discord every 10 minutes."""
AWAY_AT_S: Final = DAY_S
"""The absentee goes away one day into the week, for two days."""
AWAY_DAYS: Final = 2


@dataclass
class Week:
    """One simulated week: the double, the bot, the match and what was counted."""

    clock: FakeClock
    fake: FakeDiscord
    bot: TableroBot
    channel: FakeChannel
    users: dict[str, FakeUser]
    absentee: FakeUser
    start_s: float
    rng: random.Random
    ready_at: dict[tuple[int, int], float] = field(default_factory=dict)
    held: int = 0
    """Ticks in the away window at which the match waited for the away member."""
    waits: list[tuple[float, float]] = field(default_factory=list)
    """(when a roll or turn began, how long it took), seconds."""
    began: float = 0.0
    count: int = 0
    match: LiveMatch | None = None
    away_from: int = 0
    away_to: int = 0
    """The history's length when the absentee went away, and two days later."""

    def seat_of(self, user: FakeUser) -> int:
        return next(s for s, p in enumerate(self.live.players) if p.id == str(user.id))

    def count_progress(self) -> None:
        """A roll or turn ended: how long it took."""
        live = self.bot.runtime.service.in_channel(str(self.channel.id))
        if live is None:
            return
        done = progress(live)
        if done != self.count:
            if self.count:
                self.waits.append((self.began - self.start_s, self.clock.now - self.began))
            self.began, self.count = self.clock.now, done

    @property
    def live(self) -> LiveMatch:
        """The week's match (kept once it is over: its state stays readable)."""
        if self.match is None:
            self.match = self.bot.runtime.service.in_channel(str(self.channel.id))
        assert self.match is not None, "no match started"
        return self.match

    def away(self, now: float) -> bool:
        return self.start_s + AWAY_AT_S <= now < self.start_s + AWAY_AT_S + AWAY_DAYS * DAY_S

    def message(self) -> FakeMessage:
        return self.fake.message(int(self.live.message_id or 0))

    async def click(self, seat: int, suffix: str) -> Any:
        """The seat's member clicks the match message's component ending in `suffix`."""
        live, message = self.live, self.message()
        found = [
            str(c.custom_id) for c in message.interactive() if str(c.custom_id).endswith(suffix)
        ]
        if not found:
            return None
        user = self.users[live.players[seat].id]
        return await self.fake.click(self.bot, user, message, found[0])

    async def fire_timers(self) -> None:
        """Let every timer that is due by now fire (the computer's moves, clocks, returns)."""
        timers = self.bot.runtime.timers
        for _ in range(500):
            live = self.bot.runtime.service.in_channel(str(self.channel.id))
            if live is None:
                return
            timers.rearm(live)
            task = timers.pending(live.id)
            if task is None or not timers.is_due(live):
                return
            await asyncio.wait_for(asyncio.shield(task), 60)
            await self.fake.settle(timeout=60)


async def keer_move(week: Week, seat: int) -> None:
    """The seat's member's part in the current roll: Roll, keep, or a pick."""
    state = week.live.state
    assert isinstance(state, KeerState)
    if state.phase is Phase.ROLL and state.roller == seat:
        await week.click(seat, ":roll")
    elif state.phase is Phase.KEEP and state.roller == seat:
        die = state.legal_actions(seat)[0]
        await week.click(seat, f":keep:{die.die}")  # type: ignore[union-attr]
    elif state.phase is Phase.CHOOSE and seat in state.seats_to_act():
        action = state.legal_actions(seat)[0]
        if isinstance(action, Miss):
            return
        assert isinstance(action, Cross | Mark)
        opened = await week.click(seat, f":die:{action.die}")
        if opened is not None and opened.messages:
            user = week.users[week.live.players[seat].id]
            await choose(week.fake, week.bot, user, opened.messages[0], action)


async def kero_turn(week: Week, seat: int) -> None:
    """The seat's member plays their whole turn at once, as the normal computer would."""
    decide = KeroAI(KeroPace(think_ms=0))
    for _ in range(200):
        state = week.live.state
        assert isinstance(state, KeroState)
        if not week.live.open or seat not in state.seats_to_act():
            return
        _, suffix = next_kero_click(decide, state, week.message(), seat)
        if await week.click(seat, suffix) is None:
            return
        await week.fake.settle(timeout=60)


def progress(live: LiveMatch) -> int:
    """Rolls (Keer) or turns (Kero) begun so far."""
    state = live.state
    return state.rolls if isinstance(state, KeerState) else state.turns  # type: ignore[attr-defined]


async def simulate(week: Week, game: str, until_s: float) -> None:
    """Ticks until `until_s` into the week: the members answer their waits (the absentee none
    while away), the timers fire."""
    fake, bot, clock = week.fake, week.bot, week.clock
    while clock.now < week.start_s + until_s:
        live = bot.runtime.service.in_channel(str(week.channel.id))
        if live is None:
            return
        absent = week.seat_of(week.absentee)
        seats = waiting(live)
        if week.away(clock.now) and absent in seats:
            week.held += 1
        moved = False
        for seat in seats:
            if seat == absent and week.away(clock.now):
                continue
            key = (seat, bot.runtime.turn_clocks.clocks[live.id].since_ms)
            ready = week.ready_at.setdefault(key, clock.now + week.rng.uniform(0.5, 8) * HOUR_S)
            if clock.now >= ready:
                await (keer_move if game == "keer-kids" else kero_turn)(week, seat)
                await fake.settle(timeout=60)
                moved = True
                break
        if not moved:
            clock.advance(STEP_S)
        await week.fire_timers()
        week.count_progress()


async def one_week(game: str, policy: str, seed: int) -> dict[str, Any]:
    """Start the match, send the absentee away on day 2, play the week; the figures."""
    clock = FakeClock()
    with tempfile.TemporaryDirectory() as folder:
        fake = FakeDiscord(clock=clock, check_schema=False)
        fake.response_timeout = fake.settle_timeout = 60.0
        guild = fake.add_guild("Week")
        channel = fake.add_channel(guild, "async")
        names = ("Ana", "Bo", "Cas", "Dee") if game == "keer-kids" else ("Ana", "Bo")
        members = [fake.add_member(guild, name) for name in names]
        config = Config(Secret("fake-token"), None, None, Path(folder) / "week.db", "WARNING")
        seeds = (f"week/{seed}/{game}/{policy}/{n}" for n in itertools.count())
        bot = TableroBot(config, local_clock=clock, ai_think_ms=1, match_seeds=seeds.__next__)
        await fake.connect(bot)
        bot.runtime.outbox.refresh_window_s = 0.0  # real time: a week of settles would wait it
        try:
            await start(fake, bot, channel, members, game=game, policy=policy)
            users = {str(m.id): m for m in members}
            week = Week(
                clock, fake, bot, channel, users, members[-1], clock.now, random.Random(seed)
            )
            return await play_week(week, game, policy)
        finally:
            await bot.close()  # the store too: its thread would keep the process alive
            await fake.close()


async def play_week(week: Week, game: str, policy: str) -> dict[str, Any]:
    """The week, the absentee away from day 2 for two days; its figures."""
    await simulate(week, game, AWAY_AT_S)
    week.away_from = len(week.live.state.history)
    await week.fake.slash(week.bot, week.absentee, week.channel, "away on", days=AWAY_DAYS)
    await week.fake.settle(timeout=60)
    await simulate(week, game, AWAY_AT_S + AWAY_DAYS * DAY_S)
    week.away_to = len(week.live.state.history)
    await simulate(week, game, 7 * DAY_S)
    return report(week, game, policy)


async def start(
    fake: FakeDiscord,
    bot: TableroBot,
    channel: FakeChannel,
    members: list[FakeUser],
    *,
    game: str,
    policy: str,
) -> None:
    """An async match of every member, at a table with the away policy."""
    host = members[0]
    if game == "keer-kids":
        lobby = await fake.slash(bot, host, channel, "keer start", clock="async", away=policy)
        for member in members[1:]:
            await fake.click(bot, member, lobby.message, "Join")
        await fake.click(bot, host, lobby.message, "Start")
    else:
        offer = await fake.slash(
            bot, host, channel, "kero challenge", member=members[1], clock="async", away=policy
        )
        await fake.click(bot, members[1], offer.message, "Accept")
    await fake.settle(timeout=60)


def report(week: Week, game: str, policy: str) -> dict[str, Any]:
    """The week's figures."""
    texts = [m.text for m in week.fake.channel_messages(week.channel)]
    away_start, away_end = AWAY_AT_S, AWAY_AT_S + AWAY_DAYS * DAY_S
    during = [w for at, w in week.waits if away_start <= at < away_end]
    absent = week.seat_of(week.absentee)
    while_away = week.live.state.history[week.away_from : week.away_to]
    played = [a for seat, a in while_away if seat == absent]
    return {
        "game": game,
        "policy": policy,
        "played": progress(week.live),
        "hours_per_step": _hours(w for _, w in week.waits),
        "hours_per_step_while_away": _hours(during),
        "ticks_waiting_on_the_away_member": week.held,
        "absentee_moves_while_away": sum(not isinstance(a, Miss) for a in played),
        "absentee_misses_while_away": sum(isinstance(a, Miss) for a in played),
        "away_notices": sum(t.startswith("🏝️") for t in texts),
        "back_notices": sum(t.startswith("👋") for t in texts),
        "ran_out_notices": sum(t.startswith("⏰ ") and "ran out" in t for t in texts),
    }


def _hours(seconds: Iterable[float]) -> float | None:
    """The mean, in hours (None for none)."""
    found = list(seconds)
    return round(statistics.mean(found) / HOUR_S, 1) if found else None


def main() -> None:
    """Parse arguments, simulate, print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    runs = [
        asyncio.run(one_week(game, policy, args.seed))
        for game in ("keer-kids", "kero")
        for policy in ("pause", "standin")
    ]
    if args.json:
        print(json.dumps({"benchmark": "async-week", "runs": runs}))
        return
    for run in runs:
        print(" ".join(f"{k}={v}" for k, v in run.items()))


if __name__ == "__main__":
    main()

"""Plays Kero through the fake Discord as members do: buttons, selects, My Tuareks.

A member's decisions come from the computer player (so whole matches reach every phase); each
decision becomes the clicks a person would make — toggling dice before Re-roll, opening My
Tuareks to play one. Time is virtual: the test's clock is the fake Discord's and the bot's.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from bot.app import TableroBot
from bot.core.live import LiveMatch
from bot.games.kero.rules import kero_state
from bot.games.kero.ui import template
from fakediscord import FakeClock, FakeMessage, FakeUser, InteractionResult
from fakediscord.loopback import LoopbackServer
from games.kero import actions as a
from games.kero.ai import KeroAI, Pace
from games.kero.board import Phase
from tests.bot.conftest import Server
from tests.bot.keer_driver import live_here, members

THINK_S = 1.0
"""Virtual seconds a member takes per click."""


@dataclass
class KeroDriver:
    """One match in one channel, and the members who play it."""

    server: Server
    bot: TableroBot
    live: LiveMatch

    @property
    def clock(self) -> FakeClock:
        """The shared virtual clock."""
        assert self.server.clock is not None
        return self.server.clock

    @property
    def message(self) -> FakeMessage:
        """The match's current public message."""
        return self.server.fake.message(int(self.live.message_id or 0))

    def user(self, seat: int) -> FakeUser:
        """The member in a seat."""
        return members(self.server)[self.live.players[seat].id]

    async def wait_for_bot(self) -> None:
        """Let the computer's timed moves happen: jump the clock to them and re-arm."""
        fake = self.server.fake
        await fake.settle()
        for _ in range(500):
            if self.live.wake_at is None or self.live.id not in self.bot.runtime.service.matches:
                return
            self.clock.now = max(self.clock.now, self.live.wake_at / 1000 + 0.01)
            await self.fire_timer()
        state, runtime = kero_state(self.live.state), self.bot.runtime
        raise AssertionError(
            f"the computer kept waiting: wake {self.live.wake_at}, "
            f"now {runtime.clock_sync.now_ms()}, offset {runtime.clock_sync.offset_ms}, "
            f"{state.phase} {state.history[-3:]}, {runtime.publisher.errors}"
        )

    async def step(self) -> list[InteractionResult]:
        """The next member decision, as clicks; [] when the match is over."""
        await self.wait_for_bot()
        if self.live.id not in self.bot.runtime.service.matches:
            return []
        state = kero_state(self.live.state)
        seats = [s for s in state.seats_to_act() if not self.live.is_ai(s)]
        if not seats:
            raise AssertionError(f"nobody to act in {state.phase} and the bot is not waiting")
        seat = seats[0]
        self.clock.advance(THINK_S)
        action = KeroAI(Pace(think_ms=0)).choose(kero_state(self.live.state), seat)
        results = await self.do(seat, action)
        await self.server.fake.settle()
        return results

    async def do(self, seat: int, action: a.Action) -> list[InteractionResult]:
        """The clicks of one decision."""
        if isinstance(action, a.Reroll):
            return await self.reroll(seat, action.dice)
        if isinstance(action, a.Play | a.Use):
            return await self.secret(seat, action)
        if isinstance(action, a.Take | a.Place | a.TieBreak):
            return [await self.choose(seat, action)]
        if isinstance(action, a.TankEmpty):
            return await self.run_dry()
        return [await self.press(seat, template(action))]

    async def press(self, seat: int, text: str) -> InteractionResult:
        """Click the public message's button whose custom_id ends with the action."""
        return await self.server.fake.click(
            self.bot, self.user(seat), self.message, self.button_id(f":act:{text}")
        )

    def first_toggle(self) -> str:
        """The custom_id of the first die that may be marked for a re-roll (not burnt)."""
        return next(
            str(c.custom_id)
            for c in self.message.interactive()
            if c.custom_id and ":tog:" in c.custom_id and not c.disabled
        )

    def tuareks_id(self) -> str:
        """The custom_id of the 🐪 My Tuareks button (found by its verb: labels are in the
        server's language)."""
        return self.button_id(":camp")

    def button_id(self, suffix: str) -> str:
        """The custom_id of a current button ending with `suffix`."""
        for component in self.message.interactive():
            if component.custom_id and component.custom_id.endswith(suffix):
                return component.custom_id
        raise AssertionError(f"no button ending {suffix!r} in {self.message.text!r}")

    async def choose(self, seat: int, action: a.Action) -> InteractionResult:
        """Pick the action's option in the public message's select."""
        value = template(action)
        for component in self.message.interactive():
            if component.type == 3 and value in component.options:
                return await self.server.fake.select(
                    self.bot, self.user(seat), self.message, str(component.custom_id), [value]
                )
        raise AssertionError(f"no select offers {value!r}")

    async def reroll(self, seat: int, dice: tuple[int, ...]) -> list[InteractionResult]:
        """Mark each die, then Re-roll."""
        results = []
        for die in dice:
            toggle = next(
                str(c.custom_id)
                for c in self.message.interactive()
                if c.custom_id and ":tog:" in c.custom_id and c.custom_id.endswith(f":{die}")
            )
            results.append(
                await self.server.fake.click(self.bot, self.user(seat), self.message, toggle)
            )
        text = "reroll:" + ".".join(map(str, dice)) + "@"
        results.append(await self.press(seat, text))
        return results

    async def secret(self, seat: int, action: a.Action) -> list[InteractionResult]:
        """Open My Tuareks and play from its select."""
        fake = self.server.fake
        opened = await fake.click(self.bot, self.user(seat), self.message, self.tuareks_id())
        private = opened.messages[0]
        value = template(action)
        select = next(c for c in private.interactive() if c.type == 3 and value in c.options)
        chosen = await fake.select(
            self.bot, self.user(seat), private, str(select.custom_id), [value]
        )
        return [opened, chosen]

    async def run_dry(self) -> list[InteractionResult]:
        """Let the tank run dry: jump past E and its grace; the bot's deadline fires."""
        state = kero_state(self.live.state)
        assert state.phase is Phase.ROLLING and state.turn.window is not None
        self.clock.now = state.turn.window.empty_at / 1000 + 2.0
        await self.fire_timer()
        return []

    async def fire_timer(self) -> None:
        """Re-arm the match's timer after a clock jump and let it run (a timer's work is a
        background task, which `settle` does not wait for)."""
        await fire_due(self.server, self.bot, self.live)


async def fire_due(server: Server, bot: TableroBot, live: LiveMatch) -> None:
    """Re-arm the match's timer after a clock jump and, if it is due, wait until it has fired
    and done its work (a background task, which `settle` leaves alone)."""
    bot.runtime.timers.rearm(live)
    task = bot.runtime.timers.pending(live.id)
    if task is not None and bot.runtime.timers.is_due(live):
        await asyncio.wait_for(asyncio.shield(task), 30)
    await asyncio.sleep(0)
    await server.fake.settle()


async def against_the_computer_over_loopback(
    server: Server, loop: LoopbackServer
) -> tuple[asyncio.Task[None], KeroDriver]:
    """The unmodified bot over the loopback gateway (the computer clicking every 5 ms, real
    time), challenged by Ana: its task and the match, once Ana's first turn begins."""
    fake = server.fake
    bot = server.new_bot(guild_ready_timeout=0.05, ai_think_ms=5)
    task = await loop.run_client(bot)
    await fake.slash(bot, server.ana, server.channel, "kero challenge", member=fake.bot)
    await fake.settle()
    live = live_here(bot, server)
    assert live is not None
    for _ in range(500):
        state = kero_state(live.state)
        if state.active == 0 and state.phase is Phase.START:
            return task, KeroDriver(server, bot, live)
        await asyncio.sleep(0.02)
    raise AssertionError("Ana's turn never came")


# -- matches to start from (the tanker, the turn clock, resumes) -----------------------------------


async def challenge(server: Server, **options: str) -> tuple[TableroBot, KeroDriver]:
    """Ana challenges Bo, who accepts."""
    bot = await server.start_bot(ai_think_ms=1_500)
    fake = server.fake
    res = await fake.slash(
        bot, server.ana, server.channel, "kero challenge", member=server.bo, **options
    )
    await fake.click(bot, server.bo, res.message, "Accept")
    await fake.settle()
    live = live_here(bot, server)
    assert live is not None and not live.is_ai(0) and not live.is_ai(1)
    return bot, KeroDriver(server, bot, live)


async def first_turn_of(driver: KeroDriver, seat: int) -> None:
    """Play on until `seat` starts a turn."""
    for _ in range(500):
        state = kero_state(driver.live.state)
        if state.phase is Phase.START and state.active == seat:
            return
        await driver.step()
    raise AssertionError("the seat never got a turn")


async def drained_turn_of(driver: KeroDriver, seat: int, keep_ms: int = 2_000) -> None:
    """Play on to `seat`'s turn, roll until about `keep_ms` of KERO is left, stop and end the
    turn, and play on to its next turn: its tank has room for a fuel-up (the bot offers none
    into a full tank)."""
    await first_turn_of(driver, seat)
    fake = driver.server.fake
    await driver.press(seat, "roll@")
    await fake.settle()
    driver.clock.now = (empty_at(driver) - keep_ms) / 1000
    await driver.press(seat, "stop@")
    await fake.settle()
    await driver.press(seat, "end")
    await fake.settle()
    await first_turn_of(driver, seat)


async def rolling(server: Server, **bot_options: Any) -> KeroDriver:
    """A match against the computer with Ana (first to play) rolling 5 white dice."""
    bot = await server.start_bot(ai_think_ms=1_500, **bot_options)
    fake = server.fake
    await fake.slash(bot, server.ana, server.channel, "kero challenge", member=fake.bot)
    await fake.settle()
    live = live_here(bot, server)
    assert live is not None
    driver = KeroDriver(server, bot, live)
    await driver.wait_for_bot()
    assert kero_state(live.state).active == 0
    await driver.press(0, "roll@")
    await fake.settle()
    assert kero_state(live.state).phase is Phase.ROLLING
    return driver


def empty_at(driver: KeroDriver) -> int:
    """When the rolling clan's tank runs dry (Discord ms): its tanker window's E."""
    window = kero_state(driver.live.state).turn.window
    assert window is not None
    return window.empty_at


async def click_at(
    driver: KeroDriver, suffix: str, at_ms: int, arrive_ms: int | None = None
) -> InteractionResult:
    """Click a button stamped `at_ms` by Discord, reaching the bot at `arrive_ms`."""
    clock = driver.clock
    clock.now = (arrive_ms if arrive_ms is not None else at_ms) / 1000
    custom_id = driver.button_id(suffix)
    return await driver.server.fake.click(
        driver.bot, driver.user(0), driver.message, custom_id, at_ms=at_ms
    )


async def start_vs_computer(server: Server, **options: str) -> tuple[TableroBot, KeroDriver]:
    """Ana challenges the computer (it thinks 1.5 s a move); the bot and the match's driver."""
    bot = await server.start_bot(ai_think_ms=1_500)
    fake = server.fake
    res = await fake.slash(
        bot, server.ana, server.channel, "kero challenge", member=fake.bot, **options
    )
    assert res.acknowledged
    await fake.settle()
    live = live_here(bot, server)
    assert live is not None
    return bot, KeroDriver(server, bot, live)

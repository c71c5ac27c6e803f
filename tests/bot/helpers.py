"""Helpers the bot's tests share beyond the game drivers (keer_driver.py, kero_driver.py): a
permission taken from the bot in a channel, the store's calls counted, the outbox on short
waits, the bot's background waits on the test's time, real-time polls for bots in other
processes (the chaos and cluster tests), and a message's controls."""

from __future__ import annotations

import asyncio
import inspect
import re
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

import discord
import pytest

from bot.app import TableroBot
from fakediscord import ComponentInfo, FakeChannel, FakeClock, FakeMessage, FakeUser
from fakediscord.model import Overwrite
from fakediscord.world import perm_bits
from storage import Store
from tests.bot.conftest import Server

# -- the store's calls ----------------------------------------------------------------------------


def count_store_calls(
    store: Store, costs: Counter[str], patch: pytest.MonkeyPatch, prefix: str = ""
) -> None:
    """Count every call of the store's (each a query or a transaction) in `costs`, by method
    name after `prefix`, while `patch` holds."""
    for name in dir(store):
        method = getattr(store, name)
        if not name.startswith("_") and inspect.iscoroutinefunction(method):
            patch.setattr(store, name, _counted(costs, prefix + name, method))


def _counted(costs: Counter[str], label: str, method: Callable[..., Awaitable[Any]]) -> Any:
    async def counted(*args: Any, **kwargs: Any) -> Any:
        costs[label] += 1
        return await method(*args, **kwargs)

    return counted


# -- channel permissions ---------------------------------------------------------------------------


def take_from_bot(server: Server, channel: FakeChannel, **perms: bool) -> None:
    """A channel overwrite for the bot, added after the fact (an admin changed the channel)."""
    allow, deny = perm_bits(**perms)
    channel.overwrites.append(Overwrite(server.fake.bot.id, 1, allow, deny))


# -- the outbox ------------------------------------------------------------------------------------


def quick(bot: TableroBot) -> TableroBot:
    """Retries after milliseconds, not seconds (the waits' growth is the same)."""
    bot.runtime.outbox.first_wait_s = 0.005
    bot.runtime.outbox.max_wait_s = 0.05
    return bot


async def delivered(server: Server, bot: TableroBot) -> None:
    """Wait until no match owes a message any more."""
    for _ in range(1000):
        if bot.runtime.outbox.pending() == 0:
            await server.fake.settle()
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the owed messages were never delivered")


# -- background waits, on the test's time ----------------------------------------------------------


class Naps:
    """The bot's background waits (`TableroBot(sleep=...)`) on the test's time: each lasts until
    the test wakes it, which moves the virtual clock (if any) by the wait's length; nothing
    sleeps in real time. Naps are woken in the order they began (one napping task at a time
    keeps it simple)."""

    def __init__(self, clock: FakeClock | None = None) -> None:
        self.clock = clock
        self._pending: list[tuple[float, asyncio.Future[None]]] = []
        self._asked = asyncio.Event()

    async def __call__(self, seconds: float) -> None:
        """`asyncio.sleep`'s stand-in: wait until the test wakes this nap."""
        woken: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((seconds, woken))
        self._asked.set()
        await woken

    async def wake(self, task: asyncio.Task[Any]) -> float:
        """End the nap `task` is in (waiting for it to start one), the clock moved by its length;
        return its length once the task naps again or has ended."""
        await self._napping(task)
        if not self._pending:
            raise AssertionError(f"{task.get_name()} ended instead of waiting")
        seconds, woken = self._pending.pop(0)
        if self.clock is not None:
            self.clock.advance(seconds)
        woken.set_result(None)
        await self._napping(task)
        return seconds

    async def _napping(self, task: asyncio.Task[Any], timeout: float = 30.0) -> None:
        """Until `task` naps or has ended (real time bounds it: a guard, not a wait)."""
        while not self._pending and not task.done():
            self._asked.clear()
            asked = asyncio.ensure_future(self._asked.wait())
            done, _ = await asyncio.wait(
                {task, asked}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED
            )
            asked.cancel()
            if not done:
                raise AssertionError(f"{task.get_name()} neither napped nor ended")


# -- bot processes, on real time -------------------------------------------------------------------


class RemoteBot(discord.Client):
    """The bot as the test's driver sees it: a client in another process, never attached to
    the double, so every click reaches it over the loopback gateway."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.none())


async def until(done: Callable[[], Any], what: str, timeout: float = 10.0) -> None:
    """Poll (real time) until `done()` is true; AssertionError naming `what` if it never is."""
    limit = time.monotonic() + timeout
    while not await _true(done()):
        if time.monotonic() > limit:
            raise AssertionError(f"gave up waiting for {what} ({timeout:g} s)")
        await asyncio.sleep(0.01)


async def _true(value: Any) -> bool:
    return bool(await value) if asyncio.iscoroutine(value) else bool(value)


# -- a message's controls --------------------------------------------------------------------------

LOOK = re.compile(r"tb:\d+:\d+:look(:.*)?")
"""The custom_id of a 👁 button beside a player's line (every match card keeps them)."""


def controls(message: FakeMessage) -> list[ComponentInfo]:
    """The message's buttons and selects but the 👁 ones of its player sections: what a step's
    card offers and a summary, once play moved on, no longer does."""
    return [c for c in message.interactive() if not LOOK.fullmatch(c.custom_id or "")]


def looks(message: FakeMessage) -> list[ComponentInfo]:
    """The 👁 buttons beside the players' lines, in seat order."""
    return [c for c in message.interactive() if LOOK.fullmatch(c.custom_id or "")]


def received(server: Server, user: FakeUser) -> str:
    """Everything `user` can read in the channel, ephemeral answers included: contents, embeds,
    buttons and select options (labels, values, custom_ids), attachments' names, alt texts and
    bytes."""
    parts: list[str] = []
    for message in server.fake.channel_messages(server.channel, viewer=user):
        parts += [message.text, repr(message.embeds), repr(message.components)]
        for attachment in message.attachment_objects:
            parts += [attachment.filename, attachment.description or ""]
            parts.append(attachment.data.decode("latin-1"))
    return "\n".join(parts)

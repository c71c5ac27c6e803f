"""Helpers the bot's tests share beyond the game drivers (keer_driver.py, kero_driver.py): a
permission taken from the bot in a channel, the outbox on short waits, real-time polls for
bots in other processes (the chaos and cluster tests), and a message's controls."""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Callable
from typing import Any

import discord

from bot.app import TableroBot
from fakediscord import ComponentInfo, FakeChannel, FakeMessage
from fakediscord.model import Overwrite
from fakediscord.world import perm_bits
from tests.bot.conftest import Server

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

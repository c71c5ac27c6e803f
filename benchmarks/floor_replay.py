"""The floor's side of `benchmarks.clicks`: a second loopback double in the driver's process
(so the floor bot never sees Tablero's clicks, nor Tablero the floor's), with servers, members
and channels mirroring Tablero's, and the clicks Tablero was sent sent again to the floor bot
at the same moments: each on a copy of the message as Tablero's players clicked it, with the
answer Tablero gave handed over beside the interaction (`floor_bot.ANSWER`)."""

from __future__ import annotations

import asyncio
import dataclasses
import time
from typing import Any

import discord

from benchmarks.click_players import NAMES, Sent, Table
from benchmarks.click_report import Clicks
from benchmarks.click_seed import PER_GUILD
from benchmarks.floor_bot import ANSWER
from fakediscord import FakeChannel, FakeDiscord, FakeMessage, FakeUser


class FloorWorld:
    """The floor's double and what its players sent; first-response times like Tablero's."""

    def __init__(self, tables: list[Table]) -> None:
        self.fake = FakeDiscord(check_schema=False)
        self.fake.response_timeout = 60.0
        self.channels: list[FakeChannel] = []
        self.members: list[tuple[FakeUser, ...]] = []
        for table in tables:
            if table.index % PER_GUILD == 0:
                guild = self.fake.add_guild(f"Floor {table.index // PER_GUILD}")
                members = tuple(self.fake.add_member(guild, name) for name in NAMES)
            self.channels.append(self.fake.add_channel(guild, table.channel.name))
            self.members.append(members)
        self.client = discord.Client(intents=discord.Intents.none())
        self.answers: dict[int, dict[str, Any]] = {}
        """By the id of the message clicked: the answer the floor bot is to give."""
        self.times: list[float] = []
        self.failed = 0
        deliver = self.fake.deliver

        async def handing(client: discord.Client, event: str, data: dict[str, Any]) -> None:
            message = data.get("message") if event == "INTERACTION_CREATE" else None
            if message is not None and int(message["id"]) in self.answers:
                data[ANSWER] = self.answers.pop(int(message["id"]))
            await deliver(client, event, data)

        self.fake.deliver = handing  # type: ignore[method-assign]

    def knows_emoji_of(self, tablero: FakeDiscord) -> None:
        """Tablero's application emoji are usable on the floor's messages too (its buttons)."""
        self.fake.world.app_emojis.update(tablero.world.app_emojis)

    async def replay(self, sent: list[Sent]) -> Clicks:
        """Every click at its moment after the start, on schedule however late the answers."""
        self.times, self.failed = [], 0
        began, lag = time.monotonic(), 0.0
        running: set[asyncio.Task[None]] = set()
        for click in sent:
            await asyncio.sleep(max(0.0, began + click.at - time.monotonic()))
            lag = max(lag, time.monotonic() - began - click.at)
            task = asyncio.create_task(self._one(click))
            running.add(task)
            task.add_done_callback(running.discard)
        await asyncio.gather(*running)
        return Clicks(tuple(self.times), lag, failed=self.failed)

    async def _one(self, click: Sent) -> None:
        message = self._copy(click)
        self.answers[message.id] = {**click.answer, "files": click.files}
        data = click.data
        try:
            res = await self.fake.component(
                self.client,
                self.members[click.table][click.seat],
                custom_id=str(data["custom_id"]),
                message=message,
                component_type=int(data.get("component_type", 2)),
                values=data.get("values"),
            )
        except AssertionError:  # no answer at all
            self.failed += 1
            return
        rec = res.interaction
        assert rec.answered_at is not None
        self.times.append((rec.answered_at - rec.sent_at) * 1000)

    def _copy(self, click: Sent) -> FakeMessage:
        """The clicked message as it was, stored in the floor's channel."""
        world = self.fake.world
        channel = self.channels[click.table]
        shown = click.message
        user = self.members[click.table][click.seat]
        message = dataclasses.replace(
            shown,
            id=world.ids.mint(),
            channel_id=channel.id,
            guild_id=channel.guild_id,
            author=world.bot,
            visible_to=None if shown.visible_to is None else user.id,
        )
        world.messages[message.id] = message
        return message

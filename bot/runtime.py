"""Every component of one running bot, as the composition root (`bot/wiring.py`) built them,
and the order they stop in."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from discord.ext import commands

from bot.config import Config
from bot.core.autopicks import Autopicks
from bot.core.away import Aways
from bot.core.clock_sync import ClockSync
from bot.core.downtime import Downtime
from bot.core.gateway_watch import GatewayWatch
from bot.core.held import HeldClicks
from bot.core.questions import Questions
from bot.core.service import MatchService
from bot.core.settings import Settings
from bot.core.store_watch import StoreWatch
from bot.core.thinking import Thinker
from bot.core.timers import MatchTimers
from bot.core.turn_clocks import TurnClocks
from bot.delivery.away_watch import AwayWatch
from bot.delivery.outbox import Outbox
from bot.delivery.privacy_watch import PrivacyWatch
from bot.delivery.publisher import Publisher
from bot.delivery.steps import FLUSH_GRACE_S, Steps
from bot.health import Health
from bot.lease import ShardLease
from bot.metrics import Metrics
from bot.ui.desk import MatchDesk
from bot.ui.emoji import AppEmoji
from bot.ui.items import TableroItem
from bot.ui.languages import Languages
from bot.ui.lobbies import Lobbies
from bot.ui.router import ClickRouter
from bot.ui.starts import MatchStarts
from storage import Store

Prepared = Callable[["Runtime"], Awaitable[None]]
"""Sets the built components up in the client (its commands) before the bot serves its shards,
while it may still wait out their previous holder's lease."""


@dataclass(frozen=True, slots=True)
class Runtime:
    """Every component of one running bot, built by `build`."""

    config: Config
    store: Store
    owns_store: bool
    """Whether the bot opened the store itself (and closes it)."""
    clock_sync: ClockSync
    gateway: GatewayWatch
    metrics: Metrics
    health: Health
    lease: ShardLease
    thinker: Thinker
    questions: Questions
    languages: Languages
    emoji: AppEmoji
    """The application emoji (uploaded by the leading process, looked for again in the
    background until all are found), or their Unicode."""
    service: MatchService
    settings: Settings
    autopicks: Autopicks
    publisher: Publisher
    outbox: Outbox
    turn_clocks: TurnClocks
    timers: MatchTimers
    steps: Steps
    aways: Aways
    away_watch: AwayWatch
    """Reads back the away spans other processes stored (started where this process does not
    run every shard)."""
    privacy_watch: PrivacyWatch
    """Resigns the seats deleted members left here; purges the servers the bot left."""
    router: ClickRouter
    lobbies: Lobbies
    starts: MatchStarts
    desk: MatchDesk
    cogs: tuple[commands.Cog, ...]
    """The slash commands, each game's first, in the order they are loaded."""
    items: tuple[type[TableroItem], ...]
    """The DynamicItem classes of this bot, each bound to the component that answers it."""
    store_watch: StoreWatch
    """Whether the database takes writes: logs an outage and ends it the moment it answers."""
    held: HeldClicks
    """Timed clicks kept through a database outage (and a restart)."""
    downtime: Downtime
    """Notes this process's life; gives the last one's downtime back to the clocks it cost."""
    startup_problems: dict[int, str]
    """The open matches that could not be rebuilt at start-up (paused), and why."""

    async def quiesce(self) -> None:
        """Shutdown, once no interaction is being handled: stop every timer and question, then
        finish (for a few seconds) the posts already queued — none when another process took a
        shard, which now posts them; what is still owed stays stored."""
        await self.emoji.stop()
        await self.away_watch.stop()
        await self.privacy_watch.stop()
        self.lobbies.cancel_timers()
        await self.questions.stop()
        self.timers.cancel_all()
        self.store_watch.stop()
        await self.downtime.stop()
        await self.thinker.close()
        await self.steps.close(0.0 if self.lease.lost else FLUSH_GRACE_S)
        self.timers.cancel_all()  # what the flushed posts re-armed

    def gateway_up(self) -> None:
        """The gateway is back: the downtime given back first (at start-up), then the
        deadlines that waited for it armed (they wait the grace more)."""
        self.downtime.gateway_up()
        self.timers.gateway_up()

    async def release(self) -> None:
        """After discord.py disconnected: give up the shards, close the store opened here."""
        await self.lease.stop()
        if self.owns_store:
            await self.store.close()

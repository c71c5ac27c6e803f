"""The bot: discord.py's `commands.Bot` with Tablero's store, match service and handlers.

`setup_hook` does the whole start-up before the gateway connects: open the store (running
migrations), replay every open match, register the DynamicItems that make old messages
clickable again, load the cogs, re-arm lobby expiries, and sync the slash commands.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, Final

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs import COGS
from bot.cogs.ratings import BoardButton
from bot.config import Config
from bot.core.clock_sync import ClockSync, interaction_ms
from bot.core.gateway_watch import GatewayWatch
from bot.core.refusals import Refused
from bot.core.service import LiveMatch, MatchService
from bot.core.thinking import Thinker
from bot.core.timers import MatchTimers
from bot.core.turn_clocks import TurnClocks
from bot.delivery.outbox import last_moments
from bot.delivery.publisher import Publisher
from bot.games import ADAPTERS
from bot.health import Health
from bot.lease import ShardLease
from bot.metrics import Metrics
from bot.ui.components import (
    COMPONENT_CLASSES,
    DAMAGED_RECORD,
    FAILED,
    OUTAGE,
    refuse,
    refuse_damaged,
    store_outage,
)
from bot.ui.ids import is_ours, readable
from bot.ui.languages import Languages
from bot.ui.lobbies import Lobbies
from bot.ui.matches import Matches, MatchListButton
from bot.ui.permissions import BASICS, FOR_THREADS
from bot.ui.router import Play
from bot.ui.rules_pages import HowToPlayButton, RulesButton
from bot.ui.translator import CatalogTranslator
from games.common.levels import Level
from games.common.protocol import Policy
from games.registry import GameSpec
from storage import Shards, StorageError, Store, open_store, rebuild_open
from words import Words

log = logging.getLogger(__name__)

COMPONENT = 3
AI_THINK_MS = 1_500
"""How long each click of a computer player that plays on the clock takes, in real time."""
HANDLER_GRACE_S = 4.0
"""On shutdown, how long interactions already being handled may take to finish."""


def intents() -> discord.Intents:
    """Guild events, and guild messages only to notice a match message being deleted (no
    message content: Tablero works through slash commands and components)."""
    wanted = discord.Intents.none()
    wanted.guilds = True
    wanted.guild_messages = True
    return wanted


ALLOWED_MENTIONS = discord.AllowedMentions(
    everyone=False, roles=False, users=True, replied_user=False
)
"""Every message the bot sends pings only the members it mentions on purpose (`<@id>`): never
@everyone, @here or a role (a player's name is escaped, but a mention slipped into text the bot
repeats still pings nobody), and a reply does not ping the author it answers."""

ONBOARDING_LINES: Final = (
    "onboarding-hello",
    "onboarding-permissions",
    "onboarding-setup",
    "onboarding-play",
    "onboarding-help",
)
"""The lines of the note posted to a server's system channel when the bot joins it."""


def onboarding(words: Words) -> str:
    """The setup note, in the server's language: what Tablero is, the permissions it needs (as
    Discord's settings name them), how to set it up and play."""

    def permissions(flags: tuple[str, ...]) -> str:
        return words.join([words("permission-" + flag.replace("_", "-")) for flag in flags])

    basics, threads = permissions(BASICS), permissions(FOR_THREADS)
    return "\n".join(words(key, basics=basics, threads=threads) for key in ONBOARDING_LINES)


ONBOARDING_NEEDS = ("view_channel", "send_messages")
"""What the bot must be allowed in the system channel to post the note there."""

RECENT_INTERACTIONS = 10_000
"""How many interaction ids the bot remembers to recognise a redelivered one (a restart in
between is covered by the store: an interaction id is stored once)."""


class RecentInteractions:
    """The ids of the interactions this process received lately, oldest forgotten first."""

    def __init__(self, size: int = RECENT_INTERACTIONS) -> None:
        self.size = size
        self._ids: OrderedDict[str, None] = OrderedDict()

    def first_time(self, interaction_id: str) -> bool:
        """Note the id; False if it was already noted (a redelivery of one being handled or
        handled)."""
        if interaction_id in self._ids:
            return False
        self._ids[interaction_id] = None
        if len(self._ids) > self.size:
            self._ids.popitem(last=False)
        return True


def _carried(message: discord.Message) -> set[tuple[int, str]]:
    """The (component type, custom_id) of every component on a message: discord.py hands a
    click to a DynamicItem only when both match."""
    ids = set()
    for row in message.components:
        for child in getattr(row, "children", ()):
            if getattr(child, "custom_id", None):
                ids.add((child.type.value, child.custom_id))
    return ids


class TableroBot(commands.Bot):
    """Tablero on Discord."""

    def __init__(
        self,
        config: Config,
        *,
        store: Store | None = None,
        local_clock: Callable[[], float] = time.time,
        ai_think_ms: int = AI_THINK_MS,
        match_seeds: Callable[[], str] | None = None,
        **options: Any,
    ) -> None:
        self.sharding = config.shards
        """The Discord shards this process runs: it owns the matches of their servers."""
        several = isinstance(self, commands.AutoShardedBot)
        for option, value in _discord_sharding(self.sharding, several).items():
            options.setdefault(option, value)
        self.metrics = Metrics(self)
        """What /metrics shows (bot/metrics.py); its HTTP trace counts Discord's errors."""
        self.health = Health(self)
        """The optional HTTP listener: /healthz and /metrics (bot/health.py)."""
        options.setdefault("http_trace", self.metrics.http_trace)
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents(),
            help_command=None,
            allowed_mentions=ALLOWED_MENTIONS,
            max_messages=None,
            **options,
        )
        self.config = config
        self.clock = ClockSync(local_clock)
        self.gateway = GatewayWatch(self.clock.local_ms, self.sharding.indices if several else None)
        self.ai_think_ms = ai_think_ms
        self.thinker = Thinker(config.ai_workers)
        """The worker processes hard computers think in (started by the first question)."""
        self._match_seeds = match_seeds
        self.timers = MatchTimers(self)
        self.clocks = TurnClocks(self)
        self._given_store = store
        self.store: Store
        self.service: MatchService
        self.publisher = Publisher(self)
        self.play = Play(self)
        self.lobbies = Lobbies(self)
        self.matches = Matches(self)
        self.languages = Languages(self)
        self.lease = ShardLease(self)
        self.startup_problems: dict[int, str] = {}
        self.tree.error(self._on_command_error)
        self.recent_interactions = RecentInteractions()
        self.stopping = False
        """Set by `close`: interactions arriving from then on are not handled."""
        self._handling: set[asyncio.Task[Any]] = set()
        self._closed_down = False
        self._close_lock = asyncio.Lock()
        self._gate_interactions()

    async def setup_hook(self) -> None:
        """Everything that must be ready before the first interaction arrives."""
        self.store = self._given_store or await open_store(
            self.config.database_url, self.config.db_path
        )
        if self._given_store is None:  # a store handed in was claimed by `tablero run`
            await self.store.claim_shards(self.sharding)
        self.lease.start()
        rebuilt = await rebuild_open(self.store, self.sharding)
        for match_id, problem in rebuilt.problems.items():
            log.error("match %s could not be rebuilt and is paused: %s", match_id, problem)
        for warning in rebuilt.warnings:
            log.warning("%s", warning)
        self.startup_problems = dict(rebuilt.problems)
        self.service = MatchService(
            self.store,
            now_ms=self.clock.now_ms,
            make_ai=self._make_ai,
            new_seed=self._match_seeds,
            language=self.languages.public,
            thinker=self.thinker,
            think_ms=self.ai_think_ms,
            cpu_ms=self.config.ai_cpu_ms,
        )
        self.service.on_thought = self._thought
        await self.languages.restore()
        self.service.adopt(rebuilt)
        self.clocks.restore(rebuilt.deadlines)
        self.add_dynamic_items(
            *COMPONENT_CLASSES, RulesButton, BoardButton, MatchListButton, HowToPlayButton
        )
        for adapter in ADAPTERS.values():
            await self.add_cog(adapter.commands(self))
        for cog in COGS:
            await self.add_cog(cog(self))
        await self.lobbies.restore()
        self.timers.rearm_all()
        await self.publisher.outbox.restore(last_moments(list(rebuilt.stored.values())))
        await self.tree.set_translator(CatalogTranslator())
        await self.sync_commands()
        log.info("ready to serve %d open matches", len(self.service.matches))
        await self.health.start()  # the metrics' hooks, and the HTTP listener if configured

    def dispatch(self, event_name: str, /, *args: Any, **kwargs: Any) -> None:
        """Every discord.py event passes here, so the gateway's state is noted before any
        listener or timer runs; deadlines that waited for the gateway are armed once it is back."""
        if self.gateway.saw(event_name, *args) and not self.stopping:
            self.timers.gateway_up()
        super().dispatch(event_name, *args, **kwargs)

    def _make_ai(self, spec: GameSpec, level: Level) -> Policy:
        """A computer player of the game at a level, clicking at this bot's pace."""
        return spec.new_ai(level, think_ms=self.ai_think_ms)

    def _thought(self, live: LiveMatch) -> None:
        """A hard computer's answer is back: its match resumes now, on its timer."""
        if self.stopping:
            return
        live.wake_at = self.clock.now_ms()
        self.timers.rearm(live)

    async def sync_commands(self) -> None:
        """Sync slash commands: to the development server at once, else globally (by the
        process of shard 0 alone: the commands are the whole bot's)."""
        if 0 not in self.sharding.indices:
            return
        if self.config.dev_guild_id is not None:
            guild = discord.Object(self.config.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def on_guild_join(self, guild: discord.Guild) -> None:
        """Added to a server: a short setup note in its system channel, if there is one and
        the bot may post there (else nothing: `/help` says the same)."""
        channel, me = guild.system_channel, guild.me
        if channel is None or me is None:
            log.info("joined server %s; it has no system channel for the setup note", guild.id)
            return
        allowed = channel.permissions_for(me)
        if not all(getattr(allowed, name) for name in ONBOARDING_NEEDS):
            log.info("joined server %s; may not post the setup note there", guild.id)
            return
        try:
            note = onboarding(self.languages.public(str(guild.id)))
            await channel.send(note, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as error:
            log.warning("joined server %s; the setup note was refused: %s", guild.id, error)

    async def on_message(self, message: discord.Message) -> None:
        """Messages are seen only for their deletions: Tablero has no text commands."""

    async def on_raw_message_delete(self, event: discord.RawMessageDeleteEvent) -> None:
        """A match's current message deleted (by a member or a moderator) is posted again."""
        await self.publisher.outbox.message_deleted(event.channel_id, event.message_id)

    async def on_raw_bulk_message_delete(self, event: discord.RawBulkMessageDeleteEvent) -> None:
        """The same for a moderator's bulk delete."""
        for message_id in event.message_ids:
            await self.publisher.outbox.message_deleted(event.channel_id, message_id)

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Answer the clicks no DynamicItem will: a custom_id Tablero never made, or one the
        message no longer carries (discord.py drops those silently) — refused as out of date,
        or for naming a match that no longer exists or plays in another channel."""
        self.clock.observe(interaction_ms(interaction))
        self.publisher.note_permissions(interaction)
        if interaction.type.value != COMPONENT or not isinstance(interaction.data, dict):
            return
        custom_id = str(interaction.data.get("custom_id", ""))
        kind = interaction.data.get("component_type")
        message = interaction.message
        if message is not None and (kind, custom_id) in _carried(message):
            if not is_ours(custom_id):
                await refuse_damaged(interaction, custom_id)
        elif readable(custom_id):
            await refuse(interaction, await self.play.not_on_message(interaction, custom_id))
        else:
            await refuse_damaged(interaction, custom_id)

    async def _on_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        original = getattr(error, "original", error)
        if isinstance(original, Refused):
            await refuse(interaction, original)
            return
        if isinstance(error, app_commands.CheckFailure):
            await refuse(interaction, "refuse-command-here")
            return
        name = interaction.command.qualified_name if interaction.command else "?"
        if store_outage(original):
            log.error("the database can't take writes (command /%s): %s", name, original)
            await refuse(interaction, OUTAGE)
            return
        log.error("command /%s failed", name, exc_info=original)
        damaged = isinstance(original, StorageError)
        await refuse(interaction, DAMAGED_RECORD if damaged else FAILED)

    def _gate_interactions(self) -> None:
        """Route INTERACTION_CREATE through one gate before discord.py turns it into an
        Interaction and hands it to a command, a DynamicItem and `on_interaction` at once:
        once stopping, an interaction is left unanswered (nothing of it was acknowledged); one
        delivered again (Discord or a resumed gateway may) reaches no handler, so it gets no
        second answer (Discord would refuse it: 40060); the handler tasks of the others are
        tracked so `close` can let them finish."""
        parsers = self._connection.parsers
        parse = parsers["INTERACTION_CREATE"]

        def gated(data: Any) -> None:
            interaction_id = str(data.get("id"))
            if self.stopping:
                log.info("shutting down: interaction %s left unanswered", interaction_id)
                self.metrics.unanswered(data)
                return
            if not self.recent_interactions.first_time(interaction_id):
                log.info("interaction %s was delivered again; ignored", interaction_id)
                return
            before = asyncio.all_tasks()
            with self.metrics.interaction(data) as seen:  # counted, its first answer timed
                parse(data)
            handlers = asyncio.all_tasks() - before
            seen.until_done(handlers)
            for task in handlers:
                self._handling.add(task)
                task.add_done_callback(self._handling.discard)

        parsers["INTERACTION_CREATE"] = gated

    async def close(self) -> None:
        """Shut down in order: take no new interactions and let the running ones finish, stop
        the timers, finish background posts, disconnect, then close the database it opened."""
        await self.health.stop()  # /healthz and /metrics first: probes see the bot gone
        async with self._close_lock:
            if self._closed_down:
                return
            self.stopping = True
            await self._finish_handling()
            self.lobbies.cancel_timers()
            self.timers.cancel_all()
            if hasattr(self, "service"):
                await self.service.stop_thinking()
            await self.thinker.close()
            await self.publisher.close()
            self.timers.cancel_all()  # what the flushed posts re-armed
            await super().close()
            await self.lease.stop()
            if self._given_store is None and hasattr(self, "store"):
                await self.store.close()
            self._closed_down = True

    async def _finish_handling(self) -> None:
        current = asyncio.current_task()
        running = {task for task in self._handling if task is not current and not task.done()}
        if not running:
            return
        _, late = await asyncio.wait(running, timeout=HANDLER_GRACE_S)
        for task in late:
            log.warning("shutting down: interaction handler %s cut short", task.get_name())
            task.cancel()


class ShardedTableroBot(TableroBot, commands.AutoShardedBot):
    """Tablero running several Discord shards in one process (discord.py's AutoShardedBot: a
    gateway connection per shard)."""


def new_bot(config: Config, **options: Any) -> TableroBot:
    """The bot `config` asks for: one gateway connection, or one per shard when this process
    runs several."""
    kind = ShardedTableroBot if len(config.shards.indices) > 1 else TableroBot
    return kind(config, **options)


def _discord_sharding(shards: Shards, several: bool) -> dict[str, Any]:
    """discord.py's options for the shards this process runs (none for the only shard)."""
    if several:
        return {"shard_ids": list(shards.indices), "shard_count": shards.count}
    if len(shards.indices) > 1:
        raise ValueError(f"a TableroBot runs one shard, not {shards}: make it with new_bot")
    if shards.count == 1:
        return {}
    return {"shard_id": shards.indices[0], "shard_count": shards.count}

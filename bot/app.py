"""The bot: discord.py's `commands.Bot`, with discord.py's concerns only — intents, the gate
every interaction passes, start-up and shutdown — and one attribute of Tablero's, its runtime.

`setup_hook` has the composition root (bot/wiring.py) build the runtime before the gateway
connects (open the store, replay every open match, restore what was running), then registers
its DynamicItems (old messages stay clickable) and its cogs, and syncs the slash commands.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from typing import Any, Final

import discord
from discord import app_commands
from discord.ext import commands

from bot.config import Config
from bot.core.clock_sync import Sleep, snowflake_ms
from bot.core.outages import store_outage
from bot.core.refusals import Refused
from bot.metrics import Metrics
from bot.spawned import spawned_by
from bot.ui.answers import DAMAGED_RECORD, FAILED, OUTAGE, refuse, refuse_damaged
from bot.ui.dispatch import Dispatch, Routed, answer, without_components
from bot.ui.ids import is_ours, readable
from bot.ui.permissions import BASICS, FOR_THREADS
from bot.ui.translator import CatalogTranslator
from bot.wiring import AI_THINK_MS, Runtime, Startup, build
from storage import LeaseLost, Shards, StorageError, Store
from words import Words

log = logging.getLogger(__name__)

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
    for component in _walked(message.components):
        if getattr(component, "custom_id", None):
            ids.add((component.type.value, component.custom_id))
    return ids


def _walked(components: Sequence[Any]) -> Iterator[Any]:
    """Every component, through action rows, sections and containers (Components V2)."""
    for component in components:
        yield component
        yield from _walked(getattr(component, "children", ()))
        accessory = getattr(component, "accessory", None)
        if accessory is not None:
            yield accessory


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
        metrics: Metrics | None = None,
        sleep: Sleep = asyncio.sleep,
        **options: Any,
    ) -> None:
        several = isinstance(self, commands.AutoShardedBot)
        for option, value in _discord_sharding(config.shards, several).items():
            options.setdefault(option, value)
        metrics = metrics or Metrics()
        options.setdefault("http_trace", metrics.http_trace)  # counts Discord's error answers
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents(),
            help_command=None,
            allowed_mentions=ALLOWED_MENTIONS,
            max_messages=None,
            **options,
        )
        self._startup = Startup(
            config, store, local_clock, ai_think_ms, match_seeds, metrics, sleep
        )
        self._runtime: Runtime | None = None
        self.tree.error(self._on_command_error)
        self._recent = RecentInteractions()
        self.stopping = False
        """Set by `close`: interactions arriving from then on are not handled."""
        self._handling: set[asyncio.Task[Any]] = set()
        self._closed_down = False
        self._close_lock = asyncio.Lock()
        self._dispatch: Dispatch | None = None
        """Routes clicks on Tablero's components once they are registered."""
        self._gate_interactions()

    @property
    def runtime(self) -> Runtime:
        """Tablero's components, built by `setup_hook`."""
        if self._runtime is None:
            raise RuntimeError("the bot has not been set up yet (setup_hook builds its runtime)")
        return self._runtime

    async def setup_hook(self) -> None:
        """Everything that must be ready before the first interaction arrives."""
        runtime = await build(self._startup, self, self, prepared=self._prepared)
        await runtime.health.start()  # the HTTP listener, if configured

    async def _prepared(self, runtime: Runtime) -> None:
        """The components and commands, set up before the bot serves its shards (while it
        waits out the lease of their previous holder, if it must)."""
        self._runtime = runtime
        self.add_dynamic_items(*runtime.items)
        self._dispatch = Dispatch(runtime.items)
        for cog in runtime.cogs:
            await self.add_cog(cog)
        await self.tree.set_translator(CatalogTranslator())
        await self.sync_commands()

    def dispatch(self, event_name: str, /, *args: Any, **kwargs: Any) -> None:
        """Every discord.py event passes here, so the gateway's state is noted before any
        listener or timer runs; deadlines that waited for the gateway are armed once it is back."""
        runtime = self._runtime
        if runtime is not None and runtime.gateway.saw(event_name, *args) and not self.stopping:
            runtime.gateway_up()
        super().dispatch(event_name, *args, **kwargs)

    async def sync_commands(self) -> None:
        """Sync slash commands: to the development server at once, else globally (by the
        process of shard 0 alone: the commands are the whole bot's)."""
        config = self._startup.config
        if not config.leads:
            return
        if config.dev_guild_id is not None:
            guild = discord.Object(config.dev_guild_id)
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
            note = onboarding(self.runtime.languages.public(str(guild.id)))
            await channel.send(note, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as error:
            log.warning("joined server %s; the setup note was refused: %s", guild.id, error)

    async def on_message(self, message: discord.Message) -> None:
        """Messages are seen only for their deletions: Tablero has no text commands."""

    async def on_raw_message_delete(self, event: discord.RawMessageDeleteEvent) -> None:
        """A match's current message deleted (by a member or a moderator) is posted again."""
        await self.runtime.outbox.message_deleted(event.channel_id, event.message_id)

    async def on_raw_bulk_message_delete(self, event: discord.RawBulkMessageDeleteEvent) -> None:
        """The same for a moderator's bulk delete."""
        for message_id in event.message_ids:
            await self.runtime.outbox.message_deleted(event.channel_id, message_id)

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Answer the clicks no DynamicItem will: a custom_id Tablero never made, or one the
        message no longer carries (discord.py drops those silently) — refused as out of date,
        or for naming a match that no longer exists or plays in another channel."""
        runtime = self.runtime
        self._note(interaction)
        component = interaction.type is discord.InteractionType.component
        if not component or not isinstance(interaction.data, dict):
            return
        custom_id = str(interaction.data.get("custom_id", ""))
        kind = interaction.data.get("component_type")
        message = interaction.message
        if message is not None and (kind, custom_id) in _carried(message):
            if not is_ours(custom_id):
                await refuse_damaged(interaction, custom_id)
        elif readable(custom_id):
            await refuse(interaction, await runtime.router.not_on_message(interaction, custom_id))
        else:
            await refuse_damaged(interaction, custom_id)

    def _note(self, interaction: discord.Interaction[Any]) -> None:
        """What every interaction tells: Discord's time, and the bot's permissions where the
        member clicked."""
        runtime = self.runtime
        runtime.clock_sync.observe(snowflake_ms(interaction.id))
        runtime.publisher.note_permissions(interaction)

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
        if isinstance(original, LeaseLost):  # another process holds the shard now: it answers
            log.warning("command /%s left unanswered: %s", name, original)
            return
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
        tracked so `close` can let them finish. A click on one of Tablero's own components goes
        straight to its item (bot/ui/dispatch.py)."""
        parsers = self._connection.parsers
        parse = parsers["INTERACTION_CREATE"]
        metrics = self._startup.metrics

        def gated(data: Any) -> None:
            interaction_id = str(data.get("id"))
            if self.stopping:
                log.info("shutting down: interaction %s left unanswered", interaction_id)
                metrics.unanswered(data)
                return
            if not self._recent.first_time(interaction_id):
                log.info("interaction %s was delivered again; ignored", interaction_id)
                return
            routed = None if self._dispatch is None else self._dispatch.routed(data)
            with metrics.interaction(data) as seen:  # counted, its first answer timed
                if routed is None:
                    handlers = spawned_by(partial(parse, data))
                else:
                    handlers = [self._clicked(routed, data)]
            seen.until_done(handlers)
            for task in handlers:
                self._handling.add(task)
                task.add_done_callback(self._handling.discard)

        parsers["INTERACTION_CREATE"] = gated

    def _clicked(self, routed: Routed, data: Any) -> asyncio.Task[None]:
        """The task that answers a click on one of Tablero's components."""
        payload: Any = without_components(data)
        interaction = discord.Interaction(data=payload, state=self._connection)
        noted = partial(self._note, interaction)
        return asyncio.create_task(answer(routed, interaction, noted), name="tablero-click")

    async def close(self) -> None:
        """Shut down in order: take no new interactions and let the running ones finish, stop
        the timers, finish background posts, disconnect, then close the database it opened."""
        runtime = self._runtime
        if runtime is not None:
            await runtime.health.stop()  # /healthz and /metrics first: probes see the bot gone
        async with self._close_lock:
            if self._closed_down:
                return
            self.stopping = True
            await self._finish_handling()
            if runtime is not None:
                await runtime.quiesce()
            await super().close()
            if runtime is not None:
                await runtime.release()
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

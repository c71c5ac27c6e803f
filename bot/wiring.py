"""The composition root: the one module that builds every component of the bot, leaves first,
and hands each its collaborators — and the one place the bot's single loop is closed (the
timers, the thinking and the outbox reach the after-step pipeline through a link connected here,
once the pipeline exists).

`TableroBot.setup_hook` calls `build` with discord.py's client (itself); a test builds any
component on its own instead, with fakes for its ports (tests/bot/component_driver.py).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial

import discord
from discord.ext import commands

from bot import memory
from bot.cogs.away import AwayCog
from bot.cogs.info import InfoCog
from bot.cogs.match import MatchCog
from bot.cogs.notify import NotifyCog
from bot.cogs.privacy import PrivacyButton, PrivacyCog
from bot.cogs.ratings import BoardButton, RatingsCog
from bot.cogs.settings import SettingsCog
from bot.config import Config
from bot.core.after import AfterStepLink
from bot.core.autopicks import Autopicks
from bot.core.away import Aways
from bot.core.clock_book import ClockBook
from bot.core.clock_sync import ClockSync, Sleep
from bot.core.computer import computer_maker
from bot.core.downtime import ALIVE_NAME, Downtime
from bot.core.gateway_watch import GatewayWatch
from bot.core.held import JOURNAL_NAME, HeldClicks
from bot.core.moves import BotMoves
from bot.core.privacy import Forgetting
from bot.core.questions import Questions
from bot.core.service import MatchService
from bot.core.settings import Settings, trust_for
from bot.core.store_watch import StoreWatch
from bot.core.thinking import Thinker
from bot.core.timers import MatchTimers
from bot.core.turn_clocks import TurnClocks
from bot.delivery.away_watch import AwayWatch
from bot.delivery.messenger import DiscordMessenger
from bot.delivery.outbox import Outbox, last_moments
from bot.delivery.privacy_watch import EVERY_S, PrivacyWatch
from bot.delivery.publisher import Publisher
from bot.delivery.steps import Steps
from bot.games import ADAPTERS, rules_table
from bot.games.adapter import CommandKit
from bot.health import PROBE_GUILD, Health, Lifecycle
from bot.lease import ShardLease, claimed
from bot.metrics import Metrics
from bot.runtime import Prepared, Runtime
from bot.ui.absence import Absence, AbsenceNotices
from bot.ui.desk import MatchDesk
from bot.ui.emoji import AppEmoji
from bot.ui.items import LobbyButton, LobbySelect, MatchButton, MatchSelect, TableroItem
from bot.ui.languages import Languages, guild_locales
from bot.ui.layouts import Layouts
from bot.ui.lobbies import Lobbies
from bot.ui.match_list import MatchListButton
from bot.ui.patience import Patience
from bot.ui.router import ClickRouter
from bot.ui.rules_pages import HowToPlayButton, RulesButton
from bot.ui.starts import MatchStarts
from storage import Rebuilt, Shards, Store, rebuild_open

log = logging.getLogger(__name__)

AI_THINK_MS = 1_500
"""How long each click of a computer player that plays on the clock takes, in real time."""


@dataclass(frozen=True, slots=True)
class Startup:
    """What a bot is built from besides discord.py's client: its settings, and what tests and
    `tablero run` hand in."""

    config: Config
    store: Store | None = None
    """A store already opened and claimed (`tablero run`); None: `build` opens and claims it."""
    local_clock: Callable[[], float] = time.time
    """This machine's clock in seconds (tests move a virtual one)."""
    ai_think_ms: int = AI_THINK_MS
    match_seeds: Callable[[], str] | None = None
    """Each new match's chance seed (None: random; tests pass a fixed sequence)."""
    metrics: Metrics = field(default_factory=Metrics)
    """The bot's metrics: made with the client (its HTTP trace counts Discord's errors)."""
    sleep: Sleep = asyncio.sleep
    """How background work waits between its tries (tests pass a virtual one)."""


async def build(
    startup: Startup, client: discord.Client, lifecycle: Lifecycle, prepared: Prepared
) -> Runtime:
    """Open the store (unless handed one), rebuild the open matches, build every component
    and set them up (`prepared`), then — once the shards' previous holder stopped — restore
    what was running: the bot is ready for its first interaction."""
    config = startup.config
    store, lease = await claimed(config, startup.store, client.close)
    rebuilt = await _rebuilt(store, config.shards)
    held = (store, startup.store is None, lease, dict(rebuilt.problems))
    runtime = _runtime(startup, client, lifecycle, held)
    runtime.publisher.spawn(runtime.publisher.warm_up(), "warm-up")
    await prepared(runtime)
    await store.ready_to_serve()  # what came before overlapped the previous holder's TTL
    await runtime.emoji.start()  # before the restore: the first messages posted show them
    await _restore(runtime, rebuilt)
    if len(config.shards.indices) < config.shards.count:
        runtime.away_watch.start()
    runtime.privacy_watch.start()
    return runtime


async def _restore(runtime: Runtime, rebuilt: Rebuilt) -> None:
    """Start-up: the servers' languages, the open matches, their clocks, lobbies, timers and
    owed messages, in that order."""
    await runtime.languages.restore()
    runtime.service.adopt(rebuilt)
    runtime.held.restore()  # clicks a journal kept: their matches' deadlines wait for them
    runtime.downtime.start()  # given back once the gateway is up
    await runtime.autopicks.restore(runtime.service.matches.values())
    await runtime.lobbies.restore()
    await runtime.steps.restore(rebuilt, last_moments(list(rebuilt.stored.values())))
    await runtime.held.replay()
    log.info("ready to serve %d open matches", len(runtime.service.matches))


async def _rebuilt(store: Store, shards: Shards) -> Rebuilt:
    """The open matches replayed, the collector paused (`memory.collector_paused`); what could
    not be, logged."""
    with memory.collector_paused():
        rebuilt = await rebuild_open(store, shards)
    for match_id, problem in rebuilt.problems.items():
        log.error("match %s could not be rebuilt and is paused: %s", match_id, problem)
    for warning in rebuilt.warnings:
        log.warning("%s", warning)
    return rebuilt


@dataclass(frozen=True, slots=True)
class _Core:
    """The Discord-free layer, and the link its loop is closed through."""

    clock_sync: ClockSync
    gateway: GatewayWatch
    link: AfterStepLink
    thinker: Thinker
    questions: Questions
    settings: Settings
    languages: Languages
    service: MatchService
    autopicks: Autopicks
    forgetting: Forgetting
    store_watch: StoreWatch
    held: HeldClicks
    downtime: Downtime


def _core(startup: Startup, store: Store, client: discord.Client, metrics: Metrics) -> _Core:
    """Clocks, thinking, settings, languages and the match service."""
    config = startup.config
    clock = ClockSync(startup.local_clock)
    shards = config.shards.indices
    gateway = GatewayWatch(clock.local_ms, shards if len(shards) > 1 else None)
    link = AfterStepLink()
    thinker = Thinker(config.ai_workers, observe=metrics.ai_decided)
    make_ai = computer_maker(startup.ai_think_ms)
    questions = Questions(
        thinker,
        make_ai=make_ai,
        now_ms=clock.now_ms,
        answered=link.thought,
        cpu_ms=config.ai_cpu_ms,
        think_ms=startup.ai_think_ms,
    )
    settings = Settings(store, trust_s=trust_for(config.shards))
    languages = Languages(settings, guild_locales(client))
    autopicks = Autopicks(settings)
    service = MatchService(
        store,
        rules_table(),
        moves=BotMoves(now_ms=clock.now_ms, make_ai=make_ai, searching=questions.searching),
        questions=questions,
        now_ms=clock.now_ms,
        new_seed=startup.match_seeds,
        language=languages.public,
        observe_append=metrics.store_append.observe,
        autopicks=autopicks.seats,
        reloaded=link.reloaded,
    )
    forgetting = Forgetting(store, service, clock.now_ms, settings=settings)
    store_watch = StoreWatch(store, clock.local_ms)
    data = config.db_path.parent  # the journal and the life note, beside the SQLite file
    held = HeldClicks(service, link, store_watch, clock.now_ms, data / JOURNAL_NAME)
    downtime = Downtime(service, link, clock.now_ms, data / ALIVE_NAME)
    store_watch.on_back(held.replay)  # kept clicks first, then the deadlines that waited
    return _Core(
        clock,
        gateway,
        link,
        thinker,
        questions,
        settings,
        languages,
        service,
        autopicks,
        forgetting,
        store_watch,
        held,
        downtime,
    )


@dataclass(frozen=True, slots=True)
class _Delivery:
    """What follows a step: messages, their outbox, turn clocks, timers and the pipeline."""

    messenger: DiscordMessenger
    layouts: Layouts
    publisher: Publisher
    outbox: Outbox
    turn_clocks: TurnClocks
    timers: MatchTimers
    steps: Steps
    aways: Aways
    away_watch: AwayWatch
    privacy_watch: PrivacyWatch


def _delivery(
    core: _Core,
    config: Config,
    store: Store,
    client: discord.Client,
    metrics: Metrics,
    *,
    emoji: AppEmoji,
) -> _Delivery:
    """The publisher, the outbox, the turn clocks and the timers, then the pipeline — which
    closes the loop: the link now leads to it."""
    service, clock = core.service, core.clock_sync
    book = ClockBook(clock.now_ms)
    messenger, layouts = DiscordMessenger(client), Layouts(emoji, book)
    publisher = Publisher(messenger, layouts, store, service, timed=metrics.timed_render)
    outbox = Outbox(
        store,
        service,
        publisher,
        layouts,
        clock,
        after=core.link,
        store_watch=core.store_watch,
        shards=config.shards,
    )
    turn_clocks = TurnClocks(
        store,
        core.settings,
        service,
        clock,
        book,
        owes_post=outbox.owes_post,
        mentioned=layouts.mentioned,
    )
    aways = Aways(store, core.settings, book, service.matches.values, clock.now_ms)
    timers = MatchTimers(
        service, turn_clocks, clock, core.gateway, core.link, aways=aways, store=core.store_watch
    )
    core.store_watch.on_back(timers.store_back)
    notices = AbsenceNotices(messenger)
    steps = Steps(
        publisher,
        outbox,
        turn_clocks,
        timers,
        notices=notices,
        clock=clock,
        aways=aways,
        resume=service.resume,
    )
    core.link.connect(steps)
    watch = AwayWatch(aways, steps)
    sharded = len(config.shards.indices) < config.shards.count
    every_s = EVERY_S if sharded else 60 * EVERY_S  # alone, only its own deletions and purges
    privacy = PrivacyWatch(core.forgetting, steps, every_s=every_s)
    return _Delivery(
        messenger, layouts, publisher, outbox, turn_clocks, timers, steps, aways, watch, privacy
    )


@dataclass(frozen=True, slots=True)
class _Ui:
    """What members click and type: the components, the cogs and the items bound to them."""

    starts: MatchStarts
    lobbies: Lobbies
    router: ClickRouter
    desk: MatchDesk
    cogs: tuple[commands.Cog, ...]
    items: tuple[type[TableroItem], ...]


def _ui(core: _Core, out: _Delivery, config: Config, store: Store, client: discord.Client) -> _Ui:
    """Match starts, lobbies, the click router and /match, the cogs, and the item classes
    bound to the components that answer them."""
    service, settings, steps = core.service, core.settings, out.steps
    starts = MatchStarts(
        service, steps, store, settings, languages=core.languages, messenger=out.messenger
    )
    lobbies = Lobbies(
        store,
        settings,
        starts,
        core.languages,
        out.turn_clocks,
        messenger=out.messenger,
        thinker=core.thinker,
        shards=config.shards,
    )
    absence = Absence(service, steps, out.turn_clocks)
    router = ClickRouter(
        service,
        steps,
        absence,
        lobbies,
        publisher=out.publisher,
        layouts=out.layouts,
        settings=settings,
        patience=Patience(
            service, core.held, core.store_watch, core.link, now_ms=core.clock_sync.now_ms
        ),
        now_ms=core.clock_sync.now_ms,
    )
    desk = MatchDesk(service, steps, starts)
    ratings = RatingsCog(store, settings, out.publisher)
    privacy = PrivacyCog(store, settings, core.forgetting, steps, now_ms=core.clock_sync.now_ms)
    kit = CommandKit(client, starts, lobbies)
    cogs = (
        *(adapter.commands(kit) for adapter in ADAPTERS.values()),
        MatchCog(desk, store),
        InfoCog(),
        SettingsCog(
            settings,
            core.languages,
            autopick_changed=partial(core.autopicks.changed, service.matches.values()),
        ),
        NotifyCog(settings),
        AwayCog(out.aways, steps),
        ratings,
        privacy,
    )
    items: tuple[type[TableroItem], ...] = (  # each handler looked up at its click
        MatchButton.bound(lambda clicked, ref: router.on_button(clicked, ref)),
        MatchSelect.bound(lambda clicked, chosen: router.on_select(clicked, chosen)),
        LobbyButton.bound(lambda clicked, ref: lobbies.on_button(clicked, ref)),
        LobbySelect.bound(lambda clicked, chosen: lobbies.on_select(clicked, chosen)),
        RulesButton,
        HowToPlayButton,
        BoardButton.bound(lambda clicked, board: ratings.board_page(clicked, board)),
        MatchListButton.bound(lambda clicked, page: desk.list_page(clicked, page)),
        PrivacyButton.bound(lambda clicked, verb: privacy.confirmed(clicked, verb)),
    )
    return _Ui(starts, lobbies, router, desk, cogs, items)


def _runtime(
    startup: Startup,
    client: discord.Client,
    lifecycle: Lifecycle,
    held: tuple[Store, bool, ShardLease, dict[int, str]],
) -> Runtime:
    """Every component, leaves first; `held`: the store, whether the bot opened it, the lease
    on its shards, and the matches that could not be rebuilt."""
    store, owns, lease, problems = held
    config, metrics = startup.config, startup.metrics
    core = _core(startup, store, client, metrics)
    emoji = AppEmoji(
        client, uploads=config.leads, now_ms=core.clock_sync.now_ms, sleep=startup.sleep
    )
    out = _delivery(core, config, store, client, metrics, emoji=emoji)
    ui = _ui(core, out, config, store, client)
    settings = core.settings
    health = Health(
        lifecycle,
        core.gateway,
        lambda: settings.guild(PROBE_GUILD),
        metrics.registry,
        port=config.http_port,
        host=config.http_host,
    )
    metrics.watch(partial(_open_games, core.service), lambda: client.latency)
    return Runtime(
        config=config,
        store=store,
        owns_store=owns,
        clock_sync=core.clock_sync,
        gateway=core.gateway,
        metrics=metrics,
        health=health,
        lease=lease,
        thinker=core.thinker,
        questions=core.questions,
        languages=core.languages,
        emoji=emoji,
        settings=settings,
        service=core.service,
        autopicks=core.autopicks,
        publisher=out.publisher,
        outbox=out.outbox,
        turn_clocks=out.turn_clocks,
        timers=out.timers,
        aways=out.aways,
        away_watch=out.away_watch,
        privacy_watch=out.privacy_watch,
        steps=out.steps,
        router=ui.router,
        lobbies=ui.lobbies,
        starts=ui.starts,
        desk=ui.desk,
        cogs=ui.cogs,
        items=ui.items,
        store_watch=core.store_watch,
        held=core.held,
        downtime=core.downtime,
        startup_problems=problems,
    )


def _open_games(service: MatchService) -> list[str]:
    """The game of each open match (a gauge)."""
    return [live.spec.name for live in list(service.matches.values())]


__all__ = ["AI_THINK_MS", "Runtime", "Startup", "build", "computer_maker"]

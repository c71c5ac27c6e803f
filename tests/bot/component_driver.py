"""The bot's components built one by one, without a bot: fakes for the ports they talk through
(the messenger, the layouts, the clock notices, the after-step link) and the real components
below them, as the composition root builds them (bot/wiring.py)."""

from __future__ import annotations

import itertools
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import discord

from bot.core.away import AwayChange, Aways
from bot.core.clock_book import ClockBook
from bot.core.clock_sync import ClockSync
from bot.core.gateway_watch import GatewayWatch
from bot.core.live import LiveMatch, Played
from bot.core.service import MatchService
from bot.core.settings import Settings
from bot.core.store_watch import StoreWatch
from bot.core.timers import MatchTimers
from bot.core.turn_clocks import ClockEvent, Ping, RanOut, TurnClocks
from bot.delivery.layouts import Shown
from bot.delivery.messenger import Image, Written
from bot.delivery.outbox import Outbox
from bot.delivery.publisher import Publisher
from bot.delivery.steps import Steps
from bot.ui.match_cards import SentLayout, card_text
from fakediscord import FakeClock
from games.common.protocol import Seat
from storage import Store
from tests.bot.core_driver import match_service


@dataclass
class Sent:
    """One message the fake messenger posted."""

    channel_id: str
    text: str
    view: discord.ui.BaseView | None
    image: Image | None
    nonce: str | None


@dataclass
class FakeMessenger:
    """Records what the bot sends; `failing` makes the next sends raise it, one each."""

    sent: list[Sent] = field(default_factory=list)
    edits: list[tuple[str, str, str | None, discord.ui.BaseView | None]] = field(
        default_factory=list
    )
    directs: list[tuple[str, str]] = field(default_factory=list)
    failing: list[BaseException] = field(default_factory=list)
    _ids: itertools.count[int] = field(default_factory=lambda: itertools.count(9_000))

    async def send(
        self,
        channel_id: str,
        content: str,
        *,
        view: discord.ui.View | None = None,
        nonce: str | None = None,
    ) -> str:
        if self.failing:
            raise self.failing.pop(0)
        self.sent.append(Sent(channel_id, content, view, None, nonce))
        return str(next(self._ids))

    async def post(
        self,
        channel_id: str,
        view: discord.ui.LayoutView,
        images: Sequence[Image],
        *,
        nonce: str | None = None,
    ) -> Written:
        if self.failing:
            raise self.failing.pop(0)
        image = next((i for i in images if i.filename == "board.png"), None)  # not the strip
        self.sent.append(Sent(channel_id, card_text(view), view, image, nonce))
        return Written(str(next(self._ids)))

    async def edit(
        self, channel_id: str, message_id: str, content: str | None, view: discord.ui.View | None
    ) -> None:
        if self.failing:
            raise self.failing.pop(0)
        self.edits.append((channel_id, message_id, content, view))

    async def replace(
        self,
        channel_id: str,
        message_id: str,
        view: discord.ui.LayoutView,
        images: Sequence[Image],
        kept: Sequence[discord.Attachment] = (),
    ) -> Written:
        if self.failing:
            raise self.failing.pop(0)
        self.edits.append((channel_id, message_id, card_text(view), view))
        return Written(message_id)

    async def relayout(
        self, channel_id: str, message_id: str, view: discord.ui.LayoutView, last: bytes | None
    ) -> bytes:
        laid = card_text(view).encode()
        if laid != last:
            await self.replace(channel_id, message_id, view, ())
        return laid

    async def direct(self, user_id: str, content: str) -> None:
        self.directs.append((user_id, content))

    async def thread(self, channel_id: str, name: str) -> str:
        return str(next(self._ids))


def _card(text: str, live: LiveMatch, images: Sequence[Image]) -> Shown:
    """A card that only says what it is, and carries the board as text without images (as the
    real ones do)."""
    view = SentLayout()
    view.add_item(discord.ui.TextDisplay(text))
    if not images:
        view.add_item(discord.ui.TextDisplay(f"board of #{live.id}"))
    return Shown(view, card_text(view))


class FakeLayouts:
    """Each message as one short line naming what it is (the real ones are the ui's)."""

    def step(
        self,
        live: LiveMatch,
        images: Sequence[Image],
        *,
        how_to_play: bool = False,
        buttons: discord.ui.View | None = None,
    ) -> Shown:
        return _card(f"step of #{live.id} at v{live.state.version}", live, images)

    def summary(self, live: LiveMatch, key: int, images: Sequence[Image]) -> Shown:
        return _card(f"summary of #{live.id} step {key}", live, images)

    def frozen(self, live: LiveMatch, images: Sequence[Image]) -> Shown:
        return _card(f"frozen #{live.id} at v{live.state.version}", live, images)

    def results(self, live: LiveMatch, images: Sequence[Image]) -> Shown:
        return _card(f"results of #{live.id}", live, images)

    def text_board(self, live: LiveMatch) -> str:
        return f"board of #{live.id}"

    def alt(self, live: LiveMatch) -> str:
        return f"alt of #{live.id}"

    def strip_alt(self, live: LiveMatch) -> str:
        return f"strip alt of #{live.id}"

    def mentioned(self, live: LiveMatch) -> Collection[Seat]:
        return ()


@dataclass
class FakeAfter:
    """An after-step pipeline that only records what it was told."""

    done: list[tuple[LiveMatch, Played | None]] = field(default_factory=list)
    fired: list[tuple[LiveMatch, ClockEvent | None]] = field(default_factory=list)
    thoughts: list[LiveMatch] = field(default_factory=list)
    landed_: list[LiveMatch] = field(default_factory=list)
    given: list[LiveMatch] = field(default_factory=list)
    back: list[LiveMatch] = field(default_factory=list)

    def deadline_done(self, live: LiveMatch, played: Played | None) -> None:
        self.done.append((live, played))

    async def clock_fired(self, live: LiveMatch, event: ClockEvent | None) -> None:
        self.fired.append((live, event))

    def thought(self, live: LiveMatch) -> None:
        self.thoughts.append(live)

    async def landed(self, live: LiveMatch) -> None:
        self.landed_.append(live)

    def given_back(self, live: LiveMatch) -> None:
        self.given.append(live)

    async def away_due(self, live: LiveMatch) -> None:
        self.back.append(live)


@dataclass
class FakeNotices:
    """Records what a turn clock would say."""

    said: list[tuple[str, Any]] = field(default_factory=list)

    async def ping(self, live: LiveMatch, ping: Ping) -> None:
        self.said.append(("ping", ping))

    async def remind(self, live: LiveMatch, user_id: str, due_ms: int) -> None:
        self.said.append(("remind", user_id))

    async def ran_out(self, live: LiveMatch, event: RanOut) -> None:
        self.said.append(("ran_out", event))

    async def abandoned(self, live: LiveMatch) -> None:
        self.said.append(("abandoned", live.id))

    async def away(self, live: LiveMatch, change: AwayChange) -> None:
        self.said.append(("away", change))


def http_error(status: int, code: int = 0) -> discord.HTTPException:
    """An error as discord.py raises it for one of Discord's answers."""
    response: Any = SimpleNamespace(status=status, reason="fake")
    kind = {403: discord.Forbidden, 404: discord.NotFound}.get(status, discord.HTTPException)
    if status >= 500:
        kind = discord.DiscordServerError
    return kind(response, {"code": code, "message": "fake"})


@dataclass
class Parts:
    """A match service with the delivery and timing components around it, each built here the
    way the composition root builds it, with fakes at the ports."""

    store: Store
    clock: FakeClock
    messenger: FakeMessenger
    notices: FakeNotices
    after: FakeAfter
    sync: ClockSync
    gateway: GatewayWatch
    service: MatchService
    publisher: Publisher
    outbox: Outbox
    turn_clocks: TurnClocks
    timers: MatchTimers
    aways: Aways
    store_watch: StoreWatch


def parts(store: Store, *, owes_post: bool = False) -> Parts:
    """Everything below the pipeline, with the pipeline itself faked (`after`)."""
    clock = FakeClock()
    sync = ClockSync(clock)
    gateway = GatewayWatch(sync.local_ms)
    gateway.saw("ready")
    messenger, layouts, after = FakeMessenger(), FakeLayouts(), FakeAfter()
    service = match_service(store, now_ms=sync.now_ms, new_seed=lambda: "components")
    publisher = Publisher(messenger, layouts, store, service)
    watch = StoreWatch(store, sync.local_ms)
    outbox = Outbox(store, service, publisher, layouts, sync, after=after, store_watch=watch)
    outbox.first_wait_s = 0.01
    book, settings = ClockBook(sync.now_ms), Settings(store)
    turn_clocks = TurnClocks(
        store,
        settings,
        service,
        sync,
        book,
        owes_post=(lambda match_id: True) if owes_post else outbox.owes_post,
        mentioned=layouts.mentioned,
    )
    aways = Aways(store, settings, book, service.matches.values, sync.now_ms)
    timers = MatchTimers(service, turn_clocks, sync, gateway, after, aways=aways, store=watch)
    watch.on_back(timers.store_back)
    return Parts(
        store,
        clock,
        messenger,
        FakeNotices(),
        after,
        sync,
        gateway,
        service,
        publisher,
        outbox,
        turn_clocks,
        timers,
        aways,
        watch,
    )


def pipeline(built: Parts) -> Steps:
    """The real after-step pipeline on the parts (the fake link is left unused)."""
    return Steps(
        built.publisher,
        built.outbox,
        built.turn_clocks,
        built.timers,
        notices=built.notices,
        clock=built.sync,
        aways=built.aways,
        resume=built.service.resume,
    )

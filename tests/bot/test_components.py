"""Each component of the bot on its own: built without a bot or a Discord, with fakes at its ports
(the messenger, the layouts, the clock notices, the after-step link) — the timers, the turn
clocks, the publisher, the outbox, the after-step pipeline and the click router."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from bot.core.clock_book import TableClock
from bot.core.computer import ai_player
from bot.core.held import HeldClicks
from bot.core.live import LiveMatch
from bot.core.refusals import Refused
from bot.core.rules import THROW
from bot.core.settings import ClockMode, Settings
from bot.core.turn_clocks import Abandoned, RanOut, Reminders
from bot.delivery.messenger import Image
from bot.delivery.steps import Steps
from bot.ui.absence import Absence
from bot.ui.ids import MatchRef, Verb
from bot.ui.layouts import Layouts
from bot.ui.match_cards import card_text
from bot.ui.patience import Patience
from bot.ui.router import ClickRouter
from games.keer_kids import KeerState, Phase
from games.records import Player
from storage import Owed, SqliteStore
from tests.bot.component_driver import Parts, http_error, parts, pipeline

ANA, BO = Player("101", "Ana"), Player("102", "Bo")
PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[SqliteStore]:
    opened = await SqliteStore.open(tmp_path / "c.db")
    yield opened
    await opened.close()


async def keer_match(built: Parts, *players: Player) -> LiveMatch:
    return await built.service.create(
        "keer-kids", list(players or (ANA, BO)), {}, guild_id="1", channel_id="2"
    )


async def opened(store: SqliteStore) -> tuple[Parts, Steps, LiveMatch]:
    """The parts, the pipeline on them, and a Keer match of Ana and Bo it opened."""
    built = parts(store)
    steps = pipeline(built)
    live = await keer_match(built)
    await steps.opened(live, TableClock(ClockMode.LIVE))
    return built, steps, live


async def delivered(built: Parts) -> None:
    """Wait until the outbox owes nothing."""
    while built.outbox.pending():
        await asyncio.sleep(0.01)


def keer(live: LiveMatch) -> KeerState:
    assert isinstance(live.state, KeerState)
    return live.state


# -- the turn clocks ---------------------------------------------------------------------------


async def test_turn_clocks_wait_for_members_remind_then_run_out_and_apply_the_miss(
    store: SqliteStore,
) -> None:
    built = parts(store)
    live = await keer_match(built)
    clocks = built.turn_clocks
    await clocks.start(live, TableClock(ClockMode.LIVE))
    assert await clocks.update(live) is None, "live play: nobody is pinged"
    clock = clocks.clocks[live.id]
    assert clock.waiting == [0] and clock.due_ms - clock.since_ms == 5 * 60_000
    assert clocks.due(live) == clock.remind_ms

    built.clock.now = clock.remind_ms / 1000
    assert await clocks.fire(live) == Reminders((), clock.due_ms)  # nobody asked for a DM
    assert clocks.due(live) == clock.due_ms

    built.clock.now = clock.due_ms / 1000
    event = await clocks.fire(live)
    assert isinstance(event, RanOut) and event.seats == (0,) and event.skipped == (0,)
    assert len(event.steps) == 1 and keer(live).rolls == 1, "the absent roller's dice thrown"
    assert clocks.timed_out(live.id) == (0,)
    stored = await store.load(live.id)
    assert stored.version == live.state.version


async def test_turn_clocks_ping_only_in_async_play_and_abandon_a_match_nobody_plays(
    store: SqliteStore,
) -> None:
    built = parts(store)
    live = await keer_match(built)
    await built.turn_clocks.start(live, TableClock(ClockMode.ASYNC))
    ping = await built.turn_clocks.update(live)
    assert ping is not None and ping.seats == (0,), "the message mentions nobody (fake layout)"
    clock = built.turn_clocks.clocks[live.id]
    built.clock.now = (clock.last_member_ms + clock.abandon_ms) / 1000
    assert await built.turn_clocks.fire(live) == Abandoned()
    assert not live.open and (await store.load(live.id)).status == "abandoned"


async def test_a_turn_clock_waits_for_its_message_to_land(store: SqliteStore) -> None:
    built = parts(store, owes_post=True)
    live = await keer_match(built)
    await built.turn_clocks.start(live, TableClock(ClockMode.LIVE))
    await built.turn_clocks.update(live)
    clock = built.turn_clocks.clocks[live.id]
    assert clock.key == -1 and clock.waiting == [], "no wait starts before the message is up"


# -- the timers --------------------------------------------------------------------------------


async def test_timers_run_a_due_turn_clock_and_hand_what_it_did_on(store: SqliteStore) -> None:
    built = parts(store)
    live = await keer_match(built)
    await built.turn_clocks.start(live, TableClock(ClockMode.LIVE))
    await built.turn_clocks.update(live)
    clock = built.turn_clocks.clocks[live.id]
    built.clock.now = clock.due_ms / 1000 + 1
    built.timers.rearm(live)
    task = built.timers.pending(live.id)
    assert task is not None
    await task
    [(fired_for, event)] = built.after.fired
    assert fired_for is live and isinstance(event, RanOut) and event.seats == (0,)


async def test_timers_wake_a_computer_that_waited_for_discord_s_clock(store: SqliteStore) -> None:
    built = parts(store)
    live = await keer_match(built, ai_player(0), ANA)
    live.wake_at = built.sync.now_ms() + 5_000
    built.timers.rearm(live)
    assert not built.timers.is_due(live)
    built.clock.now += 6
    assert built.timers.is_due(live)
    built.timers.rearm(live)
    task = built.timers.pending(live.id)
    assert task is not None
    await task
    [(woken, played)] = built.after.done
    assert woken is live and played is None, "nothing to play: the timer is told so"


# -- the publisher -----------------------------------------------------------------------------


async def test_the_publisher_posts_the_board_with_its_alt_text_and_remembers_it(
    store: SqliteStore,
) -> None:
    built = parts(store)
    live = await keer_match(built)
    await built.publisher.post_first(live)
    [sent] = built.messenger.sent
    assert sent.text == f"step of #{live.id} at v{live.state.version}"
    assert isinstance(sent.image, Image) and sent.image.png.startswith(PNG)
    assert sent.image.alt == f"alt of #{live.id}" and sent.nonce == f"tb{live.id}.0"
    assert live.message_id is not None
    assert (await store.load(live.id)).message_id == live.message_id


async def test_the_publisher_falls_back_to_a_text_board_where_files_are_forbidden(
    store: SqliteStore,
) -> None:
    built = parts(store)
    live = await keer_match(built)
    built.messenger.failing.append(http_error(403, 50013))
    await built.publisher.post_step(live)
    [sent] = built.messenger.sent
    assert sent.image is None and sent.text.endswith(f"board of #{live.id}")
    assert built.publisher.can_attach[live.channel_id] is False


# -- the outbox --------------------------------------------------------------------------------


async def test_the_outbox_retries_an_owed_post_and_says_when_it_landed(
    store: SqliteStore,
) -> None:
    built = parts(store)
    live = await keer_match(built)
    owed = Owed(live.id, "post", live.state.version, None, built.sync.now_ms())
    built.messenger.failing.append(http_error(503))
    built.outbox.owe(owed, live)
    assert built.outbox.owes_post(live.id)
    await delivered(built)
    assert len(built.messenger.sent) == 1 and built.outbox.delivered == 1
    assert built.after.landed_ == [live], "landed once, after the retry"
    assert built.publisher.errors == []


# -- the after-step pipeline ---------------------------------------------------------------------


async def test_the_pipeline_delivers_a_step_whose_answer_discord_lost(store: SqliteStore) -> None:
    built, steps, live = await opened(store)
    assert len(built.messenger.sent) == 1 and built.timers.pending(live.id) is not None
    played = await built.service.act(live.id, ANA.id, 0, THROW)

    async def lost() -> None:
        raise http_error(503)

    interaction: Any = SimpleNamespace(id=_snowflake(built))
    await steps.answered(interaction, played, lost(), on_public_message=True)
    await delivered(built)
    [(_, message_id, content, _)] = built.messenger.edits
    assert message_id == live.message_id and content == f"step of #{live.id} at v1"


async def test_the_pipeline_takes_the_buttons_off_a_match_that_ended_without_result(
    store: SqliteStore,
) -> None:
    built, steps, live = await opened(store)
    await built.service.cancel(live.id)
    steps.closed(live)
    await delivered(built)
    _, _, text, view = built.messenger.edits[-1]
    assert text == f"frozen #{live.id} at v{live.state.version}", "the last step, frozen"
    assert view is not None and not any(
        isinstance(item, discord.ui.ActionRow) for item in view.walk_children()
    ), "no buttons left"
    assert live.id not in built.turn_clocks.clocks
    assert await store.owed_messages() == []


async def test_the_pipeline_says_what_a_clock_did_before_posting_its_misses(
    store: SqliteStore,
) -> None:
    built, steps, live = await opened(store)
    clock = built.turn_clocks.clocks[live.id]
    built.clock.now = clock.due_ms / 1000
    event = await built.turn_clocks.fire(live)
    assert isinstance(event, RanOut)
    await steps.clock_fired(live, event)
    assert [what for what, _ in built.notices.said] == ["ran_out"]
    assert built.outbox.owes_post(live.id) or built.outbox.pending() > 0


# -- the click router ----------------------------------------------------------------------------


class _Response:
    """What a handler answers, as Discord would take it."""

    def __init__(self) -> None:
        self.said: list[tuple[str, dict[str, Any]]] = []

    def is_done(self) -> bool:
        return bool(self.said)

    async def send_message(self, content: str = "", **kwargs: Any) -> None:
        self.said.append((content, kwargs))

    async def edit_message(self, **kwargs: Any) -> None:
        view = kwargs.get("view")
        text = card_text(view) if isinstance(view, discord.ui.LayoutView) else kwargs.get("content")
        self.said.append((str(text), kwargs))


def _click(built: Parts, user: Player, live: LiveMatch) -> Any:
    """A click on the match's message by `user`, with only what the router reads of it."""
    return SimpleNamespace(
        id=_snowflake(built),
        user=SimpleNamespace(id=int(user.id), display_name=user.name),
        guild_id=int(live.guild_id or 0),
        channel_id=int(live.channel_id),
        locale=discord.Locale.american_english,
        message=SimpleNamespace(
            id=int(live.message_id or 0), flags=SimpleNamespace(ephemeral=False), attachments=[]
        ),
        response=_Response(),
    )


class _NoRematches:
    async def rematch(self, interaction: Any, match_id: int) -> None:
        raise AssertionError("no rematch here")


def _router(built: Parts) -> ClickRouter:
    steps = pipeline(built)
    absence = Absence(built.service, steps, built.turn_clocks)
    return ClickRouter(
        built.service,
        steps,
        absence,
        _NoRematches(),
        publisher=built.publisher,
        layouts=Layouts(),
        settings=Settings(built.store),
        patience=Patience(
            built.service,
            HeldClicks(built.service, steps, built.store_watch, built.sync.now_ms, None),
            built.store_watch,
            steps,
            now_ms=built.sync.now_ms,
        ),
        now_ms=lambda: int(time.time() * 1000),
    )


async def test_the_router_stores_a_roll_and_shows_it_on_the_clicked_message(
    store: SqliteStore,
) -> None:
    built = parts(store)
    router = _router(built)
    live = await keer_match(built)
    click = _click(built, ANA, live)
    await router.on_button(click, MatchRef(live.id, 0, Verb.ROLL))
    [(content, answer)] = click.response.said
    assert keer(live).phase is Phase.KEEP and f"#{live.id}" in content
    assert answer["view"] is not None
    assert (await store.load(live.id)).version == live.state.version


async def test_the_router_refuses_a_stale_click_an_outsider_and_a_verb_it_does_not_know(
    store: SqliteStore,
) -> None:
    built = parts(store)
    router = _router(built)
    live = await keer_match(built)
    cases = [
        (BO, MatchRef(live.id, 0, Verb.ROLL), "refuse-not-your-roll"),
        (Player("999", "Eve"), MatchRef(live.id, 0, Verb.ROLL), "refuse-not-playing"),
        (ANA, MatchRef(live.id, 0, "fly"), "refuse-button-does-nothing"),
        (ANA, MatchRef(live.id + 1, 0, Verb.ROLL), "refuse-no-match"),
    ]
    for user, ref, key in cases:
        with pytest.raises(Refused) as refused:
            await router.on_button(_click(built, user, live), ref)
        assert refused.value.key == key
    assert live.state.version == 0 and (await store.load(live.id)).version == 0


async def test_the_router_shows_the_text_board_to_anyone_privately(store: SqliteStore) -> None:
    built = parts(store)
    router = _router(built)
    live = await keer_match(built)
    click = _click(built, Player("999", "Eve"), live)
    await router.on_button(click, MatchRef(live.id, 0, Verb.BOARD))
    [(content, answer)] = click.response.said
    assert answer == {"ephemeral": True} and "Ana" in content


def _snowflake(built: Parts) -> int:
    """An interaction id made now, by the fake clock (Discord's time is in its snowflake)."""
    return (built.sync.now_ms() - 1_420_070_400_000) << 22

"""The outbox: a step's message is stored with the step and delivered until Discord takes it —
through 5xx and 429 storms, a crash before or after the post, a deleted message — and the turn
clock of a message starts only once the message is there."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from bot.app import TableroBot
from bot.core.live import LiveMatch
from bot.delivery import outbox
from bot.delivery.publisher import Publisher
from fakediscord import FakeMessage
from games.keer_kids import Phase
from games.records import Player
from storage import NewMatch, Owed, SqliteStore, StorageError, now_ms
from tests.bot.conftest import Server
from tests.bot.helpers import controls, delivered, quick
from tests.bot.keer_driver import (
    button_id,
    keer,
    live_here,
    members,
    pick,
    play_until,
    start_match,
)
from tests.bot.kero_driver import fire_due

POSTS = r"/channels/\d+/messages$"
LIVE_TURN_MS = 5 * 60_000


async def at_last_pick(server: Server, bot: TableroBot) -> tuple[LiveMatch, int, int]:
    """A new match of Ana and Bo played on until one member's pick ends a roll: the match, that
    member's seat, and how many table messages the channel has."""
    live = await start_match(server, bot, [server.bo], ais=0)
    await play_until(
        server, bot, live, lambda s: s.phase is Phase.CHOOSE and len(s.seats_to_act()) == 1
    )
    return live, keer(live).seats_to_act()[0], len(table_messages(server))


def table_messages(server: Server) -> list[FakeMessage]:
    """Messages with a table image, oldest first."""
    return [m for m in server.fake.channel_messages(server.channel) if m.attachments]


async def test_a_post_discord_keeps_refusing_is_retried_and_times_nobody_out(
    timed_server: Server,
) -> None:
    server, fake = timed_server, timed_server.fake
    assert server.clock is not None
    bot = quick(await server.start_bot())
    live, seat, tables = await at_last_pick(server, bot)
    old = live.message_id
    fake.background_prefixes += ("tablero-out",)
    fake.fail_next("POST", POSTS, 503, times=10**6)

    await pick(server, bot, live, seat)
    await asyncio.sleep(0.1)
    assert live.message_id == old and bot.runtime.outbox.owes_post(live.id)
    version = live.state.version
    server.clock.now += 3600  # an hour without a message: a live turn is 5 minutes
    await fire_due(server, bot, live)
    assert live.state.version == version, "a player was timed out for Discord's failure"
    assert not any("clock ran out" in m.text for m in fake.channel_messages(server.channel))

    fake.clear_failures()
    await delivered(server, bot)
    assert live.message_id != old and len(table_messages(server)) == tables + 1
    assert [m.id for m in table_messages(server) if controls(m)] == [int(live.message_id or 0)]
    clock = bot.runtime.turn_clocks.clocks[live.id]
    landed = bot.runtime.clock_sync.now_ms()
    assert (
        landed - 1000 <= clock.since_ms <= landed and clock.due_ms == clock.since_ms + LIVE_TURN_MS
    )
    roller = members(server)[live.players[keer(live).roller].id]
    res = await fake.click(bot, roller, fake.message(int(live.message_id or 0)), "Roll")
    assert res.acknowledged and not res.ephemeral
    await fake.disconnect(bot)


async def test_a_429_storm_longer_than_discord_py_retries_is_waited_out(server: Server) -> None:
    fake = server.fake
    bot = quick(await server.start_bot())
    live, seat, tables = await at_last_pick(server, bot)
    fake.fail_next("POST", POSTS, 429, retry_after=0.01, times=25)

    await pick(server, bot, live, seat)
    await delivered(server, bot)
    assert len(table_messages(server)) == tables + 1
    assert keer(live).phase is Phase.ROLL and live.message_id is not None
    assert table_messages(server)[-1].id == int(live.message_id)
    assert bot.runtime.publisher.errors == []
    await fake.disconnect(bot)


async def test_a_step_stored_before_a_crash_gets_its_message_at_the_restart(
    server: Server,
) -> None:
    fake = server.fake
    bot = quick(await server.start_bot())
    live, seat, tables = await at_last_pick(server, bot)
    fake.background_prefixes += ("tablero-out",)
    fake.fail_next("POST", POSTS, 503, times=10**6)
    await pick(server, bot, live, seat)
    await bot.runtime.outbox.close()  # the process dies with the message unposted
    owed = await bot.runtime.store.owed_messages()
    assert [(o.match_id, o.kind, o.version) for o in owed] == [
        (live.id, "post", live.state.version)
    ]
    fake.clear_failures()
    await fake.disconnect(bot)

    again = quick(await server.start_bot())
    await delivered(server, again)
    resumed = live_here(again, server)
    assert resumed is not None and resumed.message_id is not None
    assert len(table_messages(server)) == tables + 1
    assert [m.id for m in table_messages(server) if controls(m)] == [int(resumed.message_id)]
    assert await again.runtime.store.owed_messages() == []
    roller = members(server)[resumed.players[keer(resumed).roller].id]
    res = await fake.click(again, roller, fake.message(int(resumed.message_id)), "Roll")
    assert res.acknowledged and not res.ephemeral and res.errors == []
    await fake.disconnect(again)


async def test_a_post_repeated_after_its_message_was_made_is_not_a_second_message(
    server: Server,
) -> None:
    fake = server.fake
    bot = quick(await server.start_bot())
    live, seat, tables = await at_last_pick(server, bot)
    remember = bot.runtime.service.set_message
    failures = [StorageError("database is locked")] * 3

    async def flaky(*args: object, **kwargs: object) -> None:
        if failures:
            raise failures.pop()
        await remember(*args, **kwargs)  # type: ignore[arg-type]

    bot.runtime.service.set_message = flaky  # type: ignore[method-assign]
    await pick(server, bot, live, seat)
    await delivered(server, bot)
    assert len(table_messages(server)) == tables + 1, "a repeated post made a second message"
    assert live.message_id is not None and table_messages(server)[-1].id == int(live.message_id)
    assert await bot.runtime.store.owed_messages() == []
    await fake.disconnect(bot)


async def test_a_deleted_match_message_is_posted_again(server: Server, bot: TableroBot) -> None:
    fake = server.fake
    live = await start_match(server, bot, [server.bo], ais=0)
    assert live.message_id is not None
    first = fake.message(int(live.message_id))
    moderator = fake.add_member(server.guild, "Moderator", manage_messages=True)
    fake.delete_message(first, by=moderator)
    await asyncio.sleep(0)
    await delivered(server, bot)
    assert live.message_id is not None and int(live.message_id) != first.id
    again = fake.message(int(live.message_id))
    assert again.exists and again.attachments and "Roll" in [c.label for c in again.interactive()]
    assert (await bot.runtime.store.load(live.id)).message_id == live.message_id
    roller = members(server)[live.players[keer(live).roller].id]
    assert not (await fake.click(bot, roller, again, "Roll")).ephemeral


async def test_a_bulk_delete_taking_the_match_message_posts_it_again(
    server: Server, bot: TableroBot
) -> None:
    fake = server.fake
    live = await start_match(server, bot, [server.bo], ais=0)
    shown = fake.message(int(live.message_id or 0))
    moderator = fake.add_member(server.guild, "Moderator", manage_messages=True)
    fake.bulk_delete(fake.channel_messages(server.channel), by=moderator)
    await asyncio.sleep(0)
    await delivered(server, bot)
    assert live.message_id is not None and int(live.message_id) != shown.id
    assert [m.id for m in fake.channel_messages(server.channel)] == [int(live.message_id)]


async def test_a_message_deleted_unseen_is_posted_again_when_an_edit_finds_it_gone(
    server: Server, bot: TableroBot
) -> None:
    fake = server.fake
    live = await start_match(server, bot, [server.bo], ais=0)
    shown = fake.message(int(live.message_id or 0))
    roller = members(server)[live.players[keer(live).roller].id]
    await fake.click(bot, roller, shown, "Roll")
    keep = keer(live).legal_actions(keer(live).roller)[0].die  # type: ignore[union-attr]
    await fake.click(bot, roller, shown, button_id(shown, f":keep:{keep}"))
    await fake.settle()
    state = keer(live)
    assert state.phase is Phase.CHOOSE and len(state.seats_to_act()) == 2
    seat = state.seats_to_act()[0]
    user = members(server)[live.players[seat].id]
    action = state.legal_actions(seat)[0]
    die = button_id(shown, f":die:{action.die}")  # type: ignore[union-attr]
    opened = await fake.click(bot, user, shown, die)
    shown.deleted = True  # gone while the bot was not listening: no MESSAGE_DELETE
    choice = opened.messages[0]
    select = next(c for c in choice.interactive() if c.type == 3)
    assert select.custom_id is not None
    await fake.select(bot, user, choice, select.custom_id, [action.to_text()])
    await delivered(server, bot)
    assert live.message_id is not None and int(live.message_id) != shown.id
    assert fake.message(int(live.message_id)).interactive()
    fake.world.violations[:] = [v for v in fake.world.violations if "10008" not in v]


async def test_results_still_owed_at_a_restart_are_posted(server: Server) -> None:
    fake = server.fake
    bot = await server.start_bot()
    live = await start_match(server, bot, [], ais=1)
    await play_until(server, bot, live, lambda s: s.is_terminal())
    results = fake.channel_messages(server.channel)[-1]
    assert "🏆" in results.text
    results.deleted = True  # as if the process died before the results were posted
    await bot.runtime.store.owe(Owed(live.id, "post", live.state.version, None, now_ms()))
    await fake.disconnect(bot)

    again = await server.start_bot()
    await delivered(server, again)
    posted = fake.channel_messages(server.channel)[-1]
    assert posted.id != results.id and "🏆" in posted.text
    assert [c.label for c in posted.interactive()] == ["Rematch"]
    assert await again.runtime.store.owed_messages() == []
    await fake.disconnect(again)


async def test_messages_owed_at_a_restart_go_a_few_at_a_time_and_all_arrive(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Thousands posted at once flooded the event loop until the gateway's connect timed out."""
    monkeypatch.setattr(outbox, "RESTORED_AT_ONCE", 2)
    store = await SqliteStore.open(server.db_path)
    players = (Player(str(server.ana.id), "Ana"), Player(str(server.bo.id), "Bo"))
    for i in range(6):
        channel = server.fake.add_channel(server.guild, f"table-{i}")
        where = {"guild_id": str(server.guild.id), "channel_id": str(channel.id)}
        await store.create_match(NewMatch("keer-kids", players, f"owed/{i}", {}, **where))
    await store.close()
    posting, most, post = 0, 0, Publisher.post_step

    async def slow_post(self: Publisher, live: LiveMatch, *, nonce: str | None = None) -> None:
        nonlocal posting, most
        posting += 1
        most = max(most, posting)
        try:
            await asyncio.sleep(0.02)  # a slow Discord: every post would overlap if let
            await post(self, live, nonce=nonce)
        finally:
            posting -= 1

    monkeypatch.setattr(Publisher, "post_step", slow_post)
    bot = await server.start_bot()
    await delivered(server, bot)
    assert most == 2
    assert await bot.runtime.store.owed_messages() == []
    assert all(live.message_id is not None for live in bot.runtime.service.matches.values())
    assert len(bot.runtime.service.matches) == 6
    await server.fake.disconnect(bot)


async def test_a_restart_edits_only_the_messages_of_matches_changed_in_its_last_moments(
    server: Server,
) -> None:
    """A crash can lose only the answers of steps stored in the process's last moments: their
    messages are brought up to date at the restart; a match idle for an hour is left alone
    (a thousand open matches must not cost a thousand edits at every start)."""
    fake = server.fake
    bot = await server.start_bot()
    idle = await start_match(server, bot, [server.bo], ais=0)
    first_channel = server.channel
    server.channel = fake.add_channel(server.guild, "second-table")
    busy = await start_match(server, bot, [server.bo], ais=0)
    server.channel = first_channel
    await fake.disconnect(bot)
    with sqlite3.connect(server.db_path) as db:
        db.execute("UPDATE matches SET updated_at = updated_at - 3600000 WHERE id = ?", (idle.id,))

    edits_before = len(edits(server))
    again = await server.start_bot()
    await delivered(server, again)
    edited = edits(server)[edits_before:]
    assert f"/messages/{busy.message_id}" in edited
    assert f"/messages/{idle.message_id}" not in edited
    await fake.disconnect(again)


def edits(server: Server) -> list[str]:
    """The message paths of every edit Discord took, in order."""
    return [
        "/messages/" + path.rsplit("/", 1)[1]
        for method, path, status in server.fake.requests
        if method == "PATCH" and status == 200 and "/messages/" in path
    ]

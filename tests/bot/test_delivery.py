"""Interactions as real servers deliver them: twice, forged or stale, and Discord's 3 seconds
measured on real time."""

from __future__ import annotations

import asyncio
import logging
import re
from typing import Any

import discord
import pytest

from bot.app import TableroBot
from bot.core.live import LiveMatch
from bot.ui.answers import refuse
from bot.ui.components import view_of
from bot.ui.ids import LobbyRef, MatchRef
from bot.ui.items import match_button
from fakediscord import FakeMessage, FakeUser, InteractionResult
from games.keer_kids import Phase
from tests.bot.conftest import Server, said
from tests.bot.keer_driver import button_id, keer, members, open_lobby, start_match

GONE = "That match no longer exists."
ELSEWHERE = "That button belongs to a match in another channel."


def errors_logged(caplog: pytest.LogCaptureFixture) -> list[str]:
    """ERROR (and worse) records, with their text."""
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]


def roller_and_message(server: Server, live: LiveMatch) -> tuple[FakeUser, FakeMessage]:
    """The member whose Roll the match waits for, and the message carrying it."""
    state = keer(live)
    assert state.phase is Phase.ROLL and live.message_id is not None
    return members(server)[live.players[state.roller].id], server.fake.message(int(live.message_id))


async def stored_version(bot: TableroBot, live: LiveMatch) -> int:
    """The version of the match's stored log."""
    return (await bot.runtime.store.load(live.id)).version


def answered_once(res: InteractionResult) -> None:
    """One first response, no follow-up, no error."""
    assert res.acknowledged and res.interaction.followup_ids == [] and res.errors == []


# -- the same interaction delivered twice ------------------------------------------------------


async def test_a_redelivered_button_click_is_answered_once_and_applied_once(
    server: Server, bot: TableroBot, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    fake = server.fake
    live = await start_match(server, bot, [server.bo], ais=0)
    roller, message = roller_and_message(server, live)
    res = await fake.click(bot, roller, message, "Roll")
    await fake.settle()
    version, posted = live.state.version, len(fake.channel_messages(server.channel))
    assert keer(live).phase is Phase.KEEP and await stored_version(bot, live) == version

    await fake.redeliver(bot, res)  # after the answer: a resumed gateway replays it
    await fake.settle()
    assert res.interaction.deliveries == 2
    answered_once(res)
    assert live.state.version == version == await stored_version(bot, live)
    assert len(fake.channel_messages(server.channel)) == posted
    assert fake.violations == [] and errors_logged(caplog) == []
    assert any("delivered again" in r.getMessage() for r in caplog.records)


async def test_a_click_delivered_twice_back_to_back_is_answered_once(
    server: Server, bot: TableroBot, caplog: pytest.LogCaptureFixture
) -> None:
    fake = server.fake
    live = await start_match(server, bot, [server.bo], ais=0)
    roller, message = roller_and_message(server, live)
    before = live.state.version
    fake.redeliver_next()  # the copy arrives while the first is being handled
    res = await fake.click(bot, roller, message, "Roll")
    await fake.settle()
    assert res.interaction.deliveries == 2
    answered_once(res)
    stored = await bot.runtime.store.load(live.id)
    rolls = [e for e in stored.record.entries if e.interaction == str(res.interaction.id)]
    assert len(rolls) == 1 and live.state.version > before
    assert fake.violations == [] and errors_logged(caplog) == []


async def test_a_redelivered_slash_command_is_answered_once(
    server: Server, bot: TableroBot, caplog: pytest.LogCaptureFixture
) -> None:
    fake = server.fake
    fake.redeliver_next()
    res = await fake.slash(bot, server.ana, server.channel, "keer start")
    await fake.settle()
    await fake.redeliver(bot, res)
    await fake.settle()
    assert res.interaction.deliveries == 3
    answered_once(res)
    assert len(await bot.runtime.store.open_lobbies()) == 1
    assert [m.id for m in fake.channel_messages(server.channel)] == [res.message.id]  # type: ignore[union-attr]
    assert fake.violations == [] and errors_logged(caplog) == []


async def test_a_refusal_discord_no_longer_takes_is_logged_without_a_traceback(
    server: Server,
    bot: TableroBot,
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A notice sent where Discord answers 40060 (another process answered the interaction)
    is a warning, not an error."""
    fake = server.fake
    lobby = await open_lobby(server, bot, [], ais=0)

    async def answered_elsewhere(interaction: discord.Interaction[Any], ref: LobbyRef) -> None:
        path = f"/interactions/{interaction.id}/{interaction.token}/callback"
        assert fake.handle("POST", path, {"type": 6})[0] == 204  # another process answered
        await refuse(interaction, "refuse-moved-on")

    monkeypatch.setattr(bot.runtime.lobbies, "on_button", answered_elsewhere)
    res = await fake.click(bot, server.bo, lobby, "Join")
    await fake.settle()
    assert res.acknowledged and any(v.startswith("400/40060") for v in fake.violations)
    assert errors_logged(caplog) == []
    warned = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert any("already answered" in r.getMessage() and r.exc_info is None for r in warned)
    fake.violations.clear()  # the 40060 was the point


# -- forged or stale match references ------------------------------------------------------------


async def test_a_custom_id_naming_no_match_is_refused_as_gone(
    server: Server, bot: TableroBot, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO)
    fake = server.fake
    channel = bot.get_channel(server.channel.id)
    assert isinstance(channel, discord.TextChannel)
    ghost = MatchRef(987_654, 3, "roll")
    sent = await channel.send("an old match", view=view_of(match_button(ghost, "Roll")))
    carried = await fake.click(bot, server.ana, sent.id, "Roll")  # the message carries it
    assert carried.ephemeral and said(carried) == GONE
    lobby = await open_lobby(server, bot, [], ais=0)
    for custom_id, message in [
        (ghost.button_id(), lobby),  # on a message that does not carry it
        ("tbs:987654:3:pick:1", None),
    ]:
        forged = await fake.component(
            bot, server.ana, server.channel, custom_id=custom_id, message=message
        )
        assert forged.ephemeral and said(forged) == GONE
    assert any("987654" in r.getMessage() and r.levelno == logging.INFO for r in caplog.records)
    assert errors_logged(caplog) == []


async def test_a_valid_custom_id_from_another_channel_or_guild_changes_nothing(
    server: Server, bot: TableroBot
) -> None:
    fake = server.fake
    live = await start_match(server, bot, [server.bo], ais=0)
    roller, message = roller_and_message(server, live)
    roll = button_id(message, ":roll")
    elsewhere = fake.add_channel(server.guild, "elsewhere")
    other_guild = fake.add_guild("Other server")
    abroad = fake.add_channel(other_guild, "games")
    fake.add_member(other_guild, roller)
    other_message = (await fake.slash(bot, server.ana, elsewhere, "keer start")).message
    before = live.state.version
    for chan, carrier in [
        (elsewhere, message),  # the match's own message, sent from another channel
        (abroad, message),  # ... from another server
        (elsewhere, other_message),  # a message of that channel, which does not carry it
        (abroad, None),
    ]:
        res = await fake.component(bot, roller, chan, custom_id=roll, message=carrier)
        assert res.ephemeral and said(res) == ELSEWHERE, (chan.name, said(res))
    dm = await fake.component(bot, roller, fake.dm_channel(roller), custom_id=roll, message=message)
    assert said(dm) == ELSEWHERE
    await fake.settle()
    assert live.state.version == before == await stored_version(bot, live)
    assert keer(live).phase is Phase.ROLL
    res = await fake.click(bot, roller, message, "Roll")  # from the match's channel it plays
    assert not res.ephemeral and keer(live).phase is Phase.KEEP


async def test_a_match_in_a_thread_takes_clicks_from_its_thread_only(
    server: Server, bot: TableroBot
) -> None:
    fake = server.fake
    await fake.slash(bot, server.mod, server.channel, "settings threads", mode="on")
    lobby = await open_lobby(server, bot, [server.bo], ais=0)
    await fake.click(bot, server.ana, lobby, "Start")
    await fake.settle()
    [thread] = fake.threads(server.channel)
    live = bot.runtime.service.in_channel(str(thread.id))
    assert live is not None and live.message_id is not None
    message = fake.message(int(live.message_id))
    roller = members(server)[live.players[keer(live).roller].id]
    res = await fake.component(
        bot, roller, server.channel, custom_id=button_id(message, ":roll"), message=message
    )
    assert said(res) == ELSEWHERE and keer(live).phase is Phase.ROLL
    res = await fake.click(bot, roller, message, "Roll")
    assert not res.ephemeral and keer(live).phase is Phase.KEEP


# -- Discord's 3 seconds, on real time -------------------------------------------------------------


async def test_a_first_answer_after_3_real_seconds_is_unknown_interaction_even_on_virtual_time(
    timed_server: Server, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake, clock = timed_server.fake, timed_server.clock
    assert clock is not None
    bot = await timed_server.start_bot()
    lobby = await open_lobby(timed_server, bot, [], ais=0)
    join = bot.runtime.lobbies.on_button

    async def virtual_minute(interaction: discord.Interaction[Any], ref: LobbyRef) -> None:
        clock.advance(60)  # a minute of game time passes: no real time, no 10062
        await join(interaction, ref)

    monkeypatch.setattr(bot.runtime.lobbies, "on_button", virtual_minute)
    res = await fake.click(bot, timed_server.bo, lobby, "Join")
    assert res.acknowledged and (res.first_response_ms or 0) < 3000 and (res.ack_ms or 0) >= 60_000
    assert fake.violations == []

    async def slow(interaction: discord.Interaction[Any], ref: LobbyRef) -> None:
        await asyncio.sleep(3.2)  # really slow: the refusal comes too late
        await refuse(interaction, "refuse-failed")

    monkeypatch.setattr(bot.runtime.lobbies, "on_button", slow)
    late = await fake.click(bot, timed_server.cas, lobby, "Join")
    await fake.settle()
    assert not late.acknowledged and late.first_response_ms is None
    [violation] = fake.violations
    assert re.match(r"404/10062 Unknown interaction \(first response after 3\d{3} ms\)", violation)
    assert errors_logged(caplog) == []
    assert any("3 seconds had passed" in r.getMessage() for r in caplog.records)
    fake.violations.clear()  # the 10062 was the point

    monkeypatch.setattr(bot.runtime.lobbies, "on_button", join)
    res = await fake.click(bot, timed_server.cas, lobby, "Join")
    assert res.acknowledged and (res.first_response_ms or 0) < 3000 and fake.violations == []
    await fake.settle()
    await bot.close()

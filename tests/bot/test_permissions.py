"""Ready for real servers: the bot checks its own permissions before starting anything, never
leaves a match without a message, keeps its server commands out of DMs, says which permission a
member lacks, and links the match that blocks a channel."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.app import TableroBot
from bot.ui.permissions import MANAGE_SERVER
from fakediscord import FakeChannel, FakeMessage, InteractionResult
from tests.bot.conftest import Server, said
from tests.bot.helpers import take_from_bot
from tests.bot.keer_driver import live_here, open_lobby, start_match
from words import words_for

SERVER_GROUPS = ("keer", "kero", "match", "settings")


def refusal(res: InteractionResult) -> str:
    """The ephemeral text a member got: the first response, or a followup after a deferral."""
    texts = [m.text for m in res.messages]
    if res.ephemeral:
        texts.insert(0, said(res))
    assert texts, f"no ephemeral answer: {res.response}"
    return "\n".join(texts)


async def nothing_started(server: Server, bot: TableroBot, channel: FakeChannel) -> None:
    """No match, no lobby, nothing public in the channel."""
    await server.fake.settle()
    assert live_here(bot, server, channel.id) is None
    assert await bot.runtime.store.open_match_in(str(channel.id)) is None
    assert await bot.runtime.store.open_lobbies() == []
    assert server.fake.channel_messages(channel) == []


def has_button(message: FakeMessage, label: str) -> bool:
    return label in [c.label for c in message.interactive()]


async def test_keer_start_where_the_bot_cannot_send_is_refused_naming_it(
    server: Server, bot: TableroBot
) -> None:
    fake = server.fake
    mute = fake.add_channel(server.guild, "announcements", send_messages=False)
    res = await fake.slash(bot, server.ana, mute, "keer start")
    text = refusal(res)
    assert res.ephemeral and "Send Messages" in text and f"<#{mute.id}>" in text
    assert "Attach Files" not in text and "An admin can grant it" in text
    await nothing_started(server, bot, mute)


async def test_kero_challenge_without_attach_files_is_refused_naming_it(
    server: Server, bot: TableroBot
) -> None:
    fake = server.fake
    plain = fake.add_channel(server.guild, "text-only", attach_files=False, embed_links=False)
    for member in (server.bo, fake.bot):
        res = await fake.slash(bot, server.ana, plain, "kero challenge", member=member)
        text = refusal(res)
        assert res.ephemeral and f"<#{plain.id}>" in text
        assert "missing Attach Files and Embed Links there" in text
    await nothing_started(server, bot, plain)


async def test_start_after_the_bot_lost_send_messages_leaves_the_lobby_open(
    server: Server, bot: TableroBot
) -> None:
    fake = server.fake
    lobby = await open_lobby(server, bot, [server.bo], ais=0)
    take_from_bot(server, server.channel, send_messages=False)
    res = await fake.click(bot, server.ana, lobby, "Start")
    assert res.ephemeral and "Send Messages" in refusal(res)
    await fake.settle()
    assert live_here(bot, server) is None and bot.runtime.service.matches == {}
    assert has_button(fake.message(lobby.id), "Start")


async def test_accepting_a_challenge_where_the_bot_cannot_attach_is_refused(
    server: Server, bot: TableroBot
) -> None:
    fake = server.fake
    challenge = await fake.slash(
        bot, server.ana, server.channel, "kero challenge", member=server.bo
    )
    take_from_bot(server, server.channel, attach_files=False)
    res = await fake.click(bot, server.bo, challenge.message, "Accept")
    assert res.ephemeral and "Attach Files" in refusal(res)
    await fake.settle()
    assert live_here(bot, server) is None
    assert challenge.message is not None and has_button(
        fake.message(challenge.message.id), "Accept"
    )


async def test_threads_on_without_create_public_threads_is_refused(
    server: Server, bot: TableroBot
) -> None:
    fake = server.fake
    await fake.slash(bot, server.mod, server.channel, "settings threads", mode="on")
    flat = fake.add_channel(server.guild, "no-threads", create_public_threads=False)
    res = await fake.slash(bot, server.ana, flat, "keer start")
    assert res.ephemeral and "Create Public Threads" in refusal(res)
    await nothing_started(server, bot, flat)

    lobby = await open_lobby(server, bot, [server.bo], ais=0)
    take_from_bot(server, server.channel, create_public_threads=False)
    start = await fake.click(bot, server.ana, lobby, "Start")
    assert start.ephemeral and "Create Public Threads" in refusal(start)
    await fake.settle()
    assert fake.threads(server.channel) == [] and bot.runtime.service.matches == {}


async def test_a_first_message_that_fails_leaves_no_match_and_a_free_channel(
    server: Server, bot: TableroBot
) -> None:
    fake, channel = server.fake, server.channel
    lobby = await open_lobby(server, bot, [server.bo], ais=0)
    fake.fail_next("POST", rf"/channels/{channel.id}/messages$", 403)
    res = await fake.click(bot, server.ana, lobby, "Start")
    await fake.settle()
    text = refusal(res)
    assert "couldn't post the first message" in text and "channel is free" in text
    assert live_here(bot, server) is None and bot.runtime.service.matches == {}
    assert await bot.runtime.store.open_match_in(str(channel.id)) is None
    found = re.search(r"match #(\d+)", text)
    assert found is not None
    assert (await bot.runtime.store.load(int(found[1]))).status == "cancelled"
    assert has_button(fake.message(lobby.id), "Start")

    again = await fake.click(bot, server.ana, lobby, "Start")
    await fake.settle()
    live = live_here(bot, server)
    assert again.acknowledged and live is not None and live.message_id is not None
    assert "started" in fake.message(lobby.id).text


async def test_a_match_against_the_computer_whose_first_message_fails_is_called_off(
    server: Server, bot: TableroBot
) -> None:
    fake, channel = server.fake, server.channel
    fake.fail_next("POST", rf"/channels/{channel.id}/messages$", 400)
    res = await fake.slash(bot, server.ana, channel, "kero challenge", member=fake.bot)
    await fake.settle()
    assert res.ephemeral and res.message is not None
    assert "🔒" in fake.message(res.message.id).text  # the commitment, shown before the deal
    answer = res.followups[-1]
    assert answer.ephemeral and "couldn't post the first message" in answer.text
    assert live_here(bot, server) is None and bot.runtime.service.matches == {}
    assert await bot.runtime.store.open_match_in(str(channel.id)) is None

    again = await fake.slash(bot, server.ana, channel, "kero challenge", member=fake.bot)
    await fake.settle()
    assert again.message is not None and "has started" in fake.message(again.message.id).text
    assert live_here(bot, server) is not None


async def test_server_groups_are_guild_only_and_a_dm_keer_start_is_refused(
    server: Server, bot: TableroBot
) -> None:
    fake = server.fake
    synced = {c["name"]: c for c in fake.synced_commands[None]}
    for name in SERVER_GROUPS:
        assert synced[name]["dm_permission"] is False, name
        assert synced[name]["contexts"] == [0], name
    dm = fake.dm_channel(server.ana)
    res = await fake.slash(bot, server.ana, dm, "keer start")
    await fake.settle()
    assert res.ephemeral and "played in a server" in said(res)
    assert await bot.runtime.store.open_lobbies() == [] and bot.runtime.service.matches == {}
    assert [m for m in fake.channel_messages(dm) if not m.ephemeral] == []


SETTINGS_OPTIONS: dict[str, list[dict[str, Any]]] = {
    "threads": [{"name": "mode", "type": 3, "value": "on"}],
    "limit": [{"name": "matches", "type": 4, "value": 2}],
    "clock": [{"name": "default", "type": 3, "value": "live"}],
    "global": [{"name": "mode", "type": 3, "value": "on"}],
}


@pytest.mark.parametrize("sub", sorted(SETTINGS_OPTIONS))
async def test_settings_without_manage_server_says_what_is_missing(
    server: Server, bot: TableroBot, sub: str
) -> None:
    """An admin opened `/settings` to everyone in the command permissions (the fake's Discord
    client would hide it, so the interaction is built as Discord would deliver it)."""
    fake = server.fake
    command = next(c for c in fake.synced_commands[None] if c["name"] == "settings")
    data = {
        "id": command["id"],
        "name": "settings",
        "type": 1,
        "options": [{"name": sub, "type": 1, "options": SETTINGS_OPTIONS[sub]}],
    }
    res = await fake.interact(bot, server.eve, server.channel, 2, data)
    assert res.ephemeral and said(res) == words_for("en")(MANAGE_SERVER)
    assert await bot.runtime.store.get_guild_settings(str(server.guild.id)) == {}


async def test_a_second_match_in_a_channel_links_the_running_one(
    server: Server, bot: TableroBot
) -> None:
    fake = server.fake
    live = await start_match(server, bot, [server.bo], ais=0)
    url = f"https://discord.com/channels/{server.guild.id}/{server.channel.id}/{live.message_id}"
    lobby = await fake.slash(bot, server.cas, server.channel, "keer start")
    assert lobby.ephemeral and f"Match #{live.id} is still running" in said(lobby)
    assert url in said(lobby)
    challenge = await fake.slash(bot, server.cas, server.channel, "kero challenge", member=fake.bot)
    assert challenge.ephemeral and url in said(challenge)

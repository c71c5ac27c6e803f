"""The slash commands through the fake Discord: matches, challenges, settings, rules, expiry."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from bot.app import TableroBot
from bot.config import Config, Secret
from bot.ui.rules_pages import pages
from fakediscord.model import Overwrite
from fakediscord.world import perm_bits
from tests.bot.conftest import Server, said
from tests.bot.helpers import controls
from tests.bot.keer_driver import decodes, live_here, open_lobby, play_roll, start_match
from words import isolate, words_for


async def test_commands_are_synced_globally_without_a_dev_guild(
    server: Server, bot: TableroBot
) -> None:
    names = {command["name"] for command in server.fake.synced_commands[None]}
    assert names == {
        *("keer", "kero", "match", "rules", "help", "settings", "notify", "away", "privacy"),
        *("leaderboard", "stats", "history"),
    }


async def test_match_status_shows_the_match_and_a_link(server: Server, bot: TableroBot) -> None:
    live = await start_match(server, bot, [server.bo], ais=0)
    res = await server.fake.slash(bot, server.eve, server.channel, "match status")
    assert (
        res.ephemeral
        and f"match #{live.id}" in said(res)
        and f"{isolate('Ana')} rolls next" in said(res)
    )
    assert f"/{server.channel.id}/{live.message_id}" in said(res)
    elsewhere = server.fake.add_channel(server.guild, "quiet")
    none = await server.fake.slash(bot, server.ana, elsewhere, "match status")
    assert none.ephemeral and "No match" in said(none)


async def test_resigning_a_three_player_match_hands_the_seat_to_the_computer(
    server: Server, bot: TableroBot
) -> None:
    live = await start_match(server, bot, [server.bo, server.cas], ais=0)
    res = await server.fake.slash(bot, server.cas, server.channel, "match resign")
    assert not res.ephemeral and "computer plays their seat" in said(res)
    assert live.is_ai(2) and (await bot.runtime.store.load(live.id)).departed == {2: "resigned"}
    again = await server.fake.slash(bot, server.cas, server.channel, "match resign")
    assert again.ephemeral and "not playing" in said(again)
    for _ in range(3):
        await play_roll(server, bot, live)
    assert 2 not in live.state.seats_to_act()


async def test_resigning_a_two_player_match_ends_it(server: Server, bot: TableroBot) -> None:
    live = await start_match(server, bot, [server.bo], ais=0)
    message = live.message_id
    res = await server.fake.slash(bot, server.bo, server.channel, "match resign")
    await server.fake.settle()
    assert not res.ephemeral and "resigned" in said(res)
    assert live_here(bot, server) is None
    assert controls(server.fake.message(int(message or 0))) == []
    assert (await bot.runtime.store.load(live.id)).status == "finished"


async def test_cancel_needs_every_player_or_manage_server(server: Server, bot: TableroBot) -> None:
    fake = server.fake
    live = await start_match(server, bot, [server.bo], ais=0)
    outsider = await fake.slash(bot, server.eve, server.channel, "match cancel")
    assert outsider.ephemeral and "Only the players" in said(outsider)
    ask = await fake.slash(bot, server.ana, server.channel, "match cancel")
    assert not ask.ephemeral and f"Waiting for: {isolate('Bo')}" in said(ask)
    no = await fake.click(bot, server.eve, ask.message, "Cancel it")
    assert no.ephemeral
    keep = await fake.click(bot, server.bo, ask.message, "Keep playing")
    assert "goes on" in said(keep) and live_here(bot, server) is live

    ask = await fake.slash(bot, server.ana, server.channel, "match cancel")
    yes = await fake.click(bot, server.bo, ask.message, "Cancel it")
    await fake.settle()
    assert "cancelled" in said(yes) and live_here(bot, server) is None
    assert (await bot.runtime.store.load(live.id)).status == "cancelled"

    other = await start_match(server, bot, [server.bo], ais=0)
    res = await fake.slash(bot, server.mod, server.channel, "match cancel")
    assert f"cancelled by a moderator, {isolate('Mod')}" in said(res)
    assert (await bot.runtime.store.load(other.id)).status == "cancelled"

    seated = await start_match(server, bot, [server.mod], ais=0)
    asked = await fake.slash(bot, server.mod, server.channel, "match cancel")
    assert f"Waiting for: {isolate('Ana')}" in said(asked), "a seated moderator votes too"
    assert live_here(bot, server) is seated
    agreed = await fake.click(bot, server.ana, asked.message, "Cancel it")
    await fake.settle()
    assert "cancelled: every player agreed" in said(agreed)
    assert (await bot.runtime.store.load(seated.id)).status == "cancelled"


async def test_a_channel_that_loses_attach_files_gets_a_text_board(
    server: Server, bot: TableroBot
) -> None:
    fake = server.fake
    live = await start_match(server, bot, [server.bo], ais=0)
    # Attach Files taken away mid-match (a match can't start without it: test_permissions.py).
    allow, deny = perm_bits(attach_files=False)
    server.channel.overwrites.append(Overwrite(fake.bot.id, 1, allow, deny))
    await play_roll(server, bot, live)
    message = fake.message(int(live.message_id or 0))
    assert message.attachments == []
    assert f"**{isolate('Ana')}** — " in message.text and "roll the dice" in message.text


async def test_threads_setting_puts_each_match_in_its_own_thread(
    server: Server, bot: TableroBot
) -> None:
    fake = server.fake
    settings = next(c for c in fake.synced_commands[None] if c["name"] == "settings")
    assert settings.get("default_member_permissions") is None  # show and me are for anyone
    res = await fake.slash(bot, server.mod, server.channel, "settings threads", mode="on")
    assert res.ephemeral and "own thread" in said(res)

    first = await start_match_in_thread(server, bot)
    second = await start_match_in_thread(server, bot)
    threads = fake.threads(server.channel)
    assert {str(t.id) for t in threads} == {first, second}
    for thread in threads:
        messages = fake.channel_messages(thread)
        assert messages and decodes(messages[0]) == 2  # the strip and the table


async def start_match_in_thread(server: Server, bot: TableroBot) -> str:
    """Start a lobby's match with threads on; returns the thread id."""
    lobby = await open_lobby(server, bot, [server.bo], ais=0)
    await server.fake.click(bot, server.ana, lobby, "Start")
    await server.fake.settle()
    assert "in its thread" in server.fake.message(lobby.id).text
    match_id = int(server.fake.message(lobby.id).text.split("#")[1].split()[0])
    return bot.runtime.service.matches[match_id].channel_id


async def test_kero_challenge_only_the_challenged_member_answers(
    server: Server, bot: TableroBot
) -> None:
    fake = server.fake
    res = await fake.slash(bot, server.ana, server.channel, "kero challenge", member=server.bo)
    assert not res.ephemeral and f"<@{server.bo.id}>" in said(res)
    challenge = res.message
    assert (await fake.click(bot, server.eve, challenge, "Accept")).ephemeral
    assert (await fake.click(bot, server.ana, challenge, "Accept")).ephemeral
    accepted = await fake.click(bot, server.bo, challenge, "Accept")
    await fake.settle()
    assert accepted.acknowledged and "started" in fake.message(challenge.id).text
    live = live_here(bot, server)
    assert live is not None and live.spec.name == "kero"
    assert decodes(fake.message(int(live.message_id or 0))) == 2  # the turn strip, the table


async def test_kero_challenge_can_be_declined_or_played_against_the_bot(
    server: Server, bot: TableroBot
) -> None:
    fake = server.fake
    self_challenge = await fake.slash(
        bot, server.ana, server.channel, "kero challenge", member=server.ana
    )
    assert self_challenge.ephemeral and "yourself" in said(self_challenge)
    res = await fake.slash(bot, server.ana, server.channel, "kero challenge", member=server.bo)
    declined = await fake.click(bot, server.bo, res.message, "Decline")
    assert "declined" in said(declined) and live_here(bot, server) is None
    versus = await fake.slash(
        bot, server.ana, server.channel, "kero challenge", member=fake.bot, variant="boss"
    )
    await fake.settle()
    live = live_here(bot, server)
    assert versus.acknowledged and live is not None
    assert [p.id.startswith("ai:") for p in live.players] == [False, True]
    assert live.options == {"variant": "boss", "fuel_up": "auto"}


@pytest.mark.parametrize("book", ["keer-kids", "kero"])
async def test_rules_are_paged_for_the_member_only(
    server: Server, bot: TableroBot, book: str
) -> None:
    fake = server.fake
    res = await fake.slash(bot, server.ana, server.channel, "rules", game=book)
    assert res.ephemeral
    embed = res.response["data"]["embeds"][0]
    book_pages = pages(book, words_for("en"))
    assert embed["title"] == book_pages[0].title
    shown = res.message
    for index in range(1, len(book_pages)):
        turned = await fake.click(bot, server.ana, shown, "Next ▶")
        assert turned.response["data"]["embeds"][0]["title"] == book_pages[index].title
    assert "Next ▶" in [c.label for c in fake.message(shown.id).interactive() if c.disabled]


async def test_help_lists_the_commands(server: Server, bot: TableroBot) -> None:
    res = await server.fake.slash(bot, server.ana, server.channel, "help")
    body = res.response["data"]["embeds"][0]["description"]
    assert res.ephemeral
    for command in ("/keer start", "/kero challenge", "/match cancel"):
        assert command in body
    turned = await server.fake.click(bot, server.ana, res.message, "Next ▶")
    assert "/rules" in turned.response["data"]["embeds"][0]["description"]


async def test_a_lobby_expires_and_its_expiry_survives_a_restart(
    server: Server, bot: TableroBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = server.fake
    monkeypatch.setattr("bot.games.keer_kids.commands.LOBBY_MS", 300)
    lobby = await open_lobby(server, bot, [], ais=0)
    await fake.settle()
    await fake.disconnect(bot)
    again = await server.start_bot()
    await asyncio.sleep(0.5)
    await fake.settle()
    assert "expired" in fake.message(lobby.id).text
    assert fake.message(lobby.id).interactive() == []
    stored = await again.runtime.store.open_lobbies()
    assert stored == []
    await fake.disconnect(again)


async def test_a_dev_guild_gets_the_commands_at_once(server: Server) -> None:
    config = Config(Secret("fake-token"), server.guild.id, None, server.db_path, "INFO")
    bot = TableroBot(config)
    await server.fake.connect(bot)
    synced = server.fake.synced_commands
    assert {c["name"] for c in synced[server.guild.id]} >= {"keer", "kero", "match"}
    assert synced.get(None, []) == []
    await server.fake.disconnect(bot)


async def test_corrupt_server_settings_get_a_clear_refusal(server: Server, bot: TableroBot) -> None:
    await server.fake.settle()
    with sqlite3.connect(server.db_path) as db:
        db.execute(
            "INSERT INTO guild_settings (guild_id, settings, updated_at) VALUES (?, ?, 0)",
            (str(server.guild.id), "{not json"),
        )
    res = await server.fake.slash(bot, server.ana, server.channel, "keer start")
    assert res.ephemeral and "damaged" in said(res)
    assert await bot.runtime.store.open_lobbies() == []


async def test_a_match_whose_log_no_longer_replays_is_paused_not_fatal(server: Server) -> None:
    fake = server.fake
    first = await server.start_bot()
    live = await start_match(server, first, [server.bo], ais=0)
    await play_roll(server, first, live)
    message = int(live.message_id or 0)
    await fake.disconnect(first)
    with sqlite3.connect(server.db_path) as db:
        db.execute(
            "UPDATE match_events SET action = 'keep:7' WHERE match_id = ? AND seq = 1", (live.id,)
        )
    again = await server.start_bot()
    assert live.id in again.runtime.startup_problems and again.runtime.service.matches == {}
    res = await fake.click(again, server.ana, fake.message(message), "Roll")
    assert res.ephemeral and "damaged" in said(res)
    await fake.disconnect(again)


async def test_match_list_and_the_per_member_limit(server: Server, bot: TableroBot) -> None:
    fake = server.fake
    empty = await fake.slash(bot, server.ana, server.channel, "match list")
    assert empty.ephemeral and "no open match" in said(empty)
    first = await start_match(server, bot, [server.bo], ais=0)
    listed = await fake.slash(bot, server.ana, server.channel, "match list")
    assert listed.ephemeral and f"#{first.id}" in said(listed) and "your move" in said(listed)
    assert "your move" not in said(await fake.slash(bot, server.bo, server.channel, "match list"))

    await fake.slash(bot, server.mod, server.channel, "settings limit", matches=1)
    other = fake.add_channel(server.guild, "second")
    refused = await fake.slash(bot, server.ana, other, "keer start")
    assert refused.ephemeral and "limit is 1" in said(refused)
    cas_lobby = await fake.slash(bot, server.cas, other, "keer start")
    await fake.click(bot, server.bo, cas_lobby.message, "Join")
    blocked = await fake.click(bot, server.cas, cas_lobby.message, "Start")
    assert blocked.ephemeral and f"<@{server.bo.id}>" in said(blocked)
    assert live_here(bot, server, other.id) is None

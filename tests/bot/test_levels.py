"""Computer levels through Discord: chosen where seats are filled, shown next to the seat's
name, stored in the match record, and a hard computer's moves coming back from its worker."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from bot.app import TableroBot
from bot.cogs.ratings import against_computer
from bot.core.computer import ai_player, computer_id, level_of, shown_name
from games.common.levels import LEVELS, Level
from games.keer_kids import Phase
from games.records import Player
from storage import NewMatch, Result
from tests.bot.conftest import Server, said
from tests.bot.keer_driver import button_id, keer, live_here, member_move
from words import words_for


def test_a_computer_s_id_carries_its_level_and_old_ids_are_normal() -> None:
    for level in LEVELS:
        assert level_of(computer_id(level, 3)) is level
    assert computer_id(Level.NORMAL, 1) == "ai:1", "the id every match before levels has"
    assert level_of("ai:hard:2") is Level.HARD
    assert level_of("ai:wild:2") is Level.NORMAL and level_of("ai:") is Level.NORMAL


def test_the_level_shows_next_to_the_name_in_every_language() -> None:
    hard = ai_player(0, Level.HARD)
    assert shown_name(hard, words_for("en")) == "Ada (AI, hard)"
    assert shown_name(hard, words_for("es")) == "Ada (IA, difícil)"
    assert shown_name(ai_player(1, Level.EASY), words_for("nl")) == "Bert (computer, makkelijk)"
    assert shown_name(Player("7", "Zoë"), words_for("en")) == "Zoë"


def test_stats_count_each_computer_seat_head_to_head_by_level() -> None:
    rows = [("ai:easy:1", 1, 2), ("ai:easy:2", 1, 3), ("ai:hard:1", 2, 1), ("ai:1", 1, 1)]
    line = against_computer(rows, words_for("en"))
    assert line == "Against the computer: easy 2–0–0 · normal 0–1–0 · hard 0–0–1"


async def test_the_lobby_offers_three_levels_and_the_record_keeps_them(
    server: Server, bot: TableroBot
) -> None:
    fake = server.fake
    lobby = (await fake.slash(bot, server.ana, server.channel, "keer start")).message
    assert lobby is not None
    refused = await fake.click(bot, server.bo, lobby, "Add AI: hard")
    assert refused.ephemeral and "Only the host" in said(refused)
    for label in ("Add AI: easy", "Add AI", "Add AI: hard"):
        assert not (await fake.click(bot, server.ana, lobby, label)).ephemeral
    text = fake.message(lobby.id).text
    for name in ("Ada (AI, easy)", "Bert (AI, normal)", "Cleo (AI, hard)"):
        assert name in text
    await fake.click(bot, server.ana, lobby, button_id(fake.message(lobby.id), ":start"))
    await fake.settle()
    live = live_here(bot, server)
    assert live is not None
    ids = ["ai:easy:1", "ai:2", "ai:hard:3"]
    assert [p.id for p in live.players] == [str(server.ana.id), *ids]
    stored = await bot.runtime.store.load(live.id)
    assert [p.id for p in stored.record.players][1:] == ids
    await bot.runtime.service.cancel(live.id)


async def _until(done: Callable[[], bool], seconds: float = 60) -> None:
    for _ in range(int(seconds / 0.02)):
        if done():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("the bot never got there")


async def test_a_hard_computer_s_moves_come_from_its_worker_and_are_stored(
    server: Server, bot: TableroBot
) -> None:
    """Ana against a hard computer for three rolls: each of its keeps and picks arrives once
    its worker answered, through the match's timer, and is stored like Ana's."""
    fake = server.fake
    lobby = (await fake.slash(bot, server.ana, server.channel, "keer start")).message
    assert lobby is not None
    await fake.click(bot, server.ana, lobby, "Add AI: hard")
    await fake.click(bot, server.ana, lobby, button_id(fake.message(lobby.id), ":start"))
    await fake.settle()
    live = live_here(bot, server)
    assert live is not None and live.level(1) is Level.HARD
    while keer(live).rolls < 4 and not keer(live).is_terminal():
        await _until(lambda: live.waits_for(0) or keer(live).phase is Phase.OVER)
        await fake.settle()
        if live.waits_for(0):
            await member_move(server, bot, live)
    entries = (await bot.runtime.store.load(live.id)).record.entries
    assert any(e.seat == 1 and e.action.startswith("keep:") for e in entries)
    assert sum(e.seat == 1 for e in entries) >= 3
    await bot.runtime.service.cancel(live.id)


async def test_challenging_the_bot_takes_a_level(server: Server, bot: TableroBot) -> None:
    fake = server.fake
    forged = await fake.slash(
        bot,
        server.ana,
        server.channel,
        "kero challenge",
        member=fake.bot,
        level="wild",
        modified_client=True,  # a forged payload: Discord's own client offers the choices only
    )
    assert forged.ephemeral and live_here(bot, server) is None
    res = await fake.slash(
        bot, server.ana, server.channel, "kero challenge", member=fake.bot, level="easy"
    )
    assert res.ephemeral
    await fake.settle()
    live = live_here(bot, server)
    assert live is not None and [p.id for p in live.players][1] == "ai:easy:1"
    await bot.runtime.service.cancel(live.id)


async def test_stats_show_the_record_against_each_level(server: Server, bot: TableroBot) -> None:
    """A member's finished matches against computers of two levels, then /stats."""
    ana = str(server.ana.id)
    guild = str(server.guild.id)
    for level, ana_place in ((Level.EASY, 1), (Level.EASY, 1), (Level.HARD, 2)):
        players = (Player(ana, "Ana"), ai_player(0, level))
        match_id = await bot.runtime.store.create_match(
            NewMatch("keer-kids", players, "s", {}, guild_id=guild, rated=False)
        )
        results = [
            Result(0, ana, ana_place, 9, None),
            Result(1, players[1].id, 3 - ana_place, 5, None),
        ]
        await bot.runtime.store.finish_match(match_id, "finished", [], results)
    stats = await server.fake.slash(bot, server.ana, server.channel, "stats", game="keer-kids")
    await server.fake.settle()
    assert "Against the computer: easy 2–0–0 · hard 0–0–1" in stats.followups[0].text

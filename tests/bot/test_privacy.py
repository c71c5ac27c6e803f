"""`/privacy` through the fake Discord: a member's export (everything kept about them, no open
match's seed), deletion after a confirmation (seats renamed, open matches resigned here or by the
process that runs them, ratings rebuilt without them), the global-board opt-out, and a server's
data removed after the bot leaves it."""

from __future__ import annotations

import asyncio
import io
import json
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest

from bot.app import TableroBot
from bot.core import privacy
from bot.core.privacy import DAY_MS, PURGE_DAYS, Forgetting
from games.records import MatchRecord, is_gone, replay
from storage import SqliteStore
from tests.bot.conftest import Server, said
from tests.bot.keer_driver import button_id, live_here, start_match


async def _finished_duel(server: Server, bot: TableroBot) -> int:
    """Ana and Bo's Keer match, ended by Bo resigning: finished and rated."""
    live = await start_match(server, bot, [server.bo], ais=0)
    res = await server.fake.slash(bot, server.bo, server.channel, "match resign")
    assert res.acknowledged
    await server.fake.settle()
    assert live.id not in bot.runtime.service.matches
    return live.id


def _unzipped(data: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as packed:
        return {name: packed.read(name) for name in packed.namelist()}


async def _export(server: Server, bot: TableroBot, who: Any) -> tuple[str, dict[str, bytes]]:
    text, data = await _exported(server, bot, who)
    return text, _unzipped(data)


async def _exported(server: Server, bot: TableroBot, who: Any) -> tuple[str, bytes]:
    res = await server.fake.slash(bot, who, server.channel, "privacy export")
    await server.fake.settle()
    shown = res.followups[0]
    assert shown.ephemeral
    name, data = shown.attachments[0]
    assert name == f"tablero-data-{who.id}.zip"
    return shown.text, data


async def test_an_export_holds_the_members_data_and_no_open_matchs_seed(
    server: Server, bot: TableroBot
) -> None:
    finished = await _finished_duel(server, bot)
    playing = await start_match(server, bot, [server.bo], ais=0)
    await server.fake.slash(bot, server.ana, server.channel, "settings me", images="off")
    await server.fake.slash(bot, server.ana, server.channel, "privacy board", mode="hidden")

    text, files = await _export(server, bot, server.ana)

    assert "records of 1 finished match" in text
    data = json.loads(files["tablero-data.json"])
    assert data["user_id"] == str(server.ana.id)
    assert data["settings"] == {"images": False}
    assert data["global_board"] == "hidden"
    assert [(r["guild_id"], r["game"]) for r in data["ratings"]] == [
        (str(server.guild.id), "keer-kids")
    ]
    assert [h["match_id"] for h in data["rating_history"]] == [finished]
    assert [(m["match_id"], m["status"]) for m in data["matches"]] == [
        (finished, "finished"),
        (playing.id, "open"),
    ]
    assert data["records"] == [f"records/match-{finished}.json"]
    record = MatchRecord.from_json(json.loads(files[f"records/match-{finished}.json"]))
    assert [p.name for p in record.players] == ["Ana", "Bo"]
    assert replay(record).version == len(record.entries)
    everything = b"".join(files.values())
    assert playing.seed.encode() not in everything, "the open match's dice stay unknown"

    _, nothing = await _export(server, bot, server.eve)
    empty = json.loads(nothing["tablero-data.json"])
    assert (empty["matches"], empty["ratings"], empty["records"]) == ([], [], [])
    assert empty["global_board"] == "shown"


async def test_keep_it_deletes_nothing(server: Server, bot: TableroBot) -> None:
    await _finished_duel(server, bot)
    asked = await server.fake.slash(bot, server.bo, server.channel, "privacy delete")
    assert asked.ephemeral and "can't be undone" in said(asked)
    message = asked.messages[0]
    kept = await server.fake.click(bot, server.bo, message, "tbp:keep")
    assert "Nothing was deleted" in str((kept.response or {}).get("data", {}).get("content"))
    store = bot.runtime.store
    assert [s.name for s in await store.member_seats(str(server.bo.id))] == ["Bo"]
    assert await store.member_ratings(str(server.bo.id)) != []


async def test_deleting_resigns_open_matches_and_leaves_an_anonymous_seat(
    server: Server, bot: TableroBot, tmp_path: Path
) -> None:
    fake, store, bo = server.fake, bot.runtime.store, str(server.bo.id)
    finished = await _finished_duel(server, bot)
    duel = await start_match(server, bot, [server.bo], ais=0)
    table_channel = fake.add_channel(server.guild, "table")
    lobby = (await fake.slash(bot, server.ana, table_channel, "keer start")).message
    assert lobby is not None
    for member in (server.bo, server.cas):
        await fake.click(bot, member, lobby, button_id(lobby, ":join"))
    await fake.click(bot, server.ana, lobby, button_id(lobby, ":start"))
    await fake.settle()
    table = live_here(bot, server, table_channel.id)
    assert table is not None
    ratings_before = {
        r.player_id: r for r in await store.ratings(str(server.guild.id), "keer-kids")
    }

    asked = await fake.slash(bot, server.bo, server.channel, "privacy delete")
    assert "You resign your 2 open matches" in said(asked)
    done = await fake.click(bot, server.bo, asked.messages[0], "tbp:forget")
    await fake.settle()

    assert "Your Tablero data is deleted" in str((done.response or {}).get("data", {}))
    assert duel.id not in bot.runtime.service.matches, "a duel without him is over"
    assert "the match is over" in fake.last_message(server.channel).content
    bo_seat = 1
    assert is_gone(table.players[bo_seat].id) and table.departed[bo_seat] == "resigned"
    assert table.is_ai(bo_seat) and table.open
    assert "the computer plays their seat" in " ".join(
        m.content for m in fake.channel_messages(table_channel)
    )
    assert await store.member_seats(bo) == []
    assert await store.member_ratings(bo) == []
    record = (await store.load(finished)).record
    assert is_gone(record.players[1].id) and record.players[1].name == record.players[1].id
    gone_id = record.players[1].id
    assert (await store.load(duel.id)).record.players[1].id == gone_id, "one pseudonym"

    after = {r.player_id: r for r in await store.ratings(str(server.guild.id), "keer-kids")}
    assert bo not in after
    assert after[gone_id].games == ratings_before[bo].games + 1, "the duel he resigned counts on"
    rebuilt = await _rebuild(server.db_path)
    assert "rebuilt" in rebuilt
    again = {r.player_id: r for r in await store.ratings(str(server.guild.id), "keer-kids")}
    assert again == after, "rebuilding reproduces every rating, and never the member's"


async def _rebuild(db: Path) -> str:
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        "ratings",
        "rebuild",
        "--db",
        str(db),
        stdout=asyncio.subprocess.PIPE,
        cwd=Path(__file__).resolve().parents[2],
    )
    out, _ = await process.communicate()
    assert process.returncode == 0
    return out.decode()


async def test_a_deletion_answered_by_another_process_is_settled_by_the_watch(
    server: Server, bot: TableroBot
) -> None:
    live = await start_match(server, bot, [server.bo], ais=0)
    other = await SqliteStore.open(server.db_path)  # as the process that answered it
    try:
        forgotten = await other.forget_member(str(server.bo.id), "gone:feedfacecafebeef")
    finally:
        await other.close()
    assert forgotten.open_seats == 1 and live.open, "not this process's answer yet"
    await bot.runtime.privacy_watch.check()
    await server.fake.settle()
    assert not live.open
    assert "deleted their data" in server.fake.last_message(server.channel).content
    results = await bot.runtime.store.player_results("gone:feedfacecafebeef", None, None, None)
    assert [(r.match_id, r.departed) for r in results] == [(live.id, "resigned")]


async def test_the_board_choice_is_the_members_own(server: Server, bot: TableroBot) -> None:
    hidden = await server.fake.slash(
        bot, server.ana, server.channel, "privacy board", mode="hidden"
    )
    assert hidden.ephemeral and "hidden from the global leaderboard" in said(hidden)
    assert await bot.runtime.store.hidden_from_board(str(server.ana.id))
    now = await server.fake.slash(bot, server.ana, server.channel, "privacy board")
    assert "hidden from the global leaderboard" in said(now)
    shown = await server.fake.slash(bot, server.ana, server.channel, "privacy board", mode="shown")
    assert "shown on the global leaderboard" in said(shown)
    assert not await bot.runtime.store.hidden_from_board(str(server.ana.id))


async def test_a_server_the_bot_left_is_removed_after_its_days_unless_it_came_back(
    server: Server, bot: TableroBot
) -> None:
    fake, store, guild = server.fake, bot.runtime.store, str(server.guild.id)
    finished = await _finished_duel(server, bot)
    live = await start_match(server, bot, [server.bo], ais=0)
    await fake.leave(bot, server.guild)
    await fake.settle()
    assert not live.open and (await store.load(live.id)).status == "abandoned"
    assert (await store.load(finished)).status == "finished", "kept for now"

    service, now = bot.runtime.service, bot.runtime.clock_sync.now_ms
    later = Forgetting(
        store, service, lambda: now() + PURGE_DAYS * DAY_MS + 1, settings=bot.runtime.settings
    )
    await fake.join(bot, server.guild)
    await fake.settle()
    assert await later.purge() == [], "added back: nothing goes"

    await fake.leave(bot, server.guild)
    await fake.settle()
    assert await bot.runtime.privacy_watch.check() is None
    assert await store.open_match_ids() == []
    assert len(await store.member_seats(str(server.ana.id))) == 2, "not yet"
    assert await later.purge() == [guild]
    assert await store.member_seats(str(server.ana.id)) == []
    assert await store.ratings(guild, "keer-kids") == []


async def test_an_export_too_big_for_discord_leaves_out_the_oldest_records(
    server: Server, bot: TableroBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = await _finished_duel(server, bot)
    second = await _finished_duel(server, bot)
    _, whole = await _exported(server, bot, server.ana)
    # A record's file costs over 100 bytes in a zip (its headers alone); a second export's
    # timestamp may deflate a few bytes apart.
    monkeypatch.setattr(privacy, "EXPORT_LIMIT", len(whole) - 40)

    text, files = await _export(server, bot, server.ana)

    assert "The oldest record was left out" in text
    assert json.loads(files["tablero-data.json"])["records"] == [f"records/match-{second}.json"]
    assert f"records/match-{first}.json" not in files

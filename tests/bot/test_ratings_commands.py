"""/leaderboard, /stats, /history and /match record through the fake Discord."""

from __future__ import annotations

import io
import json
import re
import time

from PIL import Image

from games.records import MatchRecord, Player, replay
from ratings.history import RatingChange
from storage import NewMatch, Rating
from tests.bot.conftest import Server, said
from tests.bot.keer_driver import play_roll, start_match
from words import isolate


def board_text(res_or_message) -> str:
    data = getattr(res_or_message, "embeds", None)
    if data is None:
        data = res_or_message.response["data"]["embeds"]
    return data[0]["description"] + " | " + data[0]["footer"]["text"]


async def test_leaderboards_page_by_scope_and_period(server: Server) -> None:
    fake = server.fake
    other = fake.add_guild("Other server")
    other_channel = fake.add_channel(other, "games")
    stranger = fake.add_member(other, "Stranger")
    bot = await server.start_bot()
    now = int(time.time() * 1000)
    guild, far = str(server.guild.id), str(other.id)
    ratings = [Rating(guild, "kero", str(1000 + i), 30.0 - i, 2.0, 5) for i in range(23)]
    ratings += [Rating(guild, "kero", "2000", 40.0, 2.0, 1)]  # too few games to appear
    ratings += [Rating(far, "kero", str(stranger.id), 50.0, 1.0, 9)]
    pair = (Player("1005", "Five"), Player("1001", "One"))
    ids = [
        await bot.runtime.store.create_match(NewMatch("kero", pair, str(i), {}, guild))
        for i in range(3)
    ]
    recent = [RatingChange(m, guild, "kero", "1005", 25.0, 2.0, now - 1000) for m in ids]
    old = [RatingChange(m, guild, "kero", "1001", 29.0, 2.0, now - 14 * 86_400_000) for m in ids]
    await bot.runtime.store.replace_ratings(ratings, [])
    res = await fake.slash(bot, server.ana, server.channel, "leaderboard", game="kero")
    first = board_text(res)
    assert res.ephemeral and "page 1 of 3" in first and "<@1000>" in first
    assert "<@2000>" not in first and f"<@{stranger.id}>" not in first
    shown = res.message
    second = await fake.click(bot, server.ana, shown, "Next ▶")
    assert "page 2 of 3" in board_text(second) and "**11.** <@1010>" in board_text(second)
    await fake.click(bot, server.ana, shown, "Next ▶")
    last = fake.message(shown.id)
    assert "page 3 of 3" in board_text(last)
    assert "Next ▶" in [c.label for c in last.interactive() if c.disabled]

    hidden = await fake.slash(
        bot, server.ana, server.channel, "leaderboard", game="kero", scope="global"
    )
    assert f"<@{stranger.id}>" not in board_text(hidden)
    await fake.slash(
        bot,
        fake.add_member(other, "Admin", manage_guild=True),
        other_channel,
        "settings global",
        mode="on",
    )
    shared = await fake.slash(
        bot, server.ana, server.channel, "leaderboard", game="kero", scope="global"
    )
    assert f"**1.** <@{stranger.id}>" in board_text(shared) and "Other server" not in board_text(
        shared
    )

    week = await fake.slash(
        bot, server.ana, server.channel, "leaderboard", game="kero", period="week"
    )
    assert "Nobody has" in board_text(week)
    await bot.runtime.store.replace_ratings(ratings, [*recent, *old])
    week = await fake.slash(
        bot, server.ana, server.channel, "leaderboard", game="kero", period="week"
    )
    assert "**1.** <@1005>" in board_text(week) and "<@1001>" not in board_text(week)
    await fake.disconnect(bot)


async def test_stats_history_and_the_match_record(server: Server) -> None:
    fake = server.fake
    bot = await server.start_bot()
    live = await start_match(server, bot, [server.bo], ais=0)
    for _ in range(100):
        if live.id not in bot.runtime.service.matches:
            break
        await play_roll(server, bot, live)
    stats = await fake.slash(bot, server.ana, server.channel, "stats", game="keer-kids")
    await fake.settle()
    shown = stats.followups[0]
    assert "Games: 1" in shown.text and "after 1 rated game" in shown.text
    assert "(skill − 3 × uncertainty)" in shown.text and "mu " not in shown.text
    name, png = shown.attachments[0]
    assert name == "rating.png" and Image.open(io.BytesIO(png)).size == (900, 450)
    alt = shown.attachment_objects[0].description or ""
    assert alt.startswith(isolate("Ana") + ": Keer op Keer Kids")
    unrated = await fake.slash(bot, server.eve, server.channel, "stats", game="kero")
    await fake.settle()
    assert "no rated games yet" in unrated.followups[0].text
    assert unrated.followups[0].attachments == []  # no empty chart
    await fake.slash(bot, server.ana, server.channel, "settings me", images="off")
    as_text = await fake.slash(bot, server.ana, server.channel, "stats", game="keer-kids")
    await fake.settle()
    assert as_text.followups[0].attachments == []  # she chose text: her rating as lines
    assert re.search(r"\d{4}-\d\d-\d\d: -?\d+\.\d", as_text.followups[0].text)
    default = await fake.slash(bot, server.bo, server.channel, "stats", member=server.ana)
    await fake.settle()
    played = default.followups[0].text
    assert isolate("Ana") + "** in Keer op Keer Kids" in played  # the game she played
    history = await fake.slash(bot, server.bo, server.channel, "history", member=server.ana)
    assert history.ephemeral and f"#{live.id} Keer op Keer Kids" in said(history)

    record = await fake.slash(bot, server.eve, server.channel, "match record", match=live.id)
    name, data = record.messages[0].attachments[0]
    assert name.endswith(".json")
    assert replay(MatchRecord.from_json(json.loads(data))).summary() == live.state.summary()
    missing = await fake.slash(bot, server.ana, server.channel, "match record", match=9999)
    assert missing.ephemeral and "no match #9999" in said(missing)
    await fake.disconnect(bot)

"""The bot's application emoji (bot/ui/emoji.py), the real bot against the double: the first
start uploads every picture, a restart uploads nothing, a redrawn picture replaces its older
self; when Discord refuses or fails, every key shows its Unicode emoji, said once in the log;
of a cluster, only the process of shard 0 uploads."""

from __future__ import annotations

import logging
import re
from dataclasses import replace
from pathlib import Path

import discord
import pytest

from bot.app import TableroBot
from bot.config import Config
from bot.ui.emoji import AppEmoji
from fakediscord import FakeDiscord
from render import emoji as drawn
from render.emoji import FALLBACK, EmojiKey, emoji_images
from storage import Shards, open_store
from tests.bot.conftest import Server

EMOJI_ROUTE = r"/applications/\d+/emojis"
LOGGER = "bot.ui.emoji"


def calls(fake: FakeDiscord, method: str, since: int = 0) -> int:
    """How many `method` calls to the application emoji routes Discord answered."""
    return sum(
        1
        for made, path, _ in fake.requests[since:]
        if made == method and re.match(EMOJI_ROUTE, path)
    )


def warnings(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == LOGGER and r.levelno >= logging.WARNING]


def uploaded(fake: FakeDiscord) -> set[str]:
    return {e.name for e in fake.world.app_emojis.values()}


async def test_the_first_start_uploads_every_picture_and_a_restart_none(
    server: Server, caplog: pytest.LogCaptureFixture
) -> None:
    fake = server.fake
    bot = await server.start_bot()
    images = emoji_images()
    assert uploaded(fake) == {image.name for image in images}
    assert calls(fake, "POST") == len(EmojiKey) and calls(fake, "DELETE") == 0
    for image in images:
        (found,) = [e for e in fake.world.app_emojis.values() if e.name == image.name]
        assert found.data == image.png
        shown = bot.runtime.emoji.emoji(image.key)
        assert isinstance(shown, discord.PartialEmoji) and shown.id == found.id
        assert bot.runtime.emoji.text(image.key) == f"<:{image.name}:{found.id}>"
    await fake.disconnect(bot)
    seen = len(fake.requests)
    again = await server.start_bot()
    assert calls(fake, "GET", seen) == 1 and calls(fake, "POST", seen) == 0
    assert calls(fake, "DELETE", seen) == 0
    assert again.runtime.emoji.text(EmojiKey.KEER_RED) == bot.runtime.emoji.text(EmojiKey.KEER_RED)
    assert warnings(caplog) == []


async def test_a_redrawn_picture_is_uploaded_and_its_older_self_deleted(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake = server.fake
    first = await server.start_bot()
    old = first.runtime.emoji.emoji(EmojiKey.KERO_FLAME)
    assert isinstance(old, discord.PartialEmoji)
    await fake.disconnect(first)
    foreign = fake.world.add_guild_emoji(server.guild, "kero_flame_party")  # not the app's
    fake.handle(  # an emoji of the app the bot did not draw: left alone
        "POST",
        f"/applications/{fake.app_id}/emojis",
        {"name": "logo", "image": "data:image/png;base64,iVBORw0KGgo="},
    )
    png = drawn.emoji_png

    def redrawn(key: EmojiKey) -> bytes:
        return png(EmojiKey.KEER_CHAMELEON) if key is EmojiKey.KERO_FLAME else png(key)

    monkeypatch.setattr(drawn, "emoji_png", redrawn)
    seen = len(fake.requests)
    second = await server.start_bot()
    new = second.runtime.emoji.emoji(EmojiKey.KERO_FLAME)
    assert isinstance(new, discord.PartialEmoji) and new.id != old.id
    assert new.name == drawn.emoji_image(EmojiKey.KERO_FLAME).name != old.name
    assert calls(fake, "POST", seen) == 1 and calls(fake, "DELETE", seen) == 1
    assert old.id not in fake.world.app_emojis and new.id in fake.world.app_emojis
    assert "logo" in uploaded(fake) and foreign.id in server.guild.emojis
    assert len(uploaded(fake)) == len(EmojiKey) + 1


@pytest.mark.parametrize(
    ("method", "status"), [("POST", 403), ("POST", 500), ("GET", 403), ("GET", 503)]
)
async def test_when_discord_refuses_or_fails_every_key_is_its_unicode_said_once(
    server: Server, caplog: pytest.LogCaptureFixture, method: str, status: int
) -> None:
    fake = server.fake
    fake.fail_next(method, EMOJI_ROUTE + "$", status, times=100)
    bot = await server.start_bot()
    for key in EmojiKey:
        assert bot.runtime.emoji.emoji(key) == FALLBACK[key] == bot.runtime.emoji.text(key)
    (said,) = warnings(caplog)
    assert f"{len(EmojiKey)} of {len(EmojiKey)} shown as Unicode" in said.getMessage()
    assert str(status) in said.getMessage()
    assert calls(fake, "POST") <= 1, "one refusal is enough: the rest would be refused alike"
    fake.clear_failures()


async def test_start_up_waits_a_bounded_time_then_shows_unicode(
    bot: TableroBot, caplog: pytest.LogCaptureFixture
) -> None:
    impatient = AppEmoji(bot, uploads=True, budget_s=0)
    await impatient.start()
    assert impatient.text(EmojiKey.KEER_CHAMELEON) == "🦎"
    assert impatient.emoji(EmojiKey.KERO_WHEAT) == "🌾"
    (said,) = warnings(caplog)
    assert "not done within 0 s" in said.getMessage()


async def shard_bot(server: Server, tmp_path: Path, index: int) -> TableroBot:
    """The process of shard `index` of two, connected; on a SQLite file of its own, opened
    here (a SQLite store claims every shard: a cluster shares PostgreSQL, emoji are Discord's)."""
    store = await open_store(None, tmp_path / f"shard-{index}-{len(server.fake.requests)}.db")
    config = Config("fake-token", None, None, tmp_path / "unused.db", "INFO")
    bot = TableroBot(replace(config, shards=Shards((index,), 2)), store=store)
    await server.fake.connect(bot)
    return bot


async def test_of_a_cluster_only_the_process_of_shard_0_uploads(
    server: Server, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    fake = server.fake
    follower = await shard_bot(server, tmp_path, 1)
    assert calls(fake, "GET") == 1 and calls(fake, "POST") == 0
    assert follower.runtime.emoji.text(EmojiKey.KEER_BLUE) == "🟦"
    (said,) = warnings(caplog)
    assert "not uploaded yet" in said.getMessage()
    leader = await shard_bot(server, tmp_path, 0)
    assert calls(fake, "POST") == len(EmojiKey) and len(uploaded(fake)) == len(EmojiKey)
    seen = len(fake.requests)
    later = await shard_bot(server, tmp_path, 1)
    assert calls(fake, "POST", seen) == 0 and calls(fake, "GET", seen) == 1
    blue = leader.runtime.emoji.text(EmojiKey.KEER_BLUE)
    assert blue.startswith("<:keer_blue_") and later.runtime.emoji.text(EmojiKey.KEER_BLUE) == blue
    for bot in (follower, leader, later):
        await fake.disconnect(bot)
        await bot.runtime.store.close()

"""The bot's application emoji (bot/ui/emoji.py), the real bot against the double: the first
start uploads every picture, a restart uploads nothing, a redrawn picture is uploaded beside its
older self, which is deleted only once the new one is past the grace (a rolling deploy's old
processes and open matches' cards still show it), and never more than a few older drawings of
a key are kept; when Discord refuses or fails, every key shows its Unicode emoji, said once in
the log, and the bot looks again with a growing wait until it finds them (said once more), its
cards showing them from then on; of a cluster, only the process of shard 0 uploads, and a
process that started before it finds them later; Kero's dice, Tuarek and Explorer are keys of
their own, apart from Keer's faces."""

from __future__ import annotations

import logging
import re
from dataclasses import replace
from pathlib import Path

import discord
import pytest

from bot.app import TableroBot
from bot.config import Config, Secret
from bot.core.clock_sync import ClockSync, snowflake_ms
from bot.games.kero.ui import DIE_EMOJI, RESOURCE_EMOJI
from bot.ui.emoji import (
    DELETE_GRACE_MS,
    KEPT_OUTDATED,
    KERO_DICE,
    KERO_RESOURCES,
    RETRY_FIRST_S,
    RETRY_MAX_S,
    AppEmoji,
    dress,
)
from fakediscord import FakeDiscord, FakeMessage
from fakediscord.emojis import MAX_APP_EMOJIS, emoji_ids
from render import emoji as drawn
from render.emoji import FALLBACK, KEER_FACES, EmojiKey, emoji_images
from storage import Shards, open_store
from tests.bot.conftest import Server
from tests.bot.helpers import Naps
from tests.bot.keer_driver import button_id, keer, live_here, members, start_match
from tests.bot.kero_driver import KeroDriver
from words import words_for

EMOJI_ROUTE = r"/applications/\d+/emojis"
LOGGER = "bot.ui.emoji"
PNG_URI = "data:image/png;base64,iVBORw0KGgo="
DAY_S = 86_400


def calls(fake: FakeDiscord, method: str, since: int = 0) -> int:
    """How many `method` calls to the application emoji routes Discord answered."""
    return sum(
        1
        for made, path, _ in fake.requests[since:]
        if made == method and re.match(EMOJI_ROUTE, path)
    )


def said(caplog: pytest.LogCaptureFixture, level: int) -> list[str]:
    """What the emoji's logger said at exactly `level`."""
    return [r.getMessage() for r in caplog.records if r.name == LOGGER and r.levelno == level]


def warnings(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == LOGGER and r.levelno >= logging.WARNING]


def uploaded(fake: FakeDiscord) -> set[str]:
    return {e.name for e in fake.world.app_emojis.values()}


def upload(fake: FakeDiscord, name: str) -> int:
    """An application emoji uploaded now (by another release of the bot, or by hand): its id."""
    status, body = fake.handle(
        "POST", f"/applications/{fake.app_id}/emojis", {"name": name, "image": PNG_URI}
    )
    assert status == 201, body
    return int(body["id"])


def redraw_the_flame(monkeypatch: pytest.MonkeyPatch) -> None:
    """From now on the flame is drawn otherwise (a new release): a new content hash."""
    png = drawn.emoji_png

    def redrawn(key: EmojiKey) -> bytes:
        return png(EmojiKey.KEER_CHAMELEON) if key is EmojiKey.KERO_FLAME else png(key)

    monkeypatch.setattr(drawn, "emoji_png", redrawn)


def flame(bot: TableroBot) -> discord.PartialEmoji:
    shown = bot.runtime.emoji.emoji(EmojiKey.KERO_FLAME)
    assert isinstance(shown, discord.PartialEmoji)
    return shown


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
    assert bot.runtime.emoji.looking is None, "nothing is missing: nothing to look for"
    await fake.disconnect(bot)
    seen = len(fake.requests)
    again = await server.start_bot()
    assert calls(fake, "GET", seen) == 1 and calls(fake, "POST", seen) == 0
    assert calls(fake, "DELETE", seen) == 0
    assert again.runtime.emoji.text(EmojiKey.KEER_RED) == bot.runtime.emoji.text(EmojiKey.KEER_RED)
    assert warnings(caplog) == []


async def test_a_redrawn_picture_s_older_self_is_deleted_only_after_the_grace(
    timed_server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The release that redraws the flame uploads it beside the old one, which the processes
    of the release before still post (Discord takes it) and open cards still show; the first
    restart once the new drawing is `DELETE_GRACE_MS` old deletes it, and nothing else."""
    fake, clock = timed_server.fake, timed_server.clock
    assert clock is not None
    first = await timed_server.start_bot()
    old = flame(first)
    await fake.disconnect(first)
    foreign = fake.world.add_guild_emoji(timed_server.guild, "kero_flame_party")  # not the app's
    upload(fake, "logo")  # an emoji of the app the bot did not draw: left alone
    clock.advance(DAY_S)
    redraw_the_flame(monkeypatch)
    seen = len(fake.requests)
    second = await timed_server.start_bot()
    new = flame(second)
    assert new.id != old.id and new.name == drawn.emoji_image(EmojiKey.KERO_FLAME).name != old.name
    assert calls(fake, "POST", seen) == 1 and calls(fake, "DELETE", seen) == 0
    assert {old.id, new.id} <= set(fake.world.app_emojis)
    button = {
        "type": 2,
        "style": 2,
        "custom_id": "b",
        "emoji": {"id": str(old.id), "name": old.name},
    }
    posted = {"components": [{"type": 1, "components": [button]}]}
    status, _ = fake.handle("POST", f"/channels/{timed_server.channel.id}/messages", posted)
    assert status == 200, "a process of the release before may still post the old drawing"
    await fake.disconnect(second)
    grace_ends_s = (snowflake_ms(new.id) + DELETE_GRACE_MS) / 1000
    for now_s, deleted in ((grace_ends_s - 60, 0), (grace_ends_s, 1)):
        clock.now = now_s
        seen = len(fake.requests)
        later = await timed_server.start_bot()
        assert calls(fake, "DELETE", seen) == deleted and calls(fake, "POST", seen) == 0
        assert flame(later) == new
        await fake.disconnect(later)
    assert old.id not in fake.world.app_emojis and new.id in fake.world.app_emojis
    assert "logo" in uploaded(fake) and foreign.id in timed_server.guild.emojis
    assert len(uploaded(fake)) == len(EmojiKey) + 1


async def test_a_drawing_newer_than_the_current_one_stays(timed_server: Server) -> None:
    """A release rolled back: the drawing of the release that was rolled back is newer than the
    one shown again, and its messages are recent however old the shown one is."""
    fake, clock = timed_server.fake, timed_server.clock
    assert clock is not None
    first = await timed_server.start_bot()
    current = flame(first)
    await fake.disconnect(first)
    clock.advance(DAY_S)
    rolled_back = upload(fake, "kero_flame_0badc0de")
    clock.advance(DELETE_GRACE_MS / 1000 + DAY_S)
    seen = len(fake.requests)
    again = await timed_server.start_bot()
    assert calls(fake, "DELETE", seen) == 0 and rolled_back in fake.world.app_emojis
    assert flame(again) == current


async def test_of_many_older_drawings_of_a_key_only_the_newest_wait_out_the_grace(
    timed_server: Server, caplog: pytest.LogCaptureFixture
) -> None:
    """The flame redrawn in more deploys than `KEPT_OUTDATED` within the grace: the oldest
    drawings beyond the kept ones go at once, said in a warning (their messages break)."""
    fake, clock = timed_server.fake, timed_server.clock
    assert clock is not None
    older = []
    for n in range(KEPT_OUTDATED + 2):
        older.append(upload(fake, f"kero_flame_{n:08x}"))
        clock.advance(3_600)
    await timed_server.start_bot()
    assert calls(fake, "DELETE") == 2
    assert set(older[:2]).isdisjoint(fake.world.app_emojis)
    assert set(older[2:]) <= set(fake.world.app_emojis)
    (warned,) = warnings(caplog)
    assert "kero_flame_00000000, kero_flame_00000001" in warned.getMessage()


def test_the_application_emoji_stay_well_below_discord_s_limit() -> None:
    """Each key with the older drawings it keeps, and one more uploaded before the pruning."""
    assert len(EmojiKey) * (1 + KEPT_OUTDATED + 1) <= MAX_APP_EMOJIS // 4


@pytest.mark.parametrize(
    ("method", "status"), [("POST", 403), ("POST", 500), ("GET", 403), ("GET", 503)]
)
async def test_when_discord_refuses_or_fails_every_key_is_its_unicode_said_once(
    server: Server, caplog: pytest.LogCaptureFixture, method: str, status: int
) -> None:
    fake = server.fake
    fake.fail_next(method, EMOJI_ROUTE + "$", status, times=100)
    bot = await server.start_bot(sleep=Naps())
    for key in EmojiKey:
        assert bot.runtime.emoji.emoji(key) == FALLBACK[key] == bot.runtime.emoji.text(key)
    (warned,) = warnings(caplog)
    assert f"{len(EmojiKey)} of {len(EmojiKey)} shown as Unicode" in warned.getMessage()
    assert str(status) in warned.getMessage()
    assert calls(fake, "POST") <= 1, "one refusal is enough: the rest would be refused alike"
    assert bot.runtime.emoji.looking is not None
    fake.clear_failures()


async def test_start_up_waits_a_bounded_time_then_shows_unicode(
    bot: TableroBot, caplog: pytest.LogCaptureFixture
) -> None:
    impatient = AppEmoji(bot, uploads=True, now_ms=ClockSync().now_ms, sleep=Naps(), budget_s=0)
    await impatient.start()
    assert impatient.text(EmojiKey.KEER_CHAMELEON) == "🦎"
    assert impatient.emoji(EmojiKey.KERO_WHEAT) == "🌾"
    (warned,) = warnings(caplog)
    assert "not done within 0 s" in warned.getMessage()
    await impatient.stop()


async def test_a_leader_that_failed_looks_again_ever_less_often_until_it_uploads(
    server: Server, caplog: pytest.LogCaptureFixture
) -> None:
    """Discord down at start-up and for a while: the waits double from 30 s to 10 min, the
    failures are not said again, and once Discord answers everything is uploaded, said once."""
    caplog.set_level(logging.INFO, logger=LOGGER)
    fake, naps = server.fake, Naps()
    fake.fail_next("GET", EMOJI_ROUTE + "$", 503, times=7)
    bot = await server.start_bot(sleep=naps)
    looking = bot.runtime.emoji.looking
    assert looking is not None
    waits = [await naps.wake(looking) for _ in range(7)]
    assert waits == [RETRY_FIRST_S * 2**n for n in range(5)] + [RETRY_MAX_S] * 2
    assert waits[:6] == [30, 60, 120, 240, 480, 600]
    assert looking.done() and looking.exception() is None and bot.runtime.emoji.looking is None
    assert calls(fake, "POST") == len(EmojiKey) and uploaded(fake) == {
        i.name for i in emoji_images()
    }
    assert all(isinstance(bot.runtime.emoji.emoji(key), discord.PartialEmoji) for key in EmojiKey)
    assert len(warnings(caplog)) == 1, "the start-up's warning, not one per look"
    (recovered,) = said(caplog, logging.INFO)[-1:]
    assert f"all {len(EmojiKey)} shown now, 7 looks after start-up" in recovered
    assert sum("shown now" in line for line in said(caplog, logging.INFO)) == 1


def die_buttons(message: FakeMessage) -> list[str | None]:
    """The emoji names on the buttons that take a special die."""
    return [b.emoji for b in message.buttons() if ":act:die:" in str(b.custom_id)]


async def test_a_card_built_once_the_emoji_are_found_shows_them(timed_server: Server) -> None:
    """The leader's upload failed at start-up: Ana's first Kero card shows the Unicode squares;
    the next look uploads the pictures, and her next card shows Kero's own dice."""
    fake, naps = timed_server.fake, Naps(timed_server.clock)
    fake.fail_next("POST", EMOJI_ROUTE + "$", 500)
    bot = await timed_server.start_bot(ai_think_ms=1_500, sleep=naps)
    looking = bot.runtime.emoji.looking
    assert looking is not None
    await fake.slash(bot, timed_server.ana, timed_server.channel, "kero challenge", member=fake.bot)
    await fake.settle()
    live = live_here(bot, timed_server)
    assert live is not None
    driver = KeroDriver(timed_server, bot, live)
    await driver.wait_for_bot()
    assert die_buttons(driver.message) == ["🟩", "🟨", "🟦"]
    assert await naps.wake(looking) == RETRY_FIRST_S and looking.done()
    await driver.press(0, "die:green")
    message, emoji = driver.message, bot.runtime.emoji
    green = emoji.text(KERO_DICE["green"])
    assert green.startswith("<:kero_die_green_") and green in message.text, message.text
    assert "🟩" not in message.text and "keer_" not in message.text
    yellow, blue = (emoji.emoji(KERO_DICE[colour]) for colour in ("yellow", "blue"))
    assert isinstance(yellow, discord.PartialEmoji) and isinstance(blue, discord.PartialEmoji)
    assert die_buttons(message) == [yellow.name, blue.name]
    assert emoji_ids(message.components) <= set(fake.world.app_emojis)


def card(text: str, button: str) -> discord.ui.LayoutView:
    view = discord.ui.LayoutView()
    view.add_item(discord.ui.TextDisplay(text))
    view.add_item(discord.ui.ActionRow(discord.ui.Button(label="x", emoji=button, custom_id="x")))
    return view


def dressed(view: discord.ui.LayoutView) -> tuple[str, str]:
    """The text and the button's emoji of a `card`, as dressed."""
    text, row = view.children
    assert isinstance(text, discord.ui.TextDisplay) and isinstance(row, discord.ui.ActionRow)
    (button,) = row.children
    assert isinstance(button, discord.ui.Button)
    return text.content, str(button.emoji)


async def test_kero_s_dice_and_figures_are_its_own_keys_apart_from_keer_s_faces(
    bot: TableroBot,
) -> None:
    """Both games write 🟩: a Kero card shows Kero's green die, a Keer card Keer's green face;
    the camel and the compass are Kero's only."""
    emoji = bot.runtime.emoji
    kero, keer = card("🟩 🐪 🧭 ⚪", "🟩"), card("🟩 🐪 🧭", "🟩")
    dress(kero, "kero", emoji)
    dress(keer, "keer-kids", emoji)
    kero_keys = (
        KERO_DICE["green"],
        EmojiKey.KERO_TUAREK,
        EmojiKey.KERO_EXPLORER,
        KERO_DICE["white"],
    )
    assert dressed(kero) == (
        " ".join(emoji.text(k) for k in kero_keys),
        emoji.text(KERO_DICE["green"]),
    )
    green = emoji.text(EmojiKey.KEER_GREEN)
    assert green.startswith("<:keer_green_") and dressed(keer) == (f"{green} 🐪 🧭", green)


def test_kero_s_texts_write_what_its_keys_stand_for() -> None:
    """What Kero's texts and catalogs write is what `dress` looks for."""
    assert {colour: FALLBACK[key] for colour, key in KERO_DICE.items()} == DIE_EMOJI
    assert {name: FALLBACK[key] for name, key in KERO_RESOURCES.items()} == RESOURCE_EMOJI
    english = words_for("en")
    assert english("kero-told-hire", count=1, cost=2).startswith(FALLBACK[EmojiKey.KERO_TUAREK])
    placed = english("kero-told-place", land="Ruins", cost="free")
    assert placed.startswith(FALLBACK[EmojiKey.KERO_EXPLORER])


async def shard_bot(server: Server, tmp_path: Path, index: int, naps: Naps) -> TableroBot:
    """The process of shard `index` of two, connected; on a SQLite file of its own, opened
    here (a SQLite store claims every shard: a cluster shares PostgreSQL, emoji are Discord's)."""
    store = await open_store(None, tmp_path / f"shard-{index}-{len(server.fake.requests)}.db")
    config = Config(Secret("fake-token"), None, None, tmp_path / "unused.db", "INFO")
    bot = TableroBot(replace(config, shards=Shards((index,), 2)), store=store, sleep=naps)
    await server.fake.connect(bot)
    return bot


async def test_of_a_cluster_only_the_process_of_shard_0_uploads_the_others_find_them(
    server: Server, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A follower that started before the leader shows Unicode until its next look, which
    finds what the leader uploaded meanwhile."""
    caplog.set_level(logging.INFO, logger=LOGGER)
    fake, naps = server.fake, Naps()
    follower = await shard_bot(server, tmp_path, 1, naps)
    assert calls(fake, "GET") == 1 and calls(fake, "POST") == 0
    assert follower.runtime.emoji.text(EmojiKey.KEER_BLUE) == "🟦"
    (warned,) = warnings(caplog)
    assert "not uploaded yet" in warned.getMessage()
    looking = follower.runtime.emoji.looking
    assert looking is not None
    assert await naps.wake(looking) == RETRY_FIRST_S and not looking.done()  # still nothing
    leader = await shard_bot(server, tmp_path, 0, naps)
    assert calls(fake, "POST") == len(EmojiKey) and len(uploaded(fake)) == len(EmojiKey)
    assert leader.runtime.emoji.looking is None
    seen = len(fake.requests)
    assert await naps.wake(looking) == 2 * RETRY_FIRST_S and looking.done()
    assert calls(fake, "GET", seen) == 1 and calls(fake, "POST", seen) == 0
    blue = leader.runtime.emoji.text(EmojiKey.KEER_BLUE)
    assert (
        blue.startswith("<:keer_blue_") and follower.runtime.emoji.text(EmojiKey.KEER_BLUE) == blue
    )
    assert [line for line in said(caplog, logging.INFO) if "shown now" in line] == [
        f"application emoji: all {len(EmojiKey)} shown now, 2 looks after start-up (uploaded 0)"
    ]
    seen = len(fake.requests)
    later = await shard_bot(server, tmp_path, 1, naps)
    assert calls(fake, "POST", seen) == 0 and calls(fake, "GET", seen) == 1
    assert (
        later.runtime.emoji.text(EmojiKey.KEER_BLUE) == blue and later.runtime.emoji.looking is None
    )
    for bot in (follower, leader, later):
        await fake.disconnect(bot)
        await bot.runtime.store.close()


async def test_shutting_down_stops_the_looking(server: Server, tmp_path: Path) -> None:
    fake, naps = server.fake, Naps()
    follower = await shard_bot(server, tmp_path, 1, naps)
    looking = follower.runtime.emoji.looking
    assert looking is not None
    await naps.wake(looking)
    await fake.disconnect(follower)
    assert looking.cancelled() and follower.runtime.emoji.looking is None
    await follower.runtime.store.close()


async def test_what_only_a_member_sees_shows_the_game_s_own_emoji(
    server: Server, bot: TableroBot
) -> None:
    """A Keer die's pick ("🟩 green — where do you cross it?") is dressed as the cards are:
    the member sees the game's own face, not the Unicode square."""
    fake, users = server.fake, members(server)
    live = await start_match(server, bot, [server.bo], ais=0)
    message = fake.message(int(live.message_id or 0))
    state = keer(live)
    roller = users[live.players[state.roller].id]
    await fake.click(bot, roller, message, button_id(message, ":roll"))
    await fake.settle()
    die = keer(live).legal_actions(state.roller)[0].die  # type: ignore[union-attr]
    await fake.click(bot, roller, message, button_id(message, f":keep:{die}"))
    await fake.settle()
    state = keer(live)
    seat = state.seats_to_act()[0]
    picked = state.legal_actions(seat)[0].die  # type: ignore[union-attr]
    assert state.dice is not None
    face, message = state.dice[picked], fake.message(int(live.message_id or 0))
    opened = await fake.click(
        bot, users[live.players[seat].id], message, button_id(message, f":die:{picked}")
    )
    text, own = str(opened.messages[0].text), bot.runtime.emoji.text(KEER_FACES[face])
    assert own.startswith(f"<:keer_{face}_") and text.startswith(own), text
    assert FALLBACK[KEER_FACES[face]] not in text, text

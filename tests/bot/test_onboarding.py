"""Ready for real servers, second part: a setup note when the bot joins a server, `/settings show`,
a member's choice of text instead of images with the 📝 Text board button on every match
message, and allowed mentions on every message the bot sends."""

from __future__ import annotations

from typing import Any

from bot.app import TableroBot, onboarding
from bot.games import adapter_for
from bot.games.kero.rules import kero_state
from fakediscord import FakeUser, InteractionResult
from games.kero.board import Phase
from tests.bot.conftest import Server, said
from tests.bot.keer_driver import button_id, start_match
from tests.bot.kero_driver import rolling
from words import isolate, words_for


async def settings_as(
    server: Server, bot: TableroBot, user: FakeUser, sub: str, **options: Any
) -> InteractionResult:
    """`/settings <sub>` by any member, as Discord delivers it once an admin opened `/settings`
    to everyone (the group is hidden from members without Manage Server by default)."""
    fake = server.fake
    command = next(c for c in fake.synced_commands[None] if c["name"] == "settings")
    given = [{"name": name, "type": 3, "value": value} for name, value in options.items()]
    data = {
        "id": command["id"],
        "name": "settings",
        "type": 1,
        "options": [{"name": sub, "type": 1, "options": given}],
    }
    return await fake.interact(bot, user, server.channel, 2, data)


# -- the setup note ---------------------------------------------------------------------------


async def test_joining_a_server_posts_the_setup_note_in_its_system_channel(
    server: Server, bot: TableroBot
) -> None:
    fake = server.fake
    guild = fake.add_guild("New server")
    general = fake.add_channel(guild, "general")
    fake.add_channel(guild, "games")
    guild.system_channel_id = general.id
    await fake.join(bot, guild)
    await fake.settle()
    [note] = fake.channel_messages(general)
    assert note.text == onboarding(words_for("en"))
    for needed in (
        "View Channel",
        "Send Messages",
        "Attach Files",
        "Embed Links",
        "Create Public Threads",
        "Send Messages in Threads",
        "`/settings`",
        "Manage Server",
        "`/keer start`",
        "`/kero challenge",
        "`/help`",
    ):
        assert needed in note.text, needed
    assert note.allowed_mentions is not None and note.allowed_mentions["parse"] == []

    # A restart finds the server already joined (GUILD_CREATE with unavailable: false): no
    # second note.
    await fake.disconnect(bot)
    again = await server.start_bot()
    await fake.settle()
    assert fake.channel_messages(general) == [note]
    await fake.disconnect(again)


async def test_no_setup_note_without_a_system_channel_or_leave_to_post_there(
    server: Server, bot: TableroBot
) -> None:
    fake = server.fake
    quiet = fake.add_guild("No system channel")
    quiet_channel = fake.add_channel(quiet, "general")
    await fake.join(bot, quiet)
    closed = fake.add_guild("Read-only system channel")
    announcements = fake.add_channel(closed, "announcements", send_messages=False)
    closed.system_channel_id = announcements.id
    await fake.join(bot, closed)
    hidden = fake.add_guild("Hidden system channel")
    staff = fake.add_channel(hidden, "staff", view_channel=False)
    hidden.system_channel_id = staff.id
    await fake.join(bot, hidden)
    await fake.settle()
    for channel in (quiet_channel, announcements, staff):
        assert fake.channel_messages(channel) == [], channel.name
    assert {g.id for g in bot.guilds} >= {quiet.id, closed.id, hidden.id}


# -- /settings show and /settings me ----------------------------------------------------------


async def test_settings_show_lists_the_servers_settings_for_anyone(
    server: Server, bot: TableroBot
) -> None:
    fake = server.fake
    defaults = await settings_as(server, bot, server.eve, "show")
    text = said(defaults)
    assert defaults.ephemeral, defaults.response
    for line in (
        "Threads: off",
        "Member limit: 5 open matches",
        "the live clock; live turns 5 min, async turns 24 h",
        "nobody plays for 7 days",
        "Global leaderboard: off",
    ):
        assert line in text, (line, text)

    await fake.slash(bot, server.mod, server.channel, "settings threads", mode="on")
    await fake.slash(bot, server.mod, server.channel, "settings limit", matches=3)
    await fake.slash(
        bot,
        server.mod,
        server.channel,
        "settings clock",
        default="async",
        live_minutes=10,
        async_hours=12,
        abandon_days=3,
    )
    await fake.slash(bot, server.mod, server.channel, "settings global", mode="on")
    changed = await fake.slash(bot, server.mod, server.channel, "settings show")
    text = said(changed)
    assert changed.ephemeral
    for line in (
        "Threads: on",
        "Member limit: 3 open matches",
        "the async clock; live turns 10 min, async turns 12 h",
        "nobody plays for 3 days",
        "Global leaderboard: on",
    ):
        assert line in text, (line, text)
    assert await bot.runtime.store.get_user_settings(str(server.eve.id)) == {}


async def test_a_members_choice_of_text_is_stored_and_read_back(
    server: Server, bot: TableroBot
) -> None:
    user = str(server.eve.id)
    assert await bot.runtime.router.wants_images(user)
    await bot.runtime.store.set_user_settings(user, {"notify": True})
    off = await settings_as(server, bot, server.eve, "me", images="off")
    assert off.ephemeral and "as text" in said(off)
    assert await bot.runtime.store.get_user_settings(user) == {"notify": True, "images": False}
    assert not await bot.runtime.router.wants_images(user)
    on = await settings_as(server, bot, server.eve, "me", images="on")
    assert on.ephemeral and "images again" in said(on)
    assert await bot.runtime.router.wants_images(user)
    assert await bot.runtime.store.get_guild_settings(str(server.guild.id)) == {}


# -- 📝 Text board and text instead of images ----------------------------------------------------


async def test_the_text_board_button_shows_the_board_to_anyone_privately(
    server: Server, bot: TableroBot
) -> None:
    fake = server.fake
    live = await start_match(server, bot, [server.bo], ais=0)
    message = fake.message(int(live.message_id or 0))
    edits, content = message.edits, message.text
    assert button_id(message, ":board")
    sections = adapter_for(live.spec.name).ui.board_sections
    assert sections is not None
    for viewer in (server.eve, server.ana):
        res = await fake.click(bot, viewer, message, "Text board")
        assert res.ephemeral and res.message is not None
        assert res.message.visible_for(viewer.id) and not res.message.visible_for(None)
        title = f"📝 Text board · match #{live.id}"
        assert said(res) == title + "\n" + "\n\n".join(sections(live))  # 2 players: one page
        assert f"**{isolate('Ana')}**: 0 points" in said(res) and res.message.attachments == []
        assert res.message.buttons() == []
    await fake.settle()
    assert (message.edits, message.text) == (edits, content)

    roll = await fake.click(bot, server.ana, message, "Roll")
    assert not roll.ephemeral
    await fake.settle()
    assert button_id(fake.message(message.id), ":board")  # still there after the edit


async def test_kero_messages_carry_the_text_board_through_die_toggles(
    timed_server: Server,
) -> None:
    driver = await rolling(timed_server)
    fake, bot = timed_server.fake, driver.bot
    message = driver.message
    assert kero_state(driver.live.state).phase is Phase.ROLLING
    boards = [c for c in message.interactive() if str(c.custom_id).endswith(":board")]
    assert len(boards) == 1
    toggle = next(
        c for c in message.interactive() if ":tog:" in str(c.custom_id) and not c.disabled
    )
    assert toggle.custom_id is not None
    await fake.click(bot, timed_server.ana, message, toggle.custom_id)
    await fake.settle()
    redrawn = fake.message(message.id)
    assert [c for c in redrawn.interactive() if str(c.custom_id).endswith(":board")]
    res = await fake.click(bot, timed_server.bo, redrawn, "Text board")
    assert res.ephemeral and "KERO" in said(res)
    await fake.disconnect(bot)


async def test_my_sheet_comes_as_text_for_a_member_who_chose_text(
    server: Server, bot: TableroBot
) -> None:
    fake = server.fake
    live = await start_match(server, bot, [server.bo], ais=0)
    await bot.runtime.settings.set_member(str(server.bo.id), images=False)
    message = fake.message(int(live.message_id or 0))
    res = await fake.click(bot, server.bo, message, "My sheet")
    await fake.settle()
    assert res.ephemeral and res.message is not None and res.followups == []
    assert res.message.attachments == [] and res.message.visible_for(server.bo.id)
    text = said(res)
    assert text.startswith(f"📋 Your sheet in match #{live.id}\n**{isolate('Bo')}**: 0 points")
    assert "penguin enclosures crossed: none (0 of 6)" in text  # the text board's lines

    images = await fake.click(bot, server.ana, message, "My sheet")  # Ana kept images
    await fake.settle()
    assert images.followups and images.followups[0].attachments


# -- allowed mentions -------------------------------------------------------------------------


async def test_every_message_sets_allowed_mentions_that_ping_only_members(
    server: Server, bot: TableroBot
) -> None:
    fake = server.fake
    live = await start_match(server, bot, [server.bo], ais=0)
    posted = fake.message(int(live.message_id or 0))
    assert f"<@{server.ana.id}>" in posted.text
    mentions = posted.allowed_mentions
    assert mentions is not None, "the match message sent no allowed_mentions"
    assert "everyone" not in mentions["parse"] and "roles" not in mentions["parse"]
    assert mentions["parse"] == ["users"] and not mentions.get("replied_user", False)
    assert bot.allowed_mentions is not None and bot.allowed_mentions.replied_user is False
    help_page = await fake.slash(bot, server.eve, server.channel, "help")
    assert help_page.message is not None and help_page.message.allowed_mentions is not None
    assert "everyone" not in help_page.message.allowed_mentions["parse"]

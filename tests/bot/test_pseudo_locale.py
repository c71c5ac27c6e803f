"""Under the pseudo-locale (en-XA: every letter of the catalogs accented), what a member reads of
`/help`, `/rules` (every page of both games, paged with the buttons), the leaderboards (server
and global, paged), `/stats` (image and text), `/history`, `/match record` and the refusals a
member meets keeps no plain English: all of it came through the catalogs. (Whole Keer and Kero
matches, lobbies and settings under it: tests/bot/test_match_languages.py and
tests/bot/test_kero_languages.py; the images: tests/render/test_languages.py.)"""

from __future__ import annotations

from bot.app import TableroBot
from bot.ui.rules_pages import pages
from fakediscord import FakeMessage
from tests.bot.conftest import Server
from tests.bot.keer_driver import button_id, play_roll, start_match
from tests.bot.pseudo import leaks, watch
from words import PSEUDO, words_for

NAMES = ("Ana", "Bo", "Cas", "Eve", "Mod", "Test server")
"""What stays plain: the members' names (the server's name appears nowhere)."""


def in_pseudo(server: Server) -> None:
    server.guild.locale = PSEUDO
    for member in (server.ana, server.bo, server.cas, server.eve, server.mod):
        member.locale = PSEUDO


async def page_through(server: Server, bot: TableroBot, message: FakeMessage | None) -> int:
    """Click Next (a paging view's last button) until it is disabled; how many pages were
    shown."""
    assert message is not None
    seen = 1
    while (buttons := message.buttons()) and not buttons[-1].disabled:
        res = await server.fake.click(bot, server.ana, message, str(buttons[-1].custom_id))
        assert res.acknowledged
        message = server.fake.message(message.id)
        seen += 1
    return seen


async def test_help_rules_ratings_and_refusals_under_the_pseudo_locale(server: Server) -> None:
    fake = server.fake
    in_pseudo(server)
    bot = await server.start_bot()
    sent = watch(fake)
    for _ in range(2):
        live = await start_match(server, bot, [server.bo], ais=0)
        while live.id in bot.runtime.service.matches:
            await play_roll(server, bot, live)
        await fake.settle()
    results = fake.channel_messages(server.channel)[-1]
    await fake.click(bot, server.eve, results, button_id(results, ":rematch"))  # not a player

    help_res = await fake.slash(bot, server.ana, server.channel, "help")
    shown = {"help": await page_through(server, bot, help_res.message)}
    for game in ("kero", "keer-kids"):
        res = await fake.slash(bot, server.ana, server.channel, "rules", game=game)
        shown[game] = await page_through(server, bot, res.message)
    pseudo = words_for(PSEUDO)
    assert shown == {name: len(pages(name, pseudo)) for name in shown}

    await fake.slash(bot, server.mod, server.channel, "settings global", mode="on")
    for scope, period in (("server", "all-time"), ("server", "week"), ("global", "all-time")):
        board = await fake.slash(
            bot,
            server.ana,
            server.channel,
            "leaderboard",
            game="keer-kids",
            scope=scope,
            period=period,
        )
        await page_through(server, bot, board.message)
    for who in (server.ana, server.eve):
        await fake.slash(bot, who, server.channel, "stats")
        await fake.slash(bot, who, server.channel, "history")
    await fake.slash(bot, server.ana, server.channel, "settings me", images="off")
    await fake.slash(bot, server.ana, server.channel, "stats", game="keer-kids")
    await fake.slash(bot, server.ana, server.channel, "match record", match=1)
    await fake.slash(bot, server.ana, server.channel, "match record", match=99)
    for command in ("match status", "match resign", "match cancel", "match here"):
        await fake.slash(bot, server.eve, server.channel, command)  # nothing runs here

    live = await start_match(server, bot, [server.bo], ais=0)
    stale = fake.message(int(live.message_id or 0))
    roll = button_id(stale, ":roll")
    await play_roll(server, bot, live)
    await fake.component(bot, server.ana, custom_id=roll, message=stale)  # out of date
    await fake.component(bot, server.eve, custom_id="tb:nonsense", message=stale)  # damaged
    await fake.settle()

    found = list(sent.texts())
    assert len(found) > 100
    left = leaks(found, NAMES)
    assert left == [], "\n".join(text for _, text in left)
    await fake.disconnect(bot)

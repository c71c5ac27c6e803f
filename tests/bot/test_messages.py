"""Texts built from member data, through the fake Discord: `/match list` pages, names escaped
and within Discord's limits, what a lobby or challenge says about its match, "How to play",
and the global leaderboard's privacy line."""

from __future__ import annotations

import re

from bot.app import TableroBot
from bot.ui.names import shown
from bot.ui.rules_pages import pages
from fakediscord import FakeChannel, FakeMessage, FakeUser
from games.keer_kids import Phase
from games.records import Player
from storage import NewMatch, Rating
from tests.bot.conftest import Server, said
from tests.bot.keer_driver import button_id, keer, live_here
from tests.bot.kero_driver import fire_due
from words import isolate, words_for

LIMIT = 2000


def long_name(i: int) -> str:
    """32 characters of the worst kind: markdown that doubles when escaped, and a mention."""
    name = (f"**Zoë{i}** @everyone " + "_*~|`" * 8)[:32]
    assert len(name) == 32
    return name


def content_of(res_or_message: object) -> str:
    """A message's text, or an interaction's first response's."""
    if isinstance(res_or_message, FakeMessage):
        return res_or_message.text
    return said(res_or_message)


def all_contents(server: Server) -> list[str]:
    """Every message Discord stores (ephemeral ones and DMs too)."""
    return [m.text for m in server.fake.world.messages.values()]


async def long_named(server: Server, count: int) -> list[FakeUser]:
    return [server.fake.add_member(server.guild, long_name(i)) for i in range(count)]


async def four_seat_match(
    server: Server, bot: TableroBot, users: list[FakeUser], channel: FakeChannel, **options: str
) -> FakeMessage:
    """users[0] opens a lobby in `channel`, the others join, the host starts; the lobby."""
    fake = server.fake
    res = await fake.slash(bot, users[0], channel, "keer start", **options)
    assert res.message is not None
    for user in users[1:]:
        assert not (await fake.click(bot, user, res.message, "Join")).ephemeral
    assert len(res.message.text) <= LIMIT
    started = await fake.click(bot, users[0], res.message, "Start")
    assert started.acknowledged and not started.ephemeral, said(started)
    await fake.settle()
    return res.message


async def roll_and_keep(server: Server, bot: TableroBot, users: list[FakeUser], chan: int) -> None:
    """The roller rolls and keeps: every seat is then waited for (the longest progress line)."""
    fake = server.fake
    live = live_here(bot, server, chan)
    assert live is not None
    by_id = {str(u.id): u for u in users}
    message = fake.message(int(live.message_id or 0))
    roller = by_id[live.players[keer(live).roller].id]
    await fake.click(bot, roller, message, "Roll")
    await fake.settle()
    die = keer(live).legal_actions(keer(live).roller)[0].die  # type: ignore[union-attr]
    await fake.click(bot, roller, message, button_id(message, f":keep:{die}"))
    await fake.settle()
    assert keer(live).phase is Phase.CHOOSE and len(keer(live).seats_to_act()) == 4


async def test_match_list_pages_reach_25_matches_each_within_2000_characters(
    server: Server, bot: TableroBot
) -> None:
    fake = server.fake
    users = await long_named(server, 4)
    await fake.slash(bot, server.mod, server.channel, "settings limit", matches=25)
    ids = []
    for i in range(25):
        channel = fake.add_channel(server.guild, f"table-{i}")
        await four_seat_match(server, bot, users, channel)
        if i % 2 == 0:
            await roll_and_keep(server, bot, users, channel.id)
        live = live_here(bot, server, channel.id)
        assert live is not None
        ids.append(live.id)

    first = await fake.slash(bot, users[1], server.channel, "match list")
    assert first.ephemeral and first.message is not None
    listed = first.message
    texts = [listed.text]
    assert "page 1 of" in texts[0] and "◀ Previous" in [b.label for b in listed.buttons()]
    assert listed.find("◀ Previous").disabled
    while not listed.find("Next ▶").disabled:
        res = await fake.click(bot, users[1], listed, "Next ▶")
        assert not res.errors
        texts.append(fake.message(listed.id).text)
    assert len(texts) >= 3, [len(t) for t in texts]
    assert all(len(text) <= LIMIT for text in texts), [len(t) for t in texts]
    found = [int(n) for text in texts for n in re.findall(r"^#(\d+) ", text, re.MULTILINE)]
    assert found == sorted(ids)
    assert f"page {len(texts)} of {len(texts)}" in texts[-1]
    assert "@everyone" not in "".join(texts) and shown(long_name(0)) in "".join(texts)

    back = await fake.click(bot, users[1], listed, "◀ Previous")
    assert not back.errors and fake.message(listed.id).text == texts[-2]
    assert all("@everyone" not in text for text in all_contents(server))


async def test_a_short_match_list_has_no_paging(server: Server, bot: TableroBot) -> None:
    fake = server.fake
    users = await long_named(server, 2)
    await four_seat_match(server, bot, users, server.channel)
    res = await fake.slash(bot, users[0], server.channel, "match list")
    assert res.ephemeral and "page" not in said(res) and res.message is not None
    assert res.message.buttons() == []


async def test_names_are_escaped_in_lobby_and_match_messages(
    server: Server, bot: TableroBot
) -> None:
    fake = server.fake
    zoe = fake.add_member(server.guild, "**Zoë** @everyone")
    escaped = shown("**Zoë** @everyone")
    assert escaped == "\\*\\*Zoë\\*\\* @\u200beveryone"
    named = isolate(escaped)  # inside a sentence, a name is an isolate
    res = await fake.slash(bot, zoe, server.channel, "keer start")
    assert res.message is not None
    lobby = res.message
    assert f"{named} is looking for players" in lobby.text
    assert f"1. {named} (host)" in lobby.text
    refused = await fake.click(bot, server.bo, lobby, "Add AI")
    assert refused.ephemeral and f"Only the host ({named})" in said(refused)
    await fake.click(bot, server.bo, lobby, "Join")
    await fake.click(bot, zoe, lobby, "Start")
    await fake.settle()
    assert escaped in fake.message(lobby.id).text  # "match #n started below: …"
    live = live_here(bot, server)
    assert live is not None

    status = await fake.slash(bot, server.bo, server.channel, "match status")
    assert f"1. {named}" in said(status) and f"{named} rolls next" in said(status)
    listed = await fake.slash(bot, zoe, server.channel, "match list")
    assert escaped in said(listed)
    cancel = await fake.slash(bot, zoe, server.channel, "match cancel")
    assert said(cancel).startswith(f"{named} asks to cancel")
    await fake.click(bot, server.bo, cancel.message, "Keep playing")
    resigned = await fake.slash(bot, zoe, server.channel, "match resign")
    assert f"🏳️ {named} resigned" in said(resigned)
    await fake.settle()

    contents = all_contents(server)
    assert sum(escaped in text for text in contents) >= 4
    assert all("@everyone" not in text and "**Zoë**" not in text for text in contents)


async def test_four_long_names_fit_the_lobby_status_and_clock_notice(
    timed_server: Server,
) -> None:
    server = timed_server
    assert server.clock is not None
    fake = server.fake
    bot = await server.start_bot()
    users = await long_named(server, 4)
    lobby = await four_seat_match(server, bot, users, server.channel)
    assert all(shown(long_name(i)) in lobby.text for i in range(4))
    live = live_here(bot, server)
    assert live is not None
    status = await fake.slash(bot, users[2], server.channel, "match status")
    assert len(said(status)) <= LIMIT and all(shown(u.name) in said(status) for u in users)

    await roll_and_keep(server, bot, users, server.channel.id)
    clock = bot.runtime.turn_clocks.clocks[live.id]
    server.clock.now = clock.due_ms / 1000 + 1
    await fire_due(server, bot, live)
    posted = fake.channel_messages(server.channel)
    notices = [m for m in posted if "turn clock ran out" in m.text]
    assert len(notices) == 1
    notice = notices[0]
    # every seat missed: the roll is over, and the next roll's message follows the notice
    assert keer(live).phase is Phase.ROLL and keer(live).rolls == 1
    assert posted[-1].id == int(live.message_id or 0) and posted[-2] is notice
    assert len(notice.text) <= LIMIT
    assert all(shown(long_name(i)) in notice.text for i in range(4))
    assert all(len(b.label or "") <= 80 for b in notice.buttons())
    assert all("@everyone" not in text for text in all_contents(server))
    await fake.settle()
    assert bot.runtime.publisher.errors == []
    await fake.disconnect(bot)


async def test_lobbies_and_challenges_say_clock_variant_refuel_and_rated(
    server: Server, bot: TableroBot
) -> None:
    fake = server.fake
    challenge = await fake.slash(
        bot,
        server.ana,
        server.channel,
        "kero challenge",
        member=server.bo,
        variant="boss",
        refuel="live",
        clock="async",
    )
    terms = (
        "Boss Variant · refuel: live · clock: async (24 h per turn) · away: clock paused · rated"
    )
    assert f"**Kero** challenge · {terms}" in said(challenge)
    await fake.click(bot, server.ana, challenge.message, "Decline")

    await fake.slash(
        bot, server.mod, server.channel, "settings clock", default="live", live_minutes=7
    )
    casual = await fake.slash(
        bot, server.cas, server.channel, "kero challenge", member=server.eve, rated=False
    )
    assert (
        "**Kero** challenge · base game · refuel: auto · clock: live (7 min per turn) · casual"
        in said(casual)
    )
    await fake.click(bot, server.cas, casual.message, "Decline")

    lobby = await fake.slash(bot, server.ana, server.channel, "keer start")
    assert lobby.message is not None
    ana_first = f"{isolate('Ana')} rolls first"
    assert f"**Keer op Keer Kids** lobby · {ana_first} · clock: live (7 min per turn) · rated" in (
        said(lobby)
    )
    await fake.click(bot, server.ana, lobby.message, "Add AI")
    assert "· unrated (a computer plays)" in fake.message(lobby.message.id).text
    await fake.click(bot, server.ana, lobby.message, "Close")

    other = fake.add_channel(server.guild, "slow")
    slow = await fake.slash(bot, server.bo, other, "keer start", clock="async", rated=False)
    terms = "clock: async (24 h per turn) · away: clock paused · casual (unrated)"
    assert f"lobby · {isolate('Bo')} rolls first · {terms}" in said(slow)


async def test_how_to_play_opens_the_rules_only_for_the_clicker(
    server: Server, bot: TableroBot
) -> None:
    fake = server.fake
    lobby = await fake.slash(bot, server.ana, server.channel, "keer start")
    assert lobby.message is not None
    before = (lobby.message.text, lobby.message.edits)
    rules = await fake.click(bot, server.eve, lobby.message, "How to play")
    assert rules.ephemeral and rules.message is not None
    book = pages("keer-kids", words_for("en"))
    assert rules.message.embeds[0]["title"] == book[0].title
    assert (lobby.message.text, lobby.message.edits) == before
    assert rules.message.visible_to == server.eve.id
    if len(book) > 1:
        await fake.click(bot, server.eve, rules.message, "Next ▶")
        assert fake.message(rules.message.id).embeds[0]["title"] == book[1].title
        assert (lobby.message.text, lobby.message.edits) == before

    challenge = await fake.slash(
        bot, server.cas, fake.add_channel(server.guild, "duel"), "kero challenge", member=server.bo
    )
    kero = await fake.click(bot, server.eve, challenge.message, "How to play")
    assert kero.ephemeral and kero.message is not None
    assert kero.message.embeds[0]["title"] == pages("kero", words_for("en"))[0].title


async def test_the_global_board_shows_what_its_footer_says(server: Server) -> None:
    fake = server.fake
    bot = await server.start_bot()
    guild = str(server.guild.id)
    pair = (Player("1001", "**Zoë** <@123456789012345678>"), Player("1002", "Ned"))
    for i in range(3):
        await bot.runtime.store.create_match(NewMatch("kero", pair, str(i), {}, guild))
    ratings = [Rating(guild, "kero", p.id, 30.0 - n, 2.0, 5) for n, p in enumerate(pair)]
    await bot.runtime.store.replace_ratings(ratings, [])
    await fake.slash(bot, server.mod, server.channel, "settings global", mode="on")
    res = await fake.slash(
        bot, server.ana, server.channel, "leaderboard", game="kero", scope="global"
    )
    embed = (res.response or {})["data"]["embeds"][0]
    assert "by the name they last played under, never their server" in embed["footer"]["text"]
    zoe = isolate("\\*\\*Zoë\\*\\* <@\u200b123456789012345678>")
    assert f"**1.** {zoe}" in embed["description"]
    assert "Test server" not in str(embed)
    await fake.disconnect(bot)

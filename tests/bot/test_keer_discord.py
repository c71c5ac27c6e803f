"""Keer op Keer Kids end to end through the real discord.py and the fake Discord."""

from __future__ import annotations

import copy

from bot.app import TableroBot
from games.keer_kids import Roll, Skip
from tests.bot.conftest import Server
from tests.bot.helpers import controls, looks, take_from_bot
from tests.bot.keer_driver import (
    button_id,
    decodes,
    keer,
    live_here,
    open_lobby,
    play_roll,
    start_match,
)


async def test_a_three_player_match_plays_from_keer_start_to_the_results(
    server: Server, bot: TableroBot
) -> None:
    live = await start_match(server, bot, [server.bo], ais=1)
    assert [p.name for p in live.players] == ["Ana", "Bo", "Ada (AI)"]
    first = server.fake.message(int(live.message_id or 0))
    assert decodes(first) == 2 and "roll the dice" in first.text
    for _ in range(200):
        if bot.runtime.service.matches.get(live.id) is not live:
            break
        for res in await play_roll(server, bot, live):
            assert res.acknowledged and res.ack_ms is not None
    assert live.state.is_terminal()
    messages = server.fake.channel_messages(server.channel)
    final = messages[-1]
    assert "🏆" in final.text and [c.label for c in final.interactive()] == ["Rematch"]
    # A table per roll (its strip above it), and the final one with the results card, except
    # rolls the bot played through on its own (an AI roller and every member skipping): those
    # pass without a message.
    unseen = _rolls_without_members(live)
    tables = sum(1 for m in messages for name, _ in m.attachments if name == "board.png")
    assert all(decodes(m) for m in messages if m.attachments)
    assert tables == keer(live).rolls + 1 - unseen
    assert [name for name, _ in final.attachments] == ["strip.png", "board.png", "results.png"]
    stored = await bot.runtime.store.load(live.id)
    assert stored.status == "finished" and stored.version == live.state.version
    summaries = [m for m in messages[:-1] if m.attachments]
    assert all(controls(m) == [] and len(looks(m)) == 3 for m in summaries)
    await rematch_needs_every_player(server, bot, final, [p.name for p in live.players])


async def test_a_roll_and_its_keep_upload_only_the_strip(server: Server, bot: TableroBot) -> None:
    """The table changes only when a roll resolves: the roll's and the keep's edits keep the
    table the message carries and upload only the strip; a pick that leaves others to choose
    edits the waiting list and sends no image at all; the resolution draws a new table."""
    live = await start_match(server, bot, [server.bo], ais=1)
    message = server.fake.message(int(live.message_id or 0))
    seen: list[dict[str, int]] = []

    async def record() -> None:
        seen.append({a.filename: a.id for a in message.attachment_objects})

    await record()
    await play_roll(server, bot, live, after=record)
    boards = [s["board.png"] for s in seen]
    strips = [s["strip.png"] for s in seen]
    assert len(seen) >= 4 and boards[1] == boards[2] == boards[0], seen  # the roll, the keep
    assert strips[1] != strips[0] and strips[2] != strips[1], seen
    assert boards[-1] != boards[0], seen  # the summary: the table after the roll
    assert len(seen) >= 5 and all(s == seen[2] for s in seen[3:-1]), seen  # the first pick


async def rematch_needs_every_player(server, bot, results, names) -> None:
    """Rematch: only players ask; it starts once every other member accepted."""
    fake = server.fake
    outsider = await fake.click(bot, server.eve, results, "Rematch")
    assert outsider.ephemeral and "Only the players" in outsider.response["data"]["content"]
    take_from_bot(server, server.channel, send_messages=False)
    mute = await fake.click(bot, server.ana, results, "Rematch")
    assert mute.ephemeral and "Send Messages" in mute.response["data"]["content"]
    server.channel.overwrites.pop()  # an admin gives the permission back
    offer = await fake.click(bot, server.ana, results, "Rematch")
    assert not offer.ephemeral and f"<@{server.bo.id}>" in offer.response["data"]["content"]
    assert (await fake.click(bot, server.ana, offer.message, "Accept")).ephemeral
    await fake.click(bot, server.bo, offer.message, "Accept")
    await fake.settle()
    again = live_here(bot, server)
    assert again is not None and [p.name for p in again.players] == names


def _rolls_without_members(live) -> int:
    """Rolls in which no member clicked: the computer rolled and every member was skipped."""
    count, clicked = 0, True
    for seat, action in keer(live).history:
        if isinstance(action, Roll):
            count += 0 if clicked else 1
            clicked = False
        elif seat >= 0 and not live.is_ai(seat) and not isinstance(action, Skip):
            clicked = True
    return count + (0 if clicked else 1)


async def test_a_new_bot_on_the_same_database_continues_by_clicking_the_old_message(
    server: Server, bot: TableroBot
) -> None:
    live = await start_match(server, bot, [server.bo, server.cas], ais=0)
    for _ in range(3):
        await play_roll(server, bot, live)
    old_message = live.message_id
    before = live.state.summary()
    await server.fake.disconnect(bot)

    again = await server.start_bot()
    resumed = live_here(again, server)
    assert resumed is not None and resumed.id == live.id
    assert resumed.state.summary() == before and resumed.message_id == old_message
    results = await play_roll(server, again, resumed)
    assert results and all(r.acknowledged and not r.errors for r in results)
    assert keer(resumed).rolls == 4 or resumed.state.is_terminal()
    await server.fake.settle()
    assert again.runtime.publisher.errors == []
    await server.fake.disconnect(again)


async def test_refusals_are_ephemeral_and_change_nothing(server: Server, bot: TableroBot) -> None:
    fake = server.fake
    live = await start_match(server, bot, [server.bo], ais=0)
    message = fake.message(int(live.message_id or 0))
    version = live.state.version

    outsider = await fake.click(bot, server.eve, message, "Roll")
    not_roller = await fake.click(bot, server.bo, message, "Roll")
    for res, words in ((outsider, "not playing"), (not_roller, "isn't your roll")):
        assert res.ephemeral and words in res.response["data"]["content"]
    assert live.state.version == version

    as_seen = copy.deepcopy(message)
    first = await fake.click(bot, server.ana, message, "Roll")
    assert not first.ephemeral and live.state.version == version + 1
    for seen in (as_seen, message):  # the second click of a double click; a click after it
        double = await fake.component(
            bot, server.ana, custom_id=f"tb:{live.id}:{version}:roll", message=seen
        )
        assert double.ephemeral and "out of date" in double.response["data"]["content"]
    assert live.state.version == version + 1

    for custom_id in (f"tb:{live.id}:x:roll", "tb:", "garbage", f"tbl:{live.id}:dance"):
        damaged = await fake.component(bot, server.ana, custom_id=custom_id, message=message)
        assert damaged.ephemeral and "damaged" in damaged.response["data"]["content"]
    assert live.state.version == version + 1

    second = await fake.slash(bot, server.bo, server.channel, "keer start")
    assert second.ephemeral and f"#{live.id}" in second.response["data"]["content"]
    assert (await bot.runtime.store.load(live.id)).version == version + 1


async def test_a_pick_after_the_roll_moved_on_is_refused(server: Server, bot: TableroBot) -> None:
    fake = server.fake
    live = await start_match(server, bot, [server.bo], ais=0)
    await play_roll(server, bot, live)
    old = fake.channel_messages(server.channel)[-2]
    assert controls(old) == [] and "Roll 1" in old.text
    current = fake.message(int(live.message_id or 0))
    roll_id = button_id(current, ":roll")
    stale_die = roll_id.replace(":roll", ":die:0").replace(
        f":{live.state.version}:", f":{live.state.version - 1}:"
    )
    res = await fake.component(bot, server.bo, custom_id=stale_die, message=current)
    assert res.ephemeral and "out of date" in res.response["data"]["content"]


async def test_my_sheet_is_only_for_the_player(server: Server, bot: TableroBot) -> None:
    fake = server.fake
    live = await start_match(server, bot, [server.bo], ais=0)
    message = fake.message(int(live.message_id or 0))
    res = await fake.click(bot, server.bo, message, "My sheet")
    await fake.settle()
    assert res.ephemeral
    sheet = res.followups[0]
    assert sheet.ephemeral and sheet.visible_for(server.bo.id) and not sheet.visible_for(None)
    assert decodes(sheet) == 1 and "Bo" in sheet.text


async def test_lobby_buttons_refuse_what_members_may_not_do(
    server: Server, bot: TableroBot
) -> None:
    fake = server.fake
    lobby = await open_lobby(server, bot, [server.bo], ais=0)
    cases = [
        (server.bo, "Start", "Only the host"),
        (server.bo, "Add AI", "Only the host"),
        (server.bo, "Join", "already in"),
        (server.eve, "Leave", "not in this lobby"),
        (server.ana, "Leave", "Close"),
    ]
    for user, label, words in cases:
        res = await fake.click(bot, user, lobby, label)
        assert res.ephemeral and words in res.response["data"]["content"], label
    await fake.click(bot, server.cas, lobby, "Join")
    await fake.click(bot, server.eve, lobby, "Join")
    assert "Join" in [c.label for c in fake.message(lobby.id).interactive() if c.disabled]
    closed = await fake.click(bot, server.ana, lobby, "Close")
    assert not closed.ephemeral and fake.message(lobby.id).interactive() == []
    assert live_here(bot, server) is None

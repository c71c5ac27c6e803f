"""Turn clocks on virtual time: reminders, missed Keer rolls, skipping or expelling an absent
Kero player, abandonment, and clocks that survive a restart."""

from __future__ import annotations

from bot.app import TableroBot
from bot.core.live import LiveMatch
from fakediscord import FakeMessage
from games.common.protocol import CHANCE
from games.keer_kids import HeuristicAI, Keep, KeerState, Miss, Phase, Roll
from games.kero import actions as ka
from tests.bot.conftest import Server, said
from tests.bot.keer_driver import button_id, keer, live_here, pick, play_until
from tests.bot.kero_driver import KeroDriver, challenge, fire_due, first_turn_of
from words import isolate

DAY_S = 86_400


async def fire(server: Server, bot: TableroBot, live: LiveMatch) -> None:
    """Let the match's timer run after a clock jump."""
    await fire_due(server, bot, live)


async def new_async_keer(server: Server, bot: TableroBot) -> LiveMatch:
    """Ana (seat 0, the first roller) and Bo (seat 1) in a new async Keer match."""
    fake = server.fake
    lobby = await fake.slash(bot, server.ana, server.channel, "keer start", clock="async")
    await fake.click(bot, server.bo, lobby.message, "Join")
    await fake.click(bot, server.ana, lobby.message, "Start")
    await fake.settle()
    live = live_here(bot, server)
    assert live is not None
    assert live.names == ["Ana", "Bo"]
    return live


async def async_keer(server: Server, bot: TableroBot) -> LiveMatch:
    """Ana and Bo in an async Keer match, played on until only Bo's pick is waited for."""
    live = await new_async_keer(server, bot)
    await play_until(
        server, bot, live, lambda s: s.phase is Phase.CHOOSE and s.seats_to_act() == (1,)
    )
    return live


async def test_an_async_keer_player_who_misses_the_clock_skips_the_roll(
    timed_server: Server,
) -> None:
    server = timed_server
    assert server.clock is not None
    bot = await server.start_bot()
    await server.fake.slash(bot, server.bo, server.channel, "notify", mode="on")
    live = await async_keer(server, bot)
    clock = bot.runtime.turn_clocks.clocks[live.id]
    assert clock.mode == "async" and clock.turn_ms == DAY_S * 1000 and clock.waiting == [1]

    server.clock.now = clock.remind_ms / 1000 + 1
    await fire(server, bot, live)
    await fire(server, bot, live)
    reminders = server.fake.dm_messages(server.bo)
    assert len(reminders) == 1 and f"match #{live.id}" in reminders[0].text
    assert server.fake.dm_messages(server.ana) == []

    rolls = keer(live).rolls
    server.clock.now = clock.due_ms / 1000 + 1
    await fire(server, bot, live)
    history = keer(live).history
    assert (1, Miss()) in history
    assert keer(live).rolls == rolls and keer(live).phase is Phase.ROLL
    notice = server.fake.channel_messages(server.channel)[-2:]
    assert any("turn clock ran out" in m.text and "Bo" in m.text for m in notice)
    await server.fake.disconnect(bot)


async def run_out(server: Server, bot: TableroBot, live: LiveMatch) -> list[FakeMessage]:
    """Jump just past the match's turn clock and let it fire; the channel messages it posted."""
    assert server.clock is not None
    before = {m.id for m in server.fake.channel_messages(server.channel)}
    server.clock.now = bot.runtime.turn_clocks.clocks[live.id].due_ms / 1000 + 1
    await fire(server, bot, live)
    return [m for m in server.fake.channel_messages(server.channel) if m.id not in before]


async def check_absent_roller(
    server: Server, bot: TableroBot, live: LiveMatch, roll: Roll, posted: list[FakeMessage]
) -> None:
    """Ana's clock ran out in roll 1 before she kept a die: the bot threw `roll` and kept a die
    for her, her own choice is a miss; Bo, not skipped, picks from the two dice left on a fresh
    clock, and the roll resolves into Bo's roll."""
    at_keep = KeerState(2)
    at_keep.apply(CHANCE, roll)
    keep = HeuristicAI().choose(at_keep, 0)  # the computer keeps for her, as for an AI seat
    assert isinstance(keep, Keep) and keep in at_keep.legal_actions(0)
    left = tuple(d for d in range(3) if d != keep.die)

    state = keer(live)
    assert state.history == [(CHANCE, roll), (0, keep), (0, Miss())]
    assert state.phase is Phase.CHOOSE and state.rolls == 1 and state.roller == 0
    assert state.dice == roll.dice and state.kept == keep.die
    assert state.choices == [Miss(), None] and state.seats_to_act() == (1,)
    assert state.allowed_dice(1) == left
    assert state.players[0].crossed == 0 and state.players[0].marks == 0
    stored = await bot.runtime.store.load(live.id)
    assert [(e.seat, e.action) for e in stored.record.entries] == [
        (CHANCE, roll.to_text()),
        (0, keep.to_text()),
        (0, "miss"),
    ]
    clock = bot.runtime.turn_clocks.clocks[live.id]
    assert clock.waiting == [1] and not clock.expired  # Bo gets a whole turn of his own
    assert server.clock is not None and clock.due_ms >= server.clock.now * 1000 + clock.turn_ms - 1

    notices = [m for m in posted if "turn clock ran out" in m.text]
    assert len(notices) == 1
    notice = notices[0]
    assert f"#{live.id}" in notice.text and "Ana" in notice.text
    ana = isolate("Ana")
    assert f"{ana} skips this roll." in notice.text and "Bo" not in notice.text
    labels = [c.label for c in notice.interactive()]
    assert labels == [f"Expel {ana}"]  # nobody is left absent: no "Skip Ana's turn"
    pings = [m.text for m in posted if m.text.startswith("🔔")]
    assert len(pings) == 1 and f"<@{server.bo.id}>" in pings[0]
    assert f"<@{server.ana.id}>" not in pings[0]

    assert live.message_id is not None
    message_id = int(live.message_id)
    message = server.fake.message(message_id)
    ana, bo = isolate("Ana"), isolate("Bo")
    assert f"{ana} rolled" in message.text and "kept" in message.text
    assert f"⏳ Waiting for: {bo}" in message.text
    assert f"⏰ {ana} (clock ran out)" in message.text
    for die in left:
        assert button_id(message, f":die:{die}")

    bo_pick = keer(live).legal_actions(1)[0]
    await pick(server, bot, live, 1)
    state = keer(live)
    assert state.history == [(CHANCE, roll), (0, keep), (0, Miss()), (1, bo_pick)]
    assert bo_pick.die in left  # type: ignore[union-attr]
    assert state.phase is Phase.ROLL and state.roller == 1 and state.rolls == 1
    assert state.players[0].crossed == 0 and state.players[0].marks == 0
    assert state.players[1].crossed or state.players[1].marks
    assert bot.runtime.turn_clocks.clocks[live.id].waiting == [1]
    summary = server.fake.message(message_id).text
    assert f"{ana} missed the clock" in summary and f"{ana} kept" in summary
    assert f"{bo} missed the clock" not in summary
    assert f"<@{server.bo.id}>, roll the dice!" in server.fake.message(int(live.message_id)).text


async def test_an_absent_keer_roller_has_the_bot_roll_and_keep_then_misses(
    timed_server: Server,
) -> None:
    server = timed_server
    bot = await server.start_bot()
    live = await new_async_keer(server, bot)
    state = keer(live)
    assert state.phase is Phase.ROLL and state.roller == 0 and state.history == []
    assert bot.runtime.turn_clocks.clocks[live.id].waiting == [0]
    roll = state.sample_chance(live.rng)  # the dice the seed throws for roll 1

    posted = await run_out(server, bot, live)
    await check_absent_roller(server, bot, live, roll, posted)
    await server.fake.disconnect(bot)


async def test_an_absent_keer_roller_who_rolled_has_the_bot_keep_then_misses(
    timed_server: Server,
) -> None:
    server = timed_server
    assert server.clock is not None
    bot = await server.start_bot()
    live = await new_async_keer(server, bot)
    assert live.message_id is not None
    message = server.fake.message(int(live.message_id))
    due = bot.runtime.turn_clocks.clocks[live.id].due_ms
    server.clock.advance(60)
    await server.fake.click(bot, server.ana, message, "Roll")
    await server.fake.settle()
    state = keer(live)
    assert state.phase is Phase.KEEP and state.seats_to_act() == (0,)
    assert len(state.history) == 1 and state.history[0][0] == CHANCE
    roll = state.history[0][1]
    assert isinstance(roll, Roll)
    # The roll edits the same message: rolling and keeping share one wait.
    assert bot.runtime.turn_clocks.clocks[live.id].waiting == [0]
    assert bot.runtime.turn_clocks.clocks[live.id].due_ms == due

    posted = await run_out(server, bot, live)
    await check_absent_roller(server, bot, live, roll, posted)
    await server.fake.disconnect(bot)


async def test_an_absent_kero_player_is_skipped_or_expelled(timed_server: Server) -> None:
    server = timed_server
    assert server.clock is not None
    bot, driver = await challenge(server, clock="live")
    await first_turn_of(driver, 0)
    live = driver.live
    clock = bot.runtime.turn_clocks.clocks[live.id]
    assert clock.waiting == [0] and clock.turn_ms == 5 * 60_000
    server.clock.now = clock.due_ms / 1000 + 1
    await fire(server, bot, live)
    notice = server.fake.last_message(server.channel)
    assert "turn clock ran out" in notice.text
    skip = f"Skip {isolate('Ana')}'s turn"
    own = await server.fake.click(bot, server.ana, notice, skip)
    assert own.ephemeral
    skipped = await server.fake.click(bot, server.bo, notice, skip)
    await server.fake.settle()
    assert not skipped.ephemeral
    state = live.state
    assert (0, ka.Pass()) in state.history and state.active == 1  # type: ignore[attr-defined]

    await first_turn_of(driver, 0)
    clock = bot.runtime.turn_clocks.clocks[live.id]
    server.clock.now = clock.due_ms / 1000 + 1
    await fire(server, bot, live)
    notice = server.fake.last_message(server.channel)
    await server.fake.click(bot, server.bo, notice, f"Expel {isolate('Ana')}")
    await driver.wait_for_bot()
    assert live.is_ai(0) and (await bot.runtime.store.load(live.id)).departed == {0: "expelled"}
    messages = server.fake.channel_messages(server.channel)
    assert not any(m.text.startswith("🔔") for m in messages)  # live players get no pings

    await first_turn_of(driver, 1)  # Bo away too: nobody is left to take an offer
    clock = bot.runtime.turn_clocks.clocks[live.id]
    server.clock.now = clock.due_ms / 1000 + 1
    await fire(server, bot, live)
    notice = server.fake.last_message(server.channel)
    assert "turn clock ran out" in notice.text and "Bo" in notice.text
    assert notice.interactive() == [] and "may skip" not in notice.text
    await server.fake.disconnect(bot)


async def test_a_match_nobody_plays_is_abandoned(timed_server: Server) -> None:
    server = timed_server
    assert server.clock is not None
    bot = await server.start_bot()
    await server.fake.slash(
        bot, server.mod, server.channel, "settings clock", default="async", abandon_days=1
    )
    bot_user = server.fake.bot
    await server.fake.slash(bot, server.ana, server.channel, "kero challenge", member=bot_user)
    await server.fake.settle()
    live = live_here(bot, server)
    assert live is not None
    driver = KeroDriver(server, bot, live)
    await driver.wait_for_bot()
    server.clock.now += DAY_S + 1
    await fire(server, bot, live)
    assert live_here(bot, server) is None
    assert (await bot.runtime.store.load(live.id)).status == "abandoned"
    assert "abandoned" in server.fake.last_message(server.channel).text
    await server.fake.disconnect(bot)


async def test_a_turn_clock_survives_a_restart(timed_server: Server) -> None:
    server = timed_server
    assert server.clock is not None
    bot = await server.start_bot()
    live = await async_keer(server, bot)
    due = bot.runtime.turn_clocks.clocks[live.id].due_ms
    await server.fake.disconnect(bot)

    again = await server.start_bot()
    resumed = live_here(again, server)
    assert resumed is not None and again.runtime.turn_clocks.clocks[resumed.id].due_ms == due
    server.clock.now = due / 1000 + 1
    await fire(server, again, resumed)
    assert (1, Miss()) in keer(resumed).history
    await server.fake.disconnect(again)


async def test_async_play_mentions_each_member_once_per_roll(timed_server: Server) -> None:
    server = timed_server
    bot = await server.start_bot()
    live = await async_keer(server, bot)
    await pick(server, bot, live, 1)
    rolls = keer(live).rolls
    messages = server.fake.channel_messages(server.channel)
    pings = [m.text for m in messages if m.text.startswith("🔔")]
    bo_pings = [p for p in pings if f"<@{server.bo.id}>" in p]
    ana_pings = [p for p in pings if f"<@{server.ana.id}>" in p]
    # Bo was waited for without being mentioned at least once (Ana's roll), never twice a roll.
    assert 1 <= len(bo_pings) <= rolls and len(ana_pings) <= rolls
    assert all(p.count("<@") <= 2 for p in pings)
    await server.fake.disconnect(bot)


async def test_a_keer_player_who_missed_is_expelled_after_the_roll_moved_on(
    timed_server: Server,
) -> None:
    """Issue 32: the miss is applied at once and the next roll's clock starts, so the expired
    clock is gone when the others read the notice; the miss on record still lets them expel
    (the absent player may not), until the player acts again."""
    server = timed_server
    assert server.clock is not None
    bot = await server.start_bot()
    live = await async_keer(server, bot)
    before = {m.id for m in server.fake.channel_messages(server.channel)}
    server.clock.now = bot.runtime.turn_clocks.clocks[live.id].due_ms / 1000 + 1
    await fire(server, bot, live)
    assert (1, Miss()) in keer(live).history
    assert 1 not in bot.runtime.turn_clocks.timed_out(live.id), "the next roll's clock runs"
    notice = next(
        m
        for m in server.fake.channel_messages(server.channel)
        if m.id not in before and "turn clock ran out" in m.text
    )
    expel = f"Expel {isolate('Bo')}"
    own = await server.fake.click(bot, server.bo, notice, expel)
    assert own.ephemeral and not live.is_ai(1), "the absent player may not expel himself"
    res = await server.fake.click(bot, server.ana, notice, expel)
    await server.fake.settle()
    assert not res.ephemeral and "Bo" in said(res), said(res)
    assert live.is_ai(1) and (await bot.runtime.store.load(live.id)).departed == {1: "expelled"}
    assert server.fake.message(notice.id).interactive() == [], "the notice's offer is taken"
    await server.fake.disconnect(bot)


async def test_a_run_out_kero_player_is_expelled_after_a_restart(timed_server: Server) -> None:
    """Issue 32: whether the seat may be expelled is read from what is stored (the clock's
    expiry is in its deadline row), so a new process honours the notice the old one posted."""
    server = timed_server
    assert server.clock is not None
    bot, driver = await challenge(server, clock="live")
    await first_turn_of(driver, 0)
    live = driver.live
    server.clock.now = bot.runtime.turn_clocks.clocks[live.id].due_ms / 1000 + 1
    await fire(server, bot, live)
    notice = server.fake.last_message(server.channel)
    assert "turn clock ran out" in notice.text
    await server.fake.disconnect(bot)

    again = await server.start_bot()  # nothing of the match in memory
    expel = f"Expel {isolate('Ana')}"
    res = await server.fake.click(again, server.bo, notice, expel)
    await server.fake.settle()
    assert not res.ephemeral, said(res)
    resumed = live_here(again, server)
    assert resumed is not None and resumed.is_ai(0)
    assert (await again.runtime.store.load(live.id)).departed == {0: "expelled"}
    await server.fake.disconnect(again)

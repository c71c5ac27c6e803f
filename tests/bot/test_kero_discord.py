"""Kero end to end through the real discord.py and the fake Discord, on virtual time."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.games.kero.rules import GRACE_MS, LIVE_THROW_WAIT_MS, UNSYNCED_MS, kero_state
from games.kero import KeroState
from games.kero import actions as a
from games.kero.board import Phase
from games.records import Entry, Player
from storage import NewMatch, SqliteStore
from tests.bot.conftest import Server, said
from tests.bot.keer_driver import decodes, live_here
from tests.bot.kero_driver import (
    KeroDriver,
    challenge,
    drained_turn_of,
    first_turn_of,
    start_vs_computer,
)
from tests.games.kero.helpers import (
    BRICK,
    FLAME,
    METAL,
    RECRUIT,
    STACKED,
    T,
    boss_tie,
    match,
    place_turn,
    roll,
    stop,
)


@pytest.mark.parametrize("variant", ["base", "boss"])
async def test_a_member_plays_a_whole_match_against_the_computer(
    timed_server: Server, variant: str
) -> None:
    server = timed_server
    bot, driver = await start_vs_computer(server, variant=variant)
    assert decodes(driver.message) == 2  # the turn strip above the table
    for _ in range(3000):
        if not await driver.step() and driver.live.id not in bot.runtime.service.matches:
            break
    assert driver.live.state.is_terminal()
    final = server.fake.channel_messages(server.channel)[-1]
    assert "🏆" in final.text and decodes(final) == 3  # the final board in two, the results card
    assert bot.runtime.publisher.errors == []
    await server.fake.disconnect(bot)


@pytest.mark.parametrize(("variant", "refuel"), [("base", "live"), ("boss", "auto")])
async def test_two_members_play_a_whole_match(
    timed_server: Server, variant: str, refuel: str
) -> None:
    bot, driver = await challenge(timed_server, variant=variant, refuel=refuel)
    for _ in range(3000):
        if not await driver.step() and driver.live.id not in bot.runtime.service.matches:
            break
    state = kero_state(driver.live.state)
    assert state.is_terminal() and state.fuel_mode == refuel
    kinds = {type(act).__name__ for _, act in state.history}
    assert {"Roll", "Stop", "Take", "EndTurn"} <= kinds
    final = timed_server.fake.channel_messages(timed_server.channel)[-1]
    assert "🏆" in final.text
    assert bot.runtime.publisher.errors == []
    await timed_server.fake.disconnect(bot)


async def fuel_twice(driver: KeroDriver, throw: bool) -> list[a.Action]:
    """Ana fuels up twice at the start of her turn; Bo throws live ones (or leaves them)."""
    state = kero_state(driver.live.state)
    assert state.phase is Phase.START and state.active == 0
    state.camps[0].jerrycans = max(state.camps[0].jerrycans, 2)  # a rich start for the test
    text = "fuel@" if state.fuel_mode == "live" else "fuel"
    for _ in range(2):
        await driver.press(0, text)
        await driver.server.fake.settle()
        for _ in range(100):
            if kero_state(driver.live.state).phase is not Phase.FUELING:
                break
            if throw:
                driver.clock.advance(0.5)
                await driver.press(1, "throw@")
                await driver.server.fake.settle()
            else:
                driver.clock.advance(LIVE_THROW_WAIT_MS / 1000 + 0.1)
                await driver.fire_timer()
    return [act for _, act in kero_state(driver.live.state).history]


async def test_a_double_fuel_up_in_auto_mode(timed_server: Server) -> None:
    bot, driver = await challenge(timed_server, refuel="auto")
    await drained_turn_of(driver, 0)
    history = await fuel_twice(driver, throw=False)
    assert sum(isinstance(act, a.FuelUp) for act in history) == 2
    assert kero_state(driver.live.state).phase is Phase.START
    assert "Fuel-up 2 done" in driver.message.text and "s of KERO" in driver.message.text
    await timed_server.fake.disconnect(bot)


@pytest.mark.parametrize("throw", [True, False])
async def test_a_double_fuel_up_in_live_mode(timed_server: Server, throw: bool) -> None:
    bot, driver = await challenge(timed_server, refuel="live")
    await drained_turn_of(driver, 0)
    history = await fuel_twice(driver, throw=throw)
    assert sum(isinstance(act, a.FuelUp) for act in history) == 2
    throws = sum(isinstance(act, a.Throw) for act in history)
    autos = sum(isinstance(act, a.AutoFuel) for act in history)
    assert (throws > 0, autos) == ((True, 0) if throw else (False, 2))
    assert kero_state(driver.live.state).phase is Phase.START
    await timed_server.fake.disconnect(bot)


async def test_the_fuel_up_button_goes_once_the_clan_does_something_else(
    timed_server: Server,
) -> None:
    """Fuel-ups come first: after Ana takes a special die, her message offers no Fuel up, and
    a click on the old button is refused (ephemerally) and changes nothing."""
    bot, driver = await challenge(timed_server)
    await drained_turn_of(driver, 0)
    fuel = driver.button_id(":act:fuel")
    await driver.press(0, "die:green")
    await timed_server.fake.settle()
    assert not [c for c in driver.message.interactive() if str(c.custom_id).endswith(":act:fuel")]
    assert driver.button_id(":act:roll@")
    version = driver.live.state.version
    late = await timed_server.fake.component(
        bot, timed_server.ana, custom_id=fuel, message=driver.message
    )
    assert late.ephemeral and driver.live.state.version == version
    assert kero_state(driver.live.state).turn.fuel_ups == 0
    await timed_server.fake.disconnect(bot)


async def test_a_restart_during_the_window_keeps_the_kero_left(timed_server: Server) -> None:
    bot, driver = await challenge(timed_server)
    await first_turn_of(driver, 0)
    await driver.press(0, "roll@")
    await timed_server.fake.settle()
    state = kero_state(driver.live.state)
    assert state.turn.window is not None
    empty = state.turn.window.empty_at
    driver.clock.advance(3.0)
    await timed_server.fake.disconnect(bot)

    again = await timed_server.start_bot(ai_think_ms=1_500)
    resumed = live_here(again, timed_server)
    assert resumed is not None
    window = kero_state(resumed.state).turn.window
    assert window is not None and window.empty_at == empty
    assert (
        window.left_at(again.runtime.clock_sync.now_ms())
        == empty - again.runtime.clock_sync.now_ms()
    )
    moved = KeroDriver(timed_server, again, resumed)
    driver.clock.now = (empty + GRACE_MS + 1) / 1000
    await moved.fire_timer()  # no interaction seen since the restart: it waits a little longer
    assert kero_state(resumed.state).phase is Phase.ROLLING
    driver.clock.now = (empty + GRACE_MS + UNSYNCED_MS + 1) / 1000
    await moved.fire_timer()
    assert a.TankEmpty(empty) in [act for _, act in kero_state(resumed.state).history]
    await timed_server.fake.disconnect(again)


async def store_match(server: Server, state: KeroState) -> None:
    """Store a Boss Variant match between Ana and Bo built by real play in the engine's scenario
    helpers (their stacked deal needs the `deal: stacked` option), as a bot would have."""
    store = await SqliteStore.open(server.db_path)
    players = (Player(str(server.ana.id), "Ana"), Player(str(server.bo.id), "Bo"))
    options = {"variant": "boss", **STACKED}
    new = NewMatch(
        "kero", players, "scenario", options, str(server.guild.id), str(server.channel.id)
    )
    match_id = await store.create_match(new)
    entries = [Entry(seat, act.to_text(), getattr(act, "at", None)) for seat, act in state.history]
    await store.append(match_id, 0, entries)
    await store.close()


async def test_a_claim_with_a_boss_tie_asks_its_owner_in_discord(timed_server: Server) -> None:
    """A stored match at a claim where Ana's Boss ties on territory 1, taken over by a starting
    bot."""
    await store_match(timed_server, boss_tie())
    bot = await timed_server.start_bot()
    live = live_here(bot, timed_server)
    assert live is not None and kero_state(live.state).phase is Phase.CLAIM
    await bot.runtime.publisher.post_step(live)
    driver = KeroDriver(timed_server, bot, live)
    assert "Claim" in driver.message.text
    outsider = await timed_server.fake.click(
        bot, timed_server.bo, driver.message, driver.button_id(":act:boss:1:yes")
    )
    assert outsider.ephemeral
    res = await driver.press(0, "boss:1:yes")
    await timed_server.fake.settle()
    after = kero_state(live.state)
    assert not res.ephemeral and after.phase is Phase.START and after.vote is None
    assert "T3" in after.camps[0].territories and not after.camps[0].boss_side
    assert decodes(driver.message) == 2 and "your turn" in driver.message.text
    await timed_server.fake.disconnect(bot)


async def test_two_bosses_on_a_tie_settle_it_in_discord_without_a_question(
    timed_server: Server,
) -> None:
    """Boss FAQ through the bot: Bo ends the turn that reveals a Claim card while both Bosses
    stand on tied T3: nobody is asked, T3 is discarded, both Bosses are turned over, and the
    next turn's message says so."""
    state = match(claim_draws=(1,))
    place_turn(state, T, a.Place(1, boss=True), a.Place(2))
    roll(state, T + 100_000, (FLAME, FLAME, RECRUIT, METAL, BRICK))
    stop(state, T + 101_000)
    state.apply(1, a.Place(1, boss=True))
    await store_match(timed_server, state)
    bot = await timed_server.start_bot()
    live = live_here(bot, timed_server)
    assert live is not None and kero_state(live.state).phase is Phase.CAMP
    await bot.runtime.publisher.post_step(live)
    driver = KeroDriver(timed_server, bot, live)
    res = await driver.press(1, "end")
    await timed_server.fake.settle()
    after = kero_state(live.state)
    assert not res.ephemeral and after.claims == 1 and after.phase is Phase.START
    assert "T3" in after.boxed and [c.boss_side for c in after.camps] == [False, False]
    assert not any(isinstance(act, a.BossChoice) for _, act in after.history)
    content = driver.message.text
    assert "both Bosses" in content and "Oil field" in content, content
    assert not [c for c in driver.message.interactive() if ":act:boss:" in str(c.custom_id)]
    await timed_server.fake.disconnect(bot)


async def test_kero_refusals_are_ephemeral_and_change_nothing(timed_server: Server) -> None:
    bot, driver = await challenge(timed_server)
    await first_turn_of(driver, 0)
    fake, message = timed_server.fake, driver.message
    version = driver.live.state.version
    outsider = await fake.click(bot, timed_server.eve, message, driver.button_id(":act:roll@"))
    opponent = await fake.click(bot, timed_server.bo, message, driver.button_id(":act:roll@"))
    secret = await fake.click(bot, timed_server.eve, message, "My Tuareks")
    for res, words in (
        (outsider, "not playing"),
        (opponent, "isn't your move"),
        (secret, "not playing"),
    ):
        assert res.ephemeral and words in said(res), said(res)
    damaged = await fake.component(
        bot, timed_server.ana, custom_id=f"tb:{driver.live.id}:{version}:act:fly", message=message
    )
    assert damaged.ephemeral
    await driver.press(0, "roll@")
    await fake.settle()
    toggle = driver.first_toggle()
    assert (await fake.click(bot, timed_server.bo, driver.message, toggle)).ephemeral
    assert driver.live.state.version > version
    stale = await fake.component(
        bot, timed_server.ana, custom_id=f"tb:{driver.live.id}:{version}:act:roll@", message=message
    )
    assert stale.ephemeral and "out of date" in said(stale)


async def test_a_restart_while_the_computer_waits_to_move_lets_it_move(
    timed_server: Server,
) -> None:
    """The computer's next timed move is not stored (it follows from the state): a restart
    while it waits wakes it at the same Discord time, and the match goes on."""
    server = timed_server
    bot, driver = await start_vs_computer(server)
    for _ in range(200):
        await server.fake.settle()
        if driver.live.wake_at is not None:
            break
        await driver.step()
    wake, version = driver.live.wake_at, driver.live.state.version
    assert wake is not None
    await server.fake.disconnect(bot)

    again = await server.start_bot(ai_think_ms=1_500)
    live = live_here(again, server)
    assert live is not None and live.wake_at == wake
    moved = KeroDriver(server, again, live)
    driver.clock.now = wake / 1000 + 0.01
    await moved.fire_timer()
    assert live.state.version > version, "the computer never moved after the restart"
    for _ in range(40):  # and play goes on, the computer answering the member as before
        await moved.step()
    assert again.runtime.publisher.errors == []
    await server.fake.disconnect(again)


async def test_the_computers_rolls_upload_only_the_turn_strip(timed_server: Server) -> None:
    """The bot's own edits (the computer's turn, shown through the publisher, not a click's
    answer) keep the table the message carries by naming its file, and upload only the strip
    while the table is unchanged; a click's answer does the same."""
    bot, driver = await start_vs_computer(timed_server)
    fake = timed_server.fake
    edits: list[tuple[bool, set[str], set[str]]] = []
    handle = fake.handle

    def recorded(method: str, path: str, payload: Any = None, files: Any = None, *rest: Any) -> Any:
        by_rest = method.upper() == "PATCH" and re.search(r"/channels/\d+/messages/\d+$", path)
        callback = method.upper() == "POST" and path.endswith("/callback")
        body = (payload or {}).get("data") if callback else payload
        if (by_rest or callback) and isinstance(body, dict) and "attachments" in body:
            sent = {f.filename for f in files or []}
            kept = {str(a.get("filename")) for a in body["attachments"] if "id" in a}
            edits.append((bool(by_rest), sent, kept - sent))
        return handle(method, path, payload, files, *rest)

    fake.handle = recorded  # type: ignore[method-assign]
    for _ in range(400):
        if not await driver.step() and driver.live.id not in bot.runtime.service.matches:
            break
        if kero_state(driver.live.state).turns >= 6:
            break
    strip_only = (({"strip.png"}, {"board.png"}),)
    by_rest = [e[1:] for e in edits if e[0]]
    by_click = [e[1:] for e in edits if not e[0]]
    assert sum(e in strip_only for e in by_rest) >= 2, by_rest  # the computer's re-rolls
    assert sum(e in strip_only for e in by_click) > 3, by_click
    assert bot.runtime.publisher.errors == []

"""Edits of a match's shown message wait a moment for more changes (bot/delivery/outbox.py,
`REFRESH_WINDOW_S`): a burst of picks is one edit, a message that makes the match clickable
goes at once, and an edit that would lay out the message as it is is not sent."""

from __future__ import annotations

from bot.app import TableroBot
from bot.core.live import LiveMatch
from bot.games.kero.rules import kero_state
from fakediscord import FakeDiscord
from games.keer_kids import Phase
from tests.bot.conftest import Server
from tests.bot.keer_driver import button_id, choose_on, keer, members, start_match
from tests.bot.kero_driver import rolling

WINDOW_S = 0.3


def edits_of(fake: FakeDiscord, message_id: str, since: int) -> int:
    """The bot's REST edits of a message since request number `since` (click answers are
    interaction callbacks, not counted)."""
    path = f"/messages/{message_id}"
    return sum(1 for m, p, _ in fake.requests[since:] if m == "PATCH" and p.endswith(path))


async def choosing(server: Server, bot: TableroBot) -> LiveMatch:
    """A 3-player match of members after a roll and its keep: everyone chooses."""
    live = await start_match(server, bot, [server.bo, server.cas], 0)
    fake, users = server.fake, members(server)
    message = fake.message(int(live.message_id or 0))
    roller = users[live.players[keer(live).roller].id]
    await fake.click(bot, roller, message, button_id(message, ":roll"))
    await fake.settle()
    keep = keer(live).legal_actions(keer(live).roller)[0]
    await fake.click(bot, roller, message, button_id(message, ":" + keep.to_text()))
    await fake.settle()
    assert keer(live).phase is Phase.CHOOSE and len(keer(live).seats_to_act()) == 3
    return live


async def pick_now(server: Server, bot: TableroBot, live: LiveMatch, seat: int) -> None:
    """A member's die and choice, answered, without waiting for the bot's work after them."""
    fake, user = server.fake, members(server)[live.players[seat].id]
    action = keer(live).legal_actions(seat)[0]
    message = fake.message(int(live.message_id or 0))
    opened = await fake.click(bot, user, message, button_id(message, f":die:{action.die}"))  # type: ignore[union-attr]
    await choose_on(fake, bot, user, opened.messages[0], action)


async def test_two_picks_in_the_window_are_one_edit(server: Server, bot: TableroBot) -> None:
    live = await choosing(server, bot)
    bot.runtime.outbox.refresh_window_s = WINDOW_S
    shown, since = str(live.message_id), len(server.fake.requests)
    first, second, _ = keer(live).seats_to_act()
    await pick_now(server, bot, live, first)
    await pick_now(server, bot, live, second)
    await server.fake.settle()
    assert edits_of(server.fake, shown, since) == 1
    card = server.fake.message(int(shown)).text
    for seat in (first, second):
        assert live.players[seat].name in card


async def test_without_the_window_each_pick_is_an_edit(server: Server, bot: TableroBot) -> None:
    """The control: the same two picks, each shown at once."""
    live = await choosing(server, bot)
    shown, since = str(live.message_id), len(server.fake.requests)
    first, second, _ = keer(live).seats_to_act()
    await pick_now(server, bot, live, first)
    await server.fake.settle()
    await pick_now(server, bot, live, second)
    await server.fake.settle()
    assert edits_of(server.fake, shown, since) == 2


async def test_the_next_message_never_waits_for_the_window(server: Server, bot: TableroBot) -> None:
    """The last pick makes the next roll's message due while an edit waits out a long window:
    the message is posted at once, and the waiting edit is dropped (the summary shows it)."""
    live = await choosing(server, bot)
    bot.runtime.outbox.refresh_window_s = 60.0
    shown, since = str(live.message_id), len(server.fake.requests)
    for seat in keer(live).seats_to_act():
        await pick_now(server, bot, live, seat)
    await server.fake.settle(timeout=5)
    assert live.message_id != shown and keer(live).phase is Phase.ROLL
    assert server.fake.message(int(live.message_id or 0)).interactive()
    assert edits_of(server.fake, shown, since) == 1  # the summary, not a waiting list


async def test_an_edit_that_changes_nothing_is_not_sent(server: Server, bot: TableroBot) -> None:
    live = await choosing(server, bot)
    shown = str(live.message_id)
    outbox = bot.runtime.outbox
    outbox.refresh(live)
    await server.fake.settle()
    since = len(server.fake.requests)
    outbox.refresh(live)
    await server.fake.settle()
    assert edits_of(server.fake, shown, since) == 0
    await pick_now(server, bot, live, keer(live).seats_to_act()[0])
    await server.fake.settle()
    assert edits_of(server.fake, shown, since) == 1  # a change is shown


async def test_an_edit_that_changes_what_may_be_clicked_never_waits(
    timed_server: Server,
) -> None:
    """The computer's turn: each of its moves changes the version the shown buttons carry, so
    each is shown at once whatever the window (`settle` would time out on a waiting edit)."""
    driver = await rolling(timed_server)
    await driver.run_dry()  # Ana's turn ends; the computer's begins
    driver.bot.runtime.outbox.refresh_window_s = 60.0
    timed_server.fake.settle_timeout = 5.0
    rules, versions = driver.live.rules, set()
    while kero_state(driver.live.state).active == 1 and driver.live.wake_at is not None:
        driver.clock.now = max(driver.clock.now, driver.live.wake_at / 1000 + 0.01)
        await driver.fire_timer()  # one move of the computer's, then `settle`
        shown = {str(c.custom_id).split(":")[2] for c in driver.message.interactive()}
        assert shown == {str(rules.step_version(driver.live.state))}, shown
        versions |= shown
    assert len(versions) > 1  # the computer's moves were shown one by one

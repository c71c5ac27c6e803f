"""A modified client's select values (issue 33): on every select of both games, a value the
select does not offer — another select's option, any action text, an action stamped with a
time of the client's choosing — is refused and changes nothing. A stamp is only ever the
interaction's own time."""

from __future__ import annotations

from bot.app import TableroBot
from bot.games.kero.rules import kero_state
from fakediscord import FakeMessage, FakeUser
from games.keer_kids import Phase
from games.kero.board import Phase as KeroPhase
from tests.bot.conftest import Server, said
from tests.bot.keer_driver import button_id, keer, play_until, start_match
from tests.bot.kero_driver import KeroDriver, challenge, first_turn_of


async def forged(
    server: Server, bot: TableroBot, user: FakeUser, message: FakeMessage, select: tuple[str, str]
) -> str:
    """Send a value on a select (custom_id, value) as a modified client would; the answer."""
    custom_id, value = select
    res = await server.fake.component(
        bot, user, custom_id=custom_id, message=message, component_type=3, values=[value]
    )
    await server.fake.settle()
    assert res.ephemeral, (value, said(res))
    return said(res)


def selects(message: FakeMessage) -> list[tuple[str, list[str]]]:
    return [(str(c.custom_id), list(c.options)) for c in message.selects() if c.type == 3]


async def camp_with_selects(driver: KeroDriver) -> FakeMessage:
    """Play on until Ana's camp card offers selects (cards to take, territories)."""
    for _ in range(400):
        state = kero_state(driver.live.state)
        if state.phase is KeroPhase.CAMP and state.active == 0 and selects(driver.message):
            return driver.message
        await driver.step()
    raise AssertionError("no camp with selects came")


async def test_kero_selects_take_only_what_they_offer(timed_server: Server) -> None:
    server = timed_server
    assert server.clock is not None
    bot, driver = await challenge(server, clock="live")
    await first_turn_of(driver, 0)
    message = await camp_with_selects(driver)
    offered = selects(message)
    version = driver.live.state.version
    stamp = int(server.clock.now * 1000) + 40_000
    for index, (custom_id, options) in enumerate(offered):
        others = [o for j, (_, opts) in enumerate(offered) if j != index for o in opts]
        tries = [*others[:2], "end", "roll@", f"roll@{stamp}", f"{options[0]}{stamp}"]
        for value in tries:
            if value in options:
                continue
            await forged(server, bot, server.ana, message, (custom_id, value))
            assert driver.live.state.version == version, value
    secret = custom_id_of_secret(driver.live.id, version)
    for value in ("end", f"roll@{stamp}", "stop@"):
        answer = await forged(server, bot, server.ana, message, (secret, value))
        assert "✅" not in answer
        assert driver.live.state.version == version, value
    await server.fake.disconnect(bot)


def custom_id_of_secret(match_id: int, version: int) -> str:
    """The custom_id of a member's own Tuarek select (sent here on the public card, as a
    modified client may: discord.py answers a DynamicItem wherever it comes from)."""
    return f"tbs:{match_id}:{version}:act:secret"


async def test_keer_pick_selects_take_only_their_die(server: Server) -> None:
    bot = await server.start_bot()
    live = await start_match(server, bot, [server.bo], 0, clock="live")
    await play_until(server, bot, live, lambda s: s.phase is Phase.CHOOSE and 1 in s.seats_to_act())
    state = keer(live)
    assert state.dice is not None
    mine, other = state.allowed_dice(1)[:2]
    card = server.fake.message(int(live.message_id or 0))
    opened = await server.fake.click(bot, server.bo, card, button_id(card, f":die:{mine}"))
    choice = opened.messages[0]
    version = state.version
    custom_id, options = selects(choice)[0]
    other_die = next(a for a in state.legal_actions(1) if getattr(a, "die", None) == other)
    for value in (other_die.to_text(), "roll", "skip", f"{options[0]}@1767225640000"):
        if value in options:
            continue
        await forged(server, bot, server.bo, choice, (custom_id, value))
        assert keer(live).version == version, value
    await server.fake.disconnect(bot)

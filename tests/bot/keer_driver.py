"""Plays Keer op Keer Kids through the fake Discord the way members do: buttons and selects only.

The driver reads the bot's live state just to decide which legal move a member makes (a real
member reads the image); every move itself goes through a click on a stored message. Buttons
are found by what their custom_id does, not by their label, so it plays in every language.
"""

from __future__ import annotations

import io
from collections.abc import Awaitable, Callable
from typing import Any

from PIL import Image

from bot.app import TableroBot
from bot.core.live import LiveMatch
from fakediscord import FakeDiscord, FakeMessage, FakeUser, InteractionResult
from games.keer_kids import KeerState, Mark, Phase
from games.keer_kids.actions import Action
from tests.bot.conftest import Server


def live_here(bot: TableroBot, server: Server, channel_id: int | None = None) -> LiveMatch | None:
    """The open match in the server's games channel (or another channel)."""
    return bot.runtime.service.in_channel(str(channel_id or server.channel.id))


def keer(live: LiveMatch) -> KeerState:
    """The match's state, typed."""
    assert isinstance(live.state, KeerState)
    return live.state


def button_id(message: FakeMessage, suffix: str) -> str:
    """The custom_id of the message's button ending with `suffix` (e.g. ':keep:1')."""
    for component in message.interactive():
        if component.custom_id and component.custom_id.endswith(suffix):
            return component.custom_id
    raise AssertionError(f"no button ending {suffix!r} on {message.text!r}")


async def open_lobby(
    server: Server, bot: TableroBot, joiners: list[FakeUser], ais: int, **options: Any
) -> FakeMessage:
    """`/keer start` by Ana (with `options`, e.g. clock="live"), members join, Ana adds AI seats;
    returns the lobby message."""
    fake = server.fake
    res = await fake.slash(bot, server.ana, server.channel, "keer start", **options)
    assert not res.ephemeral and res.message is not None
    lobby = res.message
    for member in joiners:
        assert not (await fake.click(bot, member, lobby, button_id(lobby, ":join"))).ephemeral
    for _ in range(ais):
        assert not (await fake.click(bot, server.ana, lobby, button_id(lobby, ":ai"))).ephemeral
    return lobby


async def start_match(
    server: Server, bot: TableroBot, joiners: list[FakeUser], ais: int, **options: Any
) -> LiveMatch:
    """A lobby (`/keer start` with `options`) started by its host; returns the live match."""
    lobby = await open_lobby(server, bot, joiners, ais, **options)
    res = await server.fake.click(bot, server.ana, lobby, button_id(lobby, ":start"))
    assert res.acknowledged and not res.ephemeral
    await server.fake.settle()
    live = live_here(bot, server)
    assert live is not None
    return live


def members(server: Server) -> dict[str, FakeUser]:
    """Members by their id as stored in seats."""
    return {str(u.id): u for u in (server.ana, server.bo, server.cas, server.eve)}


async def play_roll(
    server: Server,
    bot: TableroBot,
    live: LiveMatch,
    after: Callable[[], Awaitable[None]] | None = None,
) -> list[InteractionResult]:
    """Every member move of one roll (Roll, keep, each pick), through the current message;
    `after` runs once each move has settled."""
    fake, users, results = server.fake, members(server), []
    state = keer(live)
    assert live.message_id is not None
    message = fake.message(int(live.message_id))
    if state.phase is Phase.ROLL:
        roller = users[live.players[state.roller].id]
        results.append(await fake.click(bot, roller, message, button_id(message, ":roll")))
        await fake.settle()
        if after is not None:
            await after()
        state = keer(live)
    if state.phase is Phase.KEEP:
        die = state.legal_actions(state.roller)[0].die  # type: ignore[union-attr]
        roller = users[live.players[state.roller].id]
        results.append(await fake.click(bot, roller, message, button_id(message, f":keep:{die}")))
        await fake.settle()
        if after is not None:
            await after()
    while bot.runtime.service.matches.get(live.id) is live and keer(live).phase is Phase.CHOOSE:
        results.append(await pick(server, bot, live, keer(live).seats_to_act()[0]))
        if after is not None:
            await after()
    return results


def offered(choice: FakeMessage, action: Action) -> tuple[str, list[str] | None]:
    """Where a die's ephemeral offers `action`: its select's custom_id and the option's value,
    or (a purple's only choice) the mark button's custom_id and None."""
    text = action.to_text()
    for component in choice.interactive():
        if component.type == 3 and text in component.options:
            return str(component.custom_id), [text]
        mark = isinstance(action, Mark) and action.chameleon is None
        if mark and str(component.custom_id).endswith(f":mark:{action.die}"):  # type: ignore[union-attr]
            return str(component.custom_id), None
    raise AssertionError(f"{text!r} is not offered on {choice.text!r}")


async def choose_on(
    fake: FakeDiscord, client: Any, user: FakeUser, choice: FakeMessage, action: Action
) -> InteractionResult:
    """Choose `action` on a die's ephemeral: in its select, or by the mark's button."""
    custom_id, values = offered(choice, action)
    if values is None:
        return await fake.click(client, user, choice, custom_id)
    return await fake.select(client, user, choice, custom_id, values)


async def pick(server: Server, bot: TableroBot, live: LiveMatch, seat: int) -> InteractionResult:
    """A member clicks a die of the current message and chooses in their ephemeral select."""
    fake, user = server.fake, members(server)[live.players[seat].id]
    state = keer(live)
    action = state.legal_actions(seat)[0]
    assert live.message_id is not None
    message = fake.message(int(live.message_id))
    die_id = button_id(message, f":die:{action.die}")  # type: ignore[union-attr]
    opened = await fake.click(bot, user, message, die_id)
    assert opened.ephemeral, opened.response
    res = await choose_on(fake, bot, user, opened.messages[0], action)
    await fake.settle()
    return res


async def member_move(server: Server, bot: TableroBot, live: LiveMatch) -> None:
    """One member move of whatever the match waits for: Roll, keep, or a member's pick."""
    fake, users = server.fake, members(server)
    state = keer(live)
    message = fake.message(int(live.message_id or 0))
    roller = users.get(live.players[state.roller].id)
    if state.phase is Phase.ROLL and roller is not None:
        await fake.click(bot, roller, message, button_id(message, ":roll"))
    elif state.phase is Phase.KEEP and roller is not None:
        die = state.legal_actions(state.roller)[0].die  # type: ignore[union-attr]
        await fake.click(bot, roller, message, button_id(message, f":keep:{die}"))
    else:
        await pick(server, bot, live, next(s for s in state.seats_to_act() if not live.is_ai(s)))
    await fake.settle()


async def play_until(
    server: Server, bot: TableroBot, live: LiveMatch, done: Callable[[KeerState], bool]
) -> None:
    """Member moves until the match's state is `done` (AssertionError if it never is)."""
    for _ in range(300):
        if done(keer(live)):
            return
        await member_move(server, bot, live)
    raise AssertionError("the match never reached the state wanted")


def decodes(message: FakeMessage) -> int:
    """How many images the message carries; each must decode as a PNG."""
    count = 0
    for name, data in message.attachments:
        with Image.open(io.BytesIO(data)) as image:
            image.load()
            assert image.format == "PNG", name
        count += 1
    return count

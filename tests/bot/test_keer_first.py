"""Who rolls first (a Keer op Keer Kids house rule): the lobby's host, unless they choose another
seat in the lobby's select; only the host chooses, and a member chosen who leaves gives the
first roll back to the host. The choice is the match's `first` option, so its record replays
from the same roller."""

from __future__ import annotations

from bot.app import TableroBot
from bot.core.settings import GuildSettings
from bot.ui.items import LobbySelect
from bot.ui.lobby_texts import game_options, lobby_text, lobby_view
from fakediscord import FakeMessage, FakeUser
from games.keer_kids import Phase
from games.records import replay
from storage import Lobby
from tests.bot.conftest import Server, said
from tests.bot.keer_driver import button_id, keer, live_here, open_lobby
from words import words_for
from words.catalog import FSI, PDI


def read(text: str) -> str:
    """Text as a reader sees it: names without the isolates around them."""
    return text.replace(FSI, "").replace(PDI, "")


def first_select(lobby: FakeMessage) -> str:
    """The custom_id of the lobby's select of who rolls first."""
    return button_id(lobby, ":first")


def chosen(lobby: FakeMessage) -> list[str]:
    """The values the select marks as chosen."""
    select = lobby.find(first_select(lobby), kind="select")
    return [o["value"] for o in select.raw["options"] if o.get("default")]


async def start(server: Server, bot: TableroBot, lobby: FakeMessage) -> None:
    res = await server.fake.click(bot, server.ana, lobby, button_id(lobby, ":start"))
    assert res.acknowledged and not res.ephemeral, said(res)
    await server.fake.settle()


async def choose(server: Server, bot: TableroBot, user: FakeUser, lobby: FakeMessage, who: str):
    return await server.fake.select(bot, user, lobby, first_select(lobby), [who])


async def test_the_host_chooses_bo_and_bo_rolls_first(server: Server, bot: TableroBot) -> None:
    lobby = await open_lobby(server, bot, [server.bo, server.cas], ais=0)
    assert "Ana rolls first" in read(lobby.text), lobby.text
    picked = await choose(server, bot, server.ana, lobby, str(server.bo.id))
    assert not picked.ephemeral, said(picked)
    assert "Bo rolls first" in read(lobby.text) and chosen(lobby) == [str(server.bo.id)]
    await start(server, bot, lobby)
    live = live_here(bot, server)
    assert live is not None and [p.name for p in live.players] == ["Ana", "Bo", "Cas"]
    assert keer(live).roller == 1 and live.options == {"first": 1}
    message = server.fake.message(int(live.message_id or 0))
    shown = read(message.text)
    assert f"<@{server.bo.id}>, roll the dice!" in shown and "▶ **Bo**" in shown, shown
    anas_roll = await server.fake.click(bot, server.ana, message, button_id(message, ":roll"))
    assert anas_roll.ephemeral and keer(live).phase is Phase.ROLL
    bos_roll = await server.fake.click(bot, server.bo, message, button_id(message, ":roll"))
    assert not bos_roll.ephemeral and keer(live).phase is Phase.KEEP
    stored = await bot.runtime.store.load(live.id)
    assert stored.record.options == {"first": 1}
    assert replay(stored.record).summary() == live.state.summary()


async def test_only_the_host_chooses_who_rolls_first(server: Server, bot: TableroBot) -> None:
    lobby = await open_lobby(server, bot, [server.bo], ais=1)
    before = lobby.text
    refused = await choose(server, bot, server.bo, lobby, str(server.bo.id))
    assert refused.ephemeral and "Only the host" in said(refused), said(refused)
    assert "who rolls first" in said(refused)
    assert lobby.text == before and chosen(lobby) == [str(server.ana.id)]
    await start(server, bot, lobby)
    live = live_here(bot, server)
    assert live is not None and keer(live).roller == 0 and live.options == {"first": 0}


async def test_by_default_the_host_rolls_first(server: Server, bot: TableroBot) -> None:
    lobby = await open_lobby(server, bot, [], ais=0)
    assert "Ana rolls first" in read(lobby.text)
    assert not [c for c in lobby.interactive() if str(c.custom_id).endswith(":first")], (
        "nobody to choose among: no select"
    )
    await server.fake.click(bot, server.bo, lobby, button_id(lobby, ":join"))
    assert chosen(lobby) == [str(server.ana.id)]
    await start(server, bot, lobby)
    live = live_here(bot, server)
    assert live is not None and keer(live).roller == 0
    message = server.fake.message(int(live.message_id or 0))
    assert f"<@{server.ana.id}>, roll the dice!" in read(message.text)


async def test_a_lobby_whose_chosen_member_left_starts_with_the_host(
    server: Server, bot: TableroBot
) -> None:
    lobby = await open_lobby(server, bot, [server.bo, server.cas], ais=0)
    await choose(server, bot, server.ana, lobby, str(server.cas.id))
    assert "Cas rolls first" in read(lobby.text)
    left = await server.fake.click(bot, server.cas, lobby, button_id(lobby, ":leave"))
    assert not left.ephemeral
    assert "Ana rolls first" in read(lobby.text) and chosen(lobby) == [str(server.ana.id)]
    await start(server, bot, lobby)
    live = live_here(bot, server)
    assert live is not None and [p.name for p in live.players] == ["Ana", "Bo"]
    assert keer(live).roller == 0


async def test_a_choice_of_someone_not_in_the_lobby_is_refused(
    server: Server, bot: TableroBot
) -> None:
    """A member who left before the host's click (or a forged value) is not a seat."""
    lobby = await open_lobby(server, bot, [server.bo], ais=0)
    before = lobby.text
    res = await server.fake.component(
        bot,
        server.ana,
        custom_id=first_select(lobby),
        message=lobby,
        component_type=3,
        values=[str(server.eve.id)],
    )
    assert res.ephemeral and "no longer in the lobby" in said(res), said(res)
    assert lobby.text == before


async def test_a_computer_seat_may_roll_first_and_does_at_once(
    server: Server, bot: TableroBot
) -> None:
    lobby = await open_lobby(server, bot, [server.bo], ais=1)
    computer = next(v for v in lobby.find(first_select(lobby), kind="select").options if "ai" in v)
    await choose(server, bot, server.ana, lobby, computer)
    assert "Ada (AI, normal) rolls first" in read(lobby.text), lobby.text
    await start(server, bot, lobby)
    live = live_here(bot, server)
    assert live is not None and live.options == {"first": 2}
    assert keer(live).rolls == 1 and keer(live).history[1][0] == 2, "the computer kept a die"


def test_a_rematch_keeps_who_rolled_first_and_its_offer_says_so() -> None:
    """A rematch repeats the match's options (bot/ui/lobbies.py `rematch`): the same seat rolls
    first, and the offer names them; it has no select (the seats are the match's)."""
    lobby = Lobby(
        id=9,
        kind="challenge",
        game="keer-kids",
        options={
            "names": {"1": "Ana", "2": "Bo"},
            "game": {"first": 1},
            "accepted": ["1"],
            "rematch_of": 4,
        },
        host_id="1",
        members=("1", "2"),
        expires_at=0,
    )
    words = words_for("en")
    assert "Bo rolls first" in read(lobby_text(lobby, GuildSettings(), words))
    assert "first: 1" not in read(lobby_text(lobby, GuildSettings(), words))
    assert game_options(lobby) == {"first": 1}
    assert not [i for i in lobby_view(lobby, words).children if isinstance(i, LobbySelect)]

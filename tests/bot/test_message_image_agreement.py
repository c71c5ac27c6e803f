"""Every match message's image shows the state its text and buttons describe: the image's
stamp (match, version) equals the version in the message's custom_ids, and the state replayed
to that version has the dice and the player to move that the text names."""

from __future__ import annotations

import dataclasses
import re

import pytest

from bot.app import TableroBot
from bot.games import adapter_for
from bot.games.keer_kids.ui import dice_text
from bot.games.kero.ui import dice_faces
from bot.ui.ids import BUTTON_PREFIX, SELECT_PREFIX, MalformedId, parse_match
from fakediscord import FakeMessage
from games.common.protocol import GameState
from games.keer_kids import KeerState, Roll
from games.kero import KeroState
from games.kero.board import Phase as KeroPhase
from games.records import replay
from render import kero
from render.emoji import FALLBACK, EmojiKey
from render.stamp import Stamp, read_stamp
from tests.bot.conftest import Server
from tests.bot.helpers import controls
from tests.bot.keer_driver import play_roll, start_match
from tests.bot.kero_driver import start_vs_computer

APP_EMOJI = re.compile(r"<:(?P<key>[a-z_]+)_[0-9a-f]{8}:\d+>")


def plain(text: str) -> str:
    """A message's text with the bot's application emoji read as the Unicode they stand for."""
    return APP_EMOJI.sub(lambda m: FALLBACK[EmojiKey(m["key"])], text)


def versions_of(message: FakeMessage, match_id: int) -> set[int]:
    """The state versions the message's components carry for the match."""
    found = set()
    for item in message.interactive():
        for prefix in (BUTTON_PREFIX, SELECT_PREFIX):
            if item.custom_id and item.custom_id.startswith(prefix):
                try:
                    ref = parse_match(item.custom_id.removeprefix(prefix))
                except MalformedId:
                    continue
                if ref.match_id == match_id:
                    found.add(ref.version)
    return found


def stamps_of(message: FakeMessage) -> dict[str, Stamp]:
    """The stamp of every image the message carries, by file name (each must have one)."""
    stamps = {name: read_stamp(data) for name, data in message.attachments}
    assert None not in stamps.values(), f"an image without a stamp on message {message.id}"
    return {name: s for name, s in stamps.items() if s is not None}


async def state_at(bot: TableroBot, match_id: int, version: int) -> GameState:
    """The match replayed from its stored log up to `version`."""
    record = (await bot.runtime.store.load(match_id)).record
    state = replay(dataclasses.replace(record, entries=record.entries[:version]))
    assert state.version == version
    return state


async def check_message(
    bot: TableroBot, message: FakeMessage, match_id: int, names: list[str], game: str
) -> GameState | None:
    """The message's images agree with its buttons (the 👁 beside the players' lines too): the
    strip (where the game has one) or else the board is drawn at the version its buttons
    carry, the board at that version's board version (`GameRules.board_version`); the state
    shown (None: no image)."""
    stamps = stamps_of(message)
    if not stamps:
        return None
    assert {s.match_id for s in stamps.values()} == {match_id}
    shown = stamps.get("strip.png", stamps.get("board.png"))
    assert shown is not None, f"no strip or board on message {message.id}: {list(stamps)}"
    version = shown.version
    carried = versions_of(message, match_id)
    assert carried <= {version}, f"buttons of versions {carried}, image of {version}"
    state = await state_at(bot, match_id, version)
    board = stamps.get("board.png")
    assert board is not None and board.version == adapter_for(game).rules.board_version(state), (
        "the board is not the one of the version shown",
        board,
        version,
    )
    if "results.png" in stamps:
        assert stamps["results.png"].version == version
    if controls(message) and not state.is_terminal():
        movers = {names[s].split(" (")[0] for s in state.seats_to_act()}  # a computer's level
        assert not movers or any(name in message.text for name in movers), message.text
    return state


async def test_every_keer_message_shows_the_roll_it_describes(server: Server) -> None:
    bot = await server.start_bot()
    live = await start_match(server, bot, [server.bo], ais=1)
    names = [p.name for p in live.players]
    checked = in_progress = 0

    async def check_all() -> None:
        nonlocal checked, in_progress
        for message in server.fake.channel_messages(server.channel):
            state = await check_message(bot, message, live.id, names, "keer-kids")
            if state is None:
                continue
            assert isinstance(state, KeerState)
            checked += 1
            if state.dice is not None:  # a roll in progress: the dice drawn are the text's
                in_progress += 1
                assert dice_text(state.dice) in plain(message.text)
                # ... and the table drawn as the roll began shows the sheets as they are
                board = stamps_of(message)["board.png"].version
                began = await state_at(bot, live.id, board)
                assert isinstance(began, KeerState) and board < state.version
                assert [sheet_of(began, s) for s in range(len(names))] == [
                    sheet_of(state, s) for s in range(len(names))
                ]
            elif state.history and not controls(message):  # a summary: the roll it sums up
                rolled = [a for _, a in state.history if isinstance(a, Roll)][-1]
                assert dice_text(rolled.dice) in plain(message.text)

    for _ in range(200):
        if bot.runtime.service.matches.get(live.id) is not live:
            break
        await play_roll(server, bot, live, after=check_all)
    assert live.state.is_terminal() and checked > 50 and in_progress > 20, (checked, in_progress)


def sheet_of(state: KeerState, seat: int) -> tuple[object, ...]:
    """What a player's sheet shows: crossed enclosures, marks, animals done, chameleons."""
    sheet = state.players[seat]
    return (sheet.crossed, sheet.marks, sorted(sheet.animals), sheet.chameleons, sheet.visitors)


@pytest.mark.parametrize("variant", ["base", "boss"])
async def test_every_kero_message_shows_the_turn_it_describes(
    timed_server: Server, variant: str
) -> None:
    bot, driver = await start_vs_computer(timed_server, variant=variant)
    names = [p.name for p in driver.live.players]
    checked = rolling = kept = 0

    def table(state: GameState) -> bytes:
        return kero.table_png(state, driver.live.names, words=driver.live.words)

    for _ in range(3000):
        if not await driver.step() and driver.live.id not in bot.runtime.service.matches:
            break
        for message in timed_server.fake.channel_messages(timed_server.channel)[-2:]:
            state = await check_message(bot, message, driver.live.id, names, "kero")
            if state is None:
                continue
            assert isinstance(state, KeroState)
            checked += 1
            if state.phase is KeroPhase.ROLLING and not driver.live.is_ai(state.active):
                rolling += 1
                faces = dice_faces(driver.live.words, state)
                assert all(face in plain(message.text) for face in faces), message.text
            board = stamps_of(message)["board.png"].version
            if board != state.version:  # the table kept from before: it still shows this state
                kept += 1
                drawn = await state_at(bot, driver.live.id, board)
                assert table(drawn) == table(state), (board, state.version)
    assert driver.live.state.is_terminal() and checked > 50 and rolling > 5 and kept > 5

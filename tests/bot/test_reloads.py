"""A process whose memory is behind the store (after a fault: another process wrote before it
noticed it lost the shard) reads the match back instead of refusing its members: a click drawn
at a version ahead of memory is played on the match as stored, and an append refused as stale
re-publishes the match's message at the step the store holds, so the newest clickable message
always works (bot/core/reloads.py)."""

from __future__ import annotations

import copy
import logging
from typing import Any

import pytest

from bot.app import TableroBot
from bot.core.live import LiveMatch
from fakediscord import FakeMessage
from games.keer_kids import Phase
from tests.bot.conftest import Server, said
from tests.bot.helpers import controls
from tests.bot.keer_driver import button_id, keer, members, start_match
from words import words_for


def first_keep(message: FakeMessage) -> str:
    """The custom_id of the message's first Keep button."""
    return next(str(c.custom_id) for c in controls(message) if ":keep:" in str(c.custom_id))


async def rolled_behind(
    server: Server, bot: TableroBot
) -> tuple[LiveMatch, int, list[dict[str, Any]]]:
    """A match whose roll is stored while the bot's memory forgot it (as if another process had
    stored it): the match, the version memory is at, and the Roll message's components then."""
    live = await start_match(server, bot, [server.bo], ais=0)
    assert keer(live).phase is Phase.ROLL
    version = live.state.version
    message = server.fake.message(int(live.message_id or 0))
    before = copy.deepcopy(message.components)
    roller = members(server)[live.players[keer(live).roller].id]
    res = await server.fake.click(bot, roller, message, button_id(message, ":roll"))
    assert res.acknowledged and not res.ephemeral
    await server.fake.settle()
    assert keer(live).phase is Phase.KEEP
    live.state = live.at(version).state  # memory forgets the stored roll
    return live, version, before


async def test_a_click_ahead_of_memory_reads_the_match_back_and_counts(
    server: Server, bot: TableroBot, caplog: pytest.LogCaptureFixture
) -> None:
    live, version, _ = await rolled_behind(server, bot)
    message = server.fake.message(int(live.message_id or 0))  # shows the roll: Keep buttons
    roller = members(server)[live.players[keer(live).roller].id]
    with caplog.at_level(logging.WARNING, logger="bot.core.reloads"):
        keep = await server.fake.click(bot, roller, message, first_keep(message))
    assert keep.acknowledged and not keep.ephemeral, said(keep)  # not "out of date"
    assert live.state.version > version + 1  # the roll read back, then the keep on it
    assert "read back" in caplog.text
    await server.fake.settle()
    stored = await bot.runtime.store.load(live.id)
    assert stored.version == live.state.version


async def test_a_stale_append_republishes_the_step_the_store_holds(
    server: Server, bot: TableroBot
) -> None:
    live, version, before = await rolled_behind(server, bot)
    message = server.fake.message(int(live.message_id or 0))
    message.components = before  # the message shows the Roll again (a stale process's edit)
    edits = message.edits
    roller = members(server)[live.players[keer(live).roller].id]
    again = await server.fake.click(bot, roller, message, button_id(message, ":roll"))
    assert again.ephemeral and said(again) == words_for("en")("refuse-moved-on")
    assert keer(live).phase is Phase.KEEP and live.state.version > version  # read back
    await server.fake.settle()
    assert message.edits > edits  # re-published at the stored step: its Keep buttons
    assert any(":keep:" in str(c.custom_id) for c in controls(message))
    keep = await server.fake.click(bot, roller, message, first_keep(message))
    assert keep.acknowledged and not keep.ephemeral, said(keep)
    await server.fake.settle()
    assert (await bot.runtime.store.load(live.id)).version == live.state.version

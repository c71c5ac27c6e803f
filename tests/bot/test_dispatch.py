"""A click on one of Tablero's components goes straight to its item (issue 36): the clicked
message's card is never rebuilt as a view, yet only a component the message carries is answered,
and a select's values are the member's."""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest

from bot.app import TableroBot
from bot.ui.dispatch import Dispatch
from bot.ui.items import MatchButton, MatchSelect
from games.keer_kids import Phase
from tests.bot.conftest import Server, said
from tests.bot.keer_driver import button_id, keer, live_here, play_roll, start_match

BUTTON = "tb:12:7:roll"
SELECT = "tbs:12:7:pick:0"


def _click(custom_id: str, kind: int, components: list[dict[str, Any]]) -> dict[str, Any]:
    """A raw INTERACTION_CREATE for a click on a message with `components`."""
    return {
        "type": 3,
        "data": {"custom_id": custom_id, "component_type": kind},
        "message": {"id": "1", "components": components},
    }


def _button(custom_id: str) -> dict[str, Any]:
    return {"type": 2, "style": 2, "label": "Roll", "custom_id": custom_id}


def _select(custom_id: str) -> dict[str, Any]:
    return {"type": 3, "custom_id": custom_id, "options": [{"label": "A", "value": "a"}]}


def test_a_component_is_found_in_rows_sections_and_containers() -> None:
    dispatch = Dispatch([MatchButton, MatchSelect])
    row = {"type": 1, "components": [_button("tb:12:7:board"), _button(BUTTON)]}
    section = {"type": 9, "components": [], "accessory": _button(BUTTON)}
    for components in ([row], [{"type": 17, "components": [section]}]):
        routed = dispatch.routed(_click(BUTTON, 2, components))
        assert routed is not None and routed.factory is MatchButton
        assert routed.component["custom_id"] == BUTTON
    select_row = {"type": 1, "components": [_select(SELECT)]}
    routed = dispatch.routed(_click(SELECT, 3, [{"type": 17, "components": [select_row]}]))
    assert routed is not None and routed.factory is MatchSelect


def test_an_id_the_message_does_not_carry_goes_the_general_way() -> None:
    dispatch = Dispatch([MatchButton, MatchSelect])
    row = {"type": 1, "components": [_button("tb:12:6:roll")]}
    assert dispatch.routed(_click(BUTTON, 2, [row])) is None  # an older version's id
    assert dispatch.routed(_click("tb:12:6:roll", 3, [row])) is None  # a button's id as a select
    assert (
        dispatch.routed(_click("zz:1", 2, [{"type": 1, "components": [_button("zz:1")]}])) is None
    )
    assert dispatch.routed({**_click(BUTTON, 2, [row]), "message": None}) is None
    assert dispatch.routed({"type": 2, "data": {"name": "keer"}}) is None  # a command


async def test_clicks_never_rebuild_the_clicked_card_as_a_view(
    server: Server, bot: TableroBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    live = await start_match(server, bot, [server.bo, server.cas], 0)

    def rebuilt(*args: object, **kwargs: object) -> None:
        raise AssertionError("a click rebuilt its message as a view")

    monkeypatch.setattr(discord.ui.View, "from_message", rebuilt)
    monkeypatch.setattr(discord.ui.LayoutView, "from_message", rebuilt)
    rolls = keer(live).rolls
    for res in await play_roll(server, bot, live):  # Roll, keep, dice and picks in selects
        assert res.acknowledged and not res.errors, said(res)
    assert keer(live).rolls == rolls + 1 and keer(live).phase is Phase.ROLL


async def test_a_forged_id_on_a_message_is_refused_and_changes_nothing(
    server: Server, bot: TableroBot
) -> None:
    live = await start_match(server, bot, [server.bo], 0)
    assert live.message_id is not None
    message = server.fake.message(int(live.message_id))
    roll = button_id(message, ":roll")
    forged = re.sub(r":\d+:roll$", ":999:roll", roll)
    version = live.state.version
    res = await server.fake.component(bot, server.ana, custom_id=forged, message=message)
    assert res.ephemeral, said(res)
    assert live_here(bot, server) is live and live.state.version == version

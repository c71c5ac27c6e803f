"""The match service without Discord: durable actions, the bot's own moves, typed refusals."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.core.computer import ai_player
from bot.core.refusals import Refused, explain, parsed
from bot.core.rules import THROW
from bot.core.service import MatchService
from bot.games.keer_kids.rules import KeerRules
from games.common import IllegalAction, Reason
from games.common.protocol import CHANCE
from games.keer_kids import KeerState, Phase, Skip
from games.records import Player, replay
from storage import SqliteStore, rebuild_open
from tests.bot.core_driver import match_service
from tests.games.kero.helpers import refusals
from words import words_for

ANA, BO = Player("101", "Ana"), Player("102", "Bo")


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[SqliteStore]:
    opened = await SqliteStore.open(tmp_path / "t.db")
    yield opened
    await opened.close()


async def _new(service: MatchService, *players: Player, channel: str = "c1"):
    return await service.create(
        "keer-kids", list(players), {}, guild_id="g", channel_id=channel, thread_id=None
    )


def _state(live) -> KeerState:
    assert isinstance(live.state, KeerState)
    return live.state


async def _play_roll(service: MatchService, live) -> None:
    """The human players make the pending roll's moves with the first legal action."""
    state = _state(live)
    if state.phase is Phase.ROLL:
        await service.act(live.id, live.players[state.roller].id, state.version, THROW)
        state = _state(live)
    if state.phase is Phase.KEEP:
        keep = state.legal_actions(state.roller)[0]
        await service.act(live.id, live.players[state.roller].id, state.version, keep)
    while live.id in service.matches and _state(live).phase is Phase.CHOOSE:
        state = _state(live)
        seat = state.seats_to_act()[0]
        action = state.legal_actions(seat)[0]
        await service.act(live.id, live.players[seat].id, state.version, action)


async def test_a_match_plays_to_the_end_and_every_action_is_stored(store: SqliteStore) -> None:
    service = match_service(store)
    live = await _new(service, ANA, BO, ai_player(0))
    for _ in range(200):
        if live.id not in service.matches:
            break
        await _play_roll(service, live)
    assert live.state.is_terminal()
    stored = await store.load(live.id)
    assert stored.status == "finished"
    assert replay(stored.record).summary() == live.state.summary()
    assert service.in_channel("c1") is None


async def test_an_ai_first_roller_rolls_and_keeps_before_anyone_clicks(
    store: SqliteStore,
) -> None:
    service = match_service(store)
    live = await _new(service, ai_player(0), ANA)
    state = _state(live)
    assert state.phase is Phase.CHOOSE
    assert state.seats_to_act() == (1,) or state.choices[1] == Skip()
    assert (await store.load(live.id)).version == state.version > 0


async def test_refusals_change_nothing(store: SqliteStore) -> None:
    service = match_service(store)
    live = await _new(service, ANA, BO)
    version = live.state.version
    cases = [
        ("999", version, "roll", "not playing"),
        (BO.id, version, "roll", "isn't your roll"),
        (ANA.id, version + 1, "roll", "out of date"),
        (ANA.id, version, "keep:0", "isn.t your move"),
        (ANA.id, version, "fly:away", "isn't a move"),
    ]
    for user, at_version, text, words in cases:
        with pytest.raises(Refused, match=words):
            move = THROW if text == "roll" else parsed(live.spec, text)
            await service.act(live.id, user, at_version, move)
        assert live.state.version == version
    assert (await store.load(live.id)).version == version


async def test_a_click_is_stored_once_and_a_stale_version_is_refused(store: SqliteStore) -> None:
    service = match_service(store)
    live = await _new(service, ANA, BO)
    await service.act(live.id, ANA.id, 0, THROW, interaction="i-1")
    with pytest.raises(Refused, match="out of date"):
        await service.act(live.id, ANA.id, 0, THROW, interaction="i-2")
    keep = _state(live).legal_actions(0)[0]
    with pytest.raises(Refused, match="already counted"):
        await service.act(live.id, ANA.id, 1, keep, interaction="i-1")
    assert live.state.version == 1


async def test_picks_made_on_the_message_drawn_after_the_keep_stay_valid(
    store: SqliteStore,
) -> None:
    service = match_service(store)
    live = await _new(service, ANA, BO, Player("103", "Cas"))
    await service.act(live.id, ANA.id, 0, THROW)
    keep = _state(live).legal_actions(0)[0]
    await service.act(live.id, ANA.id, 1, keep)
    drawn_at = live.state.version
    assert KeerRules().step_version(_state(live)) == drawn_at
    for player, seat in ((BO, 1), (Player("103", "Cas"), 2)):
        if seat in _state(live).seats_to_act():
            action = _state(live).legal_actions(seat)[0]
            await service.act(live.id, player.id, drawn_at, action)
    assert live.state.version > drawn_at


async def test_rebuilt_matches_are_adopted_by_channel_with_their_departures(
    store: SqliteStore,
) -> None:
    service = match_service(store)
    live = await _new(service, ANA, BO, Player("103", "Cas"))
    await service.act(live.id, ANA.id, 0, THROW)
    await service.resign(live.id, "103")
    again = match_service(store)
    again.adopt(await rebuild_open(store))
    adopted = again.in_channel("c1")
    assert adopted is not None and adopted.id == live.id
    assert adopted.departed == {2: "resigned"} and adopted.is_ai(2)
    assert adopted.state.summary() == live.state.summary()


async def test_resigning_a_two_player_match_ends_it(store: SqliteStore) -> None:
    service = match_service(store)
    live = await _new(service, ANA, BO)
    assert await service.resign(live.id, BO.id) is None
    stored = await store.load(live.id)
    assert stored.status == "finished" and stored.departed == {1: "resigned"}
    with pytest.raises(Refused, match="finished"):
        await service.act(live.id, ANA.id, 0, THROW)


async def test_a_resigned_seat_is_played_by_the_ai_at_once(store: SqliteStore) -> None:
    service = match_service(store)
    live = await _new(service, ANA, BO, Player("103", "Cas"))
    await service.act(live.id, ANA.id, 0, THROW)
    keep = _state(live).legal_actions(0)[0]
    await service.act(live.id, ANA.id, 1, keep)
    played = await service.resign(live.id, "103")
    assert played is not None
    state = _state(live)
    assert 2 not in state.seats_to_act()
    assert any(entry.seat == 2 for entry in played.entries) or state.choices[2] is not None
    with pytest.raises(Refused, match="not playing"):
        await service.act(live.id, "103", state.version, Skip())
    assert all(entry.seat != CHANCE or entry.action.startswith("roll:") for entry in played.entries)


def test_refusals_reach_players_as_sentences() -> None:
    """Engine refusals are shown capitalised and closed; an empty tank says to fuel up (not
    "too late"), and a click after the tank ran dry says it came too late."""
    english = words_for("en")
    texts = {explain(error).said(english) for error in refusals(matches=1)}
    assert texts and all(t[:1].isupper() and t.endswith((".", "!", "?")) for t in texts)
    dry = IllegalAction("your tank is empty: fuel up first", Reason.NO_KERO)
    assert explain(dry).said(english) == "Your tank is empty: fuel up first."
    late = IllegalAction("your tank ran dry at 5 ms, before that move at 6 ms", Reason.TANK_EMPTY)
    assert explain(late).said(english) == "Too late — your tank had run dry before that click."

"""Ratings as the bot keeps them: updated when a match finishes, unrated where they should be,
and `tablero ratings rebuild` getting exactly the same values."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.core.computer import ai_player
from bot.core.live import LiveMatch
from bot.core.rules import THROW
from bot.core.service import MatchService
from games.keer_kids import KeerState, Phase
from games.records import Player
from storage import SqliteStore
from tests.bot.core_driver import match_service

PLAYERS = [Player(str(100 + i), name) for i, name in enumerate(("Ana", "Bo", "Cas", "Dee"))]


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[SqliteStore]:
    opened = await SqliteStore.open(tmp_path / "t.db")
    yield opened
    await opened.close()


def seeds() -> object:
    counter = iter(range(10_000))
    return lambda: f"standings/{next(counter)}"


async def play_out(service: MatchService, live: LiveMatch) -> None:
    """Every member makes their first legal move until the match ends."""
    for _ in range(2_000):
        if live.id not in service.matches:
            return
        state = live.state
        assert isinstance(state, KeerState)
        if state.phase is Phase.ROLL:
            await service.act(live.id, live.players[state.roller].id, state.version, THROW)
            continue
        seat = state.seats_to_act()[0]
        action = state.legal_actions(seat)[0]
        await service.act(live.id, live.players[seat].id, state.version, action)
    raise AssertionError("the match did not end")


async def finished(store: SqliteStore, players: list[Player], *, rated: bool = True) -> LiveMatch:
    service = match_service(store, new_seed=seeds())  # type: ignore[arg-type]
    live = await service.create(
        "keer-kids", players, {}, guild_id="g1", channel_id="c", rated=rated
    )
    await play_out(service, live)
    return live


async def test_a_finished_match_rates_its_players_by_place(store: SqliteStore) -> None:
    live = await finished(store, PLAYERS[:3])
    ratings = {r.player_id: r for r in await store.ratings("g1", "keer-kids")}
    assert set(ratings) == {p.id for p in PLAYERS[:3]} and all(
        r.games == 1 for r in ratings.values()
    )
    outcome = live.state.outcome()
    assert outcome is not None
    best = min(range(3), key=lambda s: outcome.places[s])
    worst = max(range(3), key=lambda s: outcome.places[s])
    if outcome.places[best] != outcome.places[worst]:
        assert ratings[PLAYERS[best].id].mu > ratings[PLAYERS[worst].id].mu
    results = await store.player_results(PLAYERS[best].id, "g1", "keer-kids", None)
    assert results[0].place == outcome.places[best] and results[0].rated


async def test_unrated_matches_change_no_rating(store: SqliteStore) -> None:
    await finished(store, [PLAYERS[0], ai_player(0)])
    await finished(store, PLAYERS[:2], rated=False)
    assert await store.ratings("g1", "keer-kids") == []
    service = match_service(store, new_seed=seeds())  # type: ignore[arg-type]
    live = await service.create("keer-kids", PLAYERS[:2], {}, guild_id="g1", channel_id="x")
    await service.cancel(live.id)
    assert await store.ratings("g1", "keer-kids") == []


async def test_a_player_who_resigns_finishes_last(store: SqliteStore) -> None:
    service = match_service(store, new_seed=seeds())  # type: ignore[arg-type]
    live = await service.create("keer-kids", PLAYERS[:2], {}, guild_id="g1", channel_id="c")
    await service.resign(live.id, PLAYERS[1].id)
    ratings = {r.player_id: r for r in await store.ratings("g1", "keer-kids")}
    assert ratings[PLAYERS[0].id].mu > ratings[PLAYERS[1].id].mu
    last = await store.player_results(PLAYERS[1].id, "g1", None, None)
    assert last[0].place == 2 and last[0].departed == "resigned"


async def test_rebuild_gets_the_incremental_values(store: SqliteStore, tmp_path: Path) -> None:
    for players in (PLAYERS[:2], PLAYERS[:4], PLAYERS[1:3], PLAYERS[:3]):
        await finished(store, players)
    before = sorted(await store.ratings("g1", "keer-kids"), key=lambda r: r.player_id)
    history = [await store.rating_history("g1", "keer-kids", p.id) for p in PLAYERS]
    await store.close()
    done = subprocess.run(
        [sys.executable, "-m", "bot", "ratings", "rebuild", "--db", str(tmp_path / "t.db")],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert "rebuilt 4 ratings from 4 finished matches" in done.stdout
    reopened = await SqliteStore.open(tmp_path / "t.db")
    try:
        after = sorted(await reopened.ratings("g1", "keer-kids"), key=lambda r: r.player_id)
        assert after == before and len(after) == 4
        assert [await reopened.rating_history("g1", "keer-kids", p.id) for p in PLAYERS] == history
    finally:
        await reopened.close()

"""Hard computers think outside the event loop: the service stops at their decision, asks the
thinker, and applies the answer when it comes back — stored like any other action."""

from __future__ import annotations

import asyncio
import os
import signal
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path

import pytest

from bot.core.computer import ai_player
from bot.core.live import LiveMatch
from bot.core.rules import THROW
from bot.core.service import MatchService
from bot.core.thinking import (
    Question,
    Thinker,
    ThoughtFailed,
    WorkerDied,
    answer,
    shared_budget,
)
from games.common import ChanceRng
from games.common.levels import Level
from games.keer_kids import KeerState, Phase
from games.records import Entry, Player, record_of, replay
from games.registry import get_game
from storage import SqliteStore
from tests.bot.core_driver import match_service

ANA = Player("101", "Ana")


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[SqliteStore]:
    opened = await SqliteStore.open(tmp_path / "t.db")
    yield opened
    await opened.close()


class _Resumer:
    """What the bot does with an answer (the after-step pipeline: re-arm the match's timer),
    kept for the test."""

    def __init__(self) -> None:
        self.service: MatchService
        self.woken: asyncio.Queue[LiveMatch] = asyncio.Queue()

    async def next(self) -> None:
        """Wait for an answer, then resume its match as the timer would."""
        live = await asyncio.wait_for(self.woken.get(), 60)
        await self.service.resume(live.id)


def _service(store: SqliteStore, thinker: Thinker, resumer: _Resumer | None = None) -> MatchService:
    answered = resumer.woken.put_nowait if resumer is not None else (lambda live: None)
    service = match_service(
        store, thinker=thinker, new_seed=lambda: "think-seed", answered=answered
    )
    if resumer is not None:
        resumer.service = service
    return service


async def test_a_hard_roller_keeps_only_once_its_answer_is_back(store: SqliteStore) -> None:
    resumer = _Resumer()
    service = _service(store, Thinker(inline=True), resumer)
    live = await service.create(
        "keer-kids", [ai_player(0, Level.HARD), ANA], {}, guild_id="g", channel_id="c"
    )
    state = live.state
    assert isinstance(state, KeerState)
    assert state.phase is Phase.KEEP, "the roll is drawn, the keep waits for the thinker"
    assert (await store.load(live.id)).version == state.version
    await resumer.next()
    after = live.state
    assert isinstance(after, KeerState) and after.phase is Phase.CHOOSE
    stored = await store.load(live.id)
    assert replay(stored.record).summary() == after.summary()
    assert [e.action[:5] for e in stored.record.entries if e.seat == 0] == ["keep:"]


async def test_an_answer_the_match_does_not_wait_for_rides_with_the_member_s_move(
    store: SqliteStore,
) -> None:
    """Both choose at once: the hard seat answers while Ana still has to pick, so the match is
    not woken for it (no step, no message of its own); Ana's pick resolves the roll with it."""
    thinker, service, resumer, live = await _ana_kept_against_hard(store)
    state = live.state
    assert isinstance(state, KeerState)
    thinker.release.set()
    await asyncio.sleep(0.05)
    assert resumer.woken.empty(), "the answer waits for Ana's pick"
    stored = (await store.load(live.id)).version
    played = await service.act(live.id, ANA.id, state.version, state.legal_actions(0)[0])
    assert [seat for seat, _ in played.actions][:2] == [0, 1], "Ana's pick, then the answer"
    assert live.state.rolls == 2  # type: ignore[attr-defined]
    assert (await store.load(live.id)).version > stored


async def test_a_stale_answer_is_not_applied(store: SqliteStore) -> None:
    """An answer that comes back after the seat's decision moved on (here: the member resigned
    and the match ended) changes nothing."""
    service = _service(store, Thinker(inline=True))
    live = await service.create(
        "keer-kids", [ai_player(0, Level.HARD), ANA], {}, guild_id="g", channel_id="c"
    )
    version = live.state.version
    await service.resign(live.id, ANA.id)
    await asyncio.sleep(0.05)
    assert live.id not in service.matches
    assert (await store.load(live.id)).version == version


async def test_the_worker_process_answers_what_the_engine_would() -> None:
    """A real worker (another process) gives the same deterministic answer as this process."""
    state, question = _keep_question("w", 100.0)
    thinker = Thinker(1)
    try:
        text = await thinker.think(question)
    finally:
        await thinker.close()
    assert text == answer(question)
    assert text in {a.to_text() for a in state.legal_actions(0)}


class _DeadWorkers(Thinker):
    """A pool whose worker died mid-question (killed by the host, out of memory)."""

    async def think(self, question: Question) -> str:
        raise WorkerDied("a worker died")


async def test_a_dead_worker_s_decision_is_played_by_the_normal_computer(
    store: SqliteStore,
) -> None:
    resumer = _Resumer()
    service = _service(store, _DeadWorkers(), resumer)
    live = await service.create(
        "keer-kids", [ai_player(0, Level.HARD), ANA], {}, guild_id="g", channel_id="c"
    )
    before = live.state.clone()
    await resumer.next()
    state = live.state
    assert isinstance(state, KeerState) and state.phase is Phase.CHOOSE
    normal = get_game("keer-kids").new_ai(Level.NORMAL).choose(before, 0)
    assert state.history[len(before.history)] == (0, normal)


def test_a_busy_pool_shares_its_queue_time_among_the_questions() -> None:
    assert shared_budget(100.0, 1, 1) == 100.0
    assert shared_budget(100.0, 2, 2) == 100.0, "a worker each: the whole budget"
    assert shared_budget(100.0, 20, 1) == 50.0, "twenty in line: the queue drains in a second"
    assert shared_budget(100.0, 40, 2) == 50.0
    assert shared_budget(100.0, 1_000, 1) == 10.0, "never less than the floor"


async def test_a_killed_worker_is_replaced_and_a_bad_question_answered_with_its_error() -> None:
    _, good = _keep_question("k", 50.0)
    record = good.record
    thinker = Thinker(1)
    try:
        first = await thinker.think(good)
        [pid] = thinker.worker_pids()
        os.kill(pid, signal.SIGKILL)  # as the host's OOM killer would
        with pytest.raises(WorkerDied):
            await thinker.think(good)
        assert await thinker.think(good) == first, "a new worker took its place"
        damaged = replace(record, entries=(*record.entries, Entry(0, "keep:9")))
        with pytest.raises(ThoughtFailed, match="RecordError"):
            await thinker.think(replace(good, record=damaged))
        assert await thinker.think(good) == first, "a bad question does not end the worker"
    finally:
        await thinker.close()


class _Held(Thinker):
    """Answers in this process once released, counting the questions."""

    def __init__(self) -> None:
        super().__init__(inline=True)
        self.questions: list[Question] = []
        self.release = asyncio.Event()

    async def think(self, question: Question) -> str:
        self.questions.append(question)
        await self.release.wait()
        return answer(question)


async def test_a_question_in_flight_stands_while_only_others_move(store: SqliteStore) -> None:
    """Ana picks while the hard seat still thinks about the same roll: it is not asked twice,
    and its answer, when it comes, resolves the roll."""
    thinker, service, resumer, live = await _ana_kept_against_hard(store)
    state = live.state
    assert isinstance(state, KeerState)
    await service.act(live.id, ANA.id, state.version, state.legal_actions(0)[0])
    assert len(thinker.questions) == 1, "Ana's pick did not make the hard seat think again"
    thinker.release.set()
    await resumer.next()
    assert live.state.rolls == 2, "the roll resolved with the hard seat's answer"  # type: ignore[attr-defined]


async def _ana_kept_against_hard(
    store: SqliteStore,
) -> tuple[_Held, MatchService, _Resumer, LiveMatch]:
    """Ana against a held hard computer: she rolled and kept, and both are to choose."""
    thinker = _Held()
    resumer = _Resumer()
    service = _service(store, thinker, resumer)
    live = await service.create(
        "keer-kids", [ANA, ai_player(0, Level.HARD)], {}, guild_id="g", channel_id="c"
    )
    await service.act(live.id, ANA.id, live.state.version, THROW)
    state = live.state
    assert isinstance(state, KeerState)
    await service.act(live.id, ANA.id, state.version, state.legal_actions(0)[0])
    state = live.state
    assert isinstance(state, KeerState) and state.phase is Phase.CHOOSE
    assert {0, 1} <= set(state.seats_to_act()), "the seeded roll leaves Ana a pick"
    return thinker, service, resumer, live


def _keep_question(seed: str, cpu_ms: float) -> tuple[KeerState, Question]:
    """A hard roller's keep after the first roll of a seeded match, bounded by playouts only."""
    state = KeerState(2)
    state.apply(-1, state.sample_chance(ChanceRng(seed)))
    record = record_of("keer-kids", state, [ai_player(0, Level.HARD), ANA], seed=seed)
    return state, Question(record, 0, Level.HARD, cpu_ms, None, timed=False)

"""Where a searching computer thinks: worker processes, so its CPU budget never holds up the
bot's event loop (and, niced, never the clicks of the members either).

A question is the match's record up to the decision; the worker replays it and asks the game's
hard player, whose budget is the worker's own CPU clock. The answer is the action's text: the
bot applies it like any other action, so replays never need the computer again. This module
imports the engines only, since the workers import it too.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures import Future as PoolFuture
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, replace
from typing import Final

from games.common.levels import Budget, Level
from games.common.protocol import Seat
from games.records import MatchRecord, replay
from games.registry import get_game

log = logging.getLogger(__name__)

_MARGIN: Final = 0.1
"""The share of a decision's budget kept back for the playout running when it ends."""
QUEUE_MS: Final = 1_000.0
"""How long the questions waiting for the workers may take in all: past that, each gets a
smaller share of its budget, so a busy bot's hard computers answer sooner and shallower."""
MIN_CPU_MS: Final = 10.0
"""The least CPU a decision gets, however busy the workers are."""
WORKER_NICE: Final = 10
"""How much lower the workers' priority is than the bot's: a member's click comes first."""


@dataclass(frozen=True, slots=True)
class Question:
    """One decision for a worker: the match so far, whose move, and how to think about it."""

    record: MatchRecord
    seat: Seat
    level: Level
    cpu_ms: float
    think_ms: int | None
    timed: bool = True
    """Bound by the worker's CPU clock (False: by playouts only, so the answer is the same
    on every run, for tests)."""


def answer(question: Question) -> str:
    """The action the seat's computer takes, as text (run in a worker process). The budget
    counts from the question's arrival: the replay and a margin for the last playout come out
    of it, so the whole decision stays within `cpu_ms`."""
    started = time.process_time()
    record = question.record
    state = replay(record)
    clock = time.process_time if question.timed else None
    spent_ms = (time.process_time() - started) * 1000
    budget = Budget(cpu_ms=question.cpu_ms * (1 - _MARGIN) - spent_ms, clock=clock)
    ai = get_game(record.game).new_ai(
        question.level, budget, think_ms=question.think_ms, seed=record.seed or ""
    )
    return ai.choose(state, question.seat).to_text()


def _timed_answer(question: Question) -> tuple[str, float]:
    """The answer and the worker's CPU seconds spent on it (replay included)."""
    started = time.process_time()
    text = answer(question)
    return text, time.process_time() - started


def _start_worker() -> None:
    """A worker runs behind the bot: lower priority, and the engines imported once."""
    try:
        os.nice(WORKER_NICE)
    except OSError:  # pragma: no cover - a platform without nice
        log.debug("the thinking worker keeps the bot's priority")


def shared_budget(cpu_ms: float, waiting: int, workers: int) -> float:
    """A decision's CPU budget when `waiting` questions (this one included) share `workers`."""
    if waiting <= workers:
        return cpu_ms
    return max(MIN_CPU_MS, min(cpu_ms, QUEUE_MS * workers / waiting))


class Thinker:
    """A pool of worker processes answering questions, started off the event loop."""

    def __init__(self, workers: int = 1, *, inline: bool = False) -> None:
        self.workers = workers
        self.inline = inline
        """Answer in this process (tests of what the bot does with an answer)."""
        self._pool: Executor | None = None
        self._warming: asyncio.Task[None] | None = None
        self._waiting = 0
        self.observe: Callable[[float, float], None] = lambda cpu_s, wall_s: None
        """Told each decision's CPU seconds in its worker and its seconds from question to
        answer (queueing included): the bot's metrics, the latency benchmark."""

    async def think(self, question: Question) -> str:
        """The answer; raises what the worker raised (a broken pool is started afresh)."""
        asked = time.perf_counter()
        if self.inline:
            await asyncio.sleep(0)
            text, cpu_s = _timed_answer(question)
        else:
            pool = await self._started()
            self._waiting += 1
            cpu_ms = shared_budget(question.cpu_ms, self._waiting, self.workers)
            try:
                shared = replace(question, cpu_ms=cpu_ms)
                text, cpu_s = await asyncio.wrap_future(pool.submit(_timed_answer, shared))
            except BrokenProcessPool:
                self.close()
                raise
            finally:
                self._waiting -= 1
        self.observe(cpu_s, time.perf_counter() - asked)
        return text

    def warm(self) -> None:
        """Start the workers in the background (a hard seat was taken), so the first question
        does not wait for processes to start; the event loop never waits for them either."""
        if self.inline or self._warming is not None:
            return
        context = multiprocessing.get_context("forkserver")
        pool = ProcessPoolExecutor(self.workers, mp_context=context, initializer=_start_worker)
        warming = asyncio.create_task(
            asyncio.to_thread(_start, pool, self.workers), name="tablero-think-warm-up"
        )
        warming.add_done_callback(_quiet)
        self._pool, self._warming = pool, warming

    async def _started(self) -> Executor:
        """The pool, once its workers are up (started now if they are not)."""
        self.warm()
        pool, warming = self._pool, self._warming
        assert pool is not None and warming is not None
        try:
            await asyncio.shield(warming)
        except Exception:
            self.close()
            raise
        return pool

    def close(self) -> None:
        """Stop the workers; a question in flight is dropped (a restart asks it again)."""
        pool, self._pool, self._warming = self._pool, None, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)


def _start(pool: Executor, workers: int) -> None:
    """Start every worker and wait until each answered once (in a thread: starting a
    process blocks)."""
    started: list[PoolFuture[bool]] = [pool.submit(_ready) for _ in range(workers)]
    for future in started:
        future.result()


def _quiet(task: asyncio.Task[None]) -> None:
    """A warm-up that failed is reported by the question that waits for it."""
    if not task.cancelled():
        task.exception()


def _ready() -> bool:
    """Answered by a started worker (its imports done)."""
    return True

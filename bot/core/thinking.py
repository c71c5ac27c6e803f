"""Where a searching computer thinks: worker processes, so its CPU budget never holds up the
bot's event loop, and, scheduled only on idle CPU, never the members' clicks either.

A question is the match's record up to the decision; the worker replays it and asks the game's
hard player, whose budget is the worker's own CPU clock. The answer is the action's text: the
bot applies it like any other action, so replays never need the computer again.

A worker is `python -m bot.core.thinking`, reading one JSON question per line on its stdin and
writing one JSON answer per line: a plain process that imports the engines and this module
only (not the bot's entry point, as multiprocessing's workers would re-import it).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import signal
import sys
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Final

from games.common.levels import Budget, Level
from games.common.protocol import Seat
from games.records import MatchRecord, replay
from games.registry import get_game

log = logging.getLogger("bot.core.thinking")
"""(Named so in a worker too, where the module runs as __main__.)"""

_MARGIN: Final = 0.1
"""The share of a decision's budget kept back for the playout running when it ends."""
QUEUE_MS: Final = 1_000.0
"""How long the questions waiting for the workers may take in all: past that, each gets a
smaller share of its budget, so a busy bot's hard computers answer sooner and shallower."""
MIN_CPU_MS: Final = 10.0
"""The least CPU a decision gets, however busy the workers are."""
WORKER_NICE: Final = 19
"""The workers' priority where idle scheduling is not available: the lowest there is."""
ANSWER_TIMEOUT_S: Final = 10.0
"""A worker silent this long on one question is stuck: it is replaced, and the normal computer
plays the move."""
WORKER_COMMAND: Final = (sys.executable, "-m", "bot.core.thinking")
"""How the bot starts a worker (its stdin and stdout piped to the bot, its stderr the bot's)."""
_LOG_FORMAT: Final = "[{asctime}] [{levelname:<8}] {name}: {message}"
_LOG_DATES: Final = "%Y-%m-%d %H:%M:%S"
"""A worker's log lines, on the bot's stderr: as the bot's own (bot.run.setup_logging)."""
_LINE_LIMIT: Final = 64 * 1024 * 1024
"""The longest question or answer line (a long Kero record is well under a megabyte)."""


class ThoughtFailed(RuntimeError):
    """The question got no answer (the worker says why in the bot's log)."""


class WorkerDied(ThoughtFailed):
    """A worker process ended or answered nonsense."""


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

    def to_json(self) -> dict[str, Any]:
        """The question as one JSON object (what a worker reads)."""
        return {
            "record": self.record.to_json(),
            "seat": self.seat,
            "level": self.level.value,
            "cpu_ms": self.cpu_ms,
            "think_ms": self.think_ms,
            "timed": self.timed,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Question:
        """The question a worker read."""
        return cls(
            MatchRecord.from_json(data["record"]),
            int(data["seat"]),
            Level(data["level"]),
            float(data["cpu_ms"]),
            None if data["think_ms"] is None else int(data["think_ms"]),
            bool(data["timed"]),
        )


def answer(question: Question) -> str:
    """The action the seat's computer takes, as text. The budget counts from the question's
    arrival: the replay and a margin for the last playout come out of it, so the whole decision
    stays within `cpu_ms`."""
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
    """The answer and the CPU seconds spent on it (replay included)."""
    started = time.process_time()
    text = answer(question)
    return text, time.process_time() - started


def shared_budget(cpu_ms: float, waiting: int, workers: int) -> float:
    """A decision's CPU budget when `waiting` questions (this one included) share `workers`."""
    if waiting <= workers:
        return cpu_ms
    return max(MIN_CPU_MS, min(cpu_ms, QUEUE_MS * workers / waiting))


class _Worker:
    """One worker process, asked one question at a time."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process

    @classmethod
    async def start(cls) -> _Worker:
        """A new worker, once it said it is ready (its imports done)."""
        process = await asyncio.create_subprocess_exec(
            *WORKER_COMMAND,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            limit=_LINE_LIMIT,
        )
        worker = cls(process)
        await worker._read()
        return worker

    async def ask(self, question: Question) -> tuple[str, float]:
        """The answer's text and the worker's CPU seconds for it."""
        stdin = self.process.stdin
        assert stdin is not None
        try:
            stdin.write(json.dumps(question.to_json()).encode() + b"\n")
            await stdin.drain()
        except (BrokenPipeError, ConnectionResetError) as error:
            raise WorkerDied("the worker is gone") from error
        reply = await self._read()
        if isinstance(reply, dict) and "error" in reply:
            raise ThoughtFailed(str(reply["error"]))
        try:
            return str(reply["action"]), float(reply["cpu_s"])
        except (KeyError, TypeError, ValueError):
            raise WorkerDied(f"the worker answered {reply!r}") from None

    async def _read(self) -> Any:
        stdout = self.process.stdout
        assert stdout is not None
        line = await stdout.readline()
        if not line:
            raise WorkerDied(f"the worker ended (exit {await self.process.wait()})")
        try:
            return json.loads(line)
        except ValueError:
            raise WorkerDied(f"the worker wrote {line[:80]!r}") from None

    async def stop(self) -> None:
        """End the process (its question, if any, goes unanswered)."""
        with contextlib.suppress(ProcessLookupError):
            self.process.kill()
        await self.process.wait()


class Thinker:
    """A pool of worker processes answering questions, started off the event loop's path."""

    def __init__(
        self,
        workers: int = 1,
        *,
        inline: bool = False,
        observe: Callable[[float, float], None] | None = None,
    ) -> None:
        self.workers = workers
        self.inline = inline
        """Answer in this process (tests of what the bot does with an answer)."""
        self._idle: asyncio.Queue[_Worker | None] | None = None
        self._all: list[_Worker] = []
        self._waiting = 0
        self._warming: asyncio.Task[None] | None = None
        """The first worker's start (held: the loop keeps only a weak reference to a task)."""
        self._observe = observe or (lambda cpu_s, wall_s: None)
        """Told each decision's CPU seconds in its worker and its seconds from question to
        answer (queueing included): the bot's metrics, the latency benchmark."""

    def warm(self) -> None:
        """Let the workers start (a hard seat was taken), so the first question does not wait
        for their imports: each starts on its first turn in the queue."""
        if self.inline or self._idle is not None:
            return
        self._idle = asyncio.Queue()
        for _ in range(self.workers):
            self._idle.put_nowait(None)  # a free place in the pool, its worker not started yet
        self._warming = asyncio.create_task(self._start_one(), name="tablero-think-warm-up")

    async def _start_one(self) -> None:
        """Start a worker in a free place ahead of the first question."""
        idle = self._idle
        assert idle is not None
        worker = await idle.get()
        if worker is None:
            try:
                worker = await self._started()
            except (OSError, WorkerDied):
                log.warning("a thinking worker could not start", exc_info=True)
        idle.put_nowait(worker)

    async def _started(self) -> _Worker:
        worker = await _Worker.start()
        self._all.append(worker)
        return worker

    async def think(self, question: Question) -> str:
        """The answer; raises WorkerDied (or OSError) when a worker could not give one."""
        asked = time.perf_counter()
        if self.inline:
            await asyncio.sleep(0)
            text, cpu_s = _timed_answer(question)
        else:
            text, cpu_s = await self._ask(question)
        self._observe(cpu_s, time.perf_counter() - asked)
        return text

    async def _ask(self, question: Question) -> tuple[str, float]:
        self.warm()
        idle = self._idle
        assert idle is not None
        self._waiting += 1
        try:
            worker = await idle.get()
            cpu_ms = shared_budget(question.cpu_ms, self._waiting, self.workers)
        finally:
            self._waiting -= 1
        try:
            if worker is None:
                worker = await self._started()
            reply = await asyncio.wait_for(
                worker.ask(replace(question, cpu_ms=cpu_ms)), ANSWER_TIMEOUT_S
            )
        except ThoughtFailed as failed:
            if isinstance(failed, WorkerDied) and worker is not None:
                await self._drop(worker)
                worker = None  # its place is free: a new worker starts there next time
            raise
        except TimeoutError:
            if worker is not None:
                await self._drop(worker)
            worker = None
            raise WorkerDied(f"no answer within {ANSWER_TIMEOUT_S} s") from None
        except BaseException:
            if worker is not None:
                await self._drop(worker)
            worker = None
            raise
        finally:
            idle.put_nowait(worker)
        return reply

    async def _drop(self, worker: _Worker) -> None:
        if worker in self._all:
            self._all.remove(worker)
        await worker.stop()

    def worker_pids(self) -> list[int]:
        """The process ids of the running workers (for operators, and tests that kill one)."""
        return [worker.process.pid for worker in self._all]

    async def close(self) -> None:
        """Stop the workers; a question in flight is dropped (a restart asks it again)."""
        workers, self._all, self._idle = self._all, [], None
        for worker in workers:
            await worker.stop()


def _behind_the_bot() -> None:
    """Run only on CPU the bot leaves idle (Linux's SCHED_IDLE), else at the lowest priority:
    a hard computer's budget is CPU time, so waiting costs it latency, never strength."""
    with contextlib.suppress(OSError):
        os.nice(WORKER_NICE)
    if sys.platform == "linux":
        with contextlib.suppress(OSError):
            os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))


def _serve() -> None:
    """A worker's life: ready, then one answer per question line until stdin closes.

    The bot gone (killed, crashed: the kernel closes its ends of the pipes) ends the worker
    quietly, with one log line and status 0: at the end of its questions, or when an answer
    cannot be delivered. A decision is bounded (its CPU budget, its playouts), so an orphan
    outlives its bot by one decision at most, and a watch of its own would only cost CPU the
    decisions' budgets count."""
    _behind_the_bot()
    # A Ctrl-C reaches the bot's whole process group: the bot stops, and stops its workers.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    logging.basicConfig(level=logging.INFO, format=_LOG_FORMAT, datefmt=_LOG_DATES, style="{")
    out = sys.stdout
    try:
        out.write('{"ready": true}\n')
        out.flush()
        for line in sys.stdin:
            try:
                text, cpu_s = _timed_answer(Question.from_json(json.loads(line)))
                reply: dict[str, Any] = {"action": text, "cpu_s": cpu_s}
            except Exception as error:  # one bad question must not end the worker
                traceback.print_exc()
                reply = {"error": f"{type(error).__name__}: {error}"}
            out.write(json.dumps(reply) + "\n")
            out.flush()
    except (ConnectionError, EOFError) as error:  # a broken pipe: nobody reads the answers
        log.info("thinking worker %d ends: the bot is gone (%s)", os.getpid(), error)
        # Should the answer be left in stdout's buffer, the exit's flush must not fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), out.fileno())
    else:
        log.info("thinking worker %d ends: no more questions", os.getpid())


if __name__ == "__main__":
    _serve()

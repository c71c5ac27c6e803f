"""The bot's metrics, served in Prometheus's format at `/metrics` (bot/health.py) —
docs/metrics.md names and explains every one.

Each bot has its own `CollectorRegistry` (tests run many bots in one process; the global
default registry would mix them). The hot path only bumps counters and observes histograms —
no I/O, nothing that waits; the gauges (open matches, gateway latency) are read when Prometheus
scrapes.

Where each figure is taken, and why there:

- **Interactions and their outcome**: `TableroBot`'s interaction gate (the one place every
  INTERACTION_CREATE passes) opens a `Seen` for the interaction and follows the handler tasks
  discord.py starts for it (the command tree's, the DynamicItem's, `on_interaction`); when the
  last one has finished, the interaction counts once: `unanswered` if Discord took no first
  response (a handler that never answered, an answer or notice Discord refused — its 3 seconds
  past —, an interaction that arrived while the bot was stopping), else `failed` if the bot
  told the member it failed (`bot.ui.answers.refuse` with a failure message: FAILED, OUTAGE,
  DAMAGED_RECORD), else `refused` if it refused (any other `refuse`), else `answered`. The gate
  hands the handlers the interaction's `Seen` through `bot.ui.answers.OUTCOME`, a context
  variable, as it hands them the timed adapter below.
- **First response**: discord.py sends every first response (a message, an edit of the clicked
  message, a defer, a modal, autocomplete choices) through the webhook adapter of the context
  it runs in (`discord.webhook.async_.async_context`). The gate sets an adapter of its own for
  the interaction while discord.py parses it, so the handler tasks started then inherit it; it
  observes the time from the interaction's arrival at the gate to Discord's acceptance of its
  first response (the callback's HTTP round trip included: the bot's whole part of Discord's
  3 seconds). The handlers are not touched, and followups or later edits are not counted.
  The same adapter hands discord.py Discord's answer without the components of the message
  it echoes (nothing reads them; parsing a V2 card's took ~5 % of the process's time in
  the Kero latency benchmark).
- **Discord HTTP errors and 429s**: an `aiohttp.TraceConfig` handed to discord.py (its public
  `http_trace` option) sees every HTTP response discord.py's session gets — REST calls and the
  interaction callbacks alike, and each 429 that discord.py sleeps off and retries inside
  `HTTPClient.request`, which wrapping `http.request` from outside would never see (it sees
  only the final outcome, and not the interaction callbacks at all). Hooking discord.py's
  rate-limit log lines would depend on their wording and count every bot of the process at
  once. The in-memory fake Discord bypasses aiohttp, so these two counters stay at zero there;
  its loopback mode (real HTTP) counts them (tests/bot/test_health.py).
- **Store appends**: `MatchService` times its `store.append` (a click's whole batch in one
  transaction) through the `observe_append` it is built with: `Metrics.store_append.observe`.
- **Renders**: `Publisher.render` times the Pillow work in the render thread (not the wait for
  a free thread), and counts the CPU the drawing thread spent on it
  (`tablero_render_cpu_seconds_total`, images drawn on the event loop too): what a click costs
  without its images is the process's CPU less this (`benchmarks/clicks.py`).
"""

from __future__ import annotations

import contextlib
import math
import time
from collections.abc import Callable, Collection, Iterable, Iterator
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any, Final, TypeVar

import aiohttp
from discord.webhook.async_ import AsyncWebhookAdapter, async_context
from prometheus_client import CollectorRegistry, Counter, Histogram
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from bot.ui.answers import OUTCOME
from games.registry import GAMES

if TYPE_CHECKING:
    import asyncio

T = TypeVar("T")

KINDS: Final = {2: "command", 3: "component", 4: "autocomplete", 5: "modal"}
"""Discord's interaction types, by the `kind` label they get."""
OUTCOMES: Final = ("answered", "refused", "failed", "unanswered")
RATE_LIMITED: Final = 429

FIRST_RESPONSE_BUCKETS: Final = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0)
"""Seconds; Discord takes a first response only within 3 s."""
STORE_BUCKETS: Final = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
"""Seconds; a SQLite append takes well under a millisecond (README: 2,650–4,570/s)."""
RENDER_BUCKETS: Final = (0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5)
"""Seconds; a board or table image takes 3–17 ms (README)."""


class Metrics:
    """One bot's metrics and the hooks that feed them."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.interactions = Counter(
            "tablero_interactions",
            "Interactions received, by kind and by how the bot dealt with them.",
            ["kind", "outcome"],
            registry=self.registry,
        )
        self.first_response = Histogram(
            "tablero_first_response_seconds",
            "From an interaction's arrival to Discord's acceptance of its first response.",
            buckets=FIRST_RESPONSE_BUCKETS,
            registry=self.registry,
        )
        self.store_append = Histogram(
            "tablero_store_append_seconds",
            "One append of a match's actions to the store (one transaction), failed ones too.",
            buckets=STORE_BUCKETS,
            registry=self.registry,
        )
        self.http_errors = Counter(
            "tablero_discord_http_errors",
            "Discord's HTTP answers with an error status (429s are counted apart).",
            ["status"],
            registry=self.registry,
        )
        self.rate_limited = Counter(
            "tablero_discord_rate_limited",
            "Discord's 429 answers (each one discord.py slept off and retried, too).",
            registry=self.registry,
        )
        self.render = Histogram(
            "tablero_render_seconds",
            "Drawing and encoding one image in a render thread.",
            ["image"],
            buckets=RENDER_BUCKETS,
            registry=self.registry,
        )
        self.render_cpu = Counter(
            "tablero_render_cpu_seconds",
            "CPU time of the thread that drew and encoded an image (time.thread_time).",
            ["image"],
            registry=self.registry,
        )
        self.ai_decision = Histogram(
            "tablero_ai_decision_seconds",
            "A hard computer's decision: CPU time in its worker, and time from question to answer.",
            ["clock"],
            buckets=RENDER_BUCKETS,
            registry=self.registry,
        )
        self._gauges = _ReadOnScrape()
        self.registry.register(self._gauges)
        self._counted = {
            (kind, outcome): self.interactions.labels(kind, outcome)
            for kind in KINDS.values()
            for outcome in OUTCOMES
        }
        """Every kind × outcome, at 0 from the start (so a rate is defined at once)."""
        self.http_trace = aiohttp.TraceConfig()
        """For discord.py's `http_trace` option: counts its error answers and 429s."""
        self.http_trace.on_request_end.append(self._on_response)
        self._cpu, self._wall = self.ai_decision.labels("cpu"), self.ai_decision.labels("wall")

    def watch(self, open_games: Callable[[], Iterable[str]], latency: Callable[[], float]) -> None:
        """Read the gauges from these once the bot runs: the game of each open match, and the
        gateway's heartbeat latency (NaN or infinite while unknown)."""
        self._gauges.watch(open_games, latency)

    def ai_decided(self, cpu_s: float, wall_s: float) -> None:
        """A hard computer's decision: its CPU seconds in its worker and its seconds from
        question to answer (the thinker's `observe`)."""
        self._cpu.observe(cpu_s)
        self._wall.observe(wall_s)

    # -- interactions ---------------------------------------------------------------------

    @contextlib.contextmanager
    def interaction(self, data: Any) -> Iterator[Seen]:
        """Around discord.py's parsing of an INTERACTION_CREATE: the interaction is noted as
        arrived, and the handler tasks started meanwhile answer it through an adapter that
        times its first response. The caller hands those tasks to `Seen.until_done`."""
        seen = Seen(self, _interaction_id(data), KINDS.get(data.get("type"), "other"))
        token = async_context.set(_TimedAdapter(seen))
        noted = OUTCOME.set(seen)
        try:
            yield seen
        except BaseException:
            seen.refused(failed=True)
            seen.until_done(())
            raise
        finally:
            OUTCOME.reset(noted)
            async_context.reset(token)

    def unanswered(self, data: Any) -> None:
        """An interaction the bot leaves unanswered on purpose (it is stopping)."""
        self.count(KINDS.get(data.get("type"), "other"), "unanswered")

    def count(self, kind: str, outcome: str) -> None:
        child = self._counted.get((kind, outcome))
        if child is None:
            child = self._counted[kind, outcome] = self.interactions.labels(kind, outcome)
        child.inc()

    # -- renders --------------------------------------------------------------------------

    def timed_render(self, image: str, work: Callable[[], T]) -> Callable[[], T]:
        """`work` (a render, in a render thread or on the event loop) timed under `image`, and
        its thread's CPU counted."""
        histogram, cpu = self.render.labels(image), self.render_cpu.labels(image)

        def timed() -> T:
            started, used = time.perf_counter(), time.thread_time()
            try:
                return work()
            finally:
                histogram.observe(time.perf_counter() - started)
                cpu.inc(time.thread_time() - used)

        return timed

    # -- Discord's HTTP answers -----------------------------------------------------------

    async def _on_response(
        self,
        session: aiohttp.ClientSession,
        context: SimpleNamespace,
        params: aiohttp.TraceRequestEndParams,
    ) -> None:
        status = params.response.status
        if status == RATE_LIMITED:
            self.rate_limited.inc()
        elif status >= 400:
            self.http_errors.labels(str(status)).inc()


def _interaction_id(data: Any) -> int:
    try:
        return int(data.get("id"))
    except (TypeError, ValueError):
        return 0


class Seen:
    """One interaction from its arrival at the gate until the handler tasks discord.py
    started for it have all finished; then it is counted, once, by its outcome."""

    __slots__ = (
        "_done",
        "_left",
        "answered",
        "arrived",
        "failed",
        "id",
        "kind",
        "metrics",
        "was_refused",
    )

    def __init__(self, metrics: Metrics, interaction_id: int, kind: str) -> None:
        self.metrics = metrics
        self.id = interaction_id
        self.kind = kind
        self.arrived = time.perf_counter()
        self.answered = self.was_refused = self.failed = False
        self._left = 0
        self._done = False

    def refused(self, *, failed: bool) -> None:
        """The bot refused the interaction, or told the member it failed (`failed`)."""
        self.was_refused = True
        self.failed = self.failed or failed

    def responded(self) -> None:
        """Discord took the interaction's first response."""
        if not self.answered:
            self.answered = True
            self.metrics.first_response.observe(time.perf_counter() - self.arrived)

    def until_done(self, tasks: Collection[asyncio.Task[Any]]) -> None:
        """Count the interaction once these tasks have finished (at once if there are none)."""
        self._left = len(tasks)
        if not tasks:
            self._finish()
        for task in tasks:
            task.add_done_callback(self._one_done)

    def _one_done(self, task: asyncio.Task[Any]) -> None:
        self._left -= 1
        if self._left <= 0:
            self._finish()

    def _finish(self) -> None:
        if self._done:
            return
        self._done = True
        if not self.answered:
            outcome = "unanswered"  # whatever the bot meant to say, the member saw nothing
        elif self.failed:
            outcome = "failed"
        else:
            outcome = "refused" if self.was_refused else "answered"
        self.metrics.count(self.kind, outcome)


class _TimedAdapter(AsyncWebhookAdapter):
    """discord.py's webhook adapter as one interaction's handlers see it: a first response
    Discord accepted for that interaction is timed (everything else is discord.py's own)."""

    def __init__(self, seen: Seen) -> None:
        super().__init__()  # type: ignore[no-untyped-call]
        self.seen = seen

    async def create_interaction_response(
        self,
        interaction_id: int,
        token: str,
        *,
        session: aiohttp.ClientSession,
        proxy: str | None = None,
        proxy_auth: aiohttp.BasicAuth | None = None,
        params: Any,
    ) -> Any:
        answer = await super().create_interaction_response(
            interaction_id,
            token,
            session=session,
            proxy=proxy,
            proxy_auth=proxy_auth,
            params=params,
        )
        if int(interaction_id) == self.seen.id:
            self.seen.responded()
        return _unlaid(answer)


def _unlaid(answer: Any) -> Any:
    """Discord's answer with the components of the message it echoes left out: discord.py
    would rebuild every one of them into objects (a V2 card's container, sections and buttons)
    that nothing reads; the bot reads only the echo's attachments (`ClickRouter._noting`)."""
    resource = answer.get("resource") if isinstance(answer, dict) else None
    if not isinstance(resource, dict):
        return answer
    message = resource.get("message")
    if isinstance(message, dict) and message.get("components"):
        answer = {**answer, "resource": {**resource, "message": {**message, "components": []}}}
    return answer


class _ReadOnScrape(Collector):
    """The gauges read when Prometheus scrapes: open matches by game (every game the bot runs,
    0 included) and the gateway's heartbeat latency (absent while unknown)."""

    def __init__(self) -> None:
        self.open_games: Callable[[], Iterable[str]] = tuple
        self.latency: Callable[[], float] = lambda: math.nan

    def watch(self, open_games: Callable[[], Iterable[str]], latency: Callable[[], float]) -> None:
        """Read the gauges from these."""
        self.open_games, self.latency = open_games, latency

    def describe(self) -> Iterable[Metric]:
        return list(self._families())

    def collect(self) -> Iterable[Metric]:
        matches, latency = self._families()
        counts = dict.fromkeys(GAMES, 0)
        for game in self.open_games():
            counts[game] = counts.get(game, 0) + 1
        for game, count in sorted(counts.items()):
            matches.add_metric([game], count)
        seconds = self.latency()  # NaN before the gateway connects, inf before its first ack
        if math.isfinite(seconds):
            latency.add_metric([], seconds)
        return [matches, latency]

    @staticmethod
    def _families() -> tuple[GaugeMetricFamily, GaugeMetricFamily]:
        return (
            GaugeMetricFamily(
                "tablero_open_matches", "Matches open in this bot, by game.", labels=["game"]
            ),
            GaugeMetricFamily(
                "tablero_gateway_latency_seconds",
                "The gateway's last heartbeat round trip (absent while unknown).",
            ),
        )

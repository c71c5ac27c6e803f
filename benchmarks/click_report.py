"""The figures of `benchmarks.clicks`: each phase's (one bot at one rate), each count of open
matches' — Tablero's CPU per click as a multiple of the floor's, measured beside it — and the
issue's bar; as JSON, or as a table to read."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Final

from benchmarks.timing import percentiles

BAR: Final = 1.6
"""Issue 36: Tablero's CPU per click without images ≤ this × the floor's at 1,000 open matches…"""
BAR_SPREAD: Final = 0.10
"""…and within this share of that multiple at 100 and 10,000."""
P99_TARGET_MS: Final = 20.0
"""Issue 36: the highest click rate a process answers with a first-response p99 ≤ this."""
MAX_LAG_S: Final = 0.5
"""A phase kept its pace if no click started later than this behind the schedule."""


@dataclass(frozen=True)
class Clicks:
    """One phase's clicks as the players saw them."""

    times: tuple[float, ...]
    """First-response ms of every click answered."""
    lag_s: float
    """How late the driver started a click at worst (behind its schedule)."""
    kinds: dict[str, dict[str, Any]] = field(default_factory=dict)
    """By kind of click: how many, p50, p99, max."""
    not_ready: dict[str, int] = field(default_factory=dict)
    """Matches tried that had no click to take, by why (another was clicked instead)."""
    failed: int = 0
    refused: int = 0


@dataclass(frozen=True)
class Measured:
    """One phase as measured around the bot: from its first click until it was quiet."""

    sending_s: float
    """Until the last click was answered."""
    elapsed_s: float
    """Until the bot was quiet (the edits and posts its clicks made due, done)."""
    cpu_s: float
    driver_cpu_s: float
    waited_s: float
    """How long the bot's event loop was ready to run but had no CPU (the machine's noise)."""
    counts: dict[str, int]
    memory: dict[str, float]
    appended: tuple[int, int] | None
    """Events and appends the store took (Tablero's only)."""
    render_cpu_s: float | None = None
    """The CPU its threads spent drawing images, as the bot counts it (Tablero's only)."""


@dataclass(frozen=True)
class Step:
    """One bot at one rate."""

    bot: str
    rate: float
    """Clicks started per second (asked)."""
    clicks: int
    clicks_per_s: float
    cpu_s: float
    cpu_ms_per_click: float
    render_ms_per_click: float
    """The CPU the bot's threads spent drawing images, as it counts it
    (`tablero_render_cpu_seconds_total`); without that count, the images it uploaded × the ms
    each costs to draw (an estimate: `click_images`)."""
    cpu_ms_per_click_without_images: float
    bot_cores: float
    driver_cores: float
    waited_ms_per_s: float
    """Ms per second the bot's event loop waited for a CPU: a shared machine's noise."""
    p50_ms: float
    p99_ms: float
    max_ms: float
    kept_pace: bool
    lag_s: float
    per_click: dict[str, float]
    images: dict[str, int]
    rss_mb: float
    peak_mb: float
    kinds: dict[str, dict[str, Any]]
    not_ready: dict[str, int]
    failed: int
    refused: int


@dataclass(frozen=True)
class Size:
    """One count of open matches: its start-up and every phase."""

    open_matches: int
    seeded_s: float
    ready_s: float | None
    clickable_s: float | None
    """From the process's start until every match was clickable."""
    started_rss_mb: float | None
    """Tablero's memory once every match was clickable."""
    idle_cpu_ms_per_s: dict[str, float]
    start_error: str | None
    """Why Tablero did not start (its log's end), or None."""
    clickable_matches: int
    finished_matches: int
    steps: tuple[Step, ...]
    violations: int
    violation_examples: tuple[str, ...]


def step_of(
    bot: str, rate: float, measured: Measured, clicks: Clicks, per_image: dict[str, Any]
) -> Step:
    """The phase's figures, per click where they are counts."""
    answered = len(clicks.times)
    n = max(1, answered)
    counts = measured.counts
    images = {k.removeprefix("images "): v for k, v in counts.items() if k.startswith("images ")}
    render_ms = sum(v * per_image[k]["ms"] for k, v in images.items() if k in per_image)
    if measured.render_cpu_s is not None:
        render_ms = measured.render_cpu_s * 1000
    times = percentiles(list(clicks.times))
    return Step(
        bot=bot,
        rate=rate,
        clicks=answered,
        clicks_per_s=round(answered / max(measured.sending_s, 1e-9), 1),
        cpu_s=round(measured.cpu_s, 3),
        cpu_ms_per_click=round(measured.cpu_s * 1000 / n, 3),
        render_ms_per_click=round(render_ms / n, 3),
        cpu_ms_per_click_without_images=round((measured.cpu_s * 1000 - render_ms) / n, 3),
        bot_cores=round(measured.cpu_s / measured.elapsed_s, 2),
        driver_cores=round(measured.driver_cpu_s / measured.elapsed_s, 2),
        waited_ms_per_s=round(measured.waited_s * 1000 / measured.elapsed_s, 1),
        p50_ms=times.get("p50_ms", 0.0),
        p99_ms=times.get("p99_ms", 0.0),
        max_ms=times.get("max_ms", 0.0),
        kept_pace=clicks.lag_s < MAX_LAG_S,
        lag_s=round(clicks.lag_s, 3),
        per_click=_per_click(counts, measured.appended, n),
        images=images,
        rss_mb=measured.memory["rss_mb"],
        peak_mb=measured.memory["peak_mb"],
        kinds=clicks.kinds,
        not_ready=clicks.not_ready,
        failed=clicks.failed,
        refused=clicks.refused,
    )


def _per_click(counts: dict[str, int], appended: tuple[int, int] | None, n: int) -> dict[str, Any]:
    """What the clicks asked of Discord and of the store, per click."""
    edits = counts.get("channel edit", 0) + counts.get("answer edit", 0)
    shown = {
        "edits": edits,
        "channel edits": counts.get("channel edit", 0),
        "answer edits": counts.get("answer edit", 0),
        "updates": counts.get("update", 0),
        "posts": counts.get("post", 0),
        "follow-ups": counts.get("follow-up", 0),
        "uploads": counts.get("uploads", 0),
        "uploaded KB": counts.get("uploaded bytes", 0) / 1000,
        "images": sum(v for k, v in counts.items() if k.startswith("images ")),
        "refused by Discord": counts.get("refused by Discord", 0),
    }
    if appended is not None:
        shown |= {"appends": appended[1], "events": appended[0]}
    return {name: round(value / n, 3) for name, value in shown.items()}


def versus_floor(steps: tuple[Step, ...]) -> dict[str, Any]:
    """Tablero's CPU per click and the floor's, over every rate both were measured at (all
    their clicks pooled), and the multiple, with and without Tablero's images."""
    rates = {s.rate for s in steps if s.bot == "floor"} & {
        s.rate for s in steps if s.bot != "floor"
    }
    mine = [s for s in steps if s.bot == "tablero" and s.rate in rates]
    floor = [s for s in steps if s.bot == "floor" and s.rate in rates]
    if not mine or not floor:
        return {}
    tablero_ms = _pooled(mine, lambda s: s.cpu_s * 1000)
    without = _pooled(mine, lambda s: s.cpu_ms_per_click_without_images * s.clicks)
    floor_ms = _pooled(floor, lambda s: s.cpu_s * 1000)
    return {
        "tablero_cpu_ms_per_click": round(tablero_ms, 3),
        "tablero_cpu_ms_per_click_without_images": round(without, 3),
        "floor_cpu_ms_per_click": round(floor_ms, 3),
        "multiple": round(tablero_ms / floor_ms, 2),
        "multiple_without_images": round(without / floor_ms, 2),
    }


def _pooled(steps: list[Step], total: Callable[[Step], float]) -> float:
    return sum(total(s) for s in steps) / max(1, sum(s.clicks for s in steps))


def sustained(steps: tuple[Step, ...], bot: str) -> float | None:
    """The most clicks per second `bot` answered with p99 ≤ the target, keeping pace."""
    kept = [s for s in steps if s.bot == bot and s.kept_pace and s.p99_ms <= P99_TARGET_MS]
    return max((s.clicks_per_s for s in kept), default=None)


def click_mix(kero_every: int) -> str:
    """The clicks, in words."""
    keer = (
        "Keer op Keer Kids between 4 members: roll, keep (opens the roller's choice), die "
        "(opens a member's choice), pick"
    )
    if not kero_every:
        return keer + "; no Kero"
    return (
        f"{keer}; Kero between 2 members in 1 of {kero_every} played matches: roll, a die "
        "marked for a re-roll, re-roll, stop, end turn"
    )


def summary(sizes: list[Size], per_image: dict[str, Any], kero_every: int) -> dict[str, Any]:
    """Every figure, and the bar."""
    shown = []
    multiples: dict[int, float] = {}
    for size in sizes:
        versus = versus_floor(size.steps)
        if versus:
            multiples[size.open_matches] = versus["multiple_without_images"]
        shown.append(
            dataclasses.asdict(size)
            | {
                "versus_floor": versus,
                "sustained_clicks_per_s": {
                    bot: sustained(size.steps, bot) for bot in ("tablero", "floor")
                },
            }
        )
    return {
        "click_mix": click_mix(kero_every),
        "ms_per_image": per_image,
        "target_p99_ms": P99_TARGET_MS,
        "sizes": shown,
        "bar": _bar(multiples),
    }


def _bar(multiples: dict[int, float]) -> dict[str, Any]:
    """The issue's bar, where the counts it names were measured."""
    at_1000 = multiples.get(1_000)
    if at_1000 is None:
        return {"measured": False, "multiples_without_images": multiples}
    spread = {n: round(m / at_1000 - 1, 3) for n, m in multiples.items() if n in (100, 10_000)}
    return {
        "measured": True,
        "multiples_without_images": multiples,
        "at_1000_within": at_1000 <= BAR,
        "spread_from_1000": spread,
        "flat": all(abs(s) <= BAR_SPREAD for s in spread.values()) if spread else None,
    }


def table(result: dict[str, Any]) -> str:
    """The figures to read."""
    costs = ", ".join(
        f"{k} {v['ms']} ms (cold {v['cold_ms']})" for k, v in result["ms_per_image"].items()
    )
    lines = [f"click mix: {result['click_mix']}", f"CPU per image drawn: {costs}", LEGEND]
    for size in result["sizes"]:
        lines += _size_lines(size)
    bar = result["bar"]
    if bar["measured"]:
        lines.append(
            f"bar: ≤ {BAR}× the floor at 1,000 open matches: {bar['at_1000_within']}; "
            f"within {BAR_SPREAD:.0%} of it at 100 and 10,000: {bar['flat']} "
            f"(spread {bar['spread_from_1000']})"
        )
    return "\n".join(lines)


LEGEND: Final = (
    "columns: rate asked (clicks/s), answered; the bot's CPU ms per click, and without the "
    "images it drew; first response p50, p99 (ms); per click: edits (PATCH of a message), "
    "UPDATE_MESSAGE answers, new messages, images drawn, store appends; the bot's RSS; the "
    "driver's cores; ms per s the bot's event loop waited for a CPU (the machine's noise)"
)
HEADER: Final = (
    f"{'bot':<8}{'rate':>6}{'clicks/s':>9}{'CPU ms':>8}{'−img':>7}{'p50':>7}{'p99':>7}"
    f"{'edits':>7}{'upd':>6}{'posts':>6}{'imgs':>6}{'apnd':>6}{'RSS MB':>8}{'driver':>8}"
    f"{'wait':>6}"
)


def _size_lines(size: dict[str, Any]) -> list[str]:
    head = f"\n{size['open_matches']:,} open matches: stored in {size['seeded_s']} s; "
    if size["start_error"] is not None:
        return [
            head + f"the bot did not start: {size['clickable_matches']:,} matches clickable",
            "  " + size["start_error"].replace("\n", "\n  "),
        ]
    idle = ", ".join(f"{k} {v}" for k, v in size["idle_cpu_ms_per_s"].items())
    lines = [
        head + f"the bot ready after {size['ready_s']} s, every match clickable after "
        f"{size['clickable_s']} s (RSS {size['started_rss_mb']} MB); idle CPU ms/s: {idle}",
        "  " + HEADER,
    ]
    for step in size["steps"]:
        per = step["per_click"]
        pace = "" if step["kept_pace"] else "  (fell behind)"
        lines.append(
            f"  {step['bot']:<8}{step['rate']:>6g}{step['clicks_per_s']:>9}"
            f"{step['cpu_ms_per_click']:>8.2f}{step['cpu_ms_per_click_without_images']:>7.2f}"
            f"{step['p50_ms']:>7.1f}{step['p99_ms']:>7.1f}{per['edits']:>7.2f}{per['updates']:>6.2f}"
            f"{per['posts']:>6.2f}{per['images']:>6.2f}{per.get('appends', 0):>6.2f}"
            f"{step['rss_mb']:>8.0f}{step['driver_cores']:>8.2f}{step['waited_ms_per_s']:>6.0f}"
            f"{pace}"
        )
    versus = size["versus_floor"]
    if versus:
        lines.append(
            f"  Tablero ÷ floor: {versus['multiple']}× ({versus['tablero_cpu_ms_per_click']} ÷ "
            f"{versus['floor_cpu_ms_per_click']} ms), without images "
            f"{versus['multiple_without_images']}×"
        )
    best = size["sustained_clicks_per_s"]
    lines.append(
        f"  p99 ≤ {P99_TARGET_MS:.0f} ms up to: Tablero {best['tablero']} clicks/s, "
        f"the floor {best['floor']} clicks/s (at the rates tried)"
    )
    if size["violations"]:
        lines.append(
            f"  {size['violations']} refusals by the double, e.g. {size['violation_examples']}"
        )
    return lines

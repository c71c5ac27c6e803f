"""The benchmark scripts run and report their figures (their speed is not asserted here)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import asyncpg

from benchmarks import floor_bot
from bot.app import intents
from tests.storage.conftest import postgres_url

ROOT = Path(__file__).resolve().parent.parent


def run_benchmark(name: str, *args: str) -> Any:
    """Run `python -m benchmarks.NAME ARGS --json` from the repository root; its JSON output."""
    done = subprocess.run(
        [sys.executable, "-m", f"benchmarks.{name}", *args, "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    return json.loads(done.stdout)


def test_keer_kids_benchmark_reports_json() -> None:
    result = run_benchmark("keer_kids", "--matches", "5", "--repeats", "2")
    assert result["players"] == 4 and result["runs"] == 2
    assert 0 < result["median_matches_per_s"] <= result["best_matches_per_s"]
    assert 0 < result["finished_match_bytes"] < 1_000_000


def test_ai_strength_benchmark_reports_json() -> None:
    results = run_benchmark("ai_strength", "--matches", "4", "--budget-playouts", "8")["results"]
    pairings = [(r["game"], r["players"], r["strong"], r["weak"]) for r in results]
    assert ("keer", 4, "hard", "normal") in pairings and ("keer", 4, "normal", "easy") in pairings
    assert all(r["matches"] == 4 and 0 <= r["strong_win_share"] <= 1 for r in results)
    assert all(r["parity"] == round(1 / r["players"], 3) for r in results)


def test_kero_benchmark_reports_json() -> None:
    result = run_benchmark("kero", "--matches", "3", "--repeats", "2")
    assert result["variant"] == "base" and result["runs"] == 2
    assert 0 < result["median_matches_per_s"] <= result["best_matches_per_s"]


def test_render_benchmark_reports_json() -> None:
    result = run_benchmark("render", "--repeats", "2")
    names = [image["image"] for image in result["images"]]
    assert names == [
        "kero-board",
        "keer-table-4p",
        "keer-table-4p-scripts",
        "keer-strip",
        "keer-sheet",
        "kero-turn-strip",
        "kero-table",
        "kero-dice",
        "kero-results",
    ]
    assert all(image["median_ms"] > 0 and image["bytes"] > 0 for image in result["images"])


def test_cards_benchmark_reports_json() -> None:
    result = run_benchmark("cards", "--matches", "1", "--repeats", "1")
    cards = result["us_per_card"]
    assert {"keer-pick", "keer-pick mentioned", "kero-rolling", "kero-toggle"} <= set(cards)
    assert all(us > 0 for us in cards.values()) and result["cards"]["keer-pick"] > 10


def test_storage_benchmark_reports_json() -> None:
    result = run_benchmark("storage", "--appends", "50", "--matches", "5")
    assert result["rebuild_matches"] == 5 and result["rebuild_events"] > 0
    assert result["appends_per_s"] > 0 and result["rebuild_s"] > 0


def test_bot_latency_benchmark_reports_json() -> None:
    result = run_benchmark("bot_latency", "--matches", "4", "--clicks", "40", "--rate", "400")
    kinds = {kind["kind"]: kind for kind in result["kinds"]}
    assert {"roll", "die", "pick"} <= set(kinds) and result["problems"] == []
    assert all(0 < kind["p50_ms"] <= kind["p99_ms"] <= kind["max_ms"] for kind in kinds.values())


def test_bot_memory_benchmark_reports_json() -> None:
    result = run_benchmark("bot_memory", "--matches", "5")
    assert result["matches"] == 5
    assert 0 < result["rss_before_bot_mb"] <= result["rss_with_matches_mb"]


def test_owed_delivery_benchmark_delivers_every_owed_message() -> None:
    result = run_benchmark("owed_delivery", "--matches", "20", "--owed", "5")
    assert result["open_matches"] == 20 and result["owed_messages"] == 5
    assert result["posted"] == 5 and result["still_owed"] == 0
    assert 0 < result["ready_s"] <= result["all_delivered_s"]


def test_bot_latency_benchmark_runs_kero_matches() -> None:
    result = run_benchmark(
        "bot_latency",
        *("--game", "kero", "--matches", "3", "--clicks", "300", "--rate", "300"),
        *("--ai-think-ms", "5"),
    )
    assert result["kinds"] and result["problems"] == []


def test_clicks_benchmark_measures_tablero_beside_the_floor() -> None:
    result = run_benchmark(
        "clicks",
        *("--matches", "20", "--active", "10", "--rates", "20", "--seconds", "1.5"),
        *("--warmup", "0", "--render-repeats", "1"),
    )
    (size,) = result["sizes"]
    assert size["open_matches"] == 20 and size["violations"] == 0
    assert 0 < size["ready_s"] <= size["clickable_s"]
    tablero, floor = size["steps"]
    assert (tablero["bot"], floor["bot"]) == ("tablero", "floor")
    assert tablero["clicks"] > 0 and floor["clicks"] == tablero["clicks"]  # the same clicks
    for step in (tablero, floor):
        assert step["cpu_ms_per_click"] > 0 and 0 < step["p50_ms"] <= step["p99_ms"]
        assert step["per_click"]["updates"] > 0 and step["rss_mb"] > 0
    assert tablero["per_click"]["appends"] > 0 and "appends" not in floor["per_click"]
    assert floor["render_ms_per_click"] == 0 < tablero["render_ms_per_click"]  # as it counts it
    assert result["sizes"][0]["versus_floor"]["multiple"] > 0
    drawn = {f"keer-kids {name}.png" for name in ("board", "strip", "choice")}
    assert set(result["ms_per_image"]) == drawn | {"kero strip.png", "kero board.png"}


def test_the_floor_bot_has_tableros_intents() -> None:
    assert floor_bot.intents() == intents()


async def test_cluster_benchmark_runs_two_bot_processes_on_postgres() -> None:
    url = postgres_url()
    result = run_benchmark(
        "cluster",
        *("--database-url", url, "--matches", "6", "--moves", "40", "--rate", "40"),
        *("--sweep", "40", "--sweep-moves", "30"),
    )
    assert result["processes"] == 2 and result["violations"] == 0
    assert 0 < result["ready_s"] <= result["all_posted_s"]
    for one in result["both"]["by_process"]:  # each process answered the clicks of its shard
        assert one["count"] > 0 and 0 < one["p50_ms"] <= one["p99_ms"] <= one["max_ms"]
        assert 0 < one["rss_mb"] <= one["peak_mb"]
    (step,) = result["one_process"]["steps"]
    assert step["moves_per_s"] == 40 and step["count"] > 0
    admin = await asyncpg.connect(url)
    try:  # its own database is gone
        left = await admin.fetchval(
            "SELECT count(*) FROM pg_database WHERE datname = $1", result["database"]
        )
    finally:
        await admin.close()
    assert result["database"].startswith("tablero_cluster_bench_") and left == 0


def test_async_week_never_holds_a_roll_for_the_away_member_and_tells_once() -> None:
    runs = {(r["game"], r["policy"]): r for r in run_benchmark("async_week")["runs"]}
    assert set(runs) == {(g, p) for g in ("keer-kids", "kero") for p in ("pause", "standin")}
    for run in runs.values():
        assert (run["away_notices"], run["back_notices"], run["ran_out_notices"]) == (1, 1, 0)
        assert run["played"] > 0
    for policy in ("pause", "standin"):
        assert runs["keer-kids", policy]["ticks_waiting_on_the_away_member"] == 0
    assert runs["keer-kids", "pause"]["absentee_misses_while_away"] > 0
    assert runs["keer-kids", "standin"]["absentee_misses_while_away"] == 0
    assert runs["keer-kids", "standin"]["absentee_moves_while_away"] > 0
    assert runs["kero", "standin"]["absentee_moves_while_away"] > 0
    assert runs["kero", "pause"]["absentee_moves_while_away"] == 0  # the duel waits, unpunished

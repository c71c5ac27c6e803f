"""The benchmark scripts run and report their figures (their speed is not asserted here)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_keer_kids_benchmark_reports_json() -> None:
    done = subprocess.run(
        [sys.executable, "benchmarks/keer_kids.py", "--matches", "5", "--repeats", "2", "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    result = json.loads(done.stdout)
    assert result["players"] == 4 and result["runs"] == 2
    assert 0 < result["median_matches_per_s"] <= result["best_matches_per_s"]


def test_ai_strength_benchmark_reports_json() -> None:
    done = subprocess.run(
        [sys.executable, "benchmarks/ai_strength.py", "--matches", "4", "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    results = json.loads(done.stdout)["results"]
    assert [r["players"] for r in results] == [2, 4]
    assert all(0 <= r["heuristic_win_share"] <= 1 for r in results)


def test_kero_benchmark_reports_json() -> None:
    done = subprocess.run(
        [sys.executable, "benchmarks/kero.py", "--matches", "3", "--repeats", "2", "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=300,
    )
    result = json.loads(done.stdout)
    assert result["variant"] == "base" and result["runs"] == 2
    assert 0 < result["median_matches_per_s"] <= result["best_matches_per_s"]

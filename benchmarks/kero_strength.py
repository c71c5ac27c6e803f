"""How strong Kero's computer levels are: hard against normal, normal against easy.

Each pairing plays `--matches` matches with seats swapped every match (each level plays first
equally often, from the same chance streams); a shared win is a draw, reported apart. The
searching level runs without a clock, so the figures are deterministic; the CPU time of each of
its decisions is measured too (mean and p99), to check the default budget fits ~100 ms.
Usage: python -m benchmarks.kero_strength [--matches 1000] [--budget-playouts N] [--workers N]
       [--variant base|boss] [--fuel-up auto|live] [--pairing hard-normal|normal-easy] [--clock]
       [--json]
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import partial

from games.common import ChanceRng
from games.common.levels import Budget, Level
from games.common.protocol import CHANCE, GameState, Node, Policy
from games.kero import computer
from games.kero.state import KeroState

PAIRINGS = ((Level.HARD, Level.NORMAL), (Level.NORMAL, Level.EASY))
"""(stronger, weaker): the stronger level's win share is the figure."""
TARGETS = {Level.HARD: 0.65, Level.NORMAL: 0.70}
"""Issue 20: hard beats normal in ≥ 65 % of matches, normal beats easy in ≥ 70 %."""


@dataclass(frozen=True, slots=True)
class Match:
    """One match's result, from the stronger level's side."""

    won: bool
    lost: bool
    scores: tuple[int, int]
    """(stronger, weaker)."""
    decision_ms: tuple[float, ...]
    """CPU time of each decision the stronger level took."""


@dataclass(frozen=True, slots=True)
class Setting:
    """What every match of a run shares."""

    options: dict[str, str]
    """The match options (variant, fuel_up)."""
    playouts: int
    """The searching level's budget of playouts per decision."""
    clock: bool = False
    """Give it the CPU clock, so the budget's cpu_ms caps each decision (not deterministic)."""


def play(pairing: tuple[Level, Level], setting: Setting, i: int) -> Match:
    """Match `i` of a pairing: the stronger level sits in seat i % 2."""
    strong, weak = pairing
    clock = time.process_time if setting.clock else None
    budget = Budget(playouts=setting.playouts, clock=clock)
    seat = i % 2
    levels = (strong, weak) if seat == 0 else (weak, strong)
    policies: list[Policy] = [computer(level, budget, seed=f"{i}") for level in levels]
    state: GameState = KeroState(dict(setting.options))
    rng = ChanceRng(f"kero-strength/{strong}-{weak}/{i // 2}")
    times: list[float] = []
    while not state.is_terminal():
        if state.node() is Node.CHANCE:
            state.apply(CHANCE, state.sample_chance(rng))
            continue
        for actor in state.seats_to_act():
            start = time.process_time()
            action = policies[actor].choose(state, actor)
            if actor == seat:
                times.append(1000 * (time.process_time() - start))
            state.apply(actor, action)
    outcome = state.outcome()
    assert outcome is not None
    alone = len(outcome.winners) == 1
    return Match(
        won=alone and seat in outcome.winners,
        lost=alone and seat not in outcome.winners,
        scores=(outcome.scores[seat], outcome.scores[1 - seat]),
        decision_ms=tuple(times),
    )


def summarize(pairing: tuple[Level, Level], matches: list[Match]) -> dict[str, object]:
    """Win share of the stronger level, draws, mean scores and its ms per decision."""
    strong, weak = pairing
    n = len(matches)
    ms = sorted(t for m in matches for t in m.decision_ms)
    wins = sum(m.won for m in matches)
    return {
        "pairing": f"{strong} vs {weak}",
        "matches": n,
        "seats_swapped": True,
        f"{strong}_win_share": round(wins / n, 3),
        f"{weak}_win_share": round(sum(m.lost for m in matches) / n, 3),
        "draw_share": round(sum(not m.won and not m.lost for m in matches) / n, 3),
        f"{strong}_mean_score": round(sum(m.scores[0] for m in matches) / n, 2),
        f"{weak}_mean_score": round(sum(m.scores[1] for m in matches) / n, 2),
        "target_win_share": TARGETS[strong],
        "meets_target": wins / n >= TARGETS[strong],
        f"{strong}_ms_per_decision_mean": round(sum(ms) / len(ms), 2),
        f"{strong}_ms_per_decision_p99": round(ms[int(0.99 * (len(ms) - 1))], 2),
    }


def run(
    pairing: tuple[Level, Level], matches: int, setting: Setting, workers: int = 1
) -> dict[str, object]:
    """Play one pairing's matches (in `workers` processes) and summarize them."""
    job = partial(play, pairing, setting)
    results: Iterable[Match]
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(job, range(matches), chunksize=8))
    else:
        results = [job(i) for i in range(matches)]
    return summarize(pairing, list(results))


def main() -> None:
    """Parse arguments, play the pairings, print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--budget-playouts", type=int, default=Budget().playouts)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--variant", choices=["base", "boss"], default="base")
    parser.add_argument("--fuel-up", choices=["auto", "live"], default="auto")
    parser.add_argument(
        "--clock",
        action="store_true",
        help="give hard the CPU clock: its budget's cpu_ms caps each decision (not deterministic)",
    )
    parser.add_argument(
        "--pairing", choices=[f"{s}-{w}" for s, w in PAIRINGS], help="play only this pairing"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    options = {"variant": args.variant, "fuel_up": args.fuel_up}
    setting = Setting(options, args.budget_playouts, args.clock)
    results = [
        run(pairing, args.matches, setting, args.workers)
        for pairing in PAIRINGS
        if args.pairing in (None, f"{pairing[0]}-{pairing[1]}")
    ]
    if args.json:
        head = {"benchmark": "kero-ai-strength", **options, "budget_playouts": setting.playouts}
        print(json.dumps({**head, "clock": setting.clock, "results": results}))
        return
    for r in results:
        strong, weak = str(r["pairing"]).split(" vs ")
        print(
            f"{r['pairing']}, {r['matches']} matches (seats swapped): {strong} wins "
            f"{100 * float(str(r[f'{strong}_win_share'])):.1f} %, {weak} "
            f"{100 * float(str(r[f'{weak}_win_share'])):.1f} %, draws "
            f"{100 * float(str(r['draw_share'])):.1f} % (target ≥ "
            f"{100 * float(str(r['target_win_share'])):.0f} %); mean score "
            f"{r[f'{strong}_mean_score']} vs {r[f'{weak}_mean_score']}; {strong}: "
            f"{r[f'{strong}_ms_per_decision_mean']} ms per decision (p99 "
            f"{r[f'{strong}_ms_per_decision_p99']})"
        )


if __name__ == "__main__":
    main()

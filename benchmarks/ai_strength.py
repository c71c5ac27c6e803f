"""How strong each computer level is: one stronger level against the weaker one in the other seats.

Per pairing, the stronger level sits in seat i % players of match i, so over a multiple of the
player count it sits in every seat equally often (and so rolls first equally often); a shared win
counts for every winner, so parity is 1 / players. Deterministic: match i's dice and the
players' seeds depend only on the pairing and i, whatever the number of workers.
Usage: python -m benchmarks.ai_strength [--matches 1000] [--budget-playouts N] [--workers 1]
[--only keer|kero] [--pairing TEXT] [--json]; `--decision-ms` times Keer hard's decisions instead.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass
from multiprocessing import Pool
from typing import Any

from games import keer_kids, kero
from games.common import ChanceRng
from games.common.levels import Budget, Level
from games.common.play import play_out, step
from games.common.protocol import GameState, Policy
from games.keer_kids import HardAI, HeuristicAI


@dataclass(frozen=True, slots=True)
class Pairing:
    """One stronger level in one seat against the weaker level in every other seat."""

    game: str
    players: int
    strong: Level
    weak: Level

    @property
    def name(self) -> str:
        """How reports and seeds name the pairing."""
        return f"{self.game}/{self.players}p/{self.strong}-vs-{self.weak}"


@dataclass(frozen=True, slots=True)
class GameKit:
    """What the runner needs of a game: a fresh match and its computer player per level."""

    new_match: Callable[[int], GameState]
    computer: Callable[[Level, Budget, str], Policy]


@dataclass(frozen=True, slots=True)
class Tally:
    """Wins and points of the stronger and weaker seats over some matches."""

    matches: int = 0
    strong_wins: int = 0
    strong_points: int = 0
    weak_points: int = 0

    def __add__(self, other: Tally) -> Tally:
        return Tally(
            self.matches + other.matches,
            self.strong_wins + other.strong_wins,
            self.strong_points + other.strong_points,
            self.weak_points + other.weak_points,
        )


def keer_kit() -> GameKit:
    """Keer op Keer Kids: `games.keer_kids.computer` per level."""
    return GameKit(keer_kids.new_match, keer_kids.computer)


def keer_pairings() -> list[Pairing]:
    """The issue's targets (four players, one seat against three) and the two-player figures."""
    return [
        Pairing("keer", 4, Level.HARD, Level.NORMAL),
        Pairing("keer", 4, Level.NORMAL, Level.EASY),
        Pairing("keer", 2, Level.HARD, Level.NORMAL),
        Pairing("keer", 2, Level.NORMAL, Level.EASY),
    ]


def keer_decision_ms(playouts: int, matches: int = 8) -> dict[str, Any]:
    """CPU time of hard's mid-game decisions (rolls 5-16, searched ones only), 2 and 4 players.

    Positions come from heuristic self-play; each is searched on a clone by a fresh HardAI.
    """
    out: dict[str, Any] = {"benchmark": "keer-hard-decision-ms", "budget_playouts": playouts}
    for players in (2, 4):
        times: list[float] = []
        playouts_done = 0
        ai = HeuristicAI()
        for i in range(matches):
            state = keer_kids.new_match(players)
            rng = ChanceRng(f"decision-ms/{i}")
            while not state.is_terminal():
                if state.seats_to_act() and 5 <= state.rolls <= 16:
                    for seat in state.seats_to_act():
                        hard = HardAI(Budget(playouts=playouts), "decision-ms")
                        position = state.clone()
                        start = time.process_time()
                        hard.choose(position, seat)
                        if hard.playouts_done:
                            times.append(time.process_time() - start)
                            playouts_done += hard.playouts_done
                step(state, [ai] * players, rng)
        times.sort()
        out[f"{players}p"] = {
            "decisions": len(times),
            "mean_ms": round(1000 * statistics.fmean(times), 1),
            "p99_ms": round(1000 * times[int(0.99 * (len(times) - 1))], 1),
            "playouts_per_s": round(playouts_done / sum(times)),
        }
    return out


def kero_kit() -> GameKit:
    """Kero, base game with automatic fuel-ups: `games.kero.computer` per level (the two seats
    swap every match, and the dealt first player is drawn from the match's seed)."""
    return GameKit(kero.new_match, kero.computer)


def kero_pairings() -> list[Pairing]:
    """The issue's targets: hard against normal, normal against easy."""
    return [
        Pairing("kero", 2, Level.HARD, Level.NORMAL),
        Pairing("kero", 2, Level.NORMAL, Level.EASY),
    ]


KITS: dict[str, Callable[[], GameKit]] = {"keer": keer_kit, "kero": kero_kit}
PAIRINGS: dict[str, Callable[[], list[Pairing]]] = {
    "keer": keer_pairings,
    "kero": kero_pairings,
}


def play_matches(pairing: Pairing, indices: Sequence[int], playouts: int) -> Tally:
    """Play the pairing's matches with these indices (the unit a worker runs)."""
    kit = KITS[pairing.game]()
    tally = Tally()
    for i in indices:
        strong_seat = i % pairing.players
        seed = f"strength/{pairing.name}/{i}"
        policies = [
            kit.computer(
                pairing.strong if seat == strong_seat else pairing.weak,
                Budget(playouts=playouts),
                f"{seed}/{seat}",
            )
            for seat in range(pairing.players)
        ]
        state = kit.new_match(pairing.players)
        play_out(state, policies, ChanceRng(seed))
        outcome = state.outcome()
        assert outcome is not None
        strong = outcome.scores[strong_seat]
        tally += Tally(1, strong_seat in outcome.winners, strong, sum(outcome.scores) - strong)
    return tally


def _chunks(matches: int, size: int) -> Iterator[range]:
    for start in range(0, matches, size):
        yield range(start, min(start + size, matches))


def _play_chunk(job: tuple[Pairing, range, int]) -> Tally:
    return play_matches(*job)


def run(pairing: Pairing, matches: int, playouts: int, workers: int) -> dict[str, Any]:
    """Play `matches` matches of the pairing (over `workers` processes) and report the shares."""
    if workers <= 1:
        tally = play_matches(pairing, range(matches), playouts)
    else:
        jobs = [(pairing, chunk, playouts) for chunk in _chunks(matches, 20)]
        with Pool(workers) as pool:
            tally = sum(pool.imap_unordered(_play_chunk, jobs), Tally())
    return report(pairing, tally, playouts)


def report(pairing: Pairing, tally: Tally, playouts: int) -> dict[str, Any]:
    """The figures of one pairing: win share of the stronger level against parity, mean scores."""
    share = tally.strong_wins / tally.matches
    margin = 1.96 * math.sqrt(share * (1 - share) / tally.matches)
    return {
        **asdict(pairing),
        "matches": tally.matches,
        "budget_playouts": playouts,
        "strong_win_share": round(share, 3),
        "strong_win_share_95": [round(share - margin, 3), round(share + margin, 3)],
        "parity": round(1 / pairing.players, 3),
        "strong_mean_score": round(tally.strong_points / tally.matches, 2),
        "weak_mean_score": round(tally.weak_points / tally.matches / (pairing.players - 1), 2),
    }


def main() -> None:
    """Parse arguments, play every pairing, print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--budget-playouts", type=int, default=Budget().playouts)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--only", choices=sorted(PAIRINGS), action="append")
    parser.add_argument("--pairing", help="only the pairings whose name contains this")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--decision-ms", action="store_true", help="only time Keer hard's mid-game decisions"
    )
    args = parser.parse_args()
    if args.decision_ms:
        print(json.dumps(keer_decision_ms(args.budget_playouts)))
        return
    pairings = [p for game in args.only or sorted(PAIRINGS) for p in PAIRINGS[game]()]
    if args.pairing:
        pairings = [p for p in pairings if args.pairing in p.name]
    results = []
    for pairing in pairings:
        result = run(pairing, args.matches, args.budget_playouts, args.workers)
        results.append(result)
        if not args.json:
            print(_line(result), flush=True)
    if args.json:
        print(json.dumps({"benchmark": "ai-strength", "results": results}))


def _line(r: dict[str, Any]) -> str:
    low, high = r["strong_win_share_95"]
    return (
        f"{r['game']} {r['players']} players, {r['strong']} vs {r['weak']} × {r['players'] - 1}, "
        f"{r['matches']} matches (playouts {r['budget_playouts']}): {r['strong']} wins "
        f"{100 * r['strong_win_share']:.1f} % (95 % {100 * low:.1f}–{100 * high:.1f}; parity "
        f"{100 * r['parity']:.0f} %); mean score {r['strong_mean_score']} vs "
        f"{r['weak_mean_score']}"
    )


if __name__ == "__main__":
    main()

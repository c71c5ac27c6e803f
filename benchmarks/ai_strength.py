"""How strong the Keer op Keer Kids computer player is: head-to-head against the greedy baseline.

Seats alternate between the heuristic AI and the greedy AI (so neither always rolls first); a
shared win counts for every winner. Deterministic: the same arguments give the same figures.
Usage: python -m benchmarks.ai_strength [--matches 1000] [--json]
"""

from __future__ import annotations

import argparse
import json

from games.common import ChanceRng
from games.common.play import play_out
from games.common.protocol import Policy
from games.keer_kids import GreedyAI, HeuristicAI, new_match


def head_to_head(players: int, matches: int) -> dict[str, float]:
    """Win shares and mean scores of the heuristic and greedy seats."""
    wins = {"heuristic": 0, "greedy": 0}
    points = {"heuristic": 0, "greedy": 0}
    for i in range(matches):
        kinds = ["heuristic" if (seat + i) % 2 == 0 else "greedy" for seat in range(players)]
        policies: dict[str, Policy] = {"heuristic": HeuristicAI(), "greedy": GreedyAI()}
        state = new_match(players)
        play_out(state, [policies[k] for k in kinds], ChanceRng(f"strength/{players}/{i}"))
        outcome = state.outcome()
        assert outcome is not None
        for seat in outcome.winners:
            wins[kinds[seat]] += 1
        for seat, score in enumerate(outcome.scores):
            points[kinds[seat]] += score
    seats = matches * players / 2
    return {
        "players": players,
        "matches": matches,
        "heuristic_win_share": round(wins["heuristic"] / sum(wins.values()), 3),
        "heuristic_mean_score": round(points["heuristic"] / seats, 2),
        "greedy_mean_score": round(points["greedy"] / seats, 2),
    }


def main() -> None:
    """Parse arguments, play, print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=1000)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    results = [head_to_head(players, args.matches) for players in (2, 4)]
    if args.json:
        print(json.dumps({"benchmark": "keer-kids-ai-strength", "results": results}))
        return
    for r in results:
        print(
            f"{r['players']} players, {r['matches']} matches: heuristic wins "
            f"{100 * r['heuristic_win_share']:.1f} % of wins; mean score "
            f"{r['heuristic_mean_score']} vs greedy {r['greedy_mean_score']}"
        )


if __name__ == "__main__":
    main()

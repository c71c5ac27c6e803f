"""AI-only matches in bulk: the engine side of `tablero simulate` (timing is the caller's)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from statistics import fmean
from typing import Any

from games.common.play import play_out
from games.common.protocol import Outcome
from games.common.rng import ChanceRng
from games.registry import GameSpec


@dataclass(frozen=True, slots=True)
class MatchResult:
    """One finished AI match: its outcome and the game's own figures (rolls, turns, …)."""

    outcome: Outcome
    figures: Mapping[str, float]


def match_seed(seed: str | int, index: int) -> str:
    """The seed of the index-th match of a simulation run."""
    return f"{seed}/{index}"


def run_matches(
    spec: GameSpec,
    players: int,
    matches: int,
    seed: str | int,
    options: Mapping[str, Any] | None = None,
) -> Iterator[MatchResult]:
    """Play `matches` AI-only matches, one seed per match derived from `seed`."""
    if not spec.min_players <= players <= spec.max_players:
        allowed = f"{spec.min_players}-{spec.max_players}"
        raise ValueError(f"{spec.title} takes {allowed} players, not {players}")
    for index in range(matches):
        state = spec.new_match(players, dict(options or {}))
        ai = spec.new_ai()
        play_out(state, [ai] * players, ChanceRng(match_seed(seed, index)))
        outcome = state.outcome()
        assert outcome is not None
        yield MatchResult(outcome, spec.figures(state))


def summarise(spec: GameSpec, players: int, results: list[MatchResult]) -> dict[str, Any]:
    """The figures `tablero simulate` prints (speed is added by the caller, who owns the clock).

    A game figure named `…_rate` is averaged under its own name; any other figure `x` gives
    `mean_x` and `max_x`.
    """
    if not results:
        raise ValueError("no matches were played")
    scores = [score for r in results for score in r.outcome.scores]
    summary: dict[str, Any] = {"game": spec.name, "matches": len(results), "players": players}
    for name in results[0].figures:
        values = [r.figures[name] for r in results]
        if name.endswith("_rate"):
            summary[name] = round(fmean(values), 4)
        else:
            summary[f"mean_{name}"] = round(fmean(values), 3)
            summary[f"max_{name}"] = max(values)
    summary |= {
        "mean_score": round(fmean(scores), 3),
        "max_score": max(scores),
        "shared_win_rate": round(fmean(len(r.outcome.winners) > 1 for r in results), 4),
    }
    return summary

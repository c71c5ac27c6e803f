"""Standings and the one openskill update every rating path goes through."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from openskill.models import PlackettLuce

_MODEL: Final = PlackettLuce()
"""One model with openskill's defaults, so every caller rates with identical parameters."""


@dataclass(frozen=True, slots=True)
class Prior:
    """A rating before any game: openskill's starting mu and sigma."""

    mu: float
    sigma: float


DEFAULT: Final = Prior(mu=float(_MODEL.mu), sigma=float(_MODEL.sigma))
"""PlackettLuce's defaults (mu 25, sigma 25/3), where every new player starts."""


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's rating in one guild and game, and how many rated games it rests on."""

    player_id: str
    mu: float
    sigma: float
    games: int = 0


def initial(player_id: str) -> Standing:
    """The standing of a player with no rated game yet, so newcomers need no stored row."""
    return Standing(player_id, DEFAULT.mu, DEFAULT.sigma, 0)


def conservative(standing: Standing) -> float:
    """mu − 3·sigma: the leaderboard key, so a lucky newcomer doesn't top proven players."""
    return standing.mu - 3 * standing.sigma


def rate(
    current: Mapping[str, Standing],
    players: Sequence[str],
    places: Sequence[int],
    update_only: Collection[str] | None = None,
) -> dict[str, Standing]:
    """New standings after one match, one openskill team per player, so ratings stay pure data.

    `players` and `places` are by seat (place 1 = best, equal places tie). A player missing from
    `current` starts at DEFAULT. The result holds only the players whose standing changed: every
    player when `update_only` is None, else just those in `update_only`; the others still count
    as opponents with their current values but are not returned (their standing is unchanged).
    """
    if len(players) != len(places):
        raise ValueError(f"{len(players)} players but {len(places)} places")
    if len(players) < 2:
        raise ValueError("a rated match needs at least two players")
    if len(set(players)) != len(players):
        raise ValueError(f"a player sits in two seats: {list(players)}")
    changed = set(players) if update_only is None else set(update_only)
    if not changed <= set(players):
        raise ValueError(
            f"cannot update players who did not play: {sorted(changed - set(players))}"
        )
    before = [current.get(player) or initial(player) for player in players]
    teams = [[_MODEL.rating(mu=s.mu, sigma=s.sigma)] for s in before]
    after = _MODEL.rate(teams, ranks=[float(place) for place in places])
    return {
        old.player_id: Standing(
            old.player_id, float(team[0].mu), float(team[0].sigma), old.games + 1
        )
        for old, team in zip(before, after, strict=True)
        if old.player_id in changed
    }

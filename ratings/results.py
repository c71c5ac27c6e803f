"""Who a finished match rates and in which places, from its record and its departures."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from games.common import Seat
from games.records import AI_PREFIX, MatchRecord, replay

DEPARTURES: Final = frozenset({"resigned", "expelled", "left"})
"""How a seat can leave a match (storage's SEAT_DEPARTURES); every one of them places last."""
FORFEITS: Final = frozenset({"expelled", "left"})
"""Departures after which the computer finished the seat, so the others' result doesn't count."""


def rated_players(
    record: MatchRecord, *, status: str, rated: bool, departed: Mapping[Seat, str]
) -> tuple[str, ...]:
    """The ids (in seat order) whose rating this match changes; empty means it is unrated.

    Unrated: a status other than "finished", the rated flag off, an "ai:" seat, fewer than two
    players, or every player gone (the last one resigned after the others were expelled or
    left: nobody played it out, so nobody won). When any seat was expelled or left, the
    computer played it, so the match counts only for the departed players (every departed
    seat, resigned ones too), who take a loss; their opponents' ratings stay as they were.
    Otherwise every player is rated.
    """
    players = record.players
    if status != "finished" or not rated or len(players) < 2:
        return ()
    if any(player.id.startswith(AI_PREFIX) for player in players):
        return ()
    _check(departed, len(players))
    if len(departed) == len(players):
        return ()
    if any(how in FORFEITS for how in departed.values()):
        return tuple(player.id for seat, player in enumerate(players) if seat in departed)
    return tuple(player.id for player in players)


def places_of(record: MatchRecord, departed: Mapping[Seat, str]) -> tuple[int, ...]:
    """Finishing places by seat (1 = best, ties share), with every departed seat last.

    A terminal state ranks the others by its outcome (re-ranked 1..n among themselves); a match
    that ended early through a departure (state not terminal) has the others share first place.
    The departed seats share the place after the last of the others; when every seat departed,
    they all share the last place (nobody won).
    """
    _check(departed, len(record.players))
    state = replay(record)
    outcome = state.outcome() if state.is_terminal() else None
    if outcome is not None:
        base: Sequence[int] = outcome.places
    elif departed:
        base = (1,) * len(record.players)
    else:
        raise ValueError("the match did not reach its end and nobody left it: it has no result")
    return standing_places(base, departed)


def standing_places(base: Sequence[int], departed: Mapping[Seat, str]) -> tuple[int, ...]:
    """The board's places (`base`, by seat) once the departed seats are moved last: what a
    results card shows, as `places_of` stores it, whoever played the departed seats out."""
    staying = [seat for seat in range(len(base)) if seat not in departed]
    last = len(staying) + 1 if staying else len(base)
    return tuple(
        last if seat in departed else 1 + sum(base[other] < base[seat] for other in staying)
        for seat in range(len(base))
    )


def _check(departed: Mapping[Seat, str], seats: int) -> None:
    """Reject departures that name no seat or an unknown kind, rather than rate on bad data."""
    for seat, how in departed.items():
        if not 0 <= seat < seats:
            raise ValueError(f"departure for seat {seat}, but the match has {seats} seats")
        if how not in DEPARTURES:
            raise ValueError(f"unknown departure {how!r} for seat {seat}")

"""A finished match's placings as its results card says them: the board's places with every
seat that left (resigned, expelled) moved last — the places stored and rated (ratings'
`standing_places`), whoever played the seat out — and how it left, on its line."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.common.protocol import Seat
from ratings import standing_places

if TYPE_CHECKING:
    from bot.core.live import LiveMatch


def placings(live: LiveMatch) -> tuple[int, ...]:
    """Each seat's place in a finished match, as stored: a departed seat never wins, even when
    the computer that played it out won the board."""
    outcome = live.state.outcome()
    assert outcome is not None, "only a match played to its end has results"
    return standing_places(outcome.places, live.departed)


def winners(live: LiveMatch) -> list[Seat]:
    """The seats placed first."""
    return [seat for seat, place in enumerate(placings(live)) if place == 1]


def with_departure(live: LiveMatch, seat: Seat, line: str) -> str:
    """A seat's results line, saying how it left the match if it did."""
    how = live.departed.get(seat)
    return line if how is None else live.words("match-result-departed", line=line, how=how)

"""An async table's clock as a member chooses it in `/keer start` and `/kero challenge`: its
playing hours (`hours:18:00-22:00 zone:Europe/Madrid`) and what it does while a member is away
(`away:pause|standin`) — checked, refused in the member's words, kept in the lobby's options."""

from __future__ import annotations

import difflib
from typing import Final

from bot.core.clock_book import AwayPolicy
from bot.core.playing_hours import HoursError, HoursProblem, PlayingHours, zone_names
from bot.core.refusals import Refused
from bot.core.settings import ClockMode
from bot.ui.names import shown
from bot.ui.translator import choice
from storage import Lobby
from words import isolate

HOURS_KEY: Final = "hours"
"""The lobby option holding the table's playing hours (`PlayingHours.stored`)."""
AWAY_KEY: Final = "away"
"""The lobby option holding the table's away policy (`AwayPolicy`)."""
AWAY_CHOICES: Final = [
    choice("start-away-pause-choice", AwayPolicy.PAUSE.value),
    choice("start-away-standin-choice", AwayPolicy.STAND_IN.value),
]
"""The choices of a start command's `away` option."""
SUGGESTIONS: Final = 3
"""Zones a refusal of an unknown one suggests."""


def chosen_hours(hours: str | None, zone: str | None) -> PlayingHours | None:
    """The window a command's options name (None when neither is given); Refused, with what
    to type, for a window that is none or a zone nobody knows."""
    if hours is None and zone is None:
        return None
    if hours is None:
        raise Refused("refuse-hours-format")
    if zone is None:
        raise Refused("refuse-hours-no-zone")
    try:
        return PlayingHours.parse(hours, zone)
    except HoursError as error:
        if error.problem is HoursProblem.ZONE:
            named = isolate(shown(zone))
            raise Refused("refuse-hours-zone", zone=named, like=_like(zone)) from None
        raise Refused(f"refuse-hours-{error.problem.value}") from None


def _like(zone: str) -> str:
    """The known zones closest to a mistyped one (`Europe/Madrid`), else an example."""
    names = sorted(zone_names())
    by_case = {name.lower(): name for name in names}
    close = difflib.get_close_matches(zone.strip().lower(), by_case, n=SUGGESTIONS, cutoff=0.5)
    return ", ".join(f"`{by_case[c]}`" for c in close) or "`Europe/Madrid`"


def chosen_policy(value: str) -> AwayPolicy:
    """The away policy a command chose (a forged value is refused, changing nothing)."""
    try:
        return AwayPolicy(value)
    except ValueError:
        raise Refused("refuse-damaged-choice") from None


def lobby_policy(lobby: Lobby) -> AwayPolicy:
    """What the lobby's table does while a member is away (pause unless it chose stand-in)."""
    try:
        return AwayPolicy(lobby.options.get(AWAY_KEY, AwayPolicy.PAUSE.value))
    except ValueError:
        return AwayPolicy.PAUSE


def check_hours(hours: PlayingHours | None, mode: ClockMode) -> None:
    """Playing hours belong to async play: Refused for a live table."""
    if hours is not None and mode is not ClockMode.ASYNC:
        raise Refused("refuse-hours-live")


def lobby_hours(lobby: Lobby) -> PlayingHours | None:
    """The playing hours a lobby chose for its match (None: all day; a damaged value too)."""
    return PlayingHours.from_stored(lobby.options.get(HOURS_KEY))

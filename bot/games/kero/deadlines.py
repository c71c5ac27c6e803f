"""Kero's deadlines: the tanker runs dry at E, and a live fuel-up's thrower may go quiet.

Every due time is derived from the replayed state (the window's empty time E, the last live
throw), so a restart re-arms the same deadlines without storing anything besides the match's
own events. The tank's deadline fires at Discord's E plus a grace, so a click stamped before E
that is still in flight is honoured rather than lost; both deadlines judge clicks by their
Discord times, so they also wait until the gateway has been connected for that grace (a click
held by Discord during an outage arrives after the gateway is back; docs/tanker-clock.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from bot.games.adapter import GameDeadline
from games.kero import KeroState
from games.kero import actions as a
from games.kero.board import Phase

if TYPE_CHECKING:
    from bot.core.service import LiveMatch

GRACE_MS: Final = 1_500
"""How long after E the deadline waits for clicks stamped before E that are still in flight, and
how long the gateway must have been connected before a deadline that judges clicks fires."""
UNSYNCED_MS: Final = 5_000
"""Extra wait for a tank deadline while the bot has not yet seen an interaction (just after a
restart its clock offset is unknown, and firing early could lose a click in flight)."""
LIVE_THROW_WAIT_MS: Final = 5_000
"""A live fuel-up whose thrower has not thrown for this long goes on at the fixed cadence."""


def deadline(live: LiveMatch, synced: bool) -> GameDeadline | None:
    """The tank running dry for a member's tipped truck, or a quiet live thrower's switch to
    the fixed cadence; None when the state waits for neither."""
    state = live.state
    assert isinstance(state, KeroState)
    seat, window = state.active, state.turn.window
    if state.phase is Phase.ROLLING and window is not None and not live.is_ai(seat):
        empty = window.empty_at
        wait = GRACE_MS if synced else GRACE_MS + UNSYNCED_MS
        return GameDeadline(empty + wait, seat, a.TankEmpty(empty), settle_ms=GRACE_MS)
    if state.phase is Phase.FUELING and state.fuel_mode == "live":
        thrower = state.thrower()
        since = state.turn.fuel_last or state.turn.fuel_from
        if since is None or live.is_ai(thrower):
            return None
        at = since + LIVE_THROW_WAIT_MS
        return GameDeadline(at, thrower, a.AutoFuel(at), settle_ms=GRACE_MS)
    return None

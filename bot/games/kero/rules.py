"""Kero as the bot plays it, without Discord: the bot draws every die, a message per turn (and
one for a claim), the tanker window on Discord's clock, and refusals that say what a move costs.

Every due time is derived from the replayed state (the window's empty time E, the last live
throw), so a restart re-arms the same deadlines without storing anything besides the match's
own events. The tank's deadline fires at Discord's E plus a grace, so a click stamped before E
that is still in flight is honoured rather than lost; both deadlines judge clicks by their
Discord times, so they also wait until the gateway has been connected for that grace (a click
held by Discord during an outage arrives after the gateway is back; docs/tanker-clock.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from bot.core.refusals import Listed, Refused
from bot.core.rules import GameDeadline, GameRules, MatchView
from games.common.errors import IllegalAction, Reason
from games.common.protocol import Action, GameState, Seat
from games.kero import NAME, KeroState
from games.kero import actions as a
from games.kero.board import Phase
from games.kero.resources import RESOURCES, Resources
from games.kero.rules.rolling import MAX_CREDIT_MS

GRACE_MS: Final = 1_500
"""How long after E the deadline waits for clicks stamped before E that are still in flight, and
how long the gateway must have been connected before a deadline that judges clicks fires."""
UNSYNCED_MS: Final = 5_000
"""Extra wait for a tank deadline while the bot has not yet seen an interaction (just after a
restart its clock offset is unknown, and firing early could lose a click in flight)."""
ROLLING_ONLY: Final = (a.Roll, a.Faces, a.Reroll, a.Credit)
"""The actions that change only the turn strip, never the table under it."""
LIVE_THROW_WAIT_MS: Final = 5_000
"""A live fuel-up whose thrower has not thrown for this long goes on at the fixed cadence."""


def kero_state(state: GameState) -> KeroState:
    """The state of a Kero match (a TypeError for any other game's)."""
    if not isinstance(state, KeroState):
        raise TypeError(f"not a Kero state: {type(state).__name__}")
    return state


def version_before(state: KeroState, trailing: tuple[type[a.Action], ...]) -> int:
    """The version after the last action not of the `trailing` kinds."""
    history, version = state.history, len(state.history)
    while version and isinstance(history[version - 1][1], trailing):
        version -= 1
    return version


def turn_key(state: GameState) -> int:
    """A new message per turn, and one for a claim."""
    kero = kero_state(state)
    return kero.turns * 2 + (1 if kero.phase is Phase.CLAIM else 0)


def listed(bundle: Resources) -> Listed:
    """Resources as the member's language lists them ("2 bricks and 1 metal"; `nothing`)."""
    amounts = [
        (n, amount) for n, amount in zip(RESOURCES, bundle.as_tuple(), strict=True) if amount
    ]
    if not amounts:
        return Listed(("resource-nothing",))
    return Listed(
        tuple(f"resource-{name}" for name, _ in amounts),
        values=tuple({"count": amount} for _, amount in amounts),
    )


@dataclass(frozen=True, slots=True)
class KeroRules(GameRules):
    """Kero: the bot draws every die at once; its own credits never make a message stale."""

    name: str = NAME

    def chance_trigger(self, state: KeroState) -> Seat | None:
        """Nobody's click: the bot draws."""
        return None

    def forced(self, state: KeroState, seat: Seat) -> None:
        """Nothing is forced."""
        return

    def missed(self, state: KeroState, seat: Seat) -> None:
        """The opponent decides: skip the turn or expel the absent player."""
        return

    def skip(self, state: KeroState, seat: Seat) -> a.Pass:
        """`pass`: the absent clan's turn ends (house rule, async play)."""
        return a.Pass()

    def step_version(self, state: KeroState) -> int:
        """The version after the last move and the dice it threw, ignoring later credits."""
        return version_before(state, (a.Credit,))

    def board_version(self, state: GameState) -> int:
        """The table as the last action that changed it left it: a roll, its dice, a re-roll
        and a credit change only the turn strip above it (`render.kero.table_png`)."""
        return version_before(kero_state(state), ROLLING_ONLY)

    def message_key(self, state: GameState) -> int:
        """A message per turn, and one for a claim."""
        return turn_key(state)

    def deadline(self, live: MatchView, synced: bool) -> GameDeadline | None:
        """The tank running dry for a member's tipped truck, or a quiet live thrower's switch to
        the fixed cadence; None when the state waits for neither."""
        state = kero_state(live.state)
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

    def follow_up(
        self,
        live: MatchView,
        state: GameState,
        applied: Sequence[tuple[Seat, Action]],
        clicked_ms: int,
        now_ms: int,
    ) -> Sequence[tuple[Seat, Action]]:
        """Give back the time between a click that threw dice and the bot storing them (the
        gateway's delay and the bot's processing): the player never pays for it. Stored with
        the click, so a re-roll costs one append."""
        kero = kero_state(state)
        threw = any(isinstance(action, a.Faces) for _, action in applied)
        if not threw or kero.phase is not Phase.ROLLING or live.is_ai(kero.active):
            return ()
        given = max(0, min(MAX_CREDIT_MS, now_ms - clicked_ms))
        return ((kero.active, a.Credit(given)),) if given else ()

    def shown_late(self, live: MatchView, late_ms: int) -> tuple[Seat, Action] | None:
        """Dice Discord showed late (the throw's answer was lost and the message edited
        instead): the wait is given back to the tank like the bot's own delay, up to the same
        cap."""
        kero = kero_state(live.state)
        if kero.phase is not Phase.ROLLING or kero.turn.window is None or live.is_ai(kero.active):
            return None
        given = min(MAX_CREDIT_MS, late_ms)
        return (kero.active, a.Credit(given)) if given > 0 else None

    def held_up(
        self, live: MatchView, clicked_ms: int, now_ms: int
    ) -> Sequence[tuple[Seat, Action]]:
        """A click the bot kept through a database outage (or stored only after Discord's 3 s):
        the dice it threw are shown only now, so all of the wait past the credit stored with
        the click (its last action) is given back — the bot's fault is never the player's; a
        Stop, or anything else that closed the window, gets nothing. Given as credits of at
        most 2,000 ms each (the house rule's bound), stored together."""
        kero = kero_state(live.state)
        if kero.phase is not Phase.ROLLING or kero.turn.window is None or live.is_ai(kero.active):
            return ()
        last = kero.history[-1][1] if kero.history else None
        owed = now_ms - clicked_ms - (last.ms if isinstance(last, a.Credit) else 0)
        return _credits(kero.active, owed)

    def bot_down(
        self, live: MatchView, since_ms: int, now_ms: int
    ) -> Sequence[tuple[Seat, Action]]:
        """The bot was down while a member's tank ran (a Stop clicked meanwhile was lost): the
        downtime is given back, as for the bot's own delay; a tank already dry when the bot
        was last alive gets nothing."""
        kero = kero_state(live.state)
        window = kero.turn.window
        if kero.phase is not Phase.ROLLING or window is None or live.is_ai(kero.active):
            return ()
        return _credits(kero.active, now_ms - since_ms) if window.empty_at > since_ms else ()

    def explain(self, error: IllegalAction) -> Refused | None:
        """What a move costs and what the player has, when that is why the rules turned it down
        ("That costs 2 bricks and 1 metal and you have 1 brick"); None for any other reason."""
        cost, have = error.details.get("cost"), error.details.get("have")
        if error.reason is not Reason.NOT_ENOUGH:
            return None
        if not isinstance(cost, Resources) or not isinstance(have, Resources):
            return None
        return Refused("kero-costs-more", cost=listed(cost), have=listed(have))


def _credits(seat: Seat, ms: int) -> tuple[tuple[Seat, Action], ...]:
    """`ms` given back as credits of at most 2,000 ms each (the house rule's bound)."""
    whole, rest = divmod(max(0, ms), MAX_CREDIT_MS)
    return tuple((seat, a.Credit(c)) for c in [MAX_CREDIT_MS] * whole + [rest] if c > 0)

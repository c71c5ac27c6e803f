"""Whether the bot's gateway connection is up, and since when (by the local clock).

While the gateway is down, Discord holds the interactions members make and delivers them after
the bot RESUMEs, with their original snowflake times. A deadline that judges clicks by those
times (Kero's tank running dry, a quiet live thrower) must not fire while they are on their way:
it waits until the gateway has been connected for its grace (docs/tanker-clock.md).

discord.py reports the connection with its events: `disconnect` when the websocket is lost (it
then reconnects by itself), `resumed` once a RESUME has replayed the missed events (Discord sends
them first), `ready` after a fresh IDENTIFY (the first connection, or a session Discord would not
resume). TableroBot is one connection, not an `AutoShardedBot`, so the per-shard `shard_*`
events are never dispatched to it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

UP: Final = frozenset({"ready", "resumed"})
"""discord.py's events after which the gateway delivers again (the missed events replayed)."""
DOWN: Final = frozenset({"disconnect"})
"""discord.py's event for a lost gateway connection."""


@dataclass(frozen=True, slots=True)
class Link:
    """The gateway as last reported: connected since `since_ms` (local ms), or down (None)."""

    since_ms: int | None = None


class GatewayWatch:
    """The gateway's state, noted from discord.py's events (down until the first `ready`)."""

    def __init__(self, local_ms: Callable[[], int]) -> None:
        self.local_ms = local_ms
        """The local clock in ms (the bot's `ClockSync.local_ms`: tests move it)."""
        self.link = Link()

    @property
    def connected(self) -> bool:
        """Whether events reach the bot now."""
        return self.link.since_ms is not None

    def saw(self, event: str) -> bool:
        """Note one of discord.py's events; True when it brought the gateway back up (what
        waited for it can be armed again)."""
        if event in DOWN:
            self.link = Link()
        elif event in UP and not self.connected:
            self.link = Link(self.local_ms())
            return True
        return False

    def settled_at(self, grace_ms: int) -> int | None:
        """The local time (ms) from which the gateway will have been connected for `grace_ms`
        without a break; None while it is down (clicks made meanwhile are still held)."""
        since = self.link.since_ms
        return None if since is None else since + grace_ms

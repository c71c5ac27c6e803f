"""Whether the bot's gateway connection is up, and since when (by the local clock).

While the gateway is down, Discord holds the interactions members make and delivers them after
the bot RESUMEs, with their original snowflake times. A deadline that judges clicks by those
times (Kero's tank running dry, a quiet live thrower) must not fire while they are on their way:
it waits until the gateway has been connected for its grace (docs/tanker-clock.md).

discord.py reports the connection with its events: `disconnect` when the websocket is lost (it
then reconnects by itself), `resumed` once a RESUME has replayed the missed events (Discord sends
them first), `ready` after a fresh IDENTIFY (the first connection, or a session Discord would not
resume). A process running several shards (an `AutoShardedBot`) has a connection per shard
and the same events per shard, named `shard_*` with the shard's id; its gateway is up while all
of them are (a deadline can't tell which shard its clicks come through, so it waits for all).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

UP: Final = frozenset({"ready", "resumed"})
"""discord.py's events after which the gateway delivers again (the missed events replayed)."""
DOWN: Final = frozenset({"disconnect"})
"""discord.py's event for a lost gateway connection."""
SHARD: Final = "shard_"
"""The prefix of the same events for one shard of several (its id is their first argument)."""
_ONE: Final = -1
"""The key of the connection of a bot that is not sharded out (the plain events)."""


@dataclass(frozen=True, slots=True)
class Link:
    """The gateway as last reported: connected since `since_ms` (local ms), or down (None)."""

    since_ms: int | None = None


class GatewayWatch:
    """The gateway's state, noted from discord.py's events (down until the first `ready`)."""

    def __init__(self, local_ms: Callable[[], int], shards: Sequence[int] | None = None) -> None:
        self.local_ms = local_ms
        """The local clock in ms (the bot's `ClockSync.local_ms`: tests move it)."""
        self._sharded = shards is not None
        """Whether the bot runs several shards (their `shard_*` events count, not the plain)."""
        self._down: set[int] = set(shards) if shards is not None else {_ONE}
        self.link = Link()

    @property
    def connected(self) -> bool:
        """Whether events reach the bot now."""
        return self.link.since_ms is not None

    def saw(self, event: str, *args: Any) -> bool:
        """Note one of discord.py's events; True when it brought the gateway back up (what
        waited for it can be armed again)."""
        key = self._connection(event, args)
        if key is None:
            return False
        name = event.removeprefix(SHARD)
        if name in DOWN:
            self._down.add(key)
            self.link = Link()
        elif name in UP and key in self._down:
            self._down.discard(key)
            if not self._down:
                self.link = Link(self.local_ms())
                return True
        return False

    def _connection(self, event: str, args: tuple[Any, ...]) -> int | None:
        """Which connection an event is about (None: one this watch does not follow)."""
        if not self._sharded:
            return None if event.startswith(SHARD) else _ONE
        if event.startswith(SHARD) and args and isinstance(args[0], int):
            return args[0]
        return None

    def settled_at(self, grace_ms: int) -> int | None:
        """The local time (ms) from which the gateway will have been connected for `grace_ms`
        without a break; None while it is down (clicks made meanwhile are still held)."""
        since = self.link.since_ms
        return None if since is None else since + grace_ms

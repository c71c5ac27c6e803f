"""Matches read back from the store: one held here that the store is ahead of, brought up to
its log; one not held, rebuilt to be shown, or checked against where a click was made.

Only this process writes its shards' matches (storage/lease.py fences every write), so memory
is behind the store only after a fault — a process that lost its shard wrote before it noticed,
or a write committed while this one started. A click drawn at a version this process has not
seen, or an append refused as stale, then reads the match again instead of refusing the click,
and the match's message is re-published at its current step (`reloaded`): the newest clickable
message always shows the step the store holds.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from bot.core.live import LiveMatch, Place, check_place
from bot.core.refusals import NO_MATCH, Refused
from games.common.protocol import GameState
from games.records import replay
from storage import StorageError, Store, StoredMatch, UnknownMatch

log = logging.getLogger(__name__)


class Reloads:
    """Reading matches back from the store for the match service."""

    def __init__(
        self,
        store: Store,
        live_from: Callable[[StoredMatch, GameState], LiveMatch],
        wake_of: Callable[[LiveMatch], int | None],
        reloaded: Callable[[LiveMatch], None],
    ) -> None:
        self._store = store
        self._live_from = live_from
        self._wake_of = wake_of
        """When the computer next moves by itself in a match (the service's)."""
        self._reloaded = reloaded
        """Told a held match moved on from the store: its message is re-published."""

    async def catch_up(self, live: LiveMatch) -> bool:
        """Bring a match held here (under its lock) up to its stored log, with the message the
        store says shows it; whether it was behind (then `reloaded` is told)."""
        stored = await self._store.load(live.id)
        if stored.version == live.state.version:
            return False
        log.warning(
            "match %s: the store is at version %d, this process at %d; read back",
            live.id,
            stored.version,
            live.state.version,
        )
        live.state = replay(stored.record)
        live.departed.update(stored.departed)
        live.message_id = stored.message_id or live.message_id
        live.wake_at = self._wake_of(live)
        self._reloaded(live)
        return True

    async def rebuild(self, match_id: int) -> LiveMatch:
        """A match not held here (open or over) as the bot would hold it, from its record: a
        finished match's results may still be owed after a restart. StorageError or ValueError
        for a match whose record can't be replayed."""
        stored = await self._store.load(match_id)
        rebuilt = self._live_from(stored, replay(stored.record))
        rebuilt.open = False  # not held here: nothing is applied to it, no timer runs for it
        return rebuilt

    async def clicked(self, match_id: int, clicked: Place | None) -> StoredMatch:
        """A match from the store, checked against where a click was made (Refused: it is
        unknown, can't be read, or plays elsewhere)."""
        try:
            stored = await self._store.load(match_id)
        except UnknownMatch:
            log.info("a click named match %s, which does not exist", match_id)
            raise Refused(NO_MATCH) from None
        except StorageError:
            log.warning("match %s could not be loaded", match_id, exc_info=True)
            raise Refused(NO_MATCH) from None
        if clicked is not None:
            where = (stored.guild_id, stored.thread_id or stored.channel_id or "")
            check_place(match_id, where, clicked)
        return stored

"""Start-up recovery: every open match is rebuilt by replaying its event log, and the deadlines
of those matches come back as stored absolute times for the bot to re-arm.

A match whose rows are corrupt or whose log no longer replays is reported with its id and
skipped; it never stops start-up and never affects the other matches.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.common.protocol import GameState
from games.records import RecordError, replay
from storage.errors import StorageError
from storage.protocol import Store
from storage.records import ONE_SHARD, Deadline, LoadedMatches, Shards, StoredMatch

LOAD_BATCH = 500
"""Open matches read at a time: a few queries for many matches, and one batch's raw rows in
memory at once."""


@dataclass(slots=True)
class Rebuilt:
    """The open matches that replayed, and the problems of those that did not."""

    states: dict[int, GameState] = field(default_factory=dict)
    stored: dict[int, StoredMatch] = field(default_factory=dict)
    """The loaded row of each rebuilt match (channel, thread and message ids, departures)."""
    problems: dict[int, str] = field(default_factory=dict)
    deadlines: list[Deadline] = field(default_factory=list)
    """The rebuilt matches' deadlines, soonest first (an overdue one fires at once)."""
    warnings: list[str] = field(default_factory=list)
    """Problems that belong to no single match (the deadlines table could not be read)."""


async def rebuild_open(store: Store, shards: Shards = ONE_SHARD) -> Rebuilt:
    """Replay the open matches of the servers on `shards`; collect failures instead of raising."""
    out = Rebuilt()
    match_ids = await store.open_match_ids(shards)
    for start in range(0, len(match_ids), LOAD_BATCH):
        batch = match_ids[start : start + LOAD_BATCH]
        try:
            loaded = await store.load_many(batch)
        except StorageError as exc:
            loaded = LoadedMatches({}, dict.fromkeys(batch, str(exc)))
        for match_id in batch:
            stored = loaded.matches.get(match_id)
            if stored is None:
                out.problems[match_id] = loaded.problems[match_id]
            else:
                _replayed(out, stored)
    try:
        stored_deadlines = await store.deadlines()
    except StorageError as exc:
        out.warnings.append(f"deadlines could not be read: {exc}")
        return out
    out.deadlines = [d for d in stored_deadlines if d.match_id in out.states]
    return out


def _replayed(out: Rebuilt, stored: StoredMatch) -> None:
    """The match's state from its log, or why it has none."""
    try:
        state = replay(stored.record)
    except RecordError as exc:
        out.problems[stored.id] = str(exc)
        return
    if state.version != stored.version:
        out.problems[stored.id] = f"replayed {state.version} actions, the row says {stored.version}"
        return
    out.states[stored.id] = state
    out.stored[stored.id] = stored

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
from storage.records import ONE_SHARD, Deadline, Shards, StoredMatch


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
    for match_id in await store.open_match_ids(shards):
        try:
            stored = await store.load(match_id)
            state = replay(stored.record)
        except (RecordError, StorageError) as exc:
            out.problems[match_id] = str(exc)
            continue
        if state.version != stored.version:
            out.problems[match_id] = (
                f"replayed {state.version} actions, the row says {stored.version}"
            )
            continue
        out.states[match_id] = state
        out.stored[match_id] = stored
    try:
        stored_deadlines = await store.deadlines()
    except StorageError as exc:
        out.warnings.append(f"deadlines could not be read: {exc}")
        return out
    out.deadlines = [d for d in stored_deadlines if d.match_id in out.states]
    return out

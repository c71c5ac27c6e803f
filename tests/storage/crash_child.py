"""A stand-in bot for the crash test: appends one action per transaction and says so.

Run as `python -m tests.storage.crash_child DB_PATH`; prints `ack MATCH VERSION` after every
committed append, until it is killed.
"""

from __future__ import annotations

import asyncio
import sys

from games.common import ChanceRng
from games.common.play import step
from games.keer_kids import HeuristicAI, new_match
from games.records import Entry, Player
from storage import NewMatch, SqliteStore

PLAYERS = (Player("1", "Ana"), Player("2", "Bo"))


def match_seed(number: int) -> str:
    """The seed of the n-th match the child plays."""
    return f"crash/{number}"


async def run(path: str) -> None:
    """Play matches forever, storing each action before acknowledging it."""
    store = await SqliteStore.open(path)
    number = 0
    while True:
        seed = match_seed(number)
        match_id = await store.create_match(NewMatch("keer-kids", PLAYERS, seed, {}))
        state, ai, rng = new_match(2), HeuristicAI(), ChanceRng(seed)
        while not state.is_terminal():
            before = len(state.history)
            step(state, [ai, ai], rng)
            for seat, action in state.history[before:]:
                version = await store.append(match_id, before, [Entry(seat, action.to_text())])
                before = version
                print(f"ack {match_id} {version}", flush=True)
        number += 1


if __name__ == "__main__":
    asyncio.run(run(sys.argv[1]))

"""`ping`, the timers' probe of a database that was down (tests/bot/test_pg_outage.py stops and
starts a real PostgreSQL under it): it answers when a write could be taken, and leaves nothing
open."""

from __future__ import annotations

from games.records import Player
from storage import NewMatch, Store


async def test_a_store_that_takes_writes_answers_the_ping(store: Store) -> None:
    await store.ping()
    await store.ping()  # the first left no transaction open
    players = (Player("1", "Ana"), Player("2", "Bo"))
    made = await store.create_match(NewMatch("kero", players, "s", {}))
    assert await store.open_match_ids() == [made], "a write goes through after a ping"

"""A match's commitment to its dice (`matches.fair`, migration 0010) on both backends: stored
with the match, read back whole by every read of a match, absent for a match made without one."""

from __future__ import annotations

from games.fairness import Fairness, Origin, Secret, stream_seed
from games.records import Player
from storage import NewMatch, Store

PLAYERS = (Player("1", "Ana"), Player("2", "Bo"))
FAIR = Fairness.of(Secret("lobby-5", "a1" * 16, "b2" * 16), "1312001122334455667", Origin.CLICK)


async def test_a_matchs_commitment_is_kept_with_it_and_read_back_whole(store: Store) -> None:
    seed = stream_seed("a1" * 16, FAIR.mixed)
    fair = await store.create_match(NewMatch("kero", PLAYERS, seed, {}, guild_id="g", fair=FAIR))
    older = await store.create_match(NewMatch("kero", PLAYERS, "s", {}, guild_id="g"))
    loaded = await store.load(fair)
    assert loaded.record.fair == FAIR and loaded.record.seed == seed
    assert (await store.load(older)).record.fair is None
    many = await store.load_many([fair, older])
    assert many.matches[fair].record.fair == FAIR and many.matches[older].record.fair is None
    await store.finish_match(fair, "finished", [])
    (finished,) = await store.finished_matches()
    assert finished.id == fair and finished.record.fair == FAIR
    assert finished.record.sealed().fair == FAIR.sealed() and finished.record.sealed().seed is None

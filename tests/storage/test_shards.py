"""Shards: a process reads only its shard's open matches, lobbies and owed messages, as Discord
shards servers; and it claims its shard — one process per shard on PostgreSQL (the same shard
count for all), one process per SQLite file."""

from __future__ import annotations

from pathlib import Path

import pytest

from games.records import Player
from storage import (
    Lobby,
    NewMatch,
    Owed,
    PostgresStore,
    Shards,
    ShardTaken,
    SqliteStore,
    Store,
    now_ms,
)
from tests.storage.conftest import postgres_url, reset_postgres

PLAYERS = (Player("1", "Ana"), Player("2", "Bo"))


def guild_on(shard: int, count: int, start: int = 10**17) -> str:
    """A server id Discord puts on `shard` of `count`."""
    guild = start
    while (guild >> 22) % count != shard:
        guild += 1 << 22
    return str(guild)


def test_a_server_is_on_the_shard_discord_puts_it_on() -> None:
    two = [Shards((0,), 2), Shards((1,), 2)]
    for guild in (guild_on(0, 2), guild_on(1, 2), "81384788765712384", "1"):
        owners = [s for s in two if s.owns(guild)]
        assert owners == [two[(int(guild) >> 22) % 2]]
    assert two[0].owns(None) and not two[1].owns(None)  # direct messages: shard 0
    assert two[0].owns("not a number") and not two[1].owns("not a number")
    assert Shards().owns(guild_on(1, 2)) and Shards().owns(None)
    several = Shards((1, 3), 4)
    assert [several.owns(guild_on(i, 4)) for i in range(4)] == [False, True, False, True]
    assert str(several) == "shards 1, 3 of 4" and str(two[1]) == "shard 1 of 2"
    for wrong in (((2,), 2), ((), 2), ((1, 0), 2), ((1, 1), 2)):
        with pytest.raises(ValueError, match=r"exist|once each"):
            Shards(*wrong)


async def test_each_shard_reads_only_its_servers(store: Store) -> None:
    ids = {}
    for shard in (0, 1):
        guild = guild_on(shard, 2)
        new = NewMatch("keer-kids", PLAYERS, "s", {}, guild, str(100 + shard))
        ids[shard] = await store.create_match(new)  # owes its first message
        lobby = Lobby(
            None, "lobby", "keer-kids", {}, "1", ("1",), 9, guild_id=guild, channel_id="5"
        )
        await store.save_lobby(lobby)
    direct = await store.create_match(NewMatch("keer-kids", PLAYERS, "s", {}, None, "7"))
    await store.owe(Owed(direct, "post", 0, None, now_ms()))
    for index in (0, 1):
        shard = Shards((index,), 2)
        mine = [ids[index], *([direct] if index == 0 else [])]
        assert await store.open_match_ids(shard) == sorted(mine)
        assert sorted(o.match_id for o in await store.owed_messages(shard)) == sorted(mine)
        lobbies = await store.open_lobbies(shard)
        assert [lb.guild_id for lb in lobbies] == [guild_on(index, 2)]
    everything = sorted([*ids.values(), direct])
    assert await store.open_match_ids() == everything
    assert await store.open_match_ids(Shards((0, 1), 2)) == everything
    assert len(await store.open_lobbies(Shards((0, 1), 2))) == 2


async def test_one_bot_process_per_sqlite_file(tmp_path: Path) -> None:
    path = tmp_path / "tablero.db"
    first, second = await SqliteStore.open(path), await SqliteStore.open(path)
    await first.claim_shards(Shards())
    with pytest.raises(ShardTaken, match="another Tablero process already runs on"):
        await second.claim_shards(Shards())
    assert await second.open_match_ids() == []  # reading beside the bot stays possible
    await first.close()
    with pytest.raises(ShardTaken, match=r"shard 0 of 2 only: .* needs PostgreSQL"):
        await second.claim_shards(Shards((0,), 2))
    await second.claim_shards(Shards((0, 1), 2))  # one process running every shard
    assert await second.keep_shards()
    await second.close()


async def test_one_process_per_shard_on_postgres_with_one_shard_count() -> None:
    url = postgres_url()
    await reset_postgres(url)
    stores = [await PostgresStore.open(url) for _ in range(4)]
    try:
        await stores[0].claim_shards(Shards((0, 2), 4))
        await stores[1].claim_shards(Shards((1,), 4))
        with pytest.raises(ShardTaken, match="shard 2 of 4 is already run"):
            await stores[2].claim_shards(Shards((2, 3), 4))  # 3 is free, 2 is not: neither
        with pytest.raises(ShardTaken, match="SHARD_COUNT=4"):
            await stores[3].claim_shards(Shards((2,), 3))
        await stores[3].claim_shards(Shards((3,), 4))  # the refused claim kept nothing
        assert await stores[0].keep_shards() and await stores[1].keep_shards()
        await stores[0].close()  # the process stopped (or died): its shards are free
        await stores[2].claim_shards(Shards((0, 2), 4))
        assert await stores[2].keep_shards()
    finally:
        for store in stores[1:]:
            await store.close()

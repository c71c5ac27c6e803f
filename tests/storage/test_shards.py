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
    Shard,
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
    two = [Shard(0, 2), Shard(1, 2)]
    for guild in (guild_on(0, 2), guild_on(1, 2), "81384788765712384", "1"):
        owners = [s for s in two if s.owns(guild)]
        assert owners == [two[(int(guild) >> 22) % 2]]
    assert Shard(0, 2).owns(None) and not Shard(1, 2).owns(None)  # direct messages: shard 0
    assert Shard().owns(guild_on(1, 2)) and Shard().owns(None)
    with pytest.raises(ValueError, match="does not exist"):
        Shard(2, 2)


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
        shard = Shard(index, 2)
        mine = [ids[index], *([direct] if index == 0 else [])]
        assert await store.open_match_ids(shard) == sorted(mine)
        assert sorted(o.match_id for o in await store.owed_messages(shard)) == sorted(mine)
        lobbies = await store.open_lobbies(shard)
        assert [lb.guild_id for lb in lobbies] == [guild_on(index, 2)]
    assert await store.open_match_ids() == sorted([*ids.values(), direct])


async def test_one_bot_process_per_sqlite_file(tmp_path: Path) -> None:
    path = tmp_path / "tablero.db"
    first, second = await SqliteStore.open(path), await SqliteStore.open(path)
    await first.claim_shard(Shard())
    with pytest.raises(ShardTaken, match="another Tablero process already runs on"):
        await second.claim_shard(Shard())
    assert await second.open_match_ids() == []  # reading beside the bot stays possible
    await first.close()
    await second.claim_shard(Shard())
    assert await second.keep_shard()
    with pytest.raises(ShardTaken, match="need PostgreSQL"):
        await second.claim_shard(Shard(0, 2))
    await second.close()


async def test_one_process_per_shard_on_postgres_with_one_shard_count() -> None:
    url = postgres_url()
    await reset_postgres(url)
    stores = [await PostgresStore.open(url) for _ in range(4)]
    try:
        await stores[0].claim_shard(Shard(0, 2))
        await stores[1].claim_shard(Shard(1, 2))
        with pytest.raises(ShardTaken, match="shard 0 of 2 is already run"):
            await stores[2].claim_shard(Shard(0, 2))
        with pytest.raises(ShardTaken, match="SHARD_COUNT=2"):
            await stores[3].claim_shard(Shard(2, 3))
        assert await stores[0].keep_shard() and await stores[1].keep_shard()
        await stores[0].close()  # the process stopped (or died): its shard is free
        await stores[2].claim_shard(Shard(0, 2))
        assert await stores[2].keep_shard()
    finally:
        for store in stores[1:]:
            await store.close()

"""The outbox on both backends: a message a step owes is stored with the step, replaces one
still owed, and is settled by the delivery that showed its version."""

from __future__ import annotations

import pytest

from games.records import Entry, Player
from storage import (
    NewMatch,
    Owed,
    StaleVersion,
    StorageError,
    Store,
    UnknownMatch,
)

PLAYERS = (Player("111", "Ana"), Player("222", "Bo"))


async def new_match(store: Store) -> int:
    return await store.create_match(NewMatch("keer-kids", PLAYERS, "s", {}, channel_id="2"))


def owed_rows(owed: list[Owed]) -> list[tuple[int, str, int, int | None, int]]:
    return [(o.match_id, o.kind, o.version, o.step_key, o.since_ms) for o in owed]


async def test_a_new_match_owes_its_first_message_until_it_is_posted(store: Store) -> None:
    match = await new_match(store)
    [first] = await store.owed_messages()
    assert (first.match_id, first.kind, first.version, first.step_key) == (match, "post", 0, None)
    await store.set_message(match, "10", settled=0)
    assert await store.owed_messages() == []
    assert (await store.load(match)).message_id == "10"


async def test_a_step_owes_its_message_in_its_own_transaction(store: Store) -> None:
    match = await new_match(store)
    await store.set_message(match, "10", settled=0)
    owed = Owed(match, "post", 1, 7, 1_000)
    await store.append(match, 0, [Entry(-1, "roll:1,2,3,4")], owed)
    assert owed_rows(await store.owed_messages()) == [(match, "post", 1, 7, 1_000)]
    with pytest.raises(StaleVersion):
        await store.append(match, 0, [Entry(-1, "roll:1,2,3,4")], Owed(match, "post", 9, 8, 2))
    assert owed_rows(await store.owed_messages()) == [(match, "post", 1, 7, 1_000)]


async def test_a_later_step_replaces_what_is_still_owed_keeping_the_shown_message(
    store: Store,
) -> None:
    match = await new_match(store)
    await store.set_message(match, "10", settled=0)
    await store.append(match, 0, [Entry(-1, "roll:1,2,3,4")], Owed(match, "post", 1, 7, 1_000))
    await store.append(match, 1, [Entry(0, "keep:0")], Owed(match, "post", 2, 8, 2_000))
    assert owed_rows(await store.owed_messages()) == [(match, "post", 2, 7, 1_000)]
    await store.set_message(match, "11", settled=1)  # a delivery of the older step: not enough
    assert [o.version for o in await store.owed_messages()] == [2]
    await store.set_message(match, "12", settled=2)
    assert await store.owed_messages() == []


async def test_an_end_without_a_result_owes_the_buttons_off(store: Store) -> None:
    match = await new_match(store)
    await store.set_message(match, "10", settled=0)
    await store.append(match, 0, [Entry(-1, "roll:1,2,3,4")], Owed(match, "post", 1, 7, 1_000))
    await store.finish_match(match, "cancelled", [], [], Owed(match, "close", 1, None, 3_000))
    assert owed_rows(await store.owed_messages()) == [(match, "close", 1, 7, 1_000)]
    await store.settle(match, 1)
    assert await store.owed_messages() == []


async def test_owed_messages_come_oldest_first_and_bad_ones_are_refused(store: Store) -> None:
    first, second = await new_match(store), await new_match(store)
    await store.settle(first, 0)
    await store.settle(second, 0)
    await store.owe(Owed(second, "post", 0, None, 5))
    await store.owe(Owed(first, "post", 0, None, 9))
    assert [o.match_id for o in await store.owed_messages()] == [second, first]
    with pytest.raises(StorageError, match="post, close"):
        await store.owe(Owed(first, "shout", 0, None, 9))
    with pytest.raises(UnknownMatch):
        await store.owe(Owed(first + second + 100, "post", 0, None, 9))

"""A click costs the same late in a long match as early on: nothing on a click's path grows
with the match's events (no replay from its first action, no re-read of its log).

Kero matches end after 20–30 turns, about 300 events; the longest this test can play is one in
which both members re-roll a single die at a time until every die burns (~1,400–1,700 events),
so its late clicks are measured past event 1,000."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from bot.app import TableroBot
from bot.games.kero.rules import kero_state
from fakediscord import FakeDiscord
from games.kero import actions as a
from games.kero.ai import KeroAI, Pace
from games.kero.board import Phase
from games.kero.state import KeroState
from tests.bot.conftest import Server
from tests.bot.helpers import count_store_calls
from tests.bot.kero_driver import KeroDriver, challenge

LONG = 1_000
"""The events before the late clicks."""


def stalling(state: KeroState, seat: int) -> a.Action:
    """A member who re-rolls one unburnt die at a time while they can, else plays on."""
    for action in state.legal_actions(seat):
        if isinstance(action, a.Reroll) and len(action.dice) == 1:
            return action
    return KeroAI(Pace(think_ms=0)).choose(state, seat)


@contextmanager
def costs_of(
    bot: TableroBot, fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Counter[str]]:
    """Count what the bot does meanwhile: store calls by method, rule applications (a replay
    from the first action would apply the whole log), images drawn and messages edited."""
    costs: Counter[str] = Counter()
    with monkeypatch.context() as patch:
        count_store_calls(bot.runtime.store, costs, patch, "store.")
        apply = KeroState.apply

        def counted_apply(self: KeroState, seat: int, action: Any) -> None:
            costs["apply"] += 1
            apply(self, seat, action)

        patch.setattr(KeroState, "apply", counted_apply)
        since = len(fake.requests)
        drawn = _drawn(bot)
        yield costs
        costs["drawn"] = _drawn(bot) - drawn
        costs["edits"] = sum(1 for m, _, _ in fake.requests[since:] if m == "PATCH")
        costs["callbacks"] = sum(1 for _, p, _ in fake.requests[since:] if "/callback" in p)


def _drawn(bot: TableroBot) -> int:
    """Images drawn so far (the renders the bot's metrics time)."""
    samples = bot.runtime.metrics.render.collect()[0].samples
    return int(sum(s.value for s in samples if s.name.endswith("_count")))


async def clicks(driver: KeroDriver, monkeypatch: pytest.MonkeyPatch) -> list[Counter[str]]:
    """What Ana's clicks cost: marking one unburnt die and re-rolling it, then Stop, then End
    turn (the message sums up her turn and the next turn's is posted)."""
    fake = driver.server.fake
    action = stalling(kero_state(driver.live.state), 0)
    assert isinstance(action, a.Reroll) and len(action.dice) == 1
    costs = []
    for move in (
        lambda: driver.do(0, action),
        lambda: driver.press(0, "stop@"),
        lambda: driver.press(0, "end"),
    ):
        with costs_of(driver.bot, fake, monkeypatch) as cost:
            await move()
            await fake.settle()
        costs.append(cost)
    return costs


async def play_on(driver: KeroDriver) -> None:
    """The next decision of whoever acts, stalling."""
    await driver.wait_for_bot()
    seats = kero_state(driver.live.state).seats_to_act()
    assert seats, "the match ended before the wanted state"
    driver.clock.advance(0.01)
    await driver.do(seats[0], stalling(kero_state(driver.live.state), seats[0]))
    await driver.server.fake.settle()


async def to_a_fresh_roll(driver: KeroDriver) -> None:
    """Play on to Ana's next turn and roll: her dice show, one at least unburnt."""
    for _ in range(5_000):
        state = kero_state(driver.live.state)
        if state.phase is Phase.START and state.active == 0:
            await driver.press(0, "roll@")
            await driver.server.fake.settle()
            rolled = stalling(kero_state(driver.live.state), 0)
            if isinstance(rolled, a.Reroll) and len(rolled.dice) == 1:
                return
        await play_on(driver)
    raise AssertionError("Ana never rolled again")


async def test_a_click_late_in_a_long_match_costs_what_it_did_early(
    timed_server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, driver = await challenge(timed_server)
    await to_a_fresh_roll(driver)
    assert len(kero_state(driver.live.state).history) < 40
    early = await clicks(driver, monkeypatch)
    while len(kero_state(driver.live.state).history) < LONG:
        await play_on(driver)
    await to_a_fresh_roll(driver)
    late = await clicks(driver, monkeypatch)
    for before, after in zip(early, late, strict=True):
        applied = before.pop("apply"), after.pop("apply")
        assert after == before, (early, late)  # store calls, images, edits
        assert applied[1] <= 2 * applied[0] + 10, applied  # a replay would apply the whole log
    reroll, _, end = early
    assert reroll["store.append"] == 1 and reroll["edits"] == 0
    assert end["store.append"] == 1

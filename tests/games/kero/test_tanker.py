"""The tanker clock: timestamps in, KERO out; late or backwards actions are refused."""

from __future__ import annotations

import pytest

from games.kero.tanker import Tank, TankError, Window

CAPACITY = 60_000
T0 = 1_764_420_000_000


def window(fuel: int = 10_000) -> Window:
    return Tank(fuel, CAPACITY).tip(T0)


def test_trucks_start_full() -> None:
    assert Tank.full(CAPACITY) == Tank(CAPACITY, CAPACITY)


def test_the_tank_is_empty_fuel_ms_after_the_tip() -> None:
    assert window(10_000).empty_at == T0 + 10_000


def test_an_action_1_ms_before_empty_counts_and_1_ms_after_does_not() -> None:
    w = window(10_000)
    assert w.check(T0 + 9_999).last_at == T0 + 9_999
    with pytest.raises(TankError, match="ran dry"):
        w.check(T0 + 10_001)


def test_an_action_stamped_exactly_at_empty_counts_for_nothing() -> None:
    with pytest.raises(TankError, match="ran dry"):
        window(10_000).check(T0 + 10_000)


def test_time_never_runs_backwards() -> None:
    w = window().check(T0 + 3_000)
    with pytest.raises(TankError, match="before the last move"):
        w.check(T0 + 2_999)
    with pytest.raises(TankError, match="before the last move"):
        window().check(T0 - 1)


def test_stop_keeps_what_is_left() -> None:
    """Lay the truck flat: the remaining KERO stays for later turns."""
    assert window(10_000).stop(T0 + 4_000) == Tank(6_000, CAPACITY)


def test_credit_moves_the_empty_moment_later() -> None:
    """The bot's processing time is given back: E = T0 + F + credits."""
    w = window(10_000).credited(300).credited(200)
    assert w.empty_at == T0 + 10_500
    assert w.check(T0 + 10_400).last_at == T0 + 10_400
    assert w.stop(T0 + 10_000) == Tank(500, CAPACITY)
    with pytest.raises(TankError):
        window().credited(-1)


def test_credits_never_overfill_the_tank() -> None:
    w = Tank(CAPACITY, CAPACITY).tip(T0).credited(5_000)
    assert w.stop(T0 + 1_000) == Tank(CAPACITY, CAPACITY)


def test_left_at_counts_down_to_zero() -> None:
    w = window(10_000)
    assert [w.left_at(T0 + d) for d in (0, 2_500, 10_000, 99_999)] == [10_000, 7_500, 0, 0]


def test_running_dry_empties_the_tank() -> None:
    assert window().run_dry() == Tank(0, CAPACITY)


def test_an_empty_tank_cannot_be_tipped() -> None:
    with pytest.raises(TankError, match="fuel up first"):
        Tank(0, CAPACITY).tip(T0)


def test_filling_is_capped_at_capacity() -> None:
    assert Tank(50_000, CAPACITY).filled(24_000) == Tank(CAPACITY, CAPACITY)
    assert Tank(10_000, CAPACITY).filled(24_000) == Tank(34_000, CAPACITY)
    with pytest.raises(TankError):
        Tank(10_000, CAPACITY).filled(-5)


@pytest.mark.parametrize("level", [-1, CAPACITY + 1])
def test_a_tank_holds_zero_to_capacity(level: int) -> None:
    with pytest.raises(TankError, match="holds 0 to"):
        Tank(level, CAPACITY)

"""Fuel-up throws: flames set aside, the last-die rule, and the KERO it yields."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.kero.fuel import FuelUp, kero_gained, throw_count_distribution


def test_each_throw_sets_flames_aside() -> None:
    fuel = FuelUp(8).after(3)
    assert (fuel.dice, fuel.throws, fuel.done) == (5, 1, False)
    assert FuelUp(5, 4).after(5).done


def test_throw_outcomes_are_binomial_and_sum_to_one() -> None:
    outcomes = dict(FuelUp(8).outcomes())
    assert sum(outcomes.values()) == 1
    assert outcomes[0] == Fraction(5, 6) ** 8
    assert outcomes[8] == Fraction(1, 6) ** 8


def test_with_seven_flames_the_last_die_is_thrown_at_most_five_more_times() -> None:
    """When 7 dice show a flame, the last die may be thrown 5 more times; then it counts as one."""
    fuel = FuelUp(8).after(7)
    assert fuel.dice == 1
    for _ in range(4):
        fuel = fuel.after(0)
        assert not fuel.done
    fuel = fuel.after(0)
    assert fuel.done and fuel.throws == 6


def test_the_last_die_may_still_flame_early() -> None:
    fuel = FuelUp(8).after(7).after(0).after(1)
    assert fuel.done and fuel.throws == 3


def test_the_same_cap_applies_to_a_five_dice_fuel_up() -> None:
    """House rule: after 4 flames of 5 white dice, the last die gets 5 more throws at most."""
    fuel = FuelUp(5).after(4)
    for _ in range(5):
        fuel = fuel.after(0)
    assert fuel.done and fuel.throws == 6


def test_impossible_throws_are_refused() -> None:
    with pytest.raises(ValueError, match="cannot show"):
        FuelUp(3).after(4)
    with pytest.raises(ValueError, match="over"):
        FuelUp(0).after(0)


def test_auto_mode_kero_is_throws_times_the_cadence() -> None:
    assert kero_gained(13, 1_800) == 23_400


def test_throw_counts_match_the_research_figures() -> None:
    """Research: 8 dice take 13.2 throws on average, 5 dice 10.8 (with the last-die cap)."""
    for dice, mean in ((8, 13.2), (5, 10.8)):
        distribution = throw_count_distribution(dice)
        assert sum(distribution.values()) == pytest.approx(1.0)
        assert sum(t * p for t, p in distribution.items()) == pytest.approx(mean, abs=0.05)


@given(st.lists(st.integers(0, 8), min_size=1, max_size=60))
def test_dice_left_stay_in_range_and_the_last_die_cap_holds(flames: list[int]) -> None:
    fuel = FuelUp(8)
    for k in flames:
        if fuel.done:
            break
        fuel = fuel.after(min(k, fuel.dice))
        assert 0 <= fuel.dice <= 8
        assert fuel.last_die_throws <= 5

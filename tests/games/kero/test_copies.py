"""Copies that searching players rely on: every field carried over, no list shared."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from games.common import ChanceRng
from games.common.play import step
from games.kero.ai import KeroAI
from games.kero.board import Camp, Turn
from games.kero.resources import Resources
from games.kero.state import KeroState
from games.kero.tanker import Tank, Window


def _unusual(value: Any, name: str) -> Any:
    """A value for a field that no default has, so a field the copy forgets shows."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, list):
        return [f"{name}-item"]
    if isinstance(value, tuple):
        return (7, 3)
    if isinstance(value, int):
        return value + 3
    return {
        "window": Window(10, 20, 30, 4, 15),
        "pool": Resources(1, 2, 3, 4),
        "tank": Tank(5, 9),
    }.get(name, 11)


def _filled(kind: type[Camp] | type[Turn]) -> Camp | Turn:
    item = Camp(Tank(1, 9), 4) if kind is Camp else Turn()
    for field in fields(item):
        setattr(item, field.name, _unusual(getattr(item, field.name), field.name))
    return item


def test_camp_and_turn_copies_carry_every_field_and_share_no_list() -> None:
    for kind in (Camp, Turn):
        item = _filled(kind)
        other = item.copy()
        assert other == item
        for field in fields(item):
            value = getattr(item, field.name)
            if isinstance(value, list):
                assert getattr(other, field.name) is not value, field.name


def test_a_clone_plays_on_alone() -> None:
    state = KeroState({"variant": "boss"})
    ai = KeroAI()
    for _ in range(60):
        step(state, [ai, ai], ChanceRng("clone"))
    before = state.summary()
    other = state.clone()
    assert other.summary() == before and other.history == state.history
    for _ in range(120):
        if other.is_terminal():
            break
        step(other, [ai, ai], ChanceRng("clone"))
    assert state.summary() == before and len(state.history) < len(other.history)

"""Every action is checked against the seat that sent it, in every phase: the thrower of a live
fuel-up only throws, and a record that says otherwise is refused (docs/rules/kero.md)."""

from __future__ import annotations

import json

import pytest

from games.common import CHANCE, ChanceRng, IllegalAction, Node, Reason
from games.kero import actions as a
from games.kero.ai import KeroAI
from games.kero.board import Phase
from games.kero.state import KeroState
from games.records import Entry, MatchRecord, Player, RecordError, replay
from tests.games.kero.helpers import (
    STACKED,
    T,
    forced_setup,
    probe_actions,
    refused,
    snapshot,
    stacked,
)

HANDS = ("water_carrier", "guide", "trader", "dust_storm")
"""Seat 0 (refuelling) holds a Water-carrier and a Guide; seat 1 (throwing) a Trader and a
Dust Storm."""
PLAYERS = (Player("1", "Ana"), Player("2", "Bo"))


def live_fuel_up() -> KeroState:
    """Seat 0 has just tipped its truck at the refinery; seat 1 throws the dice."""
    s = stacked(fuel_up="live")
    s.apply(CHANCE, forced_setup(first=0, tuareks=HANDS))
    s.apply(0, a.FuelUp(T))
    assert (s.phase, s.seats_to_act()) == (Phase.FUELING, (1,))
    return s


@pytest.mark.parametrize(
    "action",
    [
        a.Hire(),
        a.Play("trader", "wheat"),
        a.Play("dust_storm"),
        a.Play("water_carrier", None, T + 1),
        a.Play("guide", "green"),
        a.Use("A9"),
        a.AddDie("green"),
        a.FuelUp(T + 1),
        a.Roll(T + 1),
        a.Take(1),
        a.Place(1),
        a.EndTurn(),
        a.Pass(),
    ],
)
def test_the_thrower_of_a_live_fuel_up_only_throws(action: a.Action) -> None:
    """Neither the thrower nor the refuelling clan may do anything but throw while it lasts;
    in particular nothing a thrower sends touches the refuelling clan's camp."""
    s = live_fuel_up()
    camp = s.camps[0].copy()
    error = refused(s, 1, action, Reason.NOT_YOUR_TURN)
    assert str(error) == "while the other clan fuels up, you only throw the dice"
    refused(s, 0, action, Reason.NOT_YOUR_TURN)
    assert s.camps[0] == camp and s.camps[0].jerrycans == 1


def test_the_thrower_throws_and_the_refuelling_clan_plays_on_afterwards() -> None:
    s = live_fuel_up()
    assert s.legal_actions(1) == [a.Throw(T), a.AutoFuel(T)]
    s.apply(1, a.Throw(T + 2_000))
    s.apply(CHANCE, a.Flames(8))
    assert (s.phase, s.seats_to_act()) == (Phase.START, (0,))
    refused(s, 1, a.Hire(), Reason.NOT_YOUR_TURN)
    s.apply(0, a.Play("guide", "green"))
    assert s.turn.dice == ["green"] and s.camps[1].tuareks == ["trader", "dust_storm"]


def record_with(*entries: Entry) -> MatchRecord:
    """A Kero record (live fuel-ups, the stacked deal above) with these entries after the deal,
    read back from its JSON as `tablero replay` would."""
    setup = Entry(CHANCE, forced_setup(first=0, tuareks=HANDS).to_text())
    record = MatchRecord("kero", PLAYERS, (setup, *entries), {"fuel_up": "live", **STACKED})
    return MatchRecord.from_json(json.loads(record.dumps()))


@pytest.mark.parametrize(
    ("entry", "text"),
    [
        (Entry(1, "hire"), "seat 1 'hire'"),
        (Entry(1, "play:trader:wheat"), "seat 1 'play:trader:wheat'"),
        (Entry(1, "play:dust_storm"), "seat 1 'play:dust_storm'"),
    ],
)
def test_a_record_where_the_thrower_acts_for_the_refuelling_clan_is_refused(
    entry: Entry, text: str
) -> None:
    record = record_with(Entry(0, f"fuel@{T}"), entry)
    with pytest.raises(RecordError) as info:
        replay(record)
    assert str(info.value) == (
        f"action #3 ({text}): while the other clan fuels up, you only throw the dice"
    )
    honest = replay(record_with(Entry(0, f"fuel@{T}"), Entry(1, f"throw@{T + 2_000}")))
    assert isinstance(honest, KeroState) and honest.chance_due() == "flames"


def probe_every_seat(state: KeroState) -> None:
    """Every seat the state does not wait for, and the thrower for anything but a throw, is
    refused every probe action, leaving the state as it was."""
    before = snapshot(state)
    waiting = state.seats_to_act() if state.node() is not Node.CHANCE else ()
    for seat in (CHANCE, 0, 1):
        for action in probe_actions(state):
            allowed = seat in waiting and (
                state.phase is not Phase.FUELING or isinstance(action, a.Throw | a.AutoFuel)
            )
            if allowed:
                continue
            trial = state.clone()
            with pytest.raises(IllegalAction) as info:
                trial.apply(seat, action)
            assert info.value.reason in (Reason.NOT_YOUR_TURN, Reason.GAME_OVER), (seat, action)
    assert snapshot(state) == before


@pytest.mark.parametrize("variant", ["base", "boss"])
def test_no_seat_but_the_one_to_act_is_ever_accepted(variant: str) -> None:
    """In whole computer matches with live fuel-ups, at every state and in every phase."""
    phases: set[Phase] = set()
    for seed in range(2):
        state = KeroState({"variant": variant, "fuel_up": "live"})
        ai, rng = KeroAI(), ChanceRng(f"seats/{variant}/{seed}")
        while not state.is_terminal():
            if state.node() is Node.CHANCE:
                state.apply(CHANCE, state.sample_chance(rng))
                continue
            phases.add(state.phase)
            probe_every_seat(state)
            seat = state.seats_to_act()[0]
            state.apply(seat, ai.choose(state, seat))
    assert {Phase.START, Phase.FUELING, Phase.ROLLING, Phase.CAMP} <= phases

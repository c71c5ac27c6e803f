"""States the renderer tests share (test_keer_kids.py, test_kero.py, test_languages.py), each
reached by real play: forced rolls and crossings or HeuristicAI play-outs for Keer op Keer Kids,
forced deals and dice (tests/games/kero/helpers.py) or the computer player for Kero."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from games.common import CHANCE, ChanceRng
from games.common.play import play_out, step
from games.keer_kids import Cross, HeuristicAI, Keep, KeerState, Mark, Roll, new_match
from games.keer_kids.actions import Action
from games.keer_kids.dice import PURPLE
from games.kero import actions as a
from games.kero.ai import KeroAI
from games.kero.board import Phase
from games.kero.state import KeroState
from render.keer_kids.layout import sheet_layout, table_layout
from render.keer_kids.results import results_static, row_tile
from render.keer_kids.static import sheet_rgb
from render.keer_kids.summary import sheet_map
from render.keer_kids.table import table_static
from render.keer_kids.tiles import die_tile, shared_palette, sheet_sprites, text_tile
from tests.games.kero.helpers import (
    BRICK,
    METAL,
    RECRUIT,
    TWO_FLAMES,
    WHEAT,
    T,
    forced_setup,
    roll,
    stop,
)

# --- Keer op Keer Kids ------------------------------------------------------------------------


def colour(state: KeerState, enclosure_id: str) -> str:
    """The die colour that crosses this enclosure."""
    enclosure = state.sheet.enclosure(enclosure_id)
    assert enclosure is not None
    return enclosure.colour


def play_roll(state: KeerState, dice: tuple[str, str, str], choices: Mapping[int, Action]) -> None:
    """One forced roll, die 0 kept; seats without a choice take their first legal action."""
    state.apply(CHANCE, Roll(dice))
    state.apply(state.roller, Keep(0))
    for seat in range(state.num_players):
        action = choices.get(seat) or state.legal_actions(seat)[0]
        state.apply(seat, action)


def cross(state: KeerState, plan: Mapping[int, str]) -> None:
    """One roll in which every seat of `plan` crosses its enclosure (others mark or take any)."""
    roller = state.roller
    wanted = list(dict.fromkeys(colour(state, e) for s, e in plan.items() if s != roller))
    rest = [*wanted, PURPLE, PURPLE][:2]
    first = colour(state, plan[roller]) if roller in plan else PURPLE
    choices: dict[int, Action] = {}
    for seat, enclosure_id in plan.items():
        die = 0 if seat == roller else 1 + rest.index(colour(state, enclosure_id))
        choices[seat] = Cross(die, enclosure_id)
    play_roll(state, (first, rest[0], rest[1]), choices)


def keer_finished(players: int, seed: int = 3) -> KeerState:
    """A match HeuristicAI played to its end (its last roll still shows on the table)."""
    state = new_match(players)
    play_out(state, [HeuristicAI() for _ in range(players)], ChanceRng(seed))
    return state


def clear_keer_caches() -> None:
    """Empty every cache of the Keer op Keer Kids renderer (its layouts, sprites and tiles)."""
    for cached in (
        shared_palette,
        sheet_layout,
        sheet_rgb,
        sheet_sprites,
        sheet_map,
        table_layout,
        table_static,
        results_static,
        text_tile,
        die_tile,
        row_tile,
    ):
        cached.cache_clear()


def choosing(second: Action) -> KeerState:
    """Seat 0 rolled and kept blue; seat 1 has chosen `second`; seat 0 has not chosen yet."""
    state = new_match(2)
    state.apply(CHANCE, Roll(("blue", "red", "purple")))
    state.apply(0, Keep(0))
    state.apply(1, second)
    return state


# --- Kero -------------------------------------------------------------------------------------


KERO_ROW = ("S1", "S7", "S3", "S8", "S12", "S4")
"""S3 (2 wheat, 1 point) sits in slot 3."""
KERO_TERRITORIES = ("T3", "T4", "T12", "T1")
TWO_WHEAT = (WHEAT, WHEAT, BRICK, BRICK, BRICK)
METAL_RECRUIT = (METAL, RECRUIT, BRICK, BRICK, BRICK)


def match(variant: str = "base", **setup: Any) -> KeroState:
    """A match after a forced deal: Brown first, the row and territories above."""
    setup = {"first": 0, "row": KERO_ROW, "territories": KERO_TERRITORIES, **setup}
    state = KeroState({"variant": variant, "deal": "stacked"})
    state.apply(CHANCE, forced_setup(**setup))
    return state


def in_camp(faces: tuple[int, ...] = TWO_WHEAT, stop_after: int = 1_000, **setup: Any) -> KeroState:
    """Brown has rolled these faces and stopped: its camp phase."""
    state = match(**setup)
    roll(state, T, faces)
    stop(state, T + stop_after)
    return state


@cache
def _played(seed: int, turns: int, variant: str) -> KeroState:
    state = KeroState({"variant": variant})
    rng, players = ChanceRng(seed), [KeroAI(), KeroAI()]
    while not (state.turns >= turns and state.phase is Phase.CAMP) and not state.is_terminal():
        step(state, players, rng)
    return state


def mid_game(seed: int = 1, turns: int = 10, variant: str = "boss") -> KeroState:
    """A computer-played match in a camp phase (a fresh copy: callers may play on)."""
    return _played(seed, turns, variant).clone()


@cache
def _finished(seed: int) -> KeroState:
    state = KeroState()
    play_out(state, [KeroAI(), KeroAI()], ChanceRng(seed))
    return state


def kero_finished(seed: int = 3) -> KeroState:
    """A match the computer played to its end (a fresh copy)."""
    return _finished(seed).clone()


# --- points of a match the image tests share (legibility, texts that fit) ---------------------


def keer_states(players: int) -> list[KeerState]:
    """A table at every step of a roll: before the first, keeping, choosing (one has chosen),
    resolved with a chameleon, and a match played to its end."""
    fresh = new_match(players)
    keeping = new_match(players)
    keeping.apply(CHANCE, Roll(("blue", "red", PURPLE)))
    picking = new_match(players)
    picking.apply(CHANCE, Roll(("green", "yellow", PURPLE)))
    picking.apply(0, Keep(0))
    picking.apply(1, Mark(2))
    marked = new_match(players)
    cross(marked, {1: "C4"})
    play_roll(marked, (PURPLE, PURPLE, PURPLE), {1: Mark(0), 0: Mark(1, "C4")})
    return [fresh, keeping, picking, marked, keer_finished(players)]


def _throwing(variant: str) -> KeroState:
    """Mid-turn: five white dice and a green one rolled, two burnt, the green one in the air."""
    state = match(variant)
    roll(state, T, (*TWO_FLAMES, 0), dice=("green",))
    state.apply(state.active, a.Reroll((5,), T + 3_100))
    return state


def _placed(variant: str) -> KeroState:
    state = in_camp(METAL_RECRUIT) if variant == "base" else match(variant)
    if variant != "base":
        roll(state, T, METAL_RECRUIT)
        state.apply(state.active, a.Stop(T + 1_000))
    state.apply(state.active, a.Place(2, boss=variant == "boss"))
    return state


def _chosen(variant: str) -> KeroState:
    state = match(variant)
    state.apply(state.active, a.AddDie("blue"))
    return state


KERO_POINTS: dict[str, Callable[[str], KeroState]] = {
    "start": match,
    "dice chosen": _chosen,
    "mid-turn with dice": _throwing,
    "in camp after a placement": _placed,
    "late game": lambda variant: mid_game(turns=14, variant=variant),
}
"""Points of a match, each reached by real play in either variant."""

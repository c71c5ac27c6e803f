"""Scenario tests for Kero's house rules on limits and order (docs/rules/kero.md): the finite
jerrycan supply, the card colours, the order a claim resolves in, territories that run out, no
Tuarek left to draw, no Explorer left to place, and the match options.

Every position is reached through real play: a forced deal, forced dice and the players' own
actions (see tests/games/kero/helpers.py). A claim is triggered by two flames or a taken card:
the refill then draws the next card, which the forced deal makes a Claim card.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from importlib import resources
from typing import Any

import pytest

from games.common import CHANCE, Node, Reason
from games.kero import actions as a
from games.kero.board import Claimed, Phase
from games.kero.components import FILES, ComponentError, default_components, load_components
from games.kero.state import KeroState
from tests.games.kero.helpers import (
    BLUE_EXPLORER,
    BLUE_METAL_RECRUIT,
    BRICK,
    FLAME,
    GREEN_TUAREK,
    JERRYCAN,
    METAL,
    NO_FLAMES,
    RECRUIT,
    STACKED,
    TWO_FLAMES,
    WHEAT,
    T,
    camp,
    end_turn,
    forced_setup,
    new_match,
    pass_turn,
    play_turn,
    refused,
    roll,
    slot_of,
    stop,
)

BOX = default_components()
JERRYCANS = BOX.supply.jerrycans
EXPLORERS = BOX.supply.explorers_per_clan
TURN = 20_000
"""Time between two turns of the same clan in these scenarios (each turn uses 1 s of KERO)."""


def shipped() -> dict[str, str]:
    folder = resources.files("games.kero").joinpath("data")
    return {name: folder.joinpath(f"{name}.toml").read_text("utf-8") for name in FILES}


def edited(name: str, old: str, new: str) -> dict[str, str]:
    """The shipped component files with one text replaced in `name`.toml."""
    texts = shipped()
    assert old in texts[name], f"{old!r} not in {name}.toml"
    texts[name] = texts[name].replace(old, new, 1)
    return texts


# --- House rule — jerrycans run out --------------------------------------------------------------


def jerrycans_in_play(s: KeroState) -> int:
    """Every jerrycan token: the supply's and the camps'."""
    return s.jerrycans + sum(c.jerrycans for c in s.camps)


def drain(s: KeroState, at: int, counts: tuple[int, ...]) -> int:
    """Seat 0 rolls `count` white jerrycans each turn (bricks on the other dice) while seat 1
    passes; returns the time of seat 0's next turn."""
    for count in counts:
        play_turn(s, at, (JERRYCAN,) * count + (BRICK,) * (5 - count))
        pass_turn(s, at + TURN // 2)
        at += TURN
    return at


def test_jerrycans_from_the_dice_are_only_what_the_supply_holds() -> None:
    s = new_match(first=0)
    at = drain(s, T, (5, 5, 5, 5))
    assert (s.jerrycans, s.camps[0].jerrycans, s.camps[1].jerrycans) == (3, 22, 2)
    roll(s, at, (JERRYCAN,) * 5)
    stop(s, at + 1_000)
    assert (s.jerrycans, s.camps[0].jerrycans) == (0, 25)
    assert s.summary()["jerrycan_supply"] == 0
    assert jerrycans_in_play(s) == JERRYCANS


def test_jerrycans_from_a_card_are_only_what_the_supply_holds() -> None:
    """R19 (2 metal + 1 brick) gives 3 jerrycans; the supply holds 2."""
    s = new_match(first=0, row=("R19",))
    at = drain(s, T, (5, 5, 5, 5, 1))
    assert (s.jerrycans, s.camps[0].jerrycans) == (2, 23)
    roll(s, at, (METAL, METAL, BRICK, BRICK, BRICK))
    stop(s, at + 1_000)
    camp(s, a.Take(slot_of(s, "R19")))
    assert "R19" in s.camps[0].cards
    assert (s.jerrycans, s.camps[0].jerrycans) == (0, 25)
    assert jerrycans_in_play(s) == JERRYCANS


def test_jerrycans_from_a_territory_are_only_what_the_supply_holds() -> None:
    """T3 Oil field gives 2 jerrycans on claim; the supply holds 1."""
    s = new_match(first=0, territories=("T3",), claim_draws=(1,))
    at = drain(s, T, (5, 5, 5, 5, 2))
    assert (s.jerrycans, s.camps[0].jerrycans) == (1, 24)
    play_turn(s, at, (FLAME, FLAME, RECRUIT, METAL, BRICK), a.Place(1))
    assert s.claims == 1 and s.camps[0].territories == ["T3"]
    assert (s.jerrycans, s.camps[0].jerrycans) == (0, 25)
    assert jerrycans_in_play(s) == JERRYCANS


def test_a_trader_taking_a_jerrycan_from_an_empty_supply_gets_nothing() -> None:
    s = new_match(first=0, tuareks=("trader", "guide"))
    at = drain(s, T, (5, 5, 5, 5, 3))
    assert (s.jerrycans, s.camps[0].jerrycans) == (0, 25)
    roll(s, at, NO_FLAMES)
    stop(s, at + 1_000)
    camp(s, a.Play("trader", "jerrycan"))
    assert s.camps[0].tuareks == ["guide"] and s.tuarek_used == ["trader"]
    assert (s.jerrycans, s.camps[0].jerrycans) == (0, 25)
    camp(s, a.Hire())
    assert (s.jerrycans, s.camps[0].jerrycans) == (2, 23), "spent jerrycans go back"
    assert jerrycans_in_play(s) == JERRYCANS


# --- House rule — 4 card colours -----------------------------------------------------------------


def test_four_card_colours_with_three_start_and_six_regular_cards_each() -> None:
    colours = BOX.supply.card_colours
    assert colours == ("green", "yellow", "red", "blue")
    assert Counter(c.colour for c in BOX.start) == dict.fromkeys(colours, 3)
    assert Counter(c.colour for c in BOX.regular) == dict.fromkeys(colours, 6)
    assert all(c.colour is None for c in BOX.claim)


# --- House rule — resolution order ---------------------------------------------------------------


@pytest.mark.parametrize("left", [0, 1], ids=["brown-left", "grey-left"])
def test_a_claim_resolves_territories_left_to_right_for_the_bonus_draws(left: int) -> None:
    """T9 Plateau (slot 1) and T1 Oasis (slot 3) each draw a Tuarek. Seat `left` wins slot 1,
    the other seat slot 3, in one claim: the left territory's winner draws the pile's top."""
    s = new_match(
        first=0,
        territories=("T9", "T4", "T1", "T12"),
        tuareks=("trader", "trader", "scout", "scout", "guide", "smith"),
        claim_draws=(1,),
    )
    slots = {left: 1, 1 - left: 3}
    play_turn(s, T, (RECRUIT, METAL, BRICK, BRICK, BRICK), a.Place(slots[0]))
    assert s.claims == 0
    play_turn(s, T + TURN, (FLAME, FLAME, RECRUIT, METAL, BRICK), a.Place(slots[1]))
    assert s.claims == 1 and s.last_claim is not None
    assert s.last_claim.territories == (
        Claimed("T9", left, "majority"),
        Claimed("T4", None, "empty"),
        Claimed("T1", 1 - left, "majority"),
        Claimed("T12", None, "empty"),
    )
    assert s.camps[left].tuareks[-1] == "guide"
    assert s.camps[1 - left].tuareks[-1] == "smith"
    assert [len(c.tuareks) for c in s.camps] == [3, 3]
    assert s.camps[left].jerrycans == 3, "T9's jerrycan as well"


# --- House rule — territories run out ------------------------------------------------------------


def five_shown() -> KeroState:
    """A match whose box shows 5 territories at a time (supply.toml edited, then loaded and
    checked by the loader like the shipped files): 5 + 5 leave 2 for the second claim."""
    box = load_components(edited("supply", "territories_shown = 4", "territories_shown = 5"))
    assert box.supply.territories_shown == 5 and len(box.territories) == 12
    return KeroState(dict(STACKED), box=box)


def test_territories_run_out_and_only_what_is_left_is_shown() -> None:
    # The loader keeps the rulebook's 12 territories: a shorter pile can't be built, so the
    # pile runs short by showing more of them at a time.
    with pytest.raises(ComponentError, match=r"expected 12 \[\[territory\]\] entries, found 11"):
        load_components(edited("territories", '[[territory]]\nid = "T12"', '[[other]]\nid = "T12"'))
    s = five_shown()
    order = tuple(f"T{n}" for n in range(1, 13))
    s.apply(CHANCE, forced_setup(first=0, territories=order, claim_draws=(1, 3, 5)))
    assert s.territories == list(order[:5])
    play_turn(s, T, TWO_FLAMES)
    assert s.claims == 1 and s.territories == list(order[5:10])
    assert s.territory_pile == ["T11", "T12"]
    play_turn(s, T + TURN, TWO_FLAMES)
    assert s.claims == 2 and s.active == 0
    assert s.territories == ["T11", "T12", None, None, None] and s.territory_pile == []
    assert [t["id"] for t in s.summary()["territories"]] == ["T11", "T12", None, None, None]
    roll(s, T + 2 * TURN, (FLAME, FLAME, RECRUIT, METAL, BRICK))
    stop(s, T + 2 * TURN + 1_000)
    error = refused(s, 0, a.Place(3), Reason.EMPTY_SLOT)
    assert str(error) == "there is no territory in slot 3"
    camp(s, a.Place(1))
    end_turn(s)
    assert s.is_terminal() and s.claims == 3
    assert s.last_claim is not None
    assert s.last_claim.territories == (
        Claimed("T11", 0, "majority"),
        Claimed("T12", None, "empty"),
    )
    assert s.camps[0].territories == ["T11"]
    assert sorted(s.boxed) == sorted(t for t in order if t != "T11")


# --- House rule — no Tuareks left ----------------------------------------------------------------


def pile_drawn(**setup: Any) -> KeroState:
    """Seat 0 draws the whole Tuarek pile (13 after setup: a green-die Tuarek face and 2, 2, 2,
    then 3 hires in four turns) and none is used; seat 1, holding two Scouts, is to play."""
    s = new_match(first=0, tuareks=("trader", "trader", "scout", "scout"), **setup)
    at = T
    for turn, hires in enumerate((2, 2, 2, 3)):
        if turn:
            pass_turn(s, at - TURN // 2)
        roll(s, at, (JERRYCAN,) * 5 + (GREEN_TUAREK,), dice=("green",))
        stop(s, at + 1_000)
        camp(s, *[a.Hire()] * hires)
        end_turn(s)
        at += TURN
    assert s.tuarek_pile == [] and s.tuarek_used == []
    assert (len(s.camps[0].tuareks), s.camps[1].tuareks) == (15, ["scout", "scout"])
    assert (s.active, s.phase) == (1, Phase.START)
    return s


NEXT = T + 4 * TURN
"""When seat 1 plays after `pile_drawn`."""


def test_a_free_tuarek_draw_from_a_die_face_is_lost_when_none_is_left() -> None:
    s = pile_drawn()
    roll(s, NEXT, (BRICK,) * 5 + (GREEN_TUAREK,), dice=("green",))
    stop(s, NEXT + 1_000)
    assert (s.phase, s.chance_due(), s.camps[1].tuareks) == (Phase.CAMP, None, ["scout", "scout"])
    camp(s, a.Play("scout"))
    assert s.tuarek_used == ["scout"]
    assert s.chance_due() is None, "the lost draw does not wait for a reshuffle"
    assert (s.node(), s.seats_to_act()) == (Node.DECISION, (1,))
    end_turn(s)
    assert s.camps[1].tuareks == ["scout"]


def test_a_free_tuarek_draw_from_a_card_is_lost_when_none_is_left() -> None:
    """S6 (1 wheat + 1 metal) draws a Tuarek."""
    s = pile_drawn(row=("S6",))
    roll(s, NEXT, (WHEAT, METAL, BRICK, BRICK, BRICK))
    stop(s, NEXT + 1_000)
    camp(s, a.Take(slot_of(s, "S6")))
    assert "S6" in s.camps[1].cards
    assert (s.chance_due(), s.camps[1].tuareks) == (None, ["scout", "scout"])
    camp(s, a.Play("scout"))
    assert s.tuarek_used == ["scout"]
    assert s.chance_due() is None, "the lost draw does not wait for a reshuffle"
    end_turn(s)
    assert s.camps[1].tuareks == ["scout"]


def test_a_free_tuarek_draw_from_a_territory_is_lost_when_none_is_left() -> None:
    """Seat 1 wins T1 Oasis (draw a Tuarek) at the claim its own turn triggers."""
    s = pile_drawn(territories=("T1",), claim_draws=(1,))
    play_turn(s, NEXT, (FLAME, FLAME, RECRUIT, METAL, BRICK), a.Place(1))
    assert s.claims == 1 and s.camps[1].territories == ["T1"]
    assert (s.phase, s.active, s.chance_due()) == (Phase.START, 0, None)
    assert s.camps[1].tuareks == ["scout", "scout"]
    roll(s, NEXT + TURN, NO_FLAMES)
    stop(s, NEXT + TURN + 1_000)
    camp(s, a.Play("trader", "wheat"))
    assert s.tuarek_used == ["trader"]
    assert s.chance_due() is None, "the lost draw does not wait for a reshuffle"
    assert s.camps[1].tuareks == ["scout", "scout"]


# --- House rule — Explorers are limited ----------------------------------------------------------


def all_out() -> KeroState:
    """Seat 0 has placed all 7 Explorers on T4 Ruins (slot 1) in three turns and is to play;
    it holds a Scout, S1 is in the row, and the next card drawn is a Claim card."""
    s = new_match(
        first=0,
        row=("S1",),
        territories=("T4", "T12", "T2", "T5"),
        tuareks=("scout", "trader"),
        claim_draws=(1,),
    )
    two = (RECRUIT, METAL, RECRUIT, METAL, JERRYCAN)
    three = (RECRUIT, METAL, RECRUIT, METAL, RECRUIT, BLUE_METAL_RECRUIT)
    play_turn(s, T, two, a.Place(1), a.Place(1))
    pass_turn(s, T + TURN // 2)
    play_turn(s, T + TURN, two, a.Place(1), a.Place(1))
    pass_turn(s, T + 3 * TURN // 2)
    play_turn(s, T + 2 * TURN, three, *[a.Place(1)] * 3, dice=("blue",))
    pass_turn(s, T + 5 * TURN // 2)
    assert (s.active, s.camps[0].explorers, s.explorers[0]) == (0, 0, [EXPLORERS, 0])
    return s


def by_card(s: KeroState, at: int) -> None:
    """S1 (2 recruits): place 1 Explorer free."""
    roll(s, at, (RECRUIT, RECRUIT, BRICK, BRICK, BRICK))
    stop(s, at + 1_000)
    camp(s, a.Take(slot_of(s, "S1")))
    assert "S1" in s.camps[0].cards


def by_die(s: KeroState, at: int) -> None:
    """The blue die's Explorer face (and two flames, to burn a card)."""
    roll(s, at, (FLAME, FLAME, BRICK, BRICK, BRICK, BLUE_EXPLORER), dice=("blue",))
    stop(s, at + 1_000)


def by_scout(s: KeroState, at: int) -> None:
    """A Scout (and two flames, to burn a card)."""
    roll(s, at, TWO_FLAMES)
    stop(s, at + 1_000)
    camp(s, a.Play("scout"))
    assert s.tuarek_used == ["scout"]


@pytest.mark.parametrize("free", [by_card, by_die, by_scout], ids=["card", "die", "scout"])
def test_a_free_placement_with_all_explorers_out_is_lost(
    free: Callable[[KeroState, int], None],
) -> None:
    s = all_out()
    at = T + 3 * TURN
    free(s, at)
    for slot in (1, 2):
        error = refused(s, 0, a.Place(slot), Reason.NO_EXPLORER)
        assert str(error) == "all your Explorers are out"
        assert a.Place(slot) not in s.legal_actions(0)
    end_turn(s)
    # The refill reveals C1: the claim sends the 7 Explorers home, and the other clan plays.
    assert s.claims == 1 and s.camps[0].territories == ["T4"]
    assert [c.explorers for c in s.camps] == [EXPLORERS, EXPLORERS]
    pass_turn(s, at + TURN // 2)
    roll(s, at + TURN, NO_FLAMES)
    stop(s, at + TURN + 1_000)
    error = refused(s, 0, a.Place(1), Reason.NOT_ENOUGH)
    assert str(error).startswith("that costs 1 metal and 1 recruit"), "no free placement kept"


# --- Match options -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"variant": "expert"}, "Kero has no variant 'expert'; choose one of base, boss"),
        ({"fuel_up": "manual"}, "fuel_up must be one of auto, live, not 'manual'"),
        ({"deal": "loaded"}, "deal must be one of rulebook, stacked, not 'loaded'"),
        ({"variant": "boss", "players": 3}, "unknown Kero option(s) ['players']"),
    ],
    ids=["variant", "fuel_up", "deal", "unknown"],
)
def test_an_unknown_match_option_is_refused_with_its_message(
    options: dict[str, Any], message: str
) -> None:
    given = dict(options)
    with pytest.raises(ValueError) as info:
        KeroState(options)
    assert str(info.value) == message
    assert options == given, "the caller's options are not consumed"
    known = KeroState({"variant": "boss", "fuel_up": "live", "deal": "stacked"})
    assert (known.variant, known.fuel_mode, known.deal) == ("boss", "live", "stacked")

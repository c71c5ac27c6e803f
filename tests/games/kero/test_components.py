"""Kero's component data: the shipped files match the rulebook, and broken data is refused."""

from __future__ import annotations

from importlib import resources

import pytest

from games.kero.components import (
    FILES,
    ComponentError,
    Effect,
    Gain,
    default_components,
    load_components,
)
from games.kero.resources import Resources


def shipped() -> dict[str, str]:
    folder = resources.files("games.kero").joinpath("data")
    return {name: folder.joinpath(f"{name}.toml").read_text("utf-8") for name in FILES}


def broken(name: str, old: str, new: str, count: int = 1) -> dict[str, str]:
    texts = shipped()
    assert old in texts[name], f"{old!r} not in {name}.toml"
    texts[name] = texts[name].replace(old, new, count)
    return texts


def test_the_box_holds_the_rulebook_counts() -> None:
    box = default_components()
    assert (len(box.start), len(box.regular), len(box.claim)) == (12, 24, 3)
    assert len(box.territories) == 12
    assert sum(t.count for t in box.tuareks) == 17
    assert len(box.tiles) == 10
    assert box.supply.jerrycans == 27
    assert box.supply.explorers_per_clan == 7
    assert box.white_count == 5
    assert sorted(box.special) == ["blue", "green", "yellow"]
    assert box.supply.clans == ("brown", "grey")


def test_start_setup_numbers() -> None:
    supply = default_components().supply
    assert (supply.start_jerrycans, supply.start_tuareks) == (2, 2)
    assert (supply.row_size, supply.territories_shown, supply.regular_piles) == (6, 4, 3)
    assert supply.max_ability_tiles == 5
    assert supply.tank_capacity_ms == 60_000


def test_costs_from_the_rulebook() -> None:
    supply = default_components().supply
    assert supply.explorer_cost == Resources(recruit=1, metal=1)
    assert supply.tuarek_cost == Resources(jerrycan=2)
    assert supply.special_die_cost == Resources(jerrycan=1)
    assert supply.fuel_up_cost == Resources(jerrycan=1)
    assert (supply.max_fuel_ups, supply.max_special_dice) == (2, 3)


def test_the_two_cards_the_rulebook_shows() -> None:
    """2 recruits: place an Explorer now; 3 wheat + 1 jerrycan: the green die every turn."""
    box = default_components()
    explorer_card = box.card("S1")
    green_card = box.card("S2")
    assert explorer_card is not None and green_card is not None
    assert explorer_card.cost == Resources(recruit=2)
    assert explorer_card.effects == (Gain("explorer", 1),)
    assert green_card.cost == Resources(wheat=3, jerrycan=1)
    assert green_card.ability is not None
    assert box.tiles[green_card.ability].effect == Effect("free_die", "green")


def test_every_ability_tile_is_granted_by_exactly_one_card() -> None:
    box = default_components()
    granted = [c.ability for c in (*box.start, *box.regular) if c.ability]
    assert sorted(granted) == sorted(box.tiles)


def test_white_dice_faces() -> None:
    faces = [f.text for f in default_components().white.faces]
    assert sorted(faces) == ["brick", "flame", "jerrycan", "metal", "recruit", "wheat"]


def test_every_die_can_flame_and_special_dice_have_their_action_faces() -> None:
    box = default_components()
    for die in (box.white, *box.special.values()):
        assert sum(f.flame for f in die.faces) == 1, die.colour
    assert any(f.tuarek for f in box.special["green"].faces)
    assert any(f.explorer for f in box.special["blue"].faces)
    assert all(
        f.resources.total() >= 1 for f in box.special["yellow"].faces if not (f.flame or f.tuarek)
    )


def test_claim_cards_are_plain() -> None:
    for card in default_components().claim:
        assert card.colour is None and card.cost.total() == 0 and card.points == 0


def test_resources_arithmetic() -> None:
    a = Resources(brick=2, jerrycan=1)
    b = Resources(brick=1)
    assert a + b == Resources(brick=3, jerrycan=1)
    assert a - b == Resources(brick=1, jerrycan=1)
    assert a.covers(b) and not b.covers(a)
    assert a.to_text() == "brick:2+jerrycan:1" and Resources().to_text() == "-"
    with pytest.raises(ValueError, match="negative"):
        _ = b - a
    with pytest.raises(ValueError, match="unknown resource"):
        Resources.of({"gold": 1})


@pytest.mark.parametrize(
    ("name", "old", "new", "message"),
    [
        (
            "cards",
            '[[start]]\nid = "S12"',
            '[[regular]]\nid = "S12"',
            "expected 12 \\[\\[start\\]\\]",
        ),
        ("cards", 'id = "R2"', 'id = "R1"', "duplicate id"),
        ("cards", "cost = { brick = 3 }", "cost = { gold = 3 }", "unknown resource"),
        ("cards", "cost = { brick = 3 }", "cost = { brick = 0 }", "count ≥ 1"),
        ("cards", 'colour = "blue"', 'colour = "purple"', "colour 'purple'"),
        ("cards", 'ability = "A10"', 'ability = "A99"', "A10 must be granted by one card, not 0"),
        ("cards", 'ability = "A10"', 'ability = "A9"', "A9 must be granted by one card, not 2"),
        ("cards", '"explorer:1"]', '"castle:1"]', "unknown effect 'castle:1'"),
        ("cards", '"jerrycan:3"', '"jerrycan:0"', "not a count"),
        ("cards", "points = 4", 'points = "four"', "'points' must be a int"),
        (
            "abilities",
            '"free_die:green"',
            '"free_die:purple"',
            "needs a die of green, yellow, blue",
        ),
        ("abilities", 'effect = "win_ties"', 'effect = "win_ties:2"', "takes no argument"),
        ("territories", 'id = "T12"', 'id = "T11"', "duplicate id"),
        (
            "territories",
            'condition = { kind = "per_territory"',
            'condition = { kind = "per_camel"',
            "condition needs a kind",
        ),
        (
            "territories",
            'kind = "all_colours", points = 2',
            'kind = "all_colours", points = 2, count = 1',
            "takes exactly points",
        ),
        ("tuareks", "count = 3", "count = 2", "expected 17 Tuareks"),
        ("tuareks", 'when = "own_turn"', 'when = "night"', "'when' must be one of"),
        ("dice", '"explorer", "flame"]', '"explorer", "metal"]', "one of them a flame"),
        ("dice", '"jerrycan", "flame"]', '"jerrycan", "jerrycan"]', "one of them a flame"),
        ("dice", '["brick", "wheat"', '["brick", "brick"', "white die: faces must be"),
        ("dice", "[special.blue]", "[special.red]", "special dice must be exactly"),
        ("supply", "jerrycans = 27", "jerrycans = 3", "fewer jerrycans than the clans start with"),
        (
            "supply",
            'clans = ["brown", "grey"]',
            'clans = ["brown", "brown"]',
            "two different clans",
        ),
        ("supply", "row_size = 6", "row_size = 0", "'row_size' must be at least 1"),
        ("supply", "tank_capacity_ms = 60000\n", "", "missing 'tank_capacity_ms'"),
    ],
)
def test_broken_data_is_refused_with_a_message_naming_it(
    name: str, old: str, new: str, message: str
) -> None:
    with pytest.raises(ComponentError, match=message) as caught:
        load_components(broken(name, old, new))
    assert str(caught.value).startswith(f"{name}.toml:")


def test_bad_toml_and_missing_files_are_refused() -> None:
    texts = shipped()
    texts["dice"] = "[white\n"
    with pytest.raises(ComponentError, match=r"dice\.toml: not valid TOML"):
        load_components(texts)
    del texts["dice"]
    with pytest.raises(ComponentError, match=r"dice\.toml: missing"):
        load_components(texts)

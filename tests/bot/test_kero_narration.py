"""Kero's messages say what happened and what things cost (issue 30): a turn's summary tells the
card taken (by the number its image prints), the territory, the burn, a dry tank and the free
refuel, a fuel-up's seconds; the results tell the final claim; options and buttons carry their
costs; no Fuel up is offered into a full tank; nothing hidden is told. Positions come from the
engine's scenario helpers (real play on a stacked deal), shown as the bot holds them."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.core.live import LiveMatch
from bot.games.kero import ADAPTER, texts, ui, views
from games.common import CHANCE, ChanceRng
from games.common.play import step
from games.kero import KeroState
from games.kero import actions as a
from games.kero.ai import KeroAI
from games.kero.board import Phase
from games.records import Player
from games.registry import get_game
from tests.games.kero.helpers import (
    BLUE_METAL_RECRUIT,
    BRICK,
    FLAME,
    METAL,
    NO_FLAMES,
    RECRUIT,
    ROW,
    TERRITORIES,
    WHEAT,
    T,
    boss_tie,
    empty_at,
    forced_setup,
    match,
    outage,
    pass_turn,
    play_turn,
    roll,
    stacked,
    stop,
)
from words import words_for

ANA, BO = ui.named("Ana"), ui.named("Bo")
"""The names as the messages write them (isolated from the text around them)."""
TUAREK_NAMES = ("Dust Storm", "Guide", "Trader", "Scout", "Water-carrier", "Fire-eater", "Smith")


def live_of(state: KeroState, language: str = "en") -> LiveMatch:
    """The match as the bot holds it: Ana (seat 0) against Bo, in `language`."""
    options = {"deal": "stacked", "variant": state.variant, "fuel_up": state.fuel_mode}
    players = (Player("100", "Ana"), Player("101", "Bo"))
    return LiveMatch(
        7,
        get_game("kero"),
        ADAPTER.rules,
        state,
        players,
        "seed",
        options,
        "1",
        "2",
        language=lambda _: words_for(language),
    )


def summary(state: KeroState, turn: int, language: str = "en") -> str:
    """Turn `turn`'s (0-based) message once play moved on: shown as of its own end."""
    live = live_of(state, language)
    past = live.at(len(state.history), ending=turn * 2)
    return texts.turn_summary(past, turn * 2)


def controls(view: discord.ui.View | None) -> list[str]:
    """The view's button labels, select placeholders and option labels."""
    found: list[str] = []
    for child in view.children if view is not None else []:
        inner: Any = getattr(child, "item", child)
        if isinstance(inner, discord.ui.Select):
            found += [str(inner.placeholder), *(o.label for o in inner.options)]
        elif isinstance(inner, discord.ui.Button):
            found.append(str(inner.label))
    return found


def fuel_buttons(live: LiveMatch) -> list[str]:
    view = views.step_view(live)
    assert view is not None
    return [
        str(getattr(c, "item", c).custom_id)
        for c in view.children
        if str(getattr(c, "item", c).custom_id).endswith((":act:fuel", ":act:fuel@"))
    ]


def burning_turn() -> KeroState:
    """Ana takes the blue die, throws two flames, takes S3 (2 wheat), places a paid Explorer
    on Ruins and ends her turn: S9, the rightmost card, burns."""
    state = match("base")
    faces = (FLAME, FLAME, WHEAT, WHEAT, BRICK, BLUE_METAL_RECRUIT)
    play_turn(state, T, faces, a.Take(1), a.Place(2), dice=("blue",))
    return state


def test_a_turn_summary_tells_the_dice_the_card_the_explorer_and_the_burn() -> None:
    text = summary(burning_turn(), 0)
    lines = text.split("\n")
    assert "turn 1 (" in lines[0] and "Ana" in lines[0] and "is over" in lines[0], text
    assert "🎲 Took a special die: 🟦 (1 ⛽)" in lines, text
    assert "🃏 Took S3 green · 1 pt for 🌾 2 wheat" in lines, text
    assert "🧭 Explorer on Ruins (⚙️ 1 metal and 🧍 1 recruit)" in lines, text
    assert "🔥 2 flames: S9 red · 0 pts burned" in lines, text
    assert any(line.startswith("✋ Stopped with 59 s left") for line in lines), text


@pytest.mark.parametrize(
    ("language", "took", "burned"),
    [
        (
            "es",
            "🃏 Tomó I3 verde · 1 pt por 🌾 2 de trigo",
            "🔥 2 llamas: I9 roja · 0 pts se quemó",
        ),
        (
            "nl",
            "🃏 Nam S3 groen · 1 punt voor 🌾 2 graan",
            "🔥 2 vlammen: S9 rood · 0 punten verbrand",
        ),
    ],
)
def test_the_summary_names_cards_as_the_image_prints_them_in_each_language(
    language: str, took: str, burned: str
) -> None:
    lines = summary(burning_turn(), 0, language).split("\n")
    assert took in lines and burned in lines, lines


def test_camp_options_and_buttons_carry_their_costs() -> None:
    state = match("base")
    live = live_of(state)
    start = controls(views.step_view(live))
    assert {"green die (1 ⛽)", "yellow die (1 ⛽)", "blue die (1 ⛽)"} <= set(start), start
    assert "Hire a Tuarek (2 ⛽)" in start, start
    roll(state, T, (WHEAT, WHEAT, RECRUIT, BRICK, BRICK))
    stop(state, T + 1_000)
    camp = controls(views.step_view(live))
    assert "S3 green · 1 pt — cost: 🌾 2 wheat" in camp, camp
    assert "S8 red · 1 pt — cost: 🧱 1 brick and 🧍 1 recruit" in camp, camp
    assert "Place an Explorer" not in camp  # no metal: no placement to pay for


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "🏅 Ana's ability tiles added 🧱 1 brick to the dice"),
        ("nl", "🏅 De vaardigheidstegels van Ana voegden 🧱 1 baksteen toe aan de dobbelstenen"),
    ],
)
def test_the_camp_says_what_ability_tiles_added_to_the_dice(language: str, said: str) -> None:
    state = match("base", row=("S5", *ROW[1:]))
    play_turn(state, T, (BRICK, BRICK, WHEAT, WHEAT, WHEAT), a.Take(1))  # S5 comes with A2
    live = live_of(state, language)
    pass_turn(state, T + 200_000)
    roll(state, T + 400_000, (WHEAT, WHEAT, WHEAT, METAL, METAL))
    stop(state, T + 401_000)
    lines = texts.step_content(live).replace(ANA, "Ana").split("\n")
    assert said in lines, lines
    pool = next(line for line in lines if "🌾 3" in line)
    assert "🧱 1" in pool, lines  # no die showed a brick: the tile's is in the pool


def test_a_free_placement_is_marked_free_and_lost_if_unused() -> None:
    state = match("base", row=("S1", *ROW[1:]))
    live = live_of(state)
    roll(state, T, (RECRUIT, RECRUIT, BRICK, BRICK, BRICK))
    stop(state, T + 1_000)
    assert "S1 green · 0 pts — cost: 🧍 2 recruits" in controls(views.step_view(live))
    state.apply(0, a.Take(1))
    camp = controls(views.step_view(live))
    assert "Place your free Explorer (lost if unused)" in camp, camp
    assert "Oil field, 2 pts — free" in camp and "Ruins, 4 pts — free" in camp, camp
    content = texts.step_content(live)
    assert "🃏 Took S1 green · 0 pts for 🧍 2 recruits" in content, content
    assert "🧭 1 free Explorer to place — lost if you end the turn without placing it." in content
    state.apply(0, a.EndTurn())
    assert "🧭 1 free Explorer went unused" in summary(state, 0).split("\n")


def test_no_fuel_up_is_offered_into_a_full_tank() -> None:
    state = match("base")
    live = live_of(state)
    assert a.FuelUp() in state.legal_actions(0)  # the rules allow it: the bot hides it
    assert fuel_buttons(live) == []
    assert "your turn: add dice, then Roll." in texts.step_content(live)
    play_turn(state, T, NO_FLAMES, stop_after=50_000)
    pass_turn(state, T + 100_000)
    assert len(fuel_buttons(live)) == 1
    assert "Fuel up (1 ⛽)" in controls(views.step_view(live))
    assert "your turn: fuel up, add dice, then Roll." in texts.step_content(live)


def test_a_water_carrier_is_not_offered_into_a_full_tank() -> None:
    state = stacked(variant="base")
    tuareks = ("water_carrier", "trader", "guide", "scout")
    state.apply(CHANCE, forced_setup(row=ROW, territories=TERRITORIES, tuareks=tuareks))
    live, w = live_of(state), words_for("en")
    _, full = views.tuarek_message(live, 0, w)
    assert "Water-carrier" not in controls(full) and "Trader: 1 wheat" not in controls(full)
    play_turn(state, T, NO_FLAMES, stop_after=50_000)
    pass_turn(state, T + 100_000)
    _, room = views.tuarek_message(live, 0, w)
    assert "Water-carrier" in controls(room), controls(room)


def test_a_dry_tank_is_told_and_the_free_refuel_gives_its_seconds() -> None:
    state = match("base")
    outage(state, T, NO_FLAMES, flames=[5])
    assert state.active == 1 and state.phase is Phase.START
    lines = summary(state, 0).split("\n")
    assert "🏜️ The tank ran dry — these dice count for nothing." in lines, lines
    refuel = "⛽ A passing Tuarek refuelled the truck with the 5 white dice: +1.8 s of KERO"
    assert refuel in lines, lines
    content = texts.step_content(live_of(state))
    assert f"{ANA}'s tank ran dry" in content and "+1.8 s of KERO" in content, content


def test_a_live_refuel_after_a_dry_tank_shows_its_throws_as_they_come() -> None:
    state = stacked(variant="base", fuel_up="live")
    state.apply(CHANCE, forced_setup(row=ROW, territories=TERRITORIES))
    live = live_of(state)
    roll(state, T, NO_FLAMES)
    empty = empty_at(state)
    state.apply(0, a.TankEmpty(empty))
    content = texts.step_content(live)
    assert "🏜️ The tank ran dry — these dice count for nothing." in content, content
    assert f"refuels {ANA} with the 5 white dice — <@101>, throw!" in content, content
    assert "🔥 0 of 5 dice show a flame · 0 throws · +0.0 s so far" in content, content
    state.apply(1, a.Throw(empty + 3_000))
    state.apply(CHANCE, a.Flames(2))
    assert "🔥 2 of 5 dice show a flame · 1 throw · +3.0 s so far" in texts.step_content(live)
    state.apply(1, a.Throw(empty + 5_000))
    state.apply(CHANCE, a.Flames(3))
    assert state.active == 1
    assert "+5.0 s of KERO" in summary(state, 0)


def test_a_live_fuel_up_ends_with_its_seconds_of_kero() -> None:
    state = stacked(variant="base", fuel_up="live")
    state.apply(CHANCE, forced_setup(row=ROW, territories=TERRITORIES))
    play_turn(state, T, NO_FLAMES, stop_after=50_000)
    pass_turn(state, T + 100_000)
    state.apply(0, a.FuelUp(T + 200_000))
    state.apply(1, a.Throw(T + 202_500))
    state.apply(CHANCE, a.Flames(8))
    content = texts.step_content(live_of(state))
    assert f"⛽ Fuel-up 1 done: {BO}'s dice took 1 throw → +2.5 s of KERO." in content, content
    play_turn(state, T + 300_000, NO_FLAMES)
    assert "⛽ Fuelled up (1 ⛽): 1 throw → +2.5 s of KERO" in summary(state, 2).split("\n")


def test_an_armed_dust_storm_stays_secret_until_it_strikes() -> None:
    """Bo arms a Dust Storm and hires a Tuarek: his turn's summary says he hired one, names
    neither; Ana's next fuel-up is told as struck by the storm."""
    state = stacked(variant="base")
    tuareks = ("guide", "trader", "dust_storm", "scout")
    state.apply(CHANCE, forced_setup(row=ROW, territories=TERRITORIES, tuareks=tuareks))
    play_turn(state, T, NO_FLAMES, stop_after=50_000)
    state.apply(1, a.Play("dust_storm"))
    state.apply(1, a.Hire())
    pass_turn(state, T + 100_000)
    bo = summary(state, 1)
    assert "🐪 Hired a Tuarek (2 ⛽)" in bo.split("\n"), bo
    assert not [name for name in TUAREK_NAMES if name in bo], bo
    state.apply(0, a.FuelUp())
    state.apply(CHANCE, a.Flames(5))
    content = texts.step_content(live_of(state))
    assert "🌪️ A Dust Storm struck: only the 5 white dice are thrown." in content, content
    assert "Fuel-up 1 done" in content and "+1.8 s of KERO" in content, content


def test_a_claim_is_told_in_the_turn_that_revealed_it_and_in_its_own_message() -> None:
    state = boss_tie()
    assert "📜 A Claim card came up: claim!" in summary(state, 1).split("\n")
    state.apply(0, a.BossChoice(1, True))
    live = live_of(state)
    claim = texts.turn_summary(live.at(len(state.history), ending=3), 3)
    assert "the claim is over" in claim and f"{ANA} won Oil field with their Boss" in claim, claim


def test_the_results_tell_the_final_claim() -> None:
    spec = get_game("kero")
    state = spec.new_match(2, {"variant": "boss"})
    assert isinstance(state, KeroState)
    players = (Player("100", "Ana"), Player("101", "Bo"))
    live = LiveMatch(1, spec, ADAPTER.rules, state, players, "s", {"variant": "boss"}, "1", "2")
    rng, ai = ChanceRng("narration"), KeroAI()
    while not state.is_terminal():
        step(state, [ai, ai], rng)
    results = texts.results_content(live)
    assert state.last_claim is not None
    assert "📜 The final claim: " in results, results
    w = live.words
    for claimed in state.last_claim.territories:
        assert ui.territory_name(w, claimed.territory) in results, results

"""Shared helpers for the Kero scenario tests: forced setups, forced dice, whole turns, snapshots;
the claim scenarios' match, the invariants every state keeps, and the refusals players meet.

Every position is reached through real play: a forced `Setup` chance action (a real deal with
chosen cards, Claim cards, territories and Tuareks moved to chosen places), forced `Faces` and
`Flames` chance actions, and the players' own actions. The helpers read the state but never write
it.

Dice order in a throw: the 5 white dice (0-4), then the special dice in the order they were added.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import pytest

from games.common import CHANCE, ChanceRng, IllegalAction, Node, Reason
from games.kero import actions as a
from games.kero.ai import KeroAI
from games.kero.chance import setup as deal
from games.kero.components import default_components
from games.kero.state import KeroState

T = 1_764_420_000_000
"""A Discord-like timestamp in ms: the scenarios' clock starts here."""
CAPACITY = 60_000
THROW_MS = 1_800
CLAIMS = ("C1", "C2", "C3")

# White faces (dice.toml): the index of each face.
BRICK, WHEAT, METAL, RECRUIT, JERRYCAN, FLAME = range(6)
# Special dice (dice.toml, house data); index 5 is the flame on every die.
GREEN_WHEAT2, GREEN_WHEAT_RECRUIT, GREEN_RECRUIT2, GREEN_TUAREK = 0, 2, 3, 4
YELLOW_BRICK2, YELLOW_BRICK_METAL, YELLOW_JERRYCAN2, YELLOW_TUAREK = 0, 2, 3, 4
BLUE_METAL2, BLUE_METAL_RECRUIT, BLUE_RECRUIT_JERRYCAN, BLUE_EXPLORER = 0, 2, 3, 4
NO_FLAMES = (BRICK,) * 5
"""Five white bricks: no flame, nothing that a pass turn could use."""
TWO_FLAMES = (FLAME, FLAME, BRICK, BRICK, BRICK)


def _first_then_rest(first: Sequence[str], dealt: Iterable[str]) -> list[str]:
    """`first` in order, then what is left of `dealt` (one occurrence removed per id of `first`)."""
    rest = list(dealt)
    for item in first:
        rest.remove(item)
    return [*first, *rest]


def forced_setup(
    *,
    first: int = 0,
    row: Sequence[str] = (),
    after: Sequence[str] = (),
    claim_draws: Sequence[int] | None = None,
    territories: Sequence[str] = (),
    tuareks: Sequence[str] = (),
    seed: int = 1,
) -> a.Setup:
    """A real deal (seed `seed`) rearranged so that:

    - `row` fills row slots 1.. from the left (missing slots keep the deal's next cards);
    - `after` are the next cards drawn from the deck, in order;
    - `claim_draws[i]` is the draw number of Claim card C(i+1) counted from the first card drawn
      after the initial row (1 = the first refill card); Claim cards not listed go to the bottom.
      Without `claim_draws` the Claim cards keep their dealt places (deep in the deck);
    - `territories` are shown first (slots 1-4), then the next ones of the pile;
    - `tuareks` are the top of the Tuarek pile: seat 0 takes 2, seat 1 the next 2, then the pile.
    """
    box = default_components()
    dealt = deal(box, ChanceRng(seed))
    top = [*row, *after]
    if any(c in CLAIMS for c in top):
        raise ValueError("place Claim cards with claim_draws")
    if len(row) > box.supply.row_size:
        raise ValueError("the row has 6 slots")
    if claim_draws is None:
        deck = _first_then_rest(top, dealt.deck)
    else:
        if list(claim_draws) != sorted(claim_draws) or min(claim_draws, default=1) < 1:
            raise ValueError("claim draws are ascending and start at 1")
        deck = _first_then_rest(top, [c for c in dealt.deck if c not in CLAIMS])
        unplaced = list(CLAIMS[len(claim_draws) :])
        for claim, draw in zip(CLAIMS, claim_draws, strict=False):
            deck.insert(box.supply.row_size - 1 + draw, claim)
        deck += unplaced
    return a.Setup(
        first,
        tuple(deck),
        tuple(_first_then_rest(territories, dealt.territories)),
        tuple(_first_then_rest(tuareks, dealt.tuareks)),
    )


STACKED = {"deal": "stacked"}
"""The option a forced deal needs: its deck is stacked, not built as the rulebook says."""


def stacked(**options: Any) -> KeroState:
    """A new match that accepts a stacked deal (the `deal: stacked` option), with `options`."""
    return KeroState({**STACKED, **options})


def new_match(**setup: Any) -> KeroState:
    """A match after a forced setup (see `forced_setup` for the arguments)."""
    state = stacked()
    state.apply(CHANCE, forced_setup(**setup))
    return state


# --- reading the state ---------------------------------------------------------------------------


def kero(state: KeroState, seat: int) -> int:
    """The KERO in the seat's tank (ms)."""
    return int(state.camps[seat].tank.level_ms)


def empty_at(state: KeroState) -> int:
    """E: when the tipped truck runs dry."""
    window = state.turn.window
    assert window is not None, "the truck is not tipped"
    return int(window.empty_at)


def slot_of(state: KeroState, card: str) -> int:
    """The row slot (1-6) showing this card."""
    return state.row.index(card) + 1


def snapshot(state: KeroState) -> tuple[Any, ...]:
    """Everything an action could change, to compare before and after a refusal: the summary and
    a deep copy of every attribute of the state (the immutable component box aside)."""
    fields = {k: v for k, v in vars(state).items() if k != "box"}
    return state.summary(), state.chance_due(), copy.deepcopy(fields)


def refused(
    state: KeroState, seat: int, action: Any, reason: Reason | None = None
) -> IllegalAction:
    """The action raises an IllegalAction (with this reason, if given) and changes nothing."""
    before = snapshot(state)
    version, history = state.version, len(state.history)
    with pytest.raises(IllegalAction) as info:
        state.apply(seat, action)
    if reason is not None:
        assert info.value.reason is reason, f"{info.value} (reason {info.value.reason})"
    assert state.version == version
    assert len(state.history) == history
    assert snapshot(state) == before
    return info.value


# --- playing ------------------------------------------------------------------------------------


def fuel_up(state: KeroState, flames: Sequence[int]) -> None:
    """The active clan pays a fuel-up; the opponent's throws show these new flames in turn."""
    state.apply(state.active, a.FuelUp())
    for count in flames:
        state.apply(CHANCE, a.Flames(count))


def roll(state: KeroState, at: int, faces: Sequence[int], dice: Sequence[str] = ()) -> None:
    """The active clan adds these special dice (1 jerrycan each), tips the truck at `at` and
    throws: `faces` gives every die's face, the 5 white dice first, then the special dice."""
    for colour in dice:
        state.apply(state.active, a.AddDie(colour))
    state.apply(state.active, a.Roll(at))
    state.apply(CHANCE, a.Faces(tuple(faces)))


def reroll(state: KeroState, dice: Sequence[int], at: int, faces: Sequence[int]) -> None:
    """Re-roll these dice at `at`; they show `faces` (in ascending die order)."""
    state.apply(state.active, a.Reroll(tuple(dice), at))
    state.apply(CHANCE, a.Faces(tuple(faces)))


def stop(state: KeroState, at: int) -> None:
    """Lay the truck flat at `at`: the dice are collected."""
    state.apply(state.active, a.Stop(at))


def camp(state: KeroState, *actions: Any) -> None:
    """The active clan's camp actions, in order."""
    for action in actions:
        state.apply(state.active, action)


def end_turn(state: KeroState) -> None:
    """End the active clan's turn: Fire, slide, refill, maybe a claim."""
    state.apply(state.active, a.EndTurn())


def play_turn(
    state: KeroState,
    at: int,
    faces: Sequence[int],
    *camp_actions: Any,
    dice: Sequence[str] = (),
    stop_after: int = 1_000,
) -> None:
    """A whole turn: roll at `at`, stop `stop_after` ms later, camp actions, end the turn."""
    roll(state, at, faces, dice)
    stop(state, at + stop_after)
    camp(state, *camp_actions)
    end_turn(state)


def pass_turn(state: KeroState, at: int) -> None:
    """A turn that changes nothing on the board: five bricks, no flame, nothing bought."""
    play_turn(state, at, NO_FLAMES)


def outage(state: KeroState, at: int, faces: Sequence[int], flames: Sequence[int]) -> None:
    """Roll, let the tank run dry (TankEmpty at E), and the free 5-dice refuel's throws."""
    roll(state, at, faces)
    state.apply(state.active, a.TankEmpty(empty_at(state)))
    for count in flames:
        state.apply(CHANCE, a.Flames(count))


# --- probing ------------------------------------------------------------------------------------


def probe_actions(state: KeroState) -> list[a.Action]:
    """One or more actions of every kind a player can send, timed ones stamped at the match
    clock: whatever the state, most are refused, and each refusal must say why in words."""
    now = state.clock_ms
    out: list[a.Action] = [
        a.FuelUp(),
        a.FuelUp(now),
        a.Throw(now),
        a.AutoFuel(now),
        *(a.AddDie(colour) for colour in ("green", "yellow", "blue")),
        a.Roll(now),
        a.Reroll((0,), now),
        a.Reroll((0, 1, 2, 3, 4), now),
        a.Stop(now),
        *(a.Take(slot) for slot in range(1, 7)),
        *(a.Place(slot, boss) for slot in range(1, 5) for boss in (False, True)),
        a.Hire(),
        a.EndTurn(),
        a.BossChoice(1, True),
        a.BossChoice(2, False),
        a.TieBreak(1),
        a.Play("guide", "green"),
        a.Play("guide", "red"),
        a.Play("trader", "wheat"),
        a.Play("trader", "gold"),
        a.Play("scout"),
        a.Play("water_carrier", None, now),
        a.Play("water_carrier"),
        a.Play("fire_eater"),
        a.Play("smith", "0", now),
        a.Play("dust_storm"),
        a.Play("camel"),
    ]
    out += [a.Use(f"A{n}") for n in range(1, 11)]
    return [*out, a.Use("A10", "0", now), a.Use("A10", "9", now)]


# -- claims: a forced deal, placements, a Boss tie (test_claims, the bot's claim tests) ------------


ROW = ("S3", "S7", "S8", "S12", "S4", "S9")
"""Cheap Start cards: S3 2wh · S7 2br+1me · S8 1br+1re · S12 1me+1wh · S4 2wh+1br · S9 2me."""
AFTER = ("R1", "R2", "R3", "R5")
"""The deck's next cards, after the row."""
TERRITORIES = ("T3", "T4", "T12", "T1", "T5", "T6", "T7", "T8", "T9", "T10", "T11", "T2")
"""Shown first: T3 Oil field (+2 jc on claim), T4 Ruins, T12 Badlands, T1 Oasis; then T5-T8."""


def match(variant: str = "boss", **setup: Any) -> KeroState:
    """A match of this variant after a forced setup (seat 0 first, the row, the cards after
    it and the territories above)."""
    setup = {"first": 0, "after": AFTER, "territories": TERRITORIES, **setup}
    setup.setdefault("row", ROW)
    state = stacked(variant=variant)
    state.apply(CHANCE, forced_setup(**setup))
    return state


def place_turn(s: KeroState, at: int, *places: a.Place, claim: bool = False) -> None:
    """The active clan pays for these placements (1 recruit + 1 metal each, the blue die adding
    a pair when the white dice are short) and ends its turn; with `claim`, two flames burn the
    rightmost card and the refill draws the next card."""
    whites = [FLAME, FLAME] if claim else []
    pairs = len(places) if 2 * len(places) + len(whites) <= 5 else len(places) - 1
    whites += [RECRUIT, METAL] * pairs
    assert len(whites) <= 5, "too many placements for one turn"
    whites += [BRICK] * (5 - len(whites))
    blue = pairs < len(places)
    faces = (*whites, BLUE_METAL_RECRUIT) if blue else tuple(whites)
    play_turn(s, at, faces, *places, dice=("blue",) if blue else ())


def boss_tie(**setup: Any) -> KeroState:
    """Seat 0's Boss and seat 1's Explorer tie on T3 (slot 1), seat 0 alone on T4 (slot 2);
    seat 1's turn reveals C1."""
    s = match(claim_draws=(1,), **setup)
    place_turn(s, T, a.Place(1, boss=True), a.Place(2))
    place_turn(s, T + 100_000, a.Place(1), claim=True)
    return s


# -- properties and refusals (test_properties, test_pass, test_refusal_words, the bot) -------------


def check_invariants(state: KeroState) -> None:
    """Nothing is created or lost, nothing goes negative, the tanks stay in range."""
    box = state.box
    supply = box.supply
    assert state.version == len(state.history)
    assert state.jerrycans + sum(c.jerrycans for c in state.camps) == supply.jerrycans
    assert state.jerrycans >= 0 and all(c.jerrycans >= 0 for c in state.camps)
    for seat, camp in enumerate(state.camps):
        out = sum(counts[seat] for counts in state.explorers)
        assert camp.explorers + out == supply.explorers_per_clan
        assert 0 <= camp.tank.level_ms <= supply.tank_capacity_ms
        assert len(camp.tiles) <= supply.max_ability_tiles
    if state.chance_due() == "setup":
        return
    cards = [*state.deck, *(c for c in state.row if c), *state.discard]
    cards += [c for camp in state.camps for c in camp.cards]
    assert sorted(cards) == sorted(box.cards_by_id), "every card is somewhere, once"
    territories = [*state.territory_pile, *(t for t in state.territories if t), *state.boxed]
    territories += [t for camp in state.camps for t in camp.territories]
    assert sorted(territories) == sorted(box.territories_by_id)
    tuareks = [*state.tuarek_pile, *state.tuarek_used, *(t for c in state.camps for t in c.tuareks)]
    armed = sum(c.armed for c in state.camps)
    assert len(tuareks) + armed == sum(t.count for t in box.tuareks)
    pool = state.turn.pool
    assert min(pool.as_tuple()) >= 0
    for seat, camp in enumerate(state.camps):
        if camp.boss_slot is not None:
            assert camp.boss_side and state.explorers[camp.boss_slot][seat] >= 1
        if state.variant == "base":
            assert not camp.boss_side


def refusals(matches: int = 2) -> Iterator[IllegalAction]:
    """The refusals of every probe action at every decision of some computer matches."""
    for variant in ("base", "boss"):
        for fuel_mode in ("auto", "live"):
            for seed in range(matches):
                state = KeroState({"variant": variant, "fuel_up": fuel_mode})
                ai, rng = KeroAI(), ChanceRng(f"words/{variant}/{fuel_mode}/{seed}")
                while not state.is_terminal():
                    if state.node() is Node.CHANCE:
                        state.apply(CHANCE, state.sample_chance(rng))
                        continue
                    seat = state.seats_to_act()[0]
                    yield from _refused(state, seat)
                    state.apply(seat, ai.choose(state, seat))


def _refused(state: KeroState, seat: int) -> Iterator[IllegalAction]:
    for action in probe_actions(state):
        try:
            state.clone().apply(seat, action)
        except IllegalAction as error:
            yield error

"""Setups follow the rulebook's deck building: the 12 Start cards on top, then three piles of
Regular cards each holding one Claim card. A stacked deal (the `deal: stacked` option, for tests
and puzzles) may order the cards freely, but never shows a Claim card in the opening row."""

from __future__ import annotations

import json

import pytest

from games.common import CHANCE, ChanceRng, Reason
from games.kero import actions as a
from games.kero.chance import deal_problem
from games.kero.chance import setup as deal
from games.kero.components import default_components
from games.kero.state import KeroState
from games.records import Entry, MatchRecord, Player, RecordError, replay
from tests.games.kero.helpers import STACKED, refused, stacked

BOX = default_components()
CLAIM_IN_ROW = "a Claim card can't be dealt into the opening row"
START_ON_TOP = "a rulebook deal puts the 12 Start cards on top of the deck"
ONE_CLAIM_A_PILE = (
    "a rulebook deal stacks 3 piles of 8 Regular cards under the Start cards, "
    "each with one Claim card shuffled in"
)


def good() -> a.Setup:
    return deal(BOX, ChanceRng("deals"))


def with_deck(setup: a.Setup, deck: list[str]) -> a.Setup:
    return a.Setup(setup.first, tuple(deck), setup.territories, setup.tuareks)


def swapped(deck: tuple[str, ...], i: int, j: int) -> list[str]:
    out = list(deck)
    out[i], out[j] = out[j], out[i]
    return out


def test_every_seeded_deal_is_a_rulebook_deal() -> None:
    for seed in range(200):
        setup = deal(BOX, ChanceRng(seed))
        assert deal_problem(BOX, setup.deck, stacked=False) is None
        assert set(setup.deck[:12]) == {f"S{n}" for n in range(1, 13)}
        piles = [setup.deck[12 + 9 * p : 21 + 9 * p] for p in range(3)]
        assert [sum(c.startswith("C") for c in pile) for pile in piles] == [1, 1, 1]


@pytest.mark.parametrize("options", [{}, STACKED], ids=["rulebook", "stacked"])
def test_a_claim_card_in_the_opening_row_is_refused_by_every_deal(options: dict[str, str]) -> None:
    setup = good()
    claim = setup.deck.index("C1")
    s = KeroState(dict(options))
    error = refused(s, CHANCE, with_deck(setup, swapped(setup.deck, 2, claim)), Reason.BAD_ROLL)
    assert str(error) == CLAIM_IN_ROW


def test_a_regular_card_among_the_start_cards_is_refused() -> None:
    setup = good()
    error = refused(KeroState(), CHANCE, with_deck(setup, swapped(setup.deck, 8, 14)))
    assert str(error) == START_ON_TOP


def test_two_claim_cards_in_one_pile_are_refused() -> None:
    setup = good()
    deck = list(setup.deck)
    pile = range(12 + (deck.index("C1") - 12) // 9 * 9, 21 + (deck.index("C1") - 12) // 9 * 9)
    other = next(i for i in pile if deck[i] != "C1")
    second = deck.index("C2")
    deck[other], deck[second] = deck[second], deck[other]
    error = refused(KeroState(), CHANCE, with_deck(setup, deck), Reason.BAD_ROLL)
    assert str(error) == ONE_CLAIM_A_PILE


def regular_first(setup: a.Setup) -> a.Setup:
    """The first pile's Regular cards on top of the Start cards, its Claim card below them."""
    pile = setup.deck[12:21]
    claim = next(c for c in pile if c.startswith("C"))
    regular = [c for c in pile if c != claim]
    return with_deck(setup, [*regular, *setup.deck[:12], claim, *setup.deck[21:]])


def test_a_stacked_deal_is_accepted_only_with_its_option() -> None:
    setup = regular_first(good())
    error = refused(KeroState(), CHANCE, setup, Reason.BAD_ROLL)
    assert str(error) == START_ON_TOP
    s = stacked()
    s.apply(CHANCE, setup)
    assert s.deal == "stacked" and s.row == list(setup.deck[:6])


def test_an_unknown_deal_option_is_refused() -> None:
    with pytest.raises(ValueError, match="deal must be one of rulebook, stacked"):
        KeroState({"deal": "loaded"})


def test_a_record_with_a_stacked_setup_replays_only_if_it_says_so() -> None:
    stacked_deck = regular_first(good())
    players = (Player("1", "Ana"), Player("2", "Bo"))
    entries = (Entry(CHANCE, stacked_deck.to_text()),)
    plain = MatchRecord.from_json(json.loads(MatchRecord("kero", players, entries).dumps()))
    with pytest.raises(RecordError) as info:
        replay(plain)
    assert str(info.value).endswith(f"): {START_ON_TOP}")
    assert str(info.value).startswith("action #1 (chance 'setup:")
    declared = MatchRecord("kero", players, entries, options=STACKED)
    assert isinstance(replay(declared), KeroState)

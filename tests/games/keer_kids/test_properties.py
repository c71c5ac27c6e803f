"""Property tests: random legal play never breaks an invariant, and records replay exactly."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.common import CHANCE, ChanceRng, Node
from games.keer_kids import KeerState, Roll, new_match, parse_action
from games.keer_kids.dice import FACES
from games.records import MatchRecord, Player, record_of, replay
from tests.games.keer_kids.helpers import check_invariants

MAX_ROLLS = 400
PROPERTY = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def play_randomly(
    data: st.DataObject, players: int, rng: ChanceRng | None = None, first: int = 0
) -> KeerState:
    """Play a whole match from seat `first`'s roll, hypothesis choosing among the legal actions;
    rolls from a seeded rng.

    Rolls come from the chance stream (hypothesis would shrink them all to one colour, a match
    that never ends); without a given rng, a few forced rolls at the start add hand-picked dice.
    """
    state = new_match(players, {"first": first})
    forced: list[tuple[str, ...]] = []
    if rng is None:
        rng = ChanceRng(data.draw(st.integers(0, 2**32), label="seed"))
        forced = data.draw(st.lists(st.tuples(*[st.sampled_from(FACES)] * 3), max_size=3))
    while not state.is_terminal():
        assert state.rolls <= MAX_ROLLS, "the match did not end"
        if state.node() is Node.CHANCE:
            roll = (
                Roll(forced[state.rolls]) if state.rolls < len(forced) else state.sample_chance(rng)
            )
            state.apply(CHANCE, roll)
        else:
            for seat in state.seats_to_act():
                legal = state.legal_actions(seat)
                assert legal, f"seat {seat} must always have an action"
                action = data.draw(st.sampled_from(legal))
                assert parse_action(action.to_text()) == action
                before = state.version
                state.apply(seat, action)
                assert state.version == before + 1
        check_invariants(state)
    return state


def players_of(n: int) -> list[Player]:
    return [Player(f"u{i}", f"Player {i}") for i in range(n)]


@PROPERTY
@given(data=st.data(), players=st.integers(2, 4))
def test_random_legal_play_keeps_every_invariant_and_ends(
    data: st.DataObject, players: int
) -> None:
    state = play_randomly(data, players)
    outcome = state.outcome()
    assert outcome is not None
    best = max(outcome.scores)
    assert outcome.winners == {s for s, score in enumerate(outcome.scores) if score == best}


@PROPERTY
@given(data=st.data(), players=st.integers(2, 4))
def test_replaying_the_record_rebuilds_the_identical_state(
    data: st.DataObject, players: int
) -> None:
    first = data.draw(st.integers(0, players - 1), label="first")
    state = play_randomly(data, players, first=first)
    options = {"first": first}
    record = record_of("keer-kids", state, players_of(players), options=options)
    again = replay(MatchRecord.from_json(record.to_json()))
    assert again.summary() == state.summary()
    assert again.history == state.history


@PROPERTY
@given(data=st.data(), players=st.integers(2, 4), seed=st.integers(0, 2**64))
def test_a_record_without_rolls_replays_from_its_seed(
    data: st.DataObject, players: int, seed: int
) -> None:
    state = play_randomly(data, players, rng=ChanceRng(seed))
    full = record_of("keer-kids", state, players_of(players), seed=seed)
    no_rolls = MatchRecord(
        game=full.game,
        players=full.players,
        entries=tuple(e for e in full.entries if e.seat != CHANCE),
        seed=full.seed,
    )
    again = replay(no_rolls)
    assert again.summary() == state.summary()
    assert again.history == state.history


@PROPERTY
@given(data=st.data(), players=st.integers(2, 4))
def test_a_partial_record_replays_to_the_same_midgame_state(
    data: st.DataObject, players: int
) -> None:
    state = play_randomly(data, players)
    cut = data.draw(st.integers(0, len(state.history)))
    partial = MatchRecord(
        "keer-kids",
        tuple(players_of(players)),
        record_of("keer-kids", state, players_of(players)).entries[:cut],
    )
    midgame = replay(partial)
    assert midgame.version == cut
    assert midgame.history == state.history[:cut]
    check_invariants(midgame)

"""Every action has a compact text form that parses back to the same action."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.common import ActionParseError, IllegalAction
from games.keer_kids import Cross, Keep, Mark, Miss, Roll, Skip, parse_action
from games.keer_kids.dice import FACES

EXAMPLES = [
    ("roll:BYP", Roll(("blue", "yellow", "purple"))),
    ("roll:RGO", Roll(("red", "green", "orange"))),
    ("roll:PPP", Roll(("purple", "purple", "purple"))),
    ("keep:0", Keep(0)),
    ("keep:2", Keep(2)),
    ("cross:1:E3", Cross(1, "E3")),
    ("cross:0:M12", Cross(0, "M12")),
    ("mark:2", Mark(2)),
    ("mark:0:L4", Mark(0, "L4")),
    ("skip", Skip()),
    ("miss", Miss()),
]

DIE = st.integers(0, 2)
ENCLOSURE = st.from_regex(r"[A-Z][1-9][0-9]?", fullmatch=True)
ACTIONS = st.one_of(
    st.tuples(*[st.sampled_from(FACES)] * 3).map(Roll),
    DIE.map(Keep),
    st.builds(Cross, DIE, ENCLOSURE),
    st.builds(Mark, DIE, st.none() | ENCLOSURE),
    st.just(Skip()),
    st.just(Miss()),
)


@pytest.mark.parametrize(("text", "action"), EXAMPLES)
def test_text_forms_parse_to_the_action_and_back(text: str, action) -> None:
    assert action.to_text() == text
    assert parse_action(text) == action


def test_roll_letters_cover_every_face() -> None:
    letters = Roll(FACES[:3]).to_text() + Roll(FACES[3:]).to_text()
    assert letters == "roll:BRGroll:YOP"
    assert parse_action("roll:YOP").dice == ("yellow", "orange", "purple")


@settings(max_examples=300, deadline=None)
@given(ACTIONS)
def test_every_action_round_trips_through_its_text(action) -> None:
    text = action.to_text()
    assert parse_action(text) == action
    assert parse_action(text).to_text() == text


@settings(max_examples=300, deadline=None)
@given(st.one_of(st.text(max_size=12), ACTIONS.map(lambda a: a.to_text() + "x")))
def test_any_text_parses_to_its_own_action_or_is_refused(text: str) -> None:
    """A text either is exactly an action's canonical form or raises ActionParseError."""
    try:
        action = parse_action(text)
    except ActionParseError as exc:
        assert repr(text) in str(exc)
    else:
        assert action.to_text() == text


@pytest.mark.parametrize(
    "text",
    [
        "",
        " ",
        "keep:3",
        "keep:-1",
        "keep:",
        "keep",
        "keep:01",
        "cross:1:",
        "cross:1",
        "cross:3:E3",
        "cross:1:E0",
        "cross:1:E100",
        "cross:1:e3",
        "cross:1:E3 ",
        " cross:1:E3",
        "cross:1:E3\n",
        "cross:1:EE3",
        "roll:BYZ",
        "roll:BY",
        "roll:BYPP",
        "roll:byp",
        "roll:",
        "mark:1:e3",
        "mark:1:",
        "mark:3",
        "mark",
        "skip:1",
        "skip ",
        "SKIP",
        "miss:1",
        "miss ",
        "MISS",
        "missed",
        "Keep:1",
        "pass",
    ],
)
def test_malformed_texts_are_refused(text: str) -> None:
    with pytest.raises(ActionParseError, match="is not a Keer op Keer Kids action"):
        parse_action(text)


def test_a_parse_error_is_not_an_illegal_action() -> None:
    """A malformed text is a different failure from a well-formed action the rules refuse."""
    with pytest.raises(ActionParseError) as info:
        parse_action("keep:9")
    assert isinstance(info.value, ValueError)
    assert not isinstance(info.value, IllegalAction)


def test_actions_are_frozen_values() -> None:
    assert Cross(1, "E3") == Cross(1, "E3") and Cross(1, "E3") != Cross(2, "E3")
    assert Mark(1) != Mark(1, "E3") and Mark(1).chameleon is None
    assert len({Skip(), Skip(), Keep(0), Keep(0), Miss(), Miss()}) == 3
    with pytest.raises(AttributeError):
        Keep(0).die = 1  # type: ignore[misc]

"""A member's name in a sentence (`isolate(shown(name))`) can garble nothing (issue 33): whatever
the name holds, it stays one isolate of one line, steers none of the sentence around it, pings
no one, and reads as typed."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from typing import Final

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.ui.names import shown
from words import isolate
from words.catalog import NAMELESS

FSI: Final = "\u2068"
PDI: Final = "\u2069"
BIDI_CONTROL: Final = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
"""Unicode's Bidi_Control property (PropList.txt), written out rather than taken from the code."""
STEERING: Final = frozenset({"LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"})
"""The bidi classes of embeddings, overrides and isolates."""
MENTIONS: Final = tuple(
    re.compile(p)
    for p in (r"<@!?\d+>", r"<@&\d+>", r"<#\d+>", r"</[^>]+:\d+>", "@everyone", "@here")
)
AFTER: Final = " 12 points"
CHECKED = settings(max_examples=400, deadline=None)

_ids = st.integers(0, 10**20).map(str)
_mentions = st.one_of(
    st.sampled_from(["@everyone", "@here", "<id:browse>"]),
    st.builds("<@{}>".format, _ids),
    st.builds("<@!{}>".format, _ids),
    st.builds("<@&{}>".format, _ids),
    st.builds("<#{}>".format, _ids),
    st.builds("</{}:{}>".format, st.from_regex(r"[a-z_\- ]{1,20}", fullmatch=True), _ids),
)
_troublemakers = st.one_of(
    st.sampled_from(sorted(BIDI_CONTROL)),
    st.characters(categories=["Cc", "Zl", "Zp"]),
    st.sampled_from(list("<@&!#/:>*_`~|\\\u200b ")),
)
_pieces = st.one_of(_mentions, _troublemakers, st.text(max_size=4))
names = st.one_of(st.text(), st.lists(_pieces, max_size=12).map("".join))
"""Any text at all, and text built to hurt: mentions, direction and control characters, markdown
and escapes, mixed with anything."""


def depths(text: str) -> Iterator[int]:
    """How many embeddings, overrides and isolates are open after each character of `text` (the
    bidi algorithm's rules X1-X8, without its depth limit; a paragraph end closes them all)."""
    stack: list[str] = []
    for char in text:
        kind = unicodedata.bidirectional(char)
        if kind in ("LRE", "RLE", "LRO", "RLO"):
            stack.append(kind)
        elif kind in ("LRI", "RLI", "FSI"):
            stack.append("isolate")
        elif kind == "PDF" and stack and stack[-1] != "isolate":
            stack.pop()
        elif kind == "PDI" and "isolate" in stack:
            while stack.pop() != "isolate":
                pass
        elif kind == "B":
            stack.clear()
        yield len(stack)


def one_line(name: str) -> str:
    """`name` without what a name may not hold: controls, line and paragraph breaks, direction
    controls."""
    dropped = ("Cc", "Zl", "Zp")
    return "".join(
        c for c in name if unicodedata.category(c) not in dropped and c not in BIDI_CONTROL
    )


def unescaped(text: str) -> str:
    """`text` without zero-width spaces and backslashes (what escaping adds)."""
    return text.replace("\\", "").replace("\u200b", "")


def check(name: str) -> None:
    """Every promise `isolate(shown(name))` makes about `name` in a sentence."""
    named = isolate(shown(name))
    assert named[0] == FSI and named[-1] == PDI, ascii(named)
    inner = named[1:-1]
    assert not [c for c in inner if c in BIDI_CONTROL or unicodedata.bidirectional(c) in STEERING]
    assert not [c for c in inner if unicodedata.category(c) in ("Cc", "Zl", "Zp")]
    assert not [c for c in inner if unicodedata.bidirectional(c) in ("B", "S")]  # one line
    assert sum(c in "\u2066\u2067\u2068" for c in named) == named.count(PDI) == 1
    before = "Ana, "
    sentence = before + named + AFTER
    levels = list(depths(sentence))
    assert levels[len(before) - 1] == 0  # the sentence is at its own level up to the name
    assert all(level == 1 for level in levels[len(before) : len(before) + len(named) - 1])
    assert all(level == 0 for level in levels[len(before) + len(named) - 1 :])  # closed for good
    assert sentence.endswith(PDI + AFTER)
    assert not [m.pattern for m in MENTIONS if m.search(inner)], ascii(inner)
    line = one_line(name)
    if line.strip():
        assert unescaped(inner) == unescaped(line), ascii(inner)  # otherwise as typed
    else:
        assert inner == NAMELESS


@CHECKED
@given(st.text())
def test_any_text_as_a_name_stays_one_balanced_line_without_mentions(name: str) -> None:
    check(name)


@CHECKED
@given(names)
def test_names_built_from_mentions_and_controls_garble_nothing(name: str) -> None:
    check(name)


@CHECKED
@given(st.text())
def test_isolate_is_balanced_whatever_text_it_wraps(text: str) -> None:
    named = isolate(text)
    levels = list(depths(named + AFTER))
    assert all(level == 1 for level in levels[: len(named) - 1])
    assert all(level == 0 for level in levels[len(named) - 1 :])


def test_a_name_ending_pdi_rlo_leaves_the_points_after_it_in_order() -> None:
    name = "Zoë\u2069\u202e"  # closes the isolate, then overrides right-to-left
    sentence = f"{isolate(shown(name))}{AFTER}"
    assert sentence == f"{FSI}Zoë{PDI}{AFTER}"
    assert list(depths(sentence))[-len(AFTER) :] == [0] * len(AFTER)
    assert isolate(name) == f"{FSI}Zoë{PDI}"  # isolate alone keeps its balance too
    check(name)


def test_short_role_user_channel_and_command_mentions_are_escaped() -> None:
    assert shown("<@&1>") == "<@\u200b&1>"
    assert shown("<@7> <@!42> <#3>") == "<@\u200b7> <@\u200b!42> <\u200b#3>"
    assert shown("</play:123>") == "<\u200b/play:123>"
    assert shown("@here @everyone") == "@\u200bhere @\u200beveryone"
    assert shown("Bo@2024 <3") == "Bo@2024 <3"  # no mention: left as typed


def test_control_characters_and_breaks_are_dropped() -> None:
    assert shown("Ana\n\tBo\x00\x7f\x85\u2028\u2029") == "AnaBo"
    assert (
        shown("\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069Bo") == "Bo"
    )


def test_a_name_with_nothing_left_to_show_reads_as_a_question_mark() -> None:
    assert shown("") == shown("\u202e\u2069\n") == shown("   ") == NAMELESS == "?"


def test_right_to_left_cjk_and_emoji_names_are_kept_as_typed() -> None:
    for name in ("سارة أحمد", "דוד כהן", "李小龍", "Zoë 🎲🐪", "👩🏽‍🚀"):
        assert shown(name) == name
        assert isolate(shown(name)) == FSI + name + PDI

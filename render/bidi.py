"""Which way each part of a line of text runs, and the order its pieces are drawn in: the
Unicode bidi algorithm's rules for a line of names and words, on one embedding level, with
isolates.

A name inside a sentence is isolated (`words.isolate`: U+2068 … U+2069, as the message
catalogs' callers do with what they fill in), so an Arabic or Hebrew name never turns an
English, Spanish or Dutch sentence around, and the sentence never reorders the name. Outside
isolates a letter runs its own way; spaces, digits, punctuation and emoji take the way of the
letters on both sides when they agree, else the line's (its first letter's). Runs of one way are
drawn in the line's order, a right-to-left group of them reversed; the characters inside a
right-to-left run are ordered by the shaping engine (raqm) that draws it.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from typing import Final, TypeVar

from words.catalog import PDI

T = TypeVar("T")

_OPENERS: Final = frozenset({"\u2066", "\u2067", "\u2068"})
CONTROLS: Final = frozenset(
    {"\u200e", "\u200f", "\u202a", "\u202b", "\u202c", "\u202d", "\u202e", *_OPENERS, PDI}
)
"""Directional marks, embeddings and isolates: they steer the order, and are never drawn."""
_RTL: Final = frozenset({"R", "AL"})
Item = str | tuple[str, ...]
"""A cluster of the line, or the clusters of one isolate."""


def strong(cluster: str) -> bool | None:
    """True for a right-to-left letter (or mark U+200F), False for a left-to-right one (or
    U+200E), None for the rest."""
    char = cluster[0]
    if char in ("\u200e", "\u200f"):
        return char == "\u200f"
    bidi = unicodedata.bidirectional(char)
    return True if bidi in _RTL else False if bidi == "L" else None


def items(parts: Sequence[str]) -> list[Item]:
    """The line's clusters, each isolate's gathered into one item (nested isolates flattened;
    directional controls dropped once they have told where isolates are)."""
    out: list[Item] = []
    inside: list[str] | None = None
    depth = 0
    for part in parts:
        if part[0] in _OPENERS:
            depth += 1
            inside = [] if inside is None else inside
        elif part[0] == PDI and depth:
            depth -= 1
            if depth == 0 and inside is not None:
                if inside:
                    out.append(tuple(inside))
                inside = None
        elif part[0] in CONTROLS and part[0] not in ("\u200e", "\u200f"):
            continue
        elif inside is not None:
            inside.append(part)
        else:
            out.append(part)
    if inside:  # an isolate never closed ends with the line
        out.append(tuple(inside))
    return out


def first_strong(parts: Sequence[str], default: bool = False) -> bool:
    """The way the first letter among `parts` runs (`default` if there is none)."""
    return next((s for s in map(strong, parts) if s is not None), default)


def line_direction(line: Sequence[Item]) -> bool:
    """The line's way: its first letter outside isolates, else inside one, else left to right."""
    ways = (strong(item) for item in line if isinstance(item, str))
    outside = next((way for way in ways if way is not None), None)
    if outside is not None:
        return outside
    return first_strong([c for item in line if isinstance(item, tuple) for c in item])


def resolve(ways: Sequence[bool | None], paragraph: bool) -> list[bool]:
    """Each item's way: a letter's own; anything else that of the letters on both sides when
    they agree, else the paragraph's (the line's start and end count as the paragraph's)."""
    before, after = [paragraph] * len(ways), [paragraph] * len(ways)
    for i in range(1, len(ways)):
        previous = ways[i - 1]
        before[i] = previous if previous is not None else before[i - 1]
    for i in range(len(ways) - 2, -1, -1):
        following = ways[i + 1]
        after[i] = following if following is not None else after[i + 1]
    return [
        way if way is not None else (before[i] if before[i] == after[i] else paragraph)
        for i, way in enumerate(ways)
    ]


def visual(units: Sequence[T], rtl: Callable[[T], bool], paragraph: bool) -> list[T]:
    """Units in the order they are drawn, left to right: groups of one way in the paragraph's
    order, the units of a right-to-left group reversed."""
    groups: list[list[T]] = []
    for unit in units:
        if groups and rtl(groups[-1][0]) == rtl(unit):
            groups[-1].append(unit)
        else:
            groups.append([unit])
    ordered = reversed(groups) if paragraph else iter(groups)
    return [unit for group in ordered for unit in (reversed(group) if rtl(group[0]) else group)]

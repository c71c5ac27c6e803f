"""The catalogs: one Fluent bundle per language, loaded once, and the language a Discord locale
asks for."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Final, Literal, cast

from babel import Locale
from babel.lists import format_list
from fluent.runtime import FluentBundle, FluentResource

from words.pseudo import pseudo_catalog

LOCALES: Final = ("en", "es", "nl")
"""The languages Tablero speaks; adding one is adding its folder of catalogs here."""
DEFAULT: Final = "en"
PSEUDO: Final = "en-XA"
"""Accented English (a test locale): what reads plain English did not come from the catalogs."""
CATALOGS: Final = Path(__file__).with_name("locales")
FSI: Final = "\u2068"
PDI: Final = "\u2069"

Arg = str | int | float
SAID_KEPT: Final = 20_000
"""How many formatted messages a language keeps (a few MB at most; emptied when full)."""


class MissingWord(KeyError):
    """A message id no catalog has, or a message given the wrong arguments: a bug (the catalog
    tests keep every id in every language with the same arguments)."""


BIDI_CONTROLS: Final = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
"""Unicode's Bidi_Control characters: marks, embeddings, overrides and isolates, which steer the
order of whatever follows them."""
_PARAGRAPH_ENDS: Final = frozenset("\n\r\x1c\x1d\x1e\x85\u2029")
"""Characters of bidi class B: each ends the paragraph, and with it every isolate still open."""
_UNBALANCING: Final = dict.fromkeys(map(ord, BIDI_CONTROLS | _PARAGRAPH_ENDS))
NAMELESS: Final = "?"
"""What a name with nothing left to show reads as: an empty isolate is an invisible player."""
_NOT_IN_A_NAME: Final = dict.fromkeys(
    [*range(0x20), *range(0x7F, 0xA0), 0x2028, 0x2029, *map(ord, BIDI_CONTROLS)]
)
"""Control characters (category Cc: C0, DEL, C1), line and paragraph separators and direction
controls: a name is one line, and only its letters decide which way it runs."""


def one_line(name: str) -> str:
    """A member's name as every message, label, alt text and image shows it: one line with no
    control character, so it can neither break a line nor steer what follows it."""
    line = name.translate(_NOT_IN_A_NAME)
    return line if line.strip() else NAMELESS


def isolate(text: str) -> str:
    """`text` (a name) as an isolate inside a sentence: a right-to-left name never turns the
    sentence around, and the sentence never reorders the name (U+2068 … U+2069). The text's own
    direction controls and paragraph ends are dropped, so no text can close the isolate early or
    leave an override open for the rest of the sentence."""
    return FSI + text.translate(_UNBALANCING) + PDI


@dataclass(frozen=True, slots=True)
class Words:
    """One language's messages."""

    locale: str
    """One of LOCALES, or PSEUDO."""
    _bundle: FluentBundle = field(repr=False, compare=False)
    _fallback: FluentBundle | None = field(default=None, repr=False, compare=False)

    _said: dict[tuple[str, tuple[tuple[str, type, Arg], ...]], str] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    """Messages already formatted, by key and arguments: Fluent's resolver walks a message's
    syntax tree on every call, and a match card says the same few dozen things click after
    click (bounded: `SAID_KEPT`; by type too, as 1 and 1.0 are one key but not one text)."""
    _joined: dict[tuple[tuple[str, ...], str], str] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    """Lists already joined, by items and style: Babel builds each list from its locale data
    (5–11 µs), and a card lists the same few names click after click (bounded: `SAID_KEPT`)."""

    def __call__(self, key: str, /, **args: Arg) -> str:
        """The message `key` filled in with `args` (names should come `isolate`d)."""
        asked = (key, tuple((name, type(value), value) for name, value in args.items()))
        said = self._said.get(asked)
        if said is None:
            said = self._format(key, args)
            if len(self._said) >= SAID_KEPT:
                self._said.clear()
            self._said[asked] = said
        return said

    def _format(self, key: str, args: dict[str, Arg]) -> str:
        for bundle in (self._bundle, self._fallback):
            if bundle is not None and bundle.has_message(key):
                message = bundle.get_message(key)
                if message.value is None:
                    break
                text, errors = bundle.format_pattern(message.value, args)
                if errors:
                    raise MissingWord(f"{self.locale}: {key}: {errors[0]}")
                return str(text)
        raise MissingWord(f"{self.locale}: no message {key!r}")

    def has(self, key: str) -> bool:
        """Whether the language (or English, its fallback) has the message."""
        return any(b is not None and b.has_message(key) for b in (self._bundle, self._fallback))

    def join(self, items: Sequence[str], *, style: Literal["standard", "or"] = "standard") -> str:
        """Items as the language lists them: "A, B and C", "A, B y C", "A, B en C" (`style`
        "or": "A or B")."""
        asked = (tuple(items), style)
        joined = self._joined.get(asked)
        if joined is None:
            joined = self._join(items, style)
            if len(self._joined) >= SAID_KEPT:
                self._joined.clear()
            self._joined[asked] = joined
        return joined

    def _join(self, items: Sequence[str], style: Literal["standard", "or"]) -> str:
        if self.locale == PSEUDO:
            word = self("list-or" if style == "or" else "list-and")
            return (
                ", ".join(items[:-1]) + f" {word} " + items[-1]
                if len(items) > 1
                else "".join(items)
            )
        return str(format_list(list(items), style=style, locale=self.locale))


def negotiate(tag: str | None) -> str:
    """The language for a Discord locale ("es-ES", "es-419", "nl", "en-GB", …): the one Tablero
    speaks with that language code, else English."""
    if not tag:
        return DEFAULT
    if tag.lower() == PSEUDO.lower():
        return PSEUDO
    code = tag.replace("_", "-").split("-")[0].lower()
    return code if code in LOCALES else DEFAULT


@cache
def words_for(locale: str) -> Words:
    """The messages of a language (negotiated: any Discord locale will do)."""
    chosen = negotiate(locale)
    bundle = _bundle(chosen)
    fallback = None if chosen == DEFAULT else _bundle(DEFAULT)
    return Words(chosen, bundle, fallback)


@cache
def sources(locale: str) -> tuple[tuple[str, str], ...]:
    """Each catalog file of a language: (file name, text); the pseudo-locale's are made from
    English's."""
    if locale == PSEUDO:
        return tuple((name, pseudo_catalog(text)) for name, text in sources(DEFAULT))
    folder = CATALOGS / locale
    return tuple((path.name, path.read_text("utf-8")) for path in sorted(folder.glob("*.ftl")))


def _bundle(locale: str) -> FluentBundle:
    rules = DEFAULT if locale == PSEUDO else locale
    functions = cast("dict[str, Any]", {"ORDINAL": _ordinal(rules)})  # a str selects a variant
    bundle = FluentBundle([rules], functions=functions, use_isolating=False)
    for _, text in sources(locale):
        bundle.add_resource(FluentResource(text))
    return bundle


def _ordinal(locale: str) -> Callable[[int], str]:
    """`ORDINAL($n)` in a catalog: the language's ordinal category of a number, to select the
    right ending ("1st", "2nd"; "1.º"; "1e")."""
    form = Locale.parse(locale).ordinal_form

    def ordinal(number: int) -> str:
        return str(form(number))

    return ordinal

"""The catalogs hold together: every file parses, every message id is in every language with the
same variables, terms resolve, plural variants are the language's own categories, and every text
fits where its id says it goes (Discord's limits) — with long names and big numbers filled in."""

from __future__ import annotations

import dataclasses
import re
from functools import cache

import pytest
from babel import Locale
from fluent.syntax import ast, parse
from fluent.syntax.visitor import Visitor

from words import DEFAULT, LOCALES, PSEUDO, words_for
from words.catalog import CATALOGS, sources

LIMITS = {
    "-label": 80,
    "-option": 100,
    "-option-desc": 100,
    "-placeholder": 150,
    "-cmd": 100,
    "-choice": 100,
    "-title": 256,
    "-field": 256,
    "-footer": 2048,
    "-page": 4096,
}
"""Discord's limits by id suffix (docs/words.md); any other message is content (2,000)."""
CONTENT = 2000
LONG_NAME = "Ŵ" * 32
"""A display name at Discord's 32 characters, of a wide letter."""
BIG = 999_999
CATEGORIES = {"zero", "one", "two", "few", "many", "other"}


class _References(Visitor):
    """The variables, terms and messages a message refers to, and its selectors' keys."""

    def __init__(self) -> None:
        super().__init__()
        self.variables: set[str] = set()
        self.terms: set[str] = set()
        self.messages: set[str] = set()
        self.keys: set[str] = set()

    def visit_VariableReference(self, node: ast.VariableReference) -> None:
        self.variables.add(node.id.name)

    def visit_TermReference(self, node: ast.TermReference) -> None:
        self.terms.add(node.id.name)
        self.generic_visit(node)

    def visit_MessageReference(self, node: ast.MessageReference) -> None:
        self.messages.add(node.id.name)

    def visit_Variant(self, node: ast.Variant) -> None:
        if isinstance(node.key, ast.Identifier):
            self.keys.add(node.key.name)
        self.generic_visit(node)


@cache
def entries(locale: str) -> dict[str, ast.Message | ast.Term]:
    """Every message and term of a language, by id (terms with their leading "-")."""
    found: dict[str, ast.Message | ast.Term] = {}
    for name, text in sources(locale):
        for entry in parse(text).body:
            if isinstance(entry, ast.Junk):
                raise AssertionError(f"{locale}/{name}: unreadable: {entry.content[:120]!r}")
            if isinstance(entry, ast.Message | ast.Term):
                key = ("-" if isinstance(entry, ast.Term) else "") + entry.id.name
                assert key not in found, f"{locale}/{name}: {key} defined twice"
                found[key] = entry
    return found


def messages(locale: str) -> dict[str, ast.Message]:
    return {k: e for k, e in entries(locale).items() if isinstance(e, ast.Message)}


def references(entry: ast.Message | ast.Term) -> _References:
    seen = _References()
    seen.visit(entry)
    return seen


def test_every_language_has_its_catalog_files() -> None:
    english = sorted(path.name for path in (CATALOGS / DEFAULT).glob("*.ftl"))
    assert english, "no English catalogs"
    for locale in LOCALES:
        assert sorted(p.name for p in (CATALOGS / locale).glob("*.ftl")) == english, locale


@pytest.mark.parametrize("locale", [*LOCALES, PSEUDO])
def test_every_catalog_parses(locale: str) -> None:
    assert entries(locale)


@pytest.mark.parametrize("locale", [loc for loc in LOCALES if loc != DEFAULT] + [PSEUDO])
def test_every_message_is_in_every_language_with_the_same_variables(locale: str) -> None:
    english, other = messages(DEFAULT), messages(locale)
    assert sorted(set(english) - set(other)) == [], f"{locale} lacks these"
    assert sorted(set(other) - set(english)) == [], f"{locale} has these English lacks"
    for key, message in english.items():
        theirs = references(other[key]).variables
        assert theirs == references(message).variables, f"{locale}: {key}: variables differ"


@pytest.mark.parametrize("locale", [*LOCALES, PSEUDO])
def test_references_resolve_and_plurals_are_the_languages_own(locale: str) -> None:
    known = entries(locale)
    rules = Locale.parse(DEFAULT if locale == PSEUDO else locale)
    categories = set(rules.plural_form.tags) | set(rules.ordinal_form.tags) | {"other"}
    for key, entry in known.items():
        seen = references(entry)
        missing = {f"-{t}" for t in seen.terms} - set(known)
        missing |= seen.messages - set(known)
        assert not missing, f"{locale}: {key} refers to {missing}"
        plural = seen.keys & CATEGORIES
        assert plural <= categories, f"{locale}: {key}: {plural - categories} is no category"
        if isinstance(entry, ast.Message):
            assert entry.value is not None and not entry.attributes, f"{key}: one plain value"


def limit_of(key: str) -> int:
    return next((n for suffix, n in LIMITS.items() if key.endswith(suffix)), CONTENT)


@pytest.mark.parametrize("locale", [*LOCALES, PSEUDO])
def test_every_text_fits_where_it_goes(locale: str) -> None:
    words = words_for(locale)
    for key, message in messages(locale).items():
        names = references(message).variables
        longest = 0
        for fill in (LONG_NAME, BIG, 1):
            try:
                longest = max(longest, len(words(key, **dict.fromkeys(names, fill))))
            except KeyError:
                continue  # a variable a number goes in, given a name (or the other way round)
        assert 0 < longest <= limit_of(key), f"{locale}: {key}: {longest} > {limit_of(key)}"


def test_ids_are_lower_case_with_hyphens() -> None:
    for key in entries(DEFAULT):
        assert re.fullmatch(r"-?[a-z][a-z0-9]*(-[a-z0-9]+)*", key), key


def test_the_pseudo_locale_accents_every_letter() -> None:
    english, pseudo = words_for(DEFAULT), words_for(PSEUDO)
    for key, message in messages(DEFAULT).items():
        names = references(message).variables
        if names:
            continue
        plain = re.sub(r"<[^<>\s]+>|https?://\S+", "", pseudo(key))
        assert not re.search(r"[A-Za-z]", plain), f"{key}: {pseudo(key)!r}"
        assert len(pseudo(key)) == len(english(key))


def test_a_message_said_again_reads_as_it_did(monkeypatch: pytest.MonkeyPatch) -> None:
    """Formatted messages are remembered (bounded): each call still reads as a fresh language's
    would, whatever its arguments and however many came before."""
    monkeypatch.setattr("words.catalog.SAID_KEPT", 3)
    words = words_for("en")
    asked = [("resource-brick", {"count": n}) for n in (1, 2, 1, 5, 1.5, 2, 1, 7, 9, 11, 1)]
    said = [words(key, **args) for key, args in asked]
    fresh = [dataclasses.replace(words)(key, **args) for key, args in asked]
    assert said == fresh
    assert said[0] != said[1] and said[0] == said[2] == said[-1]
    assert len(words._said) <= 3  # bounded by the test's budget

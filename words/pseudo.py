"""The pseudo-locale: English with every letter swapped for an accented look-alike, made from
the English catalogs. A test that plays under it sees plain ASCII letters only where something
skipped the catalogs (names and numbers, which are filled in, excepted)."""

from __future__ import annotations

import re
from typing import Final

from fluent.syntax import ast, parse, serialize
from fluent.syntax.visitor import Transformer

PLAIN: Final = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
ACCENTED: Final = "áƀçďéƒğĥíĵķĺɱñóƥʠŕšťúṽŵẋýžÁɃÇĎÉƑĞĤÍĴĶĹṀÑÓƤɊŔŠŤÚṼŴẊÝŽ"
_TABLE: Final = str.maketrans(PLAIN, ACCENTED)
_KEPT: Final = re.compile(r"<[^<>\s]+>|https?://\S+")
"""Discord's tokens (<t:…:R>, <@…>, <#…>, <:emoji:…>) and links: kept as they are."""


def accent(text: str) -> str:
    """`text` with its letters accented, Discord tokens and links left alone."""
    out, last = [], 0
    for kept in _KEPT.finditer(text):
        out += [text[last : kept.start()].translate(_TABLE), kept.group()]
        last = kept.end()
    out.append(text[last:].translate(_TABLE))
    return "".join(out)


class _Accenting(Transformer):
    """Accents the text of every message, term, attribute and variant; keys, variables and
    function names stay."""

    def visit_TextElement(self, node: ast.TextElement) -> ast.TextElement:
        node.value = accent(node.value)
        return node


def pseudo_catalog(source: str) -> str:
    """A Fluent catalog's pseudo-locale twin."""
    resource = _Accenting().visit(parse(source))
    assert isinstance(resource, ast.Resource)
    return str(serialize(resource))

"""Every word a player reads, in their language: Tablero's message catalogs (Project Fluent).

`words_for(locale)` gives one language's `Words`; `words("match-started", name=…)` formats a
message. Catalogs are `words/locales/<locale>/*.ftl`, one file per area, the same message ids in
every language (tests/words checks it). English is the source; Spanish and Dutch follow the
published editions' game terms (docs/glossary/). `PSEUDO` is an accented, bracketed English
made from the English catalogs, so a test can tell a string that came through the catalogs from
one that did not.

Pure: no Discord, no I/O but reading the package's own catalogs once.
"""

from words.catalog import (
    DEFAULT,
    LOCALES,
    PSEUDO,
    MissingWord,
    Words,
    isolate,
    negotiate,
    words_for,
)

__all__ = [
    "DEFAULT",
    "LOCALES",
    "PSEUDO",
    "MissingWord",
    "Words",
    "isolate",
    "negotiate",
    "words_for",
]

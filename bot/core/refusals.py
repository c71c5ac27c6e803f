"""Refusals: a click or command turned down, in words the member reads; nothing was changed.

A refusal carries a message id and its arguments (docs/words.md), not text: the bot says it in
the language of the member who clicked."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from games.common.errors import ActionParseError, IllegalAction
from games.common.protocol import Action
from games.registry import GameSpec
from words import DEFAULT, Words, words_for
from words.catalog import Arg

OUT_OF_DATE = "refuse-out-of-date"
NO_MATCH = "refuse-no-match"
ELSEWHERE = "refuse-elsewhere"
DAMAGED_CHOICE = "refuse-damaged-choice"


@dataclass(frozen=True, slots=True)
class Listed:
    """A value made of words: messages listed as the member's language lists them ("View
    Channel and Attach Files", "Ver canal y Adjuntar archivos"; with `style` "or": "A o B")."""

    keys: tuple[str, ...]
    """Message ids (or, where `literal`, names that are the same in every language)."""
    literal: bool = False
    style: Literal["standard", "or"] = "standard"
    values: tuple[dict[str, Arg], ...] = ()
    """What fills each message (by position; none when shorter)."""

    def said(self, words: Words) -> str:
        if self.literal:
            return words.join(list(self.keys), style=self.style)
        filled = [self.values[i] if i < len(self.values) else {} for i in range(len(self.keys))]
        items = [words(key, **args) for key, args in zip(self.keys, filled, strict=True)]
        return words.join(items, style=self.style)


class Refused(Exception):
    """A click or command turned down: the message `key` (filled with `values`) is shown to
    the member, and nothing changed."""

    def __init__(self, key: str, /, **values: Arg | Listed) -> None:
        super().__init__(key)
        self.key = key
        self.values = values

    def __str__(self) -> str:
        """The refusal in English (logs, tests)."""
        return self.said(words_for(DEFAULT))

    def said(self, words: Words) -> str:
        """The refusal in a language."""
        filled = {k: v.said(words) if isinstance(v, Listed) else v for k, v in self.values.items()}
        return words(self.key, **filled)


def explain(error: IllegalAction) -> Refused:
    """The refusal of an action the rules turned down, by the engine's reason (the engine's own
    message is for the log: it is English)."""
    return Refused("reason-" + error.reason.value.replace("_", "-"))


def parsed(spec: GameSpec, text: str) -> Action:
    """An action's text (from a custom_id or a select) as the game reads it; Refused when it is
    no action of the game."""
    try:
        return spec.parse_action(text)
    except ActionParseError:
        raise Refused("refuse-no-such-move") from None

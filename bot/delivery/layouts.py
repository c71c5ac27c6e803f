"""How a match's messages read, as delivery posts and edits them: a port the ui's layouts
implement (delivery never imports the ui)."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Protocol

import discord

from bot.core.live import LiveMatch
from games.common.protocol import Seat


@dataclass(frozen=True, slots=True)
class Shown:
    """A message's text and its components."""

    content: str
    view: discord.ui.View | None = None


class MatchLayouts(Protocol):
    """Each message of a match, from its current state, in its server's language."""

    def step(self, live: LiveMatch, *, how_to_play: bool = False) -> Shown:
        """The current step's message (who acts, the buttons, 📝 Text board; "How to play" on a
        newcomer's first match message)."""
        ...

    def summary(self, live: LiveMatch, key: int) -> str:
        """What a step's message says once play moved on to the next one."""
        ...

    def results(self, live: LiveMatch) -> Shown:
        """A finished match's results (with Rematch while members played)."""
        ...

    def text_board(self, live: LiveMatch) -> str:
        """The board as text, where the bot may not attach images."""
        ...

    def alt(self, live: LiveMatch) -> str:
        """The alt text of the match's image."""
        ...

    def mentioned(self, live: LiveMatch) -> Collection[Seat]:
        """The seats the current step's message mentions (pinged by it already)."""
        ...

"""How a match's messages read, as delivery posts and edits them: a port the ui's layouts
implement (delivery never imports the ui).

Every match message is one Components V2 card showing the images it is given: the delivery
renders them for the version the card describes, so the image always agrees with the text and
buttons beside it; given no images, the card carries the board as text instead.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Protocol

import discord

from bot.core.live import LiveMatch
from bot.delivery.messenger import Image
from games.common.protocol import Seat


@dataclass(frozen=True, slots=True)
class Shown:
    """A match message as sent: its layout and, for logs and mentions, all its text."""

    view: discord.ui.LayoutView
    text: str


class MatchLayouts(Protocol):
    """Each message of a match, from its current state, in its server's language."""

    def step(
        self,
        live: LiveMatch,
        images: Sequence[Image],
        *,
        how_to_play: bool = False,
        buttons: discord.ui.View | None = None,
    ) -> Shown:
        """The current step's card (who acts, the buttons, 📝 Text board; "How to play" on a
        newcomer's first match message); `buttons` replaces the game's own (Kero's marked
        dice)."""
        ...

    def summary(self, live: LiveMatch, key: int, images: Sequence[Image]) -> Shown:
        """What a step's card says once play moved on: what each player did, the state after
        it, no buttons."""
        ...

    def frozen(self, live: LiveMatch, images: Sequence[Image]) -> Shown:
        """The current step's card without its buttons (a match ended without a result, or
        the message was posted again below)."""
        ...

    def results(self, live: LiveMatch, images: Sequence[Image]) -> Shown:
        """A finished match's results (with Rematch while members played)."""
        ...

    def text_board(self, live: LiveMatch) -> str:
        """The board as text, where the bot may not attach images."""
        ...

    def alt(self, live: LiveMatch) -> str:
        """The alt text of the match's image."""
        ...

    def strip_alt(self, live: LiveMatch) -> str:
        """The alt text of the match's strip image."""
        ...

    def dressed(self, live: LiveMatch, text: str) -> str:
        """A text of the match's game with its emoji shown as the application emoji."""
        ...

    def mentioned(self, live: LiveMatch) -> Collection[Seat]:
        """The seats the current step's message mentions (pinged by it already)."""
        ...

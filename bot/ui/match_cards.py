"""A match message as one Components V2 card: a container accented with the acting player's
colour, the status text, the board image (or the text board where the bot may not attach
files), a section per player (their line, and a 👁 button showing anyone their public view),
and the buttons in action rows.

Each part names the acting player in words as well as by colour. The card's buttons are the
games' restart-safe DynamicItems, so a card's view is born finished like `SentView`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

import discord

from bot.delivery.messenger import Image

TEXT_LIMIT: Final = 4000
"""Discord's limit on all the text of a Components V2 message."""
ROW_WIDTH: Final = 5
"""Buttons per action row (a select fills a row)."""
MAX_COMPONENTS: Final = 40
"""Discord's limit on the components of one message, nested ones counted."""
CARD_BUDGET: Final = 32
"""The components a match card may use, whatever the game, the step and the number of
players (its async "Give more time" counted): eight of Discord's 40 stay free for what later
features add to the match message (Follow, Review, a tip's Why?: buttons, an action row of
their own, spares)."""


class SentLayout(discord.ui.LayoutView):
    """A Components V2 message held only to be sent (see `SentView`: its items are
    DynamicItems, so it is born finished and never stored)."""

    def __init__(self) -> None:
        super().__init__(timeout=None)
        self.stop()


@dataclass(frozen=True, slots=True)
class CardParts:
    """What a match card shows, top to bottom."""

    text: str
    """The status: whose move, what was rolled, what happened."""
    images: Sequence[Image] = ()
    """The board (and the results card); none: `board_text` stands in for them."""
    board_text: str = ""
    players: Sequence[str] = ()
    """One line per player: name, clan, score, what they are doing."""
    looks: Sequence[discord.ui.Item[Any]] = ()
    """Each player's 👁 button, beside their line (none: the lines as one text)."""
    buttons: discord.ui.View | None = None
    accent: int | None = None
    """The acting player's colour (the text names them too)."""


def match_card(parts: CardParts) -> SentLayout:
    """The card's layout: text, image, players and buttons in one accented container."""
    children: list[discord.ui.Item[Any]] = [discord.ui.TextDisplay(parts.text)]
    if parts.images:
        # A gallery each: Discord lays a gallery's items side by side, which would halve a
        # phone's view of the board.
        children += [
            discord.ui.MediaGallery(
                discord.MediaGalleryItem(f"attachment://{i.filename}", description=i.alt)
            )
            for i in parts.images
        ]
    elif parts.board_text:
        children.append(discord.ui.TextDisplay(parts.board_text))
    if parts.players:
        children.append(discord.ui.Separator())
        children += player_parts(parts.players, parts.looks)
    children += action_rows(parts.buttons)
    view = SentLayout()
    view.add_item(discord.ui.Container(*children, accent_color=parts.accent))
    return view


def player_parts(
    lines: Sequence[str], looks: Sequence[discord.ui.Item[Any]]
) -> list[discord.ui.Item[Any]]:
    """A section per player, their 👁 button its accessory (a section must have one: without
    buttons, the lines are one text)."""
    if not looks:
        return [discord.ui.TextDisplay("\n".join(lines))]
    return [
        discord.ui.Section(discord.ui.TextDisplay(line), accessory=look)
        for line, look in zip(lines, looks, strict=True)
    ]


def action_rows(view: discord.ui.View | None) -> list[discord.ui.ActionRow[Any]]:
    """A classic view's items in action rows, keeping the rows they asked for (a select
    alone in its row, at most five buttons in one)."""
    if view is None:
        return []
    rows: dict[int, list[discord.ui.Item[Any]]] = {}
    for item in view.children:
        wanted = item.row
        if wanted is None:
            wanted = max(rows, default=0)
            while _weight(rows.get(wanted, [])) + _weight([item]) > ROW_WIDTH:
                wanted += 1
        rows.setdefault(wanted, []).append(item)
    return [discord.ui.ActionRow(*rows[r]) for r in sorted(rows)]


def _weight(items: Sequence[discord.ui.Item[Any]]) -> int:
    return sum(ROW_WIDTH if isinstance(i, discord.ui.Select) or _is_select(i) else 1 for i in items)


def _is_select(item: discord.ui.Item[Any]) -> bool:
    """A DynamicItem wrapping a select."""
    return isinstance(getattr(item, "item", None), discord.ui.Select)


def card_text(view: discord.ui.LayoutView) -> str:
    """Every text of a card, as a reader sees it (for mentions and the 4,000 limit)."""
    return "\n".join(
        item.content for item in view.walk_children() if isinstance(item, discord.ui.TextDisplay)
    )

"""`/rules` and `/help`: short pages from the message catalogs (words/locales/*/pages.ftl).

A book's pages are the messages `<book>-<n>-title` and `<book>-<n>-page`, n from 1, in the member's
language; a book has as many pages as English has ids (`help` for /help, `rules-<game>` for a
game's rules). Paging buttons carry the book and page (`tbr:<game>:<page>`), so they work after a
restart, and answer in the language of the member who clicks.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from functools import cache
from typing import Any, Final

import discord

from bot.ui.components import view_of
from bot.ui.ids import PAGES_TEMPLATE, MalformedId
from bot.ui.items import TableroItem
from bot.ui.languages import member_words
from words import DEFAULT, Words, words_for

EMBED_COLOUR = 0x2E7D32
MAX_PAGES: Final = 99
"""A page index fits the paging buttons' two digits."""


@dataclass(frozen=True, slots=True)
class Page:
    """One page: an embed title and its Markdown body."""

    title: str
    body: str


def book_id(name: str) -> str:
    """The catalog prefix of a book: `help`, or `rules-<game>` for a game's rules."""
    return "help" if name == "help" else f"rules-{name}"


@cache
def pages(name: str, words: Words) -> tuple[Page, ...]:
    """The pages of `name` (`help`, or a game's name) in `words`' language; none for a book
    the catalogs do not have."""
    found = []
    for number in itertools.count(1):
        key = f"{book_id(name)}-{number}"
        if number > MAX_PAGES or not words.has(f"{key}-page"):
            break
        found.append(Page(words(f"{key}-title"), words(f"{key}-page")))
    return tuple(found)


def page_embed(name: str, index: int, words: Words) -> discord.Embed:
    """One page as an embed with its position in the footer."""
    book = pages(name, words)
    page = book[index]
    embed = discord.Embed(title=page.title, description=page.body, colour=EMBED_COLOUR)
    if len(book) > 1:
        embed.set_footer(text=words("pages-position-footer", page=index + 1, count=len(book)))
    return embed


def page_view(name: str, index: int, words: Words) -> discord.ui.View | None:
    """Previous / Next buttons (None for a single page)."""
    count = len(pages(name, words))
    if count <= 1:
        return None
    return view_of(
        RulesButton.make(name, index - 1, words("pages-previous-label"), disabled=index == 0),
        RulesButton.make(name, index + 1, words("pages-next-label"), disabled=index == count - 1),
    )


async def _show_page(interaction: discord.Interaction[Any], found: re.Match[str]) -> None:
    """Edit the rules message to the page a paging button names."""
    name, index = found["name"], int(found["page"])
    words = member_words(interaction)
    book = pages(name, words)
    if not book:
        raise MalformedId(f"no book {name!r}")
    index = min(index, len(book) - 1)
    await interaction.response.edit_message(
        embed=page_embed(name, index, words), view=page_view(name, index, words)
    )


class RulesButton(TableroItem, template=PAGES_TEMPLATE):
    """A paging button of a rules message."""

    async def handle(self, interaction: discord.Interaction[Any], found: re.Match[str]) -> None:
        """Edit the rules message to the page."""
        await _show_page(interaction, found)

    @classmethod
    def make(cls, name: str, index: int, label: str, *, disabled: bool) -> RulesButton:
        """The button that opens page `index` of `name`."""
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=label, disabled=disabled, custom_id=f"tbr:{name}:{max(index, 0)}"
        )
        return cls(button)


HOW_TO_PLAY_TEMPLATE: Final = r"tbr:(?P<name>[a-z-]{1,20}):(?P<page>[0-9]{1,2}):new"
"""A "How to play" button: `tbr:<pages>:<index>:new` opens that rules page in a new ephemeral
message (a plain `tbr:` paging button edits the message it is on: the lobby itself)."""


async def _new_page(interaction: discord.Interaction[Any], found: re.Match[str]) -> None:
    """Answer with the page, ephemerally; the lobby message stays as it is."""
    words = member_words(interaction)
    book = pages(found["name"], words)
    if not book:
        raise MalformedId(f"no book {found['name']!r}")
    name, index = found["name"], min(int(found["page"]), len(book) - 1)
    view = page_view(name, index, words)
    extra: dict[str, Any] = {"view": view} if view is not None else {}
    await interaction.response.send_message(
        embed=page_embed(name, index, words), ephemeral=True, **extra
    )


class HowToPlayButton(TableroItem, template=HOW_TO_PLAY_TEMPLATE):
    """The "How to play" button of a lobby or challenge: the game's first rules page, only for
    the member who clicked, with the usual Previous / Next (which then page that message)."""

    async def handle(self, interaction: discord.Interaction[Any], found: re.Match[str]) -> None:
        """Answer with the page, only for the member."""
        await _new_page(interaction, found)

    @classmethod
    def make(cls, game: str, words: Words | None = None) -> HowToPlayButton:
        """The button that opens the first rules page of `game`, labelled in `words`: the
        language of the message it is on (the match's or the server's; English until a caller
        passes it). The rules it opens are in the clicking member's language."""
        label = (words or words_for(DEFAULT))("pages-how-to-play-label")
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=label, emoji="📖", custom_id=f"tbr:{game}:0:new"
        )
        return cls(button)

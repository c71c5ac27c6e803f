"""`/rules` and `/help`: short pages shipped with the package (docs/ is not installed).

Pages live in bot/data as Markdown separated by `---` lines, each starting with `# Title`.
Paging buttons carry the game and page (`tbr:<game>:<page>`), so they work after a restart.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Final, cast

import discord

from bot.components import refuse_damaged, view_of
from bot.ids import PAGES_TEMPLATE

EMBED_COLOUR = 0x2E7D32


@dataclass(frozen=True, slots=True)
class Page:
    """One page: an embed title and its Markdown body."""

    title: str
    body: str


class PagesError(ValueError):
    """A pages file that does not follow the format."""


def parse_pages(text: str) -> tuple[Page, ...]:
    """Split a pages file into pages; PagesError names the first broken one."""
    pages = []
    for number, chunk in enumerate(text.split("\n---\n"), 1):
        head, _, body = chunk.strip().partition("\n")
        if not head.startswith("# ") or not body.strip():
            raise PagesError(f"page {number} must start with '# Title' and have a body")
        pages.append(Page(head[2:].strip(), body.strip()))
    return tuple(pages)


@cache
def pages(name: str) -> tuple[Page, ...]:
    """The pages of `bot/data/rules/<name>.md` (or `bot/data/<name>.md` for help)."""
    folder = resources.files("bot").joinpath("data")
    path = folder.joinpath(f"rules/{name}.md") if name != "help" else folder.joinpath("help.md")
    return parse_pages(path.read_text("utf-8"))


def page_embed(name: str, index: int) -> discord.Embed:
    """One page as an embed with its position in the footer."""
    book = pages(name)
    page = book[index]
    embed = discord.Embed(title=page.title, description=page.body, colour=EMBED_COLOUR)
    if len(book) > 1:
        embed.set_footer(text=f"Page {index + 1} of {len(book)}")
    return embed


def page_view(name: str, index: int) -> discord.ui.View | None:
    """Previous / Next buttons (None for a single page)."""
    count = len(pages(name))
    if count == 1:
        return None
    return view_of(
        RulesButton.make(name, index - 1, "◀ Previous", disabled=index == 0),
        RulesButton.make(name, index + 1, "Next ▶", disabled=index == count - 1),
    )


class RulesButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=PAGES_TEMPLATE,
):
    """A paging button of a rules message."""

    @classmethod
    def make(cls, name: str, index: int, label: str, *, disabled: bool) -> RulesButton:
        """The button that opens page `index` of `name`."""
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=label, disabled=disabled, custom_id=f"tbr:{name}:{max(index, 0)}"
        )
        return cls(button)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: Any
    ) -> RulesButton:
        """Wrap the clicked button."""
        return cls(cast("discord.ui.Button[Any]", item))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Show the page the button names."""
        custom_id = str(self.item.custom_id)
        name, _, index_text = custom_id.removeprefix("tbr:").partition(":")
        try:
            book = pages(name)
        except (FileNotFoundError, PagesError):
            await refuse_damaged(interaction, custom_id)
            return
        index = min(int(index_text), len(book) - 1)
        await interaction.response.edit_message(
            embed=page_embed(name, index), view=page_view(name, index)
        )


HOW_TO_PLAY_TEMPLATE: Final = r"tbr:(?P<name>[a-z-]{1,20}):(?P<page>[0-9]{1,2}):new"
"""A "How to play" button: `tbr:<pages>:<index>:new` opens that rules page in a new ephemeral
message (a plain `tbr:` paging button edits the message it is on: the lobby itself)."""


class HowToPlayButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=HOW_TO_PLAY_TEMPLATE
):
    """The "How to play" button of a lobby or challenge: the game's first rules page, only for
    the member who clicked, with the usual Previous / Next (which then page that message)."""

    @classmethod
    def make(cls, game: str) -> HowToPlayButton:
        """The button that opens the first rules page of `game`."""
        button: discord.ui.Button[Any] = discord.ui.Button(
            label="How to play", emoji="📖", custom_id=f"tbr:{game}:0:new"
        )
        return cls(button)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: Any
    ) -> HowToPlayButton:
        """Wrap the clicked button."""
        return cls(cast("discord.ui.Button[Any]", item))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Answer with the page, ephemerally; the lobby message stays as it is."""
        custom_id = str(self.item.custom_id)
        found = self.template.fullmatch(custom_id)
        try:
            book = pages(found["name"]) if found is not None else ()
        except (FileNotFoundError, PagesError):
            book = ()
        if found is None or not book:
            await refuse_damaged(interaction, custom_id)
            return
        name, index = found["name"], min(int(found["page"]), len(book) - 1)
        view = page_view(name, index)
        extra: dict[str, Any] = {"view": view} if view is not None else {}
        await interaction.response.send_message(
            embed=page_embed(name, index), ephemeral=True, **extra
        )

"""📝 Text board: the match's board in words, for a member who can't see its image (a screen
reader, images off), privately, for anyone who clicks.

Each game says what its image shows as sections, a fact group a line (`GameUI.board_sections`:
where play stands, then each player, then what lies on the table); here they are packed into
pages of one plain message each (≤ `MESSAGE_LIMIT`), a section never split unless it alone is
too long. More than one page (a 4-player Keer table) gets Previous / Next buttons that carry
the page in their custom_id (`tb:<match>:<version>:board:<page>`) and edit the message they are
on, so paging works after a restart. The board is the match as it stands at the click, in the
member's language; it shows only what the table's image shows (never a pick of a roll under
way, a Tuarek's name, the deck's order or a throw to come).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import discord

from bot.core.live import LiveMatch
from bot.delivery.messenger import MESSAGE_LIMIT
from bot.games import adapter_for
from bot.ui.components import view_of
from bot.ui.ids import MatchRef, Verb
from bot.ui.items import match_button

BREAK: Final = "\n\n"
"""Between two sections of a page: a blank line, so a screen reader pauses."""


def board_sections(live: LiveMatch) -> list[str]:
    """The game's sections of its text board (a game without them: its card's text, its short
    board and its players' lines)."""
    ui = adapter_for(live.spec.name).ui
    if ui.board_sections is not None:
        return [s for s in ui.board_sections(live) if s.strip()]
    players = "\n".join(ui.players(live))
    return [s for s in (ui.step_content(live), ui.text_board(live), players) if s.strip()]


def paged(sections: Sequence[str], limit: int) -> list[str]:
    """The sections packed in order into pages of at most `limit` characters, a blank line
    between two sections; a section too long for a page alone is cut between lines (a line too
    long alone, at the limit)."""
    pieces: list[str] = []
    for section in sections:
        pieces += [section] if len(section) <= limit else _cut(section, limit)
    pages: list[str] = []
    for piece in pieces:
        if pages and len(pages[-1]) + len(BREAK) + len(piece) <= limit:
            pages[-1] += BREAK + piece
        else:
            pages.append(piece)
    return pages or [""]


def _cut(section: str, limit: int) -> list[str]:
    """A long section in parts of whole lines (a line longer than `limit`, cut at it)."""
    parts: list[str] = []
    for whole in section.split("\n"):
        line = whole
        while len(line) > limit:
            parts.append(line[:limit])
            line = line[limit:]
        if parts and len(parts[-1]) + 1 + len(line) <= limit:
            parts[-1] += "\n" + line
        else:
            parts.append(line)
    return parts


def board_pages(live: LiveMatch) -> list[str]:
    """The text board's pages, each a whole message: its title (with its place among the pages
    when there are several), then its sections."""
    words = live.words
    # Room for the longest title the pages could have, whatever their number.
    title_room = len(words("match-board-page-title", match=live.id, page=99, pages=99)) + 1
    bodies = paged(board_sections(live), MESSAGE_LIMIT - title_room)
    if len(bodies) == 1:
        return [words("match-board-title", match=live.id) + "\n" + bodies[0]]
    return [
        words("match-board-page-title", match=live.id, page=n, pages=len(bodies)) + "\n" + body
        for n, body in enumerate(bodies, start=1)
    ]


def pager(live: LiveMatch, page: int, count: int) -> discord.ui.View | None:
    """Previous / Next for page `page` (0-based) of `count`; None for a single page. The buttons
    carry the version the match's card shows (`picture_version`: a Keer pick of a roll under way
    moves nothing a custom_id shows)."""
    if count <= 1:
        return None
    version, words = live.rules.picture_version(live.state), live.words

    def to(target: int, key: str) -> discord.ui.Item[Any]:
        ref = MatchRef(live.id, version, Verb.BOARD, str(max(0, min(target, count - 1))))
        disabled = not 0 <= target < count
        return match_button(ref, words(key), disabled=disabled)

    return view_of(
        to(page - 1, "match-board-previous-label"), to(page + 1, "match-board-next-label")
    )


async def show_board(interaction: discord.Interaction[Any], live: LiveMatch, ref: MatchRef) -> None:
    """Answer a 📝 Text board click (`live` read in the member's language): from a match
    message, its first page as a new message only the member sees; from a page's Previous /
    Next, that message edited to the page the button names (the board as it stands now)."""
    pages = board_pages(live)
    if ref.arg is None:
        view = pager(live, 0, len(pages))
        extra: dict[str, Any] = {"view": view} if view is not None else {}
        await interaction.response.send_message(pages[0], ephemeral=True, **extra)
        return
    page = max(0, min(ref.number(0), len(pages) - 1))
    await interaction.response.edit_message(content=pages[page], view=pager(live, page, len(pages)))

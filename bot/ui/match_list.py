"""`/match list`: a member's open matches in the server, a page at a time, each with where it
plays, how far it is, whether it is their move, and a link."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Final

import discord

from bot.core.live import LiveMatch
from bot.delivery.messenger import MESSAGE_LIMIT
from bot.games import adapter_for
from bot.ui.components import view_of
from bot.ui.ids import LIST_TEMPLATE
from bot.ui.items import TableroItem
from bot.ui.layouts import jump_url, read_by
from bot.ui.titles import game_title
from words import Words

LIST_PER_PAGE: Final = 10
"""At most this many matches on one page of `/match list` (fewer when their lines are long)."""
_PROGRESS_MAX: Final = 600
"""A match's progress line is cut to this (it never comes near: four escaped 32-character
names), so one match's line always fits a page."""


def list_line(live: LiveMatch, user: str, words: Words) -> str:
    """One match of `/match list`: where it plays, how far, whether it is the member's move, a
    link."""
    progress = adapter_for(live.spec.name).ui.progress_line(read_by(live, words))
    if len(progress) > _PROGRESS_MAX:
        progress = progress[: _PROGRESS_MAX - 1] + "…"
    yours = live.waits_for(live.seat_of(user))
    key = "match-list-line-your-move" if yours else "match-list-line"
    channel = f"<#{live.channel_id}>"
    line = words(
        key,
        match=live.id,
        game=game_title(live.spec.name, words),
        channel=channel,
        progress=progress,
    )
    url = jump_url(live)
    return f"{line} — {words('match-list-go', url=url)}" if url else line


def list_pages(user: str, playing: Sequence[LiveMatch], limit: int, words: Words) -> list[str]:
    """Every page of `/match list`, each within Discord's 2,000 characters: at most
    `LIST_PER_PAGE` matches, fewer when their lines are long."""
    count = len(playing)
    widest = words("match-list-head-page", count=count, limit=limit, page=999, pages=999)
    room = MESSAGE_LIMIT - len(widest)
    chunks: list[list[str]] = [[]]
    used = 0
    for live in playing:
        line = list_line(live, user, words)
        if chunks[-1] and (len(chunks[-1]) >= LIST_PER_PAGE or used + 1 + len(line) > room):
            chunks.append([])
            used = 0
        chunks[-1].append(line)
        used += 1 + len(line)
    if len(chunks) == 1:
        return ["\n".join([words("match-list-head", count=count, limit=limit), *chunks[0]])]
    return [
        "\n".join(
            [
                words("match-list-head-page", count=count, limit=limit, page=n, pages=len(chunks)),
                *lines,
            ]
        )
        for n, lines in enumerate(chunks, 1)
    ]


def list_view(page: int, pages: int, words: Words) -> discord.ui.View | None:
    """Previous / Next under a list of several pages (None for one page)."""
    if pages <= 1:
        return None
    return view_of(
        MatchListButton.make(page - 1, words("match-list-previous-label"), disabled=page <= 0),
        MatchListButton.make(page + 1, words("match-list-next-label"), disabled=page >= pages - 1),
    )


class MatchListButton(TableroItem, template=LIST_TEMPLATE):
    """A `/match list` paging button: `tbr:matches:<page>:list` (the member is whoever clicks:
    the list is ephemeral, so only its member can)."""

    @classmethod
    def make(cls, page: int, label: str, *, disabled: bool) -> MatchListButton:
        """The button that shows page `page` of the clicking member's list."""
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=label, disabled=disabled, custom_id=f"tbr:matches:{max(page, 0)}:list"
        )
        return cls(button)

    def parse(self, custom_id: str) -> int:
        """The page."""
        found: re.Match[str] = super().parse(custom_id)
        return int(found["page"])

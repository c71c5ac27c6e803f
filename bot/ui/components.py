"""A message's components as sent: a view born finished, holding restart-safe items."""

from __future__ import annotations

from typing import Any

import discord


class SentView(discord.ui.View):
    """A message's buttons and selects, held only to be sent: every one is a DynamicItem that
    discord.py dispatches by its custom_id, so the view is born finished and never stored.
    (discord.py keeps every unfinished view it sends: each message's for as long as the
    process lives, and each ephemeral one with a 15-minute timeout task — at 40 picks a second,
    36,000 views and tasks, which also slowed every click down.)"""

    def __init__(self) -> None:
        super().__init__(timeout=None)
        self.stop()


def view_of(*items: discord.ui.Item[Any]) -> discord.ui.View:
    """A fresh view holding the items (never reused: discord.py diffs reused views)."""
    view = SentView()
    for item in items:
        view.add_item(item)
    return view

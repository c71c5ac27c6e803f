"""Alt text for the images the bot posts, so screen readers say what an image shows."""

from __future__ import annotations

from typing import Final

ALT_LIMIT: Final = 1_024
"""Discord's limit on an attachment's description (its alt text)."""


def alt_text(title: str, board: str) -> str:
    """An image's alt text: what it shows, from the same data as the text board (plain text)."""
    text = f"{title}. " + board.replace("**", "").replace("\n", ". ")
    return text if len(text) <= ALT_LIMIT else text[: ALT_LIMIT - 1] + "…"

"""Member names inside message text: shown as typed, never as markdown and never as a mention
(a display name may hold `**`, `_`, `@everyone` or `<@id>`), and always one line that cannot
steer the rest of it (a name ending U+2069 U+202E would turn "12 points" after it into
"stniop 21"). Button labels, select options, alt text and images are plain text and take names
as `one_line` leaves them."""

from __future__ import annotations

import functools
import re
from typing import Final

import discord

from words.catalog import one_line

_MENTION: Final = re.compile(r"@(?=everyone|here)|(?<=<)@(?=[!&]?\d)|<(?=[#/]|id:)")
"""Where a mention starts: `@everyone`, `@here`, `<@id>`, `<@!id>`, `<@&id>` (ids of any length),
`<#id>`, `</command:id>`, `<id:browse>`."""


NAMES_KEPT: Final = 4096
"""How many names `shown` keeps made (about the members of the matches played at once)."""


@functools.lru_cache(maxsize=NAMES_KEPT)
def shown(name: str) -> str:
    """A name safe to put in message content (a zero-width space after a mention's `@` or `<`,
    as discord.py's escape_mentions does: it reads the same, and never pings or links); kept,
    as a card names its seats a dozen times and escaping one takes 5 µs."""
    return _MENTION.sub("\\g<0>\u200b", discord.utils.escape_markdown(one_line(name)))

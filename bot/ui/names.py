"""Member names inside message text: shown as typed, never as markdown and never as a mention
(a display name may hold `**`, `_`, `@everyone` or `<@id>`), and always one line that cannot
steer the rest of it (a name ending U+2069 U+202E would turn "12 points" after it into
"stniop 21"). Button labels and select options are plain text already and take names as they
are."""

from __future__ import annotations

import re
from typing import Final

import discord

from words.catalog import BIDI_CONTROLS

NAMELESS: Final = "?"
"""What a name with nothing left to show reads as: an empty isolate is an invisible player."""
_NOT_IN_A_NAME: Final = dict.fromkeys(
    [*range(0x20), *range(0x7F, 0xA0), 0x2028, 0x2029, *map(ord, BIDI_CONTROLS)]
)
"""Control characters (category Cc: C0, DEL, C1), line and paragraph separators and direction
controls: a name is one line, and only its letters decide which way it runs."""
_MENTION: Final = re.compile(r"@(?=everyone|here)|(?<=<)@(?=[!&]?\d)|<(?=[#/]|id:)")
"""Where a mention starts: `@everyone`, `@here`, `<@id>`, `<@!id>`, `<@&id>` (ids of any length),
`<#id>`, `</command:id>`, `<id:browse>`."""


def shown(name: str) -> str:
    """A name safe to put in message content (a zero-width space after a mention's `@` or `<`,
    as discord.py's escape_mentions does: it reads the same, and never pings or links)."""
    line = name.translate(_NOT_IN_A_NAME)
    if not line.strip():
        return NAMELESS
    return _MENTION.sub("\\g<0>\u200b", discord.utils.escape_markdown(line))

"""Messages one member sees that belong to a step of the match (Keer's choices), closed once
play has moved on — whatever moved it: a member's click, a computer's answer, a turn clock —
while Discord still lets the bot edit them (an interaction token lives 15 minutes; one it can
no longer edit is answered when clicked)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterable
from typing import Final

import discord

from bot.core.live import LiveMatch, Private

log = logging.getLogger(__name__)

EDITABLE_MS: Final = 14 * 60 * 1000
"""How long after it was shown a message is still closed, on Discord's clock (its token lives
15 minutes; a minute is left for the edit itself and the clocks' skew)."""


def prune(live: LiveMatch, now_ms: int) -> None:
    """Forget the messages Discord no longer lets the bot edit."""
    live.private[:] = [p for p in live.private if now_ms - p.opened_ms < EDITABLE_MS]


async def close_past(live: LiveMatch, now_ms: int) -> None:
    """Close the messages of steps play has moved on from (all of them once the match ended),
    each saying its step is over."""
    prune(live, now_ms)
    current = live.rules.message_key(live.state) if live.open else None
    await close(live, [p for p in live.private if p.key != current])


async def close(live: LiveMatch, messages: Iterable[Private], key: str | None = None) -> None:
    """Close these messages (forgotten first: nothing closes one twice), saying the message
    `key`, or by default that their step is over."""
    closing = list(messages)
    live.private[:] = [p for p in live.private if p not in closing]
    await asyncio.gather(*(_close(live, p, key or p.over_key) for p in closing))


async def _close(live: LiveMatch, message: Private, key: str) -> None:
    try:
        await message.close(message.words(key))
    except discord.HTTPException as error:  # gone, or its token expired: a click still answers
        log.info("match %s: a stale message was not closed: %s", live.id, error)

"""A Keer roll's choices shown to one member, closed once they are stale: a member's other open
choices when they pick (their "pick so far" is out of date), and every choice of a roll once
it resolves — so no select is left looking live. Discord lets the bot edit an ephemeral message
only while its interaction token lives (15 minutes); one clicked later is answered "this roll
is over" instead (`play._choose`)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Final

import discord

from bot.core.live import LiveMatch, Private
from games.common.protocol import Seat
from words import Words

log = logging.getLogger(__name__)

EDITABLE_MS: Final = 14 * 60 * 1000
"""How long after it was shown a choice is still closed, on Discord's clock (its token lives
15 minutes; a minute is left for the edit itself and the clocks' skew)."""


def remember(
    live: LiveMatch,
    seat: Seat,
    key: int,
    shown: tuple[str, int],
    *,
    words: Words,
    close: Callable[[str], Awaitable[object]],
) -> None:
    """Note a choice shown to a member (its message id, and Discord's time of the interaction
    that showed it), to close once stale; those past editing are forgotten."""
    message_id, opened_ms = shown
    _prune(live, opened_ms)
    live.private.append(Private(seat, key, message_id, opened_ms, words, close))


def _prune(live: LiveMatch, now_ms: int) -> None:
    """Forget the choices Discord no longer lets the bot edit."""
    live.private[:] = [p for p in live.private if now_ms - p.opened_ms < EDITABLE_MS]


def forget(live: LiveMatch, message_id: str) -> None:
    """A choice closed by its own answer: nothing to close later."""
    live.private[:] = [p for p in live.private if p.message_id != message_id]


async def close_stale(live: LiveMatch, seat: Seat, now_ms: int) -> None:
    """After `seat` picked (at `now_ms`, Discord's time of their click): close their other
    choices of the roll, and every choice of a roll that has resolved."""
    _prune(live, now_ms)
    current = live.rules.message_key(live.state)
    stale = [p for p in live.private if p.key != current or p.seat == seat]
    if not stale:
        return
    live.private[:] = [p for p in live.private if p not in stale]
    await asyncio.gather(*(_close(live, p, p.key != current) for p in stale))


async def _close(live: LiveMatch, choice: Private, resolved: bool) -> None:
    key = "keer-pick-roll-over" if resolved else "keer-choice-elsewhere"
    try:
        await choice.close(choice.words(key))
    except discord.HTTPException as error:  # gone, or its token expired: a click still answers
        log.info("match %s: a stale choice was not closed: %s", live.id, error)

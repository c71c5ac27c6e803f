"""A Keer roll's choices shown to one member, closed once they are stale: a member's other open
choices when they pick (their "pick so far" is out of date, here); every choice of a roll once
it resolves, however it resolved (bot/delivery/private.py, after every step). One clicked after
Discord stopped letting the bot edit it is answered "this roll is over" (`play._choose`)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Final

from bot.core.live import LiveMatch, Private
from bot.delivery import private
from games.common.protocol import Seat
from words import Words

OVER: Final = "keer-pick-roll-over"
"""What a choice says once its roll has resolved."""


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
    private.prune(live, opened_ms)
    live.private.append(Private(seat, key, message_id, opened_ms, words, OVER, close))


def forget(live: LiveMatch, message_id: str) -> None:
    """A choice closed by its own answer: nothing to close later."""
    live.private[:] = [p for p in live.private if p.message_id != message_id]


async def close_elsewhere(live: LiveMatch, seat: Seat, now_ms: int) -> None:
    """After `seat` picked (at `now_ms`, Discord's time now): close their other choices of the
    roll in play (those of a roll the pick resolved are the after-step pipeline's to close)."""
    private.prune(live, now_ms)
    current = live.rules.message_key(live.state)
    mine = [p for p in live.private if p.seat == seat and p.key == current]
    await private.close(live, mine, "keer-choice-elsewhere")

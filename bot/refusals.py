"""Refusals: a click or command turned down, in words the member reads; nothing was changed."""

from __future__ import annotations

from collections.abc import Mapping

from games.common.errors import IllegalAction, Reason

OUT_OF_DATE = "That message is out of date — use the match's latest message."
NO_MATCH = "That match no longer exists."
ELSEWHERE = "That button belongs to a match in another channel."


class Refused(Exception):
    """A click or command turned down; its text is shown to the member, and nothing changed."""


_REASON_TEXT: Mapping[Reason, str] = {
    Reason.NOT_YOUR_TURN: "It isn't your move right now.",
    Reason.GAME_OVER: "This match is over.",
    Reason.ALREADY_CHOSEN: "You already picked for this roll.",
    Reason.TANK_EMPTY: "Too late — your tank had run dry before that click.",
    Reason.STALE: "That click came before the match's latest move; nothing was changed.",
    Reason.TRUCK_FLAT: "Your truck is already flat this turn.",
}


def explain(error: IllegalAction) -> str:
    """A short sentence for a refused action (the engine's own message when it has no better),
    capitalised and closed with a full stop."""
    text = _REASON_TEXT.get(error.reason) or str(error)
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."

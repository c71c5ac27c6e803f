"""Typed rejections: every refused action says why, so the bot can explain it to the player."""

from __future__ import annotations

from enum import StrEnum


class Reason(StrEnum):
    """Why an action was refused; string values read well in logs and map to bot messages."""

    NOT_YOUR_TURN = "not_your_turn"
    GAME_OVER = "game_over"
    UNKNOWN_PLAYER = "unknown_player"
    WRONG_PHASE = "wrong_phase"
    ALREADY_CHOSEN = "already_chosen"
    SAME_CHOICE = "same_choice"
    DIE_NOT_AVAILABLE = "die_not_available"
    WRONG_COLOUR = "wrong_colour"
    UNKNOWN_ENCLOSURE = "unknown_enclosure"
    ALREADY_CROSSED = "already_crossed"
    NOT_REACHABLE = "not_reachable"
    MUST_CROSS = "must_cross"
    NO_MARKS_LEFT = "no_marks_left"
    CHAMELEON_REQUIRED = "chameleon_required"
    NO_CHAMELEON = "no_chameleon"
    BAD_ROLL = "bad_roll"
    NOT_ENOUGH = "not_enough"
    TANK_EMPTY = "tank_empty"
    NO_KERO = "no_kero"
    STALE = "stale"
    TRUCK_FLAT = "truck_flat"
    DIE_BURNT = "die_burnt"
    EMPTY_SLOT = "empty_slot"
    NO_EXPLORER = "no_explorer"
    NO_TUAREK = "no_tuarek"
    NOT_HELD = "not_held"
    ALREADY_USED = "already_used"


class IllegalAction(ValueError):
    """An action the rules refuse; the state is left exactly as it was. The message is for logs
    (English); `reason` and `details` are what a player is told, in their language."""

    reason: Reason = Reason.WRONG_PHASE

    def __init__(self, message: str, reason: Reason | None = None, **details: object) -> None:
        super().__init__(message)
        if reason is not None:
            self.reason = reason
        self.details = details
        """What the refusal is about, as values (a cost and what the player has, …)."""


class NotYourTurn(IllegalAction):
    """The seat is not one of those the state waits for."""

    reason = Reason.NOT_YOUR_TURN


class GameOver(IllegalAction):
    """The match has ended; nothing more can be applied."""

    reason = Reason.GAME_OVER


class UnknownPlayer(IllegalAction):
    """The seat does not exist in this match."""

    reason = Reason.UNKNOWN_PLAYER


class WrongPhase(IllegalAction):
    """The action is of a kind the current phase does not take."""

    reason = Reason.WRONG_PHASE


class ActionParseError(ValueError):
    """A text form that is not an action of this game (malformed log line or custom_id)."""

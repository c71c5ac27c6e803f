"""A game's bot side as one value: its messages, what the bot plays by itself, its images, its
clicks and follow-ups, its deadlines, its computer player and its slash commands.

Generic modules (the service, play routing, the publisher, timers, turn clocks) only talk to a
`GameAdapter`; everything that names a game lives in its folder under `bot/games/`.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import discord

from bot.core.refusals import Refused
from bot.ui.ids import MatchRef
from games.common.errors import IllegalAction
from games.common.protocol import Action, GameState, Seat
from render import GameImages

if TYPE_CHECKING:
    from discord.ext import commands

    from bot.app import TableroBot
    from bot.core.service import LiveMatch
    from bot.ui.router import Play

ButtonHandler = Callable[["Play", discord.Interaction[Any], MatchRef], Awaitable[None]]
"""A game's handler of a button verb: the generic click router, the click, its custom_id."""
SelectHandler = Callable[["Play", discord.Interaction[Any], MatchRef, list[str]], Awaitable[None]]
"""A game's handler of a select verb, with the values chosen."""


class Pace(Protocol):
    """A game's answers to "does the bot act here by itself?"."""

    def chance_trigger(self, state: Any) -> Seat | None:
        """The seat whose click throws the pending chance action, or None to draw it at once."""
        ...

    def forced(self, state: Any, seat: Seat) -> Action | None:
        """The action a human seat must take because it is the only legal one, else None."""
        ...

    def step_version(self, state: Any) -> int:
        """The version at which the message players now click was drawn; older clicks are stale."""
        ...

    def missed(self, state: Any, seat: Seat) -> str | None:
        """What the bot applies for a seat whose turn clock ran out ("roll" throws its dice;
        "ai" lets the computer make that one move), or None to ask the other players."""
        ...

    def skip(self, state: Any, seat: Seat) -> Action | None:
        """The action that skips an absent seat's turn when another member asks (None: the
        game skips by itself, so "Skip turn" is never offered)."""
        ...


@dataclass(frozen=True, slots=True)
class GameUI:
    """What the publisher and commands need to show a game without naming it."""

    step_content: Callable[[LiveMatch], str]
    """The current message's text: whose move, and what is on the table."""
    step_view: Callable[[LiveMatch], discord.ui.View | None]
    """The current message's buttons."""
    message_key: Callable[[GameState], int]
    """Which public message a state belongs to; a new key means a new message (and image)."""
    step_summary: Callable[[LiveMatch, int], str]
    """What a message says once the play moved on to the next one."""
    results_content: Callable[[LiveMatch], str]
    text_board: Callable[[LiveMatch], str]
    """The board as text, where the bot may not attach images."""
    progress_line: Callable[[LiveMatch], str]


@dataclass(frozen=True, slots=True)
class GameDeadline:
    """Something a game's state waits for by the clock: at Discord time `at_ms` the bot applies
    `action` for `seat` (a tank running dry, a quiet thrower's throws handed to the bot).

    It judges clicks by their Discord times, so it never fires while the gateway is down (those
    clicks are still held by Discord) nor before the gateway has been connected `settle_ms`."""

    at_ms: int
    seat: Seat
    action: Action
    settle_ms: int = 0
    """How long the gateway must have been connected, without a break, before it fires."""


def no_deadline(live: LiveMatch, synced: bool) -> GameDeadline | None:
    """For games whose states wait for no clock of their own."""
    return None


FollowUp = Callable[
    ["LiveMatch", GameState, Sequence[tuple[Seat, Action]], int, int],
    Sequence[tuple[Seat, Action]],
]
"""What a game adds to a member's click, stored with it: given the state after the click, what
it applied, the click's Discord time and Discord's time now."""


def no_follow_up(
    live: LiveMatch, state: GameState, applied: Sequence[tuple[Seat, Action]], at: int, now: int
) -> Sequence[tuple[Seat, Action]]:
    """For games that add nothing to a click."""
    return ()


def no_explanation(error: IllegalAction) -> Refused | None:
    """For games whose refusals the engine's reason says well enough."""
    return None


ShownLate = Callable[["LiveMatch", int], tuple[Seat, Action] | None]
"""What a game stores when a stored step reached its players late (the click's answer was lost
and the message edited instead): given the match and how many ms late."""


def nothing_late(live: LiveMatch, late_ms: int) -> tuple[Seat, Action] | None:
    """For games where a step shown late changes nothing (no clock runs against it)."""
    return None


@dataclass(frozen=True, slots=True)
class DemoMatch:
    """A game's match in `tablero demo`: its seats and options, and what counts as a turn for
    the images written."""

    names: tuple[str, ...]
    """The computer players' first names (marked as computers in the demo's language)."""
    options: Mapping[str, Any]
    turns: Callable[[Any], int]
    label: str


@dataclass(frozen=True, slots=True)
class GameAdapter:
    """One game's bot side; `bot.games.ADAPTERS` lists one per registered game."""

    name: str
    """The game's name in `games.registry`."""
    ui: GameUI
    pace: Pace
    images: GameImages
    buttons: Mapping[str, ButtonHandler]
    """The custom_id verbs of the game's buttons and what a click on each does."""
    selects: Mapping[str, SelectHandler]
    """The same for its selects."""
    commands: Callable[[TableroBot], commands.Cog]
    """The game's slash commands (how a match starts), as a cog the bot loads."""
    demo: DemoMatch
    """The computer-only match `tablero demo` plays and draws."""
    deadline: Callable[[LiveMatch, bool], GameDeadline | None] = no_deadline
    """What the state waits for by the clock (the bool: the bot's clock offset is known)."""
    follow_up: FollowUp = no_follow_up
    """What the game adds to a member's click in the same stored batch (Kero's tanker credit)."""
    shown_late: ShownLate = nothing_late
    explain: Callable[[IllegalAction], Refused | None] = no_explanation
    """A refusal the game says in more detail than its reason (Kero: what a move costs and
    what the player has), or None for the reason's own words."""
    """What the game stores when a step's message came late (Kero: the delay given back to the
    tank)."""

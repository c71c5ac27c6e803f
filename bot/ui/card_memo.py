"""What a match's step cards share from one card to the next, kept for the matches shown last.

A click changes the state, so most of a card is new; but a state is often shown more than once
(the turn clock reads the mentions of the card just built, a Kero die toggled shows the same
turn with other buttons), and a Keer pick changes only the waiting list: every button of its
card is the keep's, as the image is (`GameRules.picture_version`). So for each of the last
`KEPT` matches shown the memo keeps the texts of its current state (`Said`) and the buttons of
its picture version (`Pressed`), each with what it was made of, and hands them out again only
while all of it is the same: the same match object; the same state object at the same version
(the texts) or one carried on from it (the buttons: a state is copied at every step, so it is
recognised by the actions it shares with the one they were made of, which a game's history
only ever appends to); the same language, seats,
computer seats and away seats; and (the buttons, which `dress` changes) the same application
emoji. A match that is over is dropped, as are the matches shown longest ago past `KEPT`: a
match's parts weigh a few KB (its buttons are discord.py items, reused as they are).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

import discord

from bot.core.live import LiveMatch
from bot.ui.components import SentView
from games.common.protocol import GameState

KEPT: Final = 256
"""How many matches' cards are kept (about the matches played at once)."""

Item = discord.ui.Item[Any]
Seats = tuple[object, ...]


def seats_of(live: LiveMatch) -> Seats:
    """What a card reads of the match besides its state: its language, who sits in each seat,
    the seats the computer plays (departed, stood in for) and those whose member is away."""
    return (
        live.words,
        live.players,
        frozenset(live.departed.items()),
        frozenset(live.stand_in),
        frozenset(live.paused),
    )


@dataclass(slots=True, eq=False)
class Said:
    """The texts of one state of the match, each made when first asked (mutable: a card asks
    for some only)."""

    state: GameState
    version: int
    """The state's version then (a test may apply actions to the state object itself)."""
    seats: Seats
    content: str | None = None
    players: list[str] | None = None
    """The player lines, the away members marked."""
    board: str | None = None
    """The text board."""

    def fits(self, state: GameState, seats: Seats) -> bool:
        return state is self.state and state.version == self.version and seats == self.seats


@dataclass(slots=True, eq=False)
class Pressed:
    """The buttons of one picture version of the match, each made when first asked."""

    state: GameState
    picture: int
    seats: Seats
    game: tuple[Item, ...] | None = None
    """The game's own buttons, in the order it added them."""
    board: Item | None = None
    """📝 Text board, unless the game's buttons carry it."""
    looks: list[Item] | None = None
    """Each player's 👁 button."""

    def fits(self, state: GameState, picture: int, seats: Seats) -> bool:
        if picture != self.picture or seats != self.seats:
            return False
        return state is self.state or self._carried(state)

    def _carried(self, state: GameState) -> bool:
        """Whether `state` was carried on from the one the buttons were made of (or that one,
        carried on itself), past their picture version: it shares the action that led to that
        version (a copied state shares its history's entries; a state replayed from the log, or
        a test's own, does not)."""
        picture, history, before = self.picture, state.history, self.state.history
        if not 0 < picture <= min(len(history), len(before)):
            return False
        return history[picture - 1] is before[picture - 1]


@dataclass(slots=True, eq=False)
class Kept:
    """What is kept of one match: the texts of its current state, the buttons of its picture
    version."""

    live: LiveMatch
    said: Said
    pressed: Pressed


class CardMemo:
    """The texts and buttons of the step cards of the last `KEPT` matches shown."""

    def __init__(self, kept: int = KEPT) -> None:
        self._kept = kept
        self._entries: OrderedDict[int, Kept] = OrderedDict()

    def kept(self, live: LiveMatch, picture: int, emoji: int) -> Kept | None:
        """What is kept of the match's current state and of its picture version `picture` (each
        empty if what it was made of changed), the application emoji as they are now (`emoji`:
        `AppEmoji.generation`); None for a match that is over (its entry dropped)."""
        if not live.open:
            self._entries.pop(live.id, None)
            return None
        seats = seats_of(live)
        said = (*seats, len(live.made_for))  # Keer's lines say which picks were made for them
        pressed = (*seats, emoji)
        kept = self._entries.get(live.id)
        if kept is None or kept.live is not live:
            state = live.state
            kept = Kept(live, Said(state, state.version, said), Pressed(state, picture, pressed))
            self._entries[live.id] = kept
            while len(self._entries) > self._kept:
                self._entries.popitem(last=False)
            return kept
        self._entries.move_to_end(live.id)
        if not kept.said.fits(live.state, said):
            kept.said = Said(live.state, live.state.version, said)
        if not kept.pressed.fits(live.state, picture, pressed):
            kept.pressed = Pressed(live.state, picture, pressed)
        return kept

    def drop(self, live: LiveMatch) -> None:
        """Forget a match that is over."""
        if not live.open:
            self._entries.pop(live.id, None)

    def __len__(self) -> int:
        return len(self._entries)


def game_items(view: discord.ui.View | None) -> tuple[Item, ...]:
    """A game's view's items, in the order it added them."""
    return () if view is None else tuple(view.children)


def items_view(items: Sequence[Item]) -> discord.ui.View:
    """A fresh view holding `items`, added in the order their game added them: the same rows,
    and the same room left."""
    view = SentView()
    for item in items:
        view.add_item(item)
    return view

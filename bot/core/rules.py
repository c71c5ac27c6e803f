"""A game's rules as the bot plays them, without Discord: what it does by itself (chance it
draws, forced moves, a missed turn), which message a state belongs to, what it waits for by the
clock, and how it explains a refusal.

Each game's `bot/games/<game>/rules.py` implements `GameRules`; the composition root hands the
match service a table of them, so nothing here loads a game's Discord half.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from games.common.errors import IllegalAction
from games.common.protocol import Action, GameState, Seat

if TYPE_CHECKING:
    from bot.core.refusals import Refused


@dataclass(frozen=True, slots=True)
class ThrowDice:
    """The seat's own throw: the bot draws the chance action the seat's click triggers."""


THROW = ThrowDice()
"""A member's request to throw the dice they trigger (Keer's Roll button)."""

Move = Action | ThrowDice
"""What a member's click asks for: an action of the game, or the throw of their dice."""


@dataclass(frozen=True, slots=True)
class ComputerMoves:
    """The computer makes the seat's one pending move (an absent roller's keep)."""


@dataclass(frozen=True, slots=True)
class Forfeit:
    """The seat's turn ends with this action (an absent Keer player misses the roll)."""

    action: Action


MissedTurn = ThrowDice | ComputerMoves | Forfeit
"""What the bot applies for a seat whose turn clock ran out, one step at a time."""


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


class MatchView(Protocol):
    """What a game's rules read of a match besides its state: who the bot plays for."""

    @property
    def state(self) -> GameState:
        """The match's state now."""
        ...

    def is_ai(self, seat: Seat) -> bool:
        """Whether the bot plays this seat (a computer's, or one its player left)."""
        ...


class GameRules(Protocol):
    """One game's Discord-free half, as the match service, the timers and the turn clocks use
    it (every method is a pure function of what it is given). A game's rules derive from it:
    the last four answers have defaults for a game with no clock and nothing to add."""

    @property
    def name(self) -> str:
        """The game's name in `games.registry`."""
        ...

    def chance_trigger(self, state: Any) -> Seat | None:
        """The seat whose click throws the pending chance action, or None to draw it at once."""
        ...

    def forced(self, state: Any, seat: Seat) -> Action | None:
        """The action a human seat must take because it is the only legal one, else None."""
        ...

    def step_version(self, state: Any) -> int:
        """The version at which the message players now click was drawn; older clicks are stale."""
        ...

    def missed(self, state: Any, seat: Seat) -> MissedTurn | None:
        """What the bot applies for a seat whose turn clock ran out, or None to ask the other
        players (skip the turn or expel the player)."""
        ...

    def skip(self, state: Any, seat: Seat) -> Action | None:
        """The action that skips an absent seat's turn when another member asks (None: the
        game skips by itself, so "Skip turn" is never offered)."""
        ...

    def message_key(self, state: Any) -> int:
        """Which public message a state belongs to; a new key means a new message (and image)."""
        ...

    def deadline(self, live: MatchView, synced: bool) -> GameDeadline | None:
        """What the state waits for by the clock (`synced`: the bot's clock offset is known);
        by default nothing: a game without a clock of its own."""
        return None

    def follow_up(
        self,
        live: MatchView,
        state: GameState,
        applied: Sequence[tuple[Seat, Action]],
        clicked_ms: int,
        now_ms: int,
    ) -> Sequence[tuple[Seat, Action]]:
        """What the game adds to a member's click in the same stored batch (Kero's tanker
        credit), given the state after the click, what it applied, its time and Discord's now;
        by default nothing."""
        return ()

    def shown_late(self, live: MatchView, late_ms: int) -> tuple[Seat, Action] | None:
        """What the game stores when a step reached its players `late_ms` late (its answer was
        lost and the message edited instead; Kero: the wait given back to the tank); by default
        nothing: no clock runs against it."""
        return None

    def held_up(
        self, live: MatchView, clicked_ms: int, now_ms: int
    ) -> Sequence[tuple[Seat, Action]]:
        """What the game stores after a click kept through a database outage was applied at
        `now_ms` (Discord's), though made at `clicked_ms`: Kero gives the whole wait back to the
        tank, beyond the capped credit the click itself got; by default nothing."""
        return ()

    def bot_down(
        self, live: MatchView, since_ms: int, now_ms: int
    ) -> Sequence[tuple[Seat, Action]]:
        """What the game stores when the bot is back at `now_ms` after being down since
        `since_ms` (Discord's times; clicks made meanwhile were lost): Kero gives the downtime
        back to a tank whose window was open when the bot went down; by default nothing."""
        return ()

    def board_version(self, state: GameState) -> int:
        """The version the match's board image is drawn at, for a game whose images have a
        strip (`render.GameImages.strip`) that shows what changed since: the steps after it
        change only the strip (Keer: the table is drawn as the roll began); by default the
        picture version."""
        return self.picture_version(state)

    def picture_version(self, state: GameState) -> int:
        """The version the match's image is drawn at, which its message's buttons carry: the
        steps after it change nothing the image shows (Keer: picks stay hidden until the roll
        resolves); by default the state's own."""
        return state.version

    def explain(self, error: IllegalAction) -> Refused | None:
        """A refusal said in more detail than the engine's reason, or None (the default) for
        its own words."""
        return None

    def ran_out(self, state: GameState, seat: Seat) -> bool:
        """Whether the state records that the seat's clock ran out and it has not acted since
        (Keer: its last action is a miss), so the others may still expel it once play moved on;
        by default False (the running clock alone tells)."""
        return False

    def only_choice(self, state: GameState, seat: Seat) -> Action | None:
        """A choice the seat has no alternative to, which the bot makes for a member who asked
        it to (`/settings me autopick:on`); by default none (Keer: a pick of one option)."""
        return None

"""A game's bot side as one value: its rules half (what the bot plays by itself, its deadlines
and follow-ups: bot/core/rules.py), its messages, its clicks, its slash commands and its demo.

Generic modules talk to a `GameAdapter` (the ui) or to its `GameRules` (the core) only;
everything that names a game lives in its folder under `bot/games/`.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import discord
from discord.ext import commands

from bot.core.clock_book import AwayPolicy
from bot.core.live import LiveMatch, Played
from bot.core.playing_hours import PlayingHours
from bot.core.rules import GameRules, Move
from bot.core.settings import ClockMode
from bot.ui.ids import MatchRef
from games.common.protocol import Seat
from games.fairness import Fairness
from games.records import Player
from storage import Lobby


class GameClicks(Protocol):
    """What a game's click handlers use of the click router (bot/ui/router.py)."""

    async def player(
        self, interaction: discord.Interaction[Any], ref: MatchRef, *, check_version: bool = True
    ) -> tuple[LiveMatch, int]:
        """The match and the clicking member's seat; Refused for outsiders and stale clicks."""
        ...

    async def act(self, interaction: discord.Interaction[Any], ref: MatchRef, move: Move) -> Played:
        """Store a member's move (answered by the caller through `deliver`)."""
        ...

    async def looked_at(
        self, interaction: discord.Interaction[Any], ref: MatchRef
    ) -> tuple[LiveMatch, Seat]:
        """The match as the clicked card pictures it, in the member's language, and the seat
        its 👁 button names; for anyone, at any version; Refused when the match is gone."""
        ...

    def now_ms(self) -> int:
        """Discord's time now, by the bot's synced clock."""
        ...

    def dressed(self, live: LiveMatch, text: str) -> str:
        """A text of the match's game with its emoji shown as the application emoji, as the
        match's cards show them."""
        ...

    async def shows_images(self, interaction: discord.Interaction[Any], live: LiveMatch) -> bool:
        """Whether what only the member sees may carry an image: they take images and the
        match's card shows its image (not its text board)."""
        ...

    async def act_public(
        self, interaction: discord.Interaction[Any], ref: MatchRef, move: Move
    ) -> Played:
        """Store a member's move and show the step on the clicked public message."""
        ...

    async def show_step(
        self, interaction: discord.Interaction[Any], live: LiveMatch, buttons: discord.ui.View
    ) -> None:
        """Answer a click by showing the current step with other buttons."""
        ...

    async def deliver(
        self, interaction: discord.Interaction[Any], played: Played, answer: Awaitable[object]
    ) -> None:
        """Answer the click, then deliver what its step changed."""
        ...

    async def wants_images(self, user_id: str) -> bool:
        """Whether the member takes images in what only they see."""
        ...

    async def render(self, function: Callable[..., bytes], *args: Any, **kwargs: Any) -> bytes:
        """A render off the event loop."""
        ...

    def drawn(self, function: Callable[..., bytes], *args: Any, **kwargs: Any) -> bytes:
        """A small render on the event loop (under a millisecond or two), timed."""
        ...


ButtonHandler = Callable[[GameClicks, discord.Interaction[Any], MatchRef], Awaitable[None]]
"""A game's handler of a button verb: the click router, the click, its custom_id."""
SelectHandler = Callable[
    [GameClicks, discord.Interaction[Any], MatchRef, list[str]], Awaitable[None]
]
"""A game's handler of a select verb, with the values chosen."""


class MatchStarting(Protocol):
    """What a game's slash commands use to check and start a match (bot/ui/starts.py)."""

    async def check_can_start(self, interaction: discord.Interaction[Any], host: str) -> None:
        """Refuse where the bot could not post, the channel is busy or the host is at the
        limit."""
        ...

    async def start(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        players: Sequence[Player],
        options: Mapping[str, Any],
        clock: ClockMode | None = None,
        *,
        rated: bool = True,
        hours: PlayingHours | None = None,
        away: AwayPolicy = AwayPolicy.PAUSE,
        fair: Fairness | None = None,
    ) -> LiveMatch:
        """Create the match, post its first message and start its clock (an async table's
        within its playing hours); its dice answer to `fair`."""
        ...


class LobbyOpening(Protocol):
    """What a game's slash commands use to post a lobby or a challenge (bot/ui/lobbies.py)."""

    async def open(self, interaction: discord.Interaction[Any], lobby: Lobby) -> None:
        """Post it as the command's answer and arm its expiry."""
        ...


@dataclass(frozen=True, slots=True)
class CommandKit:
    """What a game's slash commands are built with."""

    client: discord.Client
    """discord.py's client (for its own user: a challenge of the bot itself)."""
    starts: MatchStarting
    lobbies: LobbyOpening


@dataclass(frozen=True, slots=True)
class GameUI:
    """What the publisher and commands need to show a game without naming it."""

    step_content: Callable[[LiveMatch], str]
    """The current message's text: whose move, and what is on the table."""
    step_view: Callable[[LiveMatch], discord.ui.View | None]
    """The current message's buttons: made of the state at its picture version
    (`GameRules.picture_version`), the seats, who the computer plays and the language alone, so
    the cards reuse them until one of those changes (bot/ui/card_memo.py)."""
    step_summary: Callable[[LiveMatch, int], str]
    """What a message says once the play moved on to the next one."""
    results_content: Callable[[LiveMatch], str]
    text_board: Callable[[LiveMatch], str]
    """The board as text, where the bot may not attach images."""
    progress_line: Callable[[LiveMatch], str]
    players: Callable[[LiveMatch], Sequence[str]] = lambda live: ()
    """One line per player on the match card: name, score, what they are doing."""
    look_label: str | None = None
    """The message id of the label of the 👁 button beside each player's line, which shows
    anyone that player's public view (the game's `look` verb answers it); None: no button."""
    accent: Callable[[LiveMatch], int | None] = lambda live: None
    """The acting player's colour, the card's accent (the player lines name them too)."""
    strip_alt: Callable[[LiveMatch], str] = lambda live: ""
    """The alt text of the strip image, for a game that has one (`render.GameImages.strip`)."""
    board_sections: Callable[[LiveMatch], Sequence[str]] | None = None
    """📝 Text board: what the match's image shows, in words a screen reader reads well, as
    sections (where play stands, each player, the table), a fact group a line; only what the
    image shows (bot/ui/text_boards.py pages them). None: the card's text and `text_board`."""


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

    rules: GameRules
    """The Discord-free half (bot/games/<game>/rules.py); the core gets only this."""
    ui: GameUI
    buttons: Mapping[str, ButtonHandler]
    """The custom_id verbs of the game's buttons and what a click on each does."""
    selects: Mapping[str, SelectHandler]
    """The same for its selects."""
    commands: Callable[[CommandKit], commands.Cog]
    """The game's slash commands (how a match starts), as a cog the bot loads."""
    demo: DemoMatch
    """The computer-only match `tablero demo` plays and draws."""

    @property
    def name(self) -> str:
        """The game's name in `games.registry`."""
        return self.rules.name

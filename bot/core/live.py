"""An open match as the bot holds it (the replayed state, its seats, where it is shown), and
what one accepted step did."""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.core.computer import is_computer, level_of, shown_name
from bot.core.refusals import ELSEWHERE, Refused
from bot.core.rules import GameRules
from bot.core.thoughts import Thoughts
from games.common.levels import Level
from games.common.protocol import Action, GameState, Policy, Seat
from games.common.rng import ChanceRng
from games.records import Entry, Player
from games.registry import GameSpec, get_game
from storage import Owed, StoredMatch
from words import DEFAULT, Words, words_for

log = logging.getLogger(__name__)

MakeAI = Callable[[GameSpec, Level], Policy]
"""Makes the computer player of a game at a level (the bot's, at its pace)."""
Place = tuple[str | None, str | None]
"""Where a click was made: the guild's id (None in DMs) and the channel's or thread's."""


def _english(guild: str | None) -> Words:
    return words_for(DEFAULT)


@dataclass(frozen=True, slots=True)
class Private:
    """A message only one member sees that a later step of the match makes stale (Keer's open
    choices), and how to close it while Discord still lets the bot edit it."""

    seat: Seat
    key: int
    """The message key (`GameRules.message_key`) of the step it was shown in."""
    message_id: str
    opened_ms: int
    """Discord's time of the interaction that showed it: its token lives 15 minutes."""
    words: Words
    """The member's language."""
    over_key: str
    """The message it says once its step is over (a catalog key)."""
    close: Callable[[str], Awaitable[object]]
    """Replace it with this text, its components gone."""


@dataclass(frozen=True, slots=True)
class HeldClick:
    """A member's timed click the database could not take (down, or slower than Discord's
    3 s): kept with its Discord stamp and applied, in order, once the database answers."""

    match_id: int
    user_id: str
    version: int
    """The match version the clicked message showed."""
    action: Action
    """The move, stamped with the click's Discord time."""
    interaction: str
    """The click's interaction id (a click is stored once, whichever way it arrives)."""
    place: Place
    """Where the click was made."""


@dataclass(slots=True, eq=False)
class LiveMatch:
    """An open match as the bot holds it: the replayed state plus where it is shown."""

    id: int
    spec: GameSpec
    rules: GameRules
    """What the bot does by itself in the match's game (bot/games/<game>/rules.py)."""
    state: GameState
    players: tuple[Player, ...]
    seed: str
    options: Mapping[str, Any]
    guild_id: str | None
    channel_id: str
    """Where its messages go: the match's thread, else the channel."""
    message_id: str | None = None
    departed: dict[Seat, str] = field(default_factory=dict)
    rated: bool = True
    """False for a casual match: it changes no rating."""
    cancel_votes: set[str] = field(default_factory=set)
    wake_at: int | None = None
    """Discord time (ms) of the computer's next timed move, which waits for the real clock."""
    open: bool = True
    """False once the match ended (finished, cancelled, abandoned): nothing more is applied."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    language: Callable[[str | None], Words] = _english
    """The language of a server's public messages (the bot's `Languages.public`)."""
    thoughts: Thoughts = field(default_factory=Thoughts)
    """What its searching computers were asked and answered (bot/core/questions.py)."""
    autopick: set[Seat] = field(default_factory=set)
    """Seats whose member asked the bot to make a choice they have no alternative to
    (`GameRules.only_choice`; `/settings me autopick:on`)."""
    made_for: set[int] = field(default_factory=set)
    """Where in the history the bot made a member's choice for them (autopick), for the notes
    that say so (in memory: after a restart the notes of earlier steps are gone)."""
    stand_in: set[Seat] = field(default_factory=set)
    """Seats the computer plays while their member is away (`/away`, a table whose away policy
    is stand-in): counted as computer seats until the member is back."""
    paused: set[Seat] = field(default_factory=set)
    """Seats whose member is away at a table that pauses for them: their clock does not run,
    and a game that goes on without an absent player (Keer) skips them at once."""
    private: list[Private] = field(default_factory=list)
    """Messages only one member sees that a later step makes stale, still open (in memory:
    after a restart a stale one is answered when clicked)."""
    held: list[HeldClick] = field(default_factory=list)
    """Timed clicks kept through a database outage, in click order: applied before anything
    the bot does by itself (bot/core/held.py)."""
    ended: GameState | None = None
    """The state before the step that moved play on to a new message (never changed after:
    each step works on a copy): a past state since (what the old message sums up, the table
    as a roll began) is replayed from it, not from the match's first action."""
    _ais: dict[Seat, Policy] = field(default_factory=dict)

    @property
    def words(self) -> Words:
        """The language the match's messages and images are in now (its server's)."""
        return self.language(self.guild_id)

    @property
    def names(self) -> list[str]:
        """Display names by seat (the computer's marked in the match's language)."""
        words = self.words
        return [shown_name(p, words) for p in self.players]

    @property
    def rng(self) -> ChanceRng:
        """The match's chance stream (stateless: the draw index is the state's roll count)."""
        return ChanceRng(self.seed)

    def at(self, version: int, *, ending: int | None = None) -> LiveMatch:
        """The match as it stood at an earlier version, its state replayed from the log; with
        `ending` (a message key), as it stood when that message's step ended, if earlier — to
        show a step once play moved on. The match itself when nothing is replayed."""
        if ending is None and version >= self.state.version:
            return self
        key_of, mark = self.rules.message_key, self.ended
        if mark is not None and mark.version <= version and (ending in (None, key_of(mark))):
            past, began = mark.clone(), ending is not None  # from the step that moved on
        else:
            past, began = self.spec.new_match(len(self.players), self.options), False
        for seat, action in self.state.history[past.version : version]:
            if ending is not None:
                key = key_of(past)
                if began and key != ending:
                    break
                began = key == ending
            past.apply(seat, action)
        return dataclasses.replace(self, state=past)

    def seat_of(self, user_id: str) -> Seat | None:
        """The seat a member plays (None if they are not in the match or left it)."""
        for seat, player in enumerate(self.players):
            if player.id == user_id and seat not in self.departed:
                return seat
        return None

    def is_ai(self, seat: Seat) -> bool:
        """Whether the bot plays this seat (an AI seat, one its player left, or a stand-in's
        while its member is away)."""
        return is_computer(self.players[seat].id) or seat in self.departed or seat in self.stand_in

    def waits_for(self, seat: Seat | None) -> bool:
        """Whether the match waits for this seat's click (a move, or dice it throws)."""
        return seat is not None and self.waits_for_in(self.state, seat)

    def waits_for_in(self, state: GameState, seat: Seat) -> bool:
        """The same for another state of the match (a copy being worked on)."""
        return seat in state.seats_to_act() or self.rules.chance_trigger(state) == seat

    def vote_cancel(self, user_id: str) -> list[Player]:
        """Count a member's vote to cancel; the members who still have to agree (one away whom
        the computer stands in for too: the seat is still theirs)."""
        self.cancel_votes.add(user_id)
        seated = [p for s, p in enumerate(self.players) if s not in self.departed]
        return [p for p in seated if not is_computer(p.id) and p.id not in self.cancel_votes]

    def humans(self) -> list[Player]:
        """The members still playing."""
        return [p for s, p in enumerate(self.players) if not self.is_ai(s)]

    def level(self, seat: Seat) -> Level:
        """How strong the computer playing this seat is (normal for a seat a member left)."""
        return level_of(self.players[seat].id)

    def policy(self, seat: Seat, make: MakeAI) -> Policy:
        """The AI of a seat, made when first needed."""
        if seat not in self._ais:
            self._ais[seat] = make(self.spec, self.level(seat))
        return self._ais[seat]

    @property
    def message_key(self) -> int:
        """Which public message the match's state belongs to now."""
        return self.rules.message_key(self.state)


@dataclass(frozen=True, slots=True)
class Played:
    """What one accepted step did: the state before it, what was applied (typed, and as the
    stored entries), and whether play moved on to a new message."""

    match: LiveMatch
    before: GameState
    actions: tuple[tuple[Seat, Action], ...]
    entries: tuple[Entry, ...]
    finished: bool
    step_key: int
    """The message key of the state before: the message the click was made on."""
    moved_on: bool
    """The match ended or its state now belongs to a new message (a new image is due)."""
    owed: Owed | None = None
    """The message the step made due, stored with it (when it moved on)."""
    stored_ms: int = 0
    """Discord's time when the step was stored (how late its message came is measured from
    it)."""


def check_place(match_id: int, where: Place, clicked: Place) -> None:
    """Refused unless a click comes from the guild and the channel (or thread) the match plays
    in: a payload from elsewhere carrying a valid custom_id changes nothing."""
    if clicked != where:
        log.info(
            "a click on match %s came from guild %s channel %s; it plays in guild %s channel %s",
            match_id,
            *clicked,
            *where,
        )
        raise Refused(ELSEWHERE)


def live_from(
    stored: StoredMatch,
    state: GameState,
    rules: GameRules,
    language: Callable[[str | None], Words],
) -> LiveMatch:
    """A stored match as the bot holds it, at `state` (its record replayed)."""
    record = stored.record
    return LiveMatch(
        stored.id,
        get_game(record.game),
        rules,
        state,
        record.players,
        record.seed or "",
        record.options,
        stored.guild_id,
        stored.thread_id or stored.channel_id or "",
        stored.message_id,
        departed=dict(stored.departed),
        rated=stored.rated,
        language=language,
    )

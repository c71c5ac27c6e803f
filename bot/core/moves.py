"""What the bot plays by itself, on a copy of a match's state: the chance it draws, the
computers' moves, the moves a member is forced to, what a missed turn means, and what the game
adds to a member's click. Everything played lands in a `Batch`, stored in one transaction."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field

from bot.core.live import LiveMatch, MakeAI
from bot.core.refusals import Refused
from bot.core.rules import ComputerMoves, Forfeit, Move, ThrowDice
from games.common.errors import IllegalAction
from games.common.levels import Level
from games.common.protocol import CHANCE, Action, GameState, Node, Seat
from games.records import Entry

log = logging.getLogger(__name__)

_MAX_BOT_MOVES = 100_000
"""A safety net: a match the bot plays alone this long has a broken engine."""
_MAX_MISSED_STEPS = 4
"""A missed turn is a few steps at most (Keer: throw, keep, then the roll is missed)."""


@dataclass(slots=True)
class Batch:
    """The actions one click (or one bot step) applies, stored together in one transaction."""

    actions: list[tuple[Seat, Action]] = field(default_factory=list)
    entries: list[Entry] = field(default_factory=list)
    wake_at: int | None = None
    """Discord time of the computer's next timed move after the batch: the match's `wake_at`
    once the batch is stored (never before: a batch that fails to store changes nothing)."""
    think: set[Seat] = field(default_factory=set)
    """Seats whose searching computer must be asked for its move once the batch is stored."""

    def add(
        self, seat: Seat, action: Action, at: int | None = None, interaction: str | None = None
    ) -> None:
        """Apply nothing: note an action already applied to the copy, as it will be stored."""
        self.actions.append((seat, action))
        self.entries.append(Entry(seat, action.to_text(), at, interaction))

    def __bool__(self) -> bool:
        return bool(self.entries)


class BotMoves:
    """The bot's own moves in any match, at the pace of Discord's clock."""

    def __init__(self, *, now_ms: Callable[[], int], make_ai: MakeAI, searching: bool) -> None:
        self._now_ms = now_ms
        """Discord's time now: a computer's timed move never runs ahead of it."""
        self._make_ai = make_ai
        self._searching = searching
        """Whether hard computers think in workers (their moves come as answers)."""

    def advance(self, live: LiveMatch, work: GameState, batch: Batch) -> None:
        """Play everything the bot plays by itself until a member has to act (or the
        computer's next timed move lies ahead of Discord's clock: `batch.wake_at`)."""
        batch.wake_at = None
        batch.think.clear()
        for _ in range(_MAX_BOT_MOVES):
            if work.is_terminal():
                return
            step = self._next(live, work, batch)
            if step is None:
                return
            seat, action = step
            try:
                work.apply(seat, action)
            except IllegalAction:
                if live.thoughts.answer_for(work, seat) is not action:
                    raise
                log.warning(
                    "match %s: seat %s's searched move %r was refused",
                    live.id,
                    seat,
                    action.to_text(),
                )
                live.thoughts.drop(seat)
                batch.think.add(seat)
                return
            batch.add(seat, action)
        raise RuntimeError(f"match {live.id}: the bot kept moving alone; the engine is stuck")

    def missed(self, live: LiveMatch, work: GameState, seat: Seat, batch: Batch) -> None:
        """Apply what missing the turn clock means for this seat in its game, step by step (an
        absent Keer roller's dice are rolled, kept, then its roll missed)."""
        for _ in range(_MAX_MISSED_STEPS):
            what = live.rules.missed(work, seat) if live.waits_for_in(work, seat) else None
            if what is None:
                return
            acting, action = self._missed_step(live, work, seat, what)
            work.apply(acting, action)
            batch.add(acting, action)
            if isinstance(what, Forfeit):
                return  # the seat's roll is missed: the next one gets a fresh clock

    def _missed_step(
        self,
        live: LiveMatch,
        work: GameState,
        seat: Seat,
        what: ThrowDice | ComputerMoves | Forfeit,
    ) -> tuple[Seat, Action]:
        if isinstance(what, ThrowDice):
            return CHANCE, work.sample_chance(live.rng)
        if isinstance(what, ComputerMoves):
            return seat, live.policy(seat, self._make_ai).choose(work, seat)
        return seat, what.action

    def follow_up(self, live: LiveMatch, work: GameState, batch: Batch, clicked_ms: int) -> None:
        """What the game adds to a member's click in the same batch (Kero's tanker credit)."""
        now = self._now_ms()
        for seat, action in live.rules.follow_up(live, work, batch.actions, clicked_ms, now):
            work.apply(seat, action)
            batch.add(seat, action)

    def _next(self, live: LiveMatch, work: GameState, batch: Batch) -> tuple[Seat, Action] | None:
        """The bot's next move, or None when the match waits (for a member, a thought, or
        Discord's clock)."""
        if work.node() is Node.CHANCE:
            return self._chance(live, work)
        for seat in work.seats_to_act():
            if seat in live.paused:
                skipped = self._skipped(live, work, seat)
                if skipped is not None:
                    return skipped
                continue
            if live.is_ai(seat):
                action = self._computer_move(live, work, seat, batch)
                if action is None:
                    continue  # it is thinking; the others may still move
                at = action.at
                if at is not None and at > self._now_ms():
                    batch.wake_at = at
                    return None
                return seat, action
            made = self._made_for(live, work, seat)
            if made is not None:
                return seat, made
        return None

    def _chance(self, live: LiveMatch, work: GameState) -> tuple[Seat, Action] | None:
        """Chance's draw, unless it waits for a member's throw (thrown for an away member at a
        table that goes on without them)."""
        trigger = live.rules.chance_trigger(work)
        if trigger is not None and not live.is_ai(trigger):
            return self._skipped(live, work, trigger)
        return CHANCE, work.sample_chance(live.rng)

    def _skipped(self, live: LiveMatch, work: GameState, seat: Seat) -> tuple[Seat, Action] | None:
        """The next step of the turn an away member misses at a table that pauses for them, in
        a game that goes on without an absent player (Keer: what a missed clock means); None
        where the game waits for them (Kero: their clock is paused)."""
        if seat not in live.paused:
            return None
        what = live.rules.missed(work, seat)
        return None if what is None else self._missed_step(live, work, seat, what)

    @staticmethod
    def _made_for(live: LiveMatch, work: GameState, seat: Seat) -> Action | None:
        """A member's move the bot makes: one the rules force, or a choice without alternative
        for a member who asked for it (`/settings me autopick:on`)."""
        forced = live.rules.forced(work, seat)
        if forced is not None or seat not in live.autopick:
            return forced
        only = live.rules.only_choice(work, seat)
        if only is not None:
            live.made_for.add(work.version)  # where it will be in the history
        return only

    def _computer_move(
        self, live: LiveMatch, work: GameState, seat: Seat, batch: Batch
    ) -> Action | None:
        """The computer's move; for a searching one, its answer, or None while it thinks."""
        if live.level(seat) is not Level.HARD or not self._searching:
            return live.policy(seat, self._make_ai).choose(work, seat)
        answer = live.thoughts.answer_for(work, seat)
        if answer is None:
            batch.think.add(seat)
        return answer


def acting_for(live: LiveMatch, work: GameState, seat: Seat, move: Move) -> tuple[Seat, Action]:
    """Who applies a member's move: the member, or chance for the throw their click triggers."""
    if not isinstance(move, ThrowDice):
        return seat, move
    if work.node() is not Node.CHANCE or live.rules.chance_trigger(work) != seat:
        raise Refused("refuse-not-your-roll")
    return CHANCE, work.sample_chance(live.rng)

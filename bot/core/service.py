"""The match service: open matches in memory, one lock each, every accepted action stored first.

Discord-free on purpose: commands and components call it with ids and typed moves, and it
answers with what happened or a `Refused` whose text the member sees. An action is applied to a
copy, the bot's own follow-up moves (chance it draws, AI seats, forced skips) are added, the whole
batch is appended in one transaction, and only then does the live state move on — so a click is
acknowledged only once it is durable, and a refused or failed one changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from typing import Any

from bot.core.fairness import seeded
from bot.core.live import LiveMatch, Place, Played, check_place, live_from
from bot.core.moves import Batch, BotMoves, acting_for
from bot.core.questions import Questions
from bot.core.refusals import OUT_OF_DATE, Refused, explain
from bot.core.reloads import Reloads
from bot.core.rules import GameRules, Move
from bot.core.standings import store_ending
from games.common.errors import IllegalAction
from games.common.protocol import Action, GameState, Seat
from games.fairness import Fairness
from games.records import Player
from games.registry import get_game
from storage import (
    DuplicateInteraction,
    NewMatch,
    Owed,
    Rebuilt,
    StaleVersion,
    Store,
    StoredMatch,
)
from words import DEFAULT, Words, words_for

log = logging.getLogger(__name__)


class MatchService:
    """Every open match of this process, by id and by the channel (or thread) it plays in."""

    def __init__(
        self,
        store: Store,
        rules: Mapping[str, GameRules],
        *,
        moves: BotMoves,
        questions: Questions,
        now_ms: Callable[[], int],
        new_seed: Callable[[], str] | None = None,
        language: Callable[[str | None], Words] | None = None,
        observe_append: Callable[[float], None] | None = None,
        autopicks: Callable[[Sequence[Player]], Awaitable[set[Seat]]] | None = None,
        reloaded: Callable[[LiveMatch], None] | None = None,
    ) -> None:
        self._store = store
        self._rules = rules
        """Each game's rules half, by the game's name (bot/games/<game>/rules.py)."""
        self._moves = moves
        self._questions = questions
        self._now_ms = now_ms
        """Discord's time now (when a step was stored, when a match ended)."""
        self._fixed_seeds = new_seed
        """Each new match's chance seed when tests fix the dice (no commitment then)."""
        self._language = language or (lambda guild: words_for(DEFAULT))
        """The language of a server's public messages, by server id (the bot's languages)."""
        self._observe_append = observe_append or (lambda seconds: None)
        """Told how long each append took, in seconds (the bot's metrics)."""
        self._autopicks = autopicks
        """A new match's seats whose choices without alternative the bot makes (autopicks.py)."""
        self._reloads = Reloads(store, self._live_from, self._wake_of, reloaded or _nothing)
        """A match read back from the store (its message re-published: `reloaded`)."""
        self.matches: dict[int, LiveMatch] = {}
        self._by_channel: dict[str, int] = {}
        self._channel_locks: dict[str, asyncio.Lock] = {}

    def adopt(self, rebuilt: Rebuilt) -> None:
        """Take over the matches rebuilt at start-up, each woken when the computer moves next."""
        for match_id, state in rebuilt.states.items():
            live = self._live_from(rebuilt.stored[match_id], state)
            live.wake_at = self._wake_of(live)
            self._register(live)

    def _wake_of(self, live: LiveMatch) -> int | None:
        """When the computer next moves by itself in a rebuilt match (not stored: it follows
        from the state): now, if moves were due when the last process stopped."""
        work, batch = live.state.clone(), Batch()
        self._moves.advance(live, work, batch)
        if not batch:
            self._questions.ask(live, batch.think)
        return self._now_ms() if batch else batch.wake_at

    def in_channel(self, channel_id: str) -> LiveMatch | None:
        """The open match playing in a channel or thread."""
        match_id = self._by_channel.get(channel_id)
        return None if match_id is None else self.matches.get(match_id)

    def channel_lock(self, channel_id: str) -> asyncio.Lock:
        """Held while a match is being started in a channel, so two starts cannot both win."""
        return self._channel_locks.setdefault(channel_id, asyncio.Lock())

    async def get(
        self, match_id: int, clicked: Place | None = None, version: int | None = None
    ) -> LiveMatch:
        """An open match — read back from the store when a click drawn at `version` is ahead of
        it; Refused (saying why) for one that is over or unknown, or when a click made at
        `clicked` is not where the match plays."""
        live = self.matches.get(match_id)
        if live is not None:
            if clicked is not None:
                check_place(match_id, (live.guild_id, live.channel_id), clicked)
            if version is not None and version > live.state.version:
                async with live.lock:
                    await self._reloads.catch_up(live)
            return live
        stored = await self._reloads.clicked(match_id, clicked)
        if stored.status != "open":
            raise Refused("refuse-match-status", status=stored.status)
        log.error("match %s is open in the database but could not be rebuilt", match_id)
        raise Refused("refuse-match-damaged")

    async def check_clicked(self, match_id: int, clicked: Place) -> None:
        """Refused unless the match exists (open or over) and `clicked` is where it plays."""
        live = self.matches.get(match_id)
        if live is not None:
            check_place(match_id, (live.guild_id, live.channel_id), clicked)
        else:
            await self._reloads.clicked(match_id, clicked)

    async def create(
        self,
        game: str,
        players: Sequence[Player],
        options: Mapping[str, Any],
        *,
        guild_id: str | None,
        channel_id: str,
        thread_id: str | None = None,
        rated: bool = True,
        fair: Fairness | None = None,
    ) -> LiveMatch:
        """Store a new match, its dice fixed by `fair`, and play the bot's opening moves."""
        spec = get_game(game)
        state = spec.new_match(len(players), options)
        seed, fair = seeded(self._fixed_seeds, fair)
        new = NewMatch(
            game, tuple(players), seed, dict(options), guild_id, channel_id, thread_id, rated, fair
        )
        match_id = await self._store.create_match(new)
        live = LiveMatch(
            match_id,
            spec,
            self._rules[game],
            state,
            tuple(players),
            seed,
            options,
            guild_id,
            thread_id or channel_id,
            rated=rated,
            language=self._language,
            autopick=await self._autopicks(players) if self._autopicks else set(),
        )
        self._register(live)
        async with live.lock:
            work, batch = state.clone(), Batch()
            self._moves.advance(live, work, batch)
            if batch:
                await self._commit(live, work, batch)
            else:
                self._questions.ask(live, batch.think)
            live.wake_at = batch.wake_at
        return live

    async def act(
        self,
        match_id: int,
        user_id: str,
        version: int,
        move: Move,
        *,
        interaction: str | None = None,
        at: int | None = None,
        clicked: Place | None = None,
    ) -> Played:
        """Apply a member's move (an action, or the throw of the dice they trigger) drawn at
        `version`, clicked at `clicked` (refused unless that is where the match plays)."""
        live = await self.get(match_id, clicked, version)
        async with live.lock:
            if not live.open:
                raise Refused("refuse-match-over")
            seat = self.seat_for(live, user_id)
            state = live.state
            if not live.rules.step_version(state) <= version <= state.version:
                raise Refused(OUT_OF_DATE)
            work = state.clone()
            acting, action = acting_for(live, work, seat, move)
            try:
                work.apply(acting, action)
            except IllegalAction as error:
                raise live.rules.explain(error) or explain(error) from None
            batch = Batch()
            batch.add(acting, action, at, interaction)
            self._moves.advance(live, work, batch)
            if at is not None:
                self._moves.follow_up(live, work, batch, at)
            return await self._commit(live, work, batch)

    def seat_for(self, live: LiveMatch, user_id: str) -> Seat:
        """The member's seat; Refused for someone not (or no longer) playing."""
        seat = live.seat_of(user_id)
        if seat is None:
            raise Refused("refuse-not-playing")
        return seat

    async def resign(self, match_id: int, user_id: str) -> Played | None:
        """The member leaves; the AI takes the seat, or the match ends if no member is left to
        play against (two seats, or nobody else human). None when the match ended."""
        live = await self.get(match_id)
        async with live.lock:
            seat = self.seat_for(live, user_id)
            others = [s for s in range(len(live.players)) if s != seat and not live.is_ai(s)]
            if live.state.num_players == 2 or not others:
                await self._store.set_departed(live.id, seat, "resigned")
                live.departed[seat] = "resigned"
                await self._close(live, "finished")
                return None
            return await self._hand_to_ai(live, seat, "resigned")

    async def system(
        self, match_id: int, seat: Seat, action: Action, due: bool = False
    ) -> Played | None:
        """Apply an action the bot takes for a seat (a tank running dry, a credit, a live
        fuel-up handed to the fixed cadence, a skipped turn); None if the match no longer
        accepts it, or (a `due` deadline) while a click kept through an outage waits."""
        return await self.system_steps(match_id, ((seat, action),), due)

    async def system_steps(
        self, match_id: int, steps: Sequence[tuple[Seat, Action]], due: bool = False
    ) -> Played | None:
        """`system` for several actions stored as one batch (Kero: a long wait given back)."""
        async with self._open_locked(match_id) as live:
            if live is None or (due and live.held):
                return None
            work, batch = live.state.clone(), Batch()
            try:
                for seat, action in steps:
                    work.apply(seat, action)
                    batch.add(seat, action, action.at)
            except IllegalAction:
                return None
            self._moves.advance(live, work, batch)
            return await self._commit(live, work, batch)

    async def resume(self, match_id: int) -> Played | None:
        """Let the computer make the moves that waited for the clock; None if none could."""
        async with self._open_locked(match_id) as live:
            if live is None:
                return None
            work, batch = live.state.clone(), Batch()
            self._moves.advance(live, work, batch)
            if not batch:
                live.wake_at = batch.wake_at
                self._questions.ask(live, batch.think)
                return None
            return await self._commit(live, work, batch)

    @contextlib.asynccontextmanager
    async def _open_locked(self, match_id: int) -> AsyncIterator[LiveMatch | None]:
        """The match under its lock, or None if it is not (or no longer) open."""
        live = self.matches.get(match_id)
        if live is None:
            yield None
            return
        async with live.lock:
            yield live if live.open else None

    async def missed(self, match_id: int, seat: Seat) -> Played | None:
        """Apply what missing the turn clock means for this seat in its game (an absent Keer
        roller's dice are rolled, kept, then its roll missed); None if nothing."""
        async with self._open_locked(match_id) as live:
            if live is None:
                return None
            work, batch = live.state.clone(), Batch()
            self._moves.missed(live, work, seat, batch)
            if not batch:
                return None
            self._moves.advance(live, work, batch)
            return await self._commit(live, work, batch)

    async def expel(self, match_id: int, seat: Seat) -> Played | None:
        """The computer takes the seat of a member the others expelled."""
        async with self._open_locked(match_id) as live:
            if live is None or seat in live.departed:
                return None
            return await self._hand_to_ai(live, seat, "expelled")

    async def _hand_to_ai(self, live: LiveMatch, seat: Seat, how: str) -> Played:
        """Record the departure and let the computer play the seat from now on."""
        await self._store.set_departed(live.id, seat, how)
        live.departed[seat] = how
        work, batch = live.state.clone(), Batch()
        self._moves.advance(live, work, batch)
        if not batch:
            live.wake_at = batch.wake_at
            self._questions.ask(live, batch.think)
            return Played(live, live.state, (), (), False, live.message_key, False)
        return await self._commit(live, work, batch)

    async def close(self, match_id: int, status: str) -> LiveMatch | None:
        """End an open match without a result (cancelled, abandoned)."""
        async with self._open_locked(match_id) as live:
            if live is None:
                return None
            await self._close(live, status)
            return live

    async def cancel(self, match_id: int) -> LiveMatch:
        """End the match without a result."""
        live = await self.get(match_id)
        async with live.lock:
            await self._close(live, "cancelled")
        return live

    async def set_message(
        self, live: LiveMatch, message_id: str, settled: int | None = None
    ) -> None:
        """Remember the message players now click (shown by /match status, used after restarts);
        it shows version `settled`, so what the match owed up to it is done."""
        live.message_id = message_id
        await self._store.set_message(live.id, message_id, settled)

    async def rebuild(self, match_id: int) -> LiveMatch:
        """Any match (open or over) as the bot would hold it, from its record: a finished
        match's results may still be owed after a restart. StorageError or ValueError for a
        match whose record can't be replayed."""
        live = self.matches.get(match_id)
        return live if live is not None else await self._reloads.rebuild(match_id)

    async def _commit(self, live: LiveMatch, work: GameState, batch: Batch) -> Played:
        before, key = live.state, live.message_key
        finished = work.is_terminal()
        moved_on = finished or live.rules.message_key(work) != key
        owed = None
        if moved_on:
            shown = key if live.message_id is not None else None
            owed = Owed(live.id, "post", work.version, shown, self._now_ms())
        try:
            await self._append(live.id, before.version, batch, owed)
        except DuplicateInteraction:  # stored already (a write thought lost): memory catches up
            await self._reloads.catch_up(live)
            raise Refused("refuse-already-counted") from None
        except StaleVersion:
            await self._reloads.catch_up(live)
            raise Refused("refuse-moved-on") from None
        live.state, live.wake_at = work, batch.wake_at
        if moved_on:
            live.ended = before
        self._questions.ask(live, batch.think)
        if finished:
            await self._close(live, "finished", owes_close=False)
        actions, entries = tuple(batch.actions), tuple(batch.entries)
        stored = self._now_ms()
        return Played(live, before, actions, entries, finished, key, moved_on, owed, stored)

    async def _append(self, match_id: int, version: int, batch: Batch, owed: Owed | None) -> None:
        """The store's append, timed (a refused or failed one too)."""
        started = time.perf_counter()
        try:
            await self._store.append(match_id, version, batch.entries, owed)
        finally:
            self._observe_append(time.perf_counter() - started)

    async def _close(self, live: LiveMatch, status: str, *, owes_close: bool = True) -> None:
        """End the match: its results, rating changes and the removal of its message's buttons
        (unless its results are owed instead) are stored in the same transaction."""
        await store_ending(self._store, live, status, self._now_ms(), owes_close=owes_close)
        live.open = False
        self.matches.pop(live.id, None)
        if self._by_channel.get(live.channel_id) == live.id:
            del self._by_channel[live.channel_id]

    def _register(self, live: LiveMatch) -> None:
        self.matches[live.id] = live
        self._by_channel[live.channel_id] = live.id
        self._questions.warm(live)

    def _live_from(self, stored: StoredMatch, state: GameState) -> LiveMatch:
        return live_from(stored, state, self._rules[stored.record.game], self._language)


def _nothing(live: LiveMatch) -> None:
    """Nobody to tell a match was read back (tests that build the service alone)."""

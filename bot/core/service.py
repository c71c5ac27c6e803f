"""The match service: open matches in memory, one lock each, every accepted action stored first.

Discord-free on purpose: commands and components call it with ids and action texts, and it
answers with what happened or a `Refused` whose text the member sees. An action is applied to a
copy, the bot's own follow-up moves (chance it draws, AI seats, forced skips) are added, the whole
batch is appended in one transaction, and only then does the live state move on — so a click is
acknowledged only once it is durable, and a refused or failed one changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.core.computer import is_computer, level_of, shown_name
from bot.core.refusals import ELSEWHERE, NO_MATCH, OUT_OF_DATE, Refused, explain
from bot.core.standings import final_of
from bot.core.thinking import Question, Thinker
from bot.core.thoughts import Thoughts
from bot.games import adapter_for
from bot.games.adapter import GameAdapter, Pace
from games.common.errors import ActionParseError, IllegalAction
from games.common.levels import Level
from games.common.protocol import CHANCE, Action, GameState, Node, Policy, Seat
from games.common.rng import ChanceRng
from games.records import Entry, Player, record_of, replay
from games.registry import GameSpec, get_game
from ratings import FinishedMatch
from storage import (
    DuplicateInteraction,
    NewMatch,
    Owed,
    Rebuilt,
    StaleVersion,
    StorageError,
    Store,
    StoredMatch,
    UnknownMatch,
)
from words import DEFAULT, Words, words_for

log = logging.getLogger(__name__)

MakeAI = Callable[[GameSpec, Level], Policy]
"""Makes the computer player of a game at a level (the bot's, at its pace)."""
Place = tuple[str | None, str | None]
"""Where a click was made: the guild's id (None in DMs) and the channel's or thread's."""

_MAX_BOT_MOVES = 100_000
"""A safety net: a match the bot plays alone this long has a broken engine."""


@dataclass(slots=True, eq=False)
class LiveMatch:
    """An open match as the bot holds it: the replayed state plus where it is shown."""

    id: int
    spec: GameSpec
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
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    language: Callable[[str | None], Words] = field(default=lambda guild: words_for(DEFAULT))
    """The language of a server's public messages (the bot's `Languages.public`)."""
    thoughts: Thoughts = field(default_factory=Thoughts)
    """What its searching computers were asked and answered (bot/core/thinking.py)."""
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

    def seat_of(self, user_id: str) -> Seat | None:
        """The seat a member plays (None if they are not in the match or left it)."""
        for seat, player in enumerate(self.players):
            if player.id == user_id and seat not in self.departed:
                return seat
        return None

    def is_ai(self, seat: Seat) -> bool:
        """Whether the bot plays this seat (an AI seat, or one its player left)."""
        return is_computer(self.players[seat].id) or seat in self.departed

    def waits_for(self, seat: Seat | None) -> bool:
        """Whether the match waits for this seat's click (a move, or dice it throws)."""
        return seat is not None and self.waits_for_in(self.state, seat)

    def waits_for_in(self, state: GameState, seat: Seat) -> bool:
        """The same for another state of the match (a copy being worked on)."""
        return seat in state.seats_to_act() or self.pace.chance_trigger(state) == seat

    def vote_cancel(self, user_id: str) -> list[Player]:
        """Count a member's vote to cancel; the members who still have to agree."""
        self.cancel_votes.add(user_id)
        return [p for p in self.humans() if p.id not in self.cancel_votes]

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
    def pace(self) -> Pace:
        """What the bot does by itself in this game."""
        return self.adapter.pace

    @property
    def adapter(self) -> GameAdapter:
        """The bot side of the match's game."""
        return adapter_for(self.spec.name)


@dataclass(frozen=True, slots=True)
class Played:
    """What one accepted click did: the state before it, what was applied (typed, and as the
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


@dataclass(slots=True)
class _Batch:
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
        self.actions.append((seat, action))
        self.entries.append(Entry(seat, action.to_text(), at, interaction))

    def __bool__(self) -> bool:
        return bool(self.entries)


class MatchService:
    """Every open match of this process, by id and by the channel (or thread) it plays in."""

    def __init__(
        self,
        store: Store,
        *,
        now_ms: Callable[[], int] | None = None,
        make_ai: MakeAI | None = None,
        new_seed: Callable[[], str] | None = None,
        language: Callable[[str | None], Words] | None = None,
        thinker: Thinker | None = None,
        think_ms: int | None = None,
        cpu_ms: float = 100.0,
    ) -> None:
        self.store = store
        self.language = language or (lambda guild: words_for(DEFAULT))
        """The language of a server's public messages, by server id (the bot's languages)."""
        self.new_seed = new_seed or (lambda: secrets.token_hex(8))
        """Each new match's chance seed (random; tests pass a fixed sequence)."""
        self.now_ms = now_ms or (lambda: time.time_ns() // 1_000_000)
        """Discord's time now: a computer's timed move never runs ahead of it."""
        self.make_ai: MakeAI = make_ai or (lambda spec, level: spec.new_ai(level))
        self.thinker = thinker
        """Where hard computers think (None: in this process, within their playouts)."""
        self.think_ms = think_ms
        """Game time each of a searching computer's clicks takes (the bot's pace)."""
        self.cpu_ms = cpu_ms
        """A hard decision's budget of CPU time in its worker."""
        self.on_thought: Callable[[LiveMatch], None] = lambda live: None
        """Told when a searching computer's answer came back (the bot then resumes the match)."""
        self._thinking: set[asyncio.Task[None]] = set()
        self.observe_append: Callable[[float], None] = lambda seconds: None
        """Told how long each append took, in seconds (the bot's metrics: bot/metrics.py)."""
        self.matches: dict[int, LiveMatch] = {}
        self._by_channel: dict[str, int] = {}
        self._channel_locks: dict[str, asyncio.Lock] = {}

    def adopt(self, rebuilt: Rebuilt) -> None:
        """Take over the matches rebuilt at start-up, each woken when the computer moves next."""
        for match_id, state in rebuilt.states.items():
            live = _live_from(rebuilt.stored[match_id], state, self.language)
            live.wake_at = self._wake_of(live)
            self._register(live)

    def _wake_of(self, live: LiveMatch) -> int | None:
        """When the computer next moves by itself in a rebuilt match (not stored: it follows
        from the state): now, if moves were due when the last process stopped."""
        work, batch = live.state.clone(), _Batch()
        self._advance(live, work, batch)
        if not batch:
            self._ask(live, batch)
        return self.now_ms() if batch else batch.wake_at

    def in_channel(self, channel_id: str) -> LiveMatch | None:
        """The open match playing in a channel or thread."""
        match_id = self._by_channel.get(channel_id)
        return None if match_id is None else self.matches.get(match_id)

    def channel_lock(self, channel_id: str) -> asyncio.Lock:
        """Held while a match is being started in a channel, so two starts cannot both win."""
        return self._channel_locks.setdefault(channel_id, asyncio.Lock())

    async def get(self, match_id: int, clicked: Place | None = None) -> LiveMatch:
        """An open match; Refused (saying why) for one that is over or unknown, or when a click
        made at `clicked` is not where the match plays."""
        live = self.matches.get(match_id)
        if live is not None:
            if clicked is not None:
                _check_place(match_id, (live.guild_id, live.channel_id), clicked)
            return live
        stored = await self._stored(match_id, clicked)
        if stored.status != "open":
            raise Refused("refuse-match-status", status=stored.status)
        log.error("match %s is open in the database but could not be rebuilt", match_id)
        raise Refused("refuse-match-damaged")

    async def check_clicked(self, match_id: int, clicked: Place) -> None:
        """Refused unless the match exists (open or over) and `clicked` is where it plays."""
        live = self.matches.get(match_id)
        if live is not None:
            _check_place(match_id, (live.guild_id, live.channel_id), clicked)
        else:
            await self._stored(match_id, clicked)

    async def _stored(self, match_id: int, clicked: Place | None) -> StoredMatch:
        """A match from the store, checked against where a click was made."""
        try:
            stored = await self.store.load(match_id)
        except UnknownMatch:
            log.info("a click named match %s, which does not exist", match_id)
            raise Refused(NO_MATCH) from None
        except StorageError:
            log.warning("match %s could not be loaded", match_id, exc_info=True)
            raise Refused(NO_MATCH) from None
        if clicked is not None:
            where = (stored.guild_id, stored.thread_id or stored.channel_id or "")
            _check_place(match_id, where, clicked)
        return stored

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
    ) -> LiveMatch:
        """Store a new match and play the bot's opening moves (an AI roller rolls at once)."""
        spec = get_game(game)
        state = spec.new_match(len(players), options)
        seed = self.new_seed()
        new = NewMatch(
            game, tuple(players), seed, dict(options), guild_id, channel_id, thread_id, rated=rated
        )
        match_id = await self.store.create_match(new)
        live = LiveMatch(
            match_id, spec, state, tuple(players), seed, options, guild_id, thread_id or channel_id
        )
        live.rated, live.language = rated, self.language
        self._register(live)
        async with live.lock:
            work = state.clone()
            batch = _Batch()
            self._advance(live, work, batch)
            if batch:
                await self._commit(live, work, batch)
            else:
                self._ask(live, batch)
            live.wake_at = batch.wake_at
        return live

    async def act(
        self,
        match_id: int,
        user_id: str,
        version: int,
        text: str,
        *,
        interaction: str | None = None,
        at: int | None = None,
        clicked: Place | None = None,
    ) -> Played:
        """Apply a member's action drawn at `version` ("roll" throws the dice they trigger),
        clicked at `clicked` (refused unless that is where the match plays)."""
        live = await self.get(match_id, clicked)
        async with live.lock:
            if live.id not in self.matches:
                raise Refused("refuse-match-over")
            seat = self.seat_for(live, user_id)
            state = live.state
            if not live.pace.step_version(state) <= version <= state.version:
                raise Refused(OUT_OF_DATE)
            work = state.clone()
            acting, action = self._action(live, work, seat, text)
            try:
                work.apply(acting, action)
            except IllegalAction as error:
                raise live.adapter.explain(error) or explain(error) from None
            batch = _Batch()
            batch.add(acting, action, at, interaction)
            self._advance(live, work, batch)
            if at is not None:
                self._follow_up(live, work, batch, at)
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
                await self.store.set_departed(live.id, seat, "resigned")
                live.departed[seat] = "resigned"
                await self._close(live, "finished")
                return None
            return await self._hand_to_ai(live, seat, "resigned")

    async def system(self, match_id: int, seat: Seat, action: Action) -> Played | None:
        """Apply an action the bot takes for a seat (a tank running dry, a credit, a live
        fuel-up handed to the fixed cadence, a skipped turn); None if the match no longer
        accepts it."""
        async with self._open_locked(match_id) as live:
            if live is None:
                return None
            work = live.state.clone()
            try:
                work.apply(seat, action)
            except IllegalAction:
                return None
            batch = _Batch()
            batch.add(seat, action, action.at)
            self._advance(live, work, batch)
            return await self._commit(live, work, batch)

    async def resume(self, match_id: int) -> Played | None:
        """Let the computer make the moves that waited for the clock; None if none could."""
        async with self._open_locked(match_id) as live:
            if live is None:
                return None
            work = live.state.clone()
            batch = _Batch()
            self._advance(live, work, batch)
            if not batch:
                live.wake_at = batch.wake_at
                self._ask(live, batch)
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
            yield live if live.id in self.matches else None

    async def missed(self, match_id: int, seat: Seat) -> Played | None:
        """Apply what missing the turn clock means for this seat in its game, repeatedly (an
        absent Keer roller's dice are rolled, kept, then its roll skipped); None if nothing."""
        async with self._open_locked(match_id) as live:
            if live is None:
                return None
            work = live.state.clone()
            batch = _Batch()
            for _ in range(4):
                what = live.pace.missed(work, seat) if live.waits_for_in(work, seat) else None
                if what is None:
                    break
                if what == "roll":
                    acting, action = CHANCE, work.sample_chance(live.rng)
                elif what == "ai":
                    acting, action = seat, live.policy(seat, self.make_ai).choose(work, seat)
                else:
                    acting, action = seat, live.spec.parse_action(what)
                work.apply(acting, action)
                batch.add(acting, action)
                if what not in ("roll", "ai"):
                    break  # the seat's roll is skipped: the next one gets a fresh clock
            if not batch:
                return None
            self._advance(live, work, batch)
            return await self._commit(live, work, batch)

    async def expel(self, match_id: int, seat: Seat) -> Played | None:
        """The computer takes the seat of a member the others expelled."""
        async with self._open_locked(match_id) as live:
            if live is None or seat in live.departed:
                return None
            return await self._hand_to_ai(live, seat, "expelled")

    async def _hand_to_ai(self, live: LiveMatch, seat: Seat, how: str) -> Played:
        """Record the departure and let the computer play the seat from now on."""
        await self.store.set_departed(live.id, seat, how)
        live.departed[seat] = how
        work = live.state.clone()
        batch = _Batch()
        self._advance(live, work, batch)
        if not batch:
            live.wake_at = batch.wake_at
            self._ask(live, batch)
            key = live.adapter.ui.message_key(live.state)
            return Played(live, live.state, (), (), False, key, False)
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
        await self.store.set_message(live.id, message_id, settled)

    async def rebuild(self, match_id: int) -> LiveMatch:
        """Any match (open or over) as the bot would hold it, from its record: a finished
        match's results may still be owed after a restart. StorageError or ValueError for a
        match whose record can't be replayed."""
        live = self.matches.get(match_id)
        if live is not None:
            return live
        stored = await self.store.load(match_id)
        return _live_from(stored, replay(stored.record), self.language)

    def _action(
        self, live: LiveMatch, work: GameState, seat: Seat, text: str
    ) -> tuple[Seat, Action]:
        if text == "roll":
            if work.node() is not Node.CHANCE or live.pace.chance_trigger(work) != seat:
                raise Refused("refuse-not-your-roll")
            return CHANCE, work.sample_chance(live.rng)
        try:
            return seat, live.spec.parse_action(text)
        except ActionParseError:
            raise Refused("refuse-no-such-move") from None

    def _advance(self, live: LiveMatch, work: GameState, batch: _Batch) -> None:
        """Play everything the bot plays by itself until a member has to act (or the
        computer's next timed move lies ahead of Discord's clock: `batch.wake_at`)."""
        batch.wake_at = None
        batch.think.clear()
        for _ in range(_MAX_BOT_MOVES):
            if work.is_terminal():
                return
            step = self._bot_move(live, work, batch)
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

    def _bot_move(
        self, live: LiveMatch, work: GameState, batch: _Batch
    ) -> tuple[Seat, Action] | None:
        if work.node() is Node.CHANCE:
            trigger = live.pace.chance_trigger(work)
            if trigger is not None and not live.is_ai(trigger):
                return None
            return CHANCE, work.sample_chance(live.rng)
        for seat in work.seats_to_act():
            if live.is_ai(seat):
                action = self._computer_move(live, work, seat, batch)
                if action is None:
                    continue  # it is thinking; the others may still move
                at = action.at
                if at is not None and at > self.now_ms():
                    batch.wake_at = at
                    return None
                return seat, action
            forced = live.pace.forced(work, seat)
            if forced is not None:
                return seat, forced
        return None

    def _computer_move(
        self, live: LiveMatch, work: GameState, seat: Seat, batch: _Batch
    ) -> Action | None:
        """The computer's move; for a searching one, its answer, or None while it thinks."""
        if live.level(seat) is not Level.HARD or self.thinker is None:
            return live.policy(seat, self.make_ai).choose(work, seat)
        answer = live.thoughts.answer_for(work, seat)
        if answer is None:
            batch.think.add(seat)
        return answer

    def _ask(self, live: LiveMatch, batch: _Batch) -> None:
        """Send the questions the stored state raised to the thinker."""
        thinker, state = self.thinker, live.state
        if thinker is None:
            return
        for seat in sorted(batch.think):
            if not live.thoughts.needs_asking(state, seat):
                continue
            asked = live.thoughts.ask(state, seat)
            record = record_of(
                live.spec.name, state, live.players, options=live.options, seed=live.seed
            )
            question = Question(record, seat, Level.HARD, self.cpu_ms, self.think_ms)
            task = asyncio.create_task(
                self._think(thinker, live, question, asked), name=f"tablero-think-{live.id}"
            )
            self._thinking.add(task)
            task.add_done_callback(self._thinking.discard)

    async def _think(
        self, thinker: Thinker, live: LiveMatch, question: Question, asked: int
    ) -> None:
        """Ask, keep the answer, and tell the bot (a failed worker: the normal player's move)."""
        seat = question.seat
        try:
            action = live.spec.parse_action(await thinker.think(question))
        except Exception:
            log.exception(
                "match %s: seat %s's computer could not think; it plays normal", live.id, seat
            )
            state = live.state
            if live.id not in self.matches or not live.thoughts.still_asked(state, seat, asked):
                return  # the decision moved on: the next one is asked afresh
            action = self.make_ai(live.spec, Level.NORMAL).choose(state, seat)
        if not live.thoughts.received(seat, asked, action) or live.id not in self.matches:
            return
        if not any(live.waits_for(s) for s in range(len(live.players)) if not live.is_ai(s)):
            self.on_thought(live)  # else it rides with the member's move the match awaits too

    async def stop_thinking(self) -> None:
        """Cancel the questions in flight (shutdown: a restart asks them again)."""
        for task in list(self._thinking):
            task.cancel()
        await asyncio.gather(*self._thinking, return_exceptions=True)

    def _follow_up(self, live: LiveMatch, work: GameState, batch: _Batch, clicked_ms: int) -> None:
        """What the game adds to a member's click in the same batch (Kero's tanker credit)."""
        now = self.now_ms()
        for seat, action in live.adapter.follow_up(live, work, batch.actions, clicked_ms, now):
            work.apply(seat, action)
            batch.add(seat, action)

    async def _commit(self, live: LiveMatch, work: GameState, batch: _Batch) -> Played:
        before, ui = live.state, live.adapter.ui
        key = ui.message_key(before)
        finished = work.is_terminal()
        moved_on = finished or ui.message_key(work) != key
        owed = None
        if moved_on:
            shown = key if live.message_id is not None else None
            owed = Owed(live.id, "post", work.version, shown, self.now_ms())
        try:
            await self._append(live.id, before.version, batch.entries, owed)
        except DuplicateInteraction:
            raise Refused("refuse-already-counted") from None
        except StaleVersion:
            await self._reload(live)
            raise Refused("refuse-moved-on") from None
        live.state, live.wake_at = work, batch.wake_at
        self._ask(live, batch)
        if finished:
            await self._close(live, "finished", owes_close=False)
        actions, entries = tuple(batch.actions), tuple(batch.entries)
        stored = self.now_ms()
        return Played(live, before, actions, entries, finished, key, moved_on, owed, stored)

    async def _append(
        self, match_id: int, version: int, entries: Sequence[Entry], owed: Owed | None
    ) -> None:
        """The store's append, timed (a refused or failed one too)."""
        started = time.perf_counter()
        try:
            await self.store.append(match_id, version, entries, owed)
        finally:
            self.observe_append(time.perf_counter() - started)

    async def _reload(self, live: LiveMatch) -> None:
        stored = await self.store.load(live.id)
        live.state = replay(stored.record)
        live.wake_at = self._wake_of(live)

    async def _close(self, live: LiveMatch, status: str, *, owes_close: bool = True) -> None:
        """End the match: its results, rating changes and the removal of its message's buttons
        (unless its results are owed instead) are stored in the same transaction."""
        record = record_of(live.spec.name, live.state, live.players, options=live.options)
        match = FinishedMatch(
            match_id=live.id,
            guild_id=live.guild_id or "",
            game=live.spec.name,
            record=record,
            departed=dict(live.departed),
            rated=live.rated,
            finished_at=self.now_ms(),
            status=status,
        )
        outcome = live.state.outcome()
        final = await final_of(self.store, match, None if outcome is None else outcome.scores)
        owed = Owed(live.id, "close", live.state.version, None, self.now_ms())
        await self.store.finish_match(
            live.id, status, final.ratings, final.results, owed if owes_close else None
        )
        self.matches.pop(live.id, None)
        if self._by_channel.get(live.channel_id) == live.id:
            del self._by_channel[live.channel_id]

    def _register(self, live: LiveMatch) -> None:
        self.matches[live.id] = live
        self._by_channel[live.channel_id] = live.id
        seats = range(len(live.players))
        if self.thinker is not None and any(live.level(s) is Level.HARD for s in seats):
            self.thinker.warm()


def _check_place(match_id: int, where: Place, clicked: Place) -> None:
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


def _live_from(
    stored: StoredMatch, state: GameState, language: Callable[[str | None], Words]
) -> LiveMatch:
    record = stored.record
    channel = stored.thread_id or stored.channel_id or ""
    return LiveMatch(
        stored.id,
        get_game(record.game),
        state,
        record.players,
        record.seed or "",
        record.options,
        stored.guild_id,
        channel,
        stored.message_id,
        departed=dict(stored.departed),
        rated=stored.rated,
        language=language,
    )

"""Turn clocks for live and async play: how long the members a match waits for may take, one
reminder before the clock runs out, and what happens when it does.

A wait starts when the match's message changes (a Keer roll, a Kero turn or claim) or when more
members are waited for (everyone's picks after a Keer keep), and lasts `turn_ms`. Its state is
a `turn` deadline row (absolute times, JSON payload), written on every change, so a restart
re-arms it. When it runs out, Keer skips the absent players' roll (the bot rolls or keeps for an
absent roller); Kero asks the opponent to skip the absent clan's turn or to expel its player
(the computer then plays the seat). A match where no member acted for `abandon_ms` is closed as
abandoned.
"""

from __future__ import annotations

import logging
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any, Final

import discord

from storage import Deadline
from words import Words

if TYPE_CHECKING:
    from bot.app import TableroBot
    from bot.core.service import LiveMatch

log = logging.getLogger(__name__)

KIND: Final = "turn"
MODES: Final = ("live", "async")
DEFAULT_MODE: Final = "live"
DEFAULTS: Final[dict[str, int]] = {"live_minutes": 5, "async_hours": 24, "abandon_days": 7}
"""Server settings a `/settings clock` changes; these are used when none are saved."""
REMIND_SHARE: Final = 0.2
"""The reminder comes when this share of the turn is left."""


@dataclass(slots=True)
class TurnClock:
    """The wait a match is in, as stored in its `turn` deadline."""

    mode: str
    turn_ms: int
    abandon_ms: int
    key: int
    """The match's message key when the wait started (a new key starts a new wait)."""
    since_ms: int
    due_ms: int
    waiting: list[int] = field(default_factory=list)
    """Member seats the wait is for."""
    reminded: list[int] = field(default_factory=list)
    mentioned: list[int] = field(default_factory=list)
    """Seats mentioned since the match's message changed: at most one mention each."""
    expired: bool = False
    last_member_ms: int = 0

    @property
    def remind_ms(self) -> int:
        """When the reminder goes out."""
        return self.due_ms - int(self.turn_ms * REMIND_SHARE)

    def payload(self) -> dict[str, Any]:
        """The JSON stored in the deadline row."""
        return asdict(self)

    @classmethod
    def from_payload(cls, data: dict[str, Any]) -> TurnClock:
        """Back from a deadline row (a ValueError for a damaged one)."""
        try:
            return cls(**data)
        except TypeError as error:
            raise ValueError(f"not a turn clock: {error}") from None


def default_mode(settings: dict[str, Any]) -> str:
    """A server's default clock for new matches."""
    mode = settings.get("clock", DEFAULT_MODE)
    return mode if mode in MODES else DEFAULT_MODE


def turn_ms(settings: dict[str, Any], mode: str) -> int:
    """A server's turn length for a clock mode."""
    if mode == "async":
        return _number(settings, "async_hours") * 3_600_000
    return _number(settings, "live_minutes") * 60_000


def clock_words(settings: dict[str, Any], mode: str | None, words: Words) -> str:
    """How a lobby names the clock its match gets (the server's default when `mode` is None):
    `live (5 min per turn)`, `async (24 h per turn)`."""
    chosen = mode if mode in MODES else default_mode(settings)
    if chosen == "async":
        return words("clock-async-per-turn", hours=_number(settings, "async_hours"))
    return words("clock-live-per-turn", minutes=_number(settings, "live_minutes"))


def abandon_ms(settings: dict[str, Any]) -> int:
    """How long without any member's action closes a match as abandoned."""
    return _number(settings, "abandon_days") * 86_400_000


def _number(settings: dict[str, Any], key: str) -> int:
    value = settings.get(key, DEFAULTS[key])
    return value if isinstance(value, int) and value > 0 else DEFAULTS[key]


class TurnClocks:
    """Every match's turn clock: started, moved on, reminded, expired."""

    def __init__(self, bot: TableroBot) -> None:
        self.bot = bot
        self.clocks: dict[int, TurnClock] = {}

    def restore(self, deadlines: list[Deadline]) -> None:
        """Take the stored clocks back at start-up (a damaged one is logged and dropped)."""
        for deadline in deadlines:
            if deadline.kind != KIND:
                continue
            try:
                self.clocks[deadline.match_id] = TurnClock.from_payload(dict(deadline.payload))
            except ValueError as error:
                log.error("match %s: turn clock dropped: %s", deadline.match_id, error)

    async def start(self, live: LiveMatch, mode: str) -> None:
        """A new match's clock, in the mode its lobby chose, with the server's lengths."""
        settings = await self._settings(live)
        now = self.bot.clock.now_ms()
        clock = TurnClock(mode, turn_ms(settings, mode), abandon_ms(settings), -1, now, now)
        clock.last_member_ms = now
        self.clocks[live.id] = clock
        await self.update(live)

    def mode_of(self, match_id: int) -> str | None:
        """The clock mode a match was played with (None once forgotten)."""
        clock = self.clocks.get(match_id)
        return clock.mode if clock else None

    def member_acted(self, live: LiveMatch) -> None:
        """A member's action: the match is not abandoned."""
        clock = self.clocks.get(live.id)
        if clock is not None:
            clock.last_member_ms = self.bot.clock.now_ms()

    async def update(self, live: LiveMatch) -> None:
        """After any change: a new wait when the message changed or more members are waited
        for; stored when the wait changed (a member's activity rides along with the next write,
        so a re-roll costs no extra write)."""
        clock = self.clocks.get(live.id)
        if clock is None:
            return
        if live.id not in self.bot.service.matches:
            self.clocks.pop(live.id, None)
            await self.bot.store.clear_deadline(live.id, KIND)
            return
        if self.bot.publisher.outbox.owes_post(live.id):
            return  # the new wait starts once its message has landed
        before = (clock.key, clock.due_ms, list(clock.waiting))
        ui = live.adapter.ui
        key = ui.message_key(live.state)
        waiting = self.waiting(live)
        if key != clock.key:
            content = ui.step_content(live)
            clock.mentioned = [s for s in waiting if f"<@{live.players[s].id}>" in content]
        if key != clock.key or set(waiting) - set(clock.waiting):
            now = self.bot.clock.now_ms()
            clock.key, clock.since_ms, clock.due_ms = key, now, now + clock.turn_ms
            clock.reminded, clock.expired = [], False
            await self._ping(live, clock, waiting)
        clock.waiting = waiting
        if (clock.key, clock.due_ms, clock.waiting) != before:
            await self._save(live, clock)

    async def _save(self, live: LiveMatch, clock: TurnClock) -> None:
        await self.bot.store.set_deadline(Deadline(live.id, KIND, clock.due_ms, clock.payload()))

    async def _ping(self, live: LiveMatch, clock: TurnClock, waiting: list[int]) -> None:
        """In async play, mention once the members a new wait is for that the match's message
        did not mention (Keer's picks after the keep); live players are watching already."""
        new = [seat for seat in waiting if seat not in clock.mentioned]
        if clock.mode != "async" or not new:
            return
        clock.mentioned += new
        mentions = " ".join(f"<@{live.players[seat].id}>" for seat in new)
        due = f"<t:{clock.due_ms // 1000}:R>"
        text = live.words("clock-ping", mentions=mentions, match=live.id, due=due)
        try:
            await self.bot.publisher.send(live.channel_id, text)
        except discord.HTTPException as error:  # the match's own message mentions them too
            log.warning("match %s: the turn ping was refused: %s", live.id, error)

    def waiting(self, live: LiveMatch) -> list[int]:
        """The member seats the match waits for now."""
        return [
            seat
            for seat in range(live.state.num_players)
            if not live.is_ai(seat) and live.waits_for(seat)
        ]

    def due(self, live: LiveMatch) -> int | None:
        """Discord time of the clock's next event (reminder or expiry), if any."""
        clock = self.clocks.get(live.id)
        if clock is None:
            return None
        if not self._current(live, clock):
            return clock.last_member_ms + clock.abandon_ms
        if not clock.waiting or clock.expired:
            return None
        if set(clock.waiting) - set(clock.reminded):
            return min(clock.remind_ms, clock.due_ms)
        return clock.due_ms

    def _current(self, live: LiveMatch, clock: TurnClock) -> bool:
        """Whether the clock's wait is for the message players can click now: a step's new
        message that has not landed yet (Discord down, a restart) times nobody out."""
        key = live.adapter.ui.message_key(live.state)
        return clock.key == key and not self.bot.publisher.outbox.owes_post(live.id)

    async def _settings(self, live: LiveMatch) -> dict[str, Any]:
        if live.guild_id is None:
            return {}
        return await self.bot.store.get_guild_settings(live.guild_id)

    async def fire(self, live: LiveMatch) -> None:
        """The clock's event is due: remind, or (at the end) apply what missing it means."""
        clock = self.clocks.get(live.id)
        if clock is None or live.id not in self.bot.service.matches:
            return
        now = self.bot.clock.now_ms()
        if now - clock.last_member_ms >= clock.abandon_ms:
            await self.bot.matches.abandon(live)
            return
        if not self._current(live, clock):
            return
        if now >= clock.due_ms:
            clock.expired = True
            await self._save(live, clock)
            await self.bot.matches.clock_ran_out(live, list(clock.waiting))
            return
        await self._remind(live, clock)

    async def _remind(self, live: LiveMatch, clock: TurnClock) -> None:
        """One DM per member per wait, to those who asked for reminders (`/notify on`)."""
        for seat in clock.waiting:
            if seat in clock.reminded:
                continue
            clock.reminded.append(seat)
            player = live.players[seat]
            settings = await self.bot.store.get_user_settings(player.id)
            if settings.get("notify"):
                await self.bot.matches.remind(live, player.id, clock.due_ms)
        await self._save(live, clock)

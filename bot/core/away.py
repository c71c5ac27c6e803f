"""Members away from their async matches (`/away on days hours`, `/away off`): for how long, in
which servers, within each server's away budget — and which seats of the open matches that makes
away.

An away period is stored as one span per server the member has open async matches in, cut to
what that server's budget left (`away_days` per 30 days; each server's matches spend its own).
A seat is away while its member's span for the match's server covers now: at a table whose
policy is pause it joins `LiveMatch.paused` (its clock does not run; Keer skips its part of each
roll), at a stand-in table `LiveMatch.stand_in` (the computer plays it). Live matches are never
affected. The spans are read back at start-up, so a restart keeps every period.

The servers are found in the database, so an `/away` covers the matches every process runs; a
process learns of spans another stored within a minute (bot/delivery/away_watch.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Final

from bot.core.clock_book import AwayPolicy, ClockBook
from bot.core.live import LiveMatch
from bot.core.refusals import Refused
from bot.core.settings import ClockMode, Settings
from bot.core.turn_clocks import KIND as TURN_CLOCK
from games.common.protocol import Seat
from storage import AwaySpan, Store

DAY_MS: Final = 86_400_000
BUDGET_WINDOW_MS: Final = 30 * DAY_MS
"""The away budget counts the away time of the last 30 days."""
LONGEST_MS: Final = 30 * DAY_MS
"""The longest `/away` (a longer absence is better met by resigning)."""


@dataclass(frozen=True, slots=True)
class AwayChange:
    """A seat whose member went away or came back: its match's channel is told once."""

    live: LiveMatch
    seat: Seat
    policy: AwayPolicy
    until_ms: int | None
    """When the member is due back (None: they are back)."""


@dataclass(frozen=True, slots=True)
class WentAway:
    """What `/away` did: the seats it made away, and the servers whose budget cut it short
    (their id and when the member's away time there ends; the start: spent)."""

    changes: tuple[AwayChange, ...]
    short: tuple[tuple[str, int], ...]


class Aways:
    """Members' away periods, and the away seats of the open matches they make."""

    def __init__(
        self,
        store: Store,
        settings: Settings,
        book: ClockBook,
        matches: Callable[[], Iterable[LiveMatch]],
        now_ms: Callable[[], int],
    ) -> None:
        self._store = store
        self._settings = settings
        self._book = book
        self._matches = matches
        """This process's open matches."""
        self._now_ms = now_ms

    async def restore(self) -> None:
        """Start-up: the stored spans, and the away seats they make now."""
        await self.refresh()

    async def refresh(self) -> list[AwayChange]:
        """The spans as stored now (another process may have added some), and the seats of
        this process's matches that went away or came back by them."""
        spans = await self._store.away_spans(self._now_ms() - BUDGET_WINDOW_MS)
        self._book.away.clear()
        for span in spans:
            self._book.away.setdefault(span.user_id, []).append(span)
        return [change for live in list(self._matches()) for change in self.settle(live)]

    def until(self, user_id: str, guild_id: str | None) -> int | None:
        """When a member's away time in a server ends, if they are away there now."""
        now = self._now_ms()
        for span in self._book.away.get(user_id, []):
            if span.guild_id == guild_id and span.since_ms <= now < span.until_ms:
                return span.until_ms
        return None

    def settle(self, live: LiveMatch) -> list[AwayChange]:
        """The match's away seats as of now; the seats that went away or came back."""
        clock = self._book.clocks.get(live.id)
        if clock is None or clock.mode != ClockMode.ASYNC or not live.open:
            return []
        policy = AwayPolicy(clock.away)
        away = live.stand_in if policy is AwayPolicy.STAND_IN else live.paused
        changes = []
        for seat, player in enumerate(live.players):
            if seat in live.departed:
                continue
            until = self.until(player.id, live.guild_id)
            if (until is not None) != (seat in away):
                (away.add if until is not None else away.discard)(seat)
                changes.append(AwayChange(live, seat, policy, until))
        return changes

    def next_end(self, live: LiveMatch) -> int | None:
        """When the soonest away seat of the match is due back (its timer settles it then)."""
        now = self._now_ms()
        ends = [
            max(
                (
                    span.until_ms
                    for span in self._book.away.get(live.players[seat].id, [])
                    if span.guild_id == live.guild_id and span.since_ms <= now
                ),
                default=now,  # no span left (ended by `/away off` in another match): now
            )
            for seat in live.paused | live.stand_in
        ]
        return min(ends, default=None)

    async def go_away(self, user_id: str, for_ms: int) -> WentAway:
        """Away for `for_ms` from now in every server the member has open async matches in
        (this process's), each within its budget; Refused for no time or too long."""
        if for_ms <= 0:
            raise Refused("refuse-away-past")
        if for_ms > LONGEST_MS:
            raise Refused("refuse-away-too-long", days=LONGEST_MS // DAY_MS)
        now = self._now_ms()
        until_ms = now + for_ms
        await self._end(user_id, now)
        spans, short = [], []
        for guild in sorted(await self._guilds_of(user_id)):
            left = (await self._settings.guild(guild)).away_days * DAY_MS - self._spent(
                user_id, guild, now
            )
            end = min(until_ms, now + max(0, left))
            if end > now:
                spans.append(AwaySpan(user_id, guild, now, end))
            if end < until_ms:
                short.append((guild, end))
        await self._store.add_away(spans, now - BUDGET_WINDOW_MS)
        self._book.away.setdefault(user_id, []).extend(spans)
        return WentAway(tuple(self._settle_member(user_id)), tuple(short))

    def away_in(self, user_id: str) -> list[LiveMatch]:
        """The open matches in which the member is away now."""
        return [
            live
            for live in self._matches()
            if (seat := live.seat_of(user_id)) is not None
            and (seat in live.paused or seat in live.stand_in)
        ]

    def plays_live(self, user_id: str) -> bool:
        """Whether the member plays an open match on a live clock (away never touches one)."""
        return any(
            live.seat_of(user_id) is not None
            and (clock := self._book.clocks.get(live.id)) is not None
            and clock.mode != ClockMode.ASYNC
            for live in self._matches()
        )

    async def come_back(self, user_id: str) -> list[AwayChange]:
        """Back now: every away span of the member ends; their seats are theirs again."""
        await self._end(user_id, self._now_ms())
        return self._settle_member(user_id)

    async def _end(self, user_id: str, now: int) -> None:
        """The member's spans end now (stored first)."""
        await self._store.end_away(user_id, now)
        spans = self._book.away.get(user_id, [])
        self._book.away[user_id] = [
            AwaySpan(s.user_id, s.guild_id, s.since_ms, min(s.until_ms, now))
            for s in spans
            if s.since_ms < now
        ]

    def _spent(self, user_id: str, guild_id: str, now: int) -> int:
        """The member's away time in a server over the budget's last 30 days."""
        start = now - BUDGET_WINDOW_MS
        return sum(
            max(0, min(s.until_ms, now) - max(s.since_ms, start))
            for s in self._book.away.get(user_id, [])
            if s.guild_id == guild_id
        )

    async def _guilds_of(self, user_id: str) -> set[str]:
        """The servers of the member's open async matches, whatever process runs them (their
        stored turn clocks say which are async)."""
        stored = await self._store.member_deadlines(user_id, TURN_CLOCK)
        return {
            guild
            for guild, deadline in stored
            if guild is not None and deadline.payload.get("mode") == ClockMode.ASYNC
        }

    def _settle_member(self, user_id: str) -> list[AwayChange]:
        """Every open match of the member, settled."""
        changes: list[AwayChange] = []
        for live in self._matches():
            if live.seat_of(user_id) is not None:
                changes += [c for c in self.settle(live) if live.players[c.seat].id == user_id]
        return changes

"""Absent players: what a turn clock says in the channel (a ping, a reminder by DM, who timed
out, an abandoned match), the other members' answer to a timeout — skip the absent seat's turn,
or expel its player so the computer plays on — and their "Give more time" before it."""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.core.away import AwayChange
from bot.core.clock_book import HOUR_MS, MORE_TIME_MOST, AwayPolicy
from bot.core.live import LiveMatch
from bot.core.refusals import Refused
from bot.core.service import MatchService
from bot.core.turn_clocks import Ping, RanOut, TurnClocks
from bot.delivery.messenger import Messenger
from bot.delivery.steps import Steps
from bot.ui.ids import MatchRef
from bot.ui.layouts import clock_view, jump_url
from bot.ui.names import shown
from bot.ui.titles import game_title
from words import isolate

log = logging.getLogger(__name__)


class AbsenceNotices:
    """The turn clocks' messages (the pipeline's `ClockNotices`)."""

    def __init__(self, messenger: Messenger) -> None:
        self._messenger = messenger

    async def ping(self, live: LiveMatch, ping: Ping) -> None:
        """In async play, mention the members a new wait is for (the match's own message
        mentions the others); a refused ping is only logged."""
        mentions = " ".join(f"<@{live.players[seat].id}>" for seat in ping.seats)
        due = f"<t:{ping.due_ms // 1000}:R>"
        text = live.words("clock-ping", mentions=mentions, match=live.id, due=due)
        try:
            await self._messenger.send(live.channel_id, text)
        except discord.HTTPException as error:  # the match's own message mentions them too
            log.warning("match %s: the turn ping was refused: %s", live.id, error)

    async def remind(self, live: LiveMatch, user_id: str, due_ms: int) -> None:
        """A DM to a member who asked for reminders: their move, before the clock runs out."""
        url = jump_url(live)
        due = f"<t:{due_ms // 1000}:R>"
        words = live.words
        text = words("clock-remind", game=game_title(live.spec.name, words), match=live.id, due=due)
        if url:
            text += f" {url}"
        try:
            await self._messenger.direct(user_id, text)
        except discord.HTTPException as error:
            log.info("no reminder for %s (DMs closed?): %s", user_id, error)

    async def ran_out(self, live: LiveMatch, event: RanOut) -> None:
        """Who timed out (and whose roll the game skipped), with Skip turn / Expel for the
        members the match still waits for."""
        words = live.words
        names = words.join([isolate(shown(live.names[s])) for s in event.seats])
        key = "match-clock-skipped" if event.skipped else "match-clock-timed-out"
        text = words(key, match=live.id, names=names, count=len(event.seats))
        others = [s for s in range(len(live.players)) if s not in event.seats and not live.is_ai(s)]
        if not others:  # nobody could take the offer (the only other player was expelled)
            await self._messenger.send(live.channel_id, text)
            return
        if event.absent:
            text += " " + words("match-clock-others-may-act")
        view = clock_view(live, event.seats, skip=bool(event.absent))
        await self._messenger.send(live.channel_id, text, view=view)

    async def away(self, live: LiveMatch, change: AwayChange) -> None:
        """A member went away or came back: said once in the match's channel (a refused
        notice is only logged: the card and the clock follow anyway)."""
        name = isolate(shown(live.names[change.seat]))
        if change.until_ms is None:
            text = live.words("match-away-back", name=name)
        else:
            until = f"<t:{change.until_ms // 1000}:f>"
            text = live.words(_away_key(live, change), name=name, until=until)
        try:
            await self._messenger.send(live.channel_id, text)
        except discord.HTTPException as error:
            log.warning("match %s: the away notice was refused: %s", live.id, error)

    async def gone(self, live: LiveMatch, *, ended: bool) -> None:
        """Say that a player deleted their data and left (a refused notice is only logged)."""
        key = "match-gone-ended" if ended else "match-gone-computer"
        try:
            await self._messenger.send(live.channel_id, live.words(key))
        except discord.HTTPException as error:
            log.warning("match %s: the departure notice was refused: %s", live.id, error)

    async def abandoned(self, live: LiveMatch) -> None:
        """Say that nobody acted for the server's abandon time."""
        await self._messenger.send(live.channel_id, live.words("match-abandoned", match=live.id))


def _away_key(live: LiveMatch, change: AwayChange) -> str:
    """What a table does for an away member: a stand-in plays; a game that goes on without an
    absent player (Keer: it asks nobody to skip them) skips their part; else their clock is
    paused."""
    if change.policy is AwayPolicy.STAND_IN:
        return "match-away-stand-in"
    if live.rules.skip(live.state, change.seat) is None:
        return "match-away-skipped"
    return "match-away-paused"


class Absence:
    """Skip turn and Expel: another member's answer to a player whose clock ran out; Give more
    time, before it does."""

    def __init__(self, service: MatchService, steps: Steps, turn_clocks: TurnClocks) -> None:
        self._service = service
        self._steps = steps
        self._turn_clocks = turn_clocks

    async def answer(
        self, interaction: discord.Interaction[Any], ref: MatchRef, live: LiveMatch, seat: int
    ) -> None:
        """A member (at `seat`) skips the turn of, or expels, the absent seat the button names."""
        absent = ref.number(-1)
        if absent == seat:
            raise Refused("refuse-absent-is-you")
        if absent in live.departed:
            raise Refused("refuse-already-replaced")
        timed_out = absent in self._turn_clocks.timed_out(live.id)
        if not timed_out and not live.rules.ran_out(live.state, absent):
            raise Refused("refuse-clock-still-running")  # a Keer miss stays on record: expel
        if ref.verb == "skipturn":
            if not live.waits_for(absent):
                raise Refused("refuse-already-moved")
            await self._skip_turn(interaction, live, absent)
        else:
            await self._expel(interaction, live, absent)

    async def more_time(self, interaction: discord.Interaction[Any], live: LiveMatch) -> None:
        """⏳ Give more time, said to everyone in the channel; the card shows the new end."""
        seat = live.seat_of(str(interaction.user.id))
        if seat is None and not interaction.permissions.manage_guild:
            raise Refused("refuse-more-time-not-yours")
        clock = await self._turn_clocks.give_more(live, seat)
        words = live.words
        text = words(
            "match-more-time-given",
            who=isolate(shown(interaction.user.display_name)),
            names=words.join([isolate(shown(live.names[s])) for s in clock.waiting]),
            count=len(clock.waiting),
            hours=clock.more_ms // HOUR_MS,
            due=f"<t:{clock.due_ms // 1000}:f>",
            left=MORE_TIME_MOST - clock.given,
        )
        await interaction.response.send_message(text)
        self._steps.clock_changed(live)

    async def _skip_turn(
        self, interaction: discord.Interaction[Any], live: LiveMatch, seat: int
    ) -> None:
        """Skip the absent seat's turn (in games that ask for it)."""
        action = live.rules.skip(live.state, seat)
        played = None if action is None else await self._service.system(live.id, seat, action)
        if played is None:
            raise Refused("refuse-turn-not-skippable")
        who = isolate(shown(interaction.user.display_name))
        absent = isolate(shown(live.names[seat]))
        text = live.words("match-skipped-turn", who=who, absent=absent)
        answer = interaction.response.edit_message(content=text, view=None)
        await self._steps.answered(interaction, played, answer)

    async def _expel(
        self, interaction: discord.Interaction[Any], live: LiveMatch, seat: int
    ) -> None:
        """Expel the absent player; the computer plays the seat."""
        played = await self._service.expel(live.id, seat)
        if played is None:
            raise Refused("refuse-already-replaced")
        text = live.words("match-expelled", name=isolate(shown(live.names[seat])))
        answer = interaction.response.edit_message(content=text, view=None)
        await self._steps.answered(interaction, played, answer)

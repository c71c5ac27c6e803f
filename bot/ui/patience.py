"""A click on a match is answered within Discord's 3 seconds whatever the database does.

The move is stored as usual (the service). If that has not finished a little before Discord's
3 s are up (the database hangs), the member is told so at once — their click is kept, or their
move is still being saved — and the store goes on: what it comes to is delivered through the
match message, or said in a follow-up. A timed click (a Kero stamp) the database refused or
never took is kept until it answers (bot/core/held.py), so the bot's fault never decides a turn.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any, Final

import discord

from bot.core.after import AfterStep
from bot.core.held import HeldClicks
from bot.core.live import HeldClick, Played
from bot.core.outages import store_outage
from bot.core.refusals import Refused
from bot.core.rules import Move, ThrowDice
from bot.core.service import MatchService
from bot.core.store_watch import StoreWatch
from bot.ui.answers import HELD, HELD_ALREADY, SLOW, AlreadyAnswered, refuse
from bot.ui.clicks import clicked_at, interaction_ms
from bot.ui.ids import MatchRef
from games.common.protocol import Action

log = logging.getLogger(__name__)

ANSWER_BY_MS: Final = 2_200
"""How long after the click (Discord's time) a member waits at most before being answered: the
rest of Discord's 3 s is for the answer's own trip."""


class Patience:
    """Stores a member's move, answering in time when the database is slow or down."""

    def __init__(
        self,
        service: MatchService,
        held: HeldClicks,
        watch: StoreWatch,
        after: AfterStep,
        *,
        now_ms: Callable[[], int],
    ) -> None:
        self._service = service
        self._held = held
        self._watch = watch
        self._after = after
        """Where a step stored after its click was answered goes on (the match message)."""
        self._now_ms = now_ms
        """Discord's time now (the bot's estimate)."""
        self.answer_by_ms = ANSWER_BY_MS

    async def act(self, interaction: discord.Interaction[Any], ref: MatchRef, move: Move) -> Played:
        """The service's `act` for a click; AlreadyAnswered when the member was told to wait
        (the outcome then goes out another way), Refused(HELD) for a click kept for later."""
        user, at = str(interaction.user.id), interaction_ms(interaction)
        timed = _timed(move)
        if timed is not None and self._held.holding(ref.match_id, user, ref.version):
            raise Refused(HELD_ALREADY)
        early = _Early(interaction, HELD if timed is not None else SLOW)
        left_s = (at + self.answer_by_ms - self._now_ms()) / 1000
        timer = asyncio.get_running_loop().call_later(left_s, early.start) if left_s > 0 else None
        # A click that reached the bot that late (a gateway outage held it) can't be answered
        # in time anyway: its step is delivered to the message whatever the answer does.
        try:
            played = await self._service.act(
                ref.match_id,
                user,
                ref.version,
                move,
                interaction=str(interaction.id),
                at=at,
                clicked=clicked_at(interaction),
            )
        except Exception as error:
            _cancel(timer)
            await early.done()
            outage = store_outage(error)
            if outage:
                self._watch.failed(error)
            kept = outage and timed is not None and self._keep(interaction, ref, timed)
            if kept and early.told:
                raise AlreadyAnswered from None
            if kept:
                raise Refused(HELD) from None
            raise
        _cancel(timer)
        if not await early.done():
            return played
        self._after.deadline_done(played.match, played)  # the message shows it, not the answer
        await self._held.give_back(played.match, at)
        raise AlreadyAnswered

    def _keep(self, interaction: discord.Interaction[Any], ref: MatchRef, action: Action) -> bool:
        """Keep a timed click the database could not take (False: its match is not open)."""
        click = HeldClick(
            ref.match_id,
            str(interaction.user.id),
            ref.version,
            action,
            str(interaction.id),
            clicked_at(interaction),
        )
        return self._held.hold(click)


class _Early:
    """The answer a member gets when storing their move outlasts the wait."""

    def __init__(self, interaction: discord.Interaction[Any], key: str) -> None:
        self._interaction = interaction
        self._key = key
        self._task: asyncio.Task[None] | None = None

    @property
    def told(self) -> bool:
        """Whether the member was answered early."""
        return self._task is not None

    def start(self) -> None:
        """Time is up: answer now (the store goes on)."""
        name = f"tablero-early-answer-{self._interaction.id}"
        self._task = asyncio.create_task(refuse(self._interaction, self._key), name=name)

    async def done(self) -> bool:
        """Wait for the early answer, if one was started; whether it was."""
        if self._task is None:
            return False
        try:
            await self._task
        except discord.HTTPException as error:
            log.warning("interaction %s: the early answer failed: %s", self._interaction.id, error)
        return True


def _cancel(timer: asyncio.TimerHandle | None) -> None:
    if timer is not None:
        timer.cancel()


def _timed(move: Move) -> Action | None:
    """The move as an action carrying a Discord stamp (Kero's), or None for an untimed one."""
    if isinstance(move, ThrowDice) or move.at is None:
        return None
    return move

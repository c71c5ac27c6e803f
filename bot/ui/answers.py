"""Answers that tell a member no: a refusal in their language, or that the bot failed them —
always ephemeral, always an answer, never a traceback in the channel.

The interaction gate (bot/app.py) hands each interaction's handlers an `Outcome` through a
context variable, so a refusal is counted for the metrics without reaching the bot.
"""

from __future__ import annotations

import contextvars
import logging
from collections.abc import Awaitable
from typing import Any, Final, Protocol, cast

import discord

from bot.core.outages import store_outage
from bot.core.refusals import Refused
from bot.ui.ids import MalformedId
from bot.ui.languages import member_words
from storage import LeaseLost, StorageError
from words.catalog import Arg

log = logging.getLogger(__name__)

DAMAGED: Final = "refuse-damaged-button"
FAILED: Final = "refuse-failed"
OUTAGE: Final = "refuse-outage"
"""What a member is told while the database is down, read-only or full (nothing was lost)."""
DAMAGED_RECORD: Final = "refuse-damaged-record"
HELD: Final = "refuse-held"
"""What a member is told when their timed click is kept until the database answers."""
HELD_ALREADY: Final = "refuse-held-already"
"""What a retry of a kept click is told (it is not kept twice)."""
SLOW: Final = "refuse-slow"
"""What a member is told when the database has not taken their move within Discord's 3 s."""
FAILURES: Final = frozenset({FAILED, OUTAGE, DAMAGED_RECORD, HELD, SLOW})
"""What a member is told when the bot failed them (the metrics count those as failures)."""
UNKNOWN_INTERACTION: Final = 10062
"""Discord's answer once an interaction's 3 seconds passed without a first response."""
ALREADY_ACKNOWLEDGED: Final = 40060
"""Discord's answer to a second first response for one interaction."""


class AlreadyAnswered(Exception):
    """The interaction was answered already (a slow database: the member was told to wait) and
    whatever came of it went out another way: the handler has nothing more to say."""


class Outcome(Protocol):
    """How the bot dealt with the interaction being handled (the metrics' record of it)."""

    def refused(self, *, failed: bool) -> None:
        """The bot refused it, or told the member it failed (`failed`)."""
        ...


OUTCOME: contextvars.ContextVar[Outcome | None] = contextvars.ContextVar(
    "tablero_outcome", default=None
)
"""The outcome of the interaction whose handlers run in this context (set by the gate)."""


def unanswerable(error: BaseException) -> str | None:
    """Why Discord takes no answer to an interaction any more (its 3 seconds passed, or it was
    already answered), or None for any other error."""
    if isinstance(error, discord.HTTPException):
        if error.code == UNKNOWN_INTERACTION:
            return "its 3 seconds had passed (10062)"
        if error.code == ALREADY_ACKNOWLEDGED:
            return "it was already answered (40060)"
    return None


async def refuse(
    interaction: discord.Interaction[Any], refusal: Refused | str, /, **args: Arg
) -> None:
    """Answer with a short message only the clicking member sees, in their language (or a
    follow-up if answered): a Refused, or a message id with its arguments.

    Best effort: when Discord no longer takes an answer to the interaction (10062, 40060) the
    notice is logged, without a traceback, instead of raised."""
    said = refusal if isinstance(refusal, Refused) else Refused(refusal, **args)
    outcome = OUTCOME.get()
    if outcome is not None:
        outcome.refused(failed=said.key in FAILURES)
    text = said.said(member_words(interaction))
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException as error:
        why = unanswerable(error)
        if why is None:
            raise
        log.warning("interaction %s was not told %r: %s", interaction.id, said.key, why)


async def guarded(interaction: discord.Interaction[Any], work: Awaitable[None]) -> None:
    """Run a handler; a refusal is said, a failure logged and the member told — never left
    without an answer."""
    try:
        await work
    except AlreadyAnswered:
        return
    except Refused as refusal:
        await refuse(interaction, refusal)
    except MalformedId:  # an argument its handler cannot read (a number that is none)
        data = cast("dict[str, Any]", interaction.data or {})
        await refuse_damaged(interaction, str(data.get("custom_id", "")))
    except LeaseLost as error:  # another process holds the shard now and answers it
        log.warning("interaction %s left unanswered: %s", interaction.id, error)
    except StorageError:
        log.exception("stored data could not be used for interaction %s", interaction.id)
        await _tell(interaction, DAMAGED_RECORD)
    except Exception as error:
        why = unanswerable(error)
        if why is not None:
            log.warning("interaction %s got no answer: %s", interaction.id, why)
            return
        if store_outage(error):  # the outage itself is logged once, by the store's watch
            log.info("interaction %s: the database can't take writes: %s", interaction.id, error)
            await _tell(interaction, OUTAGE)
            return
        log.exception("interaction %s failed", interaction.id)
        await _tell(interaction, FAILED)


async def _tell(interaction: discord.Interaction[Any], key: str) -> None:
    try:
        await refuse(interaction, key)
    except discord.HTTPException:
        log.warning("could not tell the member about interaction %s", interaction.id)


async def refuse_damaged(interaction: discord.Interaction[Any], custom_id: str) -> None:
    """Log a custom_id Tablero cannot read and tell the member nothing happened."""
    log.warning("malformed custom_id %r from user %s", custom_id, interaction.user.id)
    await refuse(interaction, DAMAGED)

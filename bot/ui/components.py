"""Buttons and selects as DynamicItems: discord.py routes a click by its custom_id alone, so every
message Tablero ever sent keeps working after a restart (the state lives in the database).

A damaged custom_id with one of our prefixes still reaches these classes and is refused with a
message; one without our prefixes is caught by `TableroBot.on_interaction`.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, TypeVar, cast

import asyncpg
import discord

from bot.core.refusals import Refused
from bot.ui.ids import (
    BUTTON_TEMPLATE,
    LOBBY_TEMPLATE,
    SELECT_TEMPLATE,
    LobbyRef,
    MalformedId,
    MatchRef,
    parse_lobby,
    parse_match,
)
from bot.ui.languages import member_words
from storage import StorageError
from words.catalog import Arg

if TYPE_CHECKING:
    from bot.app import TableroBot

log = logging.getLogger(__name__)
Ref = TypeVar("Ref", MatchRef, LobbyRef)

DAMAGED = "refuse-damaged-button"


def tablero(interaction: discord.Interaction[Any]) -> TableroBot:
    """The bot an interaction reached (components only exist on TableroBot's messages)."""
    return cast("TableroBot", interaction.client)


UNKNOWN_INTERACTION = 10062
"""Discord's answer once an interaction's 3 seconds passed without a first response."""
ALREADY_ACKNOWLEDGED = 40060
"""Discord's answer to a second first response for one interaction."""


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
    tablero(interaction).metrics.refused(interaction.id, failed=said.key in _FAILURES)
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


FAILED = "refuse-failed"
OUTAGE = "refuse-outage"
"""What a member is told while the database is down, read-only or full (nothing was lost)."""
_OUTAGES: tuple[type[BaseException], ...] = (
    sqlite3.OperationalError,  # a locked, read-only or full SQLite file, or I/O failing
    OSError,  # disk full, connection refused
    asyncpg.PostgresConnectionError,
    asyncpg.InterfaceError,
    asyncpg.CannotConnectNowError,
)


def store_outage(error: BaseException) -> bool:
    """Whether an error means the database can't take writes now (not a bug, not damage)."""
    return isinstance(error, _OUTAGES)


DAMAGED_RECORD = "refuse-damaged-record"
_FAILURES = frozenset({FAILED, OUTAGE, DAMAGED_RECORD})
"""What a member is told when the bot failed them (the metrics count those as failures)."""


async def guarded(interaction: discord.Interaction[Any], work: Awaitable[None]) -> None:
    """Run a handler; a failure is logged and the member told, never left without an answer."""
    try:
        await work
    except MalformedId:  # an argument its handler cannot read (a number that is none)
        data = cast("dict[str, Any]", interaction.data or {})
        await refuse_damaged(interaction, str(data.get("custom_id", "")))
    except StorageError:
        log.exception("stored data could not be used for interaction %s", interaction.id)
        await _tell(interaction, DAMAGED_RECORD)
    except Exception as error:
        why = unanswerable(error)
        if why is not None:
            log.warning("interaction %s got no answer: %s", interaction.id, why)
            return
        if store_outage(error):
            log.error("the database can't take writes (interaction %s): %s", interaction.id, error)
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


async def _parsed(
    interaction: discord.Interaction[Any],
    item: discord.ui.Item[Any],
    kind: type[discord.ui.Item[Any]],
    parse: Callable[[str], Ref],
) -> Ref | None:
    """The reference the clicked item's custom_id carries, or None after refusing a damaged
    one (also a match select's id on a button, or a button's on a select)."""
    custom_id = str(getattr(item, "custom_id", ""))
    try:
        if not isinstance(item, kind):
            raise MalformedId(f"{custom_id!r} is not a {kind.__name__}'s id")
        return parse(custom_id.split(":", 1)[1])
    except MalformedId:
        await refuse_damaged(interaction, custom_id)
        return None


def match_button(
    ref: MatchRef,
    label: str | None = None,
    *,
    emoji: str | None = None,
    style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    disabled: bool = False,
    row: int | None = None,
) -> MatchButton:
    """A match button carrying `ref`."""
    button: discord.ui.Button[Any] = discord.ui.Button(
        label=label, emoji=emoji, style=style, disabled=disabled, custom_id=ref.button_id()
    )
    return MatchButton(button, row=row)


class MatchButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=BUTTON_TEMPLATE):
    """A button of a match message: `tb:<match>:<version>:<verb>[:<arg>]`."""

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: Any
    ) -> MatchButton:
        """Wrap the clicked button; parsing happens in the callback so errors get an answer."""
        return cls(cast("discord.ui.Button[Any]", item))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Hand the click to the match controller."""
        ref = await _parsed(interaction, self.item, discord.ui.Button, parse_match)
        if ref is not None:
            await guarded(interaction, tablero(interaction).play.on_button(interaction, ref))


class MatchSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=SELECT_TEMPLATE):
    """A select of a match message; the chosen value completes the action."""

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: Any
    ) -> MatchSelect:
        """Wrap the used select."""
        return cls(cast("discord.ui.Select[Any]", item))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Hand the choice to the match controller."""
        ref = await _parsed(interaction, self.item, discord.ui.Select, parse_match)
        if ref is not None:
            values = list(self.item.values)
            await guarded(
                interaction, tablero(interaction).play.on_select(interaction, ref, values)
            )


def match_select(
    ref: MatchRef, options: list[discord.SelectOption], placeholder: str, row: int | None = None
) -> MatchSelect:
    """A select carrying `ref` with the given options (Discord allows 25)."""
    select: discord.ui.Select[Any] = discord.ui.Select(
        custom_id=ref.select_id(), options=options, placeholder=placeholder
    )
    return MatchSelect(select, row=row)


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=LOBBY_TEMPLATE):
    """A lobby or challenge button: `tbl:<lobby>:<verb>`."""

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: Any
    ) -> LobbyButton:
        """Wrap the clicked button."""
        return cls(cast("discord.ui.Button[Any]", item))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Hand the click to the lobbies."""
        ref = await _parsed(interaction, self.item, discord.ui.Button, parse_lobby)
        if ref is not None:
            await guarded(interaction, tablero(interaction).lobbies.on_button(interaction, ref))


def lobby_button(
    ref: LobbyRef,
    label: str,
    *,
    style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    disabled: bool = False,
    emoji: str | None = None,
) -> LobbyButton:
    """A lobby button carrying `ref`."""
    button: discord.ui.Button[Any] = discord.ui.Button(
        label=label, style=style, disabled=disabled, emoji=emoji, custom_id=ref.button_id()
    )
    return LobbyButton(button)


class Components(discord.ui.View):
    """A message's buttons and selects, held only to be sent: every one is a DynamicItem that
    discord.py dispatches by its custom_id, so the view is born finished and never stored.
    (discord.py keeps every unfinished view it sends: each message's for as long as the
    process lives, and each ephemeral one with a 15-minute timeout task — at 40 picks a second,
    36,000 views and tasks, which also slowed every click down.)"""

    def __init__(self) -> None:
        super().__init__(timeout=None)
        self.stop()


def view_of(*items: discord.ui.Item[Any]) -> discord.ui.View:
    """A fresh view holding the items (never reused: discord.py diffs reused views)."""
    view = Components()
    for item in items:
        view.add_item(item)
    return view


COMPONENT_CLASSES = (MatchButton, MatchSelect, LobbyButton)

"""Messages as the bot sends them, through one small port: post, edit, a direct message, a
thread. The discord.py client implements it; delivery and the absence notices use it, so they
never reach the client itself."""

from __future__ import annotations

import hashlib
import io
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, Protocol

import discord
from discord.http import handle_message_parameters

MESSAGE_LIMIT: Final = 2000
"""Discord's limit on a message's text."""
THREAD_ARCHIVE_MINUTES: Final = 1440
"""A match's thread archives after a day without messages."""


@dataclass(frozen=True, slots=True)
class Image:
    """An image to attach, with its alt text (a screen reader says it)."""

    png: bytes
    filename: str
    alt: str


@dataclass(frozen=True, slots=True)
class Written:
    """A message as the bot's post or edit left it: its id and the files it carries (a later
    edit keeps one by naming it instead of uploading it again)."""

    message_id: str
    files: tuple[discord.Attachment, ...] = ()


class Messenger(Protocol):
    """Sends and edits the bot's messages."""

    async def send(
        self,
        channel_id: str,
        content: str,
        *,
        view: discord.ui.View | None = None,
        nonce: str | None = None,
    ) -> str:
        """Post a plain message; its id."""
        ...

    async def edit(
        self, channel_id: str, message_id: str, content: str | None, view: discord.ui.View | None
    ) -> None:
        """Edit a message's text and buttons (None content keeps the text; None view drops
        them)."""
        ...

    async def post(
        self,
        channel_id: str,
        view: discord.ui.LayoutView,
        images: Sequence[Image],
        *,
        nonce: str | None = None,
    ) -> Written:
        """Post a Components V2 message with the images its layout shows."""
        ...

    async def replace(
        self,
        channel_id: str,
        message_id: str,
        view: discord.ui.LayoutView,
        images: Sequence[Image],
        kept: Sequence[discord.Attachment] = (),
    ) -> Written:
        """Edit a Components V2 message: its layout, and its images replaced by `images` and
        the files `kept` of those it carries."""
        ...

    async def relayout(
        self, channel_id: str, message_id: str, view: discord.ui.LayoutView, last: bytes | None
    ) -> bytes:
        """Edit a Components V2 message's layout, keeping every file it carries, unless the
        layout's digest is `last` (the message shows it already); the digest."""
        ...

    async def direct(self, user_id: str, content: str) -> None:
        """A direct message to a member (HTTPException when their DMs are closed)."""
        ...

    async def thread(self, channel_id: str, name: str) -> str:
        """Open a public thread in a channel; its id."""
        ...


class DiscordMessenger:
    """The `Messenger` of a discord.py client: partial messageables, no cache needed."""

    def __init__(self, client: discord.Client) -> None:
        self._client = client

    async def send(
        self,
        channel_id: str,
        content: str,
        *,
        view: discord.ui.View | None = None,
        nonce: str | None = None,
    ) -> str:
        """Post a plain message; its id."""
        channel = self._client.get_partial_messageable(int(channel_id))
        extra: dict[str, Any] = {}
        if view is not None:
            extra["view"] = view
        if nonce is not None:
            extra["nonce"] = nonce
        message = await channel.send(content, **extra)
        return str(message.id)

    async def edit(
        self, channel_id: str, message_id: str, content: str | None, view: discord.ui.View | None
    ) -> None:
        """Edit a message's text and buttons (None content keeps the text; None view drops
        them)."""
        channel = self._client.get_partial_messageable(int(channel_id))
        message = channel.get_partial_message(int(message_id))
        if content is None:
            await message.edit(view=view)
        else:
            await message.edit(content=content, view=view)

    async def post(
        self,
        channel_id: str,
        view: discord.ui.LayoutView,
        images: Sequence[Image],
        *,
        nonce: str | None = None,
    ) -> Written:
        """Post a Components V2 message with the images its layout shows."""
        channel = self._client.get_partial_messageable(int(channel_id))
        extra: dict[str, Any] = {} if nonce is None else {"nonce": nonce}
        message = await channel.send(view=view, files=files_of(images), **extra)
        return Written(str(message.id), tuple(message.attachments))

    async def replace(
        self,
        channel_id: str,
        message_id: str,
        view: discord.ui.LayoutView,
        images: Sequence[Image],
        kept: Sequence[discord.Attachment] = (),
    ) -> Written:
        """Edit a Components V2 message: its layout, and its images replaced by `images` and
        the files `kept` of those it carries."""
        channel = self._client.get_partial_messageable(int(channel_id))
        message = channel.get_partial_message(int(message_id))
        edited = await message.edit(view=view, attachments=[*kept, *files_of(images)])
        return Written(message_id, tuple(edited.attachments))

    async def relayout(
        self, channel_id: str, message_id: str, view: discord.ui.LayoutView, last: bytes | None
    ) -> bytes:
        """Edit a Components V2 message's layout, keeping its files, unless its digest is
        `last`; the layout is laid out once for both, and Discord's answer, not read, is not
        parsed into a Message."""
        with handle_message_parameters(view=view) as params:
            laid = layout_digest(params.payload)
            if laid != last:
                await self._client.http.edit_message(
                    int(channel_id), int(message_id), params=params
                )
        return laid

    async def direct(self, user_id: str, content: str) -> None:
        """A direct message to a member."""
        data = await self._client.http.start_private_message(int(user_id))
        await self._client.get_partial_messageable(int(data["id"])).send(content)

    async def thread(self, channel_id: str, name: str) -> str:
        """Open a public thread without a starter message."""
        data = await self._client.http.start_thread_without_message(
            int(channel_id),
            name=name,
            auto_archive_duration=THREAD_ARCHIVE_MINUTES,
            type=discord.ChannelType.public_thread.value,
        )
        return str(data["id"])


def files_of(images: Sequence[Image]) -> list[discord.File]:
    """The files to upload for images (their alt text as each file's description)."""
    return [discord.File(io.BytesIO(i.png), filename=i.filename, description=i.alt) for i in images]


def layout_digest(payload: object) -> bytes:
    """A short digest of a message's JSON body (kept per open match instead of the body)."""
    laid = json.dumps(payload, separators=(",", ":"), sort_keys=True)
    return hashlib.blake2b(laid.encode(), digest_size=16).digest()

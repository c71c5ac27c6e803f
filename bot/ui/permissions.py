"""Permissions: what the bot itself needs in a channel to run a match there, what a member needs
to change the server's settings, and refusals that say which permission is missing and where.

Discord sends the bot's own permissions in the channel with every interaction
(`interaction.app_permissions`), so these checks cost no request.
"""

from __future__ import annotations

from typing import Any, Final

import discord

from bot.core.refusals import Listed, Refused

BASICS: Final = ("view_channel", "send_messages", "attach_files", "embed_links")
"""What every match message needs in a text channel (the board image, its embeds)."""
IN_A_THREAD: Final = ("view_channel", "send_messages_in_threads", "attach_files", "embed_links")
"""The same where the command is used inside a thread."""
FOR_THREADS: Final = ("create_public_threads", "send_messages_in_threads")
"""What the bot needs on top when the server plays each match in its own thread."""

SERVER_ONLY = "refuse-server-only"
MANAGE_SERVER = "refuse-manage-server"


def missing(held: discord.Permissions, *, in_thread: bool, threads: bool) -> list[str]:
    """The permissions (discord.py's flags) the bot lacks to run a match here: in a thread, or
    in a channel that opens a thread per match, or in a channel."""
    if held.administrator:
        return []
    wanted = dict.fromkeys(
        [*(IN_A_THREAD if in_thread else BASICS), *(FOR_THREADS if threads else ())]
    )
    return [flag for flag in wanted if not getattr(held, flag)]


def missing_refusal(channel_id: int | str | None, flags: list[str]) -> Refused:
    """`I can't start a match in #games: I'm missing Send Messages and Attach Files there…`,
    the permissions named as Discord's settings name them in the member's language."""
    names = Listed(tuple("permission-" + flag.replace("_", "-") for flag in flags))
    return Refused(
        "refuse-missing-permissions",
        channel=f"<#{channel_id}>",
        permissions=names,
        count=len(flags),
    )


def require_server(interaction: discord.Interaction[Any]) -> str:
    """The server a command was used in; Refused in a direct message."""
    if interaction.guild_id is None:
        raise Refused(SERVER_ONLY)
    return str(interaction.guild_id)


def require_manage_server(interaction: discord.Interaction[Any]) -> str:
    """The server, for a member allowed to change its settings (admins may open `/settings` to
    anyone in the command permissions, so this check is the last line)."""
    guild = require_server(interaction)
    held = interaction.permissions
    if not (held.manage_guild or held.administrator):
        raise Refused(MANAGE_SERVER)
    return guild

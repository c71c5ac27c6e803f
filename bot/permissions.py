"""Permissions: what the bot itself needs in a channel to run a match there, what a member needs
to change the server's settings, and refusals that say which permission is missing and where.

Discord sends the bot's own permissions in the channel with every interaction
(`interaction.app_permissions`), so these checks cost no request.
"""

from __future__ import annotations

from typing import Any, Final

import discord

from bot.refusals import Refused

BASICS: Final = (
    ("view_channel", "View Channel"),
    ("send_messages", "Send Messages"),
    ("attach_files", "Attach Files"),
    ("embed_links", "Embed Links"),
)
"""What every match message needs in a text channel (the board image, its embeds)."""
IN_A_THREAD: Final = (
    ("view_channel", "View Channel"),
    ("send_messages_in_threads", "Send Messages in Threads"),
    ("attach_files", "Attach Files"),
    ("embed_links", "Embed Links"),
)
"""The same where the command is used inside a thread."""
FOR_THREADS: Final = (
    ("create_public_threads", "Create Public Threads"),
    ("send_messages_in_threads", "Send Messages in Threads"),
)
"""What the bot needs on top when the server plays each match in its own thread."""

SERVER_ONLY = (
    "Tablero's games are played in a server: use this command in a channel of a server "
    "Tablero is in, not in a direct message."
)
MANAGE_SERVER = "You need the Manage Server permission to change Tablero's settings here."


def missing(held: discord.Permissions, *, in_thread: bool, threads: bool) -> list[str]:
    """The names (as Discord's settings show them) of the permissions the bot lacks to run a
    match here: in a thread, or in a channel that opens a thread per match, or in a channel."""
    if held.administrator:
        return []
    wanted = [*(IN_A_THREAD if in_thread else BASICS), *(FOR_THREADS if threads else ())]
    names = dict(wanted)
    return [names[flag] for flag in names if not getattr(held, flag)]


def missing_text(channel_id: int | str | None, names: list[str]) -> str:
    """`I can't start a match in #games: I'm missing Send Messages and Attach Files there…`."""
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    them = "it" if len(names) == 1 else "them"
    return (
        f"I can't start a match in <#{channel_id}>: I'm missing {listed} there. "
        f"An admin can grant {them} in the channel's permissions."
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

"""Starting, inspecting and ending matches from commands: one active match per channel, or one
thread per match when the server asks for it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.play import cancel_vote_view
from bot.service import AI_PREFIX, LiveMatch, Refused
from bot.ui import ui_for
from games.records import Player
from games.registry import get_game
from storage.base import Lobby

if TYPE_CHECKING:
    from bot.app import TableroBot

DEFAULT_MATCH_LIMIT = 5
"""Open matches one member may play at once in a server, unless `/settings limit` says."""
THREAD_TYPES = (discord.ChannelType.public_thread, discord.ChannelType.private_thread)


def jump_url(live: LiveMatch) -> str | None:
    """A link to the match's current message."""
    if live.message_id is None or live.guild_id is None:
        return None
    return f"https://discord.com/channels/{live.guild_id}/{live.channel_id}/{live.message_id}"


class Matches:
    """The commands' side of matches."""

    def __init__(self, bot: TableroBot) -> None:
        self.bot = bot

    async def threads_on(self, guild_id: str | None) -> bool:
        """Whether this server puts each match in its own thread."""
        if guild_id is None:
            return False
        settings = await self.bot.store.get_guild_settings(guild_id)
        return bool(settings.get("threads", False))

    async def check_channel_free(self, channel_id: str, guild_id: str | None) -> None:
        """Refuse a second match in a channel (threads give each match its own place)."""
        if await self.threads_on(guild_id):
            return
        live = self.bot.service.in_channel(channel_id)
        match_id = live.id if live else await self.bot.store.open_match_in(channel_id)
        if match_id is not None:
            raise Refused(
                f"Match #{match_id} is still running in this channel. Finish it (or "
                "`/match cancel`) first, or play in another channel."
            )

    async def start(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        players: Sequence[Player],
        options: Mapping[str, Any],
    ) -> LiveMatch:
        """Create the match (in a new thread if the server wants one) and post its first message."""
        channel = str(interaction.channel_id)
        guild = None if interaction.guild_id is None else str(interaction.guild_id)
        service = self.bot.service
        async with service.channel_lock(channel):
            await self.check_channel_free(channel, guild)
            thread = await self._thread_for(interaction, game, players, guild)
            live = await service.create(
                game, players, options, guild_id=guild, channel_id=channel, thread_id=thread
            )
        self.bot.timers.rearm(live)
        await self.bot.publisher.post_step(live)
        return live

    async def _thread_for(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        players: Sequence[Player],
        guild: str | None,
    ) -> str | None:
        channel_type = getattr(interaction.channel, "type", None)
        if not await self.threads_on(guild) or channel_type in THREAD_TYPES:
            return None
        name = f"{get_game(game).title}: {', '.join(p.name for p in players)}"[:100]
        if interaction.message is not None:
            thread = await interaction.message.create_thread(name=name)
            return str(thread.id)
        data = await self.bot.http.start_thread_without_message(
            int(interaction.channel_id or 0),
            name=name,
            auto_archive_duration=1440,
            type=discord.ChannelType.public_thread.value,
        )
        return str(data["id"])

    def matches_of(self, user_id: str, guild_id: str | None) -> list[LiveMatch]:
        """The member's open matches in a server (the process holds every open match of its
        servers in memory, so this needs no query)."""
        return [
            live
            for live in self.bot.service.matches.values()
            if live.guild_id == guild_id and live.seat_of(user_id) is not None
        ]

    async def limit(self, guild_id: str | None) -> int:
        """How many open matches one member may play at once in this server."""
        if guild_id is None:
            return DEFAULT_MATCH_LIMIT
        settings = await self.bot.store.get_guild_settings(guild_id)
        value = settings.get("max_matches", DEFAULT_MATCH_LIMIT)
        return value if isinstance(value, int) and value > 0 else DEFAULT_MATCH_LIMIT

    async def check_member_limit(self, user_id: str, guild_id: str | None) -> None:
        """Refuse a new match to a member who already plays the server's maximum."""
        limit = await self.limit(guild_id)
        playing = self.matches_of(user_id, guild_id)
        if len(playing) >= limit:
            raise Refused(
                f"<@{user_id}> already plays {len(playing)} open match"
                f"{'es' * (len(playing) != 1)} here (this server's limit is {limit}); "
                "finish one first — `/match list` shows them."
            )

    async def check_member_limits(self, lobby: Lobby) -> None:
        """Every member of a lobby about to start is under the limit."""
        for member in lobby.members:
            if not member.startswith(AI_PREFIX):
                await self.check_member_limit(member, lobby.guild_id)

    async def list_for(self, interaction: discord.Interaction[Any]) -> None:
        """The member's open matches in this server, with links (only they see it)."""
        guild = None if interaction.guild_id is None else str(interaction.guild_id)
        user = str(interaction.user.id)
        playing = sorted(self.matches_of(user, guild), key=lambda live: live.id)
        if not playing:
            await interaction.response.send_message("You have no open match here.", ephemeral=True)
            return
        lines = [f"Your open matches here ({len(playing)} of at most {await self.limit(guild)}):"]
        for live in playing[:20]:
            url = jump_url(live)
            link = f" — [go]({url})" if url else ""
            yours = " · **your move**" if live.waits_for(live.seat_of(user)) else ""
            progress = ui_for(live).progress_line(live)
            lines.append(
                f"#{live.id} {live.spec.title} in <#{live.channel_id}>: {progress}{yours}{link}"
            )
        await interaction.response.send_message("\n".join(lines), ephemeral=True)

    def here(self, interaction: discord.Interaction[Any]) -> LiveMatch:
        """The match playing in the command's channel or thread."""
        live = self.bot.service.in_channel(str(interaction.channel_id))
        if live is None:
            raise Refused("No match is running here.")
        return live

    async def status(self, interaction: discord.Interaction[Any]) -> None:
        """A short ephemeral summary with a link to the current message."""
        live = self.here(interaction)
        lines = [f"**{live.spec.title}** match #{live.id} · {ui_for(live).progress_line(live)}"]
        lines += [f"{seat + 1}. {name}" for seat, name in enumerate(live.names)]
        url = jump_url(live)
        if url:
            lines.append(f"[Go to the match's message]({url})")
        await interaction.response.send_message("\n".join(lines), ephemeral=True)

    async def resign(self, interaction: discord.Interaction[Any]) -> None:
        """The member leaves the match here: the AI takes over, or the match ends."""
        live = self.here(interaction)
        name = interaction.user.display_name
        played = await self.bot.service.resign(live.id, str(interaction.user.id))
        if played is None:
            others = ", ".join(p.name for p in live.humans()) or "nobody"
            note = f"🏳️ {name} resigned match #{live.id}. Still standing: {others}."
            await interaction.response.send_message(note)
            self.bot.publisher.closed(live)
            return
        await interaction.response.send_message(
            f"🏳️ {name} resigned; the computer plays their seat so the match can go on."
        )
        self.bot.publisher.after(played, on_public_message=False)

    async def cancel(self, interaction: discord.Interaction[Any]) -> None:
        """Cancel at once for a member with Manage Server, else ask every player to agree."""
        live = self.here(interaction)
        user = str(interaction.user.id)
        moderator = bool(getattr(interaction.permissions, "manage_guild", False))
        if live.seat_of(user) is None and not moderator:
            raise Refused("Only the players (or a member with Manage Server) can cancel a match.")
        live.cancel_votes.add(user)
        waiting = [p for p in live.humans() if p.id not in live.cancel_votes]
        if moderator or not waiting:
            await self.bot.service.cancel(live.id)
            who = "a moderator" if moderator and live.seat_of(user) is None else "agreement"
            await interaction.response.send_message(f"Match #{live.id} was cancelled by {who}.")
            self.bot.publisher.closed(live)
            return
        names = ", ".join(p.name for p in waiting)
        await interaction.response.send_message(
            f"{interaction.user.display_name} asks to cancel match #{live.id}. "
            f"Waiting for: {names}.",
            view=cancel_vote_view(live),
        )

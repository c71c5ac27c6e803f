"""Starting a match from a command or a lobby: where the bot may post, one active match per
channel (or a thread per match when the server asks for it), each member's limit, and the first
message — a match exists only once that is posted."""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import Any, Final, NoReturn

import discord

from bot.core.clock_book import AwayPolicy, TableClock
from bot.core.computer import is_computer
from bot.core.live import LiveMatch
from bot.core.playing_hours import PlayingHours
from bot.core.refusals import Refused
from bot.core.service import MatchService
from bot.core.settings import ClockMode, GuildSettings, Settings
from bot.delivery.messenger import Messenger
from bot.delivery.steps import Steps
from bot.ui.hours import check_hours
from bot.ui.languages import Languages
from bot.ui.layouts import jump_url
from bot.ui.permissions import missing, missing_refusal
from bot.ui.titles import game_title
from games.fairness import Fairness
from games.records import Player
from storage import Lobby, Store

log = logging.getLogger(__name__)

THREAD_TYPES: Final = (discord.ChannelType.public_thread, discord.ChannelType.private_thread)
THREAD_NAME_LIMIT: Final = 100
"""Discord's limit on a thread's name."""


class MatchStarts:
    """How a match starts, with every check that must pass first."""

    def __init__(
        self,
        service: MatchService,
        steps: Steps,
        store: Store,
        settings: Settings,
        *,
        languages: Languages,
        messenger: Messenger,
    ) -> None:
        self._service = service
        self._steps = steps
        self._store = store
        self._settings = settings
        self._languages = languages
        self._messenger = messenger

    async def check_can_start(self, interaction: discord.Interaction[Any], host: str) -> None:
        """Refuse a new match or lobby where the bot could not post it, where a match already
        plays, or to a host already playing the server's maximum (the server's settings read
        once)."""
        guild = None if interaction.guild_id is None else str(interaction.guild_id)
        settings = await self._settings.guild(guild)
        _check_permissions(interaction, settings)
        await self._check_free(str(interaction.channel_id), settings)
        self._check_limit(host, guild, settings)

    async def check_channel_free(self, channel_id: str, guild_id: str | None) -> None:
        """Refuse a second match in a channel (threads give each match its own place), with a
        link to the running match's message."""
        await self._check_free(channel_id, await self._settings.guild(guild_id))

    async def _check_free(self, channel_id: str, settings: GuildSettings) -> None:
        if settings.threads:
            return
        live = self._service.in_channel(channel_id)
        match_id = live.id if live else await self._store.open_match_in(channel_id)
        if match_id is not None:
            url = None if live is None else jump_url(live)
            if url:
                raise Refused("refuse-channel-busy-link", match=match_id, url=url)
            raise Refused("refuse-channel-busy", match=match_id)

    async def check_bot_permissions(self, interaction: discord.Interaction[Any]) -> None:
        """Refuse to start anything where the bot could not post the match."""
        guild = None if interaction.guild_id is None else str(interaction.guild_id)
        _check_permissions(interaction, await self._settings.guild(guild))

    def matches_of(self, user_id: str, guild_id: str | None) -> list[LiveMatch]:
        """The member's open matches in a server (the process holds every open match of its
        servers in memory, so this needs no query)."""
        return [
            live
            for live in self._service.matches.values()
            if live.guild_id == guild_id and live.seat_of(user_id) is not None
        ]

    async def limit(self, guild_id: str | None) -> int:
        """How many open matches one member may play at once in this server."""
        return (await self._settings.guild(guild_id)).max_matches

    def _check_limit(self, user_id: str, guild_id: str | None, settings: GuildSettings) -> None:
        """Refuse a new match to a member who already plays the server's maximum."""
        limit = settings.max_matches
        playing = self.matches_of(user_id, guild_id)
        if len(playing) >= limit:
            raise Refused(
                "refuse-member-limit", member=f"<@{user_id}>", count=len(playing), limit=limit
            )

    async def check_member_limits(self, lobby: Lobby) -> None:
        """Every member of a lobby about to start is under the limit."""
        settings = await self._settings.guild(lobby.guild_id)
        for member in lobby.members:
            if not is_computer(member):
                self._check_limit(member, lobby.guild_id, settings)

    async def start(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        players: Sequence[Player],
        options: Mapping[str, Any],
        clock: ClockMode | None = None,
        *,
        rated: bool = True,
        hours: PlayingHours | None = None,
        away: AwayPolicy = AwayPolicy.PAUSE,
        fair: Fairness | None = None,
    ) -> LiveMatch:
        """Create the match (in a new thread if the server wants one), post its first message
        and start its turn clock (`live`, `async`, or the server's default); its dice answer to
        `fair` (docs/fairness.md).

        A match exists only once its first message is posted: if Discord refuses that message,
        the match is closed as cancelled (nothing rated, the channel free again) and the member
        is told why (Refused)."""
        channel = str(interaction.channel_id)
        guild = None if interaction.guild_id is None else str(interaction.guild_id)
        service, settings = self._service, await self._settings.guild(guild)
        mode = clock or settings.clock
        check_hours(hours, mode)
        _check_permissions(interaction, settings)
        async with service.channel_lock(channel):
            await self._check_free(channel, settings)
            try:
                thread = await self._thread_for(interaction, game, players, guild, settings)
            except discord.HTTPException as error:
                log.warning("no thread for a match in %s: %s", channel, error)
                raise Refused("refuse-no-thread", channel=f"<#{channel}>") from None
            live = await service.create(
                game,
                players,
                options,
                guild_id=guild,
                channel_id=channel,
                thread_id=thread,
                rated=rated,
                fair=fair,
            )
        try:
            await self._steps.opened(live, TableClock(mode, hours, away))
        except discord.HTTPException as error:
            await self._call_off(live, error)
        return live

    async def _call_off(self, live: LiveMatch, error: discord.HTTPException) -> NoReturn:
        """The first message could not be posted: close the match (cancelled, unrated) so it
        blocks nothing, and refuse with what happened."""
        log.warning("match %s called off: its first message failed: %s", live.id, error)
        await self._service.close(live.id, "cancelled")
        self._steps.closed(live)
        channel = f"<#{live.channel_id}>"
        if isinstance(error, discord.Forbidden):
            raise Refused("refuse-first-post-forbidden", match=live.id, channel=channel)
        raise Refused(
            "refuse-first-post-error", match=live.id, channel=channel, status=error.status
        )

    async def _thread_for(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        players: Sequence[Player],
        guild: str | None,
        settings: GuildSettings,
    ) -> str | None:
        channel_type = getattr(interaction.channel, "type", None)
        if not settings.threads or channel_type in THREAD_TYPES:
            return None
        words = self._languages.public(guild)
        players_listed = words.join([p.name for p in players])  # a title: names as typed
        name = words("match-thread-name", game=game_title(game, words), players=players_listed)
        name = name if len(name) <= THREAD_NAME_LIMIT else name[: THREAD_NAME_LIMIT - 1] + "…"
        if interaction.message is not None:
            thread = await interaction.message.create_thread(name=name)
            return str(thread.id)
        return await self._messenger.thread(str(interaction.channel_id or 0), name)


def _check_permissions(interaction: discord.Interaction[Any], settings: GuildSettings) -> None:
    """Refuse to start anything where the bot could not post the match: it needs to see the
    channel, send, attach the board image and embed links there (and, when the server gives
    each match a thread, open public threads and send in them)."""
    in_thread = getattr(interaction.channel, "type", None) in THREAD_TYPES
    threads = not in_thread and settings.threads
    lacking = missing(interaction.app_permissions, in_thread=in_thread, threads=threads)
    if lacking:
        raise missing_refusal(interaction.channel_id, lacking)

"""Lobbies (Keer: Join, Leave, Add AI, Start, who rolls first) and challenges (Kero: Accept,
Decline).

Both are rows in the lobbies table with an absolute expiry, so their buttons and their expiry
survive a restart. A lock per lobby keeps two quick clicks from both taking the last seat.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

import discord

from bot.core.computer import computer_id, is_computer
from bot.core.fairness import LOBBY_KEY, lobby_secret, started_by_click
from bot.core.refusals import Refused
from bot.core.settings import GuildSettings, Settings
from bot.core.thinking import Thinker
from bot.core.turn_clocks import TurnClocks
from bot.delivery.messenger import Messenger
from bot.ui.hours import check_hours, lobby_hours, lobby_policy
from bot.ui.ids import LobbyRef
from bot.ui.languages import Languages
from bot.ui.lobby_texts import (
    FIRST,
    LOBBY_MS,
    accepted_of,
    closed_text,
    game_options,
    host_name,
    invited,
    lobby_clock,
    lobby_text,
    lobby_view,
    names_of,
    players_of,
    started_text,
)
from bot.ui.starts import MatchStarts
from bot.ui.titles import title_value
from games.common.levels import Level
from games.registry import get_game
from storage import Lobby, Shards, StorageError, Store, now_ms
from words import Words

log = logging.getLogger(__name__)

LobbyVerb = Callable[[discord.Interaction[Any], Lobby], Awaitable[None]]
LobbyChoice = Callable[[discord.Interaction[Any], Lobby, list[str]], Awaitable[None]]
"""What a lobby select does with the values chosen."""


class Lobbies:
    """Every open lobby and challenge: their buttons, their expiry, and how a match starts."""

    def __init__(
        self,
        store: Store,
        settings: Settings,
        starts: MatchStarts,
        languages: Languages,
        turn_clocks: TurnClocks,
        *,
        messenger: Messenger,
        thinker: Thinker,
        shards: Shards,
    ) -> None:
        self._store = store
        self._settings = settings
        self._starts = starts
        self._languages = languages
        self._turn_clocks = turn_clocks
        self._messenger = messenger
        self._thinker = thinker
        self._shards = shards
        self._locks: dict[int, asyncio.Lock] = {}
        self._timers: dict[int, asyncio.TimerHandle | asyncio.Task[None]] = {}
        """Each open lobby's expiry: a loop handle while it waits, a task once it expires."""
        self._verbs: dict[str, LobbyVerb] = {
            "join": self._join,
            "leave": self._leave,
            "ai": self._adding_ai(Level.NORMAL),
            "easyai": self._adding_ai(Level.EASY),
            "hardai": self._adding_ai(Level.HARD),
            "start": self._start,
            "close": self._close,
            "accept": self._accept,
            "decline": self._decline,
        }
        self._choices: dict[str, LobbyChoice] = {FIRST: self._choose_first}

    async def restore(self) -> None:
        """Re-arm the expiry of every open lobby (an overdue one expires at once)."""
        for lobby in await self._store.open_lobbies(self._shards):
            self._arm(lobby)

    async def open(self, interaction: discord.Interaction[Any], lobby: Lobby) -> None:
        """Post a lobby or challenge as the command's answer and arm its expiry."""
        settings = await self._server_settings(lobby)
        check_hours(lobby_hours(lobby), lobby_clock(lobby) or settings.clock)
        lobby_id = await self._store.save_lobby(lobby)
        secret = {LOBBY_KEY: lobby_secret(lobby_id)}  # bound to the lobby: its id comes first
        lobby = replace(lobby, id=lobby_id, options={**lobby.options, **secret})
        mentions = discord.AllowedMentions(users=[discord.Object(int(m)) for m in invited(lobby)])
        words = self.words(lobby)
        text = lobby_text(lobby, settings, words)
        response = await interaction.response.send_message(
            text, view=lobby_view(lobby, words), allowed_mentions=mentions
        )
        lobby = replace(lobby, message_id=str(response.message_id))
        await self._store.save_lobby(lobby)
        self._arm(lobby)

    def words(self, lobby: Lobby) -> Words:
        """The language of a lobby's message: its server's (a lobby is public, so it stays in
        that language whoever clicks)."""
        return self._languages.public(lobby.guild_id)

    async def on_button(self, interaction: discord.Interaction[Any], ref: LobbyRef) -> None:
        """A lobby button: load the lobby under its lock and apply the verb."""
        async with self._locks.setdefault(ref.lobby_id, asyncio.Lock()):
            lobby = await self._load_open(ref.lobby_id)
            await self._verbs[ref.verb](interaction, lobby)

    async def on_select(
        self, interaction: discord.Interaction[Any], chosen: tuple[LobbyRef, list[str]]
    ) -> None:
        """A lobby select: load the lobby under its lock and apply the choice."""
        ref, values = chosen
        async with self._locks.setdefault(ref.lobby_id, asyncio.Lock()):
            lobby = await self._load_open(ref.lobby_id)
            await self._choices[ref.verb](interaction, lobby, values)

    async def _load_open(self, lobby_id: int) -> Lobby:
        try:
            lobby = await self._store.load_lobby(lobby_id)
        except StorageError:
            raise Refused("refuse-lobby-gone") from None
        if lobby.status != "open" or lobby.expires_at <= now_ms():
            raise Refused("refuse-lobby-closed", kind=lobby.kind)
        return lobby

    async def _join(self, interaction: discord.Interaction[Any], lobby: Lobby) -> None:
        user = str(interaction.user.id)
        spec = get_game(lobby.game)
        if lobby.kind != "lobby":
            raise Refused("refuse-lobby-is-challenge")
        if user in lobby.members:
            raise Refused("refuse-lobby-already-in")
        if len(lobby.members) >= spec.max_players:
            raise Refused("refuse-lobby-full", seats=spec.max_players)
        names = {**names_of(lobby), user: interaction.user.display_name}
        joined = replace(lobby, members=(*lobby.members, user), options=_named(lobby, names))
        await self._update(interaction, joined)

    async def _leave(self, interaction: discord.Interaction[Any], lobby: Lobby) -> None:
        user = str(interaction.user.id)
        if user not in lobby.members:
            raise Refused("refuse-lobby-not-in")
        if user == lobby.host_id:
            raise Refused("refuse-lobby-host-leaves")
        members = tuple(m for m in lobby.members if m != user)
        options = lobby.options
        if options.get(FIRST) == user:  # their turn to roll first goes back to the host
            options = {**options, FIRST: lobby.host_id}
        await self._update(interaction, replace(lobby, members=members, options=options))

    async def _choose_first(
        self, interaction: discord.Interaction[Any], lobby: Lobby, values: list[str]
    ) -> None:
        """The host chooses who plays first: a member of the lobby (a computer seat too)."""
        self._host_only(interaction, lobby, "refuse-lobby-host-chooses-first")
        if FIRST not in lobby.options:
            raise Refused("refuse-lobby-no-first-choice")
        if len(values) != 1 or values[0] not in lobby.members:
            raise Refused("refuse-lobby-first-not-in")
        await self._update(interaction, replace(lobby, options={**lobby.options, FIRST: values[0]}))

    def _adding_ai(self, level: Level) -> LobbyVerb:
        """The verb of an Add AI button: the host seats a computer of that level."""

        async def add(interaction: discord.Interaction[Any], lobby: Lobby) -> None:
            self._host_only(interaction, lobby, "refuse-lobby-host-adds-ai")
            spec = get_game(lobby.game)
            if len(lobby.members) >= spec.max_players:
                raise Refused("refuse-lobby-full", seats=spec.max_players)
            ais = sum(is_computer(m) for m in lobby.members)
            member = computer_id(level, ais + 1)
            if level is Level.HARD:
                self._thinker.warm()  # its workers start while the lobby fills
            await self._update(interaction, replace(lobby, members=(*lobby.members, member)))

        return add

    async def _close(self, interaction: discord.Interaction[Any], lobby: Lobby) -> None:
        self._host_only(interaction, lobby, "refuse-lobby-host-closes")
        await self._finish(lobby, "cancelled")
        text = closed_text(lobby, "cancelled", self.words(lobby))
        await interaction.response.edit_message(content=text, view=None)

    async def _start(self, interaction: discord.Interaction[Any], lobby: Lobby) -> None:
        self._host_only(interaction, lobby, "refuse-lobby-host-starts")
        spec = get_game(lobby.game)
        if len(lobby.members) < spec.min_players:
            raise Refused(
                "refuse-lobby-too-few", game=title_value(spec.name), count=spec.min_players
            )
        await self._starts.check_member_limits(lobby)
        await self._launch(interaction, lobby)

    async def _accept(self, interaction: discord.Interaction[Any], lobby: Lobby) -> None:
        """An invited member accepts; the match starts once every invited member has."""
        user = str(interaction.user.id)
        if user not in invited(lobby):
            raise Refused("refuse-challenge-not-invited")
        accepted = sorted({*accepted_of(lobby), user})
        lobby = replace(lobby, options={**lobby.options, "accepted": accepted})
        if set(invited(lobby)) <= set(accepted):
            await self._starts.check_member_limits(lobby)
            await self._launch(interaction, lobby)
            return
        await self._update(interaction, lobby)

    async def rematch(self, interaction: discord.Interaction[Any], match_id: int) -> None:
        """Offer the same game to the same players; it starts once all of them accept."""
        stored = await self._store.load(match_id)
        record = stored.record
        user = str(interaction.user.id)
        humans = [p.id for p in record.players if not is_computer(p.id)]
        if user not in humans:
            raise Refused("refuse-rematch-not-player")
        names = {p.id: p.name for p in record.players if not is_computer(p.id)}
        lobby = Lobby(
            id=None,
            kind="challenge",
            game=record.game,
            options={
                "names": names,
                "game": dict(record.options),
                "accepted": [user],
                "rematch_of": match_id,
                "rated": stored.rated,
                **({"clock": clock} if (clock := self._turn_clocks.mode_of(match_id)) else {}),
            },
            host_id=user,
            members=tuple(p.id for p in record.players),
            expires_at=now_ms() + LOBBY_MS,
            guild_id=stored.guild_id,
            channel_id=str(interaction.channel_id),
        )
        await self._starts.check_channel_free(str(interaction.channel_id), stored.guild_id)
        await self._starts.check_bot_permissions(interaction)
        await self.open(interaction, lobby)

    async def _decline(self, interaction: discord.Interaction[Any], lobby: Lobby) -> None:
        user = str(interaction.user.id)
        if user not in lobby.members:
            raise Refused("refuse-challenge-not-yours")
        status = "cancelled" if user == lobby.host_id else "declined"
        await self._finish(lobby, status)
        text = closed_text(lobby, status, self.words(lobby))
        await interaction.response.edit_message(content=text, view=None)

    async def _launch(self, interaction: discord.Interaction[Any], lobby: Lobby) -> None:
        """Start the match: check what can be checked, acknowledge, then store the match and
        post its first message (a refusal after the acknowledgement is an ephemeral followup;
        the lobby stays open when the match could not start)."""
        await self._starts.check_channel_free(str(interaction.channel_id), lobby.guild_id)
        await self._starts.check_bot_permissions(interaction)
        await interaction.response.defer()
        live = await self._starts.start(
            interaction,
            lobby.game,
            players_of(lobby),
            game_options(lobby),
            lobby_clock(lobby),
            rated=lobby.options.get("rated", True) is not False,
            hours=lobby_hours(lobby),
            away=lobby_policy(lobby),
            fair=started_by_click(lobby.options, str(interaction.id)),
        )
        await self._finish(lobby, "started")
        in_thread = live.channel_id != str(interaction.channel_id)
        text = started_text(lobby, live.id, in_thread, self.words(lobby))
        await interaction.edit_original_response(content=text, view=None)

    def _host_only(self, interaction: discord.Interaction[Any], lobby: Lobby, key: str) -> None:
        """Refuse (the message `key`, naming the host) a member who does not host the lobby."""
        if str(interaction.user.id) != lobby.host_id:
            raise Refused(key, host=host_name(lobby))

    async def _update(self, interaction: discord.Interaction[Any], lobby: Lobby) -> None:
        await self._store.save_lobby(lobby)
        words = self.words(lobby)
        text = lobby_text(lobby, await self._server_settings(lobby), words)
        await interaction.response.edit_message(content=text, view=lobby_view(lobby, words))

    async def _server_settings(self, lobby: Lobby) -> GuildSettings:
        """The server's settings (the clock a lobby without its own choice gets)."""
        return await self._settings.guild(lobby.guild_id)

    async def _finish(self, lobby: Lobby, status: str) -> None:
        await self._store.save_lobby(replace(lobby, status=status))
        self._locks.pop(lobby.id or 0, None)
        timer = self._timers.pop(lobby.id or 0, None)
        if timer is not None and timer is not asyncio.current_task():
            timer.cancel()

    def _arm(self, lobby: Lobby) -> None:
        """A handle, not a task, waits for the expiry: an open lobby costs no task."""
        assert lobby.id is not None
        wait_s = max(0, lobby.expires_at - now_ms()) / 1000
        self._timers[lobby.id] = asyncio.get_running_loop().call_later(wait_s, self._due, lobby)

    def _due(self, lobby: Lobby) -> None:
        """The expiry is due: only now does it take a task (it reads and writes the store)."""
        assert lobby.id is not None
        task = asyncio.create_task(self._expire(lobby), name=f"tablero-timer-lobby-{lobby.id}")
        self._timers[lobby.id] = task

    async def _expire(self, lobby: Lobby) -> None:
        assert lobby.id is not None
        async with self._locks.setdefault(lobby.id, asyncio.Lock()):
            try:
                current = await self._store.load_lobby(lobby.id)
                if current.status != "open":
                    return
                await self._finish(current, "expired")
                if current.message_id and current.channel_id:
                    text = closed_text(current, "expired", self.words(current))
                    await self._messenger.edit(current.channel_id, current.message_id, text, None)
            except (StorageError, discord.HTTPException):
                log.exception("lobby %s could not be expired cleanly", lobby.id)

    def cancel_timers(self) -> None:
        """Stop the expiry timers (the lobbies stay open in the database)."""
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()


def _named(lobby: Lobby, names: dict[str, str]) -> dict[str, Any]:
    return {**lobby.options, "names": names}

"""Lobbies (Keer: Join, Leave, Add AI, Start) and challenges (Kero: Accept, Decline).

Both are rows in the lobbies table with an absolute expiry, so their buttons and their expiry
survive a restart. A lock per lobby keeps two quick clicks from both taking the last seat.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Final

import discord

from bot.core.computer import ai_player, computer_id, is_computer, level_of, shown_name
from bot.core.refusals import Refused
from bot.core.turn_clocks import clock_words
from bot.ui.components import lobby_button, refuse, view_of
from bot.ui.ids import LobbyRef
from bot.ui.names import shown
from bot.ui.rules_pages import HowToPlayButton
from bot.ui.titles import game_title, title_value
from games.common.levels import Level
from games.records import Player
from games.registry import get_game
from storage import Lobby, StorageError, now_ms
from words import Words, isolate

if TYPE_CHECKING:
    from bot.app import TableroBot

log = logging.getLogger(__name__)


def place_of(interaction: discord.Interaction[Any]) -> tuple[str | None, str]:
    """The guild (None in a DM) and channel a command was used in."""
    guild = None if interaction.guild_id is None else str(interaction.guild_id)
    return guild, str(interaction.channel_id)


LOBBY_MS: Final = 15 * 60 * 1000
"""How long a lobby or challenge waits before it expires."""

Verb = Callable[[discord.Interaction[Any], Lobby], Awaitable[None]]


def names_of(lobby: Lobby) -> dict[str, str]:
    """Display names by member id, as stored when members joined."""
    names = lobby.options.get("names", {})
    return {str(k): str(v) for k, v in names.items()} if isinstance(names, dict) else {}


def players_of(lobby: Lobby) -> list[Player]:
    """The seats, in joining order (AI seats get their AI names)."""
    names = names_of(lobby)
    players, ais = [], 0
    for member in lobby.members:
        if is_computer(member):
            players.append(ai_player(ais, level_of(member)))
            ais += 1
        else:
            players.append(Player(member, names.get(member, "Player")))
    return players


class Lobbies:
    """Every open lobby and challenge: their buttons, their expiry, and how a match starts."""

    def __init__(self, bot: TableroBot) -> None:
        self.bot = bot
        self._locks: dict[int, asyncio.Lock] = {}
        self._timers: dict[int, asyncio.Task[None]] = {}
        self._verbs: dict[str, Verb] = {
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

    async def restore(self) -> None:
        """Re-arm the expiry of every open lobby (an overdue one expires at once)."""
        for lobby in await self.bot.store.open_lobbies(self.bot.sharding):
            self._arm(lobby)

    async def open(self, interaction: discord.Interaction[Any], lobby: Lobby) -> None:
        """Post a lobby or challenge as the command's answer and arm its expiry."""
        lobby_id = await self.bot.store.save_lobby(lobby)
        lobby = replace(lobby, id=lobby_id)
        mentions = discord.AllowedMentions(users=[discord.Object(int(m)) for m in invited(lobby)])
        words = self.words(lobby)
        text = lobby_text(lobby, await self._settings(lobby), words)
        response = await interaction.response.send_message(
            text, view=lobby_view(lobby, words), allowed_mentions=mentions
        )
        lobby = replace(lobby, message_id=str(response.message_id))
        await self.bot.store.save_lobby(lobby)
        self._arm(lobby)

    def words(self, lobby: Lobby) -> Words:
        """The language of a lobby's message: its server's (a lobby is public, so it stays in
        that language whoever clicks)."""
        return self.bot.languages.public(lobby.guild_id)

    async def on_button(self, interaction: discord.Interaction[Any], ref: LobbyRef) -> None:
        """A lobby button: load the lobby under its lock and apply the verb."""
        async with self._locks.setdefault(ref.lobby_id, asyncio.Lock()):
            try:
                lobby = await self._load_open(ref.lobby_id)
                await self._verbs[ref.verb](interaction, lobby)
            except Refused as refusal:
                await refuse(interaction, refusal)

    async def _load_open(self, lobby_id: int) -> Lobby:
        try:
            lobby = await self.bot.store.load_lobby(lobby_id)
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
        await self._update(interaction, replace(lobby, members=members))

    def _adding_ai(self, level: Level) -> Verb:
        """The verb of an Add AI button: the host seats a computer of that level."""

        async def add(interaction: discord.Interaction[Any], lobby: Lobby) -> None:
            self._host_only(interaction, lobby, "refuse-lobby-host-adds-ai")
            spec = get_game(lobby.game)
            if len(lobby.members) >= spec.max_players:
                raise Refused("refuse-lobby-full", seats=spec.max_players)
            ais = sum(is_computer(m) for m in lobby.members)
            member = computer_id(level, ais + 1)
            if level is Level.HARD:
                self.bot.thinker.warm()  # its workers start while the lobby fills
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
        await self.bot.matches.check_member_limits(lobby)
        await self._launch(interaction, lobby)

    async def _accept(self, interaction: discord.Interaction[Any], lobby: Lobby) -> None:
        """An invited member accepts; the match starts once every invited member has."""
        user = str(interaction.user.id)
        if user not in invited(lobby):
            raise Refused("refuse-challenge-not-invited")
        accepted = sorted({*accepted_of(lobby), user})
        lobby = replace(lobby, options={**lobby.options, "accepted": accepted})
        if set(invited(lobby)) <= set(accepted):
            await self.bot.matches.check_member_limits(lobby)
            await self._launch(interaction, lobby)
            return
        await self._update(interaction, lobby)

    async def rematch(self, interaction: discord.Interaction[Any], match_id: int) -> None:
        """Offer the same game to the same players; it starts once all of them accept."""
        stored = await self.bot.store.load(match_id)
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
                **({"clock": clock} if (clock := self.bot.clocks.mode_of(match_id)) else {}),
            },
            host_id=user,
            members=tuple(p.id for p in record.players),
            expires_at=now_ms() + LOBBY_MS,
            guild_id=stored.guild_id,
            channel_id=str(interaction.channel_id),
        )
        await self.bot.matches.check_channel_free(str(interaction.channel_id), stored.guild_id)
        await self.bot.matches.check_bot_permissions(interaction)
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
        await self.bot.matches.check_channel_free(str(interaction.channel_id), lobby.guild_id)
        await self.bot.matches.check_bot_permissions(interaction)
        await interaction.response.defer()
        clock = lobby.options.get("clock")
        live = await self.bot.matches.start(
            interaction,
            lobby.game,
            players_of(lobby),
            dict(lobby.options.get("game", {})),
            clock if isinstance(clock, str) else None,
            rated=lobby.options.get("rated", True) is not False,
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
        await self.bot.store.save_lobby(lobby)
        words = self.words(lobby)
        text = lobby_text(lobby, await self._settings(lobby), words)
        await interaction.response.edit_message(content=text, view=lobby_view(lobby, words))

    async def _settings(self, lobby: Lobby) -> dict[str, Any]:
        """The server's settings (the clock a lobby without its own choice gets)."""
        if lobby.guild_id is None:
            return {}
        return await self.bot.store.get_guild_settings(lobby.guild_id)

    async def _finish(self, lobby: Lobby, status: str) -> None:
        await self.bot.store.save_lobby(replace(lobby, status=status))
        self._locks.pop(lobby.id or 0, None)
        timer = self._timers.pop(lobby.id or 0, None)
        if timer is not None and timer is not asyncio.current_task():
            timer.cancel()

    def _arm(self, lobby: Lobby) -> None:
        assert lobby.id is not None
        task = asyncio.create_task(self._expire(lobby), name=f"tablero-timer-lobby-{lobby.id}")
        self._timers[lobby.id] = task

    async def _expire(self, lobby: Lobby) -> None:
        assert lobby.id is not None
        await asyncio.sleep(max(0, lobby.expires_at - now_ms()) / 1000)
        async with self._locks.setdefault(lobby.id, asyncio.Lock()):
            try:
                current = await self.bot.store.load_lobby(lobby.id)
                if current.status != "open":
                    return
                await self._finish(current, "expired")
                if current.message_id and current.channel_id:
                    text = closed_text(current, "expired", self.words(current))
                    await self.bot.publisher.edit(
                        current.channel_id, current.message_id, text, None
                    )
            except (StorageError, discord.HTTPException):
                log.exception("lobby %s could not be expired cleanly", lobby.id)

    def cancel_timers(self) -> None:
        """Stop the expiry timers (the lobbies stay open in the database)."""
        for task in self._timers.values():
            task.cancel()
        self._timers.clear()


def option_words(key: str, value: object, words: Words) -> str:
    """One game option as a lobby shows it: `Boss Variant`, `refuel: live` (the message
    `lobby-option-<key>-<value>`; an option no catalog names, as `key: value`)."""
    message = f"lobby-option-{key.replace('_', '-')}-{value}"
    return words(message) if words.has(message) else f"{key.replace('_', ' ')}: {value}"


def rated_words(lobby: Lobby, words: Words) -> str:
    """Whether the match will count for the ratings (a computer seat makes it unrated)."""
    if lobby.options.get("rated", True) is False:
        return words("lobby-casual")
    if any(is_computer(m) for m in lobby.members):
        return words("lobby-unrated-computer")
    return words("lobby-rated")


def terms_line(lobby: Lobby, settings: dict[str, Any], words: Words) -> str:
    """What the match will be: the game's options, the clock and whether it is rated
    (`Boss Variant · refuel: live · clock: async (24 h per turn) · rated`)."""
    options = lobby.options.get("game", {})
    parts = (
        [option_words(k, v, words) for k, v in options.items()] if isinstance(options, dict) else []
    )
    clock = lobby.options.get("clock")
    mode = clock if isinstance(clock, str) else None
    parts.append(words("lobby-clock", clock=clock_words(settings, mode, words)))
    parts.append(rated_words(lobby, words))
    return " · ".join(parts)


def host_name(lobby: Lobby) -> str:
    """The host as a sentence names them: their escaped, isolated name (their mention if the
    lobby lost it)."""
    name = names_of(lobby).get(lobby.host_id)
    return isolate(shown(name)) if name is not None else f"<@{lobby.host_id}>"


def lobby_text(lobby: Lobby, settings: dict[str, Any], words: Words) -> str:
    """The lobby or challenge message: what the match will be, who is in and what is awaited.
    Names are escaped (never markdown or a mention); `settings` are the server's (the clock a
    lobby without its own choice gets)."""
    spec = get_game(lobby.game)
    terms = terms_line(lobby, settings, words)
    closes = f"<t:{lobby.expires_at // 1000}:R>"
    if "rematch_of" in lobby.options:
        seats = words.join([isolate(shown(p.name)) for p in players_of(lobby)])
        waiting = words.join([f"<@{m}>" for m in invited(lobby) if m not in accepted_of(lobby)])
        return words(
            "lobby-rematch",
            game=game_title(spec.name, words),
            match=int(lobby.options["rematch_of"]),
            terms=terms,
            players=seats,
            waiting=waiting,
            closes=closes,
        )
    if lobby.kind == "challenge":
        challenger, challenged = lobby.members[0], lobby.members[-1]
        return words(
            "lobby-challenge",
            game=game_title(spec.name, words),
            terms=terms,
            challenged=f"<@{challenged}>",
            challenger=f"<@{challenger}>",
            closes=closes,
        )
    seats = "\n".join(
        words(
            "lobby-seat-host" if p.id == lobby.host_id else "lobby-seat",
            place=i,
            name=isolate(shown(shown_name(p, words))),
        )
        for i, p in enumerate(players_of(lobby), 1)
    )
    return words(
        "lobby-open",
        game=game_title(spec.name, words),
        terms=terms,
        host=host_name(lobby),
        min=spec.min_players,
        max=spec.max_players,
        closes=closes,
        seats=seats,
    )


def lobby_view(lobby: Lobby, words: Words) -> discord.ui.View:
    """The lobby's or challenge's buttons."""
    assert lobby.id is not None
    ref = lobby.id
    if lobby.kind == "challenge":
        return view_of(
            lobby_button(
                LobbyRef(ref, "accept"),
                words("challenge-accept-label"),
                style=discord.ButtonStyle.success,
            ),
            lobby_button(
                LobbyRef(ref, "decline"),
                words("challenge-decline-label"),
                style=discord.ButtonStyle.danger,
            ),
            HowToPlayButton.make(lobby.game, words),
        )
    spec = get_game(lobby.game)
    full = len(lobby.members) >= spec.max_players
    ready = len(lobby.members) >= spec.min_players
    join = discord.ButtonStyle.primary
    return view_of(
        lobby_button(LobbyRef(ref, "join"), words("lobby-join-label"), style=join, disabled=full),
        lobby_button(LobbyRef(ref, "leave"), words("lobby-leave-label")),
        lobby_button(
            LobbyRef(ref, "start"),
            words("lobby-start-label"),
            style=discord.ButtonStyle.success,
            disabled=not ready,
        ),
        lobby_button(
            LobbyRef(ref, "close"), words("lobby-close-label"), style=discord.ButtonStyle.danger
        ),
        HowToPlayButton.make(lobby.game, words),
        *(
            lobby_button(LobbyRef(ref, verb), words(label), emoji="🤖", disabled=full)
            for verb, label in _ADD_AI
        ),
    )


_ADD_AI: Final = (
    ("easyai", "lobby-add-ai-easy-label"),
    ("ai", "lobby-add-ai-label"),
    ("hardai", "lobby-add-ai-hard-label"),
)
"""The Add AI buttons, one per level, on the lobby's second row."""


def closed_text(lobby: Lobby, status: str, words: Words) -> str:
    """What a lobby message says once it no longer takes clicks (`status`: cancelled, declined
    or expired)."""
    title = game_title(lobby.game, words)
    return words("lobby-closed", kind=lobby.kind, status=status, game=title)


def started_text(lobby: Lobby, match_id: int, in_thread: bool, words: Words) -> str:
    """The lobby message once its match began."""
    names = words.join([isolate(shown(shown_name(p, words))) for p in players_of(lobby)])
    key = "lobby-started-in-thread" if in_thread else "lobby-started-below"
    return words(key, game=game_title(lobby.game, words), match=match_id, players=names)


def invited(lobby: Lobby) -> list[str]:
    """The members a challenge or rematch waits for (everyone human but its host)."""
    if lobby.kind != "challenge":
        return []
    return [m for m in lobby.members if m != lobby.host_id and not is_computer(m)]


def accepted_of(lobby: Lobby) -> list[str]:
    """Who accepted so far (the host always has)."""
    accepted = lobby.options.get("accepted", [])
    return [str(m) for m in accepted] if isinstance(accepted, list) else []


def _named(lobby: Lobby, names: dict[str, str]) -> dict[str, Any]:
    return {**lobby.options, "names": names}

"""What a lobby or challenge says: what the match will be, who is in, who plays first, what is
awaited, and its buttons (Join, Leave, Start, Close, Add AI, the select of who plays first;
Accept, Decline), in its server's language."""

from __future__ import annotations

from typing import Any, Final

import discord

from bot.core.computer import ai_player, is_computer, level_of, shown_name
from bot.core.fairness import secret_of
from bot.core.settings import ClockMode, GuildSettings
from bot.ui.components import view_of
from bot.ui.hours import lobby_hours, lobby_policy
from bot.ui.ids import LobbyRef
from bot.ui.items import lobby_button, lobby_select
from bot.ui.names import shown
from bot.ui.rules_pages import HowToPlayButton
from bot.ui.titles import game_title
from games.fairness import SHOWN_HEX
from games.records import Player
from games.registry import get_game
from storage import Lobby
from words import Words, isolate


def place_of(interaction: discord.Interaction[Any]) -> tuple[str | None, str]:
    """The guild (None in a DM) and channel a command was used in."""
    guild = None if interaction.guild_id is None else str(interaction.guild_id)
    return guild, str(interaction.channel_id)


LOBBY_MS: Final = 15 * 60 * 1000
"""How long a lobby or challenge waits before it expires."""

FIRST: Final = "first"
"""A lobby whose game lets the table choose who plays first has this option, the id of the
member the host chose (the host until they choose another); the match gets the game option of
the same name, that member's seat. A game's command offers the choice by opening its lobby with
it (Keer op Keer Kids' house rule: the book's "whoever was at a zoo most recently" is the
table's to say)."""


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


def first_seat(lobby: Lobby) -> int | None:
    """The seat that will play first, where the lobby says: the member the host chose (the host
    again once that member left), or the one a rematch's match had (its game option); None: the
    lobby doesn't choose (the game's own rule)."""
    members = list(lobby.members)
    if FIRST in lobby.options:
        chosen = lobby.options[FIRST]
        return members.index(chosen) if chosen in members else 0  # the host's seat
    game = lobby.options.get("game")
    seat = game.get(FIRST) if isinstance(game, dict) else None
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(members):
        return seat
    return None


def game_options(lobby: Lobby) -> dict[str, Any]:
    """The options the lobby's match is created with: the game's, and the seat that plays first
    where the host chose it in the lobby."""
    options = lobby.options.get("game", {})
    chosen = dict(options) if isinstance(options, dict) else {}
    if FIRST in lobby.options:
        chosen[FIRST] = first_seat(lobby)
    return chosen


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


def lobby_clock(lobby: Lobby) -> ClockMode | None:
    """The clock a lobby chose for its match (None: the server's default; a damaged value
    chooses none)."""
    clock = lobby.options.get("clock")
    try:
        return None if clock is None else ClockMode(clock)
    except ValueError:
        return None


def clock_words(settings: GuildSettings, mode: ClockMode | None, words: Words) -> str:
    """How a lobby names the clock its match gets (the server's default when `mode` is None):
    `live (5 min per turn)`, `async (24 h per turn)`."""
    if (mode or settings.clock) is ClockMode.ASYNC:
        return words("clock-async-per-turn", hours=settings.async_hours)
    return words("clock-live-per-turn", minutes=settings.live_minutes)


def terms_line(lobby: Lobby, settings: GuildSettings, words: Words) -> str:
    """What the match will be: the game's options, the clock (and its playing hours) and
    whether it is rated (`Boss Variant · refuel: live · clock: async (24 h per turn) · hours:
    18:00–22:00 Europe/Madrid · rated`)."""
    options = lobby.options.get("game", {})
    parts = (
        [option_words(k, v, words) for k, v in options.items() if k != FIRST]
        if isinstance(options, dict)
        else []
    )
    seat = first_seat(lobby)
    if seat is not None:
        first = players_of(lobby)[seat]
        parts.append(words("lobby-first", name=isolate(shown(shown_name(first, words)))))
    parts.append(words("lobby-clock", clock=clock_words(settings, lobby_clock(lobby), words)))
    hours = lobby_hours(lobby)
    if hours is not None:
        parts.append(words("lobby-hours", hours=hours.label))
    if (lobby_clock(lobby) or settings.clock) is ClockMode.ASYNC:
        parts.append(words(f"lobby-away-{lobby_policy(lobby).value}"))
    parts.append(rated_words(lobby, words))
    return " · ".join(parts)


def host_name(lobby: Lobby) -> str:
    """The host as a sentence names them: their escaped, isolated name (their mention if the
    lobby lost it)."""
    name = names_of(lobby).get(lobby.host_id)
    return isolate(shown(name)) if name is not None else f"<@{lobby.host_id}>"


def lobby_text(lobby: Lobby, settings: GuildSettings, words: Words) -> str:
    """The lobby or challenge message: what the match will be, who is in and what is awaited,
    and the commitment its dice will answer to. Names are escaped (never markdown or a
    mention); `settings` are the server's (the clock a lobby without its own choice gets)."""
    return _with_commitment(_lobby_body(lobby, settings, words), lobby, words)


def _with_commitment(text: str, lobby: Lobby, words: Words) -> str:
    """A lobby's text with the commitment line (public before any die: docs/fairness.md)."""
    secret = secret_of(lobby.options)
    if secret is None:
        return text
    return text + "\n" + words("fair-commitment", commitment=secret.commitment[:SHOWN_HEX])


def _lobby_body(lobby: Lobby, settings: GuildSettings, words: Words) -> str:
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
    first = _first_select(lobby, words)
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
        *([first] if first is not None else []),
    )


def _first_select(lobby: Lobby, words: Words) -> discord.ui.Item[Any] | None:
    """The select of who plays first, on its own row below the buttons: every seat, the current
    choice marked; None where the lobby doesn't choose, or nobody but the host has joined."""
    if FIRST not in lobby.options or len(lobby.members) < 2:
        return None
    assert lobby.id is not None
    seat = first_seat(lobby)
    options = [
        discord.SelectOption(
            label=words("lobby-seat", place=place, name=shown_name(player, words))[:100],
            value=player.id,
            default=place - 1 == seat,
        )
        for place, player in enumerate(players_of(lobby), 1)
    ]
    return lobby_select(LobbyRef(lobby.id, FIRST), options, words("lobby-first-placeholder"))


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
    said = words(key, game=game_title(lobby.game, words), match=match_id, players=names)
    return _with_commitment(said, lobby, words)


def invited(lobby: Lobby) -> list[str]:
    """The members a challenge or rematch waits for (everyone human but its host)."""
    if lobby.kind != "challenge":
        return []
    return [m for m in lobby.members if m != lobby.host_id and not is_computer(m)]


def accepted_of(lobby: Lobby) -> list[str]:
    """Who accepted so far (the host always has)."""
    accepted = lobby.options.get("accepted", [])
    return [str(m) for m in accepted] if isinstance(accepted, list) else []

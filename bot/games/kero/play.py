"""Kero's clicks: actions carried in custom_ids (a trailing @ is stamped with the click's time),
the dice toggles of the tanker window, the secret Tuareks, and a clan's public camp."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord

from bot.core.live import LiveMatch
from bot.core.refusals import DAMAGED_CHOICE, OUT_OF_DATE, Refused, parsed
from bot.delivery.messenger import MESSAGE_LIMIT
from bot.games.adapter import ButtonHandler, GameClicks, SelectHandler
from bot.games.kero import ui, views
from bot.games.kero.camp import camp_text
from bot.games.kero.rules import kero_state
from bot.ui.clicks import interaction_ms
from bot.ui.ids import SECRET, MatchRef, Verb
from bot.ui.items import select_values
from bot.ui.languages import member_words
from games.common.protocol import Seat
from games.kero import NAME
from games.kero.actions import Action as KeroAction
from games.kero.board import Phase
from games.registry import get_game

KERO = get_game(NAME)
"""Kero's engine: it reads the action a custom_id or a select carries."""


async def act_button(
    clicks: GameClicks, interaction: discord.Interaction[Any], ref: MatchRef
) -> None:
    """A Kero button: its custom_id holds the action."""
    await _act(clicks, interaction, ref, ref.arg or "")


async def act_select(
    clicks: GameClicks, interaction: discord.Interaction[Any], ref: MatchRef, values: list[str]
) -> None:
    """A card, a territory, a Tuarek or a tie chosen in a select: only a value the bot offers
    on that select now (a modified client may send any text)."""
    if len(values) != 1:
        raise Refused(DAMAGED_CHOICE)
    live, seat = await clicks.player(interaction, ref)
    if values[0] not in _offered(live, seat, ref):
        raise Refused(OUT_OF_DATE)
    await _act(clicks, interaction, ref, values[0])


def _offered(live: LiveMatch, seat: Seat, ref: MatchRef) -> set[str]:
    """What the select the click names offers this member now: their own Tuarek select, or
    one of the match card's."""
    if ref.arg == SECRET:
        view = views.tuarek_message(live, seat, live.words)[1]
    else:
        view = views.step_view(live)
    return select_values(view, ref.select_id())


async def _act(
    clicks: GameClicks, interaction: discord.Interaction[Any], ref: MatchRef, text: str
) -> None:
    move = parsed(KERO, ui.stamped(text, interaction_ms(interaction)))
    message = interaction.message
    if message is not None and message.flags.ephemeral:
        played = await clicks.act(interaction, ref, move)
        done = played.actions[0][1]
        assert isinstance(done, KeroAction)
        label = ui.describe(member_words(interaction), kero_state(played.before), done)
        answer = interaction.response.edit_message(content=f"✅ {label}", view=None)
        await clicks.deliver(interaction, played, answer)
    else:
        await clicks.act_public(interaction, ref, move)


async def toggle(clicks: GameClicks, interaction: discord.Interaction[Any], ref: MatchRef) -> None:
    """Mark or unmark a die for the next re-roll: only the message changes."""
    live, seat = await clicks.player(interaction, ref)
    state = kero_state(live.state)
    if state.phase is not Phase.ROLLING or seat != state.active:
        raise Refused("kero-refuse-only-roller")
    marks = ref.number(0)
    await clicks.show_step(interaction, live, views.rolling_view(live, marks))


async def tuareks(clicks: GameClicks, interaction: discord.Interaction[Any], ref: MatchRef) -> None:
    """The member's own Tuareks and tiles, and what they may play now, only for them."""
    live, seat = await clicks.player(interaction, ref, check_version=False)
    content, view = views.tuarek_message(live, seat, member_words(interaction))
    extra: dict[str, Any] = {"view": view} if view is not None else {}
    await interaction.response.send_message(clicks.dressed(live, content), ephemeral=True, **extra)


async def look(clicks: GameClicks, interaction: discord.Interaction[Any], ref: MatchRef) -> None:
    """👁 beside a clan's line: its camp as anyone may see it, at the card's turn, in words."""
    live, seat = await clicks.looked_at(interaction, ref)
    text = clicks.dressed(live, camp_text(live, seat))
    await interaction.response.send_message(text[:MESSAGE_LIMIT], ephemeral=True)


BUTTONS: Mapping[str, ButtonHandler] = {
    Verb.ACT: act_button,
    Verb.TOGGLE: toggle,
    Verb.CAMP: tuareks,
    Verb.LOOK: look,
}
SELECTS: Mapping[str, SelectHandler] = {Verb.ACT: act_select}

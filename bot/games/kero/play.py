"""Kero's clicks: actions carried in custom_ids (a trailing @ is stamped with the click's time),
the dice toggles of the tanker window, the secret Tuareks, and the tanker credit after a throw."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.core.clock_sync import interaction_ms
from bot.core.refusals import DAMAGED_CHOICE, Refused
from bot.games.adapter import ButtonHandler, SelectHandler
from bot.games.kero import ui
from bot.ui.ids import MatchRef
from bot.ui.languages import member_words
from games.common.protocol import Action, GameState, Seat
from games.kero.actions import Action as KeroAction
from games.kero.actions import Credit, Faces
from games.kero.board import Phase
from games.kero.rules.rolling import MAX_CREDIT_MS

if TYPE_CHECKING:
    from bot.core.service import LiveMatch
    from bot.ui.router import Play


async def act_button(play: Play, interaction: discord.Interaction[Any], ref: MatchRef) -> None:
    """A Kero button: its custom_id holds the action."""
    await _act(play, interaction, ref, ref.arg or "")


async def act_select(
    play: Play, interaction: discord.Interaction[Any], ref: MatchRef, values: list[str]
) -> None:
    """A card, a territory, a Tuarek or a tie chosen in a select."""
    if len(values) != 1 or values[0] == "roll":
        raise Refused(DAMAGED_CHOICE)
    await _act(play, interaction, ref, values[0])


async def _act(play: Play, interaction: discord.Interaction[Any], ref: MatchRef, text: str) -> None:
    clicked = interaction_ms(interaction)
    action = ui.stamped(text, clicked)
    message = interaction.message
    if message is not None and message.flags.ephemeral:
        played = await play.act(interaction, ref, action)
        done = played.actions[0][1]
        assert isinstance(done, KeroAction)
        label = ui.describe(member_words(interaction), ui.kero_state(played.before), done)
        answer = interaction.response.edit_message(content=f"✅ {label}", view=None)
        await play.bot.publisher.answer_then_deliver(interaction, played, answer)
    else:
        await play.act_public(interaction, ref, action)


def credit(
    live: LiveMatch,
    state: GameState,
    applied: Sequence[tuple[Seat, Action]],
    clicked_ms: int,
    now_ms: int,
) -> Sequence[tuple[Seat, Action]]:
    """Give back the time between a click that threw dice and the bot storing them (the
    gateway's delay and the bot's processing): the player never pays for it. Stored with the
    click, so a re-roll costs one append."""
    kero = ui.kero_state(state)
    threw = any(isinstance(action, Faces) for _, action in applied)
    if not threw or kero.phase is not Phase.ROLLING or live.is_ai(kero.active):
        return ()
    given = max(0, min(MAX_CREDIT_MS, now_ms - clicked_ms))
    return ((kero.active, Credit(given)),) if given else ()


def shown_late(live: LiveMatch, late_ms: int) -> tuple[Seat, Action] | None:
    """Dice Discord showed late (the throw's answer was lost and the message edited instead):
    the wait is given back to the tank like the bot's own delay, up to the same cap."""
    kero = ui.kero_state(live.state)
    if kero.phase is not Phase.ROLLING or kero.turn.window is None or live.is_ai(kero.active):
        return None
    given = min(MAX_CREDIT_MS, late_ms)
    return (kero.active, Credit(given)) if given > 0 else None


async def toggle(play: Play, interaction: discord.Interaction[Any], ref: MatchRef) -> None:
    """Mark or unmark a die for the next re-roll: only the message changes."""
    live, seat = await play.player(interaction, ref)
    state = ui.kero_state(live.state)
    if state.phase is not Phase.ROLLING or seat != state.active:
        raise Refused("kero-refuse-only-roller")
    marks = ref.number(0)
    await interaction.response.edit_message(view=ui.rolling_view(live, marks))


async def tuareks(play: Play, interaction: discord.Interaction[Any], ref: MatchRef) -> None:
    """The member's own Tuareks and tiles, and what they may play now, only for them."""
    live, seat = await play.player(interaction, ref, check_version=False)
    content, view = ui.tuarek_message(live, seat, member_words(interaction))
    extra: dict[str, Any] = {"view": view} if view is not None else {}
    await interaction.response.send_message(content, ephemeral=True, **extra)


BUTTONS: Mapping[str, ButtonHandler] = {"act": act_button, "tog": toggle, "camp": tuareks}
SELECTS: Mapping[str, SelectHandler] = {"act": act_select}

"""Clicks on match messages: answer within Discord's 3 seconds, then post what changed.

Every handler stores the action first (the service), answers the interaction at once (an edit
of the clicked message or a short ephemeral), and leaves images and other messages to
`Publisher`, which runs after the answer and off the event loop.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

from bot.clock import interaction_ms
from bot.components import match_button, refuse, view_of
from bot.games.keer_kids import ui as keer_ui
from bot.games.kero import ui as kero_ui
from bot.ids import MatchRef
from bot.service import OUT_OF_DATE, LiveMatch, Played, Refused
from games.keer_kids import Miss, Skip
from games.kero import actions as kero_actions
from games.kero.board import Phase as KeroPhase
from games.kero.rules.rolling import MAX_CREDIT_MS
from render.keer_kids import sheet_png

if TYPE_CHECKING:
    from bot.app import TableroBot

log = logging.getLogger(__name__)

DAMAGED_CHOICE = "That choice is damaged; nothing was changed."
Handler = Callable[[discord.Interaction[Any], MatchRef], Awaitable[None]]


class Play:
    """The match components' handlers."""

    def __init__(self, bot: TableroBot) -> None:
        self.bot = bot
        self._buttons: dict[str, Handler] = {
            "roll": self._act_here,
            "keep": self._act_here,
            "die": self._die,
            "sheet": self._sheet,
            "agree": self._vote,
            "refuse": self._vote,
            "act": self._kero_act,
            "tog": self._toggle,
            "camp": self._tuareks,
            "rematch": self._rematch,
            "skipturn": self._absent,
            "expel": self._absent,
        }

    async def on_button(self, interaction: discord.Interaction[Any], ref: MatchRef) -> None:
        """A button of a match message."""
        handler = self._buttons.get(ref.verb)
        try:
            if handler is None:
                raise Refused("That button does nothing here.")
            await handler(interaction, ref)
        except Refused as refusal:
            await refuse(interaction, str(refusal))

    async def on_select(
        self, interaction: discord.Interaction[Any], ref: MatchRef, values: list[str]
    ) -> None:
        """A choice in a select: a Keer enclosure, or a Kero action (card, territory, Tuarek)."""
        if ref.verb == "act":
            try:
                if len(values) != 1 or values[0] == "roll":
                    raise Refused(DAMAGED_CHOICE)
                await self._kero(interaction, ref, values[0])
            except Refused as refusal:
                await refuse(interaction, str(refusal))
            return
        try:
            text = _picked_action(ref, values)
            played = await self._act(interaction, ref, text)
            action = played.entries[0].action
            state = keer_ui.keer_state(played.match.state)
            parsed = played.match.spec.parse_action(action)
            await interaction.response.edit_message(
                content=keer_ui.picked_text(state, parsed), view=None
            )
        except Refused as refusal:
            await refuse(interaction, str(refusal))
            return
        self.bot.publisher.after(played, on_public_message=False)

    async def _act(self, interaction: discord.Interaction[Any], ref: MatchRef, text: str) -> Played:
        played = await self.bot.service.act(
            ref.match_id,
            str(interaction.user.id),
            ref.version,
            text,
            interaction=str(interaction.id),
            at=interaction_ms(interaction),
        )
        self.bot.clocks.member_acted(played.match)
        return played

    async def _act_here(self, interaction: discord.Interaction[Any], ref: MatchRef) -> None:
        """Keer's Roll or keep: the clicked public message itself shows the result."""
        text = "roll" if ref.verb == "roll" else f"keep:{ref.arg}"
        await self._act_public(interaction, ref, text)

    async def _act_public(
        self, interaction: discord.Interaction[Any], ref: MatchRef, text: str
    ) -> Played:
        """Apply the action, then show the match's new step on the clicked message (or, when
        play moved on to a new message, what the old one now sums up)."""
        played = await self._act(interaction, ref, text)
        live, ui = played.match, played.match.adapter.ui
        old_key = ui.message_key(played.before)
        if played.finished or ui.message_key(live.state) != old_key:
            await interaction.response.edit_message(
                content=ui.step_summary(live, old_key), view=None
            )
        else:
            await interaction.response.edit_message(
                content=ui.step_content(live), view=ui.step_view(live)
            )
        self.bot.publisher.after(played, on_public_message=True)
        return played

    async def _kero_act(self, interaction: discord.Interaction[Any], ref: MatchRef) -> None:
        """A Kero button: its custom_id holds the action (a trailing @ is the click's time)."""
        await self._kero(interaction, ref, ref.arg or "")

    async def _kero(self, interaction: discord.Interaction[Any], ref: MatchRef, text: str) -> None:
        clicked = interaction_ms(interaction)
        action = kero_ui.stamped(text, clicked)
        message = interaction.message
        if message is not None and message.flags.ephemeral:
            played = await self._act(interaction, ref, action)
            done = kero_actions.parse_action(played.entries[0].action)
            label = kero_ui.describe(kero_ui.kero_state(played.before), done)
            await interaction.response.edit_message(content=f"✅ {label}", view=None)
            self.bot.publisher.after(played, on_public_message=False)
        else:
            played = await self._act_public(interaction, ref, action)
        await self._credit(played, clicked)

    async def _credit(self, played: Played, clicked_ms: int) -> None:
        """Give back the time between a click that threw dice and the new dice reaching
        Discord (the bot's processing and the gateway's delay): the player never pays for it."""
        if not any(entry.action.startswith("faces:") for entry in played.entries):
            return
        live = played.match
        state = kero_ui.kero_state(live.state)
        if state.phase is not KeroPhase.ROLLING or live.is_ai(state.active):
            return
        spent = self.bot.clock.now_ms() - clicked_ms
        credit = max(0, min(MAX_CREDIT_MS, spent))
        if credit:
            credited = await self.bot.service.system(live.id, state.active, f"credit:{credit}")
            if credited is not None:
                self.bot.timers.rearm(live)

    async def _absent(self, interaction: discord.Interaction[Any], ref: MatchRef) -> None:
        """Another member skips the turn of, or expels, a player whose clock ran out."""
        live, seat = await self._player(interaction, ref, check_version=False)
        absent = int(ref.arg or "-1")
        clock = self.bot.clocks.clocks.get(live.id)
        if absent == seat:
            raise Refused("That's you — just play your move.")
        if clock is None or not clock.expired or absent not in clock.waiting:
            raise Refused("Their clock hasn't run out (or they already moved).")
        if not live.waits_for(absent) and ref.verb == "skipturn":
            raise Refused("They already moved.")
        if ref.verb == "skipturn":
            await self.bot.matches.skip_turn(interaction, live, absent)
        else:
            await self.bot.matches.expel(interaction, live, absent)

    async def _rematch(self, interaction: discord.Interaction[Any], ref: MatchRef) -> None:
        """Offer the finished match again to its players."""
        await self.bot.lobbies.rematch(interaction, ref.match_id)

    async def _toggle(self, interaction: discord.Interaction[Any], ref: MatchRef) -> None:
        """Mark or unmark a die for the next re-roll: only the message changes."""
        live, seat = await self._player(interaction, ref)
        state = kero_ui.kero_state(live.state)
        if state.phase is not KeroPhase.ROLLING or seat != state.active:
            raise Refused("Only the rolling player marks dice.")
        marks = int((ref.arg or "0").split(":")[0])
        await interaction.response.edit_message(view=kero_ui.rolling_view(live, marks))

    async def _tuareks(self, interaction: discord.Interaction[Any], ref: MatchRef) -> None:
        """The member's own Tuareks and tiles, and what they may play now, only for them."""
        live, seat = await self._player(interaction, ref, check_version=False)
        content, view = kero_ui.tuarek_message(live, seat)
        extra: dict[str, Any] = {"view": view} if view is not None else {}
        await interaction.response.send_message(content, ephemeral=True, **extra)

    async def _die(self, interaction: discord.Interaction[Any], ref: MatchRef) -> None:
        """A die on the roll's message: show this player where it can go."""
        live, seat = await self._player(interaction, ref)
        state = keer_ui.keer_state(live.state)
        die = int(ref.arg or "0")
        if seat not in state.seats_to_act():
            if state.choices[seat] == Miss():
                raise Refused("Your turn clock ran out: you skip this roll.")
            if state.choices[seat] == Skip():
                raise Refused("Nothing fits your sheet this roll — you skip it.")
            raise Refused("You already picked for this roll.")
        if die not in state.allowed_dice(seat):
            raise Refused(_wrong_die(live, seat))
        content, view = keer_ui.pick_message(live, seat, die)
        await interaction.response.send_message(
            content, view=view or discord.utils.MISSING, ephemeral=True
        )

    async def _sheet(self, interaction: discord.Interaction[Any], ref: MatchRef) -> None:
        """The player's own sheet, larger, only for them."""
        live, seat = await self._player(interaction, ref, check_version=False)
        await interaction.response.defer(ephemeral=True, thinking=True)
        state, name = live.state, live.names[seat]
        png = await self.bot.publisher.render(sheet_png, state, seat, scale=1.5, name=name)
        await interaction.followup.send(
            keer_ui.text_board(live).splitlines()[seat],
            file=discord.File(io.BytesIO(png), filename="sheet.png"),
            ephemeral=True,
        )

    async def _vote(self, interaction: discord.Interaction[Any], ref: MatchRef) -> None:
        """A player's answer to a request to cancel the match."""
        live, _ = await self._player(interaction, ref, check_version=False)
        user = str(interaction.user.id)
        if ref.verb == "refuse":
            live.cancel_votes.clear()
            await interaction.response.edit_message(
                content=f"<@{user}> wants to keep playing; match #{live.id} goes on.", view=None
            )
            return
        missing = live.vote_cancel(user)
        if missing:
            names = ", ".join(p.name for p in missing)
            await interaction.response.edit_message(
                content=f"Cancel match #{live.id}? Waiting for: {names}.",
                view=cancel_vote_view(live),
            )
            return
        await self.bot.service.cancel(live.id)
        await interaction.response.edit_message(
            content=f"Match #{live.id} was cancelled: every player agreed.", view=None
        )
        self.bot.publisher.closed(live)

    async def _player(
        self, interaction: discord.Interaction[Any], ref: MatchRef, *, check_version: bool = True
    ) -> tuple[LiveMatch, int]:
        live = await self.bot.service.get(ref.match_id)
        seat = self.bot.service.seat_for(live, str(interaction.user.id))
        state = live.state
        if check_version and not live.pace.step_version(state) <= ref.version <= state.version:
            raise Refused(OUT_OF_DATE)
        return live, seat


def cancel_vote_view(live: LiveMatch) -> discord.ui.View:
    """Agree / Keep playing buttons for a cancel request."""
    version = live.state.version
    return view_of(
        match_button(
            MatchRef(live.id, version, "agree"), "Cancel it", style=discord.ButtonStyle.danger
        ),
        match_button(MatchRef(live.id, version, "refuse"), "Keep playing"),
    )


def _picked_action(ref: MatchRef, values: list[str]) -> str:
    die = (ref.arg or "").split(":")[0]
    if ref.verb != "pick" or len(values) != 1:
        raise Refused("That choice is damaged; nothing was changed.")
    text = values[0]
    if not text.startswith((f"cross:{die}:", f"mark:{die}")):
        raise Refused("That choice is damaged; nothing was changed.")
    return text


def _wrong_die(live: LiveMatch, seat: int) -> str:
    state = keer_ui.keer_state(live.state)
    assert state.dice is not None and state.kept is not None
    if seat == state.roller:
        return f"You use the die you kept: {keer_ui.DIE_EMOJI[state.dice[state.kept]]}."
    left = tuple(d for d in range(len(state.dice)) if d != state.kept)
    return f"That die is {live.names[state.roller]}'s — pick {keer_ui.dice_text(state.dice, left)}."

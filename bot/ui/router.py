"""Clicks on match messages: answer within Discord's 3 seconds, then post what changed.

Every handler stores the action first (the service), answers the interaction at once (an edit
of the clicked message or a short ephemeral), and leaves images and other messages to
`Publisher`, which runs after the answer and off the event loop.
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.core.clock_sync import interaction_ms
from bot.core.refusals import DAMAGED_CHOICE, ELSEWHERE, NO_MATCH, OUT_OF_DATE, Refused
from bot.core.service import LiveMatch, Place, Played
from bot.games.adapter import ButtonHandler
from bot.ui.components import Components, match_button, refuse, view_of
from bot.ui.ids import BUTTON_PREFIX, SELECT_PREFIX, MalformedId, MatchRef, parse_match
from bot.ui.languages import member_words
from bot.ui.names import shown
from words import Words, isolate

if TYPE_CHECKING:
    from bot.app import TableroBot

log = logging.getLogger(__name__)

BOARD = "board"
"""The generic verb of the 📝 Text board button every match message carries."""
IMAGES_SETTING = "images"
"""A member's settings key: False when they chose text instead of images (`/settings me`)."""
MESSAGE_LIMIT = 2000
"""Discord's limit on a message's text."""


def read_by(live: LiveMatch, words: Words) -> LiveMatch:
    """The match as one member reads it in what only they see (`/match status`, `/match list`,
    📝 Text board): the same match, its game's words in their language instead of the
    server's."""
    return dataclasses.replace(live, language=lambda guild: words)


def clicked_at(interaction: discord.Interaction[Any]) -> Place:
    """Where a click was made: its guild (None in DMs) and its channel or thread."""
    guild, channel = interaction.guild_id, interaction.channel_id
    return (None if guild is None else str(guild), None if channel is None else str(channel))


class Play:
    """The match components' handlers: the generic ones here, the rest from each game's adapter."""

    def __init__(self, bot: TableroBot) -> None:
        self.bot = bot
        self._buttons: dict[str, ButtonHandler] = {
            "agree": Play._vote,
            "refuse": Play._vote,
            "rematch": Play._rematch,
            "skipturn": Play._absent,
            "expel": Play._absent,
            BOARD: Play._board,
        }

    async def on_button(self, interaction: discord.Interaction[Any], ref: MatchRef) -> None:
        """A button of a match message: generic, or one of the match's game."""
        try:
            handler = self._buttons.get(ref.verb)
            if ref.verb == "rematch":  # offered once the match is over
                await self.bot.service.check_clicked(ref.match_id, clicked_at(interaction))
            else:
                live = await self.match(interaction, ref)
                handler = handler or live.adapter.buttons.get(ref.verb)
            if handler is None:
                raise Refused("refuse-button-does-nothing")
            await handler(self, interaction, ref)
        except Refused as refusal:
            await refuse(interaction, refusal)

    async def on_select(
        self, interaction: discord.Interaction[Any], ref: MatchRef, values: list[str]
    ) -> None:
        """A choice in a select of the match's game."""
        try:
            live = await self.match(interaction, ref)
            handler = live.adapter.selects.get(ref.verb)
            if handler is None:
                raise Refused(DAMAGED_CHOICE)
            await handler(self, interaction, ref, values)
        except Refused as refusal:
            await refuse(interaction, refusal)

    async def match(self, interaction: discord.Interaction[Any], ref: MatchRef) -> LiveMatch:
        """The open match a click names; Refused when it is over or unknown, or when the click
        was not made where the match plays (its guild, and its channel or thread)."""
        return await self.bot.service.get(ref.match_id, clicked_at(interaction))

    async def not_on_message(self, interaction: discord.Interaction[Any], custom_id: str) -> str:
        """Why a click on a component its message does not carry is refused: the match it names
        no longer exists or plays in another channel, else the message is out of date."""
        for prefix in (BUTTON_PREFIX, SELECT_PREFIX):
            if custom_id.startswith(prefix):
                try:
                    ref = parse_match(custom_id.removeprefix(prefix))
                    await self.bot.service.check_clicked(ref.match_id, clicked_at(interaction))
                except MalformedId:
                    continue
                except Refused as refusal:
                    if refusal.key in (NO_MATCH, ELSEWHERE):
                        return refusal.key
        return OUT_OF_DATE

    async def act(self, interaction: discord.Interaction[Any], ref: MatchRef, text: str) -> Played:
        """Store a member's action (the service), noting that the member is here."""
        played = await self.bot.service.act(
            ref.match_id,
            str(interaction.user.id),
            ref.version,
            text,
            interaction=str(interaction.id),
            at=interaction_ms(interaction),
            clicked=clicked_at(interaction),
        )
        self.bot.clocks.member_acted(played.match)
        return played

    async def act_public(
        self, interaction: discord.Interaction[Any], ref: MatchRef, text: str
    ) -> Played:
        """Apply the action, then show the match's new step on the clicked message (or, when
        play moved on to a new message, what the old one now sums up)."""
        played = await self.act(interaction, ref, text)
        live, ui = played.match, played.match.adapter.ui
        if played.moved_on:
            answer = interaction.response.edit_message(
                content=ui.step_summary(live, played.step_key), view=None
            )
        else:
            answer = interaction.response.edit_message(
                content=ui.step_content(live), view=with_board_button(live, ui.step_view(live))
            )
        await self.bot.publisher.answer_then_deliver(
            interaction, played, answer, on_public_message=True
        )
        return played

    async def player(
        self, interaction: discord.Interaction[Any], ref: MatchRef, *, check_version: bool = True
    ) -> tuple[LiveMatch, int]:
        """The match and the clicking member's seat; Refused for outsiders and stale clicks."""
        live = await self.match(interaction, ref)
        seat = self.bot.service.seat_for(live, str(interaction.user.id))
        state = live.state
        if check_version and not live.pace.step_version(state) <= ref.version <= state.version:
            raise Refused(OUT_OF_DATE)
        return live, seat

    async def _absent(self, interaction: discord.Interaction[Any], ref: MatchRef) -> None:
        """Another member skips the turn of, or expels, a player whose clock ran out."""
        live, seat = await self.player(interaction, ref, check_version=False)
        absent = ref.number(-1)
        clock = self.bot.clocks.clocks.get(live.id)
        if absent == seat:
            raise Refused("refuse-absent-is-you")
        if clock is None or not clock.expired or absent not in clock.waiting:
            raise Refused("refuse-clock-still-running")
        if not live.waits_for(absent) and ref.verb == "skipturn":
            raise Refused("refuse-already-moved")
        if ref.verb == "skipturn":
            await self.bot.matches.skip_turn(interaction, live, absent)
        else:
            await self.bot.matches.expel(interaction, live, absent)

    async def wants_images(self, user_id: str) -> bool:
        """Whether the member takes images in what the bot shows only them (True unless they
        chose text with `/settings me images:off`)."""
        settings = await self.bot.store.get_user_settings(user_id)
        return settings.get(IMAGES_SETTING, True) is not False

    async def _board(self, interaction: discord.Interaction[Any], ref: MatchRef) -> None:
        """📝 Text board: where the match stands and its board as text, for anyone, privately
        (public messages stay the same for everyone)."""
        live = read_by(await self.match(interaction, ref), member_words(interaction))
        ui = live.adapter.ui
        text = f"{ui.step_content(live)}\n{ui.text_board(live)}"
        await interaction.response.send_message(text[:MESSAGE_LIMIT], ephemeral=True)

    async def _rematch(self, interaction: discord.Interaction[Any], ref: MatchRef) -> None:
        """Offer the finished match again to its players."""
        await self.bot.lobbies.rematch(interaction, ref.match_id)

    async def _vote(self, interaction: discord.Interaction[Any], ref: MatchRef) -> None:
        """A player's answer to a request to cancel the match."""
        live, _ = await self.player(interaction, ref, check_version=False)
        user = str(interaction.user.id)
        words = live.words  # the request is public: the server's language, whoever clicks
        if ref.verb == "refuse":
            live.cancel_votes.clear()
            await interaction.response.edit_message(
                content=words("match-cancel-kept", member=f"<@{user}>", match=live.id), view=None
            )
            return
        missing = live.vote_cancel(user)
        if missing:
            names = words.join([isolate(shown(p.name)) for p in missing])
            await interaction.response.edit_message(
                content=words("match-cancel-waiting", match=live.id, waiting=names),
                view=cancel_vote_view(live),
            )
            return
        await self.bot.service.cancel(live.id)
        self.bot.publisher.closed(live)
        await interaction.response.edit_message(
            content=words("match-cancelled-agreed", match=live.id), view=None
        )


def board_button(live: LiveMatch, *, row: int | None = None) -> discord.ui.Item[Any]:
    """📝 Text board: the match's board as text, shown to whoever clicks."""
    label = live.words("match-board-label")
    return match_button(MatchRef(live.id, live.state.version, BOARD), label, emoji="📝", row=row)


def with_board_button(live: LiveMatch, view: discord.ui.View | None) -> discord.ui.View:
    """A match message's buttons plus 📝 Text board, unless the game's view already has one or
    has no room left (five full rows)."""
    view = view or Components()
    for item in view.children:
        custom_id = str(getattr(item, "custom_id", "") or "")
        if custom_id.startswith(BUTTON_PREFIX) and _verb(custom_id) == BOARD:
            return view
    with contextlib.suppress(ValueError):
        view.add_item(board_button(live))
    return view


def _verb(custom_id: str) -> str | None:
    try:
        return parse_match(custom_id.removeprefix(BUTTON_PREFIX)).verb
    except MalformedId:
        return None


def cancel_vote_view(live: LiveMatch) -> discord.ui.View:
    """Agree / Keep playing buttons for a cancel request."""
    version, words = live.state.version, live.words
    return view_of(
        match_button(
            MatchRef(live.id, version, "agree"),
            words("match-cancel-yes-label"),
            style=discord.ButtonStyle.danger,
        ),
        match_button(MatchRef(live.id, version, "refuse"), words("match-cancel-no-label")),
    )

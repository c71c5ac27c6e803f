"""Clicks on match messages: answer within Discord's 3 seconds, then deliver what changed.

Every handler stores the action first (the service), answers the interaction at once (an edit
of the clicked message or a short ephemeral), and leaves images and other messages to the
after-step pipeline, which runs after the answer and off the event loop.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any, Protocol

import discord

from bot.core.live import LiveMatch, Played
from bot.core.refusals import DAMAGED_CHOICE, ELSEWHERE, NO_MATCH, OUT_OF_DATE, Refused
from bot.core.rules import Move
from bot.core.service import MatchService
from bot.core.settings import Settings
from bot.delivery.layouts import MatchLayouts
from bot.delivery.messenger import files_of
from bot.delivery.pictures import Pictures
from bot.delivery.publisher import Build, Publisher
from bot.delivery.steps import Steps
from bot.games import adapter_for
from bot.ui.absence import Absence
from bot.ui.clicks import clicked_at
from bot.ui.ids import BUTTON_PREFIX, SELECT_PREFIX, MalformedId, MatchRef, Verb, parse_match
from bot.ui.languages import member_words
from bot.ui.layouts import cancel_vote_view, read_by
from bot.ui.names import shown
from bot.ui.patience import Patience
from bot.ui.text_boards import show_board
from games.common.protocol import Seat
from words import isolate

log = logging.getLogger(__name__)


Clicked = Callable[[discord.Interaction[Any], MatchRef], Awaitable[None]]
"""A generic verb's handler."""


class Rematches(Protocol):
    """Offers a finished match again (bot/ui/lobbies.py)."""

    async def rematch(self, interaction: discord.Interaction[Any], match_id: int) -> None:
        """Offer the same game to the same players."""
        ...


class ClickRouter:
    """The match components' handlers: the generic ones here, the rest from each game's
    adapter. It is what a game's handlers call (`GameClicks`)."""

    def __init__(
        self,
        service: MatchService,
        steps: Steps,
        absence: Absence,
        rematches: Rematches,
        *,
        publisher: Publisher,
        layouts: MatchLayouts,
        settings: Settings,
        patience: Patience,
        now_ms: Callable[[], int],
    ) -> None:
        self._service = service
        self._patience = patience
        self._now_ms = now_ms
        self._steps = steps
        self._absence = absence
        self._rematches = rematches
        self._publisher = publisher
        self._layouts = layouts
        self._settings = settings
        self._buttons: dict[str, Clicked] = {
            Verb.AGREE: self._vote,
            Verb.REFUSE: self._vote,
            Verb.SKIP_TURN: self._absent,
            Verb.EXPEL: self._absent,
            Verb.MORE_TIME: self._more_time,
            Verb.BOARD: self._board,
        }

    async def on_button(self, interaction: discord.Interaction[Any], ref: MatchRef) -> None:
        """A button of a match message: generic, or one of the match's game."""
        if ref.verb == Verb.REMATCH:  # offered once the match is over
            await self._service.check_clicked(ref.match_id, clicked_at(interaction))
            await self._rematches.rematch(interaction, ref.match_id)
            return
        live = await self.match(interaction, ref)
        generic = self._buttons.get(ref.verb)
        if generic is not None:
            await generic(interaction, ref)
            return
        handler = adapter_for(live.spec.name).buttons.get(ref.verb)
        if handler is None:
            raise Refused("refuse-button-does-nothing")
        await handler(self, interaction, ref)

    async def on_select(
        self, interaction: discord.Interaction[Any], chosen: tuple[MatchRef, list[str]]
    ) -> None:
        """A choice in a select of the match's game."""
        ref, values = chosen
        live = await self.match(interaction, ref)
        handler = adapter_for(live.spec.name).selects.get(ref.verb)
        if handler is None:
            raise Refused(DAMAGED_CHOICE)
        await handler(self, interaction, ref, values)

    async def match(self, interaction: discord.Interaction[Any], ref: MatchRef) -> LiveMatch:
        """The open match a click names (read back from the store when the click's version is
        ahead of it); Refused when it is over or unknown, or when the click was not made where
        the match plays (its guild, and its channel or thread)."""
        return await self._service.get(ref.match_id, clicked_at(interaction), ref.version)

    async def not_on_message(self, interaction: discord.Interaction[Any], custom_id: str) -> str:
        """Why a click on a component its message does not carry is refused: the match it names
        no longer exists or plays in another channel, else the message is out of date."""
        for prefix in (BUTTON_PREFIX, SELECT_PREFIX):
            if custom_id.startswith(prefix):
                try:
                    ref = parse_match(custom_id.removeprefix(prefix))
                    await self._service.check_clicked(ref.match_id, clicked_at(interaction))
                except MalformedId:
                    continue
                except Refused as refusal:
                    if refusal.key in (NO_MATCH, ELSEWHERE):
                        return refusal.key
        return OUT_OF_DATE

    async def act(self, interaction: discord.Interaction[Any], ref: MatchRef, move: Move) -> Played:
        """Store a member's move (the service, answered in time whatever the database does),
        noting that the member is here."""
        played = await self._patience.act(interaction, ref, move)
        self._steps.acted(played.match)
        return played

    async def act_public(
        self, interaction: discord.Interaction[Any], ref: MatchRef, move: Move
    ) -> Played:
        """Apply the move, then show the match's new step on the clicked message (or, when
        play moved on to a new message, what the old one now sums up)."""
        played = await self.act(interaction, ref, move)
        live, layouts = played.match, self._layouts
        if played.moved_on and played.owed is not None:
            key = played.step_key
            past = live.at(played.owed.version, ending=key)  # the step the message sums up
            answer = await self._edit_clicked(
                interaction, past, partial(layouts.summary, past, key)
            )
        else:
            answer = await self._edit_clicked(interaction, live, partial(layouts.step, live))
        await self._steps.answered(interaction, played, answer, on_public_message=True)
        return played

    async def show_step(
        self, interaction: discord.Interaction[Any], live: LiveMatch, buttons: discord.ui.View
    ) -> None:
        """Answer a click by showing the match's current step with other buttons (nothing was
        stored: Kero's marked dice live in the buttons' custom_ids)."""
        build = partial(self._layouts.step, live, buttons=buttons)
        await (await self._edit_clicked(interaction, live, build))

    async def _edit_clicked(
        self, interaction: discord.Interaction[Any], live: LiveMatch, build: Build
    ) -> Awaitable[object]:
        """The answer that shows `build`'s card of the match on the clicked message, its images
        drawn first (not yet sent: the caller awaits it). An image the message already carries
        at the same version is kept, not drawn or sent again (Keer's roll and keep change only
        the strip; a Kero toggle, nothing)."""
        clicked = interaction.message
        message_id = None if clicked is None else str(clicked.id)
        pictures = await self._publisher.pictures(live, message_id)
        kept = pictures.keeping([] if clicked is None else clicked.attachments)
        if kept is None:  # not on the message after all: all sent again
            pictures, kept = await self._publisher.pictures(live, None), []
        view = build(pictures.images).view
        attachments: list[discord.Attachment | discord.File] = [*kept]
        attachments += files_of(pictures.uploads())
        edit = interaction.response.edit_message(view=view, attachments=attachments)
        return edit if message_id is None else self._noting(edit, live, message_id, pictures)

    async def _noting(
        self, edit: Awaitable[object], live: LiveMatch, message_id: str, pictures: Pictures
    ) -> object:
        """The edit, then the images the message carries noted (not before: a failed edit
        leaves the message as it was)."""
        done = await edit
        resource = getattr(done, "resource", None)
        files = resource.attachments if isinstance(resource, discord.InteractionMessage) else []
        self._publisher.note_shown(live, message_id, pictures, files)
        return done

    async def deliver(
        self, interaction: discord.Interaction[Any], played: Played, answer: Awaitable[object]
    ) -> None:
        """Answer the click (on a message only the member sees), then deliver its step."""
        await self._steps.answered(interaction, played, answer)

    async def player(
        self, interaction: discord.Interaction[Any], ref: MatchRef, *, check_version: bool = True
    ) -> tuple[LiveMatch, int]:
        """The match and the clicking member's seat; Refused for outsiders and stale clicks."""
        live = await self.match(interaction, ref)
        seat = self._service.seat_for(live, str(interaction.user.id))
        state = live.state
        if check_version and not live.rules.step_version(state) <= ref.version <= state.version:
            raise Refused(OUT_OF_DATE)
        return live, seat

    async def looked_at(
        self, interaction: discord.Interaction[Any], ref: MatchRef
    ) -> tuple[LiveMatch, Seat]:
        """The match as the clicked card pictures it (`GameRules.picture_version` of the state at
        the card's version: a Keer pick of an open roll stays hidden, whatever version a
        custom_id claims), in the member's language, and the seat its 👁 button names."""
        live = await self.match(interaction, ref)
        seat = ref.number(-1)
        if ref.arg is None or not 0 <= seat < len(live.players):
            raise MalformedId(f"no seat {ref.arg!r} in match {live.id}")
        card = live.at(min(ref.version, live.state.version))
        version = live.rules.picture_version(card.state)
        pictured = card if version == card.state.version else live.at(version)
        return read_by(pictured, member_words(interaction)), seat

    def now_ms(self) -> int:
        """Discord's time now, by the bot's synced clock."""
        return self._now_ms()

    def dressed(self, live: LiveMatch, text: str) -> str:
        """A text of the match's game with its emoji shown as the application emoji, as the
        match's cards show them."""
        return self._layouts.dressed(live, text)

    async def shows_images(self, interaction: discord.Interaction[Any], live: LiveMatch) -> bool:
        """Whether what only the member sees may carry an image: they take images, and the
        match's card shows its image (not its text board: the bot may attach files there)."""
        if not self._publisher.can_attach.get(live.channel_id, True):
            return False
        return await self.wants_images(str(interaction.user.id))

    async def wants_images(self, user_id: str) -> bool:
        """Whether the member takes images in what the bot shows only them (True unless they
        chose text with `/settings me images:off`)."""
        return (await self._settings.member(user_id)).images

    async def render(self, function: Callable[..., bytes], *args: Any, **kwargs: Any) -> bytes:
        """A render in the render threads."""
        return await self._publisher.render(function, *args, **kwargs)

    def drawn(self, function: Callable[..., bytes], *args: Any, **kwargs: Any) -> bytes:
        """A small render on the event loop, timed."""
        return self._publisher.drawn(function, *args, **kwargs)

    async def _absent(self, interaction: discord.Interaction[Any], ref: MatchRef) -> None:
        """Another member skips the turn of, or expels, a player whose clock ran out."""
        live, seat = await self.player(interaction, ref, check_version=False)
        await self._absence.answer(interaction, ref, live, seat)

    async def _more_time(self, interaction: discord.Interaction[Any], ref: MatchRef) -> None:
        """Give more time: another player of the match, or a server manager."""
        await self._absence.more_time(interaction, await self.match(interaction, ref))

    async def _board(self, interaction: discord.Interaction[Any], ref: MatchRef) -> None:
        """📝 Text board: the match's board in words, for anyone, privately (public messages
        stay the same for everyone), paged where it is long (bot/ui/text_boards.py)."""
        live = read_by(await self.match(interaction, ref), member_words(interaction))
        await show_board(interaction, live, ref)

    async def _vote(self, interaction: discord.Interaction[Any], ref: MatchRef) -> None:
        """A player's answer to a request to cancel the match."""
        live, _ = await self.player(interaction, ref, check_version=False)
        user = str(interaction.user.id)
        words = live.words  # the request is public: the server's language, whoever clicks
        if ref.verb == Verb.REFUSE:
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
        await self._service.cancel(live.id)
        self._steps.closed(live)
        await interaction.response.edit_message(
            content=words("match-cancelled-agreed", match=live.id), view=None
        )

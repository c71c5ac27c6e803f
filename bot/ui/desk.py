"""The `/match` commands' side of a match: its status, bringing its message back, the member's
list of matches, resigning, and cancelling (at once for a moderator, else by every player)."""

from __future__ import annotations

from typing import Any

import discord

from bot.core.live import LiveMatch
from bot.core.refusals import Refused
from bot.core.service import MatchService
from bot.delivery.steps import Steps
from bot.games import adapter_for
from bot.ui.languages import member_words
from bot.ui.layouts import cancel_vote_view, jump_url, read_by
from bot.ui.match_list import list_pages, list_view
from bot.ui.names import shown
from bot.ui.starts import MatchStarts
from bot.ui.titles import game_title
from words import isolate


class MatchDesk:
    """What members ask of the match in their channel, and of their matches in the server."""

    def __init__(self, service: MatchService, steps: Steps, starts: MatchStarts) -> None:
        self._service = service
        self._steps = steps
        self._starts = starts

    def here(self, interaction: discord.Interaction[Any]) -> LiveMatch:
        """The match playing in the command's channel or thread."""
        live = self._service.in_channel(str(interaction.channel_id))
        if live is None:
            raise Refused("refuse-no-match-here")
        return live

    async def bring_here(self, interaction: discord.Interaction[Any]) -> None:
        """A player lost the match's message (scrolled away, deleted): post it again; the old
        one keeps its text but loses its buttons, so only one message is clickable."""
        live = self.here(interaction)
        self._service.seat_for(live, str(interaction.user.id))
        text = member_words(interaction)("match-here-reposting", match=live.id)
        await interaction.response.send_message(text, ephemeral=True)
        await self._steps.post_again(live)

    async def status(self, interaction: discord.Interaction[Any]) -> None:
        """A short ephemeral summary with a link to the current message."""
        live = self.here(interaction)
        words = member_words(interaction)
        progress = adapter_for(live.spec.name).ui.progress_line(read_by(live, words))
        lines = [
            words(
                "match-status-head",
                game=game_title(live.spec.name, words),
                match=live.id,
                progress=progress,
            )
        ]
        lines += [
            words("match-status-seat", place=seat + 1, name=isolate(shown(name)))
            for seat, name in enumerate(live.names)
        ]
        url = jump_url(live)
        if url:
            lines.append(words("match-status-link", url=url))
        await interaction.response.send_message("\n".join(lines), ephemeral=True)

    async def list_page(self, interaction: discord.Interaction[Any], page: int = 0) -> None:
        """The member's open matches in this server, with links, a page at a time with Previous /
        Next (only they see it). A click on those edits the list (stateless: the page is in the
        button, the matches are read again)."""
        guild = None if interaction.guild_id is None else str(interaction.guild_id)
        user = str(interaction.user.id)
        playing = sorted(self._starts.matches_of(user, guild), key=lambda live: live.id)
        words = member_words(interaction)
        if not playing:
            text, view = words("match-list-empty"), None
        else:
            books = list_pages(user, playing, await self._starts.limit(guild), words)
            page = min(max(page, 0), len(books) - 1)
            text, view = books[page], list_view(page, len(books), words)
        if interaction.type is discord.InteractionType.component:
            await interaction.response.edit_message(content=text, view=view)
            return
        extra: dict[str, Any] = {"view": view} if view is not None else {}
        await interaction.response.send_message(text, ephemeral=True, **extra)

    async def resign(self, interaction: discord.Interaction[Any]) -> None:
        """The member leaves the match here: the AI takes over, or the match ends."""
        live = self.here(interaction)
        words = live.words
        name = isolate(shown(interaction.user.display_name))
        played = await self._service.resign(live.id, str(interaction.user.id))
        if played is None:  # still standing: every seat that did not leave, computers too
            seats = range(len(live.players))
            standing = [isolate(shown(live.names[s])) for s in seats if s not in live.departed]
            note = words(
                "match-resigned-ended",
                name=name,
                match=live.id,
                others=words.join(standing),
                count=len(standing),
            )
            self._steps.closed(live)
            await interaction.response.send_message(note)
            return
        answer = interaction.response.send_message(words("match-resigned-computer", name=name))
        await self._steps.answered(interaction, played, answer)

    async def cancel(self, interaction: discord.Interaction[Any]) -> None:
        """Cancel at once for a member with Manage Server who does not play in it; the players
        (a seated moderator too) all have to agree."""
        live = self.here(interaction)
        user = str(interaction.user.id)
        seated = live.seat_of(user) is not None
        by_moderator = not seated and bool(getattr(interaction.permissions, "manage_guild", False))
        if not seated and not by_moderator:
            raise Refused("refuse-cancel-not-player")
        waiting = [] if by_moderator else live.vote_cancel(user)
        words, name = live.words, isolate(shown(interaction.user.display_name))
        if not waiting:
            await self._service.cancel(live.id)
            key = "match-cancelled-by-moderator" if by_moderator else "match-cancelled-by-agreement"
            self._steps.closed(live)
            await interaction.response.send_message(words(key, match=live.id, name=name))
            return
        names = words.join([isolate(shown(p.name)) for p in waiting])
        await interaction.response.send_message(
            words("match-cancel-asked", name=name, match=live.id, waiting=names),
            view=cancel_vote_view(live),
        )

"""Starting, inspecting and ending matches from commands: one active match per channel, or one
thread per match when the server asks for it."""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Final, NoReturn, cast

import discord

from bot.core.computer import is_computer
from bot.core.refusals import Refused
from bot.core.service import LiveMatch, Played
from bot.core.turn_clocks import default_mode
from bot.ui.components import match_button, refuse_damaged, tablero, view_of
from bot.ui.ids import MatchRef
from bot.ui.languages import member_words
from bot.ui.names import shown
from bot.ui.permissions import missing, missing_refusal
from bot.ui.router import cancel_vote_view, read_by
from bot.ui.titles import game_title
from games.records import Player
from storage import Lobby
from words import Words, isolate

if TYPE_CHECKING:
    from bot.app import TableroBot

log = logging.getLogger(__name__)
DEFAULT_MATCH_LIMIT = 5
"""Open matches one member may play at once in a server, unless `/settings limit` says."""
THREAD_TYPES = (discord.ChannelType.public_thread, discord.ChannelType.private_thread)
THREAD_NAME_LIMIT: Final = 100
"""Discord's limit on a thread's name."""
MESSAGE_LIMIT: Final = 2000
"""Discord's limit on a message's content."""
LABEL_LIMIT: Final = 80
"""Discord's limit on a button's label."""
LIST_PER_PAGE: Final = 10
"""At most this many matches on one page of `/match list` (fewer when their lines are long)."""
LIST_TEMPLATE: Final = r"tbr:matches:(?P<page>[0-9]{1,3}):list"
"""A `/match list` paging button: `tbr:matches:<page>:list` (the member is whoever clicks: the
list is ephemeral, so only its member can)."""
_PROGRESS_MAX: Final = 600
"""A match's progress line is cut to this (it never comes near: four escaped 32-character
names), so one match's line always fits a page."""


def clock_view(live: LiveMatch, seats: list[int], *, skip: bool) -> discord.ui.View:
    """Skip turn / Expel buttons for the seats whose clock ran out (labels take names as they
    are: a label is plain text)."""
    items = []
    version, words = live.state.version, live.words
    for seat in seats:
        name = isolate(live.names[seat])
        if skip:
            ref = MatchRef(live.id, version, "skipturn", str(seat))
            label = words("match-skip-turn-label", name=name)
            items.append(match_button(ref, _label(label), emoji="⏭️"))
        ref = MatchRef(live.id, version, "expel", str(seat))
        label = words("match-expel-label", name=name)
        items.append(match_button(ref, _label(label), emoji="🚪", style=discord.ButtonStyle.danger))
    return view_of(*items)


def _label(text: str) -> str:
    """A button label within Discord's 80 characters (the catalogs keep them there with a
    32-character name)."""
    return text if len(text) <= LABEL_LIMIT else text[: LABEL_LIMIT - 1] + "…"


def jump_url(live: LiveMatch) -> str | None:
    """A link to the match's current message."""
    if live.message_id is None or live.guild_id is None:
        return None
    return f"https://discord.com/channels/{live.guild_id}/{live.channel_id}/{live.message_id}"


class Matches:
    """The commands' side of matches."""

    def __init__(self, bot: TableroBot) -> None:
        self.bot = bot

    async def threads_on(self, guild_id: str | None) -> bool:
        """Whether this server puts each match in its own thread."""
        if guild_id is None:
            return False
        settings = await self.bot.store.get_guild_settings(guild_id)
        return bool(settings.get("threads", False))

    async def check_channel_free(self, channel_id: str, guild_id: str | None) -> None:
        """Refuse a second match in a channel (threads give each match its own place), with a
        link to the running match's message."""
        if await self.threads_on(guild_id):
            return
        live = self.bot.service.in_channel(channel_id)
        match_id = live.id if live else await self.bot.store.open_match_in(channel_id)
        if match_id is not None:
            url = None if live is None else jump_url(live)
            if url:
                raise Refused("refuse-channel-busy-link", match=match_id, url=url)
            raise Refused("refuse-channel-busy", match=match_id)

    async def check_bot_permissions(self, interaction: discord.Interaction[Any]) -> None:
        """Refuse to start anything where the bot could not post the match: it needs to see the
        channel, send, attach the board image and embed links there (and, when the server gives
        each match a thread, open public threads and send in them)."""
        guild = None if interaction.guild_id is None else str(interaction.guild_id)
        in_thread = getattr(interaction.channel, "type", None) in THREAD_TYPES
        threads = not in_thread and await self.threads_on(guild)
        lacking = missing(interaction.app_permissions, in_thread=in_thread, threads=threads)
        if lacking:
            raise missing_refusal(interaction.channel_id, lacking)

    async def start(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        players: Sequence[Player],
        options: Mapping[str, Any],
        clock: str | None = None,
        *,
        rated: bool = True,
    ) -> LiveMatch:
        """Create the match (in a new thread if the server wants one), post its first message
        and start its turn clock (`live`, `async`, or the server's default).

        A match exists only once its first message is posted: if Discord refuses that message,
        the match is closed as cancelled (nothing rated, the channel free again) and the member
        is told why (Refused)."""
        channel = str(interaction.channel_id)
        guild = None if interaction.guild_id is None else str(interaction.guild_id)
        service = self.bot.service
        await self.check_bot_permissions(interaction)
        async with service.channel_lock(channel):
            await self.check_channel_free(channel, guild)
            try:
                thread = await self._thread_for(interaction, game, players, guild)
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
            )
        try:
            await self.bot.publisher.post_first(live)
        except discord.HTTPException as error:
            await self._call_off(live, error)
        settings = await self.bot.store.get_guild_settings(guild) if guild else {}
        await self.bot.clocks.start(live, clock or default_mode(settings))
        self.bot.timers.rearm(live)
        return live

    async def _call_off(self, live: LiveMatch, error: discord.HTTPException) -> NoReturn:
        """The first message could not be posted: close the match (cancelled, unrated) so it
        blocks nothing, and refuse with what happened."""
        log.warning("match %s called off: its first message failed: %s", live.id, error)
        await self.bot.service.close(live.id, "cancelled")
        self.bot.publisher.closed(live)
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
    ) -> str | None:
        channel_type = getattr(interaction.channel, "type", None)
        if not await self.threads_on(guild) or channel_type in THREAD_TYPES:
            return None
        words = self.bot.languages.public(guild)
        players_listed = words.join([p.name for p in players])  # a title: names as typed
        name = words("match-thread-name", game=game_title(game, words), players=players_listed)
        name = name if len(name) <= THREAD_NAME_LIMIT else name[: THREAD_NAME_LIMIT - 1] + "…"
        if interaction.message is not None:
            thread = await interaction.message.create_thread(name=name)
            return str(thread.id)
        data = await self.bot.http.start_thread_without_message(
            int(interaction.channel_id or 0),
            name=name,
            auto_archive_duration=1440,
            type=discord.ChannelType.public_thread.value,
        )
        return str(data["id"])

    def matches_of(self, user_id: str, guild_id: str | None) -> list[LiveMatch]:
        """The member's open matches in a server (the process holds every open match of its
        servers in memory, so this needs no query)."""
        return [
            live
            for live in self.bot.service.matches.values()
            if live.guild_id == guild_id and live.seat_of(user_id) is not None
        ]

    async def limit(self, guild_id: str | None) -> int:
        """How many open matches one member may play at once in this server."""
        if guild_id is None:
            return DEFAULT_MATCH_LIMIT
        settings = await self.bot.store.get_guild_settings(guild_id)
        value = settings.get("max_matches", DEFAULT_MATCH_LIMIT)
        return value if isinstance(value, int) and value > 0 else DEFAULT_MATCH_LIMIT

    async def check_member_limit(self, user_id: str, guild_id: str | None) -> None:
        """Refuse a new match to a member who already plays the server's maximum."""
        limit = await self.limit(guild_id)
        playing = self.matches_of(user_id, guild_id)
        if len(playing) >= limit:
            raise Refused(
                "refuse-member-limit", member=f"<@{user_id}>", count=len(playing), limit=limit
            )

    async def check_member_limits(self, lobby: Lobby) -> None:
        """Every member of a lobby about to start is under the limit."""
        for member in lobby.members:
            if not is_computer(member):
                await self.check_member_limit(member, lobby.guild_id)

    async def list_for(self, interaction: discord.Interaction[Any], page: int = 0) -> None:
        """The member's open matches in this server, with links, a page at a time with Previous /
        Next (only they see it). A click on those edits the list (stateless: the page is in the
        button, the matches are read again)."""
        guild = None if interaction.guild_id is None else str(interaction.guild_id)
        user = str(interaction.user.id)
        playing = sorted(self.matches_of(user, guild), key=lambda live: live.id)
        words = member_words(interaction)
        if not playing:
            text, view = words("match-list-empty"), None
        else:
            books = list_pages(user, playing, await self.limit(guild), words)
            page = min(max(page, 0), len(books) - 1)
            text, view = books[page], list_view(page, len(books), words)
        if interaction.type is discord.InteractionType.component:
            await interaction.response.edit_message(content=text, view=view)
            return
        extra: dict[str, Any] = {"view": view} if view is not None else {}
        await interaction.response.send_message(text, ephemeral=True, **extra)

    async def abandon(self, live: LiveMatch) -> None:
        """Nobody acted for the server's abandon time: close the match as abandoned."""
        closed = await self.bot.service.close(live.id, "abandoned")
        if closed is None:
            return
        await self.bot.clocks.update(closed)
        self.bot.publisher.closed(closed)
        await self.bot.publisher.send(live.channel_id, live.words("match-abandoned", match=live.id))

    async def clock_ran_out(self, live: LiveMatch, seats: list[int]) -> None:
        """The turn clock of these member seats ran out: skip what the game skips by itself,
        and offer the other members to skip the turn or expel the absent player.

        What the skips changed is posted only after the notice: posting it re-arms the match's
        timer, which would cancel this very call (it runs in the timer's task) before the
        notice went out when every seat missed."""
        changes: list[Played] = []
        try:
            await self._run_out(live, seats, changes)
        finally:
            for played in changes:
                self.bot.publisher.after(played, on_public_message=False)

    async def _run_out(self, live: LiveMatch, seats: list[int], changes: list[Played]) -> None:
        """Apply the misses (collected in `changes`) and post the notice."""
        skipped = []
        for seat in seats:
            played = await self.bot.service.missed(live.id, seat)
            if played is not None:
                skipped.append(seat)
                changes.append(played)
        absent = [s for s in seats if s not in skipped and live.waits_for(s)]
        words = live.words
        names = words.join([isolate(shown(live.names[s])) for s in seats])
        key = "match-clock-skipped" if skipped else "match-clock-timed-out"
        text = words(key, match=live.id, names=names, count=len(seats))
        if absent:
            text += " " + words("match-clock-others-may-act")
        view = clock_view(live, seats, skip=bool(absent))
        await self.bot.publisher.send(live.channel_id, text, view=view)

    async def remind(self, live: LiveMatch, user_id: str, due_ms: int) -> None:
        """A DM to a member who asked for reminders: their move, before the clock runs out."""
        url = jump_url(live)
        due = f"<t:{due_ms // 1000}:R>"
        text = live.words(
            "clock-remind", game=game_title(live.spec.name, live.words), match=live.id, due=due
        )
        if url:
            text += f" {url}"
        try:
            data = await self.bot.http.start_private_message(int(user_id))
            await self.bot.get_partial_messageable(int(data["id"])).send(text)
        except discord.HTTPException as error:
            log.info("no reminder for %s (DMs closed?): %s", user_id, error)

    async def skip_turn(
        self, interaction: discord.Interaction[Any], live: LiveMatch, seat: int
    ) -> None:
        """Another member skips the absent seat's turn (in games that ask for it)."""
        action = live.pace.skip(live.state, seat)
        played = None if action is None else await self.bot.service.system(live.id, seat, action)
        if played is None:
            raise Refused("refuse-turn-not-skippable")
        who = isolate(shown(interaction.user.display_name))
        absent = isolate(shown(live.names[seat]))
        text = live.words("match-skipped-turn", who=who, absent=absent)
        await self._announce(interaction, played, text)

    async def expel(
        self, interaction: discord.Interaction[Any], live: LiveMatch, seat: int
    ) -> None:
        """Another member expels the absent player; the computer plays the seat."""
        played = await self.bot.service.expel(live.id, seat)
        if played is None:
            raise Refused("refuse-already-replaced")
        text = live.words("match-expelled", name=isolate(shown(live.names[seat])))
        await self._announce(interaction, played, text)

    async def _announce(
        self, interaction: discord.Interaction[Any], played: Played, text: str
    ) -> None:
        """Say on the notice what was done (its buttons go), then post what changed."""
        answer = interaction.response.edit_message(content=text, view=None)
        await self.bot.publisher.answer_then_deliver(interaction, played, answer)

    def here(self, interaction: discord.Interaction[Any]) -> LiveMatch:
        """The match playing in the command's channel or thread."""
        live = self.bot.service.in_channel(str(interaction.channel_id))
        if live is None:
            raise Refused("refuse-no-match-here")
        return live

    async def bring_here(self, interaction: discord.Interaction[Any]) -> None:
        """A player lost the match's message (scrolled away, deleted): post it again; the old
        one keeps its text but loses its buttons, so only one message is clickable."""
        live = self.here(interaction)
        self.bot.service.seat_for(live, str(interaction.user.id))
        text = member_words(interaction)("match-here-reposting", match=live.id)
        await interaction.response.send_message(text, ephemeral=True)
        await self.bot.publisher.repost(live)

    async def status(self, interaction: discord.Interaction[Any]) -> None:
        """A short ephemeral summary with a link to the current message."""
        live = self.here(interaction)
        words = member_words(interaction)
        progress = live.adapter.ui.progress_line(read_by(live, words))
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

    async def resign(self, interaction: discord.Interaction[Any]) -> None:
        """The member leaves the match here: the AI takes over, or the match ends."""
        live = self.here(interaction)
        words = live.words
        name = isolate(shown(interaction.user.display_name))
        played = await self.bot.service.resign(live.id, str(interaction.user.id))
        if played is None:
            standing = [isolate(shown(p.name)) for p in live.humans()]
            note = words(
                "match-resigned-ended",
                name=name,
                match=live.id,
                others=words.join(standing),
                count=len(standing),
            )
            self.bot.publisher.closed(live)
            await interaction.response.send_message(note)
            return
        answer = interaction.response.send_message(words("match-resigned-computer", name=name))
        await self.bot.publisher.answer_then_deliver(interaction, played, answer)

    async def cancel(self, interaction: discord.Interaction[Any]) -> None:
        """Cancel at once for a member with Manage Server, else ask every player to agree."""
        live = self.here(interaction)
        user = str(interaction.user.id)
        moderator = bool(getattr(interaction.permissions, "manage_guild", False))
        if live.seat_of(user) is None and not moderator:
            raise Refused("refuse-cancel-not-player")
        waiting = live.vote_cancel(user)
        words = live.words
        if moderator or not waiting:
            await self.bot.service.cancel(live.id)
            by_moderator = moderator and live.seat_of(user) is None
            key = "match-cancelled-by-moderator" if by_moderator else "match-cancelled-by-agreement"
            self.bot.publisher.closed(live)
            await interaction.response.send_message(words(key, match=live.id))
            return
        names = words.join([isolate(shown(p.name)) for p in waiting])
        name = isolate(shown(interaction.user.display_name))
        await interaction.response.send_message(
            words("match-cancel-asked", name=name, match=live.id, waiting=names),
            view=cancel_vote_view(live),
        )


def list_line(live: LiveMatch, user: str, words: Words) -> str:
    """One match of `/match list`: where it plays, how far, whether it is the member's move, a
    link."""
    progress = live.adapter.ui.progress_line(read_by(live, words))
    if len(progress) > _PROGRESS_MAX:
        progress = progress[: _PROGRESS_MAX - 1] + "…"
    yours = live.waits_for(live.seat_of(user))
    key = "match-list-line-your-move" if yours else "match-list-line"
    channel = f"<#{live.channel_id}>"
    line = words(
        key,
        match=live.id,
        game=game_title(live.spec.name, words),
        channel=channel,
        progress=progress,
    )
    url = jump_url(live)
    return f"{line} — {words('match-list-go', url=url)}" if url else line


def list_pages(user: str, playing: Sequence[LiveMatch], limit: int, words: Words) -> list[str]:
    """Every page of `/match list`, each within Discord's 2,000 characters: at most
    `LIST_PER_PAGE` matches, fewer when their lines are long."""
    count = len(playing)
    widest = words("match-list-head-page", count=count, limit=limit, page=999, pages=999)
    room = MESSAGE_LIMIT - len(widest)
    chunks: list[list[str]] = [[]]
    used = 0
    for live in playing:
        line = list_line(live, user, words)
        if chunks[-1] and (len(chunks[-1]) >= LIST_PER_PAGE or used + 1 + len(line) > room):
            chunks.append([])
            used = 0
        chunks[-1].append(line)
        used += 1 + len(line)
    if len(chunks) == 1:
        return ["\n".join([words("match-list-head", count=count, limit=limit), *chunks[0]])]
    return [
        "\n".join(
            [
                words("match-list-head-page", count=count, limit=limit, page=n, pages=len(chunks)),
                *lines,
            ]
        )
        for n, lines in enumerate(chunks, 1)
    ]


def list_view(page: int, pages: int, words: Words) -> discord.ui.View | None:
    """Previous / Next under a list of several pages (None for one page)."""
    if pages <= 1:
        return None
    return view_of(
        MatchListButton.make(page - 1, words("match-list-previous-label"), disabled=page <= 0),
        MatchListButton.make(page + 1, words("match-list-next-label"), disabled=page >= pages - 1),
    )


class MatchListButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=LIST_TEMPLATE):
    """A `/match list` paging button: `tbr:matches:<page>:list`."""

    @classmethod
    def make(cls, page: int, label: str, *, disabled: bool) -> MatchListButton:
        """The button that shows page `page` of the clicking member's list."""
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=label, disabled=disabled, custom_id=f"tbr:matches:{max(page, 0)}:list"
        )
        return cls(button)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: Any
    ) -> MatchListButton:
        """Wrap the clicked button."""
        return cls(cast("discord.ui.Button[Any]", item))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Show the page (the last one when the list got shorter since)."""
        found = self.template.fullmatch(str(self.item.custom_id))
        if found is None:
            await refuse_damaged(interaction, str(self.item.custom_id))
            return
        await tablero(interaction).matches.list_for(interaction, int(found["page"]))

"""`/leaderboard`, `/stats`, `/history` and `/match record`: what the ratings and results say.

Everything here is ephemeral (no channel noise) and server-scoped; the global board lists only
servers that allowed it (`/settings global on`) and shows each member by the name they last
played under (a mention when no name is kept), never which server they play in.
"""

from __future__ import annotations

import io
import re
import time
from dataclasses import dataclass, replace
from typing import Any, Final

import discord
from discord import app_commands

from bot.core.computer import level_of
from bot.core.refusals import Refused
from bot.core.settings import Settings
from bot.delivery.publisher import Publisher
from bot.games import game_choices
from bot.ui.alt_text import alt_text
from bot.ui.components import view_of
from bot.ui.ids import BOARD_TEMPLATE, MalformedId
from bot.ui.items import TableroItem
from bot.ui.languages import member_words
from bot.ui.names import shown
from bot.ui.options import BoundedCog
from bot.ui.titles import game_title
from bot.ui.translator import choice, text
from games.common.levels import LEVELS, Level
from games.registry import GAMES
from render.stats import rating_chart_png
from storage import BoardRow, StorageError, Store
from words import Words, isolate
from words.catalog import one_line

PAGE: Final = 10
MIN_GAMES: Final = 3
"""Rated matches a member needs to appear on a leaderboard."""
WEEK_MS: Final = 7 * 86_400_000
_BOARD: Final = BOARD_TEMPLATE
SHARE_COMMAND: Final = "/settings global on"
"""The command that shares a server's board (named in the global board's footer)."""


TEXT_HISTORY: Final = 10
"""Rated games listed, latest last, for a member who takes text instead of the chart."""


def _day(at_ms: int) -> str:
    """`2026-12-01`: the day of a rated game (UTC)."""
    return time.strftime("%Y-%m-%d", time.gmtime(at_ms / 1000))


@dataclass(frozen=True, slots=True)
class Board:
    """Which leaderboard page: game, scope (s)erver or (g)lobal, period (a)ll-time or (w)eek."""

    game: str
    scope: str
    period: str
    page: int


async def board_embed(
    store: Store, settings: Settings, guild_id: str, board: Board, words: Words
) -> tuple[discord.Embed, int]:
    """One page of a leaderboard in `words` (the viewer's language), and how many pages there
    are."""
    game, scope, period, page = board.game, board.scope, board.period, board.page
    guilds = [guild_id] if scope == "s" else await settings.guilds_sharing_board()
    since = None if period == "a" else int(time.time() * 1000) - WEEK_MS
    public = scope != "s"
    total = await store.leaderboard_size(
        game, guilds, since_ms=since, min_games=MIN_GAMES, public=public
    )
    pages = max(1, -(-total // PAGE))
    page = min(max(page, 0), pages - 1)
    rows = await store.leaderboard(
        game,
        guilds,
        since_ms=since,
        min_games=MIN_GAMES,
        offset=page * PAGE,
        limit=PAGE,
        public=public,
    )
    lines = [
        words(
            "ratings-board-line",
            place=page * PAGE + i,
            name=_who(row, scope),
            rating=row.mu - 3 * row.sigma,
            games=row.games,
        )
        for i, row in enumerate(rows, 1)
    ]
    if not lines:
        lines = [words("ratings-board-empty", count=MIN_GAMES)]
    title = words("ratings-board-title", game=game_title(game, words))
    embed = discord.Embed(title=title, description="\n".join(lines), colour=0x1565C0)
    footer = words(
        "ratings-board-footer",
        scope="server" if scope == "s" else "global",
        period="all" if period == "a" else "week",
        command=SHARE_COMMAND,
        page=page + 1,
        pages=pages,
    )
    embed.set_footer(text=footer)
    return embed, pages


def board_view(board: Board, pages: int, words: Words) -> discord.ui.View:
    """Previous / Next, in the viewer's language."""
    page = board.page
    previous = "◀ " + words("ratings-board-previous-label")
    following = words("ratings-board-next-label") + " ▶"
    return view_of(
        BoardButton.make(replace(board, page=page - 1), previous, disabled=page <= 0),
        BoardButton.make(replace(board, page=page + 1), following, disabled=page >= pages - 1),
    )


class BoardButton(TableroItem, template=_BOARD):
    """A leaderboard paging button: `tbb:<game>:<scope>:<period>:<page>`."""

    @classmethod
    def make(cls, board: Board, label: str, *, disabled: bool) -> BoardButton:
        """The button that shows the board's page."""
        custom_id = f"tbb:{board.game}:{board.scope}:{board.period}:{max(board.page, 0)}"
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=label, custom_id=custom_id, disabled=disabled
        )
        return cls(button)

    def parse(self, custom_id: str) -> Board:
        """The board page (a game Tablero does not run is damaged)."""
        found: re.Match[str] = super().parse(custom_id)
        if found["game"] not in GAMES:
            raise MalformedId(f"no game {found['game']!r}")
        return Board(found["game"], found["scope"], found["period"], int(found["page"]))


class RatingsCog(BoundedCog):
    """Leaderboards, stats and history."""

    def __init__(self, store: Store, settings: Settings, publisher: Publisher) -> None:
        self.store = store
        self.settings = settings
        self.publisher = publisher

    async def _board(self, guild_id: str, board: Board, words: Words) -> tuple[discord.Embed, int]:
        return await board_embed(self.store, self.settings, guild_id, board, words)

    async def board_page(self, interaction: discord.Interaction[Any], board: Board) -> None:
        """A leaderboard paging button: show the page (the last one when the board got
        shorter since)."""
        if interaction.guild_id is None:
            raise MalformedId("a leaderboard page outside a server")
        words = member_words(interaction)
        embed, pages = await board_embed(
            self.store, self.settings, str(interaction.guild_id), board, words
        )
        board = replace(board, page=min(board.page, pages - 1))
        await interaction.response.edit_message(embed=embed, view=board_view(board, pages, words))

    @app_commands.command(name="leaderboard", description=text("ratings-leaderboard-cmd"))
    @app_commands.describe(
        game=text("ratings-leaderboard-game-cmd"),
        scope=text("ratings-leaderboard-scope-cmd"),
        period=text("ratings-leaderboard-period-cmd"),
    )
    @app_commands.choices(
        game=game_choices(),
        scope=[
            choice("ratings-scope-server-choice", "server"),
            choice("ratings-scope-global-choice", "global"),
        ],
        period=[
            choice("ratings-period-all-time-choice", "all-time"),
            choice("ratings-period-week-choice", "week"),
        ],
    )
    @app_commands.guild_only()
    async def leaderboard(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        scope: str = "server",
        period: str = "all-time",
    ) -> None:
        """The first page, with paging buttons (only you see it)."""
        words = member_words(interaction)
        board = Board(game, scope[0], period[0], 0)
        embed, pages = await board_embed(
            self.store, self.settings, str(interaction.guild_id), board, words
        )
        await interaction.response.send_message(
            embed=embed, view=board_view(board, pages, words), ephemeral=True
        )

    @app_commands.command(name="stats", description=text("ratings-stats-cmd"))
    @app_commands.describe(
        member=text("ratings-stats-member-cmd"), game=text("ratings-stats-game-cmd")
    )
    @app_commands.choices(game=game_choices())
    @app_commands.guild_only()
    async def stats(
        self,
        interaction: discord.Interaction[Any],
        member: discord.User | None = None,
        game: str | None = None,
    ) -> None:
        """Games, wins, win rate, share finished, rating, and the rating chart."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        words = member_words(interaction)
        who = member or interaction.user
        guild, player = str(interaction.guild_id), str(who.id)
        name = game or await self._most_played(player, guild)
        title = game_title(name, words)
        results = await self.store.player_results(player, guild, name, None)
        done, finished = await self.store.player_match_counts(player, guild, name)
        wins = sum(1 for r in results if r.status == "finished" and r.place == 1)
        played = sum(1 for r in results if r.status == "finished")
        history = await self.store.rating_history(guild, name, player)
        lines = [
            words("ratings-stats-heading", name=isolate(shown(who.display_name)), game=title),
            words(
                "ratings-stats-games",
                played=played,
                wins=wins,
                rate=_share(words, wins, played),
            ),
            words("ratings-stats-finished", share=_share(words, finished, done), done=done),
        ]
        against = await self.store.computer_results(player, guild, name)
        if against:
            lines.append(against_computer(against, words))
        if not history:
            lines.append(words("ratings-stats-unrated"))
            await interaction.followup.send("\n".join(lines), ephemeral=True)
            return
        last = history[-1]
        lines.append(
            words(
                "ratings-stats-rating",
                rating=last.mu - 3 * last.sigma,
                games=len(history),
                mu=last.mu,
                sigma=last.sigma,
            )
        )
        if not (await self.settings.member(str(interaction.user.id))).images:
            lines += [
                words("ratings-stats-point", day=_day(c.at), rating=c.mu - 3 * c.sigma)
                for c in history[-TEXT_HISTORY:]
            ]
            await interaction.followup.send("\n".join(lines), ephemeral=True)
            return
        points = [(c.at, c.mu, c.sigma) for c in history]
        name = isolate(one_line(who.display_name))
        chart_title = words("ratings-chart-title", name=name, game=title)
        png = await self.publisher.render(rating_chart_png, points, title=chart_title, words=words)
        alt = alt_text(chart_title, "\n".join(lines[1:]))
        await interaction.followup.send(
            "\n".join(lines),
            file=discord.File(io.BytesIO(png), filename="rating.png", description=alt),
            ephemeral=True,
        )

    async def _most_played(self, player: str, guild: str) -> str:
        """The game the member has most results in here (Keer op Keer Kids when none)."""
        games = [r.game for r in await self.store.player_results(player, guild, None, None)]
        return max(sorted(GAMES), key=games.count)

    @app_commands.command(name="history", description=text("ratings-history-cmd"))
    @app_commands.describe(member=text("ratings-history-member-cmd"))
    @app_commands.guild_only()
    async def history(
        self, interaction: discord.Interaction[Any], member: discord.User | None = None
    ) -> None:
        """The last 10 matches with their places."""
        words = member_words(interaction)
        who = member or interaction.user
        name = isolate(shown(who.display_name))
        results = await self.store.player_results(str(who.id), str(interaction.guild_id), None, 10)
        if not results:
            await interaction.response.send_message(
                words("ratings-history-none", name=name), ephemeral=True
            )
            return
        lines = [words("ratings-history-heading", name=name)]
        for r in results:
            if r.status == "finished":
                notes = [words("ratings-history-place", place=r.place, players=r.players)]
            else:
                notes = [words("ratings-history-status", status=r.status)]
            if not r.rated:
                notes.append(words("ratings-history-casual"))
            if r.departed:
                notes.append(words("ratings-history-departed", how=r.departed))
            lines.append(
                words(
                    "ratings-history-line",
                    id=r.match_id,
                    game=game_title(r.game, words),
                    outcome=" · ".join(notes),
                    when=f"<t:{r.finished_at // 1000}:R>",
                    command=f"`/match record {r.match_id}`",
                )
            )
        await interaction.response.send_message("\n".join(lines), ephemeral=True)


async def send_record(interaction: discord.Interaction[Any], store: Store, match_id: int) -> None:
    """Upload a match's record (JSON) from this server, for `tablero replay`."""
    try:
        stored = await store.load(match_id)
    except StorageError:
        raise Refused("ratings-record-no-match", id=match_id) from None
    if stored.guild_id != str(interaction.guild_id):
        raise Refused("ratings-record-elsewhere", id=match_id)
    if stored.status == "open":
        raise Refused("ratings-record-open", id=match_id)
    data = stored.record.dumps().encode()
    name = f"tablero-{stored.record.game}-{match_id}.json"
    words = member_words(interaction)
    await interaction.response.send_message(
        words(
            "ratings-record-sent",
            id=match_id,
            status=stored.status,
            command=f"`tablero replay {name}`",
        ),
        file=discord.File(io.BytesIO(data), filename=name),
        ephemeral=True,
    )


def _who(row: BoardRow, scope: str) -> str:
    """A mention on this server's board; the last played name on the global one (a viewer's
    client may not know members of other servers), escaped and isolated, or a mention when none
    is kept."""
    if scope == "s" or not row.name:
        return f"<@{row.player_id}>"
    return isolate(shown(row.name))


def against_computer(results: list[tuple[str, int, int]], words: Words) -> str:
    """The member's record against each level of computer it met: won–drawn–lost, head to head
    with each computer seat (placed ahead, level, behind)."""
    tally: dict[Level, list[int]] = {}
    for computer, mine, its in results:
        counts = tally.setdefault(level_of(computer), [0, 0, 0])
        counts[0 if mine < its else 1 if mine == its else 2] += 1
    records = [
        words(
            "ratings-stats-computer-level",
            level=words(f"level-{level.value}"),
            won=tally[level][0],
            drawn=tally[level][1],
            lost=tally[level][2],
        )
        for level in LEVELS
        if level in tally
    ]
    return words("ratings-stats-computer", records=" · ".join(records))


def _share(words: Words, part: int, whole: int) -> str:
    """`part` of `whole` as a percentage in the language ("-" when there is no whole)."""
    return words("ratings-share", share=part / whole) if whole else "-"

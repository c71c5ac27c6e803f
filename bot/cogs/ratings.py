"""`/leaderboard`, `/stats`, `/history` and `/match record`: what the ratings and results say.

Everything here is ephemeral (no channel noise) and server-scoped; the global board lists only
servers that allowed it (`/settings global on`) and shows each member by the name they last
played under (a mention when no name is kept), never which server they play in.
"""

from __future__ import annotations

import io
import time
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Final, Literal, cast

import discord
from discord import app_commands

from bot.alt_text import alt_text
from bot.components import refuse_damaged, view_of
from bot.games import game_choices
from bot.ids import BOARD_TEMPLATE
from bot.languages import member_words
from bot.names import shown
from bot.options import BoundedCog
from bot.refusals import Refused
from games.registry import GAMES, get_game
from render.stats import rating_chart_png
from storage import BoardRow, StorageError

if TYPE_CHECKING:
    from bot.app import TableroBot

PAGE: Final = 10
MIN_GAMES: Final = 3
"""Rated matches a member needs to appear on a leaderboard."""
WEEK_MS: Final = 7 * 86_400_000
_BOARD: Final = BOARD_TEMPLATE
GLOBAL_WHERE: Final = (
    "servers that share their board (/settings global on) · players by the name they last "
    "played under, never their server"
)
"""The global board's footer: whose players it lists and what it shows of them."""


TEXT_HISTORY: Final = 10
"""Rated games listed, latest last, for a member who takes text instead of the chart."""


def _day(at_ms: int) -> str:
    """`2026-12-01`: the day of a rated game (UTC)."""
    return time.strftime("%Y-%m-%d", time.gmtime(at_ms / 1000))


def ordinal(place: int) -> str:
    """1st, 2nd, 3rd, 4th."""
    return str(place) + {1: "st", 2: "nd", 3: "rd"}.get(place, "th")


@dataclass(frozen=True, slots=True)
class Board:
    """Which leaderboard page: game, scope (s)erver or (g)lobal, period (a)ll-time or (w)eek."""

    game: str
    scope: str
    period: str
    page: int


async def board_embed(bot: TableroBot, guild_id: str, board: Board) -> tuple[discord.Embed, int]:
    """One page of a leaderboard, and how many pages there are."""
    game, scope, period, page = board.game, board.scope, board.period, board.page
    guilds = [guild_id] if scope == "s" else await global_guilds(bot)
    since = None if period == "a" else int(time.time() * 1000) - WEEK_MS
    total = await bot.store.leaderboard_size(game, guilds, since_ms=since, min_games=MIN_GAMES)
    pages = max(1, -(-total // PAGE))
    page = min(max(page, 0), pages - 1)
    rows = await bot.store.leaderboard(
        game, guilds, since_ms=since, min_games=MIN_GAMES, offset=page * PAGE, limit=PAGE
    )
    where = "this server" if scope == "s" else GLOBAL_WHERE
    when = "all time" if period == "a" else "the last 7 days"
    lines = [
        f"**{page * PAGE + i}.** {_who(row, scope)} — {row.mu - 3 * row.sigma:.1f} "
        f"({row.games} game{'s' * (row.games != 1)})"
        for i, row in enumerate(rows, 1)
    ]
    if not lines:
        lines = [f"Nobody has {MIN_GAMES} rated games here yet."]
    embed = discord.Embed(
        title=f"{get_game(game).title} leaderboard", description="\n".join(lines), colour=0x1565C0
    )
    embed.set_footer(
        text=f"{where} · {when} · rating = skill − 3 × uncertainty · page {page + 1} of {pages}"
    )
    return embed, pages


def board_view(board: Board, pages: int) -> discord.ui.View:
    """Previous / Next."""
    page = board.page
    return view_of(
        BoardButton.make(replace(board, page=page - 1), "◀ Previous", disabled=page <= 0),
        BoardButton.make(replace(board, page=page + 1), "Next ▶", disabled=page >= pages - 1),
    )


async def global_guilds(bot: TableroBot) -> list[str]:
    """The servers that allow the global board (every process's, from the database)."""
    return await bot.store.guilds_with("global_board")


class BoardButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=_BOARD):
    """A leaderboard paging button: `tbb:<game>:<scope>:<period>:<page>`."""

    @classmethod
    def make(cls, board: Board, label: str, *, disabled: bool) -> BoardButton:
        """The button that shows the board's page."""
        custom_id = f"tbb:{board.game}:{board.scope}:{board.period}:{max(board.page, 0)}"
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=label, custom_id=custom_id, disabled=disabled
        )
        return cls(button)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: Any
    ) -> BoardButton:
        """Wrap the clicked button."""
        return cls(cast("discord.ui.Button[Any]", item))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Show the page."""
        bot = cast("TableroBot", interaction.client)
        found = self.template.fullmatch(str(self.item.custom_id))
        if found is None or found["game"] not in GAMES or interaction.guild_id is None:
            await refuse_damaged(interaction, str(self.item.custom_id))
            return
        board = Board(found["game"], found["scope"], found["period"], int(found["page"]))
        embed, pages = await board_embed(bot, str(interaction.guild_id), board)
        board = replace(board, page=min(board.page, pages - 1))
        await interaction.response.edit_message(embed=embed, view=board_view(board, pages))


class RatingsCog(BoundedCog):
    """Leaderboards, stats and history."""

    def __init__(self, bot: TableroBot) -> None:
        self.bot = bot

    @app_commands.command(name="leaderboard", description="The best rated players of a game")
    @app_commands.describe(
        game="which game",
        scope="this server, or every server that shares its board",
        period="all time, or the last 7 days",
    )
    @app_commands.choices(game=game_choices())
    @app_commands.guild_only()
    async def leaderboard(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        scope: Literal["server", "global"] = "server",
        period: Literal["all-time", "week"] = "all-time",
    ) -> None:
        """The first page, with paging buttons (only you see it)."""
        board = Board(game, scope[0], period[0], 0)
        embed, pages = await board_embed(self.bot, str(interaction.guild_id), board)
        await interaction.response.send_message(
            embed=embed, view=board_view(board, pages), ephemeral=True
        )

    @app_commands.command(name="stats", description="A member's games, wins and rating here")
    @app_commands.describe(
        member="whose stats (you by default)", game="which game (the one played most by default)"
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
        who = member or interaction.user
        guild, player = str(interaction.guild_id), str(who.id)
        name = game or await self._most_played(player, guild)
        title = get_game(name).title
        results = await self.bot.store.player_results(player, guild, name, None)
        done, finished = await self.bot.store.player_match_counts(player, guild, name)
        wins = sum(1 for r in results if r.status == "finished" and r.place == 1)
        played = sum(1 for r in results if r.status == "finished")
        history = await self.bot.store.rating_history(guild, name, player)
        lines = [
            f"**{shown(who.display_name)}** in {title} on this server",
            f"Games: {played} · wins: {wins} · win rate: {_share(wins, played)}",
            f"Matches finished: {_share(finished, done)} of {done}",
        ]
        if not history:
            lines.append("Rating: no rated games yet, so no rating and no chart.")
            await interaction.followup.send("\n".join(lines), ephemeral=True)
            return
        last = history[-1]
        lines.append(
            f"Rating: {last.mu - 3 * last.sigma:.1f} (skill − 3 × uncertainty) after "
            f"{len(history)} rated game{'s' * (len(history) != 1)} · details: skill μ "
            f"{last.mu:.1f}, uncertainty σ {last.sigma:.2f}"
        )
        if not await self.bot.play.wants_images(str(interaction.user.id)):
            lines += [f"{_day(c.at)}: {c.mu - 3 * c.sigma:.1f}" for c in history[-TEXT_HISTORY:]]
            await interaction.followup.send("\n".join(lines), ephemeral=True)
            return
        points = [(c.at, c.mu, c.sigma) for c in history]
        chart_title = f"{who.display_name}: {title} rating"
        words = member_words(interaction)
        png = await self.bot.publisher.render(
            rating_chart_png, points, title=chart_title, words=words
        )
        alt = alt_text(chart_title, "\n".join(lines[1:]))
        await interaction.followup.send(
            "\n".join(lines),
            file=discord.File(io.BytesIO(png), filename="rating.png", description=alt),
            ephemeral=True,
        )

    async def _most_played(self, player: str, guild: str) -> str:
        """The game the member has most results in here (Keer op Keer Kids when none)."""
        games = [r.game for r in await self.bot.store.player_results(player, guild, None, None)]
        return max(sorted(GAMES), key=games.count)

    @app_commands.command(name="history", description="A member's recent matches here")
    @app_commands.describe(member="whose matches (you by default)")
    @app_commands.guild_only()
    async def history(
        self, interaction: discord.Interaction[Any], member: discord.User | None = None
    ) -> None:
        """The last 10 matches with their places."""
        who = member or interaction.user
        results = await self.bot.store.player_results(
            str(who.id), str(interaction.guild_id), None, 10
        )
        if not results:
            await interaction.response.send_message(
                f"{shown(who.display_name)} has no finished matches here yet.", ephemeral=True
            )
            return
        lines = [f"Recent matches of **{shown(who.display_name)}**:"]
        for r in results:
            how = f"{ordinal(r.place)} of {r.players}" if r.status == "finished" else r.status
            tags = " · casual" if not r.rated else ""
            tags += f" · {r.departed}" if r.departed else ""
            lines.append(
                f"#{r.match_id} {get_game(r.game).title} — {how}{tags} · "
                f"<t:{r.finished_at // 1000}:R> (`/match record {r.match_id}`)"
            )
        await interaction.response.send_message("\n".join(lines), ephemeral=True)


async def send_record(
    interaction: discord.Interaction[Any], bot: TableroBot, match_id: int
) -> None:
    """Upload a match's record (JSON) from this server, for `tablero replay`."""
    try:
        stored = await bot.store.load(match_id)
    except StorageError:
        raise Refused(f"There is no match #{match_id}.") from None
    if stored.guild_id != str(interaction.guild_id):
        raise Refused(f"There is no match #{match_id} on this server.")
    if stored.status == "open":
        raise Refused(
            f"Match #{match_id} is still being played: its record holds the dice to come "
            "(its seed, and Kero's deal), so it is available once the match is over."
        )
    data = stored.record.dumps().encode()
    name = f"tablero-{stored.record.game}-{match_id}.json"
    await interaction.response.send_message(
        f"Match #{match_id} ({stored.status}): replay it with `tablero replay {name}`.",
        file=discord.File(io.BytesIO(data), filename=name),
        ephemeral=True,
    )


def _who(row: BoardRow, scope: str) -> str:
    """A mention on this server's board; the last played name on the global one (a viewer's
    client may not know members of other servers), escaped, or a mention when none is kept."""
    if scope == "s" or not row.name:
        return f"<@{row.player_id}>"
    return shown(row.name)


def _share(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f} %" if whole else "-"

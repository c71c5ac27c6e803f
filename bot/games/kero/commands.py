"""`/kero challenge`: a member, or the bot itself for a match against the computer."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.core.clock_book import AwayPolicy
from bot.core.computer import ai_player
from bot.core.fairness import started_by_command
from bot.core.refusals import Refused
from bot.core.settings import ClockMode
from bot.games.adapter import CommandKit
from bot.ui.hours import AWAY_CHOICES, AWAY_KEY, HOURS_KEY, chosen_hours, chosen_policy
from bot.ui.languages import member_words
from bot.ui.lobby_texts import LOBBY_MS, place_of
from bot.ui.options import BoundedGroupCog
from bot.ui.permissions import require_server
from bot.ui.translator import choice, text
from games.common.levels import LEVELS, Level, parse_level
from games.kero import NAME
from games.records import Player
from storage import Lobby, now_ms


@app_commands.guild_only()
class KeroCog(BoundedGroupCog, group_name="kero", group_description=text("kero-cmd")):
    """Kero commands (in servers only: the group carries `guild_only`)."""

    def __init__(self, kit: CommandKit) -> None:
        self.bot = kit.client
        """discord.py's client: its own user is the computer a member may challenge."""
        self.kit = kit
        super().__init__()

    @app_commands.command(name="challenge", description=text("kero-challenge-cmd"))
    @app_commands.describe(
        member=text("kero-challenge-member-cmd"),
        variant=text("kero-challenge-variant-cmd"),
        refuel=text("kero-challenge-refuel-cmd"),
        clock=text("kero-challenge-clock-cmd"),
        rated=text("kero-challenge-rated-cmd"),
        level=text("kero-challenge-level-cmd"),
        hours=text("start-hours-cmd"),
        zone=text("start-zone-cmd"),
        away=text("start-away-cmd"),
    )
    @app_commands.choices(
        variant=[
            choice("kero-variant-base-choice", "base"),
            choice("kero-variant-boss-choice", "boss"),
        ],
        refuel=[
            choice("kero-refuel-auto-choice", "auto"),
            choice("kero-refuel-live-choice", "live"),
        ],
        clock=[
            choice("kero-clock-live-choice", "live"),
            choice("kero-clock-async-choice", "async"),
        ],
        level=[choice(f"kero-level-{level.value}-choice", level.value) for level in LEVELS],
        away=AWAY_CHOICES,
    )
    async def challenge(  # noqa: PLR0917 - discord.py maps each slash option to a parameter
        self,
        interaction: discord.Interaction[Any],
        member: discord.User,
        variant: str = "base",
        refuel: str = "auto",
        clock: str | None = None,
        rated: bool = True,
        level: str = Level.NORMAL.value,
        hours: str | None = None,
        zone: str | None = None,
        away: str = AwayPolicy.PAUSE.value,
    ) -> None:
        """Post a challenge only the challenged member can accept; against the bot, start now."""
        require_server(interaction)
        window = chosen_hours(hours, zone)
        guild, channel = place_of(interaction)
        challenger = str(interaction.user.id)
        options = {"variant": variant, "fuel_up": refuel}
        if member.id == interaction.user.id:
            raise Refused("kero-refuse-challenge-yourself")
        await self.kit.starts.check_can_start(interaction, challenger)
        if self.bot.user is not None and member.id == self.bot.user.id:
            # Ephemeral: should the match still not start, the refusal fills this answer.
            await interaction.response.defer(ephemeral=True, thinking=True)
            players = [
                Player(challenger, interaction.user.display_name),
                ai_player(0, _level(level)),
            ]
            mode = None if clock is None else ClockMode(clock)
            starts, fair = self.kit.starts, started_by_command(str(interaction.id))
            words = member_words(interaction)
            shown = words("fair-commitment", commitment=fair.short)
            await interaction.edit_original_response(content=shown)  # shown before any die
            live = await starts.start(
                interaction,
                NAME,
                players,
                options,
                mode,
                hours=window,
                away=chosen_policy(away),
                fair=fair,
            )
            said = words("kero-started-vs-computer", match=live.id)
            await interaction.edit_original_response(content=f"{said}\n{shown}")
            return
        if member.bot:
            raise Refused("kero-refuse-challenge-bot")
        names = {challenger: interaction.user.display_name, str(member.id): member.display_name}
        lobby = Lobby(
            id=None,
            kind="challenge",
            game=NAME,
            options={
                "names": names,
                "game": options,
                "rated": rated,
                **({"clock": clock} if clock else {}),
                **({HOURS_KEY: window.stored()} if window else {}),
                AWAY_KEY: chosen_policy(away).value,
            },
            host_id=challenger,
            members=(challenger, str(member.id)),
            expires_at=now_ms() + LOBBY_MS,
            guild_id=guild,
            channel_id=channel,
        )
        await self.kit.lobbies.open(interaction, lobby)


def _level(name: str) -> Level:
    """The level a challenge of the bot asked for (a forged value is refused, changing nothing)."""
    try:
        return parse_level(name)
    except ValueError:
        raise Refused("refuse-no-such-level") from None

"""Slash options from a modified client: values outside the declared choices, numbers beyond
the declared range (and beyond 64 bits), strings far over Discord's limits. Every command gets a
clear answer through the fake Discord; a value its command never offers is refused ephemerally
and changes nothing."""

from __future__ import annotations

import logging
import os
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import pytest
from discord import app_commands
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.app import TableroBot
from bot.ui.answers import FAILED
from bot.ui.options import BoundedCog, BoundedGroupCog
from fakediscord import FakeUser, InteractionResult
from tests.bot.conftest import Server, said
from words import words_for

FUZZ = settings(
    max_examples=int(os.environ.get("TABLERO_FUZZ_EXAMPLES", "150")),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
"""One bot serves every example of a test (fixtures are per test)."""

SUB, GROUP, STRING, INTEGER, BOOLEAN, USER = 1, 2, 3, 4, 5, 6
DISCORD_MAX_INTEGER = 2**53
DISCORD_MAX_STRING = 6000
HUGE = [0, -1, 2**31, 2**53, 2**53 + 1, 2**63, 2**64, -(2**70), 10**100, 10**4000]
"""Up to 4,000 digits: JSON from the gateway holds no longer number (Python reads 4,300)."""
ODD_TEXT = ["", " ", "x" * 10_000, "KERO", "kero ", "keer_kids", "on\n", "٣", "@everyone"]


@dataclass(frozen=True)
class Command:
    """A synced command as a member types it: its path and its declared options."""

    path: str
    options: tuple[dict[str, Any], ...]


def leaves(node: dict[str, Any], path: list[str]) -> list[Command]:
    """Every runnable command under a synced one (subcommands inside groups)."""
    subs = [o for o in node.get("options", []) if o["type"] in (SUB, GROUP)]
    if not subs:
        return [Command(" ".join(path), tuple(node.get("options", [])))]
    return [c for sub in subs for c in leaves(sub, [*path, sub["name"]])]


def allowed(option: dict[str, Any], value: Any) -> bool:
    """Whether the value is one the command declared to Discord (the oracle of the test)."""
    choices = [c["value"] for c in option.get("choices") or []]
    if option["type"] == STRING:
        low, high = option.get("min_length", 0), option.get("max_length", DISCORD_MAX_STRING)
        return value in choices if choices else low <= len(value) <= high
    if option["type"] == INTEGER:
        low, high = option.get("min_value"), option.get("max_value")
        return (
            abs(value) <= DISCORD_MAX_INTEGER
            and (not choices or value in choices)
            and (low is None or value >= low)
            and (high is None or value <= high)
        )
    return True


def values(option: dict[str, Any], users: list[FakeUser]) -> st.SearchStrategy[Any]:
    """Values a modified client may send for the option: declared ones, and anything else of
    the option's type."""
    kind = option["type"]
    if kind == STRING:
        choices = [c["value"] for c in option.get("choices") or []]
        return st.one_of(
            st.sampled_from(choices or ["text"]),
            st.sampled_from(ODD_TEXT),
            st.text(max_size=40),
        )
    if kind == INTEGER:
        low, high = option.get("min_value", -1000), option.get("max_value", 1000)
        return st.one_of(st.integers(low, high), st.integers(-1000, 1000), st.sampled_from(HUGE))
    if kind == BOOLEAN:
        return st.booleans()
    if kind == USER:
        return st.sampled_from(users)
    raise AssertionError(f"no strategy for option type {kind}: {option['name']}")


@dataclass
class Guild:
    """The bot, its commands, and who may run them."""

    server: Server
    bot: TableroBot
    commands: list[Command]

    def __repr__(self) -> str:
        """Short, for hypothesis's reports."""
        return f"Guild({len(self.commands)} commands)"

    async def stored(self) -> tuple[Any, ...]:
        """What a command could have stored: settings, lobbies, matches."""
        store, server = self.bot.runtime.store, self.server
        people = [server.ana, server.mod]
        return (
            await store.get_guild_settings(str(server.guild.id)),
            [await store.get_user_settings(str(u.id)) for u in people],
            sorted(lobby.id or 0 for lobby in await store.open_lobbies()),
            sorted(self.bot.runtime.service.matches),
        )


@pytest.fixture
async def guild(server: Server, bot: TableroBot) -> AsyncIterator[Guild]:
    """Every command the bot synced (globally), run as members of the server."""
    server.fake.response_timeout = 10.0
    synced = server.fake.synced_commands[None]
    yield Guild(server, bot, [c for s in synced for c in leaves(s, [s["name"]])])


@st.composite
def invocations(draw: st.DrawFn, guild: Guild) -> tuple[Command, dict[str, Any]]:
    """A command and option values (required ones always, optional ones sometimes)."""
    command = draw(st.sampled_from(guild.commands))
    server = guild.server
    users = [server.ana, server.bo, server.eve, server.fake.bot]
    given: dict[str, Any] = {}
    for option in command.options:
        if option.get("required") or draw(st.booleans()):
            given[option["name"]] = draw(values(option, users), label=option["name"])
    return command, given


async def run(guild: Guild, who: FakeUser, command: Command, given: dict[str, Any]) -> Any:
    """The command as a modified client sends it."""
    server = guild.server
    return await server.fake.slash(
        guild.bot, who, server.channel, command.path, modified_client=True, **given
    )


@FUZZ
@given(data=st.data(), moderator=st.booleans())
async def test_any_option_values_get_a_clear_answer_and_refused_ones_change_nothing(
    guild: Guild, caplog: pytest.LogCaptureFixture, data: st.DataObject, moderator: bool
) -> None:
    caplog.clear()
    command, given = data.draw(invocations(guild))
    declared = {o["name"]: o for o in command.options}
    refused = [name for name, value in given.items() if not allowed(declared[name], value)]
    server = guild.server
    before = await guild.stored()
    res = await run(guild, server.mod if moderator else server.ana, command, given)
    await server.fake.settle()
    answered_clearly(res, caplog, guild)
    if refused:
        assert res.ephemeral and "nothing was changed" in said(res), (refused, said(res))
        assert f"`{refused[0]}`" in said(res) or f"`{refused[-1]}`" in said(res)
        assert await guild.stored() == before


def answered_clearly(
    res: InteractionResult, caplog: pytest.LogCaptureFixture, guild: Guild
) -> None:
    """A first answer within Discord's limits, never the generic failure, nothing logged as an
    error, no background failure."""
    assert res.acknowledged and res.errors == [], res.errors
    assert words_for("en")(FAILED) not in said(res) and "went wrong" not in said(res)
    assert len(said(res)) <= 2000
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []
    assert guild.bot.runtime.publisher.errors == [] and guild.server.fake.violations == []


@pytest.mark.parametrize(
    ("path", "options", "words"),
    [
        ("match record", {"match": 2**70}, "`match` is far too large a number"),
        ("match record", {"match": 10**4000}, "`match` is far too large a number"),
        ("match record", {"match": -3}, "`match` must be at least 1"),
        ("match record", {"match": 0}, "`match` must be at least 1"),
        ("rules", {"game": "chess"}, "`game` must be Keer op Keer Kids or Kero"),
        ("rules", {"game": "x" * 10_000}, "`game` must be Keer op Keer Kids or Kero"),
        ("leaderboard", {"game": "chess"}, "`game` must be Keer op Keer Kids or Kero"),
        ("leaderboard", {"game": "kero", "period": "year"}, "`period` must be "),
        ("stats", {"game": "chess"}, "`game` must be Keer op Keer Kids or Kero"),
        ("settings limit", {"matches": 0}, "`matches` must be from 1 to 25"),
        ("settings limit", {"matches": 26}, "`matches` must be from 1 to 25"),
        ("settings limit", {"matches": 2**64}, "`matches` is far too large a number"),
        ("settings clock", {"default": "live", "live_minutes": 121}, "from 1 to 120"),
        ("settings clock", {"default": "async", "async_hours": 0}, "from 1 to 168"),
        ("settings clock", {"default": "live", "abandon_days": 61}, "from 1 to 60"),
        ("settings clock", {"default": "slow"}, "`default` must be live or async"),
        ("settings threads", {"mode": "x" * 10_000}, "`mode` must be on or off"),
        ("notify", {"mode": "maybe"}, "`mode` must be on or off"),
        ("keer start", {"clock": "never"}, "`clock` must be live or async"),
    ],
)
async def test_a_value_the_command_never_offers_is_refused_and_changes_nothing(
    guild: Guild,
    caplog: pytest.LogCaptureFixture,
    path: str,
    options: dict[str, Any],
    words: str,
) -> None:
    server = guild.server
    command = next(c for c in guild.commands if c.path == path)
    before = await guild.stored()
    res = await run(guild, server.mod, command, options)
    await server.fake.settle()
    answered_clearly(res, caplog, guild)
    assert res.ephemeral and words in said(res) and "nothing was changed" in said(res)
    assert await guild.stored() == before
    warned = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert any(f"/{path} from user {server.mod.id} refused" in line for line in warned)


async def test_a_modified_challenge_is_refused_before_anything_is_posted(guild: Guild) -> None:
    server = guild.server
    command = next(c for c in guild.commands if c.path == "kero challenge")
    res = await run(guild, server.ana, command, {"member": server.bo, "variant": "turbo"})
    assert res.ephemeral and "`variant` must be base or boss" in said(res)
    assert server.fake.channel_messages(server.channel) == []
    assert await guild.bot.runtime.store.open_lobbies() == []


async def test_discord_s_own_client_cannot_send_such_values(guild: Guild) -> None:
    """Without `modified_client` the fake Discord refuses, as Discord's client does."""
    server = guild.server
    with pytest.raises(AssertionError, match="outside"):
        await server.fake.slash(guild.bot, server.mod, server.channel, "settings limit", matches=0)
    with pytest.raises(AssertionError, match="not one of the choices"):
        await server.fake.slash(guild.bot, server.mod, server.channel, "rules", game="chess")
    with pytest.raises(AssertionError, match="needs"):
        await server.fake.slash(
            guild.bot, server.mod, server.channel, "match record", modified_client=True, match="1"
        )


async def test_every_slash_command_checks_its_options(guild: Guild) -> None:
    """A new cog that forgets the check would take any value a modified client sends."""
    commands = [c for c in guild.bot.tree.walk_commands() if isinstance(c, app_commands.Command)]
    assert {c.qualified_name for c in commands} == {c.path for c in guild.commands}
    for command in commands:
        assert isinstance(command.binding, BoundedCog | BoundedGroupCog), command.qualified_name

"""Every slash option checked against what its command declares to Discord, before the command
runs: choices, ranges, lengths and types.

Discord's own client only offers the declared choices and numbers in range, but a modified
client can send any value of the option's type, and discord.py passes `Literal`, `choices` and
`Range` values through unchecked. `BoundedCog` and `BoundedGroupCog` refuse such a value with
one ephemeral sentence (the tree's error handler shows it) before anything is read or stored.
"""

from __future__ import annotations

import logging
from typing import Any, Final

import discord
from discord import AppCommandOptionType as Kind
from discord import app_commands
from discord.ext import commands

from bot.refusals import Refused

log = logging.getLogger(__name__)
DISCORD_MAX_INTEGER: Final = 2**53
"""Discord's bound on an integer option's value (either sign)."""
DISCORD_MAX_STRING: Final = 6000
"""Discord's bound on a string option's length."""


class BadOption(app_commands.AppCommandError):
    """An option value its command never offers; `original` is the refusal the member reads,
    as the tree's error handler shows the text of a wrapped `Refused`."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.original = Refused(text)


def check_options(interaction: discord.Interaction[Any]) -> None:
    """Refuse (BadOption) the first option its command's declaration does not allow, and log it
    (only a modified client sends one)."""
    command = interaction.command
    if not isinstance(command, app_commands.Command):
        return
    text = _first_problem(command, vars(interaction.namespace))
    if text is not None:
        name, user = command.qualified_name, interaction.user.id
        log.warning("/%s from user %s refused: %s", name, user, text)
        raise BadOption(text)


def _first_problem(
    command: app_commands.Command[Any, ..., Any], given: dict[str, Any]
) -> str | None:
    """What is wrong with the first option that is wrong, as the member reads it."""
    for param in command.parameters:
        value = given.get(param.display_name)
        if value is None and param.required:
            return f"/{command.qualified_name} needs `{param.display_name}`; nothing was changed."
        problem = None if value is None else _problem(param, value)
        if problem is not None:
            return f"`{param.display_name}` {problem}; nothing was changed."
    return None


def _problem(param: app_commands.Parameter, value: object) -> str | None:
    """What is wrong with one value, or None."""
    if param.type is Kind.integer:
        return _integer_problem(param, value)
    if param.type is Kind.string:
        return _string_problem(param, value)
    if param.type is Kind.boolean and not isinstance(value, bool):
        return "must be true or false"
    if param.type is Kind.user and not isinstance(value, (discord.User, discord.Member)):
        return "must be a member of this server"
    return None


def _integer_problem(param: app_commands.Parameter, value: object) -> str | None:
    if not isinstance(value, int) or isinstance(value, bool):
        return "must be a whole number"
    if abs(value) > DISCORD_MAX_INTEGER:
        return "is far too large a number"
    if param.choices and value not in [c.value for c in param.choices]:
        return _one_of(param)
    low, high = param.min_value, param.max_value
    if (low is not None and value < low) or (high is not None and value > high):
        return f"must be {_between(low, high)}"
    return None


def _string_problem(param: app_commands.Parameter, value: object) -> str | None:
    if not isinstance(value, str):
        return "must be text"
    if param.choices:
        return None if value in [c.value for c in param.choices] else _one_of(param)
    low, high = param.min_value or 0, param.max_value or DISCORD_MAX_STRING
    if not low <= len(value) <= high:
        return f"must be {_between(low, high)} characters long"
    return None


def _one_of(param: app_commands.Parameter) -> str:
    """Which choices the member can pick (their names, as the Discord client shows them)."""
    return "must be one of: " + ", ".join(c.name for c in param.choices)


def _between(low: float | None, high: float | None) -> str:
    if low is not None and high is not None:
        return f"from {low} to {high}"
    return f"at least {low}" if low is not None else f"at most {high}"


class BoundedCog(commands.Cog):
    """A cog whose slash commands refuse option values they never offer."""

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        """Every command of the cog: check its options first (BadOption)."""
        check_options(interaction)
        return True


class BoundedGroupCog(commands.GroupCog):
    """A command group whose subcommands refuse option values they never offer."""

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        """Every subcommand of the group: check its options first (BadOption)."""
        check_options(interaction)
        return True

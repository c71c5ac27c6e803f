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

from bot.core.refusals import Listed, Refused
from bot.ui.translator import KEY

log = logging.getLogger(__name__)
DISCORD_MAX_INTEGER: Final = 2**53
"""Discord's bound on an integer option's value (either sign)."""
DISCORD_MAX_STRING: Final = 6000
"""Discord's bound on a string option's length."""


class BadOption(app_commands.AppCommandError):
    """An option value its command never offers; `original` is the refusal the member reads,
    as the tree's error handler shows a wrapped `Refused`."""

    def __init__(self, refusal: Refused) -> None:
        super().__init__(refusal.key)
        self.original = refusal


def check_options(interaction: discord.Interaction[Any]) -> None:
    """Refuse (BadOption) the first option its command's declaration does not allow, and log it
    (only a modified client sends one)."""
    command = interaction.command
    if not isinstance(command, app_commands.Command):
        return
    refusal = _first_problem(command, vars(interaction.namespace))
    if refusal is not None:
        name, user = command.qualified_name, interaction.user.id
        log.warning("/%s from user %s refused: %s %s", name, user, refusal.key, refusal.values)
        raise BadOption(refusal)


def _first_problem(
    command: app_commands.Command[Any, ..., Any], given: dict[str, Any]
) -> Refused | None:
    """What is wrong with the first option that is wrong, as the member reads it."""
    for param in command.parameters:
        value = given.get(param.display_name)
        if value is None and param.required:
            return Refused(
                "refuse-option-needed", command=command.qualified_name, option=param.display_name
            )
        problem = None if value is None else _problem(param, value)
        if problem is not None:
            key, values = problem
            return Refused(key, option=param.display_name, **values)
    return None


Problem = tuple[str, dict[str, str | int | float | Listed]]
"""A refusal's message id and what fills it (besides the option's name)."""


def _problem(param: app_commands.Parameter, value: object) -> Problem | None:
    """What is wrong with one value, or None."""
    if param.type is Kind.integer:
        return _integer_problem(param, value)
    if param.type is Kind.string:
        return _string_problem(param, value)
    if param.type is Kind.boolean and not isinstance(value, bool):
        return "refuse-option-boolean", {}
    if param.type is Kind.user and not isinstance(value, (discord.User, discord.Member)):
        return "refuse-option-member", {}
    return None


def _integer_problem(param: app_commands.Parameter, value: object) -> Problem | None:
    if not isinstance(value, int) or isinstance(value, bool):
        return "refuse-option-whole-number", {}
    if abs(value) > DISCORD_MAX_INTEGER:
        return "refuse-option-too-large", {}
    if param.choices and value not in [c.value for c in param.choices]:
        return _one_of(param)
    low, high = param.min_value, param.max_value
    if (low is not None and value < low) or (high is not None and value > high):
        return _between("refuse-option-range", low, high)
    return None


def _string_problem(param: app_commands.Parameter, value: object) -> Problem | None:
    if not isinstance(value, str):
        return "refuse-option-text", {}
    if param.choices:
        return None if value in [c.value for c in param.choices] else _one_of(param)
    low, high = param.min_value or 0, param.max_value or DISCORD_MAX_STRING
    if not low <= len(value) <= high:
        return _between("refuse-option-length", low, high)
    return None


def _one_of(param: app_commands.Parameter) -> Problem:
    """Which choices the member can pick (their names, as the Discord client shows them in the
    member's language)."""
    keys = [getattr(c.name, "extras", {}).get(KEY) for c in param.choices]
    if all(isinstance(key, str) for key in keys):
        names = Listed(tuple(str(key) for key in keys), style="or")
    else:  # names that are the same in every language (the games' titles)
        names = Listed(tuple(str(c.name) for c in param.choices), literal=True, style="or")
    return "refuse-option-one-of", {"choices": names}


def _between(key: str, low: float | None, high: float | None) -> Problem:
    """`key` (from … to …), or its `-at-least` / `-at-most` form when one end is open."""
    if low is not None and high is not None:
        return key, {"low": low, "high": high}
    if low is not None:
        return key + "-at-least", {"low": low}
    return key + "-at-most", {"high": high if high is not None else 0}


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

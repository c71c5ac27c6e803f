"""Buttons and selects as DynamicItems: discord.py routes a click by its custom_id alone, so every
message Tablero ever sent keeps working after a restart (the state lives in the database).

Every item class derives from `TableroItem`: it reads its reference from the custom_id (parse),
refuses a damaged one and guards the handler (guard), then hands the click to the component that
answers it (handle). That component is bound per bot by the composition root (`bound`), so an
item never reaches the bot to find it. A damaged custom_id with one of our prefixes still reaches
these classes and is refused with a message; one without our prefixes is caught by
`TableroBot.on_interaction`.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any, ClassVar, Final, Self, cast

import discord

from bot.ui.answers import guarded, refuse_damaged
from bot.ui.ids import (
    BUTTON_TEMPLATE,
    LOBBY_SELECT_TEMPLATE,
    LOBBY_TEMPLATE,
    SELECT_TEMPLATE,
    LobbyRef,
    MalformedId,
    MatchRef,
    parse_lobby,
    parse_lobby_select,
    parse_match,
)

Handle = Callable[[discord.Interaction[Any], Any], Awaitable[None]]
"""What answers a click: the interaction and the reference its custom_id carries."""
_NEVER: Final = r"(?!x)x"
"""The base class's template, which no custom_id matches (it is never registered)."""


class TableroItem(discord.ui.DynamicItem[discord.ui.Item[Any]], template=_NEVER):
    """One kind of Tablero component: parse → guard → handle."""

    kind: ClassVar[type[discord.ui.Item[Any]]] = discord.ui.Button
    """The component type its custom_ids belong to (a select's id on a button is damaged)."""

    def __init_subclass__(cls, *, template: str | re.Pattern[str] | None = None) -> None:
        inherited = cls.__discord_ui_compiled_template__  # a bound copy keeps its class's
        super().__init_subclass__(template=inherited if template is None else template)

    @classmethod
    def bound(cls, handle: Handle) -> type[Self]:
        """This item class answering through `handle` (one class per bot: two bots in one
        process each register their own)."""

        async def handled(
            self: TableroItem, interaction: discord.Interaction[Any], ref: Any
        ) -> None:
            await handle(interaction, ref)

        namespace = {"handle": handled, "__doc__": cls.__doc__, "__module__": cls.__module__}
        return cast("type[Self]", type(cls.__name__, (cls,), namespace))

    async def handle(self, interaction: discord.Interaction[Any], ref: Any) -> None:
        """Answer the click (each class's own, or the handler `bound` gave it)."""
        raise RuntimeError(f"{type(self).__name__} was registered without its handler (`bound`)")

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: Any
    ) -> Self:
        """Wrap the clicked component; parsing happens in the callback so errors get an answer."""
        return cls(item)

    def parse(self, custom_id: str) -> Any:
        """The reference this item's custom_id carries; MalformedId for a damaged one."""
        found = self.template.fullmatch(custom_id)
        if found is None:
            raise MalformedId(f"{custom_id!r} is not a {type(self).__name__}'s id")
        return found

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Parse, then run the handler guarded (a refusal said, a failure told)."""
        custom_id = str(getattr(self.item, "custom_id", ""))
        try:
            if not isinstance(self.item, self.kind):
                raise MalformedId(f"{custom_id!r} is not a {self.kind.__name__}'s id")
            ref = self.parse(custom_id)
        except MalformedId:
            await refuse_damaged(interaction, custom_id)
            return
        await guarded(interaction, self.handle(interaction, ref))


class MatchButton(TableroItem, template=BUTTON_TEMPLATE):
    """A button of a match message: `tb:<match>:<version>:<verb>[:<arg>]`."""

    def parse(self, custom_id: str) -> MatchRef:
        """The match reference."""
        return parse_match(custom_id.split(":", 1)[1])


class MatchSelect(TableroItem, template=SELECT_TEMPLATE):
    """A select of a match message; the chosen value completes the action."""

    kind = discord.ui.Select

    def parse(self, custom_id: str) -> tuple[MatchRef, list[str]]:
        """The match reference and the values chosen."""
        select = cast("discord.ui.Select[Any]", self.item)
        return parse_match(custom_id.split(":", 1)[1]), list(select.values)


class LobbyButton(TableroItem, template=LOBBY_TEMPLATE):
    """A lobby or challenge button: `tbl:<lobby>:<verb>`."""

    def parse(self, custom_id: str) -> LobbyRef:
        """The lobby reference."""
        return parse_lobby(custom_id.split(":", 1)[1])


class LobbySelect(TableroItem, template=LOBBY_SELECT_TEMPLATE):
    """A lobby select: `tbls:<lobby>:<verb>`; the chosen value is the choice."""

    kind = discord.ui.Select

    def parse(self, custom_id: str) -> tuple[LobbyRef, list[str]]:
        """The lobby reference and the values chosen."""
        select = cast("discord.ui.Select[Any]", self.item)
        return parse_lobby_select(custom_id.split(":", 1)[1]), list(select.values)


def match_button(
    ref: MatchRef,
    label: str | None = None,
    *,
    emoji: str | None = None,
    style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    disabled: bool = False,
    row: int | None = None,
) -> MatchButton:
    """A match button carrying `ref`."""
    button: discord.ui.Button[Any] = discord.ui.Button(
        label=label, emoji=emoji, style=style, disabled=disabled, custom_id=ref.button_id()
    )
    return MatchButton(button, row=row)


def match_select(
    ref: MatchRef, options: list[discord.SelectOption], placeholder: str, row: int | None = None
) -> MatchSelect:
    """A select carrying `ref` with the given options (Discord allows 25)."""
    select: discord.ui.Select[Any] = discord.ui.Select(
        custom_id=ref.select_id(), options=options, placeholder=placeholder
    )
    return MatchSelect(select, row=row)


def select_values(view: discord.ui.View | None, custom_id: str) -> set[str]:
    """The values a view's select with this custom_id offers (none: no such select)."""
    if view is None:
        return set()
    found: set[str] = set()
    for item in view.children:
        select = getattr(item, "item", item)
        if isinstance(select, discord.ui.Select) and select.custom_id == custom_id:
            found |= {option.value for option in select.options}
    return found


def lobby_button(
    ref: LobbyRef,
    label: str,
    *,
    style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    disabled: bool = False,
    emoji: str | None = None,
) -> LobbyButton:
    """A lobby button carrying `ref`."""
    button: discord.ui.Button[Any] = discord.ui.Button(
        label=label, style=style, disabled=disabled, emoji=emoji, custom_id=ref.button_id()
    )
    return LobbyButton(button)


def lobby_select(
    ref: LobbyRef, options: list[discord.SelectOption], placeholder: str
) -> LobbySelect:
    """A lobby select carrying `ref` with the given options (Discord allows 25)."""
    select: discord.ui.Select[Any] = discord.ui.Select(
        custom_id=ref.select_id(), options=options, placeholder=placeholder
    )
    return LobbySelect(select)

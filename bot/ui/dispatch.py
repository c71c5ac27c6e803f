"""A click on one of Tablero's components goes straight to its item: discord.py would parse the
clicked message's whole card into components, rebuild it as a view (`View.from_message`) and
walk it to find the one clicked — on every click, for a card of some thirty components — then
start a second task for `on_interaction`. The raw payload already says which component it is.

What discord.py's routing guarantees is kept: a custom_id is answered only if the clicked
message carries a component of that type with that id (a forged or outdated id is not, and goes
the general way, where `TableroBot.on_interaction` refuses it), and a select's values are the
payload's, as discord.py reads them."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

import discord
from discord.components import Button as ButtonComponent
from discord.components import SelectMenu
from discord.ui.select import BaseSelect

log = logging.getLogger(__name__)

_CLICKABLE: Final = {2, 3}
"""The component types Tablero's own items are: buttons and string selects."""
Factory = type[discord.ui.DynamicItem[discord.ui.Item[Any]]]


@dataclass(frozen=True, slots=True)
class Routed:
    """A click whose item is known: the item class, the component as the message carries it."""

    factory: Factory
    component: Mapping[str, Any]
    match: re.Match[str]


class Dispatch:
    """Finds the item class and component of a click from the raw INTERACTION_CREATE."""

    def __init__(self, items: Sequence[Factory]) -> None:
        self._items = [(item.__discord_ui_compiled_template__, item) for item in items]

    def routed(self, data: Mapping[str, Any]) -> Routed | None:
        """The click's item, if it is one of Tablero's on the message clicked (None: let
        discord.py route it, and `on_interaction` answer what nothing takes)."""
        if data.get("type") != 3:
            return None
        inner, message = data.get("data"), data.get("message")
        if not isinstance(inner, dict) or not isinstance(message, dict):
            return None
        custom_id, kind = inner.get("custom_id"), inner.get("component_type")
        if not isinstance(custom_id, str) or kind not in _CLICKABLE:
            return None
        taken = self._taking(custom_id)
        component = _carried(message.get("components"), kind, custom_id)
        if taken is None or component is None:
            return None
        return Routed(taken[0], component, taken[1])

    def _taking(self, custom_id: str) -> tuple[Factory, re.Match[str]] | None:
        """The item class whose template takes `custom_id`, and its match."""
        for template, factory in self._items:
            match = template.fullmatch(custom_id)
            if match is not None:
                return factory, match
        return None


def _carried(components: object, kind: int, custom_id: str) -> Mapping[str, Any] | None:
    """The component of type `kind` with `custom_id` among a message's raw components (through
    action rows, sections and containers), if it carries one."""
    waiting = list(components) if isinstance(components, list) else []
    while waiting:
        component = waiting.pop()
        if not isinstance(component, dict):
            continue
        if component.get("custom_id") == custom_id and component.get("type") == kind:
            return component
        waiting.extend(component.get("components") or ())
        accessory = component.get("accessory")
        if accessory is not None:
            waiting.append(accessory)
    return None


def without_components(data: Mapping[str, Any]) -> dict[str, Any]:
    """The payload with the clicked message's components left out: `Routed` holds the one
    that matters, and discord.py would parse every other into objects nobody reads."""
    return {**data, "message": {**data["message"], "components": []}}


async def answer(
    routed: Routed, interaction: discord.Interaction[Any], noted: Callable[[], None]
) -> None:
    """Run the click's item as discord.py would (its values refreshed from the payload), after
    `noted` (what `on_interaction` notes of every interaction)."""
    noted()
    component: Any = dict(routed.component)
    if component["type"] == 2:
        base: discord.ui.Item[Any] = discord.ui.Button.from_component(ButtonComponent(component))
    else:
        base = BaseSelect.from_component(SelectMenu(component))
    try:
        item = await routed.factory.from_custom_id(interaction, base, routed.match)
    except Exception:
        log.exception("could not make the item for %r", routed.factory)
        return
    item._refresh_state(interaction, interaction.data)  # type: ignore[arg-type]
    try:
        await item.callback(interaction)
    except Exception:
        log.exception("the callback of %r failed", item)

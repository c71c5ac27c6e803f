"""Players' side: sending interactions to a bot and waiting for the first response."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from . import payloads
from .commands import SlashBuilder
from .events import InteractionFactory
from .model import FakeChannel, FakeInteraction, FakeMessage, FakeUser, InteractionResult
from .world import World


class Driver:
    """Mixin of ``FakeDiscord``: slash commands, clicks, selects, modals."""

    world: World
    factory: InteractionFactory
    slash_builder: SlashBuilder
    response_timeout: float
    deliver: Callable[[discord.Client, str, dict[str, Any]], Awaitable[None]]
    """A gateway dispatch: ``FakeDiscord.deliver`` (in memory, or over the loopback socket)."""
    echoes: int
    """How many of the next interactions reach the bot twice (``redeliver_next``)."""

    async def interact(
        self,
        client: discord.Client,
        user: FakeUser,
        chan: FakeChannel,
        kind: int,
        data: dict[str, Any],
        *,
        message: FakeMessage | None = None,
        at_ms: int | None = None,
    ) -> InteractionResult:
        """Send any interaction and wait for its first response (AssertionError if none)."""
        rec = self.factory.create(kind, user, chan, data, message=message, at_ms=at_ms)
        rec.sent_at = time.monotonic()
        await self._send(client, rec)
        if self.echoes > 0:
            self.echoes -= 1
            await self._send(client, rec)
        try:
            async with asyncio.timeout(self.response_timeout):  # no task of its own: settle()
                await rec.answered.wait()  # must not wait for a click that gets no answer
        except TimeoutError:
            what = data.get("custom_id") or data.get("name")
            msg = (
                f"interaction {what!r} from {user.name} got no response in {self.response_timeout}s"
            )
            raise AssertionError(msg + " ('This interaction failed')") from None
        return InteractionResult(rec, self.world.messages)

    async def _send(self, client: discord.Client, rec: FakeInteraction) -> None:
        """One INTERACTION_CREATE for ``rec``, a fresh copy of its payload each time."""
        rec.deliveries += 1
        await self.deliver(client, "INTERACTION_CREATE", payloads.json_copy(rec.payload))

    def redeliver_next(self, times: int = 1) -> None:
        """Deliver each of the next ``times`` interactions twice, back to back (same id and
        token), as Discord or a resumed gateway may: the second copy arrives while the bot is
        still handling the first. A second callback is answered 40060 and recorded."""
        self.echoes += times

    async def redeliver(
        self, client: discord.Client, interaction: InteractionResult | FakeInteraction
    ) -> None:
        """Deliver an interaction already sent once again (same id, token and payload), e.g.
        after the bot answered it; waits for nothing. Its 3 seconds still count from the first
        delivery, and a second callback is answered 40060 and recorded in ``violations``."""
        rec = interaction.interaction if isinstance(interaction, InteractionResult) else interaction
        if rec.deliveries == 0:
            raise AssertionError(f"interaction {rec.id} was never delivered")
        await self._send(client, rec)

    async def slash(
        self,
        client: discord.Client,
        user: FakeUser,
        chan: FakeChannel,
        path: str,
        *,
        at_ms: int | None = None,
        modified_client: bool = False,
        **options: Any,
    ) -> InteractionResult:
        """Run ``/path`` (``"group sub"``) with typed options, as ``user`` in ``chan``.

        ``modified_client=True`` sends values Discord's own client would refuse to send (a
        string outside the choices, a number outside ``min_value``/``max_value``, a string of
        any length): a modified client can, and the bot must refuse them itself."""
        data = self.slash_builder.build(
            user, chan, path, options, client_checks=not modified_client
        )
        return await self.interact(client, user, chan, 2, data, at_ms=at_ms)

    async def click(
        self,
        client: discord.Client,
        user: FakeUser,
        message: FakeMessage | int | None,
        target: str,
        *,
        at_ms: int | None = None,
    ) -> InteractionResult:
        """Click the button labelled (or with custom_id) ``target`` on a stored message."""
        msg = self._visible(message, user)
        button = msg.find(target, kind="button")
        if button.disabled or button.custom_id is None:
            raise AssertionError(f"{target!r} on {msg.id} is disabled or a link button")
        return await self.component(
            client, user, custom_id=button.custom_id, message=msg, at_ms=at_ms
        )

    async def select(
        self,
        client: discord.Client,
        user: FakeUser,
        message: FakeMessage | int | None,
        target: str,
        values: list[Any],
        *,
        at_ms: int | None = None,
    ) -> InteractionResult:
        """Choose ``values`` in the select with custom_id (or placeholder) ``target``."""
        msg = self._visible(message, user)
        sel = msg.find(target, kind="select")
        low, high = sel.raw.get("min_values", 1), sel.raw.get("max_values", 1)
        if sel.disabled or not low <= len(values) <= high:
            raise AssertionError(f"select {target!r} is disabled or takes {low}..{high} values")
        if sel.type == 3 and not set(values) <= set(sel.options):
            raise AssertionError(f"{values} not among the options {list(sel.options)}")
        ids = [str(v.id) if isinstance(v, FakeUser) else str(v) for v in values]
        extra: dict[str, Any] = {}
        if sel.type == 5:
            extra["resolved"] = {"users": {str(v.id): payloads.user(v) for v in values}}
        return await self.component(
            client,
            user,
            custom_id=sel.raw["custom_id"],
            message=msg,
            component_type=sel.type,
            values=ids,
            at_ms=at_ms,
            **extra,
        )

    async def component(
        self,
        client: discord.Client,
        user: FakeUser,
        chan: FakeChannel | None = None,
        *,
        custom_id: str,
        message: FakeMessage | None = None,
        component_type: int = 2,
        values: list[str] | None = None,
        at_ms: int | None = None,
        resolved: dict[str, Any] | None = None,
    ) -> InteractionResult:
        """A raw component interaction, e.g. with a malformed custom_id."""
        if chan is None:
            if message is None:
                raise AssertionError("component() needs a channel or a message")
            chan = self.world.channels[message.channel_id]
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": component_type}
        if values is not None:
            data["values"] = values
        if resolved:
            data["resolved"] = resolved
        return await self.interact(client, user, chan, 3, data, message=message, at_ms=at_ms)

    async def submit_modal(
        self,
        client: discord.Client,
        res: InteractionResult,
        values: dict[str, str],
        *,
        at_ms: int | None = None,
    ) -> InteractionResult:
        """Submit the modal a previous interaction opened, with text input values by custom_id."""
        rec = res.interaction
        if rec.response_type != 9 or rec.response_data is None:
            raise AssertionError("that interaction did not open a modal")
        modal = rec.response_data
        data = {
            "custom_id": modal["custom_id"],
            "components": _modal_answers(modal["components"], values),
        }
        message = self.world.messages.get(rec.message_id or 0)
        return await self.interact(
            client, rec.user, rec.channel, 5, data, message=message, at_ms=at_ms
        )

    def _visible(self, message: FakeMessage | int | None, user: FakeUser) -> FakeMessage:
        """The stored message, if ``user`` can see it."""
        if message is None:
            raise AssertionError("no message to interact with (did the bot send one?)")
        msg = message if isinstance(message, FakeMessage) else self.world.messages[message]
        msg = self.world.messages.get(msg.id, msg)
        if not msg.visible_for(user.id):
            raise AssertionError(f"{user.name} cannot see message {msg.id} (deleted or ephemeral)")
        return msg


def _modal_answers(
    components: list[dict[str, Any]], values: dict[str, str]
) -> list[dict[str, Any]]:
    """Submitted modal rows: action rows or labels around text inputs, with values."""
    out = []
    for comp in components:
        if comp.get("type") == 18:
            inner = comp["component"]
            answer = {
                "type": inner["type"],
                "custom_id": inner["custom_id"],
                "value": values.get(inner["custom_id"], ""),
            }
            out.append({"type": 18, "id": comp.get("id", 0), "component": answer})
        else:
            items = [
                {
                    "type": c["type"],
                    "custom_id": c["custom_id"],
                    "value": values.get(c["custom_id"], ""),
                }
                for c in comp.get("components", [])
            ]
            out.append({"type": 1, "components": items})
    return out

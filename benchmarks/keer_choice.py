"""A member's pick on a Keer die's ephemeral, as the benchmarks' players make it: the option of
its select, or the mark's button when a purple die's mark is its only choice."""

from __future__ import annotations

from typing import Any

from fakediscord import FakeDiscord, FakeMessage, FakeUser, InteractionResult
from games.keer_kids import Cross, Mark


async def choose(
    fake: FakeDiscord, client: Any, user: FakeUser, choice: FakeMessage, action: Cross | Mark
) -> InteractionResult | None:
    """Choose `action` on the ephemeral; None when it does not offer it (it answered "out of
    date": the roll moved on meanwhile)."""
    text = action.to_text()
    for component in choice.interactive():
        if component.type == 3 and text in component.options:
            return await fake.select(client, user, choice, str(component.custom_id), [text])
        button = str(component.custom_id).endswith(f":mark:{action.die}")
        if button and isinstance(action, Mark) and action.chameleon is None:
            return await fake.click(client, user, choice, str(component.custom_id))
    return None

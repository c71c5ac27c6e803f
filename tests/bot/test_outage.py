"""While the database can't take writes (down, read-only, disk full), a click is refused in
words — "Tablero can't save moves right now; nothing was changed" — and nothing changes; once
the database is back, the same click works."""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest

from bot.ui.answers import OUTAGE
from tests.bot.conftest import Server, said
from tests.bot.keer_driver import start_match
from words import words_for


@pytest.mark.parametrize(
    "error",
    [sqlite3.OperationalError("disk I/O error"), OSError(28, "No space left on device")],
    ids=["sqlite read-only or failing", "disk full"],
)
async def test_a_click_while_the_database_is_down_is_refused_in_words(
    server: Server, monkeypatch: pytest.MonkeyPatch, error: Exception
) -> None:
    bot = await server.start_bot()
    live = await start_match(server, bot, [server.bo], ais=0)
    message = server.fake.message(int(live.message_id or 0))
    version, append = live.state.version, bot.runtime.store.append

    async def down(*args: Any, **kwargs: Any) -> Any:
        raise error

    monkeypatch.setattr(bot.runtime.store, "append", down)
    refused = await server.fake.click(bot, server.ana, message, "Roll")
    assert refused.ephemeral and said(refused) == words_for("en")(OUTAGE)
    assert live.state.version == version  # nothing half-applied
    monkeypatch.setattr(bot.runtime.store, "append", append)
    again = await server.fake.click(bot, server.ana, message, "Roll")
    assert not again.ephemeral and live.state.version > version
    await server.fake.disconnect(bot)

"""The floor of `benchmarks.clicks`: a bare discord.py bot doing only what any bot answering a
click must — take the click from the gateway, store one row (one SQLite commit: an INSERT in
autocommit mode, WAL, synchronous=NORMAL, off the event loop in aiosqlite's thread as a bot's
store would), then give the first answer Tablero gave the same click: the same callback type,
payload and uploads (random bytes of the same sizes; the double hands the answer over beside
the interaction). Tablero's intents, no message cache, the same event loop (uvloop where
installed). What it costs per click is the floor Tablero's cost is measured against.

    python -m fakediscord.pointed PORT benchmarks.floor_bot DB_PATH READY_PATH
"""

from __future__ import annotations

import asyncio
import importlib.util
import io
import os
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

import aiosqlite
import discord
from discord.enums import InteractionResponseType
from discord.http import MultipartParameters
from discord.interactions import InteractionCallbackResponse
from discord.webhook.async_ import async_context

ANSWER: Final = "bench_answer"
"""The key of the interaction payload under which the double hands over the answer to give."""
EPHEMERAL: Final = 1 << 6
_NOISE: Final = os.urandom(1 << 21)
"""Upload bytes: incompressible, as a PNG is."""


def intents() -> discord.Intents:
    """Tablero's (bot/app.py `intents`; a test keeps the two the same): guild events and guild
    messages, no message content."""
    wanted = discord.Intents.none()
    wanted.guilds = True
    wanted.guild_messages = True
    return wanted


class Floor(discord.Client):
    """Answers every click it is given an answer for; nothing else."""

    def __init__(self, db_path: Path, ready_path: Path) -> None:
        super().__init__(intents=intents(), max_messages=None)
        self.db_path, self.ready_path = db_path, ready_path
        self.answers: dict[int, dict[str, Any]] = {}
        self._db: aiosqlite.Connection | None = None
        parsers = self._connection.parsers
        parse = parsers["INTERACTION_CREATE"]

        def taken(data: Any) -> None:
            answer = data.pop(ANSWER, None)
            if answer is not None:
                self.answers[int(data["id"])] = answer
            parse(data)

        parsers["INTERACTION_CREATE"] = taken

    async def setup_hook(self) -> None:
        """The store: one table, one row per click."""
        db = self._db = await aiosqlite.connect(self.db_path, isolation_level=None)
        await db.execute("PRAGMA journal_mode = WAL")
        await db.execute("PRAGMA synchronous = NORMAL")
        await db.execute(
            "CREATE TABLE IF NOT EXISTS clicks (id INTEGER PRIMARY KEY,"
            " interaction_id TEXT NOT NULL UNIQUE, custom_id TEXT, at INTEGER NOT NULL)"
        )

    async def on_ready(self) -> None:
        """Tell the benchmark (a file it waits for)."""
        self.ready_path.write_text("ready")

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Store the click, then answer it as Tablero did."""
        answer = self.answers.pop(interaction.id, None)
        if answer is None or self._db is None:
            return
        data: dict[str, Any] = dict(interaction.data or {})
        custom_id = data.get("custom_id")
        await self._db.execute(
            "INSERT INTO clicks (interaction_id, custom_id, at) VALUES (?, ?, ?)",
            (str(interaction.id), custom_id, time.time_ns() // 1_000_000),
        )
        await respond(interaction, answer)

    async def close(self) -> None:
        """Disconnect, then close the store."""
        await super().close()
        if self._db is not None:
            await self._db.close()


async def respond(interaction: discord.Interaction[Any], answer: dict[str, Any]) -> None:
    """The answer through discord.py: a deferral by its own call, a message or an update as
    discord.py sends them (its payload as given) and reads the callback's answer back."""
    kind, data = int(answer["type"]), answer.get("data")
    if kind in (5, 6):
        ephemeral = bool(int((data or {}).get("flags") or 0) & EPHEMERAL)
        await interaction.response.defer(ephemeral=ephemeral, thinking=kind == 5)
        return
    params = _params(kind, data, answer.get("files") or [])
    http = interaction._state.http
    raw = await async_context.get().create_interaction_response(
        interaction.id,
        interaction.token,
        session=interaction._session,
        proxy=http.proxy,
        proxy_auth=http.proxy_auth,
        params=params,
    )
    answered = InteractionResponseType(kind)
    interaction.response._response_type = answered
    InteractionCallbackResponse(
        data=raw, parent=interaction, state=interaction._state, type=answered
    )


def _params(kind: int, data: dict[str, Any] | None, files: list[list[Any]]) -> MultipartParameters:
    """discord.py's request parameters: JSON, or multipart with the files (as it builds them)."""
    payload: dict[str, Any] = {"type": kind, "data": data}
    if not files:
        return MultipartParameters(payload=payload, multipart=None, files=None)
    sent = [discord.File(io.BytesIO(_NOISE[: int(size)]), filename=name) for name, size in files]
    multipart: list[dict[str, Any]] = [
        {"name": "payload_json", "value": discord.utils._to_json(payload)}
    ]
    for index, file in enumerate(sent):
        multipart.append(
            {
                "name": f"files[{index}]",
                "value": file.fp,
                "filename": file.filename,
                "content_type": "application/octet-stream",
            }
        )
    return MultipartParameters(payload=None, multipart=multipart, files=sent)


def loop_factory() -> Callable[[], asyncio.AbstractEventLoop] | None:
    """uvloop's loop where it is installed, as `tablero run` runs on by default."""
    if importlib.util.find_spec("uvloop") is None:
        return None
    import uvloop  # noqa: PLC0415 - optional

    return uvloop.new_event_loop


def main(argv: list[str]) -> None:
    """Run until SIGTERM (the benchmark's stop)."""
    if len(argv) != 2:
        raise SystemExit("usage: python -m benchmarks.floor_bot DB_PATH READY_PATH")
    floor = Floor(Path(argv[0]), Path(argv[1]))

    async def run() -> None:
        loop = asyncio.get_running_loop()
        stop = asyncio.Event()
        for stopping in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(stopping, stop.set)
        async with floor:
            running = asyncio.create_task(floor.start("fake-token"))
            await stop.wait()
            await floor.close()
            await asyncio.gather(running, return_exceptions=True)

    with asyncio.Runner(loop_factory=loop_factory()) as runner:
        runner.run(run())


if __name__ == "__main__":
    main(sys.argv[1:])

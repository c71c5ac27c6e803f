"""The play page served in-process as `tablero play` serves it (its guard, its body limit), on a
loopback port, with no bot: for the API's own tests (join keys, bodies, event sockets). An
`exposed` page asks join keys as one bound beyond loopback does."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

import aiohttp

from fakediscord import FakeDiscord
from fakediscord.model import FakeAttachment, FakeChannel, FakeMessage, FakeUser
from fakediscord.play import build_world, page_site
from fakediscord.web import Playground

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 16


@dataclass
class Served:
    """The fake, its page, the page's address and an HTTP session to it."""

    fake: FakeDiscord
    page: Playground
    base: str
    http: aiohttp.ClientSession

    def member(self, name: str) -> FakeUser:
        return next(u for u in self.page.members() if u.name == name)

    def channel(self, name: str) -> FakeChannel:
        return next(c for c in self.fake.world.channels.values() if c.name == name)

    def key(self, name: str) -> str:
        assert self.page.keys is not None
        return self.page.keys.by_member[self.member(name).id]

    async def call(
        self, method: str, path: str, body: Any = None, *, key: str | None = None, **query: str
    ) -> tuple[int, Any]:
        """A request to the page's API (`/play/api` + path); its status and JSON answer."""
        headers = {} if key is None else {"X-Tablero-Key": key}
        async with self.http.request(
            method, self.base + "/play/api" + path, json=body, params=query, headers=headers
        ) as answer:
            return answer.status, await answer.json(content_type=None)

    def ephemeral(self, to: str, channel: str, text: str) -> FakeMessage:
        """A message only `to` sees, with an image (a private sheet), as the bot leaves one."""
        where = self.channel(channel)
        image = FakeAttachment(self.fake.snowflake(), "sheet.png", PNG, "image/png", True)
        message = FakeMessage(
            self.fake.snowflake(),
            where.id,
            where.guild_id,
            self.fake.world.bot,
            content=text,
            flags=64,
            attachment_objects=[image],
            visible_to=self.member(to).id,
        )
        self.fake.world.messages[message.id] = message
        return message


@asynccontextmanager
async def served(*, exposed: bool = False) -> AsyncIterator[Served]:
    """The page on 127.0.0.1 at a free port (asking join keys when `exposed`)."""
    fake = FakeDiscord()
    page = Playground(fake, build_world(fake), exposed=exposed)
    async with page_site(page, "127.0.0.1", 0) as port, aiohttp.ClientSession() as http:
        page.address = f"127.0.0.1:{port}"
        yield Served(fake, page, f"http://127.0.0.1:{port}", http)

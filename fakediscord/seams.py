"""The in-memory transport: discord.py's two HTTP seams answered by a ``FakeDiscord``."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord
from discord.webhook.async_ import AsyncWebhookAdapter

from .model import Upload

if TYPE_CHECKING:
    from .fake import FakeDiscord

_BASE = re.compile(r"^https?://[^/]+(/api(/v\d+)?)?")
_ACTIVE: list[FakeDiscord] = []
_ORIGINAL = AsyncWebhookAdapter.request
MAX_TRIES = 5


@dataclass
class FakeResponse:
    """Enough of ``aiohttp.ClientResponse`` for discord.py's exception classes."""

    status: int
    reason: str


def path_of(url: str) -> str:
    """``https://discord.com/api/v10/channels/1`` → ``/channels/1``."""
    return _BASE.sub("", url.split("?", 1)[0])


def decode_form(form: Iterable[dict[str, Any]]) -> tuple[Any, list[Upload]]:
    """Split discord.py's multipart fields into the JSON payload and the files."""
    payload: Any = None
    files: list[Upload] = []
    for field in form:
        name = field["name"]
        if name == "payload_json":
            payload = json.loads(field["value"])
        elif name.startswith("files["):
            data = field["value"].read()
            files.append(Upload(int(name[6:-1]), field.get("filename") or "file", bytes(data)))
    return payload, files


def raise_for(status: int, body: Any) -> Any:
    """Return a success body or raise the exception discord.py raises for ``status``."""
    if 200 <= status < 300:
        return "" if body is None else body
    response = FakeResponse(status, _REASONS.get(status, "Error"))
    if status == 403:
        raise discord.Forbidden(response, body)
    if status == 404:
        raise discord.NotFound(response, body)
    if status >= 500:
        raise discord.DiscordServerError(response, body)
    raise discord.HTTPException(response, body)


_REASONS = {
    400: "Bad Request",
    401: "Unauthorized",
    403: "Forbidden",
    404: "Not Found",
    413: "Payload Too Large",
}


async def call(
    fake: FakeDiscord,
    method: str,
    url: str,
    *,
    payload: Any,
    form: Iterable[dict[str, Any]] | None,
    params: dict[str, Any] | None,
) -> Any:
    """One request through ``fake.handle``; a 429 is slept off and retried as discord.py does."""
    files: list[Upload] = []
    if form:
        payload, files = decode_form(form)
    query = {k: str(v) for k, v in (params or {}).items()}
    for _ in range(MAX_TRIES):
        await asyncio.sleep(0)
        status, body = fake.handle(method, path_of(url), payload, files, query)
        if status != 429:
            return raise_for(status, body)
        await asyncio.sleep(float(body.get("retry_after", 0)))
    return raise_for(status, body)


def attach_http(fake: FakeDiscord, client: discord.Client) -> None:
    """Replace ``client.http.request`` (an instance attribute, undone by ``detach_http``)."""

    async def request(
        route: discord.http.Route, *, files: Any = None, form: Any = None, **kwargs: Any
    ) -> Any:
        json_body, params = kwargs.get("json"), kwargs.get("params")
        return await call(
            fake, route.method, route.url, payload=json_body, form=form, params=params
        )

    client.http.request = request  # type: ignore[method-assign]


def detach_http(client: discord.Client) -> None:
    """Restore the class's ``request``."""
    client.http.__dict__.pop("request", None)


def attach_webhooks(fake: FakeDiscord) -> None:
    """Route every ``AsyncWebhookAdapter`` call to the fake owning the token."""
    if fake not in _ACTIVE:
        _ACTIVE.append(fake)
    AsyncWebhookAdapter.request = _adapter_request  # type: ignore[method-assign]


def detach_webhooks(fake: FakeDiscord) -> None:
    """Undo ``attach_webhooks`` once no fake needs it."""
    if fake in _ACTIVE:
        _ACTIVE.remove(fake)
    if not _ACTIVE:
        AsyncWebhookAdapter.request = _ORIGINAL  # type: ignore[method-assign]


async def _adapter_request(
    self: AsyncWebhookAdapter,
    route: discord.http.Route,
    session: Any,
    *,
    payload: dict[str, Any] | None = None,
    multipart: list[dict[str, Any]] | None = None,
    params: dict[str, Any] | None = None,
    **_: Any,
) -> Any:
    """Stand-in for ``AsyncWebhookAdapter.request``."""
    owner = next((f for f in _ACTIVE if route.webhook_token in f.world.interactions), _ACTIVE[0])
    return await call(
        owner, route.method, route.url, payload=payload, form=multipart, params=params
    )

"""Every word Tablero sends to Discord, collected, and the plain English among it found: under
the pseudo-locale (en-XA, every letter of the catalogs accented), a plain ASCII letter in what a
member can read came from somewhere that skipped the catalogs.

`watch(fake)` notes every payload the bot sends (messages, edits, interaction answers and
follow-ups, threads); `texts(payload)` is what Discord would show of one; `leaks(...)` the
readable strings with plain letters left once names, numbers and Discord's tokens are taken out.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from fakediscord import FakeDiscord

TOKENS = re.compile(
    r"<[^<>\s]+>|https?://\S+|attachment://\S+|`[^`]*`|/[a-z]+(?: (?:[a-z]+|\d+)){0,3}"
)
"""Mentions, timestamps, channels, custom emoji, links: not words; nor code and commands
(`/match record 2`, /settings global on: slash commands keep their English names in every
language, docs/words.md)."""
PLAIN = re.compile(r"[A-Za-z]+")


@dataclass
class Sent:
    """The payloads the bot sent, in order: (method, path, payload)."""

    calls: list[tuple[str, str, Any]] = field(default_factory=list)

    def texts(self) -> Iterator[tuple[str, str]]:
        """Every readable string sent: (where, text)."""
        for method, path, payload in self.calls:
            for text in texts(payload):
                yield f"{method} {path}", text


def watch(fake: FakeDiscord) -> Sent:
    """Note every payload the bot sends to the fake Discord from now on."""
    sent, handle = Sent(), fake.handle

    def noted(
        method: str, path: str, payload: Any = None, files: Any = None, query: Any = None
    ) -> tuple[int, Any]:
        if method in ("POST", "PATCH", "PUT") and payload is not None:
            sent.calls.append((method, path, payload))
        return handle(method, path, payload, files, query)

    fake.handle = noted  # type: ignore[method-assign]
    return sent


def texts(payload: Any) -> Iterator[str]:
    """What Discord shows of a payload: content, embeds, components, alt texts, names."""
    if not isinstance(payload, dict):
        return
    data = payload.get("data") if isinstance(payload.get("data"), dict) else None
    if data is not None and "type" in payload:  # an interaction's answer
        yield from texts(data)
        return
    for key in ("content", "title", "name", "label", "placeholder", "description", "value"):
        value = payload.get(key)
        if isinstance(value, str) and value:
            yield value
    for embed in payload.get("embeds") or []:
        yield from _embed(embed)
    for part in _walk(payload.get("components") or []):
        yield from texts(part)
    for option in payload.get("options") or []:
        if isinstance(option, dict):
            yield from (v for k in ("label", "description") if (v := option.get(k)))
    for attachment in payload.get("attachments") or []:
        if isinstance(attachment, dict) and attachment.get("description"):
            yield str(attachment["description"])


def _embed(embed: dict[str, Any]) -> Iterator[str]:
    for key in ("title", "description"):
        if embed.get(key):
            yield str(embed[key])
    for key in ("footer", "author"):
        part = embed.get(key) or {}
        if part.get("text") or part.get("name"):
            yield str(part.get("text") or part.get("name"))
    for item in embed.get("fields") or []:
        yield from (str(item[k]) for k in ("name", "value") if item.get(k))


def _walk(components: Iterable[Any]) -> Iterator[dict[str, Any]]:
    for component in components:
        if isinstance(component, dict):
            inner = component.get("components")
            if inner:
                yield from _walk(inner)
            else:
                yield component


def leaks(found: Iterable[tuple[str, str]], names: Iterable[str]) -> list[tuple[str, str]]:
    """The (where, text) whose text keeps plain letters once `names`, numbers and Discord's
    tokens are taken out."""
    known = sorted(set(names), key=len, reverse=True)
    out = []
    for where, text in found:
        rest = TOKENS.sub(" ", text)
        for name in known:
            rest = rest.replace(name, " ")
        if PLAIN.search(rest):
            out.append((where, text))
    return out

"""What a bot asked of the loopback double, counted at the double as it asks: first answers by
callback type, edits of messages, new messages, uploads and the distinct images among them —
so a benchmark reports per click what Discord would have been asked, whatever the bot is."""

from __future__ import annotations

import time
from collections import Counter
from typing import Any

from fakediscord import FakeDiscord
from fakediscord.model import Upload
from fakediscord.router import Reply

CALLBACK_TYPES = {4: "message", 5: "deferred message", 6: "deferred update", 7: "update"}
"""Discord's interaction callback types, as a report names them."""


class Tally:
    """Counts of one double's requests since the last `reset`, and when the last came; images
    are counted by the game of the channel they were sent to (`games`, by channel id)."""

    def __init__(self, fake: FakeDiscord, games: dict[int, str]) -> None:
        self.world, self.games = fake.world, games
        self.counts: Counter[str] = Counter()
        self.files: dict[int, tuple[tuple[str, int], ...]] = {}
        """By interaction id: the files its first answer uploaded (name, size)."""
        self._images: set[int] = set()
        self.last = time.monotonic()
        """When the double last answered a request of the bot."""
        handle = fake.handle

        def counted(method: str, path: str, *asked: Any) -> Reply:
            reply = handle(method, path, *asked)
            payload, files = (*asked, None, None)[:2]
            self._count(method, path, payload, files or [], reply[0])
            return reply

        fake.handle = counted  # type: ignore[method-assign, assignment]

    def reset(self) -> None:
        """A new phase: nothing counted yet."""
        self.counts, self.files, self._images = Counter(), {}, set()

    def _count(
        self, method: str, path: str, payload: Any, files: list[Upload], status: int
    ) -> None:
        self.last = time.monotonic()
        kind = _kind(method, path)
        self.counts[kind] += 1
        if kind == "callback":
            answer = payload.get("type") if isinstance(payload, dict) else None
            self.counts[CALLBACK_TYPES.get(answer or 0, "other callback")] += 1
            self.files[int(path.split("/")[2])] = tuple((f.filename, len(f.data)) for f in files)
        if status >= 400:
            self.counts["refused by Discord"] += 1
        for upload in files:
            self.counts["uploads"] += 1
            self.counts["uploaded bytes"] += len(upload.data)
            drawn = hash(upload.data)
            if drawn not in self._images:  # the same image sent twice was drawn once
                self._images.add(drawn)
                self.counts[f"images {self._game(path)} {upload.filename}"] += 1

    def _game(self, path: str) -> str:
        """The game of the channel a request is about: named in its path, or the channel of
        the interaction whose token it carries."""
        parts = path.split("/")
        if parts[1] == "channels":
            return self.games.get(int(parts[2]), "other")
        known = self.world.interactions.get(parts[3]) if len(parts) > 3 else None
        return "other" if known is None else self.games.get(known.channel.id, "other")


def _kind(method: str, path: str) -> str:
    """What a request asks: a first answer, an edit of a channel's message or of an answer, a
    new message or follow-up, or something else."""
    if path.startswith("/interactions/") and path.endswith("/callback"):
        return "callback"
    if path.startswith("/channels/") and "/messages" in path:
        return {"PATCH": "channel edit", "POST": "post"}.get(method, "other")
    if path.startswith("/webhooks/"):
        followup = path.count("/") == 3
        return {"PATCH": "answer edit", "POST": "follow-up" if followup else "other"}.get(
            method, "other"
        )
    return "other"

"""The images of a match's card, each with the state version it is drawn at: what the
publisher draws and what a message already carries (kept, not drawn or sent again)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import discord

from bot.delivery.messenger import Image


@dataclass(frozen=True, slots=True)
class Picture:
    """One image of a match's card and the state version it is drawn at."""

    image: Image
    version: int


@dataclass(frozen=True, slots=True)
class Pictures:
    """The images a card shows, and those its message already carries at the same version
    (named, without bytes: kept, not drawn or sent again)."""

    drawn: tuple[Picture, ...]
    carried: frozenset[str] = frozenset()
    """The file names of the images the message keeps."""

    @property
    def images(self) -> list[Image]:
        """The images as the card names them."""
        return [p.image for p in self.drawn]

    def uploads(self) -> list[Image]:
        """The images to send (those the message does not carry yet)."""
        return [p.image for p in self.drawn if p.image.filename not in self.carried]

    def keeping(self, files: Iterable[discord.Attachment]) -> list[discord.Attachment] | None:
        """The message's `files` an edit keeps by naming them; None when one of the carried
        images is not among them (then every image is sent again)."""
        kept = [f for f in files if f.filename in self.carried]
        return kept if len(kept) == len(self.carried) else None


@dataclass(frozen=True, slots=True)
class Carried:
    """A message and the images it carries, each at the version it is drawn at (without
    bytes)."""

    message_id: str
    pictures: tuple[Picture, ...]
    files: tuple[discord.Attachment, ...] = ()
    """The message's files, as its post or last edit returned them (none: unknown)."""

"""Application emoji, as Discord keeps them: the routes under `/applications/{id}/emojis` with
Discord's limits and error codes, and the check that a component's custom emoji is one the bot
may use (an emoji id Discord does not know is refused in a button or a select option; in text,
`<:name:id>` of an unknown id just shows as written, so text is not checked)."""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from . import errors, payloads
from .errors import FieldError
from .model import FakeEmoji, walk_components
from .router import Reply, Request, Router

if TYPE_CHECKING:
    from .world import World

MAX_APP_EMOJIS: Final = 2000
"""How many emoji one application may own."""
MAX_EMOJI_BYTES: Final = 256 * 1024
"""The largest image an emoji may have (256 KiB)."""
EMOJI_NAME: Final = re.compile(r"^[A-Za-z0-9_]{2,32}$")
_DATA_URI: Final = re.compile(r"^data:(image/(?:png|jpeg|gif|webp|avif));base64,(.*)$", re.DOTALL)
_MAGIC: Final[dict[str, Callable[[bytes], bool]]] = {
    "image/png": lambda data: data.startswith(b"\x89PNG\r\n\x1a\n"),
    "image/jpeg": lambda data: data.startswith(b"\xff\xd8\xff"),
    "image/gif": lambda data: data[:6] in (b"GIF87a", b"GIF89a"),
    "image/webp": lambda data: data[:4] == b"RIFF" and data[8:12] == b"WEBP",
    "image/avif": lambda data: data[4:12] in (b"ftypavif", b"ftypavis"),
}
P = dict[str, str]


def unknown_emoji() -> errors.ApiError:
    """404 10014."""
    return errors.ApiError(404, 10014, "Unknown Emoji")


def too_many_emojis() -> errors.ApiError:
    """400 30008: the application already owns the most emoji it may."""
    return errors.ApiError(400, 30008, f"Maximum number of emojis reached ({MAX_APP_EMOJIS})")


def check_name(name: Any, taken: set[str]) -> list[FieldError]:
    """An emoji's name: 2–32 letters, digits or underscores, not used by another of its emoji."""
    if not isinstance(name, str) or not 2 <= len(name) <= 32:
        return [FieldError("name", "BASE_TYPE_BAD_LENGTH", "Must be between 2 and 32 in length.")]
    if not EMOJI_NAME.match(name):
        message = "String value did not match validation regex."
        return [FieldError("name", "STRING_TYPE_REGEX", message)]
    if name in taken:
        message = "Emoji name already taken"
        return [FieldError("name", "APPLICATION_EMOJI_NAME_ALREADY_TAKEN", message)]
    return []


def decode_image(image: Any) -> tuple[str, bytes] | FieldError:
    """A data URI's content type and bytes (PNG, JPEG, GIF, WebP or AVIF, at most 256 KiB)."""
    found = _DATA_URI.match(image) if isinstance(image, str) else None
    if found is None:
        return FieldError("image", "IMAGE_INVALID", "Invalid image data")
    kind = found.group(1)
    try:
        data = base64.b64decode(found.group(2), validate=True)
    except (binascii.Error, ValueError):
        return FieldError("image", "IMAGE_INVALID", "Invalid image data")
    if not _MAGIC[kind](data):
        return FieldError("image", "IMAGE_INVALID", "Invalid image data")
    if len(data) > MAX_EMOJI_BYTES:
        message = "File cannot be larger than 256.0 kb."
        return FieldError("image", "BINARY_TYPE_MAX_SIZE", message)
    return kind, data


def unknown_component_emoji(
    components: list[dict[str, Any]], known: Callable[[int], bool]
) -> list[FieldError]:
    """Each button or select option whose custom emoji id the bot may not use: Discord's
    "Invalid emoji" at the emoji's field path."""
    problems = []
    for path, holder in _emoji_holders(components, "components"):
        emoji = holder.get("emoji")
        if not isinstance(emoji, dict) or emoji.get("id") in (None, ""):
            continue
        raw = str(emoji["id"])
        if not raw.isdigit() or not known(int(raw)):
            problems.append(
                FieldError(f"{path}.emoji.id", "BUTTON_COMPONENT_INVALID_EMOJI", "Invalid emoji")
            )
    return problems


def _emoji_holders(
    components: list[dict[str, Any]], prefix: str
) -> list[tuple[str, dict[str, Any]]]:
    """Every component and select option that may carry an emoji, with its error path."""
    found: list[tuple[str, dict[str, Any]]] = []
    for i, comp in enumerate(components):
        path = f"{prefix}.{i}"
        found.append((path, comp))
        found += [(f"{path}.options.{j}", o) for j, o in enumerate(comp.get("options") or [])]
        found += _emoji_holders(comp.get("components") or [], f"{path}.components")
        if isinstance(comp.get("accessory"), dict):
            found.append((f"{path}.accessory", comp["accessory"]))
    return found


def emoji_ids(components: list[dict[str, Any]]) -> set[int]:
    """The custom emoji ids a message's components carry (for tests and the page)."""
    ids = set()
    for comp in walk_components(components):
        for holder in (comp, *(comp.get("options") or [])):
            emoji = holder.get("emoji")
            if isinstance(emoji, dict) and str(emoji.get("id") or "").isdigit():
                ids.add(int(emoji["id"]))
    return ids


class AppEmojis:
    """The application emoji routes: list, create, get, rename, delete."""

    def __init__(self, world: World) -> None:
        """Work on ``world``'s application emoji."""
        self.w = world

    def register(self, r: Router) -> None:
        """Add the routes."""
        r.add("GET", "/applications/{app}/emojis", self.list_all)
        r.add("POST", "/applications/{app}/emojis", self.create)
        r.add("GET", "/applications/{app}/emojis/{eid}", self.get)
        r.add("PATCH", "/applications/{app}/emojis/{eid}", self.edit)
        r.add("DELETE", "/applications/{app}/emojis/{eid}", self.delete)

    def owned(self, p: P) -> dict[int, FakeEmoji]:
        """The application's emoji (the path must name the bot's own application)."""
        if p["app"] != str(self.w.app_id):
            raise errors.missing_access("another application's emoji")
        return self.w.app_emojis

    def one(self, p: P) -> FakeEmoji:
        """The path's emoji, or 10014."""
        emoji = self.owned(p).get(int(p["eid"])) if p["eid"].isdigit() else None
        if emoji is None:
            raise unknown_emoji()
        return emoji

    def list_all(self, q: Request, p: P) -> Reply:
        """Every emoji of the application, oldest first, in ``items``."""
        return 200, {"items": [payloads.emoji(e) for e in self.owned(p).values()]}

    def get(self, q: Request, p: P) -> Reply:
        """One emoji."""
        return 200, payloads.emoji(self.one(p))

    def create(self, q: Request, p: P) -> Reply:
        """Upload an emoji: a free name and an image Discord takes, below the count limit."""
        owned = self.owned(p)
        problems = check_name(q.body.get("name"), {e.name for e in owned.values()})
        image = decode_image(q.body.get("image"))
        if isinstance(image, FieldError) or problems:
            bad_image = [image] if isinstance(image, FieldError) else []
            raise errors.form_error([*problems, *bad_image])
        if len(owned) >= MAX_APP_EMOJIS:
            raise too_many_emojis()
        kind, data = image
        emoji = FakeEmoji(self.w.ids.mint(), q.body["name"], data, kind, self.w.bot)
        owned[emoji.id] = emoji
        return 201, payloads.emoji(emoji)

    def edit(self, q: Request, p: P) -> Reply:
        """Rename an emoji (its name is all that changes)."""
        emoji = self.one(p)
        taken = {e.name for e in self.owned(p).values() if e is not emoji}
        problems = check_name(q.body.get("name"), taken)
        if problems:
            raise errors.form_error(problems)
        emoji.name = q.body["name"]
        return 200, payloads.emoji(emoji)

    def delete(self, q: Request, p: P) -> Reply:
        """Delete an emoji."""
        del self.owned(p)[self.one(p).id]
        return 204, None

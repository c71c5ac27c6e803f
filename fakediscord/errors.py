"""Discord's error answers: HTTP status, JSON error code and message."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class FieldError:
    """One entry of an 'Invalid Form Body' answer, at a dotted path like ``embeds.0.title``."""

    path: str
    code: str
    message: str


@dataclass
class ApiError(Exception):
    """Raised inside the fake; the handler turns it into Discord's JSON error reply."""

    status: int
    code: int
    message: str
    fields: list[FieldError] = field(default_factory=list)
    note: str = ""
    label: str = ""

    def body(self) -> dict[str, Any]:
        """The JSON body Discord sends, including nested ``errors`` for form errors."""
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.fields:
            body["errors"] = _nest(self.fields)
        return body

    def summary(self) -> str:
        """Short text for ``fake.violations``."""
        if self.label:
            return self.label
        detail = "; ".join(f"{f.path}: {f.message}" for f in self.fields) or self.message
        return f"{self.status}/{self.code} {detail}" + (f" ({self.note})" if self.note else "")


def _nest(fields: list[FieldError]) -> dict[str, Any]:
    """Build Discord's nested ``{"a": {"0": {"_errors": [...]}}}`` error tree."""
    tree: dict[str, Any] = {}
    for item in fields:
        node = tree
        for part in filter(None, item.path.split(".")):  # "": the body itself
            node = node.setdefault(part, {})
        node.setdefault("_errors", []).append({"code": item.code, "message": item.message})
    return tree


def form_error(fields: list[FieldError]) -> ApiError:
    """400 50035, what Discord answers to any payload breaking a limit."""
    return ApiError(400, 50035, "Invalid Form Body", fields)


def unknown_interaction(note: str = "") -> ApiError:
    """404 10062: the 3-second window passed or the interaction never existed."""
    return ApiError(404, 10062, "Unknown interaction", note=note)


def already_acknowledged() -> ApiError:
    """400 40060: a second callback for one interaction."""
    return ApiError(400, 40060, "Interaction has already been acknowledged.")


def invalid_webhook_token(note: str = "") -> ApiError:
    """401 50027: the interaction token expired (15 minutes)."""
    return ApiError(401, 50027, "Invalid Webhook Token", note=note)


def unknown_webhook(note: str = "") -> ApiError:
    """404 10015: followup or @original before the interaction was acknowledged."""
    return ApiError(404, 10015, "Unknown Webhook", note=note)


def unknown_message() -> ApiError:
    """404 10008."""
    return ApiError(404, 10008, "Unknown Message")


def unknown_channel() -> ApiError:
    """404 10003."""
    return ApiError(404, 10003, "Unknown Channel")


def unknown_user() -> ApiError:
    """404 10013."""
    return ApiError(404, 10013, "Unknown User")


def unknown_member() -> ApiError:
    """404 10007."""
    return ApiError(404, 10007, "Unknown Member")


def missing_permissions(note: str = "") -> ApiError:
    """403 50013."""
    return ApiError(403, 50013, "Missing Permissions", note=note)


def missing_access(note: str = "") -> ApiError:
    """403 50001: the bot cannot see the channel at all."""
    return ApiError(403, 50001, "Missing Access", note=note)


def not_author() -> ApiError:
    """403 50005: editing someone else's message."""
    return ApiError(403, 50005, "Cannot edit a message authored by another user")


def empty_message() -> ApiError:
    """400 50006."""
    return ApiError(400, 50006, "Cannot send an empty message")


def cannot_dm() -> ApiError:
    """403 50007: the user has direct messages from server members turned off."""
    return ApiError(403, 50007, "Cannot send messages to this user")


def too_large(note: str = "") -> ApiError:
    """413 40005: a file above the upload limit."""
    return ApiError(413, 40005, "Request entity too large", note=note)


def unmodelled(method: str, path: str) -> ApiError:
    """404 0, Discord's answer to a path it does not know."""
    return ApiError(404, 0, "404: Not Found", label=f"unmodelled route {method} {path}")

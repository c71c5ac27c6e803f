"""What a member's action may carry: a JSON object whose fields have the types the page sends,
checked before the driver sees them, so a malformed body is a 400 with its reason (never the
driver's TypeError, a 500), and the refusals the page's API answers with."""

from __future__ import annotations

import math
from typing import Any, Final


class ActionRefused(Exception):
    """A member's action the page can't make (unknown member, channel, message, bad body)."""


class NotYours(ActionRefused):
    """A join key used for another member (a 403: it reads and acts as its own member only)."""


_BODY_TYPES: Final[dict[str, tuple[type, ...]]] = {
    "as": (str, int),
    "channel": (str, int),
    "command": (str,),
    "options": (dict,),
    "message": (str, int),
    "custom_id": (str,),
    "values": (list,),
    "locale": (str,),
}
"""What each field of an action's body may be (anything else is a 400, not the driver's error)."""


def checked(body: Any) -> dict[str, Any]:
    """An action's body: an object whose fields have the types the page sends."""
    if not isinstance(body, dict):
        raise ActionRefused("the body must be a JSON object")
    for name, kinds in _BODY_TYPES.items():
        value = body.get(name)
        if value is not None and (not isinstance(value, kinds) or isinstance(value, bool)):
            raise ActionRefused(f"{name} must be {' or '.join(k.__name__ for k in kinds)}")
    for name, value in (body.get("options") or {}).items():
        if not _scalar(value):
            raise ActionRefused(f"option {name!r} must be a string, a finite number or a bool")
    if not all(isinstance(v, str) for v in body.get("values") or []):
        raise ActionRefused("values must be strings")
    return body


def _scalar(value: Any) -> bool:
    """A value an option can take from the page: text, a finite number, yes/no."""
    if isinstance(value, float):
        return math.isfinite(value)
    return isinstance(value, str | int | bool)

"""Request plumbing shared by both transports: the request record and a tiny path router."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .model import Upload

Reply = tuple[int, Any]
"""(HTTP status, JSON body or None for 204)."""


@dataclass
class Request:
    """One REST call as the fake sees it, whichever transport carried it."""

    method: str
    path: str
    payload: Any = None
    files: list[Upload] = field(default_factory=list)
    query: dict[str, str] = field(default_factory=dict)

    @property
    def body(self) -> dict[str, Any]:
        """The JSON object body (empty if none)."""
        return self.payload if isinstance(self.payload, dict) else {}

    def flag(self, name: str) -> bool:
        """A boolean query parameter (``?wait=1``, ``?with_response=true``)."""
        return self.query.get(name, "").lower() in ("1", "true")


Handler = Callable[[Request, dict[str, str]], Reply]


class Router:
    """Maps ``METHOD /path/{name}`` templates to handlers."""

    def __init__(self) -> None:
        """No routes yet."""
        self._routes: list[tuple[str, re.Pattern[str], Handler]] = []

    def add(self, method: str, template: str, handler: Handler) -> None:
        """Register ``handler`` for ``template`` (``{x}`` matches one path segment)."""
        pattern = re.sub(r"\{(\w+)\}", r"(?P<\1>[^/]+)", template)
        self._routes.append((method, re.compile(f"^{pattern}$"), handler))

    def find(self, method: str, path: str) -> tuple[Handler, dict[str, str]] | None:
        """The handler and path parameters for a request, if modelled."""
        for route_method, pattern, handler in self._routes:
            match = pattern.match(path)
            if match and route_method == method:
                return handler, match.groupdict()
        return None

"""The page's guard: only the page itself may drive its API. A request naming another host is
refused (DNS rebinding points a name at this address: names other than localhost never reach
the API), a request from another origin is refused (a web page the host opens can't click for
a member or open the events socket), an action must be JSON (a form can't post one across
sites), no page may frame this one (Content-Security-Policy `frame-ancestors 'none'`), and a
link the page follows is sent no Referer (the page's address may hold a member's join key)."""

from __future__ import annotations

import ipaddress
from collections.abc import Awaitable, Callable
from typing import Final

import yarl
from aiohttp import hdrs, web

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
LOCAL_NAMES: Final = frozenset({"localhost"})
"""The one host name the page answers to; every other allowed host is an IP address."""
CSP: Final = "frame-ancestors 'none'"
REFERRER: Final = "no-referrer"


def host_allowed(host: str) -> bool:
    """Whether a Host header (`name:port`) names this machine by address or as localhost."""
    try:
        name = yarl.URL(f"http://{host}").host
    except ValueError:
        return False
    name = (name or "").strip("[]").lower()
    if name in LOCAL_NAMES:
        return True
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def same_origin(request: web.Request) -> bool:
    """Whether the request comes from the page itself (a browser always sends `Origin` on a
    POST and a websocket; a request without one comes from no web page)."""
    origin = request.headers.get(hdrs.ORIGIN)
    return origin is None or origin == f"{request.scheme}://{request.host}"


@web.middleware
async def guard(request: web.Request, handler: Handler) -> web.StreamResponse:
    """Refuse what didn't come from the page; mark every answer unframeable, sent no Referer."""
    if not host_allowed(request.host):
        return web.json_response({"ok": False, "error": "unknown host"}, status=421)
    acting = request.method == "POST" or request.path.endswith("/events")
    if acting and not same_origin(request):
        return web.json_response({"ok": False, "error": "another site's request"}, status=403)
    if request.method == "POST" and request.content_type != "application/json":
        return web.json_response({"ok": False, "error": "send JSON"}, status=415)
    response = await handler(request)
    response.headers[hdrs.CONTENT_SECURITY_POLICY] = CSP
    response.headers[hdrs.REFERRER_POLICY] = REFERRER
    return response

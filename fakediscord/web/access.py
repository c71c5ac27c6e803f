"""Who may use the page. Bound to loopback, only this computer reaches it: no key is asked.
Bound beyond it (`--host 0.0.0.0`), anyone on the network reaches it, so each member gets a
join key of their own (random per run, printed in their join link): every API request carries
it, and it reads and acts as that member alone."""

from __future__ import annotations

import hmac
import ipaddress
import secrets
import socket
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Final
from urllib.parse import quote

from aiohttp import web

KEY_HEADER: Final = "X-Tablero-Key"
"""The header the page sends its key in (the events socket and images send `?key=`)."""
KEY_BYTES: Final = 24
"""Random bytes per key: 192 bits, past guessing."""
_ROUTE_PROBE: Final = ("192.0.2.1", 9)
"""TEST-NET-1: connecting a UDP socket there sends nothing, it only picks the outgoing address."""


def is_loopback(host: str) -> bool:
    """Whether a page bound to `host` is reachable from this computer alone."""
    name = host.strip("[]").lower()
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def link_host(host: str) -> str:
    """The address others reach a page bound to `host` at: the host itself, or for a wildcard
    (0.0.0.0, ::) or a name the address this machine uses on its network (the page answers
    to addresses, not names: see guard)."""
    try:
        address = ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return _resolved(host)
    return network_address() if address.is_unspecified else str(address)


def network_address() -> str:
    """This machine's address on its network (127.0.0.1 when it has none)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(_ROUTE_PROBE)
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def _resolved(name: str) -> str:
    """A host name's first address (a name the machine can't resolve: its network address)."""
    try:
        found = socket.getaddrinfo(name, None, type=socket.SOCK_STREAM)
    except OSError:
        return network_address()
    return str(found[0][4][0]) if found else network_address()


def http_base(host: str, port: int) -> str:
    """`http://host:port` (an IPv6 address in brackets)."""
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}"


@dataclass(frozen=True)
class JoinKeys:
    """One random key per member id; a key names its member and no other."""

    by_member: Mapping[int, str] = field(repr=False)

    @classmethod
    def fresh(cls, member_ids: Iterable[int]) -> JoinKeys:
        """New keys for this run (never stored: a restart makes new links)."""
        keys = {member: secrets.token_urlsafe(KEY_BYTES) for member in member_ids}
        return cls(MappingProxyType(keys))

    def holder(self, presented: str) -> int | None:
        """The member whose key was presented; every key is compared in constant time."""
        given, found = presented.encode(), None
        for member, key in self.by_member.items():
            if hmac.compare_digest(given, key.encode()):
                found = member
        return found

    def link(self, base: str, member_id: int, name: str) -> str:
        """A member's join link: the page as that member, with their key."""
        return f"{base}/play/?as={quote(name)}&key={self.by_member[member_id]}"


def presented_key(request: web.Request) -> str:
    """The key a request carries: the page's header, else `?key=`."""
    return request.headers.get(KEY_HEADER) or request.query.get("key", "")

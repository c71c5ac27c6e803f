"""A process whose discord.py talks to a loopback double instead of Discord: the unmodified
program runs; only discord.py's two addresses (the REST base and the gateway) change.

    python -m fakediscord.pointed PORT MODULE [ARGS…]

runs `python -m MODULE ARGS…` against the double serving 127.0.0.1:PORT (`fake.loopback()` in
another process), e.g. `python -m fakediscord.pointed 8123 bot run --env-file /dev/null` is
`tablero run` as a server owner starts it. The double knows nothing of what it runs.
"""

from __future__ import annotations

import runpy
import sys

import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route


def point_at_loopback(port: int, host: str = "127.0.0.1") -> None:
    """discord.py's REST base and gateway at the double on `host:port`, for this process."""
    Route.BASE = f"http://{host}:{port}/api/v10"
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(f"ws://{host}:{port}/gateway-ws")


def main(argv: list[str]) -> None:
    """Point discord.py at the port, then run the module as `python -m` would."""
    if len(argv) < 2 or not argv[0].isdigit():
        raise SystemExit("usage: python -m fakediscord.pointed PORT MODULE [ARGS…]")
    point_at_loopback(int(argv[0]))
    sys.argv = [argv[1], *argv[2:]]
    runpy.run_module(argv[1], run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main(sys.argv[1:])

"""`tablero play`: the real bot in a browser, on an embedded Discord, with no token.

This process runs the embedded Discord — the double the tests use, over real HTTP and a
websocket gateway — with a server to play in (channels, four members), and the page of
`fakediscord.web` on a port of its own; the bot runs beside it as its own process, the
unmodified `tablero run` pointed at this Discord (`fakediscord.pointed`), on its own SQLite file.
Ctrl-C stops both. The Discord's bot API and gateway listen on loopback only, on another port,
and take only this run's bot token (random, handed to the bot alone): the page's port serves the
page and its API, never the bot's. Bound beyond loopback (`--host 0.0.0.0`), the page asks each
member's join key (random per run, printed in one link per member).

    python -m fakediscord.play [--port 8765] [--host 127.0.0.1] [--db data/play.db] [--no-browser]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import secrets
import signal
import sys
import webbrowser
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Final

from aiohttp import web

from .fake import FakeDiscord
from .model import FakeGuild
from .web import Playground
from .web.access import http_base, is_loopback, link_host
from .web.guard import guard

DEFAULT_PORT: Final = 8765
DEFAULT_DB: Final = Path("data/play.db")
MEMBERS: Final = ("Ana", "Bo", "Cas", "Dee")
CHANNELS: Final = ("keer", "kero", "general")
STOP_S: Final = 15.0
PAGE_BODY_MOST: Final = 64 * 1024
"""The largest body the page's API takes (a command, a click, a language)."""
PLAIN_HTTP: Final = (
    "a link plays as its member: send each to its player only (plain HTTP: on a shared network "
    "the keys travel in clear)"
)


def build_world(fake: FakeDiscord) -> FakeGuild:
    """The server to play in: its channels and members (Ana may manage it: /settings)."""
    guild = fake.add_guild("Tablero Playground")
    for name in CHANNELS:
        fake.add_channel(guild, name)
    for index, name in enumerate(MEMBERS):
        fake.add_member(guild, name, manage_guild=index == 0)
    return guild


def bot_command(port: int) -> list[str]:
    """`tablero run`, unmodified, against the embedded Discord on `port`."""
    return [
        sys.executable,
        "-m",
        "fakediscord.pointed",
        str(port),
        "bot",
        "run",
        "--env-file",
        os.devnull,
    ]


def bot_environment(db: Path, guild: FakeGuild, token: str) -> dict[str, str]:
    """The bot's settings: the run's token (the embedded Discord takes no other), its own
    SQLite file, commands synced to the playground at once (as while developing)."""
    keep = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("DISCORD_", "TABLERO_", "SHARD", "CLUSTER"))
    }
    keep.pop("DATABASE_URL", None)
    return {
        **keep,
        "DISCORD_TOKEN": token,
        "TABLERO_DB_PATH": str(db),
        "DEV_GUILD_ID": str(guild.id),
        "LOG_LEVEL": os.environ.get("LOG_LEVEL", "WARNING"),
    }


async def serve(port: int, host: str, db: Path, *, open_browser: bool) -> int:
    """The embedded Discord and its page, the bot beside it, until SIGINT/SIGTERM or the bot
    exits; the exit status."""
    fake = FakeDiscord()
    fake.response_timeout = 10.0
    guild = build_world(fake)
    page = Playground(fake, guild, exposed=not is_loopback(host))
    token = secrets.token_urlsafe(32)
    async with fake.loopback(token=token) as server, page_site(page, host, port) as page_port:
        db.parent.mkdir(parents=True, exist_ok=True)
        url = announce(page, host, page_port)
        bot = await asyncio.create_subprocess_exec(
            *bot_command(server.port), env=bot_environment(db, guild, token)
        )
        if open_browser:
            with contextlib.suppress(webbrowser.Error):
                webbrowser.open(url)
        return await _until_stopped(bot)


def announce(page: Playground, host: str, port: int) -> str:
    """Print where to open the page (beyond loopback, one join link per member); the address
    to open here."""
    base = http_base(link_host(host) if page.keys else host, port)
    page.address = base.removeprefix("http://")
    print(f"tablero play: open {base}/play/", flush=True)
    if page.keys is None:
        return f"{base}/play/"
    links = {u.name: page.keys.link(base, u.id, u.name) for u in page.members()}
    print(
        "tablero play: reachable from your network: each member joins with their own link",
        flush=True,
    )
    for name, link in links.items():
        print(f"tablero play:   {name}: {link}", flush=True)
    print(f"tablero play: {PLAIN_HTTP}", flush=True)
    return next(iter(links.values()))


@contextlib.asynccontextmanager
async def page_site(page: Playground, host: str, port: int) -> AsyncIterator[int]:
    """The page and its API alone on `host:port` (0: a free port); the port it took."""
    app = web.Application(client_max_size=PAGE_BODY_MOST, middlewares=[guard])
    page.add_routes(app)
    runner = web.AppRunner(app, handle_signals=False)
    await runner.setup()
    try:
        site = web.TCPSite(runner, host, port)
        await site.start()
        yield int(runner.addresses[0][1])
    finally:
        await runner.cleanup()


async def _until_stopped(bot: asyncio.subprocess.Process) -> int:
    """Wait for a stop signal (then stop the bot in order) or for the bot to exit."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    exited = asyncio.create_task(bot.wait())
    stopping = asyncio.create_task(stop.wait())
    await asyncio.wait({exited, stopping}, return_when=asyncio.FIRST_COMPLETED)
    stopping.cancel()
    if bot.returncode is None:
        bot.send_signal(signal.SIGTERM)
        try:
            await asyncio.wait_for(bot.wait(), STOP_S)
        except TimeoutError:
            bot.kill()
            await bot.wait()
        return 0
    print(f"tablero play: the bot stopped (exit {bot.returncode})", file=sys.stderr)
    return bot.returncode or 1


def main(argv: Sequence[str] | None = None) -> int:
    """Parse the options, play until stopped."""
    parser = argparse.ArgumentParser(
        prog="tablero play",
        description="Try Tablero in a browser, on an embedded Discord: no token needed.",
    )
    parser.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help=f"the page's port (default {DEFAULT_PORT})"
    )
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="the address to listen on (0.0.0.0: your LAN, one join link per member)",
    )
    parser.add_argument(
        "--db", type=Path, default=DEFAULT_DB, help=f"the bot's SQLite file (default {DEFAULT_DB})"
    )
    parser.add_argument("--no-browser", action="store_true", help="don't open a browser")
    args = parser.parse_args(argv)
    if not 0 <= args.port <= 65535:
        parser.error(f"--port must be 0-65535, not {args.port}")
    try:
        return asyncio.run(serve(args.port, args.host, args.db, open_browser=not args.no_browser))
    except OSError as exc:  # the port is taken, the address isn't this machine's, no folder
        print(
            f"tablero play: cannot serve on {args.host}:{args.port}: {exc.strerror or exc}",
            file=sys.stderr,
        )
        return 1


if __name__ == "__main__":
    raise SystemExit(main())

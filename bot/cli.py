"""The `tablero` command line: one subcommand per job, each a small function."""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import json
import os
import stat
import sys
import time
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import Any, TextIO, TypeVar

from tqdm import tqdm

from bot.config import database_secret, revealed
from bot.core.standings import finished_match
from bot.demo import run_demo
from bot.run import run
from bot.verdicts import VERIFY_STATUS, verdict_lines
from games.records import MatchRecord, RecordError, replay
from games.registry import GAMES, UnknownGame, get_game
from games.simulation import MatchResult, run_matches, summarise
from games.verify import verify
from ratings import rebuild as rebuild_ratings
from storage import DEFAULT_SQLITE_PATH, Rating, StorageError, Store, open_store, rebuild_open
from words import DEFAULT, LOCALES


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand."""
    parser = argparse.ArgumentParser(
        prog="tablero",
        description="Tablero: Kero and Keer op Keer Kids matches for Discord servers.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    sim = commands.add_parser("simulate", help="play AI-only matches and print a summary")
    sim.add_argument("--game", required=True, choices=sorted(GAMES), help="which game")
    sim.add_argument("--players", type=int, default=None, help="seats (default: the most)")
    sim.add_argument("--matches", type=_positive, default=100, help="how many (default 100)")
    sim.add_argument("--seed", default="1", help="seed of the run; match i uses SEED/i (default 1)")
    sim.add_argument("--variant", help="a game variant (kero: base or boss)")
    sim.add_argument("--fuel-up", choices=["auto", "live"], help="kero: how fuel-ups are thrown")
    sim.add_argument("--json", action="store_true", help="print one JSON object instead of text")
    sim.set_defaults(handler=cmd_simulate)
    demo = commands.add_parser(
        "demo", help="play one AI match of each game and write the images players would see"
    )
    demo.add_argument("--out", type=Path, default=Path("tablero-demo"), help="folder for images")
    demo.add_argument("--every", type=_positive, default=1, help="an image every N turns/rolls")
    demo.add_argument("--seed", default="demo", help="seed of the demo matches")
    demo.add_argument(
        "--names",
        type=_names,
        default=(),
        help="comma-separated names for the seats, to see them drawn (Kero takes the first two)",
    )
    demo.add_argument(
        "--locale",
        choices=LOCALES,
        default=DEFAULT,
        help="the language the images are drawn in (default: en)",
    )
    demo.set_defaults(handler=cmd_demo)
    db = commands.add_parser("db", help="inspect the match database")
    db_commands = db.add_subparsers(dest="db_command", metavar="DB_COMMAND", required=True)
    check = db_commands.add_parser("check", help="replay every open match and list problems")
    export = db_commands.add_parser("export", help="print a match record as JSON")
    export.add_argument("match_id", type=int, help="the match's id")
    ratings = commands.add_parser("ratings", help="player ratings")
    rating_commands = ratings.add_subparsers(
        dest="ratings_command", metavar="COMMAND", required=True
    )
    rebuild = rating_commands.add_parser(
        "rebuild", help="recompute every rating from the finished matches, in finishing order"
    )
    rebuild.set_defaults(handler=cmd_ratings_rebuild)
    for sub in (check, export, rebuild):
        sub.add_argument(
            "--db",
            type=Path,
            default=None,
            help="the SQLite file (default: $TABLERO_DB_PATH or ./data/tablero.db)",
        )
    check.set_defaults(handler=cmd_db_check)
    export.set_defaults(handler=cmd_db_export)
    run = commands.add_parser(
        "run", help="run the Discord bot (DISCORD_TOKEN from the environment or .env)"
    )
    run.add_argument("--env-file", type=Path, default=Path(".env"), help="settings file")
    run.set_defaults(handler=cmd_run)
    commands.add_parser(
        "play",
        help="try the bot in a browser on an embedded Discord, no token needed "
        "(tablero play --help for its options)",
        add_help=False,
    )
    rep = commands.add_parser("replay", help="replay a match record and print the state as JSON")
    rep.add_argument("record", type=Path, help="a match record JSON file (docs/match-records.md)")
    rep.set_defaults(handler=cmd_replay)
    ver = commands.add_parser(
        "verify", help="check a finished match's dice against the commitment it showed"
    )
    ver.add_argument("record", type=Path, help="a match record JSON file (docs/fairness.md)")
    ver.set_defaults(handler=cmd_verify)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the `tablero` console script; returns the exit status."""
    given = list(sys.argv[1:] if argv is None else argv)
    if given[:1] == ["play"]:
        return cmd_play(given[1:])
    parser = build_parser()
    args = parser.parse_args(given)
    if not getattr(args, "handler", None):
        parser.print_help()
        return 2
    status: int = args.handler(args)
    return status


def cmd_play(options: list[str]) -> int:
    """Become `python -m fakediscord.play OPTIONS`: the embedded Discord and its page run in a
    process of their own, which starts `tablero run` beside it (the bot never imports them)."""
    if importlib.util.find_spec("fakediscord") is not None:
        os.execv(sys.executable, [sys.executable, "-m", "fakediscord.play", *options])
    print("tablero: play needs the whole package; this one has the bot only", file=sys.stderr)
    return 2


def cmd_run(args: argparse.Namespace) -> int:
    """Start the bot; without a token, explain how to get one (exit 2)."""
    return run(args.env_file)


def cmd_simulate(args: argparse.Namespace) -> int:
    """Play AI-only matches with a progress bar on a terminal, then print the summary."""
    spec = get_game(args.game)
    players = args.players if args.players is not None else spec.max_players
    options = {
        key: value
        for key, value in (("variant", args.variant), ("fuel_up", args.fuel_up))
        if value is not None
    }
    try:
        spec.new_match(players, options)  # refuses a wrong player count or option up front
    except ValueError as exc:
        return _fail(str(exc))
    results: list[MatchResult] = []
    bar = tqdm(total=args.matches, unit="match", disable=not sys.stderr.isatty(), file=sys.stderr)
    started = time.perf_counter()
    for result in run_matches(spec, players, args.matches, args.seed, options):
        results.append(result)
        bar.update()
    elapsed = time.perf_counter() - started
    bar.close()
    summary = summarise(spec, players, results)
    if args.variant is not None:
        summary = {"game": summary.pop("game"), "variant": args.variant, **summary}
    summary["seed"] = str(args.seed)
    summary["elapsed_s"] = round(elapsed, 3)
    summary["matches_per_s"] = round(len(results) / elapsed, 1) if elapsed > 0 else None
    if args.json:
        print(json.dumps(summary))
    else:
        _print_summary(spec.title, summary, sys.stdout)
    return 0


def _print_summary(title: str, s: dict[str, Any], out: TextIO) -> None:
    out.write(f"{title}: {s['matches']} AI matches, {s['players']} players, seed {s['seed']}\n")
    header = {"game", "matches", "players", "seed", "elapsed_s", "matches_per_s"}
    for key, value in s.items():
        if key in header:
            continue
        shown = f"{100 * value:.1f} %" if key.endswith("_rate") else value
        out.write(f"  {key.replace('_', ' '):<22} {shown}\n")
    out.write(f"  {'speed':<22} {s['matches_per_s']} matches/s ({s['elapsed_s']} s)\n")


def cmd_demo(args: argparse.Namespace) -> int:
    """Play the demo matches and say where their images are."""
    try:
        written = run_demo(args.out, args.every, args.seed, args.names, args.locale)
    except OSError as exc:
        return _fail(f"cannot write the images to {args.out}: {exc.strerror or exc}")
    folders = sorted({path.parent for path in written})
    print(f"Wrote {len(written)} images, one computer-only match of each game:")
    for folder in folders:
        files = sorted(p.name for p in written if p.parent == folder and p.name != "results.png")
        print(f"  {folder}/  {files[0]} … {files[-1]}, then results.png")
    return 0


def cmd_db_check(args: argparse.Namespace) -> int:
    """Replay every open match; list the ones that fail with their ids (exit 1 if any)."""
    return asyncio.run(_with_store(args, _check))


def cmd_db_export(args: argparse.Namespace) -> int:
    """Print one match's record as JSON (`tablero replay` reads it back)."""
    return asyncio.run(_with_store(args, _export))


async def _with_store(
    args: argparse.Namespace, work: Callable[[Store, argparse.Namespace], Awaitable[int]]
) -> int:
    url = os.environ.get("DATABASE_URL")
    path = args.db or Path(os.environ.get("TABLERO_DB_PATH", str(DEFAULT_SQLITE_PATH)))
    if not url and not path.is_file():
        return _fail(f"no database at {path} (set TABLERO_DB_PATH or DATABASE_URL, or pass --db)")
    secret = None if args.db or not url else database_secret(url)
    try:
        store = await open_store(revealed(secret), path)
    except StorageError as exc:  # it may quote the URL: never its password
        return _fail(str(exc) if secret is None else secret.scrub(str(exc)))
    try:
        return await work(store, args)
    finally:
        await store.close()


def cmd_ratings_rebuild(args: argparse.Namespace) -> int:
    """Recompute every rating and its history from the finished matches."""
    return asyncio.run(_with_store(args, _rebuild_ratings))


async def _rebuild_ratings(store: Store, args: argparse.Namespace) -> int:
    finished = await store.finished_matches()
    rebuilt = rebuild_ratings(finished_match(stored) for stored in finished)
    ratings = [
        Rating(guild, game, s.player_id, s.mu, s.sigma, s.games)
        for (guild, game), table in rebuilt.standings.items()
        for s in table.values()
    ]
    await store.replace_ratings(ratings, rebuilt.history)
    print(
        f"rebuilt {len(ratings)} ratings from {len(finished)} finished matches "
        f"({len(rebuilt.history)} rating changes)"
    )
    return 0


async def _check(store: Store, args: argparse.Namespace) -> int:
    rebuilt = await rebuild_open(store)
    for match_id, problem in sorted(rebuilt.problems.items()):
        print(f"match {match_id}: {problem}")
    print(
        f"{len(rebuilt.states)} open matches replay to a valid state; "
        f"{len(rebuilt.problems)} do not"
    )
    return 1 if rebuilt.problems else 0


async def _export(store: Store, args: argparse.Namespace) -> int:
    try:
        stored = await store.load(args.match_id)
    except StorageError as exc:
        return _fail(str(exc))
    record = stored.record if stored.status != "open" else stored.record.sealed()
    sys.stdout.write(record.dumps())  # an open match's secret would tell its dice to come
    return 0


MAX_RECORD_BYTES = 4 * 1024 * 1024
"""The largest record `tablero replay` reads: a whole Kero match is well under 200 KB, and a
bigger file is refused before it is read (a 100 MB one would take gigabytes to parse)."""
_FILE_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
    (stat.S_ISFIFO, "a pipe"),
    (stat.S_ISSOCK, "a socket"),
)


T = TypeVar("T")


class _Unreadable(Exception):
    """A record file refused before or while reading it; the message says why."""


def cmd_replay(args: argparse.Namespace) -> int:
    """Rebuild a match from its record and print the resulting state as JSON."""
    try:
        record, state = _with_record(args.record, replay)
    except _Unreadable as exc:
        return _fail(str(exc))
    summary = dict(state.summary())
    for seat, player in enumerate(summary.get("players", [])):
        player["id"], player["name"] = record.players[seat].id, record.players[seat].name
    print(json.dumps({"game": record.game, **summary}, indent=2))
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    """Check a record's dice: 0 fair, 1 a roll or the secret differs, 2 not a record, 3 nothing
    to check (no commitment, or the secret not revealed yet)."""
    try:
        record, checked = _with_record(args.record, verify)
    except _Unreadable as exc:
        return _fail(str(exc))
    print("\n".join(verdict_lines(record, checked)))
    return VERIFY_STATUS[checked.verdict]


def _with_record(path: Path, use: Callable[[MatchRecord], T]) -> tuple[MatchRecord, T]:
    """The file's record and what `use` makes of it; _Unreadable says why not (a file that is
    no record, or a record no game can replay)."""
    try:
        record = _match_record(path)
        return record, use(record)
    except (RecordError, UnknownGame) as exc:
        raise _Unreadable(f"{path}: {exc}") from None


def _match_record(path: Path) -> MatchRecord:
    """The record a file holds, read within `tablero replay`'s limits; _Unreadable says why not
    (RecordError for JSON that is no record)."""
    try:
        data = json.loads(_read_record(path).decode("utf-8"))
    except OSError as exc:
        raise _Unreadable(f"cannot read {path}: {exc.strerror or exc}") from None
    except RecursionError:
        raise _Unreadable(f"{path} is not a match record: its JSON is nested too deeply") from None
    except (ValueError, UnicodeDecodeError) as exc:  # bad JSON, a number of thousands of digits
        raise _Unreadable(f"{path} is not JSON: {exc}") from None
    return MatchRecord.from_json(data)


def _read_record(path: Path) -> bytes:
    """At most MAX_RECORD_BYTES of a regular file: a device (/dev/zero) or a pipe is refused by
    its type before it is opened, so nothing can read forever or wait for a writer."""
    _check_regular(path, os.stat(path))
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))  # a swapped-in FIFO: no wait
    with os.fdopen(fd, "rb") as file:
        info = os.fstat(file.fileno())
        _check_regular(path, info)  # what was opened, should the path have changed meanwhile
        if info.st_size > MAX_RECORD_BYTES:
            raise _Unreadable(_too_large(path, f"{info.st_size:,} bytes"))
        data = file.read(MAX_RECORD_BYTES + 1)  # the size said may be wrong, or the file grow
    if len(data) > MAX_RECORD_BYTES:
        raise _Unreadable(_too_large(path, f"over {MAX_RECORD_BYTES:,} bytes"))
    return data


def _check_regular(path: Path, info: os.stat_result) -> None:
    if not stat.S_ISREG(info.st_mode):
        kind = next((name for test, name in _FILE_KINDS if test(info.st_mode)), "not a file")
        raise _Unreadable(f"{path} is {kind}, not a match record file")


def _too_large(path: Path, size: str) -> str:
    mib = MAX_RECORD_BYTES // (1024 * 1024)
    return f"{path} is too large: {size}; a match record is at most {mib} MiB"


def _fail(message: str) -> int:
    print(f"tablero: error: {message}", file=sys.stderr)
    return 2


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


MAX_NAME = 32
"""The longest demo name (Discord's display names are at most 32 characters)."""


def _names(text: str) -> tuple[str, ...]:
    names = tuple(name.strip() for name in text.split(","))
    if not all(names) or len(names) > 4:
        raise argparse.ArgumentTypeError("one to four names, separated by commas")
    if any(len(name) > MAX_NAME for name in names):
        raise argparse.ArgumentTypeError(f"a name is at most {MAX_NAME} characters")
    return names

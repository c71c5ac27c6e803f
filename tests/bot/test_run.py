"""`tablero run` and `python -m bot`: settings, and a clear exit without a usable token."""

from __future__ import annotations

import asyncio
import io
import logging
import os
import signal
import socket
import subprocess
import sys
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import discord
import pytest
from discord.http import Route

import bot.loops
import bot.run
from bot.app import TableroBot
from bot.cli import main
from bot.config import Config, ConfigError, Secret
from bot.loops import EventLoop, loop_factory
from bot.run import LOG_HANDLER_NAME, serve, setup_logging
from games.keer_kids import KeerState, Phase
from games.records import replay
from storage import Shards, SqliteStore, Store, open_store
from tests.bot.conftest import Server
from words import isolate

ROOT = Path(__file__).resolve().parents[2]


def _clean_env() -> dict[str, str]:
    unset = {"DISCORD_TOKEN", "DEV_GUILD_ID", "DATABASE_URL", "TABLERO_DB_PATH", "LOG_LEVEL"}
    clean = {k: v for k, v in os.environ.items() if k not in unset}
    clean["PYTHONPATH"] = str(ROOT)
    return clean


def _run(args: list[str], cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        check=False,
        cwd=cwd,
        env={**_clean_env(), **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.parametrize("args", [["run"], []])
def test_without_a_token_it_says_how_to_get_one(tmp_path: Path, args: list[str]) -> None:
    done = _run(args, tmp_path)
    assert done.returncode == 2
    for words in ("DISCORD_TOKEN", "applications.commands", "Attach Files", "tablero demo"):
        assert words in done.stderr
    assert not (tmp_path / "data").exists()


def test_a_bad_dev_guild_id_is_refused_by_name(tmp_path: Path) -> None:
    done = _run(["run"], tmp_path, DISCORD_TOKEN="x", DEV_GUILD_ID="my-server")
    assert done.returncode == 2 and "DEV_GUILD_ID" in done.stderr


def test_the_environment_wins_over_the_env_file(tmp_path: Path) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text("DISCORD_TOKEN=from-file\nDEV_GUILD_ID=42\nLOG_LEVEL=debug\n")
    config = Config.load({"DISCORD_TOKEN": "from-env"}, env_file)
    assert config.token == Secret("from-env") and config.dev_guild_id == 42
    assert config.log_level == "DEBUG" and config.database_url is None
    with pytest.raises(ConfigError, match="DEV_GUILD_ID"):
        Config.load({"DEV_GUILD_ID": "x1"}, None)


def test_the_event_loop_is_uvloop_unless_asyncio_is_asked_for() -> None:
    assert Config.load({}, None).event_loop is EventLoop.UVLOOP
    assert Config.load({"TABLERO_EVENT_LOOP": " AsyncIO "}, None).event_loop is EventLoop.ASYNCIO
    with pytest.raises(ConfigError, match="TABLERO_EVENT_LOOP must be uvloop or asyncio"):
        Config.load({"TABLERO_EVENT_LOOP": "trio"}, None)


def test_without_uvloop_the_process_runs_on_asyncios_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bot.loops, "has_uvloop", lambda: False)
    assert loop_factory(EventLoop.UVLOOP) is asyncio.new_event_loop
    assert loop_factory(EventLoop.ASYNCIO) is asyncio.new_event_loop


# -- failing starts: one line, no traceback ---------------------------------------------------


@pytest.fixture
def run_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A token, a database in tmp_path, no .env; the log handler `run` installs is removed."""
    for name in ("DEV_GUILD_ID", "DATABASE_URL", "LOG_LEVEL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("DISCORD_TOKEN", "fake-token")
    monkeypatch.setenv("TABLERO_DB_PATH", str(tmp_path / "data" / "tablero.db"))
    monkeypatch.chdir(tmp_path)
    root = logging.getLogger()
    level = root.level
    yield tmp_path
    for handler in [h for h in root.handlers if h.get_name() == LOG_HANDLER_NAME]:
        root.removeHandler(handler)
    root.setLevel(level)


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port


def _one_line_failure(err: str, start: str) -> str:
    assert "Traceback" not in err and "\x1b[" not in err, err
    failures = [line for line in err.splitlines() if line.startswith("tablero:")]
    assert len(failures) == 1 and failures[0].startswith(start), err
    return failures[0]


def test_no_route_to_discord_is_one_line(
    run_env: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(Route, "BASE", f"http://127.0.0.1:{_closed_port()}/api/v10")
    assert main(["run"]) == 1
    line = _one_line_failure(capsys.readouterr().err, "tablero: cannot reach Discord: ")
    assert "127.0.0.1" in line


@pytest.mark.parametrize(("asked", "loop"), [(None, "uvloop"), ("asyncio", "asyncio")])
def test_a_start_that_fails_by_subprocess_prints_one_line(
    tmp_path: Path, asked: str | None, loop: str
) -> None:
    """The real program (`python -m bot run`), Discord's URL pointed at a closed loopback port;
    it runs on uvloop unless TABLERO_EVENT_LOOP asks for asyncio's loop."""
    code = (
        "import sys; from discord.http import Route; Route.BASE = sys.argv[1]; "
        "from bot.cli import main; raise SystemExit(main(['run']))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, f"http://127.0.0.1:{_closed_port()}/api/v10"],
        check=False,
        cwd=tmp_path,
        env={**_clean_env(), "DISCORD_TOKEN": "fake-token"}
        | ({} if asked is None else {"TABLERO_EVENT_LOOP": asked}),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    _one_line_failure(done.stderr, "tablero: cannot reach Discord: ")
    assert done.stdout == ""
    assert f"running on the {loop} event loop" in done.stderr


async def _refused(self: Any, token: str) -> Any:
    raise discord.LoginFailure("Improper token has been passed.")


async def _times_out(self: Any, token: str) -> Any:
    raise TimeoutError


async def _hangs(self: Any, token: str) -> Any:
    await asyncio.sleep(3600)


@pytest.mark.parametrize(
    "case",
    [
        (_refused, 2, "tablero: Discord refused DISCORD_TOKEN"),
        (_times_out, 1, "tablero: cannot reach Discord: TimeoutError"),
        (_hangs, 1, "tablero: cannot reach Discord: no answer in 0.2 s"),
    ],
)
def test_a_refused_token_or_a_silent_discord_is_one_line(
    run_env: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    case: tuple[Callable[..., Awaitable[Any]], int, str],
) -> None:
    login, status, start = case
    monkeypatch.setattr(discord.http.HTTPClient, "static_login", login)
    monkeypatch.setattr(bot.run, "LOGIN_TIMEOUT_S", 0.2)
    assert main(["run"]) == status
    _one_line_failure(capsys.readouterr().err, start)


def _corrupt(tmp: Path) -> tuple[dict[str, str], str]:
    (tmp / "corrupt.db").write_bytes(b"this is not an SQLite database, " * 64)
    return {"TABLERO_DB_PATH": str(tmp / "corrupt.db")}, f"{tmp / 'corrupt.db'}: "


def _under_a_file(tmp: Path) -> tuple[dict[str, str], str]:
    (tmp / "a-file").write_text("")
    return {"TABLERO_DB_PATH": str(tmp / "a-file" / "tablero.db")}, str(tmp / "a-file")


def _read_only(tmp: Path) -> tuple[dict[str, str], str]:
    if os.geteuid() == 0:
        pytest.skip("root writes into read-only folders")
    (tmp / "ro").mkdir(mode=0o555)
    return {"TABLERO_DB_PATH": str(tmp / "ro" / "tablero.db")}, str(tmp / "ro" / "tablero.db")


def _no_postgres(tmp: Path) -> tuple[dict[str, str], str]:
    url = f"postgresql://tablero:s3cret@127.0.0.1:{_closed_port()}/tablero"
    return {"DATABASE_URL": url}, "postgresql://tablero:***@127.0.0.1:"


def _not_postgres(tmp: Path) -> tuple[dict[str, str], str]:
    return {"DATABASE_URL": "mysql://tablero:s3cret@127.0.0.1/tablero"}, "mysql://tablero:***@"


@pytest.mark.parametrize(
    "database", [_corrupt, _under_a_file, _read_only, _no_postgres, _not_postgres]
)
def test_a_database_that_cannot_be_opened_is_named_in_one_line(
    run_env: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    database: Callable[[Path], tuple[dict[str, str], str]],
) -> None:
    """The database is opened before Discord is contacted: no network is needed to fail."""
    env, named = database(run_env)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(Route, "BASE", f"http://127.0.0.1:{_closed_port()}/api/v10")
    assert main(["run"]) == 1
    line = _one_line_failure(capsys.readouterr().err, "tablero: cannot open the database ")
    assert named in line and "s3cret" not in line


async def test_a_second_bot_on_a_sqlite_file_already_run_is_refused_in_one_line(
    run_env: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """One SQLite file serves one bot process: a second `tablero run` on it stops before it
    contacts Discord (the first holds the file's claim)."""
    monkeypatch.setattr(Route, "BASE", f"http://127.0.0.1:{_closed_port()}/api/v10")
    running = await SqliteStore.open(run_env / "data" / "tablero.db")
    await running.claim_shards(Shards())
    try:
        assert await serve(Config.load(), "fake-token", err=sys.stderr) == 1
    finally:
        await running.close()
    line = _one_line_failure(capsys.readouterr().err, "tablero: another Tablero process")
    assert str(run_env / "data" / "tablero.db") in line


def test_a_share_of_the_shards_on_sqlite_is_refused_in_one_line(
    run_env: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("SHARD_COUNT", "2")
    monkeypatch.setenv("SHARD_IDS", "1")
    monkeypatch.setattr(Route, "BASE", f"http://127.0.0.1:{_closed_port()}/api/v10")
    assert main(["run"]) == 1
    line = _one_line_failure(capsys.readouterr().err, "tablero: this process would run shard 1")
    assert "needs PostgreSQL" in line


# -- logs -----------------------------------------------------------------------------------


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_logs_are_plain_text_off_a_terminal(run_env: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """discord.py colours its logs inside Docker even without a terminal; Tablero does not."""
    monkeypatch.setattr(discord.utils, "is_docker", lambda: True)
    plain, terminal = io.StringIO(), _Terminal()
    setup_logging("INFO", plain)
    logging.getLogger("bot.test").warning("plain words")
    setup_logging("INFO", terminal)  # replaces the first handler
    logging.getLogger("bot.test").warning("coloured words")
    assert "plain words" in plain.getvalue() and "coloured" not in plain.getvalue()
    assert "\x1b[" not in plain.getvalue()
    assert "\x1b[" in terminal.getvalue()


# -- SIGTERM / SIGINT -----------------------------------------------------------------------


async def _until(condition: Callable[[], bool], what: str, timeout: float = 30) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        if loop.time() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.02)


async def test_sigterm_during_a_match_stops_the_bot_cleanly(server: Server) -> None:
    """`docker stop`: exit 0 within 5 s; every acknowledged click is in the database."""
    fake = server.fake
    async with fake.loopback() as loopback:
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            *("-m", "fakediscord.pointed", str(loopback.port)),  # `tablero run`, unmodified
            *("bot", "run"),
            cwd=server.db_path.parent,
            env={
                **_clean_env(),
                "DISCORD_TOKEN": "fake-token",
                "TABLERO_DB_PATH": str(server.db_path),
            },
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        try:
            await _until(lambda: any(s.identified for s in loopback.sessions), "the gateway")
            handle = discord.Client(intents=discord.Intents.none())  # frames go by the gateway
            res = await fake.slash(handle, server.ana, server.channel, "keer start")
            assert res.message is not None
            lobby = res.message
            await fake.click(handle, server.ana, lobby, "Add AI")
            await fake.click(handle, server.ana, lobby, "Start")
            await _until(lambda: len(fake.channel_messages(server.channel)) > 1, "the table")
            table = fake.last_message(server.channel)
            assert (await fake.click(handle, server.ana, table, "Roll")).acknowledged
            table = fake.message(table.id)
            keep = next(b.custom_id for b in table.buttons() if ":keep:" in (b.custom_id or ""))
            assert keep is not None
            assert (await fake.click(handle, server.ana, table, keep)).acknowledged
            proc.send_signal(signal.SIGTERM)
            started = asyncio.get_running_loop().time()
            _, err = await asyncio.wait_for(proc.communicate(), 10)
            took = asyncio.get_running_loop().time() - started
            assert proc.returncode == 0 and took < 5, err.decode()
            log = err.decode()
            assert "SIGTERM received" in log and "Traceback" not in log and "\x1b[" not in log
            assert "cut short" not in log
        finally:
            if proc.returncode is None:
                proc.kill()
                await proc.wait()
    # Every acknowledged click (and the computer's pick the table showed) was stored.
    store = await open_store(None, server.db_path)
    try:
        (match_id,) = await store.open_match_ids()
        stored = await store.load(match_id)
    finally:
        await store.close()
    state = replay(stored.record)
    assert isinstance(state, KeerState)
    assert state.phase is Phase.CHOOSE and state.seats_to_act() == (0,)
    assert (
        f"⏳ Waiting for: {isolate('Ana')} · ✅ {isolate('Ada (AI, normal)')}"
        in fake.message(table.id).text
    )


async def test_sigint_in_process_runs_the_close_sequence(
    server: Server, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The runner's own signal handlers (no KeyboardInterrupt): exit status 0, the bot closed
    with its timers stopped and no interaction taken after, and the database closed."""
    made: list[TableroBot] = []
    stores: list[Store] = []

    class Recorded(TableroBot):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            made.append(self)

    async def opened(url: str | None, path: Path) -> Store:
        stores.append(await open_store(url, path))
        return stores[-1]

    monkeypatch.setattr(bot.run, "new_bot", Recorded)
    monkeypatch.setattr(bot.run, "open_store", opened)
    config = Config(Secret("fake-token"), None, None, server.db_path, "INFO")
    async with server.fake.loopback() as loopback:
        serving = asyncio.create_task(bot.run.serve(config, "fake-token", io.StringIO()))
        await _until(lambda: any(s.identified for s in loopback.sessions), "the gateway")
        signal.raise_signal(signal.SIGINT)
        assert await asyncio.wait_for(serving, 5) == 0
    (closed,) = made
    assert closed.is_closed() and closed.stopping
    assert all(closed.runtime.timers.pending(m) is None for m in closed.runtime.service.matches)
    with pytest.raises(Exception, match=r"closed|no active connection"):
        await stores[0].open_match_ids()
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


async def test_a_stopping_bot_leaves_new_interactions_unanswered(server: Server) -> None:
    running = await server.start_bot()
    running.stopping = True
    server.fake.response_timeout = 0.3
    with pytest.raises(AssertionError, match="got no response"):
        await server.fake.slash(running, server.ana, server.channel, "keer start")
    await server.fake.disconnect(running)


def test_the_http_port_and_the_shards_are_read_and_checked() -> None:
    config = Config.load({"TABLERO_HTTP_PORT": "8080", "SHARD_COUNT": "3", "SHARD_IDS": "2"}, None)
    assert (config.http_port, config.shards) == (8080, Shards((2,), 3))
    plain = Config.load({}, None)
    assert (plain.http_port, plain.shards) == (None, Shards((0,), 1))
    assert Config.load({"SHARD_COUNT": "3"}, None).shards == Shards((0, 1, 2), 3)
    listed = Config.load({"SHARD_COUNT": "8", "SHARD_IDS": "6, 0-2"}, None)
    assert listed.shards == Shards((0, 1, 2, 6), 8)
    shares = [
        Config.load({"SHARD_COUNT": "5", "CLUSTER_COUNT": "2", "CLUSTER_INDEX": str(i)}, None)
        for i in (0, 1)
    ]
    assert [c.shards.indices for c in shares] == [(0, 1), (2, 3, 4)]  # every shard, once
    for wrong, named in (
        ({"TABLERO_HTTP_PORT": "80000"}, "TABLERO_HTTP_PORT"),
        ({"TABLERO_HTTP_PORT": "web"}, "TABLERO_HTTP_PORT"),
        ({"SHARD_COUNT": "0"}, "SHARD_COUNT"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "2"}, "SHARD_IDS must be shards 0 to 1"),
        ({"SHARD_IDS": "-1"}, "SHARD_IDS lists shards"),
        ({"SHARD_IDS": "0,one"}, "SHARD_IDS lists shards"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "0", "CLUSTER_INDEX": "0"}, "not both"),
        ({"SHARD_COUNT": "2", "CLUSTER_COUNT": "3", "CLUSTER_INDEX": "0"}, "more processes"),
        ({"SHARD_COUNT": "4", "CLUSTER_COUNT": "2", "CLUSTER_INDEX": "2"}, "CLUSTER_INDEX"),
        ({"SHARD_COUNT": "4", "CLUSTER_INDEX": "1"}, "CLUSTER_COUNT"),
    ):
        with pytest.raises(ConfigError, match=named):
            Config.load(wrong, None)

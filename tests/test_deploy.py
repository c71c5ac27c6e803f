"""The deployment recipe: compose.yaml, the Dockerfile and .dockerignore say what docs/deploy.md
promises. Fast: nothing is built; `.ci/image-context` builds and runs the image's wheel."""

from __future__ import annotations

import http.server
import json
import os
import re
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
import yaml

from bot.config import Config

ROOT = Path(__file__).resolve().parents[1]
PRODUCT_PACKAGES = ("games", "words", "render", "storage", "ratings", "bot")
NOT_IN_IMAGE = (
    *("tests", "conftest.py", "fakediscord", "benchmarks", "tools", "docs", ".git", ".venv"),
    "data",
)


# compose.yaml


@pytest.fixture(scope="module")
def compose() -> dict[str, Any]:
    document: dict[str, Any] = yaml.safe_load((ROOT / "compose.yaml").read_text())
    return document


def interpolate(text: str) -> str:
    """Compose's `${NAME…}` as `<NAME>`."""
    return re.sub(r"\$\{(\w+)[^}]*\}", r"<\1>", text)


def bots(compose: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {name: s for name, s in compose["services"].items() if name != "db"}


def cluster(compose: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {n: s for n, s in bots(compose).items() if "cluster" in s.get("profiles", [])}


def test_the_database_is_a_pinned_postgresql_with_a_health_check_and_a_named_volume(compose):
    db = compose["services"]["db"]
    assert re.fullmatch(r"postgres:\d+(\.\d+)?(-[a-z0-9]+)?", db["image"]), db["image"]
    test = db["healthcheck"]["test"]
    assert test[0] in ("CMD", "CMD-SHELL") and "pg_isready" in " ".join(test[1:])
    volumes = [v.split(":") for v in db["volumes"]]
    assert ["pgdata", "/var/lib/postgresql/data"] in volumes
    assert "pgdata" in compose["volumes"]
    assert db["restart"] == "unless-stopped"


def test_every_bot_waits_for_a_healthy_database_reads_env_and_restarts(compose):
    assert set(bots(compose)) == {"bot", "bot-0", "bot-1"}
    db_env = compose["services"]["db"]["environment"]
    for name, bot in bots(compose).items():
        assert bot["depends_on"]["db"]["condition"] == "service_healthy", name
        env_files = bot["env_file"] if isinstance(bot["env_file"], list) else [bot["env_file"]]
        assert ".env" in env_files, name
        assert bot["restart"] == "unless-stopped", name
        assert bot["build"] == ".", name
        assert not bot.get("healthcheck", {}).get("disable", False), name  # the image's check
        url = urlsplit(interpolate(bot["environment"]["DATABASE_URL"]))
        assert url.scheme == "postgresql", name
        assert url.hostname == "db" and (url.port or 5432) == 5432, name
        assert url.username == db_env["POSTGRES_USER"], name
        assert url.password == interpolate(db_env["POSTGRES_PASSWORD"]) == "<POSTGRES_PASSWORD>"
        assert url.path == "/" + db_env["POSTGRES_DB"], name
        grace = re.fullmatch(r"(\d+)s", bot["stop_grace_period"])
        assert grace and int(grace.group(1)) >= 10, name  # the orderly stop needs ~10 s


def test_plain_compose_up_runs_one_bot_and_the_cluster_profile_two_processes(compose):
    assert "profiles" not in compose["services"]["bot"]
    assert "profiles" not in compose["services"]["db"]
    assert "SHARD_COUNT" not in compose["services"]["bot"]["environment"]
    shards = cluster(compose)
    assert len(shards) == 2
    shares = [
        Config.load({k: str(v) for k, v in s["environment"].items()}, None) for s in shards.values()
    ]
    runs = sorted(index for share in shares for index in share.shards.indices)
    assert {share.shards.count for share in shares} == {len(runs)}
    assert runs == list(range(len(runs)))  # every shard run, by exactly one process
    assert all(len(share.shards.indices) > 1 for share in shares)  # several per process
    urls = {s["environment"]["DATABASE_URL"] for s in bots(compose).values()}
    assert len(urls) == 1  # one database for the single process and the cluster alike


def test_the_compose_file_says_how_to_run_the_cluster_without_the_single_bot():
    text = (ROOT / "compose.yaml").read_text()
    assert "docker compose --profile cluster up -d --scale bot=0" in text
    assert (
        "docker compose --profile cluster up -d --scale bot=0"
        in (ROOT / "docs" / "deploy.md").read_text()
    )


# The Dockerfile


def instructions(text: str) -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) per instruction: comments dropped, continuations joined."""
    result: list[tuple[str, str]] = []
    pending = ""
    for line in text.splitlines():
        if line.lstrip().startswith("#"):
            continue
        if line.rstrip().endswith("\\"):
            pending += line.rstrip()[:-1] + " "
            continue
        whole, pending = pending + line, ""
        if whole.strip():
            word, _, rest = whole.strip().partition(" ")
            result.append((word.upper(), " ".join(rest.split())))
    return result


@pytest.fixture(scope="module")
def stages() -> list[list[tuple[str, str]]]:
    """The Dockerfile's stages, each from its FROM."""
    found: list[list[tuple[str, str]]] = []
    for instruction in instructions((ROOT / "Dockerfile").read_text()):
        if instruction[0] == "FROM":
            found.append([])
        found[-1].append(instruction)
    return found


def args(stage: list[tuple[str, str]], name: str) -> list[str]:
    return [a for i, a in stage if i == name]


def env(stage: list[tuple[str, str]]) -> dict[str, str]:
    return dict(pair.split("=", 1) for a in args(stage, "ENV") for pair in a.split() if "=" in pair)


def test_the_image_copies_the_whole_context_and_builds_its_wheel(stages):
    everything = [i for stage in stages for i in stage]
    assert ("COPY", ". .") in everything
    wheel_stage = next(s for s in stages if ("COPY", ". .") in s)
    assert any("pip wheel --no-deps" in a for a in args(wheel_stage, "RUN"))
    final = stages[-1]
    assert final[0][1].startswith("python:3.11")
    assert ("COPY", ". .") not in final  # the image holds the installed wheel, not the source


def test_the_dependencies_are_a_layer_of_their_own_before_the_code(stages):
    final = stages[-1]
    position = {
        "pyproject": final.index(("COPY", "pyproject.toml /tmp/pyproject.toml")),
        "dependencies": next(
            n for n, (i, a) in enumerate(final) if i == "RUN" and "pip install -r" in a
        ),
        "code": next(n for n, (i, a) in enumerate(final) if i == "COPY" and "--from=" in a),
    }
    assert position["pyproject"] < position["dependencies"] < position["code"], position
    install = next(a for i, a in final if i == "RUN" and "pip install -r" in a)
    assert "['project']['dependencies']" in install


def test_the_image_runs_as_a_numeric_non_root_user_with_data_on_a_volume(stages):
    final = stages[-1]
    users = args(final, "USER")
    assert users, "no USER: the bot would run as root"
    user = users[-1].split(":")[0]
    assert user.isdigit() and int(user) != 0, users
    assert env(final)["TABLERO_DB_PATH"] == "/data/tablero.db"
    assert any("/data" in a for a in args(final, "VOLUME"))


def test_the_image_stops_on_sigterm_through_an_init(stages):
    final = stages[-1]
    assert args(final, "STOPSIGNAL") == ["SIGTERM"]
    entrypoint = json.loads(args(final, "ENTRYPOINT")[-1])
    assert entrypoint[0].endswith("tini") and entrypoint[1:] == ["--", "tablero"], entrypoint
    assert any("install" in a and "tini" in a for a in args(final, "RUN"))
    assert json.loads(args(final, "CMD")[-1]) == ["run"]


def test_the_image_exposes_the_health_port_and_checks_healthz(stages):
    final = stages[-1]
    port = env(final)["TABLERO_HTTP_PORT"]
    assert port == "8080"
    assert port in " ".join(args(final, "EXPOSE")).split()
    (check,) = args(final, "HEALTHCHECK")
    assert "CMD" in check and "/healthz" in check and "TABLERO_HTTP_PORT" in check
    assert "curl" not in check and "wget" not in check


class Health(http.server.BaseHTTPRequestHandler):
    status = 200

    def do_GET(self) -> None:
        self.send_response(self.status if self.path == "/healthz" else 404)
        self.end_headers()

    def log_message(self, *args: Any) -> None:
        pass


@pytest.fixture
def health_server() -> Iterator[http.server.HTTPServer]:
    server = http.server.HTTPServer(("127.0.0.1", 0), Health)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


def test_the_health_check_passes_on_200_and_fails_on_503(stages, health_server):
    (check,) = args(stages[-1], "HEALTHCHECK")
    command = json.loads(check[check.index("CMD") + 3 :])
    assert command[0] == "python"
    environ = {**os.environ, "TABLERO_HTTP_PORT": str(health_server.server_address[1])}

    def run() -> int:
        return subprocess.run(
            [sys.executable, *command[1:]],
            env=environ,
            capture_output=True,
            check=False,
            timeout=30,
        ).returncode

    Health.status = 200
    assert run() == 0
    Health.status = 503
    assert run() != 0
    Health.status = 200


# The build context (.dockerignore, as .ci/image-context applies it)


def context(root: Path) -> list[str]:
    out = subprocess.run(
        ["bash", str(ROOT / ".ci" / "image-context"), "--list", str(root)],
        env={**os.environ, "PYTHON": sys.executable},
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout
    return out.split()


def test_the_context_holds_every_product_file_and_none_of_the_rest():
    sent = set(context(ROOT))
    assert {"pyproject.toml", "README.md"} <= sent  # pyproject's readme is README.md
    for package in PRODUCT_PACKAGES:
        on_disk = {
            path.relative_to(ROOT).as_posix()
            for path in (ROOT / package).rglob("*")
            if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"
        }
        assert f"{package}/__init__.py" in on_disk
        assert on_disk <= sent, sorted(on_disk - sent)
    data_files = {"games/keer_kids/data/sheet.toml", "render/fonts/NotoSans-Regular.ttf"}
    assert data_files <= sent  # `data` in .dockerignore is ./data only
    assert any(n.startswith("words/locales/nl/") for n in sent)
    for name in NOT_IN_IMAGE:
        assert not [n for n in sent if n == name or n.startswith(name + "/")], name
    assert not [n for n in sent if "__pycache__" in n or n.endswith(".pyc") or ".env" in n]


def test_dockerignore_leaves_out_secrets_state_and_caches(tmp_path):
    (tmp_path / ".dockerignore").write_text((ROOT / ".dockerignore").read_text())
    files = [
        ".env",
        ".env.production",
        "data/tablero.db",
        "data/tablero.db-wal",
        "tablero.db",
        ".git/HEAD",
        ".venv/bin/python",
        "bot/__pycache__/app.cpython-311.pyc",
        "bot/games/kero/__pycache__/play.cpython-311.pyc",
        ".mypy_cache/x",
        "tablero.egg-info/PKG-INFO",
        "tests/test_x.py",
        "fakediscord/__init__.py",
        "benchmarks/render.py",
        "docs/images/table.png",
        "tablero-demo/kero/results.png",
        "pyproject.toml",
        "README.md",
        "bot/__init__.py",
        "bot/games/kero/play.py",
        "games/keer_kids/data/sheet.toml",
        "render/fonts/NotoSans-Regular.ttf",
        "words/locales/en/common.ftl",
        "storage/migrations/sqlite/0001_matches.sql",
    ]
    for name in files:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("x")
    assert context(tmp_path) == sorted(files[files.index("pyproject.toml") :])


def test_the_context_follows_dockers_pattern_rules(tmp_path):
    (tmp_path / ".dockerignore").write_text(
        "# a comment\n"
        "data/\n"  # cleaned to `data`: the root's only
        "/logs\n"  # a leading slash is the root too
        "**/*.tmp\n"
        "docs/*.md\n"  # `*` stays in one segment
        "!docs/keep.md\n"  # an exception: the last matching line wins
        "a?c\n"
        "[xy]z\n"
        "cache/**\n"
    )
    files = {
        "data/a": False,
        "games/data/a": True,
        "logs/x": False,
        "sub/logs/x": True,
        "x.tmp": False,
        "deep/down/x.tmp": False,
        "docs/a.md": False,
        "docs/keep.md": True,
        "docs/deep/a.md": True,
        "abc": False,
        "abbc": True,
        "xz/file": False,
        "zz": True,
        "cache/a/b": False,
        "kept": True,
    }
    for name in files:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("x")
    expected = [".dockerignore", *(n for n, sent in files.items() if sent)]
    assert context(tmp_path) == sorted(expected)

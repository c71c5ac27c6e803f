"""`tablero run` and `python -m bot`: settings, and a clear exit without a usable token."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import Config, ConfigError

ROOT = Path(__file__).resolve().parents[2]


def _run(args: list[str], cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in {"DISCORD_TOKEN", "DEV_GUILD_ID"}}
    clean["PYTHONPATH"] = str(ROOT)
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        check=False,
        cwd=cwd,
        env={**clean, **env},
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
    assert config.token == "from-env" and config.dev_guild_id == 42
    assert config.log_level == "DEBUG" and config.database_url is None
    with pytest.raises(ConfigError, match="DEV_GUILD_ID"):
        Config.load({"DEV_GUILD_ID": "x1"}, None)

"""The Discord token and the database password never reach a repr, a str or a log line: the
settings hold them as `Secret`s, which only `reveal()` opens (issue 33)."""

from __future__ import annotations

import copy
import dataclasses
import logging
import pickle
from pathlib import Path

import pytest

from bot.cli import main
from bot.config import MASK, Config, Secret, database_secret, revealed

TOKEN = "MTE4.token-do-not-print.Xy9"
PASSWORD = "s3cret-pw"
URL = f"postgresql://tablero:{PASSWORD}@db:5432/tablero"


def loaded() -> Config:
    return Config.load({"DISCORD_TOKEN": TOKEN, "DATABASE_URL": URL}, None)


def test_the_settings_print_neither_the_token_nor_the_password() -> None:
    config = loaded()
    for shown in (repr(config), str(config), f"{config}", f"{config.token}", repr(config.token)):
        assert TOKEN not in shown and PASSWORD not in shown
    assert "postgresql://tablero:***@db:5432/tablero" in repr(config)
    assert repr(config.token) == "Secret('***')" and str(config.token) == MASK


def test_logging_the_settings_shows_neither(caplog: pytest.LogCaptureFixture) -> None:
    config = loaded()
    log = logging.getLogger("tablero.test")
    with caplog.at_level(logging.DEBUG, logger="tablero.test"):
        log.info("settings: %s", config)
        log.info("settings: %r", config)
        log.info("token %s, database %s", config.token, config.database_url)
        log.info("fields: %s", dataclasses.asdict(config))
    assert len(caplog.records) == 4
    assert TOKEN not in caplog.text and PASSWORD not in caplog.text
    assert "tablero:***@db" in caplog.text


def test_the_values_are_there_for_the_calls_that_need_them() -> None:
    config = loaded()
    assert config.token is not None and config.token.reveal() == TOKEN
    assert revealed(config.database_url) == URL and revealed(None) is None
    assert config == loaded() and config.token == Secret(TOKEN) != Secret("another")


def test_a_secret_is_frozen_and_survives_a_copy_or_a_pickle() -> None:
    secret = database_secret(URL)
    with pytest.raises(AttributeError, match="frozen"):
        secret._value = TOKEN  # type: ignore[misc]
    for again in (copy.copy(secret), copy.deepcopy(secret), pickle.loads(pickle.dumps(secret))):
        assert again == secret and again.reveal() == URL and str(again) == str(secret)
        assert PASSWORD not in again.scrub(f"password {PASSWORD}")


@pytest.mark.parametrize(
    ("url", "shown", "hidden"),
    [
        (URL, "postgresql://tablero:***@db:5432/tablero", PASSWORD),
        ("postgresql://u:p%40ss@h/db", "postgresql://u:***@h/db", "p@ss"),
        ("postgresql://u:a@b@h/db", "postgresql://u:***@h/db", "a@b"),
        (
            "postgresql://h/db?user=u&password=pw1&x=1",
            "postgresql://h/db?user=u&password=***&x=1",
            "pw1",
        ),
        ("postgresql://h/db", "postgresql://h/db", None),
        ("not a url:pw", MASK, "not a url:pw"),
    ],
)
def test_a_database_url_is_shown_without_its_password(
    url: str, shown: str, hidden: str | None
) -> None:
    secret = database_secret(url)
    assert str(secret) == shown and repr(secret) == f"Secret({shown!r})"
    assert secret.reveal() == url
    if hidden is not None:
        scrubbed = secret.scrub(f"could not connect to {url} with {hidden}")
        assert hidden not in scrubbed and shown in scrubbed


def test_db_commands_never_print_the_database_password(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The storage refuses a non-PostgreSQL URL quoting it: the password is masked first."""
    monkeypatch.setenv("DATABASE_URL", f"mysql://tablero:{PASSWORD}@127.0.0.1/tablero")
    assert main(["db", "check"]) == 2
    err = capsys.readouterr().err
    assert "mysql://tablero:***@127.0.0.1/tablero" in err and PASSWORD not in err

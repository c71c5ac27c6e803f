"""The bot's half of provably fair dice (docs/fairness.md): it draws each secret, keeps a lobby's
until its match starts, and shows only the commitment while the match is open."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from typing import Any, Final

from games.fairness import SECRET_HEX, Fairness, FairnessError, Origin, Secret, stream_seed

LOBBY_KEY: Final = "fair"
"""A lobby's option holding its secret (never shown: `public_options` drops it)."""


def new_secret(subject: str) -> Secret:
    """A fresh secret seed and salt of 128 bits each, from the operating system's randomness."""
    return Secret(subject, secrets.token_hex(SECRET_HEX // 2), secrets.token_hex(SECRET_HEX // 2))


def lobby_secret(lobby_id: int) -> dict[str, str]:
    """A new lobby's secret, as its options keep it."""
    return new_secret(f"lobby-{lobby_id}").to_json()


def secret_of(options: Mapping[str, Any]) -> Secret | None:
    """The secret a lobby's options keep; None for a lobby opened before commitments (or one
    whose option is not a secret)."""
    try:
        return Secret.from_json(options.get(LOBBY_KEY))
    except FairnessError:
        return None


def public_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """A lobby's options as a member may see them: the secret left out, its commitment kept."""
    out = {key: value for key, value in options.items() if key != LOBBY_KEY}
    secret = secret_of(options)
    if secret is not None:
        out["commitment"] = secret.commitment
    return out


def started_by_click(options: Mapping[str, Any], click_id: str) -> Fairness | None:
    """A lobby's match, fixed by its secret and the click that started it (None: no secret)."""
    secret = secret_of(options)
    return None if secret is None else Fairness.of(secret, click_id, Origin.CLICK)


def started_by_command(command_id: str) -> Fairness:
    """A match started by a command, with no message shown before it: its own secret, mixed
    with the command's id (which the bot knew before it committed: docs/fairness.md)."""
    return Fairness.of(new_secret(f"command-{command_id}"), command_id, Origin.COMMAND)


def seeded(fixed: Callable[[], str] | None, fair: Fairness | None) -> tuple[str, Fairness | None]:
    """A new match's chance seed and the commitment it answers to: dice a test fixed have none,
    nor has a match started with none (a test's direct start); 128 bits or more either way."""
    if fixed is not None:
        return fixed(), None
    if fair is None or fair.seed is None:
        return secrets.token_hex(SECRET_HEX // 2), None
    return stream_seed(fair.seed, fair.mixed), fair

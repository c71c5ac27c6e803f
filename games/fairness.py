"""Provably fair dice: a match's secret is committed to in public before any die is drawn, and its
chance stream mixes in a value that arrived after the commitment (docs/fairness.md).

Pure: the secret is handed in (the bot draws it), so the scheme can be recomputed by anyone who
holds a finished match's record (`tablero verify`).
"""

from __future__ import annotations

import enum
import re
from collections.abc import Mapping
from dataclasses import dataclass
from hashlib import sha256
from typing import Any, Final

COMMIT_TAG: Final = "tablero-commit/1"
"""What the commitment's text starts with: another scheme would never hash the same text."""
STREAM_TAG: Final = "tablero-stream/1"
"""What the chance stream's seed text starts with."""
SECRET_HEX: Final = 32
"""The secret seed and the salt: 128 bits each, as lowercase hex."""
SHOWN_HEX: Final = 16
"""The commitment's prefix a message shows (64 bits: no one finds another secret that fits)."""

_HEX: Final = re.compile(r"[0-9a-f]+")
_SUBJECT: Final = re.compile(r"(lobby|command)-[0-9]{1,20}")
_SNOWFLAKE: Final = re.compile(r"[0-9]{1,20}")


class Origin(enum.Enum):
    """Where the mixed-in value came from, so a reader knows what it proves."""

    CLICK = "click"
    """The click that started the match on the message showing the commitment: it arrived after
    the commitment was public, so the bot could not try secrets against it."""
    COMMAND = "command"
    """The command that started a match with no message before it (a challenge of the
    computer): the bot knew it before it committed (docs/fairness.md says what that leaves)."""


class FairnessError(ValueError):
    """A record's `fair` object that cannot be read; the message says which field and why."""


@dataclass(frozen=True, slots=True)
class Secret:
    """What the bot commits to: the match's secret seed and salt, bound to what shows them."""

    subject: str
    """What the commitment is posted on: `lobby-N` (the lobby or challenge N) or `command-N`
    (the interaction N that started a match with no lobby)."""
    seed: str
    salt: str

    @property
    def commitment(self) -> str:
        """The SHA-256 the members see before any die is drawn, as hex."""
        return commitment_of(self.subject, self.seed, self.salt)

    def to_json(self) -> dict[str, str]:
        """The secret as a lobby keeps it until its match starts."""
        return {"subject": self.subject, "seed": self.seed, "salt": self.salt}

    @classmethod
    def from_json(cls, data: object) -> Secret:
        """A kept secret; FairnessError names the first field that is wrong."""
        if not isinstance(data, Mapping):
            raise FairnessError("'fair' must be an object")
        return cls(
            _text(data, "subject", _SUBJECT, "'lobby-N' or 'command-N'"),
            _text(data, "seed", _HEX, "32 hex digits", SECRET_HEX),
            _text(data, "salt", _HEX, "32 hex digits", SECRET_HEX),
        )


@dataclass(frozen=True, slots=True)
class Fairness:
    """A match's commitment as its record keeps it; `seed` and `salt` only once it is over."""

    subject: str
    commitment: str
    mixed: str
    """The value mixed into the stream: a Discord snowflake id (decimal), never the bot's."""
    origin: Origin
    seed: str | None = None
    salt: str | None = None

    @classmethod
    def of(cls, secret: Secret, mixed: str, origin: Origin) -> Fairness:
        """A new match's fairness, its secret revealed (storage keeps it; `sealed` hides it)."""
        return cls(secret.subject, secret.commitment, mixed, origin, secret.seed, secret.salt)

    @property
    def revealed(self) -> bool:
        """Whether the record holds the secret (a match that is over)."""
        return self.seed is not None and self.salt is not None

    def sealed(self) -> Fairness:
        """The same without the secret: what may be shown while the match is open."""
        return Fairness(self.subject, self.commitment, self.mixed, self.origin)

    @property
    def short(self) -> str:
        """The commitment's prefix a message shows."""
        return self.commitment[:SHOWN_HEX]

    def to_json(self) -> dict[str, Any]:
        """The record's `fair` object."""
        out: dict[str, Any] = {
            "subject": self.subject,
            "commitment": self.commitment,
            "mixed": self.mixed,
            "origin": self.origin.value,
        }
        if self.seed is not None:
            out["seed"] = self.seed
        if self.salt is not None:
            out["salt"] = self.salt
        return out

    @classmethod
    def from_json(cls, data: object) -> Fairness:
        """Read a record's `fair` object; FairnessError names the first field that is wrong."""
        if not isinstance(data, Mapping):
            raise FairnessError("'fair' must be an object")
        subject = _text(data, "subject", _SUBJECT, "'lobby-N' or 'command-N'")
        commitment = _text(data, "commitment", _HEX, "64 lowercase hex digits", 64)
        mixed = _text(data, "mixed", _SNOWFLAKE, "a Discord id in decimal")
        try:
            origin = Origin(data.get("origin"))
        except ValueError:
            raise FairnessError("'fair.origin' must be 'click' or 'command'") from None
        seed, salt = (
            None if data.get(key) is None else _text(data, key, _HEX, "32 hex digits", SECRET_HEX)
            for key in ("seed", "salt")
        )
        return cls(subject, commitment, mixed, origin, seed, salt)


def commitment_of(subject: str, seed: str, salt: str) -> str:
    """SHA-256 of the UTF-8 text `tablero-commit/1:SUBJECT:SEED:SALT`, as lowercase hex."""
    return sha256(f"{COMMIT_TAG}:{subject}:{seed}:{salt}".encode()).hexdigest()


def stream_seed(seed: str, mixed: str) -> str:
    """The chance stream's seed: SHA-256 of `tablero-stream/1:SEED:MIXED`, as lowercase hex —
    fixed by the bot's secret and a value it could not choose."""
    return sha256(f"{STREAM_TAG}:{seed}:{mixed}".encode()).hexdigest()


def _text(
    data: Mapping[str, Any], key: str, shape: re.Pattern[str], said: str, length: int = 0
) -> str:
    value = data.get(key)
    if not isinstance(value, str) or not shape.fullmatch(value) or length not in {0, len(value)}:
        raise FairnessError(f"'fair.{key}' must be {said}")
    return value

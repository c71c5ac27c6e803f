"""`tablero verify`'s check, pure: a finished record's revealed secret against its commitment, and
every recorded roll against the one its chance stream draws (docs/fairness.md)."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from games.common.errors import ActionParseError, IllegalAction
from games.common.protocol import CHANCE, Node
from games.common.rng import ChanceRng
from games.fairness import commitment_of, stream_seed
from games.records import MatchRecord, RecordError, replay
from games.registry import get_game


class Verdict(enum.Enum):
    """What a record's check found."""

    FAIR = "fair"
    """The secret fits the commitment, and every roll is the stream's."""
    NO_COMMITMENT = "no commitment"
    """A match that began before the bot made commitments: nothing to check."""
    SEALED = "sealed"
    """The record does not reveal the secret (the match was open when it was exported)."""
    UNFAIR = "unfair"
    """The secret does not fit, or a roll differs: `problems` says which."""


@dataclass(frozen=True, slots=True)
class Difference:
    """A recorded roll that is not the one the stream draws at that point."""

    entry: int
    """The roll's place among the record's actions, from 1."""
    recorded: str
    drawn: str


@dataclass(frozen=True, slots=True)
class Checked:
    """A record's check: the verdict, the rolls compared, and what is wrong (empty when fair)."""

    verdict: Verdict
    rolls: int = 0
    problems: tuple[str, ...] = ()
    differences: tuple[Difference, ...] = ()


def verify(record: MatchRecord) -> Checked:
    """Check a record; RecordError when it cannot be replayed at all."""
    fair = record.fair
    if fair is None:
        replay(record)  # a record that is not one is refused, whatever it commits to
        return Checked(Verdict.NO_COMMITMENT)
    if fair.seed is None or fair.salt is None:
        return Checked(Verdict.SEALED)
    problems = []
    if commitment_of(fair.subject, fair.seed, fair.salt) != fair.commitment:
        problems.append("the revealed seed and salt do not give the record's commitment")
    stream = stream_seed(fair.seed, fair.mixed)
    if record.seed != stream:
        problems.append("the record's seed is not the one the secret and the mixed value give")
    differences = _rolls(record, ChanceRng(stream))
    problems += [
        f"action #{d.entry}: recorded {d.recorded!r}, the stream draws {d.drawn!r}"
        for d in differences
    ]
    verdict = Verdict.UNFAIR if problems else Verdict.FAIR
    rolls = sum(1 for entry in record.entries if entry.seat == CHANCE)
    return Checked(verdict, rolls, tuple(problems), differences)


def _rolls(record: MatchRecord, rng: ChanceRng) -> tuple[Difference, ...]:
    """Each recorded roll compared with the stream's draw at its point; the record's roll is
    applied either way, as the match applied it (later draws are indexed by count, so one
    changed roll is reported alone); a roll the record leaves out is the stream's by definition."""
    replay(record)
    spec = get_game(record.game)
    state = spec.new_match(len(record.players), record.options)
    found = []
    for number, entry in enumerate(record.entries, start=1):
        try:
            action = spec.parse_action(entry.action)
            while entry.seat != CHANCE and state.node() is Node.CHANCE:  # a roll left out
                state.apply(CHANCE, state.sample_chance(rng))
            if entry.seat == CHANCE:
                drawn = state.sample_chance(rng).to_text()
                if drawn != entry.action:
                    found.append(Difference(number, entry.action, drawn))
            state.apply(entry.seat, action)
        except (ActionParseError, IllegalAction) as exc:  # replay above accepted it
            raise RecordError(f"action #{number}: {exc}") from None
    return tuple(found)

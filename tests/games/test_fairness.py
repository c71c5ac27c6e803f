"""Provably fair dice, the pure half: the commitment's and the stream's encodings, the check of a
finished record, and every kind of tampering it reports (docs/fairness.md)."""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from games.common import CHANCE, ChanceRng
from games.common.play import play_out
from games.fairness import Fairness, Origin, Secret, commitment_of, stream_seed
from games.keer_kids import HeuristicAI, new_match
from games.kero import KeroAI, KeroState
from games.records import Entry, MatchRecord, Player, RecordError, record_of, replay
from games.verify import Verdict, verify

PLAYERS = (Player("111", "Ana"), Player("ai:1", "Tablero AI"))
EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
SECRET = Secret("lobby-17", "0123456789abcdef" * 2, "fedcba9876543210" * 2)
CLICK = "1312001122334455667"


def fair_record(game: str = "keer-kids", mixed: str = CLICK) -> MatchRecord:
    """A finished match played from the stream the secret and `mixed` give, its secret revealed."""
    fair = Fairness.of(SECRET, mixed, Origin.CLICK)
    seed = stream_seed(SECRET.seed, mixed)
    state: Any
    if game == "kero":
        state = KeroState()
        play_out(state, [KeroAI(), KeroAI()], ChanceRng(seed))
    else:
        state = new_match(2)
        play_out(state, [HeuristicAI()] * 2, ChanceRng(seed))
    record = record_of(game, state, PLAYERS, seed=seed)
    return replace(record, fair=fair)


def test_the_encodings_are_the_documented_texts() -> None:
    text = f"tablero-commit/1:lobby-17:{SECRET.seed}:{SECRET.salt}"
    assert SECRET.commitment == hashlib.sha256(text.encode()).hexdigest()
    assert commitment_of("lobby-17", SECRET.seed, SECRET.salt) == SECRET.commitment
    stream = f"tablero-stream/1:{SECRET.seed}:{CLICK}"
    assert stream_seed(SECRET.seed, CLICK) == hashlib.sha256(stream.encode()).hexdigest()
    # Pinned: a change of encoding would leave every posted commitment unverifiable.
    assert SECRET.commitment == "5c36cca324d9e326115cffb44b6ecaa0a250f835c6274ad5fb022dc56044dde8"
    assert stream_seed(SECRET.seed, CLICK) == (
        "ce9e55781ed352c608a0745b39ef6571924d80853755d8d1341812375282e231"
    )
    assert Fairness.of(SECRET, CLICK, Origin.CLICK).short == SECRET.commitment[:16]


def test_the_commitment_binds_the_subject_seed_and_salt() -> None:
    base = SECRET.commitment
    assert commitment_of("lobby-18", SECRET.seed, SECRET.salt) != base
    assert commitment_of("lobby-17", "1" + SECRET.seed[1:], SECRET.salt) != base
    assert commitment_of("lobby-17", SECRET.seed, "1" + SECRET.salt[1:]) != base


def test_the_mixed_in_value_changes_the_dice() -> None:
    one, other = stream_seed(SECRET.seed, CLICK), stream_seed(SECRET.seed, str(int(CLICK) + 1))
    assert one != other
    sizes = (6, 6, 6)
    draws = [(ChanceRng(one).draw(k, sizes), ChanceRng(other).draw(k, sizes)) for k in range(30)]
    assert sum(a != b for a, b in draws) >= 25  # the same ≈1/216 of the time
    first, second = fair_record(mixed=CLICK), fair_record(mixed=str(int(CLICK) + 1))
    rolls = [[e.action for e in r.entries if e.seat == CHANCE] for r in (first, second)]
    assert rolls[0][:10] != rolls[1][:10]


@pytest.mark.parametrize("game", ["keer-kids", "kero"])
def test_an_untampered_record_verifies_after_a_json_round_trip(game: str) -> None:
    record = MatchRecord.from_json(json.loads(fair_record(game).dumps()))
    checked = verify(record)
    assert checked.verdict is Verdict.FAIR and not checked.problems
    assert checked.rolls == sum(1 for e in record.entries if e.seat == CHANCE) > 5


def tampered_roll(record: MatchRecord) -> tuple[MatchRecord, int, str, str]:
    """The record with one roll changed (the latest whose change still replays): the record,
    the roll's place from 1, the recorded and the drawn action."""
    faces = [f"roll:{a}{b}{c}" for a in "BRGYOP" for b in "BRGYOP" for c in "BRGYOP"]
    rolls = [i for i, e in enumerate(record.entries) if e.seat == CHANCE]
    for index in reversed(rolls):
        old = record.entries[index].action
        for new in faces:
            if new == old:
                continue
            entries = list(record.entries)
            entries[index] = Entry(CHANCE, new)
            tampered = replace(record, entries=tuple(entries))
            try:
                replay(tampered)
            except RecordError:
                continue
            return tampered, index + 1, new, old
    raise AssertionError("no roll of the record can change and still replay")


def test_one_changed_roll_is_reported_alone() -> None:
    tampered, entry, new, old = tampered_roll(fair_record())
    checked = verify(tampered)
    assert checked.verdict is Verdict.UNFAIR
    assert [(d.entry, d.recorded, d.drawn) for d in checked.differences] == [(entry, new, old)]
    assert checked.problems == (f"action #{entry}: recorded {new!r}, the stream draws {old!r}",)


def test_a_changed_seed_or_salt_is_reported() -> None:
    record = fair_record()
    assert record.fair is not None and record.fair.seed is not None
    other = "f" + record.fair.seed[1:]
    checked = verify(replace(record, fair=replace(record.fair, seed=other)))
    assert checked.verdict is Verdict.UNFAIR
    assert "the revealed seed and salt do not give the record's commitment" in checked.problems
    assert "the record's seed is not the one the secret and the mixed value give" in (
        checked.problems
    )
    assert checked.differences  # the rolls the other seed draws differ too
    salted = replace(record, fair=replace(record.fair, salt="0" * 32))
    assert verify(salted).problems == (
        "the revealed seed and salt do not give the record's commitment",
    )
    mixed = replace(record, fair=replace(record.fair, mixed="1"))
    assert verify(mixed).verdict is Verdict.UNFAIR


def test_a_record_without_commitment_says_so_and_replays_as_before() -> None:
    for path in sorted(EXAMPLES.glob("*.json")):
        record = MatchRecord.from_json(json.loads(path.read_text()))
        assert record.fair is None
        assert verify(record).verdict is Verdict.NO_COMMITMENT
        assert "fair" not in record.to_json()


def test_a_sealed_record_holds_no_secret() -> None:
    record = fair_record()
    sealed = record.sealed()
    text = sealed.dumps()
    assert record.fair is not None and record.fair.seed and record.fair.salt and record.seed
    for secret in (record.fair.seed, record.fair.salt, record.seed):
        assert secret not in text
    assert record.fair.commitment in text
    assert verify(MatchRecord.from_json(json.loads(text))).verdict is Verdict.SEALED


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"subject": "match 3"}, "'fair.subject' must be 'lobby-N' or 'command-N'"),
        ({"commitment": "abc"}, "'fair.commitment' must be 64 lowercase hex digits"),
        ({"mixed": "x1"}, "'fair.mixed' must be a Discord id in decimal"),
        ({"origin": "guess"}, "'fair.origin' must be 'click' or 'command'"),
        ({"seed": "12"}, "'fair.seed' must be 32 hex digits"),
        ({"salt": 5}, "'fair.salt' must be 32 hex digits"),
    ],
)
def test_a_malformed_fair_object_is_refused_by_name(change: dict[str, Any], message: str) -> None:
    data = fair_record().to_json()
    data["fair"] = {**data["fair"], **change}
    with pytest.raises(RecordError, match=message.replace("'", ".")):
        MatchRecord.from_json(data)
    with pytest.raises(RecordError, match="'fair' must be an object"):
        MatchRecord.from_json({**data, "fair": [1]})

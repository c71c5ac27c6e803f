"""What `tablero verify` prints for a record's check, and the exit status of each verdict."""

from __future__ import annotations

from typing import Final

from games.fairness import Origin
from games.records import MatchRecord
from games.verify import Checked, Verdict

VERIFY_STATUS: Final = {
    Verdict.FAIR: 0,
    Verdict.UNFAIR: 1,
    Verdict.NO_COMMITMENT: 3,
    Verdict.SEALED: 3,
}
"""A script can tell "checked and fair" (0) from "checked and not" (1) and "nothing to check"
(3); 2 stays `tablero replay`'s "not a record"."""

_ORIGINS: Final = {
    Origin.CLICK: "the click that started the match, after the commitment was shown",
    Origin.COMMAND: "the command that started the match (known to the bot before it committed)",
}


def verdict_lines(record: MatchRecord, checked: Checked) -> list[str]:
    """The check in plain lines, the verdict last."""
    fair = record.fair
    if fair is None or checked.verdict is Verdict.NO_COMMITMENT:
        return [
            "no commitment: this match began before Tablero committed to its dice,"
            " so its rolls cannot be checked (its record still replays)"
        ]
    head = [f"commitment {fair.commitment} (shown as {fair.short}…, on {fair.subject})"]
    if checked.verdict is Verdict.SEALED:
        return [
            *head,
            "sealed: the record does not reveal the seed and salt (the match was open when it"
            " was exported); check it again once the match is over",
        ]
    head.append(f"mixed in: {fair.mixed}, {_ORIGINS[fair.origin]}")
    if checked.verdict is Verdict.UNFAIR:
        return [*head, *(f"DIFFERS: {problem}" for problem in checked.problems), "NOT VERIFIED"]
    return [
        *head,
        "the revealed seed and salt give this commitment",
        f"all {checked.rolls} rolls are the ones the chance stream draws",
        "verified",
    ]

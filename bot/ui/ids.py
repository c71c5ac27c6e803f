"""Component custom_ids: the match (or lobby), the state version and the verb, in ≤ 100 characters.

Buttons and selects keep working after a restart because everything a click needs is in its
custom_id and the database, never in memory. The grammar:

- `tb:<match>:<version>:<verb>[:<arg>]` — a match button (`tb:12:7:keep:1`)
- `tbs:<match>:<version>:<verb>[:<arg>]` — a match select; the chosen value completes the action
- `tbl:<lobby>:<verb>` — a lobby or challenge button (`tbl:4:join`)
- `tbls:<lobby>:<verb>` — a lobby select; the chosen value is the choice (`tbls:4:first`)
- `tbr:<pages>:<index>` — a rules or help paging button (`tbr:kero:2`)
- `tbb:<game>:<scope>:<period>:<page>` — a leaderboard paging button (`tbb:kero:s:a:1`)
- `tbp:<answer>` — the answer to `/privacy delete` (`tbp:forget`, `tbp:keep`)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

MAX_CUSTOM_ID: Final = 100
"""Discord's limit on a component's custom_id."""

BUTTON_PREFIX: Final = "tb:"
SELECT_PREFIX: Final = "tbs:"
LOBBY_PREFIX: Final = "tbl:"
LOBBY_SELECT_PREFIX: Final = "tbls:"
PAGES_PREFIX: Final = "tbr:"
BOARD_PREFIX: Final = "tbb:"


class Verb(StrEnum):
    """Every verb a match component's custom_id carries (`tb:<match>:<version>:<verb>…`). They
    are ids, not words: buttons already posted keep them, so a verb is never renamed."""

    BOARD = "board"
    """📝 Text board, on every match message."""
    LOOK = "look"
    """👁 beside a player's line on a match card: that player's public view (the seat is the
    argument), for anyone."""
    AGREE = "agree"
    REFUSE = "refuse"
    """A player's answer to a request to cancel the match."""
    REMATCH = "rematch"
    SKIP_TURN = "skipturn"
    EXPEL = "expel"
    """Another member's answer to a player whose clock ran out (the seat is the argument)."""
    MORE_TIME = "more"
    """Async play: more time for the members the match waits for, from another player or a
    server manager."""
    ROLL = "roll"
    """Keer: the roller throws the dice."""
    KEEP = "keep"
    """Keer: the roller keeps a die (the die is the argument)."""
    DIE = "die"
    """Keer: where a die can go, for the clicking player."""
    SHEET = "sheet"
    """Keer: the clicking player's own sheet."""
    PICK = "pick"
    """Keer: an enclosure chosen for a die (a select)."""
    MARK = "mark"
    """Keer: a purple die's exclamation mark, a button when it is the die's only choice (the
    die is the argument)."""
    ACT = "act"
    """Kero: the action (a template stamped with the click's time) is the argument."""
    TOGGLE = "tog"
    """Kero: a die marked or unmarked for the next re-roll."""
    CAMP = "camp"
    """Kero: the clicking player's own Tuareks and tiles."""


SECRET: Final = "secret"
"""Kero: the argument of the select of a player's own Tuareks (its values are the actions)."""

LOBBY_VERBS: Final = frozenset(
    {"join", "leave", "ai", "easyai", "hardai", "start", "close", "accept", "decline"}
)
"""`ai` adds a computer at the normal level (as before levels), `easyai` and `hardai` others."""
LOBBY_SELECT_VERBS: Final = frozenset({"first"})
"""`first`: the host chooses the member who plays first (the value is their id)."""

_MATCH_BODY = re.compile(
    r"(?P<match>[1-9][0-9]{0,17}):(?P<version>0|[1-9][0-9]{0,8}):(?P<verb>[a-z]{1,12})"
    r"(?::(?P<arg>[A-Za-z0-9:._@]{1,60}))?"
)
_LOBBY_BODY = re.compile(r"(?P<lobby>[1-9][0-9]{0,17}):(?P<verb>[a-z]{1,12})")
_NUMBER = re.compile(r"-?[0-9]{1,18}")
BUTTON_TEMPLATE: Final = r"tb:(?P<body>.*)"
SELECT_TEMPLATE: Final = r"tbs:(?P<body>.*)"
LOBBY_TEMPLATE: Final = r"tbl:(?P<body>.*)"
LOBBY_SELECT_TEMPLATE: Final = r"tbls:(?P<body>.*)"
"""Match and lobby components take any body on one line and refuse a damaged one in words."""
PAGES_TEMPLATE: Final = r"tbr:(?P<name>[a-z-]{1,20}):(?P<page>[0-9]{1,2})"
"""A rules or help paging button: `tbr:<pages>:<index>`."""
NEW_PAGE_TEMPLATE: Final = PAGES_TEMPLATE + ":new"
"""A "How to play" button (`bot/ui/rules_pages.py`): `tbr:<pages>:<index>:new`."""
LIST_TEMPLATE: Final = r"tbr:matches:(?P<page>[0-9]{1,3}):list"
"""A `/match list` paging button (`bot/ui/matches.py`): `tbr:matches:<page>:list`."""
BOARD_TEMPLATE: Final = (
    r"tbb:(?P<game>[a-z-]{1,20}):(?P<scope>[sg]):(?P<period>[aw]):(?P<page>[0-9]{1,4})"
)
"""A leaderboard paging button: `tbb:<game>:<scope s|g>:<period a|w>:<page>`."""
PRIVACY_TEMPLATE: Final = r"tbp:(?P<verb>forget|keep)"
"""The answer to `/privacy delete` (`bot/cogs/privacy.py`): `tbp:forget` or `tbp:keep`."""
_BOARD = re.compile(BOARD_TEMPLATE)
_PAGES = re.compile(PAGES_TEMPLATE)
_TAKEN = tuple(
    re.compile(template)  # compiled as discord.py compiles a DynamicItem's template
    for template in (
        *(BUTTON_TEMPLATE, SELECT_TEMPLATE, LOBBY_TEMPLATE, LOBBY_SELECT_TEMPLATE),
        *(PAGES_TEMPLATE, NEW_PAGE_TEMPLATE, LIST_TEMPLATE, BOARD_TEMPLATE, PRIVACY_TEMPLATE),
    )
)


class MalformedId(ValueError):
    """A custom_id that is not one Tablero made (damaged, forged, or from an older format)."""


@dataclass(frozen=True, slots=True)
class MatchRef:
    """What a match component says: which match, drawn at which version, and what to do."""

    match_id: int
    version: int
    verb: str
    arg: str | None = None

    def button_id(self) -> str:
        """The custom_id of a button carrying this reference."""
        return _checked(BUTTON_PREFIX + self._body())

    def number(self, default: int) -> int:
        """The number that starts the argument (a seat, a die, a toggle's marks), or `default`
        without an argument; MalformedId when it starts with something else."""
        head = (self.arg or str(default)).split(":")[0]
        if _NUMBER.fullmatch(head) is None:
            raise MalformedId(f"not a number: {head!r}")
        return int(head)

    def select_id(self) -> str:
        """The custom_id of a select carrying this reference."""
        return _checked(SELECT_PREFIX + self._body())

    def _body(self) -> str:
        tail = f":{self.arg}" if self.arg is not None else ""
        return f"{self.match_id}:{self.version}:{self.verb}{tail}"


@dataclass(frozen=True, slots=True)
class LobbyRef:
    """What a lobby or challenge button says: which lobby and what to do."""

    lobby_id: int
    verb: str

    def button_id(self) -> str:
        """The custom_id of the button."""
        return _checked(f"{LOBBY_PREFIX}{self.lobby_id}:{self.verb}")

    def select_id(self) -> str:
        """The custom_id of the select."""
        return _checked(f"{LOBBY_SELECT_PREFIX}{self.lobby_id}:{self.verb}")


def parse_match(body: str) -> MatchRef:
    """The reference in a match custom_id's body (after its prefix); MalformedId if none. The
    verb is checked where it is routed: the generic verbs, then the match's game's."""
    found = _MATCH_BODY.fullmatch(body)
    if found is None:
        raise MalformedId(f"not a match component id: {body!r}")
    return MatchRef(int(found["match"]), int(found["version"]), found["verb"], found["arg"])


def parse_lobby(body: str, verbs: frozenset[str] = LOBBY_VERBS) -> LobbyRef:
    """The reference in a lobby custom_id's body (after its prefix) naming one of `verbs` (a
    button's; a select's are LOBBY_SELECT_VERBS); MalformedId if none."""
    found = _LOBBY_BODY.fullmatch(body)
    if found is None or found["verb"] not in verbs:
        raise MalformedId(f"not a lobby component id: {body!r}")
    return LobbyRef(int(found["lobby"]), found["verb"])


def parse_lobby_select(body: str) -> LobbyRef:
    """The reference in a lobby select's custom_id body; MalformedId if none."""
    return parse_lobby(body, LOBBY_SELECT_VERBS)


def is_ours(custom_id: str) -> bool:
    """Whether one of Tablero's components takes a custom_id (and answers it, refusing a damaged
    body itself): a match or lobby one with any body on one line, a paging one only in its exact
    form. discord.py hands every other id to no component, so the bot refuses it directly."""
    return any(template.fullmatch(custom_id) for template in _TAKEN)


def readable(custom_id: str) -> bool:
    """Whether a custom_id is one Tablero could have made (prefix and body both parse)."""
    parsers: dict[str, Callable[[str], object]] = {
        BUTTON_PREFIX: parse_match,
        SELECT_PREFIX: parse_match,
        LOBBY_PREFIX: parse_lobby,
        LOBBY_SELECT_PREFIX: parse_lobby_select,
    }
    for prefix, parse in parsers.items():
        if custom_id.startswith(prefix):
            try:
                parse(custom_id.removeprefix(prefix))
            except MalformedId:
                return False
            return True
    return _PAGES.fullmatch(custom_id) is not None or _BOARD.fullmatch(custom_id) is not None


def _checked(custom_id: str) -> str:
    if len(custom_id) > MAX_CUSTOM_ID:
        raise ValueError(f"custom_id longer than {MAX_CUSTOM_ID} characters: {custom_id!r}")
    return custom_id

"""Buttons already posted keep working: a sample of every custom_id format Tablero has posted —
match buttons and selects of both games (those carrying action text too, `act:reroll:none`
included), lobbies, rules and help pages, How to play, the match list and leaderboards — is taken
by exactly one of the bot's item classes, reads back as what it says, and names a verb something
answers. Lobby selects (who rolls first) too."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.cogs.ratings import Board, BoardButton
from bot.games import ADAPTERS
from bot.ui.ids import LOBBY_SELECT_VERBS, LOBBY_VERBS, LobbyRef, MatchRef, Verb, is_ours, readable
from bot.ui.items import LobbyButton, LobbySelect, MatchButton, MatchSelect, TableroItem
from bot.ui.match_list import MatchListButton
from bot.ui.rules_pages import HowToPlayButton, RulesButton

ITEMS: tuple[type[TableroItem], ...] = (
    MatchButton,
    MatchSelect,
    LobbyButton,
    LobbySelect,
    RulesButton,
    HowToPlayButton,
    BoardButton,
    MatchListButton,
)
"""Every item class the bot registers (bot/wiring.py binds each to its component)."""
GENERIC = {
    Verb.BOARD,
    Verb.AGREE,
    Verb.REFUSE,
    Verb.REMATCH,
    Verb.SKIP_TURN,
    Verb.EXPEL,
    Verb.MORE_TIME,
}
"""The verbs the click router answers itself, in every game."""

MATCH_BUTTONS = [
    ("tb:12:7:roll", MatchRef(12, 7, "roll")),
    ("tb:12:7:keep:1", MatchRef(12, 7, "keep", "1")),
    ("tb:12:7:die:2", MatchRef(12, 7, "die", "2")),
    ("tb:12:9:mark:1", MatchRef(12, 9, "mark", "1")),
    ("tb:12:7:sheet", MatchRef(12, 7, "sheet")),
    ("tb:12:7:board", MatchRef(12, 7, "board")),
    ("tb:12:7:agree", MatchRef(12, 7, "agree")),
    ("tb:12:7:refuse", MatchRef(12, 7, "refuse")),
    ("tb:12:31:rematch", MatchRef(12, 31, "rematch")),
    ("tb:12:7:skipturn:1", MatchRef(12, 7, "skipturn", "1")),
    ("tb:12:7:more", MatchRef(12, 7, "more")),
    ("tb:12:7:expel:0", MatchRef(12, 7, "expel", "0")),
    ("tb:40:88:act:fuel", MatchRef(40, 88, "act", "fuel")),
    ("tb:40:88:act:die:green", MatchRef(40, 88, "act", "die:green")),
    ("tb:40:88:act:roll@", MatchRef(40, 88, "act", "roll@")),
    ("tb:40:88:act:stop@", MatchRef(40, 88, "act", "stop@")),
    ("tb:40:88:act:reroll:0.3@", MatchRef(40, 88, "act", "reroll:0.3@")),
    ("tb:40:88:act:reroll:none", MatchRef(40, 88, "act", "reroll:none")),
    ("tb:40:88:act:reroll:@", MatchRef(40, 88, "act", "reroll:@")),
    ("tb:40:88:act:end", MatchRef(40, 88, "act", "end")),
    ("tb:40:88:act:hire", MatchRef(40, 88, "act", "hire")),
    ("tb:40:88:act:boss:1:yes", MatchRef(40, 88, "act", "boss:1:yes")),
    ("tb:40:88:tog:5:0", MatchRef(40, 88, "tog", "5:0")),
    ("tb:40:88:camp", MatchRef(40, 88, "camp")),
    ("tb:12:7:look:3", MatchRef(12, 7, "look", "3")),
    ("tb:40:88:look:0", MatchRef(40, 88, "look", "0")),
]
MATCH_SELECTS = [
    ("tbs:12:9:pick:1:0", MatchRef(12, 9, "pick", "1:0")),
    ("tbs:40:88:act:take", MatchRef(40, 88, "act", "take")),
    ("tbs:40:88:act:place", MatchRef(40, 88, "act", "place")),
    ("tbs:40:88:act:tiebreak", MatchRef(40, 88, "act", "tiebreak")),
    ("tbs:40:88:act:secret", MatchRef(40, 88, "act", "secret")),
]
LOBBIES = [(f"tbl:4:{verb}", LobbyRef(4, verb)) for verb in sorted(LOBBY_VERBS)]
LOBBY_SELECTS = [("tbls:4:first", LobbyRef(4, "first"))]
PAGES = [
    ("tbr:kero:2", RulesButton, {"name": "kero", "page": "2"}),
    ("tbr:keer-kids:0", RulesButton, {"name": "keer-kids", "page": "0"}),
    ("tbr:help:1", RulesButton, {"name": "help", "page": "1"}),
    ("tbr:keer-kids:0:new", HowToPlayButton, {"name": "keer-kids", "page": "0"}),
    ("tbr:kero:0:new", HowToPlayButton, {"name": "kero", "page": "0"}),
]


def _taker(custom_id: str) -> type[TableroItem]:
    """The one item class whose template takes the id, as discord.py matches it."""
    takers = [c for c in ITEMS if c.__discord_ui_compiled_template__.fullmatch(custom_id)]
    assert len(takers) == 1, f"{custom_id!r} is taken by {[c.__name__ for c in takers]}"
    return takers[0]


def _read(kind: type[TableroItem], custom_id: str, values: list[str] | None = None) -> Any:
    component: discord.ui.Item[Any]
    if values is None:
        component = discord.ui.Button(label="x", custom_id=custom_id)
    else:
        component = discord.ui.Select(custom_id=custom_id)
        component._values = values  # what discord.py sets from the interaction
    return kind(component).parse(custom_id)


def _answered(verb: str, selects: bool) -> bool:
    """Whether a verb reaches a handler: the router's own, or a game's."""
    tables = [a.selects if selects else a.buttons for a in ADAPTERS.values()]
    return (not selects and verb in GENERIC) or any(verb in table for table in tables)


@pytest.mark.parametrize(("custom_id", "ref"), MATCH_BUTTONS)
def test_a_posted_match_button_still_reads_and_is_answered(custom_id: str, ref: MatchRef) -> None:
    assert is_ours(custom_id) and readable(custom_id)
    assert _taker(custom_id) is MatchButton
    assert _read(MatchButton, custom_id) == ref
    assert ref.button_id() == custom_id, "made today, it is the same id"
    assert _answered(ref.verb, selects=False), f"nothing answers {ref.verb!r}"


@pytest.mark.parametrize(("custom_id", "ref"), MATCH_SELECTS)
def test_a_posted_match_select_still_reads_and_is_answered(custom_id: str, ref: MatchRef) -> None:
    assert is_ours(custom_id) and readable(custom_id)
    assert _taker(custom_id) is MatchSelect
    assert _read(MatchSelect, custom_id, ["cross:1:E3"]) == (ref, ["cross:1:E3"])
    assert ref.select_id() == custom_id
    assert _answered(ref.verb, selects=True), f"nothing answers {ref.verb!r}"


@pytest.mark.parametrize(("custom_id", "ref"), LOBBIES)
def test_a_posted_lobby_button_still_reads(custom_id: str, ref: LobbyRef) -> None:
    assert is_ours(custom_id) and readable(custom_id)
    assert _taker(custom_id) is LobbyButton
    assert _read(LobbyButton, custom_id) == ref and ref.button_id() == custom_id


@pytest.mark.parametrize(("custom_id", "ref"), LOBBY_SELECTS)
def test_a_posted_lobby_select_still_reads(custom_id: str, ref: LobbyRef) -> None:
    assert is_ours(custom_id) and readable(custom_id)
    assert _taker(custom_id) is LobbySelect
    assert _read(LobbySelect, custom_id, ["123"]) == (ref, ["123"])
    assert ref.select_id() == custom_id


def test_a_lobby_button_verb_on_a_select_or_a_select_verb_on_a_button_is_damaged() -> None:
    assert not readable("tbls:4:join") and not readable("tbl:4:first")


@pytest.mark.parametrize(("custom_id", "kind", "groups"), PAGES)
def test_a_posted_page_button_still_reads(
    custom_id: str, kind: type[TableroItem], groups: dict[str, str]
) -> None:
    assert is_ours(custom_id)
    assert _taker(custom_id) is kind
    found = _read(kind, custom_id)
    assert isinstance(found, re.Match) and found.groupdict() == groups


def test_a_posted_list_and_leaderboard_button_still_read() -> None:
    assert _taker("tbr:matches:3:list") is MatchListButton
    assert _read(MatchListButton, "tbr:matches:3:list") == 3
    assert _taker("tbb:kero:s:a:1") is BoardButton
    assert _read(BoardButton, "tbb:keer-kids:g:w:12") == Board("keer-kids", "g", "w", 12)


def test_a_game_shows_look_buttons_exactly_when_it_answers_them() -> None:
    """👁 beside each player's line is offered by a game's UI and answered by its `look`."""
    for adapter in ADAPTERS.values():
        assert (adapter.ui.look_label is not None) == (Verb.LOOK in adapter.buttons), adapter.name


def test_every_verb_today_is_in_the_sample() -> None:
    """A verb added later must join the sample (and keep working once posted)."""
    sampled = {ref.verb for _, ref in [*MATCH_BUTTONS, *MATCH_SELECTS]}
    assert {verb.value for verb in Verb} <= sampled
    assert {ref.verb for _, ref in LOBBIES} == LOBBY_VERBS
    assert {ref.verb for _, ref in LOBBY_SELECTS} == LOBBY_SELECT_VERBS


DISCORD_DOC = Path(__file__).resolve().parents[2] / "docs" / "discord.md"


def test_the_discord_page_names_every_verb_the_ids_module_knows() -> None:
    """docs/discord.md lists the lobby verbs and every match verb exactly as bot/ui/ids.py."""
    text = DISCORD_DOC.read_text()
    lobby_row = next(line for line in text.splitlines() if line.startswith("| `tbl:"))
    documented = set(re.findall(r"`([a-z]+)`", lobby_row.split("|")[2]))
    assert documented == LOBBY_VERBS
    table = text[text.index("Every match verb:") :].split("\n\n")[1]
    verbs = {
        token.split(":")[0]
        for row in table.splitlines()[2:]
        for token in re.findall(r"`([a-z]+(?::[^`]*)?)`", row.split("|")[1])
    }
    assert verbs == {verb.value for verb in Verb}

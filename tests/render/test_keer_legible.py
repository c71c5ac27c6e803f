"""Every Keer op Keer Kids image a player acts on is legible on a phone (issue 30): shown 390 px
wide, every text the renderer draws has an em of at least 11 px, in every language and for 2, 3
and 4 players. The texts are the renderer's own draw calls (render/legibility.py), so a label
drawn in a cached layer or tile, or drawn large and shrunk, is measured as it ends up."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest
from discord import SelectOption
from PIL import Image

from bot.games.keer_kids import picks, ui
from games.common import CHANCE
from games.keer_kids import Cross, Keep, KeerState, Roll, new_match
from games.keer_kids.dice import PURPLE
from games.keer_kids.rules import choice_options
from render import keer_kids as kk
from render import legibility
from render.keer_kids.choice import choice_image
from render.keer_kids.pen import enclosure_name, letters
from tests.render.helpers import keer_states as states
from words import LOCALES, Words, words_for

NAMES = ("Mika 美香 🦁", "Ελένη", "Дмитрий", "سارة")
"""Names in several scripts and an emoji: every font of the fallback chain."""

Render = Callable[[KeerState, Sequence[str], Words], Image.Image]

IMAGES: dict[str, Render] = {
    "sheet": lambda state, names, words: kk.sheet_image(
        state, state.num_players - 1, words=words, name=names[-1]
    ),
    "sheet-for-the-bot": lambda state, names, words: kk.sheet_image(
        state, 0, words=words, name=names[0], scale=1.5
    ),
    "table": lambda state, names, words: kk.table_image(state, names, words=words),
    "strip": lambda state, names, words: kk.strip_image(state, names, words=words),
    "results": lambda state, names, words: kk.results_image(state, names, words=words),
    "choice": lambda state, names, words: choice_image(
        state,
        state.num_players - 1,
        _a_die(state, state.num_players - 1),
        words=words,
        name=names[-1],
    ),
}
"""Each image kind; the sheet also at the scale the bot sends a player's own sheet at."""


def _a_die(state: KeerState, seat: int) -> int:
    """A die the seat may choose now (0 when it may choose none: the sheet is drawn as it is)."""
    return next(iter(state.allowed_dice(seat)), 0)


def drawn_on_phone(kind: str, players: int, words: Words) -> tuple[list[legibility.Drawn], int]:
    """Every text drawn for this kind of image over every state, and the images' width."""
    render = IMAGES[kind]
    names = NAMES[:players]
    with legibility.recording() as drawn:
        widths = {render(state, names, words).width for state in states(players)}
    assert len(widths) == 1, f"{kind}: one width for every state, not {widths}"
    return drawn, widths.pop()


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("kind", IMAGES)
def test_every_text_is_at_least_11_px_high_on_a_phone(kind: str, players: int, locale: str) -> None:
    words = words_for(locale)
    drawn, width = drawn_on_phone(kind, players, words)
    assert len(drawn) >= 10, f"{kind}: the recorder saw {len(drawn)} texts"
    too_small = sorted(
        {(d.text, round(d.on_phone(width), 1)) for d in drawn if d.on_phone(width) < 11}
    )
    assert too_small == [], f"{kind} {width} px wide: {too_small[:12]}"


@pytest.mark.parametrize("kind", ["sheet", "sheet-for-the-bot", "table"])
def test_the_recorder_sees_the_cached_layers_and_the_names(kind: str) -> None:
    words = words_for("nl")
    drawn, _ = drawn_on_phone(kind, 4, words)
    texts = {d.text for d in drawn}
    sheet = new_match(2).sheet
    assert set(letters(sheet, words).values()) <= texts  # the squares of the static layer
    assert any(name in text for name in NAMES for text in texts)


# --- what the image prints is what the bot's options say ---------------------------------------


@pytest.mark.parametrize("locale", LOCALES)
def test_the_bot_s_options_name_what_the_sheet_prints(locale: str) -> None:
    """A pick option names an enclosure ("O3 · olifant · …" in Dutch): the sheet prints that very
    name on the enclosure's first square, and the animals' letters the options use are the
    letters on the squares, the dice and the chips."""
    words = words_for(locale)
    state = new_match(2)
    state.apply(CHANCE, Roll(("blue", "red", PURPLE)))
    state.apply(0, Keep(0))
    with legibility.recording() as drawn:
        kk.sheet_image(state, 1, words=words)
        kk.table_image(state, NAMES[:2], words=words)
        kk.strip_image(state, NAMES[:2], words=words)
    texts = {d.text for d in drawn}
    sheet = state.sheet
    named = {ui.enclosure_label(sheet, e.id, words).split(" · ")[0] for e in sheet.enclosures}
    assert named == {enclosure_name(sheet, e.id, words) for e in sheet.enclosures}
    assert named <= texts
    offered = [
        o.label.split(" — ", 1)[1].split(" · ")[0]
        for d in (1, 2)
        for o in _options(state, 1, d, words)
    ]
    assert offered and set(offered) <= texts
    option_letters = {code.rstrip("0123456789") for code in named}
    assert option_letters == set(letters(sheet, words).values())
    drawn_letters = {t for t in texts if len(t) == 1 and t.isalpha()}
    assert drawn_letters == option_letters
    if locale == "nl":
        assert "O3" in named and "E3" not in texts and "E" not in drawn_letters


def _options(state: KeerState, seat: int, die: int, words: Words) -> list[SelectOption]:
    """The enclosures the bot offers for a die click (bot/games/keer_kids/picks.py)."""
    actions = [a for a in choice_options(state, seat, die) if isinstance(a, Cross)]
    return [picks._option(state.sheet, action, words, "A") for action in actions]

"""The images speak the language they are drawn in: every drawn word comes from the catalogs.

Each image differs between English, Spanish and Dutch; under the pseudo-locale (English with
every letter accented) no text any renderer draws holds a plain ASCII letter, names being made
of other letters; Keer op Keer Kids draws the animals' letters of the language (a Dutch
elephant's squares and enclosures read "O"); the caches keep each language's pieces apart.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from games.common import CHANCE
from games.keer_kids import Cross, Keep, Mark, Roll, new_match
from games.keer_kids.actions import Miss
from games.keer_kids.dice import PURPLE
from games.kero import actions as a
from games.kero.board import Phase
from render import keer_kids as kk
from render import kero, text
from render.keer_kids.pen import enclosure_name, letters
from render.keer_kids.tiles import shared_palette, sheet_sprites
from render.kero.board import PHASE_WORDS
from render.stats import rating_chart_png
from tests.games.kero.helpers import TWO_FLAMES, T, play_turn, roll
from tests.render.helpers import (
    METAL_RECRUIT,
    choosing,
    clear_keer_caches,
    cross,
    in_camp,
    keer_finished,
    kero_finished,
    match,
    mid_game,
    play_roll,
)
from words import LOCALES, PSEUDO, Words, words_for

LANGUAGES = tuple(words_for(locale) for locale in LOCALES)
PSEUDO_WORDS = words_for(PSEUDO)
NAMES = ("Áñà", "Βο", "Çéè", "Ðüñ")
"""Names without an ASCII letter: whatever ASCII letter is drawn came from the code."""
POINTS = [(1_700_000_000_000 + i * 60_000, 25 + i * 0.4, 8.3 * 0.97**i) for i in range(9)]
ASCII_LETTER = re.compile(r"[A-Za-z]")


# --- the images, in a language ---------------------------------------------------------------


def keer_table(words: Words) -> bytes:
    state = new_match(3)
    play_roll(state, ("blue", "red", PURPLE), {0: Cross(0, "P4")})
    return kk.table_png(state, NAMES[:3], words=words)


def keer_results(words: Words) -> bytes:
    return kk.results_png(keer_finished(4), NAMES, words=words)


def keer_sheet(words: Words) -> bytes:
    return kk.sheet_png(keer_finished(2), 0, words=words, name=NAMES[0])


def kero_board(words: Words) -> bytes:
    return kero.board_png(mid_game(), NAMES[:2], words=words, viewer=0)


def kero_dice(words: Words) -> bytes:
    state = match()
    roll(state, T, (*TWO_FLAMES, 0), dice=("green",))
    return kero.dice_png(state, words=words)


def kero_results(words: Words) -> bytes:
    return kero.results_png(kero_finished(), NAMES[:2], words=words)


def chart(words: Words) -> bytes:
    return rating_chart_png(POINTS, title=NAMES[0], subtitle="9", words=words)


IMAGES: dict[str, Callable[[Words], bytes]] = {
    "keer-table": keer_table,
    "keer-results": keer_results,
    "keer-sheet": keer_sheet,
    "kero-board": kero_board,
    "kero-dice": kero_dice,
    "kero-results": kero_results,
    "rating-chart": chart,
}


@pytest.mark.parametrize("image", IMAGES)
def test_every_language_draws_its_own_image(image: str) -> None:
    drawn = [IMAGES[image](words) for words in LANGUAGES]
    assert len(set(drawn)) == len(LANGUAGES)
    assert IMAGES[image](LANGUAGES[0]) == drawn[0]  # each language's cached pieces stay its own


# --- under the pseudo-locale, no plain letter is drawn ---------------------------------------


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every text drawn from now on (every renderer draws through render.text.draw_text), with
    the caches emptied first so that every piece is drawn again."""
    shared_palette()  # fitted to the English sheet once: colours, not words
    clear_keer_caches()
    shared_palette()
    kero.clear_caches()
    texts: list[str] = []
    original = text.draw_text

    def recording(image: Any, xy: Any, words: str, *args: Any, **kwargs: Any) -> None:
        texts.append(words)
        original(image, xy, words, *args, **kwargs)

    monkeypatch.setattr(text, "draw_text", recording)
    yield texts


def keer_states() -> list[tuple[Any, int]]:
    """Tables at every step a roll goes through, and finished matches (with players count)."""
    fresh = new_match(3)
    keeping = new_match(2)
    keeping.apply(CHANCE, Roll(("blue", "red", PURPLE)))
    marked = new_match(2)
    cross(marked, {1: "C4"})
    play_roll(marked, (PURPLE, PURPLE, PURPLE), {1: Mark(0), 0: Mark(1, "C4")})
    missed = new_match(2)
    missed.apply(CHANCE, Roll((PURPLE, PURPLE, PURPLE)))
    missed.apply(0, Keep(0))
    missed.apply(0, Mark(0))
    missed.apply(1, Miss())
    return [
        (fresh, 3),
        (keeping, 2),
        (choosing(Cross(1, "E3")), 2),
        (marked, 2),
        (missed, 2),
        (keer_finished(3), 3),
        (keer_finished(4, 7), 4),
    ]


def kero_states() -> list[Any]:
    """Boards at every phase a turn goes through, in both variants."""
    boss = match("boss")
    roll(boss, T, METAL_RECRUIT)
    boss.apply(boss.active, a.Stop(T + 1_000))
    boss.apply(boss.active, a.Place(2, boss=True))
    chosen = match()
    chosen.apply(chosen.active, a.AddDie("blue"))
    throwing = match()
    roll(throwing, T, (*TWO_FLAMES, 0), dice=("green",))
    throwing.apply(throwing.active, a.Reroll((5,), T + 500))
    shared = match(claim_draws=(1, 3, 5))
    play_turn(shared, T, TWO_FLAMES, stop_after=1_000)
    play_turn(shared, T + 10_000, TWO_FLAMES, stop_after=2_000)
    play_turn(shared, T + 20_000, TWO_FLAMES, stop_after=1_000)
    return [
        match(),
        in_camp(),
        boss,
        chosen,
        throwing,
        mid_game(),
        mid_game(seed=2, turns=6),
        kero_finished(),
        shared,
    ]


def plain(texts: list[str], names: tuple[str, ...] = NAMES) -> list[str]:
    """The texts with a plain ASCII letter once the players' names are taken out."""
    found = set()
    for text_drawn in texts:
        rest = text_drawn
        for name in names:
            rest = rest.replace(name, "")
        if ASCII_LETTER.search(rest):
            found.add(rest)
    return sorted(found)


def test_the_pseudo_locale_leaves_no_plain_letter_in_any_image(drawn: list[str]) -> None:
    w = PSEUDO_WORDS
    for state, players in keer_states():
        kk.table_png(state, NAMES[:players], words=w)
        kk.results_png(state, NAMES[:players], words=w)
        kk.sheet_png(state, players - 1, words=w)  # no name: "Player N" in words
        kk.sheet_png(state, 0, words=w, name=NAMES[0], scale=1.5)
        kk.table_png(state, [], words=w)
        kk.strip_png(state, NAMES[:players], words=w)
        kk.strip_png(state, [], words=w)
    for state in kero_states():
        for viewer in (None, 0, 1):
            kero.board_png(state, NAMES[:2], words=w, viewer=viewer)
            kero.board_png(state, [], words=w, viewer=viewer)
        kero.dice_png(state, NAMES[:2], words=w)
        kero.results_png(state, NAMES[:2], words=w)
        kero.results_png(state, [], words=w)
    rating_chart_png(POINTS, title=NAMES[0], subtitle="9", words=w)
    rating_chart_png(POINTS[:1], title=NAMES[1], words=w)
    rating_chart_png([], title=NAMES[2], words=w)
    assert len(set(drawn)) > 200, "the recorder saw too little: is every text drawn through it?"
    assert plain(drawn) == []


def test_the_recorder_sees_every_plain_word(drawn: list[str]) -> None:
    english = ("Ann", "Bob")
    kk.table_png(new_match(2), english, words=words_for("en"))
    assert "Ann" in drawn and "Bob" in drawn  # names drawn alone
    assert plain(drawn, english) and "penguin" in plain(drawn, english)
    drawn.clear()
    kk.table_png(new_match(2), english, words=PSEUDO_WORDS)
    kk.strip_png(new_match(2), english, words=PSEUDO_WORDS)
    assert any("Ann" in t for t in drawn) and plain(drawn, english) == []


# --- the animals' letters follow the language --------------------------------------------------


def test_dutch_sheets_carry_the_dutch_animals_letters(drawn: list[str]) -> None:
    dutch, english = words_for("nl"), words_for("en")
    sheet = new_match(2).sheet
    assert dict(letters(sheet, english)) == {a.letter: a.letter for a in sheet.animals}
    assert dict(letters(sheet, dutch)) == {"P": "P", "E": "O", "C": "K", "L": "L", "M": "A"}
    assert enclosure_name(sheet, "E3", dutch) == "O3"
    assert enclosure_name(sheet, "E3", english) == "E3"
    state = new_match(2)
    play_roll(state, ("red", "blue", PURPLE), {0: Cross(0, "E3")})
    kk.table_png(state, NAMES[:2], words=dutch)
    assert "kruiste O3 af" in drawn
    assert {"O", "K", "A"} <= set(drawn) and "E" not in drawn and "M" not in drawn


def test_sprites_are_cached_per_language() -> None:
    sheet = new_match(2).sheet
    english, dutch = (sheet_sprites(sheet, kk.TABLE_SCALE, words_for(c)) for c in ("en", "nl"))
    assert english is not dutch
    assert english.base.tobytes() != dutch.base.tobytes()
    assert sheet_sprites(sheet, kk.TABLE_SCALE, words_for("en")) is english


def test_every_kero_phase_has_words_in_every_language() -> None:
    assert set(PHASE_WORDS) == set(Phase)
    for words in (*LANGUAGES, PSEUDO_WORDS):
        assert all(words.has(key) for key in PHASE_WORDS.values())

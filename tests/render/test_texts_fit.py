"""Every text the renderers draw fits: inside its image, inside the room its layout gave it, and
whole — only a player's name may be cut short, never a game word a player must read. Checked from
the renderer's own draw calls (render/legibility.py records each text's box, its image's size and
its room, and every text cut short), over each image of both games at several points of a played
match, in English, Spanish and Dutch, with long names in several scripts."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import product

import pytest
from PIL import Image

from games.kero import actions as a
from games.kero.components import default_components
from games.kero.state import KeroState
from render import keer_kids as kk
from render import kero, legibility
from render.legibility import across
from render.text import draw_text, fit, fit_names, shorten, text_width
from tests.games.kero.helpers import BLUE_EXPLORER, METAL, RECRUIT, WHEAT, T, roll, stop
from tests.render.helpers import KERO_POINTS, keer_states, kero_finished, match
from words import LOCALES, Words, words_for

NAMES = (
    "Zoë Ångström-Bartholomäus de la Peña Ñúñez",
    "Александра Константиновна Рождественская",
    "عبد الرحمن بن محمد الفاروقي الهاشمي",
    "山田太郎と佐藤花子の物語の主人公",
    "रामचन्द्र विश्वनाथ शर्मा त्रिपाठी",
)
"""Long names: Latin with diacritics, Cyrillic, Arabic, CJK, Devanagari."""


def names_for(players: int, turn: int) -> tuple[str, ...]:
    """`players` of the long names, starting at a different one on each turn of the caller."""
    return tuple(NAMES[(turn + i) % len(NAMES)] for i in range(players))


def misfits(draw: Callable[[], object], names: Sequence[str]) -> list[str]:
    """What a render draws outside its image or its room, and what it cuts that is no name."""
    with legibility.recording() as drawn:
        draw()
    spills = [f"{d.text!r} spills {', '.join(d.overflow())}" for d in drawn if d.overflow()]
    cuts = [f"{c.text!r} cut to {c.shown!r}" for c in drawn.cuts if c.text not in names]
    assert any(d.room is not None for d in drawn), "the recorder saw no room"
    return sorted(set(spills + cuts))


# --- Kero ---------------------------------------------------------------------------------------


def _owed(variant: str) -> KeroState:
    """In camp with a free Explorer to place (the blue die's Explorer) and four resources."""
    state = match(variant)
    roll(state, T, (WHEAT, METAL, RECRUIT, 0, 0, BLUE_EXPLORER), dice=("blue",))
    stop(state, T + 1_000)
    return state


def _fuelling(variant: str) -> KeroState:
    state = match(variant)
    state.apply(state.active, a.FuelUp())
    return state


KERO = {
    **KERO_POINTS,
    "fuelling": _fuelling,
    "a free Explorer owed": _owed,
    "finished": lambda variant: kero_finished(),
}


def _kero_images(
    state: KeroState, names: Sequence[str], words: Words
) -> list[Callable[[], object]]:
    return [
        lambda: kero.board_image(state, names, words=words, viewer=state.active),
        lambda: kero.board_image(state, names, words=words, viewer=None),
        lambda: kero.dice_image(state, names, words=words),
        lambda: kero.results_image(state, names, words=words),
    ]


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("variant", ["base", "boss"])
def test_every_kero_text_fits(variant: str, locale: str) -> None:
    words = words_for(locale)
    found: dict[str, list[str]] = {}
    for turn, (point, reach) in enumerate(KERO.items()):
        state, names = reach(variant), names_for(2, turn)

        def draw(state: KeroState = state, names: Sequence[str] = names) -> None:
            for image in _kero_images(state, names, words):
                image()

        if bad := misfits(draw, names):
            found[point] = bad
    assert found == {}


# --- Keer op Keer Kids ------------------------------------------------------------------------


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_keer_text_fits(players: int, locale: str) -> None:
    words = words_for(locale)
    names = names_for(players, players)

    def draw() -> None:
        for state in keer_states(players):
            kk.table_image(state, names, words=words)
            kk.strip_image(state, names, words=words)
            kk.sheet_image(state, players - 1, words=words, name=names[-1])
            kk.sheet_image(state, 0, words=words, name=names[0], scale=1.5)
            kk.results_image(state, names, words=words)

    assert misfits(draw, names) == []


# --- the check itself, and the helpers it relies on ---------------------------------------------


def test_the_check_sees_a_text_past_its_room_or_its_image_and_a_cut_word() -> None:
    def draw() -> Image.Image:
        image, white = Image.new("RGB", (300, 120)), (255, 255, 255)
        draw_text(image, (10, 10), "Ontdekkingsreiziger", 24, white, room=across(0, 120))
        draw_text(image, (250, 40), "Explorador", 24, white)
        draw_text(image, (10, 70), shorten("Ontdekkingsreiziger", 18, 90), 18, white)
        draw_text(image, (10, 92), shorten("Ana Bartholomäus", 18, 60), 18, white)
        return image

    found = misfits(draw, ["Ana Bartholomäus"])
    assert len(found) == 3
    assert found[0].startswith("'Explorador' spills right of the image by ")
    assert found[1].startswith("'Ontdekkingsreiziger' cut to 'Ontdekk")
    assert found[2].startswith("'Ontdekkingsreiziger' spills right of its room by ")


def test_fit_wraps_then_shrinks_but_never_under_the_floor() -> None:
    assert fit("1 free Explorer to place", 18, 400, floor=17).lines == ("1 free Explorer to place",)
    two = fit("1 gratis ontdekkingsreiziger te plaatsen", 18, 260, floor=17, lines=2)
    assert len(two.lines) == 2 and two.size == 18
    word = fit("Ontdekkingsreiziger", 18, 170, floor=17)
    assert word.lines == ("Ontdekkingsreiziger",) and word.size == 17
    assert text_width("Ontdekkingsreiziger", 17) <= 170
    with legibility.recording() as drawn:
        squeezed = fit("Ontdekkingsreiziger", 18, 100, floor=17)
    assert squeezed.size == 17 and squeezed.line.endswith("…")
    assert [c.text for c in drawn.cuts] == ["Ontdekkingsreiziger"]


def test_fit_names_cuts_only_the_names() -> None:
    def say(shown: Sequence[str]) -> str:
        return f"Waiting for {' and '.join(shown)} to choose"

    long = ["Александра Константиновна", "Zoë Ångström-Bartholomäus"]
    text = fit_names(say, long, 24, 420)
    assert text.startswith("Waiting for ") and text.endswith(" to choose")
    assert text_width(text, 24) <= 420 and text.count("…") == 2
    assert fit_names(say, ["Ana", "Bo"], 24, 420) == "Waiting for Ana and Bo to choose"
    short_first = fit_names(say, ["Ana", long[1]], 24, 420)
    assert "Ana and Zoë" in short_first and short_first.count("…") == 1


def test_the_floor_is_legible_on_a_phone() -> None:
    for width in (600, 800, 1200):
        floor = legibility.floor_size(width)
        assert floor * legibility.PHONE_WIDTH / width >= legibility.MIN_PHONE_EM
        assert (floor - 1) * legibility.PHONE_WIDTH / width < legibility.MIN_PHONE_EM


@pytest.mark.parametrize("locale", LOCALES)
def test_every_card_territory_and_badge_fits(locale: str) -> None:
    """Every face the row and the New Territories can show, not only those a match dealt."""
    words, box = words_for(locale), default_components()

    def draw() -> None:
        for card in box.cards_by_id.values():
            if card.colour:
                kero.card_face(box, card.id, words)
        for territory in box.territories:
            kero.territory_tile(box, territory.id, words)
        for seat, boss, placed in product((0, 1), (False, True), (0, 1, 2)):
            kero.explorer_badge(seat, 7, boss, placed, words)

    assert misfits(draw, ()) == []
